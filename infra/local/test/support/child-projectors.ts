import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { StoreConfig } from '@dm/shopify';

const processPath = fileURLToPath(new URL('./projectors-process.ts', import.meta.url));

export interface ChildProjectors {
  /** SIGKILL: no batch finishes, no outcome is recorded, no lock is released politely. */
  kill(): Promise<void>;
  /** SIGTERM: the projectors stop as a deploy stops them. */
  stop(): Promise<void>;
  stderr(): string;
}

/** The projectors in a child process (`projectors-process.ts`), on the given database and emulator. */
export const startChildProjectors = (options: {
  databaseUrl: string;
  shopifyUrl: string;
  stores: readonly StoreConfig[];
}): ChildProjectors => {
  const child = spawn(process.execPath, ['--import', 'tsx', processPath], {
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      SHOPIFY_URL: options.shopifyUrl,
      STORES: JSON.stringify(options.stores),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const output: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return { kill: () => signal('SIGKILL'), stop: () => signal('SIGTERM'), stderr: () => output.join('') };
};
