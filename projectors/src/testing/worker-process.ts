import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const workerPath = fileURLToPath(new URL('../worker.ts', import.meta.url));

/** A line a worker logged (pino JSON): an effect it decided, or the partitions its group gave it. */
export interface WorkerLine {
  readonly time: number;
  readonly msg: string;
  readonly reactor?: string;
  readonly key?: string;
  readonly storeId?: number;
  readonly resolution?: string;
  readonly partitions?: number[];
}

export interface WorkerProcess {
  readonly child: ChildProcess;
  readonly lines: WorkerLine[];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Effects of `reactor` this worker decided. */
  effects(reactor: string): WorkerLine[];
  /** The partitions the worker's member of `reactor`'s group holds since its last join. */
  assigned(reactor: string): number[] | undefined;
}

/** The real `worker.ts` as a child process, its log read line by line. */
export const startWorkerProcess = (env: Record<string, string>, stderr: string[]): WorkerProcess => {
  const child = spawn(process.execPath, ['--import', 'tsx', workerPath], {
    env: { ...process.env, LOG_LEVEL: 'debug', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: WorkerLine[] = [];
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (!line.startsWith('{')) return;
    const parsed = JSON.parse(line) as WorkerLine;
    if (parsed.msg === 'effect decided' || parsed.msg === 'partitions assigned') lines.push(parsed);
  });
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    lines,
    exited,
    effects: (reactor) => lines.filter((l) => l.msg === 'effect decided' && l.reactor === reactor),
    assigned: (reactor) =>
      lines.filter((l) => l.msg === 'partitions assigned' && l.reactor === reactor).at(-1)?.partitions,
  };
};
