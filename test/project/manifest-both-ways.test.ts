// Reading a project with dbt's target/manifest.json and without it gives the same project: the
// manifest only adds (bench/lib/manifest-both-ways.mjs says what), never changes a node, a column,
// a test or a finding of the project's own. On every real project here: the example (it ships
// its manifest), the two of ../shared/fixtures/real-dbt/ and the fetched ones, each after a real
// `dbt parse` writes its manifest (skipped with the reason where dbt or the project is absent).
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBothWays } from '../../bench/lib/manifest-both-ways.mjs';
import { agreementVars, dbtOnFetched } from '../../bench/lib/fetched-agreement.mjs';
import { dbtParseManifest, parseableCopy, REAL_DBT, realProjects } from '../../bench/lib/real-dbt.mjs';
import { loadProject } from '../../src/core/project/load.js';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { describeFetchedDbt, describeShared, fetchedProject, registeredProjects } from '../helpers/shared.js';

function expectSameBothWays(dir: string, load: (d: string) => ReturnType<typeof loadProject>) {
  const r = readBothWays(dir, load);
  expect(r.manifestRead).toBe(true);
  expect(r.withManifest.models.length).toBeGreaterThan(0);
  expect(r.withManifest).toEqual(r.withoutManifest);
}

describe('the example: the same with and without its manifest', () => {
  it('jaffle_shop', () => {
    const copy = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, copy, { recursive: true });
    expectSameBothWays(copy, (d) => loadProject(d));
  });
});

describeShared('real dbt projects: the same with and without the manifest dbt parse writes', () => {
  for (const name of realProjects()) {
    it(name, () => {
      const copy = parseableCopy(join(REAL_DBT, name));
      dbtParseManifest(copy);
      expectSameBothWays(copy, (d) => loadProject(d, { profilesDir: REAL_DBT }));
    }, 300_000);
  }
}, 'real-dbt');

for (const { name } of registeredProjects()) {
  describeFetchedDbt(`${name}: the same with and without the manifest dbt parse writes`, name, () => {
    it(name, () => {
      const dbt = dbtOnFetched(name);
      const vars = agreementVars(fetchedProject(name).project);
      expectSameBothWays(dbt.copy, (d) => loadProject(d, { vars, profilesDir: dbt.copy }));
    }, 1_200_000);
  });
}
