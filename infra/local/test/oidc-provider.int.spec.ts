import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoPassword } from '../src/demo-world';
import { startOidcProvider, type RunningOidcProvider } from '../src/oidc-provider';
import { createBrowser, nextLocation, submitLogin } from '../src/testing';

const redirectUri = 'http://127.0.0.1:9/api/callback';
const oidcClient = {
  clientId: 'gateway',
  clientSecret: 'test-secret',
  redirectUris: [redirectUri],
  postLogoutRedirectUris: ['http://127.0.0.1:9/'],
};
const atCallback = (url: URL) => url.toString().startsWith(redirectUri);

let provider: RunningOidcProvider;
let config: client.Configuration;

beforeAll(async () => {
  provider = await startOidcProvider({ port: 0, clients: [oidcClient], accounts: demoAccounts });
  config = await client.discovery(new URL(provider.issuer), oidcClient.clientId, oidcClient.clientSecret, undefined, {
    execute: [client.allowInsecureRequests],
  });
});
afterAll(() => provider.close());

/** Starts an authorization request; answers the page the browser lands on and the checks for the code. */
const startSignIn = async (parameters: Record<string, string> = {}) => {
  const browser = createBrowser();
  const pkceCodeVerifier = client.randomPKCECodeVerifier();
  const expectedState = client.randomState();
  const expectedNonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(pkceCodeVerifier),
    code_challenge_method: 'S256',
    state: expectedState,
    nonce: expectedNonce,
    ...parameters,
  });
  const hops = await browser.follow(url.toString(), {}, atCallback);
  return { browser, hops, checks: { pkceCodeVerifier, expectedState, expectedNonce } };
};

const signIn = async (login: string, password: string) => {
  const { browser, hops, checks } = await startSignIn();
  const after = await submitLogin(browser, hops.at(-1)!, { login, password }, atCallback);
  return { after, checks };
};

describe('When a client discovers the local provider', () => {
  it('should describe a code flow with S256 PKCE, the profile scopes and RP-initiated logout', () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(provider.issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(['S256']);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(metadata.end_session_endpoint).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});

describe('When a demo account signs in with the demo password', () => {
  it("should show the product's sign-in page: labelled email and password, nothing from another host, no debug", async () => {
    const { hops } = await startSignIn();
    const page = hops.at(-1)!.body;
    expect(page).toContain('<h1>Discount Manager</h1>');
    expect(page).toContain('<label for="login">Email</label>');
    expect(page).toMatch(/<input id="login" name="login" type="email"/);
    expect(page).toContain('<label for="password">Password</label>');
    expect(page).toMatch(/<input id="password" name="password" type="password"/);
    expect(page).not.toMatch(/(src|href)="https?:/);
    expect(page).not.toMatch(/debug|Enter any login|Cancel/i);
  });

  it('should issue, for code + PKCE, an ID token with the email and the profile claims', async () => {
    const { after, checks } = await signIn('Manager@Demo.test', demoPassword);
    const callback = nextLocation(after);
    expect(callback?.toString()).toMatch(/^http:\/\/127\.0\.0\.1:9\/api\/callback\?code=/);
    const tokens = await client.authorizationCodeGrant(config, callback!, checks);
    expect(tokens.claims()).toMatchObject({
      sub: 'manager@demo.test',
      email: 'manager@demo.test',
      email_verified: true,
      given_name: 'Max',
      family_name: 'Manager',
    });
  });

  it('should refuse the code when the PKCE verifier does not match', async () => {
    const { after, checks } = await signIn('user@demo.test', demoPassword);
    const wrong = { ...checks, pkceCodeVerifier: client.randomPKCECodeVerifier() };
    await expect(client.authorizationCodeGrant(config, nextLocation(after)!, wrong)).rejects.toThrow();
  });
});

describe('When someone types a wrong password', () => {
  it('should show the login form again with an error and issue no code', async () => {
    const { after } = await signIn('admin@demo.test', 'not-demo');
    expect(after.at(-1)!.response.status).toBe(200);
    const page = after.at(-1)!.body;
    expect(page).toContain('role="alert">Wrong email or password. Check both and try again.</p>');
    expect(page).toContain('value="admin@demo.test" aria-invalid="true" aria-describedby="sign-in-error"');
    expect(nextLocation(after)).toBeNull();
  });
});

describe('When an email that is not a demo account signs in with the demo password', () => {
  it('should sign them in at the provider, so the app can refuse them itself', async () => {
    const { after, checks } = await signIn('stranger@demo.test', demoPassword);
    const tokens = await client.authorizationCodeGrant(config, nextLocation(after)!, checks);
    expect(tokens.claims()).toMatchObject({ email: 'stranger@demo.test', given_name: 'Stranger' });
  });
});

describe('When a client asks without PKCE', () => {
  it('should refuse the authorization request', async () => {
    const browser = createBrowser();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: redirectUri, scope: 'openid', state: 's' });
    const hops = await browser.follow(url.toString(), {}, atCallback);
    expect(nextLocation(hops)?.searchParams.get('error')).toBe('invalid_request');
  });
});
