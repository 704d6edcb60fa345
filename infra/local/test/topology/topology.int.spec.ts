import { randomBytes } from 'node:crypto';
import { sessionCookieName } from '@dm/server-kit';
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, describe, expect, it } from 'vitest';
import { signIn } from '../support/sign-in';
import { checkAtQuiescence, settle } from './checks';
import { startClusterOnHosts, type ClusterOnHosts } from './cluster-on-hosts';
import { injectFaults, type FaultRecord } from './faults';
import { missingForNamespaces } from './network';
import { pushOutcomes, reassertFailedPushes } from './repair';
import { runStaffTraffic, staffClient, type TrafficRecord } from './staff-traffic';

/**
 * Issue 23's topology test (decision 1510): every role a host of its own (a network namespace with its own address),
 * staff traffic through the gateway, and meanwhile SIGKILLs of a reactor worker, a command-API replica and the
 * relay's process, and another worker's host cut off for 20 s. Then, at quiescence, every promise holds.
 */
describe('the cluster with every role on its own host', () => {
  let cluster: ClusterOnHosts | null = null;
  const dispatcher = getGlobalDispatcher();
  afterAll(async () => {
    setGlobalDispatcher(dispatcher);
    await cluster?.close();
  }, 120_000);

  it('loses nothing acknowledged, does nothing twice, and ends where a replay and the ledger say', async () => {
    const missing = missingForNamespaces();
    expect(missing, missing ?? '').toBeNull();
    const began = Date.now();
    cluster = await startClusterOnHosts();
    const startedMs = Date.now() - began;
    // The staff's browser trusts the authority behind the provider's HTTPS (every other call here is plain HTTP).
    setGlobalDispatcher(new Agent({ connect: { ca: cluster.ca } }));
    const { browser } = await signIn(cluster.publicUrl, 'admin@demo.test');
    const cookie = `${sessionCookieName(false)}=${browser.cookie(cluster.publicUrl, sessionCookieName(false))}`;
    const read = async <T>(path: string) => {
      const answer = await fetch(`${cluster!.publicUrl}${path}`, { headers: { cookie } });
      if (!answer.ok) throw new Error(`GET ${path} answered ${answer.status}`);
      return (await answer.json()) as T;
    };
    const slugs = new Set(cluster.stores.map((s) => s.slug));
    const stores = (await read<{ id: number; urlSlug: string }[]>('/api/stores')).filter((s) => slugs.has(s.urlSlug));
    expect(stores).toHaveLength(30);
    const storeIds = new Map(stores.map((s) => [s.urlSlug, s.id]));
    const jacket = (await read<{ id: string; name: string }[]>('/api/products/all?brandId=1')).find(
      (p) => p.name === 'Aurora Canyon Jacket',
    );
    expect(jacket, 'the Aurora catalog holds the demo jacket').toBeDefined();

    const traffic: TrafficRecord = {
      requests: 0,
      acknowledged: 0,
      unanswered: 0,
      retriesPressed: 0,
      discounts: [],
      codes: new Map(),
    };
    const client = staffClient(cluster.publicUrl, cookie, traffic);
    await client.send('/api/products/mark-for-discount', { brandId: 1, productIds: [jacket!.id] });
    await settle(cluster);
    const faults: FaultRecord = { kills: [], cut: null };
    const trafficBegan = Date.now();
    const plan = {
      tag: randomBytes(2).toString('hex').toUpperCase(),
      discounts: 4,
      batches: 3,
      codesPerBatch: 40,
      storeIds: [...storeIds.values()],
      product: { id: jacket!.id, name: jacket!.name },
    };
    const said = () =>
      ['projectors-1', 'projectors-2', 'worker-1', 'worker-2', 'worker-3', 'command-1', 'command-2', 'gateway']
        .map((role) => `${role}: ${cluster!.process(role).output().slice(-1500)}`)
        .join('\n');
    await Promise.all([
      runStaffTraffic(client, cluster.pool, plan, traffic),
      injectFaults(cluster, () => traffic.discounts.length > 0, faults),
    ]).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${said()}`, { cause: error });
    });
    const trafficMs = Date.now() - trafficBegan;
    await settle(cluster);
    const pushes = await pushOutcomes(
      cluster.pool,
      traffic.discounts.map((d) => d.id),
    );
    const failedIn = [...new Set(pushes.failed.map((f) => f.storeId))];
    const post = (path: string, body: unknown) =>
      fetch(`${cluster!.publicUrl}${path}`, {
        method: 'POST',
        headers: { cookie, origin: cluster!.publicUrl, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.status);
    await reassertFailedPushes(cluster, post, traffic, failedIn);
    const { broken, codesPerStore, chunksApplied } = await checkAtQuiescence(cluster, traffic, storeIds);

    const perStore = [...new Set(codesPerStore.values())].join(', ');
    console.log(
      [
        `Topology: ${cluster.topology.hosts.size} hosts (network namespaces), cluster up in ${startedMs} ms, traffic and faults ${trafficMs} ms, total ${Date.now() - began} ms.`,
        `Requests ${traffic.requests} (writes through the gateway), acknowledged ${traffic.acknowledged}, unanswered and sent again ${traffic.unanswered}, Retry pressed on a failed deployment ${traffic.retriesPressed}.`,
        `Discounts ${traffic.discounts.length} to ${storeIds.size} stores; codes acknowledged ${[...traffic.codes.values()].flat().length}; codes per store at the end: ${perStore}; chunks applied ${chunksApplied}.`,
        `Pushes recorded ${pushes.pushed} done, ${pushes.failed.length} failed (${pushes.failed.map((f) => `store ${f.storeId}${f.retryable ? ' retryable' : ''}`).join(', ') || 'none'}); stores synced and re-asserted afterwards: ${failedIn.length}.`,
        `SIGKILLs ${faults.kills.length}: ${faults.kills.join('; ')}; cut off for 20 s: ${faults.cut}.`,
      ].join('\n'),
    );
    expect(broken).toEqual([]);
    expect(faults.kills).toHaveLength(3);
    expect(traffic.discounts).toHaveLength(plan.discounts);
    expect(codesPerStore.size).toBe(30);
    // The codes added, and each discount's own code it was deployed with.
    const perDiscount = plan.batches * plan.codesPerBatch + 1;
    for (const count of codesPerStore.values()) expect(count).toBe(plan.discounts * perDiscount);
  }, 900_000);
});
