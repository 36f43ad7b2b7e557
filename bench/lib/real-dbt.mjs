// The real dbt projects in ../shared/fixtures/real-dbt/ and how to run a real `dbt parse` on
// them offline: a temporary copy gets the package stand-ins of test/fixtures/dbt-package-stubs
// under dbt_packages/. Shared by the agreement test and bench/dbt-agreement.mjs.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const REAL_DBT = join(process.env.MODELER_SHARED ? resolve(process.env.MODELER_SHARED) : join(REPO, '..', 'shared'), 'fixtures', 'real-dbt');
export const STUBS = join(REPO, 'test', 'fixtures', 'dbt-package-stubs');

/** Names of the real projects present (empty when ../shared is absent). */
export function realProjects() {
  if (!existsSync(REAL_DBT)) return [];
  return readdirSync(REAL_DBT, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(REAL_DBT, e.name, 'dbt_project.yml'))).map((e) => e.name).sort();
}

/** dbt's own counts as recorded next to the projects (dbt-parse-counts.json). */
export function recordedCounts() {
  const f = join(REAL_DBT, 'dbt-parse-counts.json');
  return existsSync(f) ? JSON.parse(readFileSync(f, 'utf8')) : {};
}

/** A temporary copy of a project with the package stand-ins installed. */
export function parseableCopy(src) {
  const dir = join(mkdtempSync(join(tmpdir(), 'modeler-realdbt-')), src.split('/').pop());
  cpSync(src, dir, { recursive: true });
  for (const p of readdirSync(STUBS, { withFileTypes: true })) {
    if (p.isDirectory() && !existsSync(join(dir, 'dbt_packages', p.name))) cpSync(join(STUBS, p.name), join(dir, 'dbt_packages', p.name), { recursive: true });
  }
  return dir;
}

export function dbtBin() {
  const c = [process.env.MODELER_DBT, join(REPO, '.ci', 'venv', 'bin', 'dbt')].filter(Boolean);
  return c.find((x) => existsSync(x));
}

/** Run a real `dbt parse` (in-memory DuckDB profile); returns the manifest or throws with dbt's output. */
export function dbtParseManifest(dir, profilesDir = REAL_DBT, profile = 'default', extra = [], env = {}) {
  const bin = dbtBin();
  if (!bin) throw new Error('dbt not found: run `npm run test:deps` (installs dbt-core + dbt-duckdb into .ci/venv)');
  const t0 = performance.now();
  const r = spawnSync(bin, ['parse', '--profiles-dir', profilesDir, '--profile', profile, '--project-dir', dir, '--no-use-colors', '--no-partial-parse', ...extra], {
    cwd: dir, encoding: 'utf8', env: { ...process.env, ...env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 1_800_000, maxBuffer: 256 * 1024 * 1024,
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`dbt parse failed in ${dir} (status ${r.status}, signal ${r.signal}, ${r.error?.message ?? ''}):\n${(r.stdout ?? '').slice(-3000)}${(r.stderr ?? '').slice(-3000)}`);
  return { manifest: JSON.parse(readFileSync(join(dir, 'target', 'manifest.json'), 'utf8')), ms };
}

/** The counts `modeler summary --output-json` reports, computed from dbt's manifest for the root package. */
export function countsFromManifest(m, pkg) {
  const nodes = Object.values(m.nodes);
  const models = nodes.filter((n) => n.resource_type === 'model' && n.package_name === pkg);
  const disabled = Object.values(m.disabled ?? {}).flat().filter((n) => n.resource_type === 'model' && n.package_name === pkg);
  const sources = Object.values(m.sources).filter((s) => s.package_name === pkg);
  const tests = nodes.filter((n) => n.resource_type === 'test' && n.package_name === pkg);
  const columns = models.reduce((a, n) => a + Object.keys(n.columns).length, 0) + sources.reduce((a, s) => a + Object.keys(s.columns).length, 0);
  return {
    models: models.length, models_disabled: disabled.length, sources: sources.length, columns,
    tests: tests.length, relationships: tests.filter((t) => t.test_metadata?.name === 'relationships').length,
  };
}

/** The same six counts from a modeler summary JSON. */
export function countsFromSummary(s) {
  return { models: s.models.total, models_disabled: s.models.disabled, sources: s.sources, columns: s.columns, tests: s.tests.total, relationships: s.tests.relationships };
}

/** The further counts dbt's manifest allows comparing: snapshots, seeds, the semantic layer, groups, unit tests, macros. */
export function moreCountsFromManifest(m, pkg) {
  const own = (o) => Object.values(o ?? {}).filter((n) => n.package_name === pkg);
  const nodes = own(m.nodes);
  return {
    seeds: nodes.filter((n) => n.resource_type === 'seed').length, snapshots: nodes.filter((n) => n.resource_type === 'snapshot').length,
    semantic_models: own(m.semantic_models).length, metrics: own(m.metrics).length, saved_queries: own(m.saved_queries).length,
    groups: own(m.groups).length, unit_tests: own(m.unit_tests).length, macros: own(m.macros).length,
  };
}

/** The same from a modeler summary JSON. */
export function moreCountsFromSummary(s) {
  return { seeds: s.seeds, snapshots: s.snapshots, semantic_models: s.semanticModels, metrics: s.metrics, saved_queries: s.savedQueries,
    groups: s.groups, unit_tests: s.unitTests, macros: s.macros };
}
