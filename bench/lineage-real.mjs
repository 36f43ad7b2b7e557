// Column lineage against hand-labelled direct edges: the shipped example and each fetched real
// project that has a labels file (test/fixtures/lineage/labels-<name>.json, rules in RULES.md).
// Prints, per project, edge precision and recall (target P >= 0.95, R >= 0.90), agreement on
// kinds, and with --verbose each extra, missed and differently-kinded edge. A label file with a
// `models` list was labelled in part: only those models' edges are scored. jaffle-shop is the
// tuning set; dagster-open-platform, mattermost-analytics and zendesk-source were labelled blind
// and are the held-out judge; bink-warehouse (Snowflake) and data-inclusion (PostgreSQL) were
// labelled blind later, in part (their `models` lists), then cal-itp-warehouse (BigQuery) and
// meltano-squared (Snowflake); quickbooks-source was labelled blind to check the Fivetran
// staging-columns rule; crowdcow-warehouse (BigQuery) was labelled blind in part; then
// poiscaille-warehouse (BigQuery) and tuva (dbt-duckdb), in part, as a third held-out round.
// Usage: npm run build && node bench/lineage-real.mjs [--verbose] [--only=PROJECT]
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fetchedProject, fetchedSkipReason } from './lib/fetched-projects.mjs';
import { graphEdges, LABELS, readLabels, score } from './lib/lineage-labels.mjs';
import { TRUTH_TARGET } from './lib/sql-columns-truth.mjs';

const { loadProject } = await import('../dist/core/project/load.js');
const { initSqlColumns } = await import('../dist/core/sql-columns/query-shape.js');
const { lineageGraph } = await import('../dist/lineage/graph.js');
await initSqlColumns();
const verbose = process.argv.includes('--verbose');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);

const runs = [{ name: 'example-jaffle_shop', dir: new URL('../examples/jaffle_shop', import.meta.url).pathname, labels: 'labels-example-jaffle_shop.json' }];
// the target each project's SQL is written for: dbt-duckdb where it runs there (as dbt compile
// would for the benches), Snowflake for the two company warehouses (`:` paths, `$$`, flatten)
const SNOWFLAKE = { name: 'prod', type: 'snowflake', schema: 'analytics', database: 'analytics' };
const POSTGRES = { name: 'dev', type: 'postgres', schema: 'public' };
const BIGQUERY = { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'cal-itp-data-infra' };
const CROWDCOW = { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'crowdcow' };
const POISCAILLE = { name: 'prod', type: 'bigquery', schema: 'analytics', database: 'poiscaille-358510' };
const TARGETS = { 'crowdcow-warehouse': CROWDCOW, 'jaffle-shop': TRUTH_TARGET, 'zendesk-source': TRUTH_TARGET, 'quickbooks-source': TRUTH_TARGET, 'dagster-open-platform': SNOWFLAKE, 'mattermost-analytics': SNOWFLAKE, 'bink-warehouse': SNOWFLAKE, 'data-inclusion': POSTGRES, 'cal-itp-warehouse': BIGQUERY, 'meltano-squared': SNOWFLAKE, 'poiscaille-warehouse': POISCAILLE, tuva: TRUTH_TARGET };
for (const name of Object.keys(TARGETS)) {
  if (only && name !== only) continue;
  if (!existsSync(join(LABELS, `labels-${name}.json`))) continue;
  const why = fetchedSkipReason(name);
  if (why) { console.log(`${name}: skipped (${why})`); continue; }
  const { dir, project } = fetchedProject(name);
  // read for the target the project is built with in the benches (dbt-duckdb), as dbt compile would
  runs.push({ name, dir, vars: project.vars, target: TARGETS[name], labels: `labels-${name}.json` });
}
let ok = true;
for (const r of runs) {
  const labels = readLabels(r.labels);
  const p = loadProject(r.dir, { vars: r.vars });
  const t0 = performance.now(), c0 = process.cpuUsage();
  const g = lineageGraph(p, r.target ? { target: r.target } : {});
  const ms = performance.now() - t0, cpu = process.cpuUsage(c0);
  const models = labels.models ?? p.models.map((m) => m.name);
  const gone = models.filter((m) => !g.idOf(m));
  if (gone.length) console.log(`  labelled models the project does not have: ${gone.join(', ')}`);
  const s = score(labels.edges, graphEdges(g, models));
  const pass = s.precision >= 0.95 && s.recall >= 0.9;
  ok &&= pass;
  console.log(`${r.name}: ${labels.models ? `${models.length} of ${p.models.length}` : p.models.length} models, edges labelled ${s.labelled}, found ${s.found}, correct ${s.correct}; precision ${s.precision.toFixed(3)}, recall ${s.recall.toFixed(3)}, kinds agree ${s.kindAgreement.toFixed(3)}; ${ms.toFixed(0)} ms (cpu ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms, loaded) ${pass ? 'PASS' : 'FAIL'}`);
  if (verbose || !pass) {
    for (const x of s.extra) console.log(`  extra   ${x}`);
    for (const x of s.missed) console.log(`  missed  ${x}`);
    for (const x of s.kindDiffers) console.log(`  kind    ${x}`);
  }
}
process.exitCode = ok ? 0 : 1;
