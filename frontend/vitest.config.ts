import { defineProject } from 'vitest/config';

export default defineProject({
  test: { name: 'frontend', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' },
});
