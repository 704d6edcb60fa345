// The topology test's OpenID provider host: the local provider over HTTPS on this host's address (the gateway
// accepts plain HTTP from a loopback provider only), with a certificate from the test's own authority.
import { readFileSync } from 'node:fs';
import { demoAccounts } from '../../../src/demo-world';
import { demoOidcClient, startOidcProvider } from '../../../src/oidc-provider';
import { announceReady, setting, stopOnSigterm } from './ready';

const provider = await startOidcProvider({
  port: Number(setting('PORT')),
  host: setting('HOST_ADDRESS'),
  issuer: setting('OIDC_ISSUER'),
  tls: { key: readFileSync(setting('TLS_KEY_FILE'), 'utf8'), cert: readFileSync(setting('TLS_CERT_FILE'), 'utf8') },
  clients: [demoOidcClient(setting('PUBLIC_URL'))],
  accounts: demoAccounts,
});
stopOnSigterm(provider.close);
announceReady({ issuer: provider.issuer });
