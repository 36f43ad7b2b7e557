// The assistant's retrieval, measured: recall@5 and MRR on the hand-labelled questions
// (test/fixtures/retrieval/), then on the synthetic 10,000-model project the cold index build,
// per-file updates and the latency of context/preview (p50/p95).
// Usage: npm run build && node bench/assistant-retrieval.mjs [N]   (default 10000)
// Targets: build < 3 s cold, per-file update < 50 ms, query p95 < 50 ms. Times are wall clock
// with CPU time beside them (on a shared machine the wall clock also counts other processes).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AssistantSession, loadProject, preview, scoreRetrieval } from '../dist/api.js';
import { ProjectIndex } from '../dist/assistant/index/project-index.js';
import { generateProject } from './lib/synthetic-project.mjs';
import { REAL_DBT } from './lib/real-dbt.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const LABELS = join(REPO, 'test', 'fixtures', 'retrieval');
const cpu = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1000; };
const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]; };
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const labels = (f) => JSON.parse(readFileSync(join(LABELS, f), 'utf8'));

// --- labelled questions -----------------------------------------------------------------
const sets = [
  ['jaffle_shop (example)', join(REPO, 'examples', 'jaffle_shop'), labels('labels-jaffle_shop.json').questions],
  ['saas_analytics (fixture)', join(LABELS, 'saas_analytics'), labels('labels-saas_analytics.json').questions],
];
const real = labels('labels-real-dbt.json');
for (const [key, where] of Object.entries(real.projects)) {
  const dir = join(REAL_DBT, where.shared.replace(/^fixtures\/real-dbt\//, ''));
  try { loadProject(dir); sets.push([`${key} (real dbt)`, dir, real.questions.filter((q) => q.project === key)]); } catch { console.log(`${key}: skipped (${dir} not found)`); }
}
let n = 0, recall = 0, rr = 0;
const lat = [];
console.log('labelled retrieval (recall@5 = share of the sources a good answer must cite found in the first 5)');
for (const [label, dir, qs] of sets) {
  const p = loadProject(dir);
  const s = scoreRetrieval(new ProjectIndex(p).build(), p.skills, qs);
  n += s.questions; recall += s.recallAtK * s.questions; rr += s.mrr * s.questions; lat.push(...s.latencies);
  console.log(`  ${label.padEnd(28)} questions=${String(s.questions).padStart(3)}  recall@5=${s.recallAtK.toFixed(3)}  MRR=${s.mrr.toFixed(3)}`);
}
console.log(`  ${'all'.padEnd(28)} questions=${String(n).padStart(3)}  recall@5=${(recall / n).toFixed(3)}  MRR=${(rr / n).toFixed(3)}  latency p50=${ms(pct(lat, 50))} p95=${ms(pct(lat, 95))}`);

// --- the synthetic 10,000-model project ---------------------------------------------------
const N = Number(process.argv[2] ?? 10000);
const dir = join(tmpdir(), `modeler-bench-assistant-${N}`);
generateProject(dir, { models: N });
let t = performance.now(), c = cpu();
const project = loadProject(dir);
console.log(`\nsynthetic project N=${N}: project load ${ms(performance.now() - t)} (cpu ${ms(cpu() - c)})`);
t = performance.now(); c = cpu();
const session = new AssistantSession(project);
const build = performance.now() - t, buildCpu = cpu() - c;
console.log(`  index build (cold)        ${ms(build)} (cpu ${ms(buildCpu)})  records=${session.indexStats().records}   target < 3000 ms`);

// per-file updates: each edit, re-read by the project, then the index
const edits = [
  ['property YAML (one description)', 'models/marts/_models_150.yml', (s) => s.replace(/description: Model (\w+)/, 'description: Changed model $1')],
  ['SQL (a new ref)', (() => { const m = project.models.find((x) => x.name.startsWith('fct_')); return m.sqlPath; })(), (s) => s.replace('select *', 'select 1 as x, *')],
  ['doc block Markdown', 'models/_docs.md', (s) => s.replace('Shared description number 40.', 'Shared description number forty.')],
  ['staging property YAML', 'models/staging/shop/_models_6.yml', (s) => s.replace(/description: Column attr_3 of (\w+)\./, 'description: The third attribute of $1.')],
];
const updates = [];
for (let round = 0; round < 3; round++) {
  for (const [what, rel, edit] of edits) {
    const file = join(dir, rel);
    const before = readFileSync(file, 'utf8');
    for (const text of [edit(before), before]) {
      writeFileSync(file, text);
      t = performance.now(); project.reloadFile(rel); const reload = performance.now() - t;
      t = performance.now(); c = cpu(); const u = session.filesChanged([rel], { reloaded: true }); const took = performance.now() - t, tookCpu = cpu() - c;
      // the validation issues follow at the next query (one readiness run for a burst of changes)
      t = performance.now(); session.index.refreshIssues(); const issues = performance.now() - t;
      updates.push({ what, reload, took, tookCpu, issues, units: u.units });
    }
  }
}
for (const [what] of edits) {
  const us = updates.filter((u) => u.what === what);
  console.log(`  update: ${what.padEnd(32)} index p50=${ms(pct(us.map((u) => u.took), 50))} (cpu ${ms(pct(us.map((u) => u.tookCpu), 50))}), units=${us[0].units}; the reader's reloadFile p50=${ms(pct(us.map((u) => u.reload), 50))}`);
}
console.log(`  update: all edits                        index p50=${ms(pct(updates.map((u) => u.took), 50))} p95=${ms(pct(updates.map((u) => u.took), 95))}   target < 50 ms`);
console.log(`  then the issues, at the next query       p50=${ms(pct(updates.map((u) => u.issues), 50))} p95=${ms(pct(updates.map((u) => u.issues), 95))} (one readiness run over the project, cached per unchanged model)`);

// context/preview latency over questions a user of this project would ask
const names = project.models.slice(0, 40).map((m) => m.name);
const queries = [
  ...names.slice(0, 10).map((x) => `explain ${x}`), ...names.slice(10, 20).map((x) => `which models feed ${x}`),
  ...names.slice(20, 30).map((x) => `${x}.attr_3`), 'which models lack owners', 'shared description number 40', 'relationships test on payment_id',
  'what is the grain of the invoice fact', 'customer id of the shop customers', 'interfaces that are not contracted', 'columns typed integer',
  'which staging models come from hubspot', 'order items of an order', 'lead source of an opportunity',
];
const times = [];
for (const q of queries) { t = performance.now(); preview(session, { message: q }); times.push(performance.now() - t); }
for (const q of queries) { t = performance.now(); preview(session, { message: q }); times.push(performance.now() - t); }
console.log(`  context/preview (${times.length} queries) p50=${ms(pct(times, 50))} p95=${ms(pct(times, 95))} max=${ms(Math.max(...times))}   target p95 < 50 ms`);
