// The emulated stores of the workers' push (`pnpm bench scale`) in a process of their own (decision 1560): Shopify
// answers from elsewhere, not from the thread that runs the bench's projections and relay.
import { createInterface } from 'node:readline';
import { startShopifyEmulator } from '@dm/shopify';
import { pino } from 'pino';

const [slugs = '', latency = '0'] = process.argv.slice(2);
const emulator = await startShopifyEmulator({
  shops: slugs.split(',').map((slug) => ({ slug, brandId: 1, countryCode: 'GB' })),
  codesPerShop: 0,
  callLatencyMs: Number(latency),
  logger: pino({ level: 'silent' }),
});
console.log(JSON.stringify({ url: emulator.url, tokens: emulator.tokens, functionIds: emulator.functionIds }));
for await (const line of createInterface({ input: process.stdin })) if (line === 'stop') break;
await emulator.stop();
process.exit(0);
