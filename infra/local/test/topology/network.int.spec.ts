import { execFileSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createTopology, missingForNamespaces, namespaceExists, sweepStaleTopologies, type Topology } from './network';

/** Connects to `address:port` and reads the greeting; null when nothing answers within `ms` (the host is cut off). */
const greeting = (address: string, port: number, ms = 1500) =>
  new Promise<string | null>((resolve) => {
    const socket = net.connect({ host: address, port });
    let text = '';
    socket.setTimeout(ms, () => {
      socket.destroy();
      resolve(null);
    });
    socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
    socket.on('end', () => resolve(text));
    socket.on('error', () => resolve(null));
  });

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 100));
};

/** A one-line TCP server inside a host that greets with the host's role. */
const greeter = (topology: Topology, role: string, port: number): Promise<ChildProcess> => {
  const { address } = topology.host(role);
  const source = `require('net').createServer((s) => s.end('${role}')).listen(${port}, '${address}', () => console.log('up'))`;
  const child = topology.spawn(role, process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.once('data', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`the greeter in ${role} exited (${code})`)));
  });
};

describe('hosts as network namespaces', () => {
  const children: ChildProcess[] = [];
  let topology: Topology | null = null;
  afterAll(() => {
    children.forEach((c) => c.kill('SIGKILL'));
    topology?.destroy();
  });

  it('runs as root with ip netns', () => {
    expect(missingForNamespaces()).toBeNull();
  });

  it('connects hosts to each other and to this process, cuts one off and heals it, and removes them all', async () => {
    topology = createTopology(['alpha', 'beta']);
    const [alpha, beta] = [topology.host('alpha'), topology.host('beta')];
    expect(alpha.address).not.toBe(beta.address);
    children.push(await greeter(topology, 'beta', 7000));
    expect(await greeting(beta.address, 7000)).toBe('beta');
    // From inside alpha: another namespace, reaching beta over the bridge (and beta's loopback is not alpha's).
    const fromAlpha = `require('net').connect(7000, '${beta.address}').on('data', (d) => process.stdout.write(d))`;
    const seen = await new Promise<string>((resolve) => {
      const child = topology!.spawn('alpha', process.execPath, ['-e', fromAlpha], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      let out = '';
      child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
      child.once('close', () => resolve(out)); // after stdout is drained
    });
    expect(seen).toBe('beta');

    topology.cut('beta');
    expect(await greeting(beta.address, 7000)).toBeNull();
    topology.heal('beta');
    let healed: string | null = null;
    await until(async () => (healed = await greeting(beta.address, 7000)) !== null);
    expect(healed).toBe('beta');

    const namespaces = [alpha.namespace, beta.namespace];
    topology.destroy();
    expect(namespaces.filter(namespaceExists)).toEqual([]);
    expect(execFileSync('ip', ['-o', 'link', 'show']).toString()).not.toContain(`dm${topology.run}`);
  });

  it('sweeps away what a killed run left behind, and leaves a live run alone', () => {
    const live = createTopology(['gamma']);
    try {
      const stale = 'dm-dead-gone';
      execFileSync('ip', ['netns', 'add', stale]);
      mkdirSync('/run/dm-topology', { recursive: true });
      // A pid far above pid_max: no process has it, as after a SIGKILL of the run that wrote this.
      writeFileSync(
        '/run/dm-topology/dead.json',
        JSON.stringify({ pid: 99_999_999, namespaces: [stale], bridge: 'dmdeadbr' }),
      );
      const removed = sweepStaleTopologies();
      expect(removed).toContain(stale);
      expect(namespaceExists(stale)).toBe(false);
      expect(namespaceExists(live.host('gamma').namespace)).toBe(true);
    } finally {
      live.destroy();
    }
  });
});
