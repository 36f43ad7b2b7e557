// What modeler reads vs what `dbt parse` reads, side by side: the six summary counts and the
// time each takes, on the real projects of ../shared/fixtures/real-dbt/, the example, and the
// synthetic 2,000- and 10,000-model projects; then the fourteen counts (the six, seeds,
// snapshots, semantic models, metrics, saved queries, groups, unit tests, macros) on every
// fetched project of test/fixtures/real-projects/ (skipped with the reason when not fetched).
// Usage: npm run build && node bench/dbt-agreement.mjs [--skip-synthetic] [--skip-fetched] [--only NAME]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { countsFromManifest, countsFromSummary, dbtParseManifest, parseableCopy, REAL_DBT, REPO, realProjects } from './lib/real-dbt.mjs';
import { generateProject } from './lib/synthetic-project.mjs';
import { agreementOn } from './lib/fetched-agreement.mjs';
import { fetchedSkipReason, registeredProjects } from './lib/fetched-projects.mjs';
import { moreCountsFromManifest, moreCountsFromSummary } from './lib/real-dbt.mjs';

const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined;

const BIN = join(REPO, 'bin', 'modeler.js');
function modelerSummary(dir) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'summary', '--project-dir', dir, '--output-json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
  return { counts: countsFromSummary(JSON.parse(r.stdout)), ms };
}

const rows = [];
const targets = only ? [] : [...realProjects().map((n) => ({ name: n, dir: join(REAL_DBT, n), profiles: REAL_DBT, profile: 'default' })),
  { name: 'example (jaffle_shop)', dir: join(REPO, 'examples', 'jaffle_shop'), profile: 'jaffle_shop', own: true }];
if (!only && !process.argv.includes('--skip-synthetic')) {
  for (const n of [2000, 10000]) {
    const dir = join(tmpdir(), `modeler-agree-${n}`);
    generateProject(dir, { models: n, manifest: false });
    targets.push({ name: `synthetic ${n}`, dir, profile: 'synthetic', synthetic: true });
  }
}
for (const t of targets) {
  const copy = parseableCopy(t.dir);
  if (t.own || t.synthetic) {
    // a profile beside the copy: in-memory DuckDB
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(copy, 'profiles.yml'), `${t.profile}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n`);
  }
  const dbt = dbtParseManifest(copy, t.profiles ?? copy, t.profile);
  const pkg = dbt.manifest.metadata.project_name;
  const want = countsFromManifest(dbt.manifest, pkg);
  const got = modelerSummary(t.dir);
  const keys = Object.keys(want);
  const agree = keys.filter((k) => want[k] === got.counts[k]).length;
  rows.push({ name: t.name, agree: `${agree}/${keys.length}`, dbt: want, modeler: got.counts, dbtMs: dbt.ms, modelerMs: got.ms });
}
let total = 0, ok = 0;
for (const r of rows) {
  const [a, b] = r.agree.split('/').map(Number); ok += a; total += b;
  console.log(`${r.name.padEnd(24)} agree ${r.agree}  dbt parse ${(r.dbtMs / 1000).toFixed(1).padStart(6)} s  modeler summary ${(r.modelerMs / 1000).toFixed(2).padStart(6)} s  ratio ${(r.dbtMs / r.modelerMs).toFixed(0).padStart(4)}×`);
  if (r.agree.split('/')[0] !== r.agree.split('/')[1]) console.log(`   dbt     ${JSON.stringify(r.dbt)}\n   modeler ${JSON.stringify(r.modeler)}`);
}
if (rows.length) console.log(`agreement: ${ok} of ${total} counts equal dbt parse`);

if (!process.argv.includes('--skip-fetched')) {
  let fOk = 0, fTotal = 0;
  console.log('\nfetched projects: fourteen counts each');
  for (const { name } of registeredProjects()) {
    if (only && name !== only) continue;
    const why = fetchedSkipReason(name) ?? registeredProjects().find((x) => x.name === name)?.noDbtParse;
    if (why) { console.log(`${name.padEnd(24)} skipped: ${why}`); continue; }
    const a = agreementOn(name);
    const want = { ...a.dbt, ...moreCountsFromManifest(a.manifest, a.pkg) };
    const got = { ...a.modeler, ...moreCountsFromSummary(a.summary) };
    const keys = Object.keys(want);
    const agree = keys.filter((k) => want[k] === got[k]).length;
    fOk += agree; fTotal += keys.length;
    console.log(`${name.padEnd(24)} agree ${agree}/${keys.length}  dbt parse ${(a.dbtMs / 1000).toFixed(1).padStart(6)} s  modeler summary ${(a.modelerMs / 1000).toFixed(2).padStart(6)} s  (${want.models} models, ${want.models_disabled} disabled, ${want.tests} tests)`);
    for (const k of keys) if (want[k] !== got[k]) console.log(`   ${k}: dbt ${want[k]}, modeler ${got[k]}`);
  }
  console.log(`fetched agreement: ${fOk} of ${fTotal} counts equal dbt parse`);
}
