// Every test file gets its own cache directory (MODELER_CACHE_DIR, inherited by the CLI and server
// processes it starts), so the assistant's kept indexes never land in the user's ~/.cache and no
// test sees another's; a test that sets its own still wins.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// (a worker that runs several files keeps its env: a directory this file made before is replaced)
const ours = process.env.MODELER_CACHE_DIR && process.env.MODELER_CACHE_DIR === process.env.MODELER_TEST_SCRATCH_CACHE;
if (!process.env.MODELER_CACHE_DIR || ours) {
  const dir = mkdtempSync(join(tmpdir(), 'modeler-test-cache-'));
  process.env.MODELER_CACHE_DIR = process.env.MODELER_TEST_SCRATCH_CACHE = dir;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
}
