// `pnpm soak [--minutes N]`: the model-based test of issue 22 (infra/local/test/model) with more and longer
// sequences until the time is up (default 30 minutes). It writes what it found to soak-results/<timestamp>.json
// and exits non-zero when a sequence broke an invariant.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2).filter((a) => a !== '--');
const at = args.indexOf('--minutes');
const minutes = at === -1 ? 30 : Number(args[at + 1]);
if (!Number.isFinite(minutes) || minutes <= 0 || args.some((a, i) => i !== at && i !== at + 1)) {
  console.error('Usage: pnpm soak [--minutes N], N a positive number of minutes (default 30).');
  process.exit(2);
}
mkdirSync('soak-results', { recursive: true });
const out = path.resolve('soak-results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
console.log(`Soaking for ${minutes} minute(s); the findings go to ${path.relative(process.cwd(), out)}`);
const result = spawnSync('pnpm', ['exec', 'vitest', 'run', '--project', 'soak'], {
  stdio: 'inherit',
  env: { ...process.env, DM_SOAK: '1', DM_SOAK_MINUTES: String(minutes), DM_SOAK_OUT: out },
});
process.exit(result.status ?? 1);
