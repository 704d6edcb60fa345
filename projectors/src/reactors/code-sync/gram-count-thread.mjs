// A worker thread's entry (`gramsOffThread`): plain JavaScript, as a worker does not inherit the process's
// TypeScript loader; the count itself is imported through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./gram-count-worker.ts', import.meta.url);
