import { randomUUID } from 'node:crypto';
import { projectionsCaughtUpTo } from '@dm/event-store';
import { eventPositionHeader } from '@dm/events/http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replayReadModels } from '../src/replay';
import { startLoad, type Outcome } from './support/load-clients';
import { readModelRows } from './support/replay-compare';
import { startRestartableDatabase } from './support/restartable-database';
import { startWholeStack, type WholeStack } from './support/whole-stack';

// Issue 15 §2: 32 clients, every answer while the database is down a 503 `{message}` within 2 s, every role
// back by itself within 10 s of the restart, no acknowledged write lost, projections equal to a clean replay.
const clients = 32;
const downForMs = 3_000;
const downAnswerLimitMs = 2_000;
const recoveryLimitMs = 10_000;
const afterRecoveryMs = 2_000;
const requestLimitMs = 15_000;

let database: Awaited<ReturnType<typeof startRestartableDatabase>>;
let stack: WholeStack;
let pool: pg.Pool | undefined;
beforeAll(async () => {
  database = await startRestartableDatabase();
  stack = await startWholeStack({ databaseUrl: database.url });
});
afterAll(async () => {
  await stack?.stop();
  await pool?.end();
  await database?.stop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true; fails with `message` (and the last error) after `limitMs`. */
const waitFor = async (check: () => Promise<boolean>, limitMs: number, message: string) => {
  const deadline = Date.now() + limitMs;
  let last = '';
  for (;;) {
    try {
      if (await check()) return;
    } catch (error) {
      last = `; last error: ${error instanceof Error ? error.message : JSON.stringify(error)}`;
    }
    if (Date.now() > deadline) throw new Error(`${message} (within ${limitMs} ms)${last}`);
    await sleep(100);
  }
};

const ms = (value: number) => `${Math.round(value)} ms`;
const describeOutcomes = (list: readonly Outcome[]) =>
  list
    .slice(0, 8)
    .map((o) => `${o.kind} ${o.url} sent at ${ms(o.sentAt)}: ${o.status} in ${ms(o.ms)} ${o.message ?? ''}`)
    .join('\n');

describe('When PostgreSQL is restarted under load', () => {
  it('should answer 503 while it is down, recover by itself, lose no acknowledged write and project as a replay does', async () => {
    const runId = `pgr${randomUUID().slice(0, 8)}`;
    const cookies = [await stack.signIn('super@demo.test'), await stack.signIn('admin@demo.test')];
    const origin = stack.url;
    const grant = (cookie: string, key: string) =>
      fetch(`${stack.url}/api/permissions`, {
        method: 'POST',
        headers: { cookie, origin, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ email: `${key}@load.test`, permissionLevel: 'user', brandIds: [1] }),
        signal: AbortSignal.timeout(requestLimitMs),
      });

    const load = startLoad({ baseUrl: stack.url, cookies, clients, runId, requestLimitMs });
    const acknowledged = () => load.outcomes.filter((o) => o.kind === 'command' && o.status >= 200 && o.status < 300);
    await waitFor(
      async () => acknowledged().length >= 2 * clients,
      30_000,
      'The load got too few commands through before the restart',
    );

    const downAt = load.now();
    await database.stopImmediately();
    const downDoneAt = load.now();
    await sleep(downForMs);
    const upAt = load.now();
    await database.start();
    const upDoneAt = load.now();

    // Recovered: a command and a read through the gateway on an existing session, the projections past the
    // command, a fresh sign-in. (A process that crashed on the way would fail the run as an uncaught error.)
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    pool.on('error', () => undefined);
    const db = pool;
    let probes = 0;
    await waitFor(
      async () => {
        const response = await grant(cookies[0]!, `${runId}-probe-${probes++}`);
        const position = response.headers.get(eventPositionHeader);
        if (response.status !== 201 || !position) return false;
        const read = await fetch(`${stack.url}/api/auth/user`, { headers: { cookie: cookies[1]! } });
        if (read.status !== 200) return false;
        await waitFor(
          () => projectionsCaughtUpTo(db, BigInt(position)),
          recoveryLimitMs,
          'The projections did not pass the probe',
        );
        await stack.signIn('manager@demo.test');
        return true;
      },
      recoveryLimitMs,
      'The stack did not recover after PostgreSQL came back',
    );
    const recoveredAt = load.now();
    await sleep(afterRecoveryMs);
    await load.stop();
    const { outcomes } = load;
    const phases = `stopped ${ms(downAt)}–${ms(downDoneAt)}, started ${ms(upAt)}–${ms(upDoneAt)}, recovered ${ms(recoveredAt)}`;

    const hung = outcomes.filter((o) => o.status === 0);
    expect(hung, `${phases}; requests without an answer:\n${describeOutcomes(hung)}`).toEqual([]);
    const unexpected = outcomes.filter((o) => !(o.status >= 200 && o.status < 300) && o.status !== 503);
    expect(unexpected, `${phases}; answers neither 2xx nor 503:\n${describeOutcomes(unexpected)}`).toEqual([]);
    const unavailable = outcomes.filter((o) => o.status === 503);
    const withoutMessage = unavailable.filter((o) => !o.message);
    expect(withoutMessage, `${phases}; 503s without a message:\n${describeOutcomes(withoutMessage)}`).toEqual([]);
    // Nothing waits more than 2 s while the server is down or starting: a request sent then, or in flight when
    // it went down, is answered within 2 s of the later of its sending and the stop, unless the server was back
    // by then (a read may then wait up to 2 s more for the projections, as it always may).
    const answeredAt = (o: Outcome) => o.sentAt + o.ms;
    const deadlineOf = (o: Outcome) => Math.max(o.sentAt, downAt) + downAnswerLimitMs;
    const affected = outcomes.filter((o) => answeredAt(o) >= downAt && deadlineOf(o) < upDoneAt);
    const slow = affected.filter((o) => answeredAt(o) > deadlineOf(o));
    expect(
      slow,
      `${phases}; left waiting more than ${downAnswerLimitMs} ms while the server was down:\n${describeOutcomes(slow)}`,
    ).toEqual([]);
    const slow503 = unavailable.filter((o) => answeredAt(o) > deadlineOf(o));
    expect(slow503, `${phases}; 503s later than ${downAnswerLimitMs} ms:\n${describeOutcomes(slow503)}`).toEqual([]);
    const whileDown = outcomes.filter((o) => o.sentAt >= downDoneAt && answeredAt(o) <= upAt);
    expect(whileDown.length, 'no request was answered while the database was down').toBeGreaterThan(clients);
    const servedWhileDown = whileDown.filter((o) => o.status !== 503);
    expect(
      servedWhileDown,
      `${phases}; answers other than 503 while down:\n${describeOutcomes(servedWhileDown)}`,
    ).toEqual([]);
    const afterRecovery = outcomes.filter((o) => o.sentAt >= recoveredAt);
    const failedAfterRecovery = afterRecovery.filter((o) => o.status < 200 || o.status >= 300);
    expect(afterRecovery.length, 'no request was answered after the recovery').toBeGreaterThan(clients);
    expect(
      failedAfterRecovery,
      `${phases}; failures after the recovery:\n${describeOutcomes(failedAfterRecovery)}`,
    ).toEqual([]);
    expect(recoveredAt - upDoneAt).toBeLessThanOrEqual(recoveryLimitMs);

    // No acknowledged write lost, none twice: each acknowledged command id has exactly a grant's events.
    const { rows: last } = await db.query<{ p: string }>('SELECT max(global_position)::text AS p FROM es.events');
    await waitFor(
      () => projectionsCaughtUpTo(db, BigInt(last[0]!.p)),
      recoveryLimitMs,
      'The projections did not catch up with the log',
    );
    const { rows } = await db.query<{ command_id: string; events: number }>(
      `SELECT metadata->>'commandId' AS command_id, count(*)::int AS events FROM es.events
       WHERE metadata->>'commandId' LIKE $1 GROUP BY 1`,
      [`%:${runId}-%`],
    );
    const eventsOf = new Map(rows.map((r) => [r.command_id.slice(r.command_id.indexOf(':') + 1), r.events]));
    const acked = acknowledged().map((o) => o.key!);
    const perGrant = eventsOf.get(acked[0]!);
    expect(perGrant).toBeGreaterThan(0);
    expect(
      acked.filter((key) => eventsOf.get(key) !== perGrant),
      'acknowledged commands without exactly their events',
    ).toEqual([]);
    const refusedKeys = unavailable.filter((o) => o.kind === 'command').map((o) => o.key!);
    // A 503'd command either committed whole before the connection broke, or not at all.
    expect(refusedKeys.filter((key) => ![undefined, perGrant].includes(eventsOf.get(key)))).toEqual([]);
    const { rows: granted } = await db.query<{ email: string }>(
      'SELECT DISTINCT email FROM rm.user_permissions WHERE email LIKE $1',
      [`${runId}-%`],
    );
    const projected = new Set(granted.map((r) => r.email));
    expect(
      acked.filter((key) => !projected.has(`${key}@load.test`)),
      'acknowledged grants missing from the read model',
    ).toEqual([]);

    // The live read models equal what `pnpm replay` rebuilds from the same log.
    await stack.stop();
    const live = await readModelRows(db);
    await replayReadModels(db, database.url);
    expect(await readModelRows(db)).toEqual(live);

    const worstAffected = Math.max(
      ...[...affected, ...unavailable].map((o) => answeredAt(o) - Math.max(o.sentAt, downAt)),
    );
    const commands = outcomes.filter((o) => o.kind === 'command').length;
    console.log(
      [
        `pg restart under load: ${outcomes.length} requests from ${clients} clients (${commands} commands, ${outcomes.length - commands} reads)`,
        `${acked.length} commands acknowledged, each in the log exactly once (${rows.length} of this run's command ids in the log)`,
        `${unavailable.length} answered 503 {message}; ${affected.length} sent while down or in flight at the stop, ` +
          `the slowest of these and of the 503s answered ${ms(worstAffected)} after the stop or its sending`,
        `immediate stop ${ms(downDoneAt - downAt)}, down ${ms(upAt - downDoneAt)}, start (crash recovery) ${ms(upDoneAt - upAt)}, ` +
          `recovered ${ms(recoveredAt - upDoneAt)} after the start; read models equal a replay`,
      ].join('\n  '),
    );
  });
});
