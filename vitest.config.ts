import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import SlowFirst from './test/helpers/sequencer.js';
export default defineConfig({
  // the web UI's components (web/src/**/*.tsx) use React's automatic JSX runtime
  esbuild: { jsx: 'automatic' },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // one test file per core, not vitest's cores - 1: most tests wait on a process they started
    // (the CLI, dbt, a server, Chromium), so a single worker on two cores leaves one idle
    maxWorkers: availableParallelism(),
    sequence: { sequencer: SlowFirst },
    setupFiles: ['test/helpers/developer-env.ts', 'test/helpers/no-residents.ts', 'test/helpers/event-loop-turn.ts', 'test/helpers/scratch-cache.ts'],
  },
});
