import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'frontend',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    // One jsdom and one module graph per worker, not per file: the files took 208 CPU-s isolated, 61 s so (decision
    // 1548). What a file could leave behind is undone after each test: globals (here), the DOM and storage (setup.ts).
    isolate: false,
    unstubGlobals: true,
    // Several waits of up to 5 s each (setup.ts) fit in one test.
    testTimeout: 20_000,
  },
});
