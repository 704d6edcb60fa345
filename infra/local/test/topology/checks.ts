import { foldCode } from '@dm/events';
import { groupLags } from '@dm/kafka/testing';
import { defaultRelayTopics } from '@dm/projectors';
import { verifyReplay } from '../../src/replay-verify';
import { deploymentsOf, numericId, readDiscountsLog, type LoggedEvent } from '../model/run-log';
import type { ClusterOnHosts } from './cluster-on-hosts';
import type { TrafficRecord } from './staff-traffic';

interface Inspection {
  readonly bulkAdds: {
    shop: string;
    codes: string[];
    outcome: string;
    at: number;
    run: { id: number; name: string | null; createdAt: string } | null;
  }[];
  readonly shops: { slug: string; discounts: { id: number; title: string; codes: string[] }[] }[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Quiescence: every projection's and the relay's checkpoint at the head of the log, every reactor group's
 * committed offsets at the end of the work topic, and both unchanged over three reads. A reactor's offset passes
 * a message only once its effects are decided (decision 1500), as a checkpoint does over the log.
 */
export const settle = async (cluster: ClusterOnHosts, limitMs = 240_000) => {
  const deadline = Date.now() + limitMs;
  let last = '';
  let steady = 0;
  for (;;) {
    const { rows } = await cluster.pool.query<{ head: string; behind: string[] }>(
      `SELECT h.head::text AS head,
              coalesce(array_agg(c.name) FILTER (WHERE c.position < h.head), '{}') AS behind
       FROM (SELECT coalesce(max(global_position), 0) AS head FROM es.events) h
       LEFT JOIN es.checkpoints c ON true GROUP BY h.head`,
    );
    const { head, behind } = rows[0]!;
    const lags = await groupLags(cluster.brokers, 'dm.reactor.', defaultRelayTopics.work.name).catch(
      (error: unknown) => [{ groupId: `the broker (${(error as Error).message})`, lag: Number.NaN }],
    );
    const reading = lags.filter((g) => !(g.lag === 0)).map((g) => `${g.groupId} ${g.lag}`);
    const caughtUp = behind.length === 0 && reading.length === 0 && lags.length > 0;
    steady = caughtUp && head === last ? steady + 1 : 0;
    if (steady >= 2) return;
    if (Date.now() > deadline)
      throw new Error(
        `Nothing settled within ${limitMs / 1000} s: head ${head}, behind: ${[...behind, ...reading].join(', ') || (lags.length ? 'none' : 'no reactor group')}`,
      );
    last = head;
    await pause(250);
  }
};

/** `storeId|folded code` → the discount holding it, as the ledger's events say at the end of the log. */
const heldOf = (events: readonly LoggedEvent[]) => {
  const held = new Map<string, string>();
  for (const e of events) {
    const key = `${String(e.data.storeId)}|${foldCode(String(e.data.code))}`;
    if (e.type === 'CodeReserved') held.set(key, String(e.data.discountId));
    if (e.type === 'CodeReleased') held.delete(key);
  }
  return held;
};

/**
 * The promises at quiescence, from the log and the emulator's own state and call log (never our read models
 * alone): nothing acknowledged lost, no chunk of codes applied twice in a store, every read model equal to a
 * replay, every store holding exactly the codes the ledger gives it. Returns what is broken, one line each.
 */
export const checkAtQuiescence = async (
  cluster: ClusterOnHosts,
  traffic: TrafficRecord,
  storeIds: ReadonlyMap<string, number>,
) => {
  const broken: string[] = [];
  const ids = traffic.discounts.map((d) => d.id);
  const events = await readDiscountsLog(cluster.pool, ids);
  const held = heldOf(events);
  for (const id of ids) {
    if (!events.some((e) => e.type === 'DiscountCreated' && e.streamId === `discount:${id}`))
      broken.push(`lost: discount ${id} was acknowledged but its DiscountCreated is not in the log`);
  }
  for (const [id, codes] of traffic.codes) {
    for (const storeId of storeIds.values()) {
      const lost = codes.filter((code) => held.get(`${storeId}|${foldCode(code)}`) !== id);
      if (lost.length)
        broken.push(
          `lost: ${lost.length} acknowledged codes of ${id} are not held in store ${storeId}, e.g. ${lost[0]}`,
        );
    }
  }

  const inspection = (await (await fetch(cluster.inspectUrl)).json()) as Inspection;
  const deployments = deploymentsOf(events);
  const ours = new Set(traffic.discounts.map((d) => d.name));
  const codesPerStore = new Map<string, number>();
  for (const shop of inspection.shops) {
    const storeId = storeIds.get(shop.slug);
    const discountOf = new Map(
      [...deployments].flatMap(([key, d]) => {
        const [discountId, store] = key.split('|');
        return Number(store) === storeId ? [[numericId(d.shopifyDiscountId), discountId!] as const] : [];
      }),
    );
    const live = new Set<string>();
    for (const discount of shop.discounts.filter((d) => ours.has(d.title))) {
      const discountId = discountOf.get(discount.id);
      if (!discountId)
        broken.push(`twice: ${shop.slug} holds "${discount.title}" (${discount.id}) that no deployment names`);
      for (const code of discount.codes) live.add(`${discountId}|${foldCode(code)}`);
    }
    const ledger = new Set(
      [...held].filter(([key]) => key.startsWith(`${storeId}|`)).map(([key, d]) => `${d}|${key.split('|')[1]}`),
    );
    const missing = [...ledger].filter((c) => !live.has(c));
    const extra = [...live].filter((c) => !ledger.has(c));
    if (missing.length)
      broken.push(`store: ${shop.slug} lacks ${missing.length} codes the ledger gives it, e.g. ${missing[0]}`);
    if (extra.length)
      broken.push(`store: ${shop.slug} holds ${extra.length} codes the ledger does not give it, e.g. ${extra[0]}`);
    codesPerStore.set(shop.slug, live.size);
  }

  // Each chunk's applications, with the run that made each: a chunk applied twice names both runs (their mutation names
  // are the pushes' run tags, noted on the codes streams) and when each was made and ran.
  const chunks = new Map<string, string[]>();
  for (const call of inspection.bulkAdds.filter((c) => c.outcome === 'ok')) {
    const key = `${call.shop}|${call.codes.map(foldCode).sort().join(',')}`;
    const by = call.run
      ? `run ${call.run.id} ${call.run.name} made ${call.run.createdAt}, line ran ${new Date(call.at).toISOString()}`
      : `a direct call at ${new Date(call.at).toISOString()}`;
    chunks.set(key, [...(chunks.get(key) ?? []), by]);
  }
  for (const [key, by] of chunks)
    if (by.length > 1)
      broken.push(`twice: the chunk ${key.slice(0, 80)}… was applied ${by.length} times: ${by.join('; ')}`);

  for (const check of await verifyReplay(cluster.pool, cluster.databaseUrl)) {
    for (const d of check.differences.slice(0, 5))
      broken.push(`replay: ${d.table} row ${d.key} ${d.difference} (projection ${check.projection})`);
  }
  return { broken, codesPerStore, chunksApplied: [...chunks.values()].reduce((n, by) => n + by.length, 0) };
};
