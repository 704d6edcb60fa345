// `pnpm history …`: who did what, when, what something looked like at a given time, and whether the log is intact.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { withLocalDatabase } from '../local-database';
import { printHistory, type HistoryQuery } from './history-query';
import { runVerify } from './history-verify';

const usage = `Usage:
  pnpm history --stream <stream id> [--at <ISO time>]   the stream's events up to that time, and its state then
  pnpm history --actor <email> [--since <ISO time>]      everything that person did
  pnpm history [--limit <n>]                             the latest events
  pnpm history verify [--against <position>:<hash>]      recompute the hash chain; prove the log up to a kept head`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stream: { type: 'string' },
    actor: { type: 'string' },
    at: { type: 'string' },
    since: { type: 'string' },
    limit: { type: 'string', default: '50' },
    against: { type: 'string' },
    help: { type: 'boolean' },
  },
});

const run = async (work: Parameters<typeof withLocalDatabase>[1]) => {
  await withLocalDatabase(loadConfig(), work).catch((error: unknown) => {
    console.error((error as Error).message);
    process.exitCode = 1;
  });
};

if (values.help) {
  console.log(usage);
} else if (positionals[0] === 'verify' && positionals.length === 1) {
  await run(async (pool) => {
    if (!(await runVerify(pool, values.against))) process.exitCode = 1;
  });
} else {
  const query: HistoryQuery = {
    stream: values.stream ?? null,
    actor: values.actor ?? null,
    at: values.at ? new Date(values.at) : null,
    since: values.since ? new Date(values.since) : null,
    limit: Number(values.limit),
  };
  if (
    positionals.length > 0 ||
    [query.at, query.since].some((d) => d && Number.isNaN(d.getTime())) ||
    !(query.limit > 0)
  ) {
    console.error(usage);
    process.exitCode = 2;
  } else {
    await run((pool) => printHistory(pool, query));
  }
}
