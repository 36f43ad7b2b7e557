// A project read with dbt's target/manifest.json and without it is the same project: the manifest
// only adds (bench/lib/manifest-both-ways.mjs says what). Used where a real dbt parse wrote it.
import { expect } from 'vitest';
import { readBothWays } from '../../bench/lib/manifest-both-ways.mjs';
import type { loadProject } from '../../src/core/project/load.js';

export function expectSameBothWays(dir: string, load: (d: string) => ReturnType<typeof loadProject>): void {
  const r = readBothWays(dir, load);
  expect(r.manifestRead).toBe(true);
  expect(r.withManifest.models.length).toBeGreaterThan(0);
  expect(r.withManifest).toEqual(r.withoutManifest);
}
