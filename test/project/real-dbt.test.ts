// What modeler says is in a real project equals what `dbt parse` says: the six counts of
// `modeler summary --output-json`, on both real projects of ../shared/fixtures/real-dbt/ (a real
// dbt parse on a copy, and the counts recorded next to them) and on the example.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { EXAMPLE, runCli } from '../helpers/cli.js';
import { describeShared } from '../helpers/shared.js';
import { countsFromManifest, countsFromSummary, dbtParseManifest, parseableCopy, REAL_DBT, realProjects, recordedCounts } from '../../bench/lib/real-dbt.mjs';

const projects = realProjects();
const summary = (dir: string) => {
  const r = runCli(['summary', '--project-dir', dir, '--output-json']);
  expect(r.code, r.stderr + r.stdout.slice(0, 2000)).toBeLessThan(64);
  return JSON.parse(r.stdout);
};

describeShared('real dbt projects agree with dbt parse', () => {
  for (const name of projects) {
    it(`${name}: summary counts equal a real dbt parse and the recorded counts`, () => {
      const copy = parseableCopy(join(REAL_DBT, name));
      const { manifest } = dbtParseManifest(copy);
      const pkg = manifest.metadata.project_name;
      const dbt = countsFromManifest(manifest, pkg);
      expect(countsFromSummary(summary(join(REAL_DBT, name)))).toEqual(dbt);
      // the same with dbt's target/manifest.json beside the project (its package nodes are context only)
      expect(countsFromSummary(summary(copy))).toEqual(dbt);
      const recorded = recordedCounts()[name];
      if (recorded) expect(dbt).toEqual({ models: recorded.models, models_disabled: recorded.models_disabled, sources: recorded.sources,
        columns: recorded.columns, tests: recorded.tests, relationships: recorded.relationships });
    }, 300_000);
  }
}, 'real-dbt');

describe('the example project', () => {
  it('summary counts equal a real dbt parse', () => {
    const copy = parseableCopy(EXAMPLE);
    const { manifest } = dbtParseManifest(copy, copy, 'jaffle_shop');
    expect(countsFromSummary(summary(EXAMPLE))).toEqual(countsFromManifest(manifest, 'jaffle_shop'));
  }, 300_000);
});
