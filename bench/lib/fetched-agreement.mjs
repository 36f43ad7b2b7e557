// A fetched project (bench/lib/fetched-projects.mjs) read by a real `dbt parse` (in-memory DuckDB
// profile, the registry's vars) and by `modeler summary`, side by side: the six counts and, where
// dbt's manifest allows, node by node (the unique ids of enabled and disabled models, sources and
// tests). Shared by test/project/real-fetched.test.ts and bench/dbt-agreement.mjs.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fetchedCopy, fetchedProject } from './fetched-projects.mjs';
import { countsFromManifest, countsFromSummary, dbtParseManifest, REPO } from './real-dbt.mjs';

const BIN = join(REPO, 'bin', 'modeler.js');

/** `modeler summary --output-json` on a project (with vars and the environment it needs), and the time it took. */
export function modelerSummary(dir, vars, profilesDir, env = {}) {
  const t0 = performance.now();
  const args = [BIN, 'summary', '--project-dir', dir, '--output-json', ...(vars ? ['--vars', JSON.stringify(vars)] : []), ...(profilesDir ? ['--profiles-dir', profilesDir] : [])];
  const r = spawnSync(process.execPath, args, { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 512 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(`modeler summary failed (${r.status}): ${r.stderr}`);
  return { summary: JSON.parse(r.stdout), code: r.status, ms };
}

/** Unique ids per kind from dbt's manifest (root package only). */
export function idsFromManifest(m, pkg) {
  const own = (n) => n.package_name === pkg;
  const nodes = Object.values(m.nodes).filter(own);
  const disabled = Object.values(m.disabled ?? {}).flat().filter(own);
  const ids = (list, type) => list.filter((n) => n.resource_type === type).map((n) => n.unique_id.replace(/\.v(\d+)$/, '.v$1')).sort();
  return {
    models: ids(nodes, 'model'), models_disabled: [...new Set(ids(disabled, 'model'))].sort(),
    sources: Object.values(m.sources).filter(own).map((s) => s.unique_id).sort(),
  };
}

/** dbt parse on a writable copy of the fetched project; returns {manifest, pkg, counts, ms}. */
export function dbtOnFetched(name) {
  const { project } = fetchedProject(name);
  const copy = fetchedCopy(name);
  // the profile the project names, on in-memory DuckDB: dbt and modeler read the same target
  const profile = /^profile:\s*['"]?([\w-]+)/m.exec(readFileSync(join(copy, 'dbt_project.yml'), 'utf8'))?.[1] ?? 'default';
  writeFileSync(join(copy, 'profiles.yml'), `${profile}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n`);
  const vars = agreementVars(project);
  const extra = vars ? ['--vars', JSON.stringify(vars)] : [];
  const { manifest, ms } = dbtParseManifest(copy, copy, profile, extra, project.env);
  const pkg = manifest.metadata.project_name;
  return { manifest, pkg, counts: countsFromManifest(manifest, pkg), ms, copy };
}

/** The vars the agreement is measured with: the registry's agreementVars when given, else its vars. */
export const agreementVars = (project) => project.agreementVars ?? project.vars;

/** Both readings of a fetched project: counts, and how many of them agree. */
export function agreementOn(name) {
  const { dir, project } = fetchedProject(name);
  const dbt = dbtOnFetched(name);
  const got = modelerSummary(dir, agreementVars(project), dbt.copy, project.env);
  const modeler = countsFromSummary(got.summary);
  const keys = Object.keys(dbt.counts);
  return { name, dbt: dbt.counts, modeler, agree: keys.filter((k) => dbt.counts[k] === modeler[k]).length, of: keys.length,
    dbtMs: dbt.ms, modelerMs: got.ms, manifest: dbt.manifest, pkg: dbt.pkg, dir, copy: dbt.copy, vars: agreementVars(project), env: project.env ?? {}, summary: got.summary, code: got.code };
}
