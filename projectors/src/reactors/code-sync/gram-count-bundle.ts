import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

let bundled: URL | undefined;

/**
 * The gram count's worker as one plain ES module, bundled in memory once per process: a worker does not inherit the
 * process's TypeScript loader, and loading tsx in it cost about 45 MB of a full sync's peak memory (decision 1522).
 */
export const gramCountWorkerUrl = (): URL => {
  if (bundled) return bundled;
  const { outputFiles } = buildSync({
    entryPoints: [fileURLToPath(new URL('./gram-count-worker.ts', import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
  });
  bundled = new URL(`data:text/javascript;base64,${Buffer.from(outputFiles[0]!.text).toString('base64')}`);
  return bundled;
};
