// The emulator for `pnpm bench shopify`, in its own process so the bench's RSS is the adapter's alone.
import { createInterface } from 'node:readline';
import { startShopifyEmulator } from '@dm/shopify';

const emulator = await startShopifyEmulator({
  shops: [
    { slug: 'bench-standard', brandId: 1, countryCode: 'GB' },
    { slug: 'bench-million', brandId: 1, countryCode: 'GB' },
  ],
  codesPerShop: 0,
  hugeShop: { slug: 'bench-million', codes: 1_000_000 },
  jobs: { mode: 'auto', delayMs: 50 },
});
console.log(JSON.stringify({ url: emulator.url, tokens: emulator.tokens, functionIds: emulator.functionIds }));
for await (const line of createInterface({ input: process.stdin })) {
  const [command, slug] = line.split(' ');
  if (command === 'drain' && slug) emulator.bucket(slug).setLevel(0);
  if (command === 'stop') break;
  console.log('ok');
}
await emulator.stop();
process.exit(0);
