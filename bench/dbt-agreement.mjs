// What modeler reads vs what `dbt parse` reads, side by side: the six summary counts and the
// time each takes, on the real projects of ../shared/fixtures/real-dbt/, the example, and the
// synthetic 2,000- and 10,000-model projects.
// Usage: npm run build && node bench/dbt-agreement.mjs [--skip-synthetic]
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { countsFromManifest, countsFromSummary, dbtParseManifest, parseableCopy, REAL_DBT, REPO, realProjects } from './lib/real-dbt.mjs';
import { generateProject } from './lib/synthetic-project.mjs';

const BIN = join(REPO, 'bin', 'modeler.js');
function modelerSummary(dir) {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [BIN, 'summary', '--project-dir', dir, '--output-json'], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - t0;
  if (r.status !== 0 && r.status !== 1) throw new Error(r.stderr);
  return { counts: countsFromSummary(JSON.parse(r.stdout)), ms };
}

const rows = [];
const targets = [...realProjects().map((n) => ({ name: n, dir: join(REAL_DBT, n), profiles: REAL_DBT, profile: 'default' })),
  { name: 'example (jaffle_shop)', dir: join(REPO, 'examples', 'jaffle_shop'), profile: 'jaffle_shop', own: true }];
if (!process.argv.includes('--skip-synthetic')) {
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
console.log(`agreement: ${ok} of ${total} counts equal dbt parse`);
