import type { ClusterOnHosts } from './cluster-on-hosts';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const projectorRoles = ['projectors-1', 'projectors-2'] as const;
type ProjectorRole = (typeof projectorRoles)[number];

/** Advisory locks held per client address: which projector host runs which runners (one holder per key). */
const locksByAddress = async (cluster: ClusterOnHosts, key?: string) => {
  const { rows } = await cluster.pool.query<{ address: string; n: number }>(
    `SELECT host(a.client_addr) AS address, count(*)::int AS n
     FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted
       AND ($1::text IS NULL OR ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($1, 0))
     GROUP BY 1 ORDER BY 2 DESC`,
    [key ?? null],
  );
  return rows;
};

const projectorAt = (cluster: ClusterOnHosts, address: string): ProjectorRole | undefined =>
  projectorRoles.find((role) => cluster.topology.host(role).address === address);

/** The projector host that holds `key` (or, without one, the most runners), once one does. */
const holder = async (cluster: ClusterOnHosts, key?: string): Promise<ProjectorRole> => {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = (await locksByAddress(cluster, key)).map((r) => projectorAt(cluster, r.address)).find(Boolean);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`No projector process took ${key ?? 'any runner'} within a minute`);
    await pause(200);
  }
};

export interface FaultRecord {
  readonly kills: string[];
  cut: string | null;
}

/**
 * What goes wrong while the staff work, one after another: a reactor worker is SIGKILLed, then a command-API
 * replica, then whichever projector process runs the relay; each comes back as a supervisor would start it. Then
 * another reactor worker's host is cut off the network for 20 s (its partitions move to the others; it rejoins
 * when healed).
 */
export const injectFaults = async (cluster: ClusterOnHosts, started: () => boolean, record: FaultRecord) => {
  const deadline = Date.now() + 180_000;
  while (!started()) {
    if (Date.now() > deadline) throw new Error('The staff traffic acknowledged nothing within 3 minutes');
    await pause(100);
  }
  await cluster.restart('worker-1');
  record.kills.push('worker-1 (reactor worker)');
  await pause(2000);
  await cluster.restart('command-2');
  record.kills.push('command-2 (command API replica)');
  await pause(2000);
  const relay = await holder(cluster, 'relay:kafka');
  await cluster.restart(relay);
  record.kills.push(`${relay} (the relay's process, with projections)`);
  await pause(2000);
  cluster.topology.cut('worker-2');
  record.cut = 'worker-2 (reactor worker)';
  await pause(20_000);
  cluster.topology.heal('worker-2');
};
