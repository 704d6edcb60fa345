import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { demoPassword } from './demo-world';
import { loginPage, messagePage } from './oidc-login-page';
import { claimsFor, normalizeLogin, passwordMatches, type OidcAccount } from './oidc-accounts';

export { type OidcAccount } from './oidc-accounts';

export interface OidcClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly redirectUris: readonly string[];
  readonly postLogoutRedirectUris: readonly string[];
}

export interface OidcProviderOptions {
  /** 0 picks a free port. */
  readonly port: number;
  readonly host?: string;
  /** Serve HTTPS with this key and certificate (PEM): a provider other hosts reach, as a real one is reached. */
  readonly tls?: { readonly key: string; readonly cert: string };
  /** Defaults to `http(s)://127.0.0.1:<port>` (known once listening, so port 0 works). */
  readonly issuer?: string;
  readonly clients: readonly OidcClient[];
  readonly accounts: readonly OidcAccount[];
  /** The one password every account has; the demo's is 'demo'. */
  readonly password?: string;
}

export interface RunningOidcProvider {
  readonly issuer: string;
  readonly port: number;
  readonly close: () => Promise<void>;
}

/** The gateway as a client of the local provider. The secret is not a secret: this is local only. */
export const demoOidcClient = (publicUrl: string): OidcClient => {
  const base = publicUrl.replace(/\/+$/, '');
  return {
    clientId: 'discount-manager-local',
    clientSecret: 'local-only-not-a-secret',
    redirectUris: [`${base}/api/callback`],
    postLogoutRedirectUris: [`${base}/`],
  };
};

const readForm = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 16 * 1024) throw new Error('form too large');
    chunks.push(chunk as Buffer);
  }
  const fields = parseQuery(Buffer.concat(chunks).toString('utf8'));
  const field = (name: string) => (typeof fields[name] === 'string' ? fields[name] : '');
  return { fields, field };
};

const configuration = (options: OidcProviderOptions): Configuration => {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    clients: options.clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: [...c.redirectUris],
      post_logout_redirect_uris: [...c.postLogoutRedirectUris],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [{ ...privateKey.export({ format: 'jwk' }), kid: 'local', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'picture'] },
    // Our client reads the profile from the ID token, as most company providers put it there.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      // Our own sign-in page (oidc-login-page.ts) instead of the library's developer pages.
      devInteractions: { enabled: false },
      // The person already confirmed logging out in our app: end the provider session without asking again.
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx, form) => {
          ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Signing out</title></head>
<body onload="document.forms[0].submit()">${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript>Press the button to finish signing out.</noscript></body></html>`;
        },
      },
    },
    findAccount: (_ctx, sub) => {
      const claims = claimsFor(options.accounts, sub);
      return claims ? { accountId: claims.sub, claims: () => claims } : undefined;
    },
    // Registered clients are first-party (our own gateway): consent is implied, so no consent screen.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = messagePage('Sign-in did not work', String(out.error_description ?? out.error));
    },
    ttl: {
      Session: 8 * 3600,
      Interaction: 600,
      Grant: 8 * 3600,
      AuthorizationCode: 60,
      IdToken: 3600,
      AccessToken: 600,
    },
  };
};

/**
 * The local OpenID provider (ARCHITECTURE §5): `oidc-provider` with its in-memory adapter, so everything
 * (sessions, codes, grants, keys) is lost on restart. Local only: never expose it beyond localhost.
 * The sign-in page is ours (oidc-login-page.ts): GET shows it, POST checks the password and finishes the
 * interaction, or shows the page again with the refusal.
 */
export const startOidcProvider = async (options: OidcProviderOptions): Promise<RunningOidcProvider> => {
  const password = options.password ?? demoPassword;
  let handle: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = options.tls
    ? https.createServer(options.tls, (req, res) => handle(req, res))
    : http.createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = options.issuer ?? `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  const provider = new Provider(issuer, configuration(options));
  const callback = provider.callback();

  const accounts = options.accounts.map((a) => a.email).join(', ');
  const hint = `Local accounts: ${accounts}${password === demoPassword ? `, password ${demoPassword}` : ''}.`;
  const sendPage = (res: http.ServerResponse, status: number, html: string) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  };

  const showLogin = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const { uid, prompt } = await provider.interactionDetails(req, res);
    if (prompt.name !== 'login') throw new Error(`unexpected prompt ${prompt.name}`);
    sendPage(res, 200, loginPage({ uid, hint }));
  };

  const checkLogin = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const { uid } = await provider.interactionDetails(req, res);
    const { field } = await readForm(req);
    const email = normalizeLogin(field('login'));
    if (!email || !passwordMatches(field('password'), password)) {
      const error = email ? 'Wrong email or password. Check both and try again.' : 'Enter your email address.';
      return sendPage(res, 200, loginPage({ uid, login: field('login'), error, hint }));
    }
    await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
  };

  handle = (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    if (!/^\/interaction\/[^/]+$/.test(url.pathname)) {
      void callback(req, res);
      return;
    }
    const step = req.method === 'POST' ? checkLogin(req, res) : showLogin(req, res);
    step.catch(() => {
      if (res.headersSent) return res.end();
      sendPage(res, 400, messagePage('This sign-in has expired', 'Go back to Discount Manager and sign in again.'));
    });
  };

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
