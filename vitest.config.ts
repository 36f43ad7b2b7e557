import { defineConfig } from 'vitest/config';
export default defineConfig({
  // the web UI's components (web/src/**/*.tsx) use React's automatic JSX runtime
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    setupFiles: ['test/helpers/event-loop-turn.ts', 'test/helpers/scratch-cache.ts'],
  },
});
