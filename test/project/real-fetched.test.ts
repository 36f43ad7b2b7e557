// The fetched public projects (test/fixtures/real-projects/*.project.json) read by a real
// `dbt parse` (in-memory DuckDB, the project's own profile name, the registry's vars) and by
// modeler: the fourteen summary counts equal, and node by node the same enabled and disabled
// models and the same source tables; and, from the same parse, the project reads the same with
// the manifest dbt wrote and without it (test/project/manifest-both-ways.test.ts says why). Tuva
// with its labelling vars is a project dbt refuses: so does modeler, naming the same model and
// the same missing node among its located errors.
import { beforeAll, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { agreementOn, idsFromManifest, modelerSummary } from '../../bench/lib/fetched-agreement.mjs';
import { fetchedCopy, fetchedProject, withProjectEnv } from '../../bench/lib/fetched-projects.mjs';
import { countsFromManifest, countsFromSummary, dbtParseManifest, moreCountsFromManifest, moreCountsFromSummary } from '../../bench/lib/real-dbt.mjs';
import { loadProject } from '../../src/core/project/load.js';
import { renderedRefs } from '../../src/core/columns/rendered-refs.js';
import { describeFetchedDbt, registeredProjects } from '../helpers/shared.js';
import { offThread } from '../helpers/off-thread.js';
import { expectSameBothWays } from './both-ways.js';

const AGREEMENT = new URL('../../bench/lib/fetched-agreement.mjs', import.meta.url);

for (const { name } of registeredProjects()) {
  describeFetchedDbt(`${name} agrees with dbt parse`, name, () => {
    // one real dbt parse (minutes on the larger projects) for both checks
    let a: ReturnType<typeof agreementOn>;
    beforeAll(async () => { a = await offThread(AGREEMENT, 'agreementOn', name); }, 1_200_000);
    it('the fourteen summary counts, and node by node the models (enabled, disabled) and sources', () => {
      expect({ ...countsFromSummary(a.summary), ...moreCountsFromSummary(a.summary) })
        .toEqual({ ...countsFromManifest(a.manifest, a.pkg), ...moreCountsFromManifest(a.manifest, a.pkg) });
      const p = withProjectEnv(a.env, () => loadProject(a.dir, { vars: a.vars, profilesDir: a.copy }));
      const ids = (list: { uniqueId: string }[]) => list.map((n) => n.uniqueId).sort();
      expect({ models: ids(p.models), models_disabled: ids(p.disabled.filter((n) => n.resourceType === 'model')), sources: ids(p.sources) })
        .toEqual(idsFromManifest(a.manifest, a.pkg));
      expect(p.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    }, 300_000);
    it('each model reads the sources dbt records it depending on (through vars and project macros too)', () => {
      const p = withProjectEnv(a.env, () => loadProject(a.dir, { vars: a.vars, profilesDir: a.copy }));
      // a source() a project macro builds from its arguments (`stg_source_header('carif_oref', 'formations')`) is found by rendering
      const rendered = renderedRefs(p);
      const sourceIds = new Map(p.sources.map((x) => [x.uniqueId, x.name]));
      const theirs: Record<string, string[]> = {}, ours: Record<string, string[]> = {};
      for (const m of p.models) {
        const d = a.manifest.nodes[m.uniqueId];
        if (!d) continue;
        theirs[m.name] = d.depends_on.nodes.filter((x: string) => x.startsWith('source.')).map((x: string) => x.split('.').slice(2).join('.')).sort();
        const built = (rendered.get(m.uniqueId) ?? []).map((id) => sourceIds.get(id)).filter((x): x is string => !!x);
        ours[m.name] = [...new Set([...m.sourceRefs, ...built])].sort();
      }
      expect(ours).toEqual(theirs);
    }, 300_000);
    it('the same with and without the manifest dbt parse writes', () => {
      expectSameBothWays(a.copy, (d) => withProjectEnv(a.env, () => loadProject(d, { vars: a.vars, profilesDir: a.copy })));
    }, 300_000);
  });
}

describeFetchedDbt('tuva with its labelling vars: dbt parse refuses, and so does modeler', 'tuva', () => {
  it("dbt's error is among modeler's located errors", () => {
    const { dir, project } = fetchedProject('tuva');
    const copy = fetchedCopy('tuva');
    writeFileSync(`${copy}/profiles.yml`, "default:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n");
    let refused = '';
    try { dbtParseManifest(copy, copy, 'default', ['--vars', JSON.stringify(project.vars)]); } catch (e) { refused = String((e as Error).message); }
    const m = /Model '([^']+)' \(([^)]+)\) depends on a node named '([^']+)' which was not found/.exec(refused);
    expect(m, refused.slice(-2000)).not.toBeNull();
    const ours = modelerSummary(dir, project.vars, copy);
    expect(ours.code).toBe(1);
    const found = ours.summary.diagnosticsList.filter((d: any) => d.code === 'DBT_REF_NOT_FOUND');
    expect(found.map((d: any) => `${d.file}|${d.message.split(' (dbt parse')[0]}`)).toContain(`${m![2]}|${m![0]}`);
  }, 1_200_000);
});
