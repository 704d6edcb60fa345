// `pnpm history …`: who did what, when, and what something looked like at a given time.
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { withLocalDatabase } from '../local-database';
import { printHistory, type HistoryQuery } from './history-query';

const usage = `Usage:
  pnpm history --stream <stream id> [--at <ISO time>]   the stream's events up to that time, and its state then
  pnpm history --actor <email> [--since <ISO time>]      everything that person did
  pnpm history [--limit <n>]                             the latest events`;

const { values } = parseArgs({
  options: {
    stream: { type: 'string' },
    actor: { type: 'string' },
    at: { type: 'string' },
    since: { type: 'string' },
    limit: { type: 'string', default: '50' },
    help: { type: 'boolean' },
  },
});
if (values.help) {
  console.log(usage);
} else {
  const query: HistoryQuery = {
    stream: values.stream ?? null,
    actor: values.actor ?? null,
    at: values.at ? new Date(values.at) : null,
    since: values.since ? new Date(values.since) : null,
    limit: Number(values.limit),
  };
  if ([query.at, query.since].some((d) => d && Number.isNaN(d.getTime())) || !(query.limit > 0)) {
    console.error(usage);
    process.exitCode = 2;
  } else {
    await withLocalDatabase(loadConfig(), (pool) => printHistory(pool, query)).catch((error: unknown) => {
      console.error((error as Error).message);
      process.exitCode = 1;
    });
  }
}
