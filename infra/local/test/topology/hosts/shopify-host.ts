// The topology test's Shopify host: the emulator with the 30 stores on this host's address, and beside it (port + 1)
// what the test reads at the end, as the model-based test reads the emulator in its own process: every bulk add of
// codes the emulator was sent, and the codes each store's discounts hold.
import http from 'node:http';
import { shopDomainOf, startShopifyEmulator } from '@dm/shopify';
import { pino } from 'pino';
import { topologyStores } from '../stores';
import { announceReady, setting, stopOnSigterm } from './ready';

const address = setting('HOST_ADDRESS');
const port = Number(setting('PORT'));
const emulator = await startShopifyEmulator({
  host: address,
  port,
  shops: topologyStores,
  codesPerShop: 20,
  logger: pino({ level: 'warn' }),
});

const inspection = () => ({
  bulkAdds: emulator.callLog
    .entries({ rootField: 'discountRedeemCodeBulkAdd' })
    .map(({ shop, codes, outcome, at, bulkOperation }) => ({ shop, codes, outcome, at, run: bulkOperation ?? null })),
  shops: topologyStores.map(({ slug }) => ({
    slug,
    discounts: [...emulator.shop(slug).discounts.values()].map((d) => ({
      id: d.id,
      title: d.title,
      codes: d.codes.explicit.map((c) => c.code),
    })),
  })),
});
const inspect = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' });
  response.end(JSON.stringify(inspection()));
});
await new Promise<void>((resolve) => inspect.listen(port + 1, address, resolve));
stopOnSigterm(async () => {
  inspect.close();
  await emulator.stop();
});
announceReady({
  url: emulator.url,
  inspectUrl: `http://${address}:${port + 1}`,
  stores: topologyStores.map(({ slug }) => ({
    slug,
    domain: shopDomainOf(slug),
    token: emulator.tokens[slug] ?? null,
    functionId: emulator.functionIds[slug] ?? null,
  })),
});
