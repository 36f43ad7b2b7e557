// Column lineage coverage on fetched projects that have no labels (Fivetran-style packages among
// them): per project, how many model columns trace to an upstream column, how many are literals (not a filled-in `cast(null ...)`),
// how many say why they cannot be traced (`unresolved`), and how many are none of these — a
// column with no parent and no reason, which must stay 0. Usage: npm run build && node bench/lineage-coverage.mjs [name...] [--verbose]
import { fetchedProject, fetchedSkipReason } from './lib/fetched-projects.mjs';
import { TRUTH_TARGET } from './lib/sql-columns-truth.mjs';

const { loadProject } = await import('../dist/core/project/load.js');
const { initSqlColumns } = await import('../dist/core/sql-columns/query-shape.js');
const { lineageGraph } = await import('../dist/lineage/graph.js');
const { projectColumns } = await import('../dist/core/columns/project-columns.js');
await initSqlColumns();
const args = process.argv.slice(2);
const verbose = args.includes('--verbose');
const names = args.filter((a) => !a.startsWith('--'));
for (const name of names.length ? names : ['zendesk-source', 'jira-source', 'shopify-source', 'quickbooks-source', 'salesforce-source']) {
  const why = fetchedSkipReason(name);
  if (why) { console.log(`${name}: skipped (${why})`); continue; }
  const { dir, project } = fetchedProject(name);
  const p = loadProject(dir, { vars: project.vars });
  const c0 = process.cpuUsage();
  const g = lineageGraph(p, { target: TRUTH_TARGET });
  const cols = projectColumns(p, { target: TRUTH_TARGET });
  const cpu = process.cpuUsage(c0);
  const n = { columns: 0, traced: 0, literal: 0, unresolved: 0, silent: 0 };
  const silent = [], unresolved = new Map();
  for (const m of p.models) {
    const r = cols.sql(m);
    // a null filled in for a column the relation lacks (fivetran_utils.fill_staging_columns) is not a literal the author wrote
    const nulls = new Set([...(r?.sql ?? '').matchAll(/cast\(\s*null\s+as\s+[^)]*\)\s+as\s+"?(\w+)/gi)].map((x) => x[1].toLowerCase()));
    for (const c of r?.columns ?? []) {
      n.columns++;
      const id = m.uniqueId, up = g.up(id, c.name), why = g.unresolved(id, c.name);
      if (why.length) { n.unresolved++; for (const w of why) unresolved.set(w, (unresolved.get(w) ?? 0) + 1); }
      else if (up.length) n.traced++;
      else if (!nulls.has(c.name.toLowerCase())) n.literal++;
      else { n.silent++; silent.push(`${m.name}.${c.name}`); }
    }
  }
  console.log(`${name}: ${p.models.length} models, ${n.columns} columns: traced ${n.traced}, literal ${n.literal}, unresolved (with a reason) ${n.unresolved}, filled-in nulls with no reason ${n.silent}; cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms`);
  if (verbose) {
    for (const [w, k] of [...unresolved].sort((a, b) => b[1] - a[1])) console.log(`  ${k} × ${w}`);
    if (silent.length) console.log(`  no reason: ${silent.slice(0, 30).join(', ')}${silent.length > 30 ? ' …' : ''}`);
  }
}
