// The whole app as `pnpm start` runs it (built frontend, embedded PostgreSQL, OpenID provider, emulator), on
// free ports with a fresh data directory, for benches that measure it from the outside.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, () => server.close(() => resolve(true)));
  });

/** The start runner takes five ports in a row from PORT on. */
const freePorts = async (): Promise<number> => {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 40_000);
    let free = true;
    for (let port = base; port < base + 5 && free; port++) free = await isFree(port);
    if (free) return base;
  }
  throw new Error('Found no five free ports in a row');
};

export const buildFrontend = (): void => {
  const result = spawnSync('pnpm', ['--filter', '@dm/frontend', 'build'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`The frontend build failed (exit ${result.status})`);
};

export interface StartedApp {
  readonly url: string;
  readonly stop: () => Promise<void>;
}

export const startApp = async (): Promise<StartedApp> => {
  const port = await freePorts();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dm-bench-app-'));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as the postgres user, who must reach its data inside
  const child = spawn('pnpm', ['--filter', '@dm/local', 'start'], {
    cwd: repoRoot,
    detached: true, // its own process group, so stop() reaches pnpm, tsx and node alike
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, PORT: String(port), DM_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let running = true;
  void exited.then(() => (running = false));

  const stop = async () => {
    if (running && child.pid) process.kill(-child.pid, 'SIGTERM');
    const killer = setTimeout(() => child.pid && running && process.kill(-child.pid, 'SIGKILL'), 30_000);
    await exited;
    clearTimeout(killer);
    rmSync(dataDir, { recursive: true, force: true });
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (!running) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`The app exited while starting:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { url, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The app did not answer ${url}/healthz within 180 s:\n${output}`);
};
