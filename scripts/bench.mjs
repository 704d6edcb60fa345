// `pnpm bench <name>`: runs `infra/bench/bench/<name>.ts`, which writes `bench-results/<name>.json` and exits
// non-zero when a figure misses its target.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const dir = path.join('infra', 'bench');
const name = process.argv[2];
if (!name || !existsSync(path.join(dir, 'bench', `${name}.ts`))) {
  const all = readdirSync(path.join(dir, 'bench')).filter((f) => f.endsWith('.ts'));
  console.error(`Usage: pnpm bench <name>. Benchmarks: ${all.map((f) => f.replace(/\.ts$/, '')).join(', ')}`);
  process.exit(2);
}
const result = spawnSync('pnpm', ['exec', 'tsx', path.join('bench', `${name}.ts`)], {
  cwd: dir,
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.cwd() },
});
process.exit(result.status ?? 1);
