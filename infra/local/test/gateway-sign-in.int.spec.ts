import { sessionCookieName } from '@dm/server-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBrowser, nextLocation, submitLogin } from '../src/testing';
import { signIn } from './support/sign-in';
import { startStack, type Stack } from './support/stack';

const cookieName = sessionCookieName(false);
let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
  await stack.commands.grantPermission(
    { email: 'manager@demo.test', permissionLevel: 'manager', brandIds: [1] },
    stack.systemActor,
  );
  await stack.projectors.waitForIdle();
});
afterAll(() => stack.stop());

const eventsOf = async (type: string) =>
  (
    await stack.db.pool.query<{ data: Record<string, unknown>; metadata: Record<string, unknown> }>(
      'SELECT data, metadata FROM es.events WHERE type = $1 ORDER BY global_position',
      [type],
    )
  ).rows;

describe('When a person with a permission signs in', () => {
  it('should land on the app with an HttpOnly, SameSite=Lax session cookie and see who they are', async () => {
    const { browser, hops, landed } = await signIn(stack.publicUrl, 'manager@demo.test');
    expect(landed.url).toBe(`${stack.publicUrl}/`);
    expect(landed.body).toContain('<div id="root">');
    const callback = hops.find((h) => h.url.includes('/api/callback'))!;
    const setCookie = callback.response.headers.getSetCookie().find((c) => c.startsWith(`${cookieName}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    const me = await browser.request(`${stack.publicUrl}/api/auth/user`, { headers: { accept: 'application/json' } });
    expect(me.response.status).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ firstName: 'Max', lastName: 'Manager', permissionLevel: 'manager' });
  });

  it('should record a UserSignedIn event with the profile and the auth type', async () => {
    const signedIn = await eventsOf('UserSignedIn');
    expect(signedIn[0]?.data).toMatchObject({
      email: 'manager@demo.test',
      firstName: 'Max',
      lastName: 'Manager',
      profileImageUrl: null,
      authType: 'slack',
    });
  });

  it('should end the previous session when the same browser signs in again', async () => {
    const { browser } = await signIn(stack.publicUrl, 'manager@demo.test');
    const first = browser.cookie(stack.publicUrl, cookieName)!;
    await signIn(stack.publicUrl, 'manager@demo.test', { browser });
    const second = browser.cookie(stack.publicUrl, cookieName)!;
    expect(second).not.toBe(first);
    const stale = createBrowser();
    stale.setCookie(stack.publicUrl, cookieName, first);
    expect((await stale.request(`${stack.publicUrl}/api/auth/user`)).response.status).toBe(401);
  });
});

describe('When a person without a permission signs in', () => {
  it('should show the no-access page, set no session, and record the refusal', async () => {
    const { browser, landed } = await signIn(stack.publicUrl, 'stranger@demo.test');
    expect(landed.url).toBe(`${stack.publicUrl}/api/no-access`);
    expect(landed.response.status).toBe(403);
    expect(landed.body).toContain('No access — ask an administrator');
    expect(landed.body).toContain('href="/"');
    expect(browser.cookie(stack.publicUrl, cookieName)).toBeUndefined();
    const refused = await eventsOf('SignInRefused');
    expect(refused.map((e) => e.data)).toContainEqual(
      expect.objectContaining({ email: 'stranger@demo.test', reason: 'no permission row' }),
    );
  });
});

describe('When a signed-in person logs out', () => {
  it('should end the session, clear the cookie and send the browser to the provider to sign out there too', async () => {
    const { browser } = await signIn(stack.publicUrl, 'manager@demo.test');
    const old = browser.cookie(stack.publicUrl, cookieName)!;
    const logout = await browser.request(`${stack.publicUrl}/api/logout`);
    expect(logout.response.status).toBe(303);
    const target = nextLocation([logout])!;
    expect(target.origin).toBe(new URL(stack.provider.issuer).origin);
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${stack.publicUrl}/`);
    expect(target.searchParams.get('id_token_hint')).toBeTruthy();
    expect(browser.cookie(stack.publicUrl, cookieName)).toBeUndefined();

    const replay = createBrowser();
    replay.setCookie(stack.publicUrl, cookieName, old);
    expect((await replay.request(`${stack.publicUrl}/api/auth/user`)).response.status).toBe(401);
  });
});

describe('When sign-in starts from a deep link', () => {
  it('should return to that page afterwards', async () => {
    const { landed } = await signIn(stack.publicUrl, 'manager@demo.test', { returnTo: '/discounts/7/codes?page=2' });
    expect(landed.url).toBe(`${stack.publicUrl}/discounts/7/codes?page=2`);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', '/api/logout'])(
    'should refuse the foreign or unsafe returnTo %s and land on /',
    async (returnTo) => {
      const { landed } = await signIn(stack.publicUrl, 'manager@demo.test', { returnTo });
      expect(landed.url).toBe(`${stack.publicUrl}/`);
    },
  );
});

describe('When the answer from the provider is not one we asked for', () => {
  it('should show an error page with a way to try again and start no session', async () => {
    const browser = createBrowser();
    const toForm = await browser.follow(`${stack.publicUrl}/api/login`);
    const hops = await submitLogin(
      browser,
      toForm.at(-1)!,
      { login: 'manager@demo.test', password: 'demo' },
      (url) => url.pathname === '/api/callback',
    );
    const callback = nextLocation(hops)!;
    callback.searchParams.set('state', 'tampered');
    const answer = await browser.request(callback.toString());
    expect(answer.response.status).toBe(400);
    expect(answer.response.headers.get('content-type')).toMatch(/text\/html/);
    expect(answer.body).toContain('Sign-in did not work');
    expect(answer.body).toContain('href="/api/login"');
    expect(answer.body).not.toMatch(/at .*\.ts:\d+/);
    expect(browser.cookie(stack.publicUrl, cookieName)).toBeUndefined();
  });

  it('should show the error page when the provider reports an error for an unknown state', async () => {
    const answer = await createBrowser().request(`${stack.publicUrl}/api/callback?state=unknown&error=access_denied`);
    expect(answer.response.status).toBe(400);
    expect(answer.body).toContain('Try again');
  });

  it('should show the error page when the answer has no state at all', async () => {
    const answer = await createBrowser().request(`${stack.publicUrl}/api/callback?code=abc`);
    expect(answer.response.status).toBe(400);
    expect(answer.body).toContain('Sign-in did not work');
  });
});
