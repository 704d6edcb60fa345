import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp as buildCommandApi } from '@dm/command-api/build-app';
import { createCommandBus, systemActor } from '@dm/command-api/commands';
import { chainUpcasters, createPostgresEventStore } from '@dm/event-store';
import { upcasters } from '@dm/events';
import { buildApp as buildGateway } from '@dm/gateway/build-app';
import { freePort } from '@dm/postgres';
import { createTestDatabase } from '@dm/postgres/testing';
import { buildApp as buildQueryApi } from '@dm/query-api/build-app';
import { pino } from 'pino';
import { projections, startProjectors } from '@dm/projectors';
import { demoAccounts } from '../../src/demo-world';
import { demoOidcClient, startOidcProvider } from '../../src/oidc-provider';

const listen = async (app: Awaited<ReturnType<typeof buildGateway>>, port = 0) => {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return `http://127.0.0.1:${address.port}`;
};

/**
 * The whole sign-in path for real: the local OpenID provider, command-api, query-api, the projectors and
 * the gateway, each on its own port, on this test file's own database.
 */
export const startStack = async () => {
  const db = await createTestDatabase();
  const publicUrl = `http://127.0.0.1:${await freePort()}`;
  const oidcClient = demoOidcClient(publicUrl);
  const provider = await startOidcProvider({ port: 0, clients: [oidcClient], accounts: demoAccounts });
  const eventStore = createPostgresEventStore({ pool: db.pool, upcast: chainUpcasters(upcasters) });
  const serviceToken = randomBytes(32).toString('base64url');
  const logger = pino({ level: 'silent' });
  const projectors = startProjectors({
    pool: db.pool,
    eventStore,
    projections,
    reactors: [],
    logger,
    tuning: { pollMs: 50 },
  });
  const commandApi = await buildCommandApi({ db: db.pool, publicUrl, eventStore, logLevel: 'silent', serviceToken });
  const queryApi = await buildQueryApi({ db: db.pool, publicUrl, logLevel: 'silent' });
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'dm-gateway-ui-'));
  writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!DOCTYPE html><title>Discount Manager</title><div id="root"></div>',
  );
  const gateway = await buildGateway({
    db: db.pool,
    publicUrl,
    commandApiUrl: await listen(commandApi),
    queryApiUrl: await listen(queryApi),
    serviceToken,
    oidc: { issuer: provider.issuer, clientId: oidcClient.clientId, clientSecret: oidcClient.clientSecret },
    staticDir,
    authType: 'slack',
    logLevel: 'silent',
  });
  await listen(gateway, Number(new URL(publicUrl).port));

  return {
    db,
    publicUrl,
    provider,
    commands: createCommandBus({ eventStore }),
    systemActor,
    projectors,
    stop: async () => {
      await gateway.close();
      await Promise.all([commandApi.close(), queryApi.close(), provider.close()]);
      await projectors.stop();
      await eventStore.close();
      await db.drop();
      rmSync(staticDir, { recursive: true, force: true });
    },
  };
};

export type Stack = Awaited<ReturnType<typeof startStack>>;
