// `pnpm bench <name>`: runs the benchmark script `bench/<name>.ts` of whichever package has it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const name = process.argv[2];
const roots = ['command-api', 'query-api', 'projectors', 'events', ...readdirSync('infra').map((d) => `infra/${d}`)];
const found = roots.map((r) => path.join(r, 'bench', `${name}.ts`)).filter((f) => existsSync(f));
if (!name || found.length === 0) {
  const all = roots.flatMap((r) => (existsSync(`${r}/bench`) ? readdirSync(`${r}/bench`) : [])).filter((f) => f.endsWith('.ts'));
  console.error(`Usage: pnpm bench <name>. Benchmarks: ${all.map((f) => f.replace(/\.ts$/, '')).join(', ') || 'none'}`);
  process.exit(2);
}
const script = found[0];
const result = spawnSync('pnpm', ['exec', 'tsx', path.relative(path.dirname(path.dirname(script)), script)], {
  cwd: path.dirname(path.dirname(script)),
  stdio: 'inherit',
  env: { ...process.env, INIT_CWD: process.cwd() },
});
process.exit(result.status ?? 1);
