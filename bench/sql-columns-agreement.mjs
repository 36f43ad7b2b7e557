// Columns from SQL against the truth: for every registered fetched project (or those named),
// a real `dbt compile` (dbt-duckdb), DuckDB's DESCRIBE of each compiled model on empty inputs
// (bench/lib/sql-columns-truth.mjs), and modeler's own reading of the same models from their
// source SQL (rendered here, not dbt's compiled_code). Prints, per project: models judged, how
// (describe / compiled-parse), how many modeler read completely, and of those how many agree
// (same names in the same order, case-insensitive); then each disagreement.
// Usage: npm run build && node bench/sql-columns-agreement.mjs [project ...] [--verbose]
import { fetchedProject, fetchedSkipReason, registeredProjects } from './lib/fetched-projects.mjs';
import { compileCopy, describeModels, TRUTH_TARGET } from './lib/sql-columns-truth.mjs';

const { loadProject } = await import('../dist/core/project/load.js');
const { initSqlColumns, parserDialect } = await import('../dist/core/sql-columns/query-shape.js');
const { readSqlColumns } = await import('../dist/core/sql-columns/read-columns.js');
const { projectColumns } = await import('../dist/core/columns/project-columns.js');
await initSqlColumns();

const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const wanted = args.filter((a) => !a.startsWith('--'));
const projects = registeredProjects().filter((p) => !wanted.length || wanted.includes(p.name));

/** Compare modeler's reading of one project's models with the truth. */
export async function agreement(name) {
  const reason = fetchedSkipReason(name);
  if (reason) return { name, skipped: reason };
  const compiled = compileCopy(name);
  const { dir, project: reg } = fetchedProject(name);
  const p = loadProject(dir, { vars: reg.vars });
  const pkg = p.name;
  // dbt's compiled_code read by the parser, inputs from the truth found so far
  const truthCols = new Map();
  const byRel = new Map(Object.values(compiled.manifest.nodes).concat(Object.values(compiled.manifest.sources)).filter((n) => n.relation_name).map((n) => [n.relation_name.replace(/"/g, '').toLowerCase(), n.unique_id]));
  const readCompiled = (n) => {
    const r = readSqlColumns(n.compiled_code, parserDialect('duckdb'), (parts) => {
      const id = byRel.get(parts.join('.').toLowerCase());
      const cols = id ? truthCols.get(id) : undefined;
      return { id: id ?? parts.join('.'), columns: cols?.map((c) => ({ name: c })) };
    });
    return r.error || r.gaps.length ? undefined : r.columns.map((c) => c.name);
  };
  const truth = await describeModels(compiled, pkg, (n) => { const r = readCompiled(n); if (r) truthCols.set(n.unique_id, r); return r; });
  for (const [id, t] of truth) truthCols.set(id, t.names);
  const t0 = performance.now();
  const pc = projectColumns(p, { target: { ...TRUTH_TARGET, profile_name: 'x' } });
  const out = { name, models: p.models.length, judged: 0, describe: 0, compiledParse: 0, complete: 0, partial: 0, unknown: 0, agree: 0, differ: [], notRead: [] };
  for (const m of p.models) {
    const t = truth.get(m.uniqueId);
    if (!t) continue;
    out.judged++;
    out[t.how === 'describe' ? 'describe' : 'compiledParse']++;
    const r = pc.sql(m);
    if (!r || r.status !== 'complete') { out[r?.status ?? 'unknown']++; out.notRead.push({ model: m.name, status: r?.status, why: r?.gaps?.[0] }); continue; }
    out.complete++;
    const mine = r.columns.map((c) => c.name.toLowerCase());
    const theirs = t.names.map((c) => c.toLowerCase());
    if (mine.join(',') === theirs.join(',')) out.agree++;
    else out.differ.push({ model: m.name, how: t.how, modeler: mine, truth: theirs });
  }
  out.readMs = Math.round(performance.now() - t0);
  return out;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const totals = { judged: 0, complete: 0, agree: 0 };
  for (const p of projects) {
    let r;
    try { r = await agreement(p.name); } catch (e) { console.log(`${p.name.padEnd(28)} failed: ${String(e.message).split('\n')[0]}`); continue; }
    if (r.skipped) { console.log(`${p.name.padEnd(28)} skipped: ${r.skipped}`); continue; }
    totals.judged += r.judged; totals.complete += r.complete; totals.agree += r.agree;
    const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
    console.log(`${r.name.padEnd(28)} models=${r.models} judged=${r.judged} (describe ${r.describe}, compiled-parse ${r.compiledParse})  read completely=${r.complete} (${pct(r.complete, r.judged)})  partial=${r.partial} unknown=${r.unknown}  agree=${r.agree}/${r.complete} (${pct(r.agree, r.complete)})  read in ${r.readMs} ms`);
    for (const d of r.differ.slice(0, verbose ? 100 : 5)) console.log(`    differs ${d.model} [${d.how}]\n      modeler: ${d.modeler.join(', ')}\n      truth:   ${d.truth.join(', ')}`);
    if (verbose) for (const n of r.notRead) console.log(`    not read ${n.model} (${n.status}): ${n.why}`);
  }
  const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(1)}%` : '-');
  console.log(`all projects: judged=${totals.judged}  read completely=${totals.complete} (${pct(totals.complete, totals.judged)})  agree=${totals.agree}/${totals.complete} (${pct(totals.agree, totals.complete)})`);
}
