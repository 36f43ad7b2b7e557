// Registered for every test file (vitest.config.ts setupFiles).
// Why: many tests run the CLI, dbt and engines synchronously (spawnSync). A file of such tests
// never lets the worker's event loop turn, so vitest's own progress call to the main process
// ("onTaskUpdate") is answered but the answer is not read; when the loop finally turns, its
// 60 s timer fires first and the run reports "Timeout calling onTaskUpdate" although every test
// passed. One I/O round trip and one check-phase turn after each test lets the answer be read.
import { afterEach } from 'vitest';
import { stat } from 'node:fs';

afterEach(async () => {
  await new Promise<void>((resolve) => stat('.', () => resolve()));
  await new Promise<void>((resolve) => setImmediate(resolve));
});
