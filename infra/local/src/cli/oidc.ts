// `pnpm --filter @dm/local oidc`: the local OpenID provider with the demo accounts, on its own (the compose
// topology's stand-in for the company's provider). Never expose it beyond the machine it runs on.
import { parseEnv } from '@dm/server-kit';
import { z } from 'zod';
import { demoAccounts } from '../demo-world';
import { demoOidcClient, startOidcProvider } from '../oidc-provider';

const env = parseEnv(
  z.object({
    OIDC_PORT: z.coerce.number().int().min(1).max(65535).default(3003),
    PUBLIC_URL: z.url().default('http://localhost:3000'),
  }),
);
const provider = await startOidcProvider({
  port: env.OIDC_PORT,
  issuer: `http://localhost:${env.OIDC_PORT}`,
  clients: [demoOidcClient(env.PUBLIC_URL)],
  accounts: demoAccounts,
});
console.log(`Local OpenID provider at ${provider.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => void provider.close().then(() => process.exit(0)));
