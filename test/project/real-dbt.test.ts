// What modeler says is in a real project equals what `dbt parse` says: the six counts of
// `modeler summary --output-json`, on both real projects of ../shared/fixtures/real-dbt/ (a real
// dbt parse on a copy, and the counts recorded next to them; the example's are in
// example-dbt.test.ts). From the same parse, a real project reads the same with the manifest dbt
// wrote and without it (manifest-both-ways.test.ts says why).
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../helpers/cli.js';
import { describeShared } from '../helpers/shared.js';
import { countsFromManifest, countsFromSummary, parseableCopy, REAL_DBT, realProjects, recordedCounts } from '../../bench/lib/real-dbt.mjs';
import { loadProject } from '../../src/core/project/load.js';
import { offThread } from '../helpers/off-thread.js';
import { expectSameBothWays } from './both-ways.js';

const REAL_DBT_LIB = new URL('../../bench/lib/real-dbt.mjs', import.meta.url);

const projects = realProjects();
const summary = (dir: string) => {
  const r = runCli(['summary', '--project-dir', dir, '--output-json']);
  expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBeLessThan(64);
  return JSON.parse(r.stdout);
};

describeShared('real dbt projects agree with dbt parse', () => {
  for (const name of projects) {
    describe(name, () => {
      // one real dbt parse for both checks
      let copy: string, manifest: any;
      beforeAll(async () => {
        copy = parseableCopy(join(REAL_DBT, name));
        manifest = (await offThread<{ manifest: any }>(REAL_DBT_LIB, 'dbtParseManifest', copy)).manifest;
      }, 300_000);
      it('summary counts equal a real dbt parse and the recorded counts', () => {
        const pkg = manifest.metadata.project_name;
        const dbt = countsFromManifest(manifest, pkg);
        expect(countsFromSummary(summary(join(REAL_DBT, name)))).toEqual(dbt);
        // the same with dbt's target/manifest.json beside the project (its package nodes are context only)
        expect(countsFromSummary(summary(copy))).toEqual(dbt);
        const recorded = recordedCounts()[name];
        if (recorded) expect(dbt).toEqual({ models: recorded.models, models_disabled: recorded.models_disabled, sources: recorded.sources,
          columns: recorded.columns, tests: recorded.tests, relationships: recorded.relationships });
      }, 300_000);
      it('the same with and without the manifest dbt parse writes', () => {
        expectSameBothWays(copy, (d) => loadProject(d, { profilesDir: REAL_DBT }));
      }, 300_000);
    });
  }
}, 'real-dbt');
