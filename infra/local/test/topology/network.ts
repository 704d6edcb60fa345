import { spawn, execFileSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Hosts for the topology test (decision 1510): each a network namespace `dm-<run>-<role>` with loopback and one
 * veth (`eth0`) on a bridge in the root namespace, all in a private /24; the root namespace holds `.1`, so this
 * process reaches every host and the hosts reach each other. Names carry the run id; a marker file per run names
 * its owner's pid, so a later run removes what a killed one left behind and never touches a live run's hosts.
 */
export interface Host {
  readonly role: string;
  readonly namespace: string;
  readonly address: string;
  /** The root namespace's end of the host's cable: down cuts the host off, up heals it. */
  readonly cable: string;
}

export interface Topology {
  readonly run: string;
  /** The root namespace's address on the bridge (this process, as the hosts see it). */
  readonly rootAddress: string;
  readonly hosts: ReadonlyMap<string, Host>;
  host(role: string): Host;
  /** Runs a program inside the host (`ip netns exec`, which execs it: the child's pid is the program's). */
  spawn(role: string, command: string, args: readonly string[], options?: SpawnOptions): ChildProcess;
  cut(role: string): void;
  heal(role: string): void;
  destroy(): void;
}

const markerDir = '/run/dm-topology';
const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
const quietly = (...args: string[]) => {
  try {
    ip(...args);
  } catch {
    // already gone
  }
};

/** One sentence saying what this machine lacks for network namespaces, or null when it has it all. */
export const missingForNamespaces = (): string | null => {
  if (process.getuid?.() !== 0)
    return 'The topology test creates network namespaces and veth links, which needs root: run it as root.';
  try {
    ip('netns', 'list');
    return null;
  } catch {
    return "The topology test needs iproute2's `ip` with network namespace support (apt-get install iproute2).";
  }
};

interface Marker {
  readonly pid: number;
  readonly namespaces: readonly string[];
  /** The root ends of the hosts' veths: deleted first, since a namespace's own teardown finishes asynchronously. */
  readonly cables?: readonly string[];
  readonly bridge: string;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** SIGKILLs whatever still runs inside (a host process the test could not stop), then deletes the namespace. */
const removeNamespace = (namespace: string) => {
  let pids: string[];
  try {
    pids = ip('netns', 'pids', namespace).split('\n').filter(Boolean);
  } catch {
    return; // no such namespace
  }
  for (const pid of pids) {
    try {
      process.kill(Number(pid), 'SIGKILL');
    } catch {
      // gone meanwhile
    }
  }
  quietly('netns', 'delete', namespace);
};

const removeRun = (marker: Marker) => {
  for (const cable of marker.cables ?? []) quietly('link', 'delete', cable);
  for (const namespace of marker.namespaces) removeNamespace(namespace);
  quietly('link', 'delete', marker.bridge);
};

/** Removes the hosts and bridges of runs whose process is gone, and any `dm-*` namespace no live run claims. */
export const sweepStaleTopologies = (): string[] => {
  const claimed = new Set<string>();
  const removed: string[] = [];
  mkdirSync(markerDir, { recursive: true });
  for (const file of readdirSync(markerDir)) {
    const marker = JSON.parse(readFileSync(path.join(markerDir, file), 'utf8')) as Marker;
    if (alive(marker.pid)) {
      marker.namespaces.forEach((n) => claimed.add(n));
      continue;
    }
    removeRun(marker);
    removed.push(...marker.namespaces);
    rmSync(path.join(markerDir, file), { force: true });
  }
  for (const line of ip('netns', 'list').split('\n')) {
    const namespace = line.split(' ')[0] ?? '';
    if (namespace.startsWith('dm-') && !claimed.has(namespace)) {
      removeNamespace(namespace);
      removed.push(namespace);
    }
  }
  return removed;
};

/** A /24 in 10.77.0.0/16 that no route of this machine uses yet. */
const freeSubnet = () => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const prefix = `10.77.${1 + (randomBytes(1)[0]! % 250)}`;
    if (!ip('route', 'show', 'to', 'match', `${prefix}.1`).includes(prefix)) return prefix;
  }
  throw new Error('No free /24 in 10.77.0.0/16 for the topology test');
};

export const createTopology = (roles: readonly string[]): Topology => {
  const missing = missingForNamespaces();
  if (missing) throw new Error(missing);
  sweepStaleTopologies();
  const run = randomBytes(2).toString('hex');
  const prefix = freeSubnet();
  const bridge = `dm${run}br`;
  const hosts = new Map<string, Host>(
    roles.map((role, i) => [
      role,
      { role, namespace: `dm-${run}-${role}`, address: `${prefix}.${10 + i}`, cable: `dm${run}h${i}` },
    ]),
  );
  const marker: Marker = {
    pid: process.pid,
    namespaces: [...hosts.values()].map((h) => h.namespace),
    cables: [...hosts.values()].map((h) => h.cable),
    bridge,
  };
  const markerFile = path.join(markerDir, `${run}.json`);
  writeFileSync(markerFile, JSON.stringify(marker));
  let destroyed = false;
  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    removeRun(marker);
    rmSync(markerFile, { force: true });
    process.off('exit', destroy);
  };
  // Whatever way the test ends short of SIGKILL; after a SIGKILL the next run's sweep removes them.
  process.once('exit', destroy);
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `${prefix}.1/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    [...hosts.values()].forEach((host, i) => {
      const peer = `dm${run}p${i}`;
      ip('netns', 'add', host.namespace);
      ip('link', 'add', host.cable, 'type', 'veth', 'peer', 'name', peer);
      ip('link', 'set', peer, 'netns', host.namespace);
      ip('link', 'set', host.cable, 'master', bridge);
      ip('link', 'set', host.cable, 'up');
      const inside = (...args: string[]) => ip('-n', host.namespace, ...args);
      inside('link', 'set', peer, 'name', 'eth0');
      inside('addr', 'add', `${host.address}/24`, 'dev', 'eth0');
      inside('link', 'set', 'eth0', 'up');
      inside('link', 'set', 'lo', 'up');
    });
  } catch (error) {
    destroy();
    throw error;
  }
  const host = (role: string) => {
    const found = hosts.get(role);
    if (!found) throw new Error(`No host ${role} in this topology`);
    return found;
  };
  return {
    run,
    rootAddress: `${prefix}.1`,
    hosts,
    host,
    spawn: (role, command, args, options = {}) =>
      spawn('ip', ['netns', 'exec', host(role).namespace, command, ...args], options),
    cut: (role) => ip('link', 'set', host(role).cable, 'down'),
    heal: (role) => ip('link', 'set', host(role).cable, 'up'),
    destroy,
  };
};

export const namespaceExists = (namespace: string) => existsSync(`/run/netns/${namespace}`);
