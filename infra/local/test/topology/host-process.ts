import type { ChildProcess } from 'node:child_process';
import type { Topology } from './network';

export interface HostProcess {
  readonly role: string;
  /** The `READY <json>` line's details (host scripts), or {} once started (role processes). */
  readonly ready: Promise<Record<string, unknown>>;
  /** SIGKILL: nothing finishes, no lock is given back politely; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM, as a deploy stops it. */
  stop(): Promise<void>;
  readonly running: boolean;
  output(): string;
}

/**
 * A program (`node --import tsx <script>`) inside a host of the topology, its output kept (the last 8 KB) to say
 * why it stopped. `ready` rejects when the process exits before it said it was up.
 */
export const startHostProcess = (
  topology: Topology,
  role: string,
  script: string,
  env: Readonly<Record<string, string>>,
): HostProcess => {
  const child: ChildProcess = topology.spawn(role, process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const ready = new Promise<Record<string, unknown>>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-8192);
      const line = /^READY (.*)$/m.exec(output);
      if (line) resolve(JSON.parse(line[1]!) as Record<string, unknown>);
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then(() => reject(new Error(`${role} stopped before it was up: ${output.slice(-2000)}`)));
  });
  ready.catch(() => undefined); // awaited by whoever needs it; a later exit is not a failure of `ready`
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    role,
    ready,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    get running() {
      return child.exitCode === null && child.signalCode === null;
    },
    output: () => output,
  };
};
