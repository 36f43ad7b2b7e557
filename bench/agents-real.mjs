#!/usr/bin/env node
// The Conceptualizer measured against reality: real staging layers that declare (almost) no keys.
//
//   1. The two labelled real projects in ../shared/fixtures/real-dbt/ (Fivetran's Stripe and
//      HubSpot staging layers; labels/labels-<project>.json say what a data modeler would draw).
//   2. test/fixtures/agents-real/*: four real-style staging layers from other domains (Salesforce,
//      Shopify, a hand-written company app, Jira + Zendesk) whose labels.json were written and
//      committed BEFORE the inference rules existed or the tool was run on them. Reported
//      separately: they are the honest check that the rules are a modeler's rules, not tuned to (1).
//
// Each project is run twice: --declared-only (what the project declares) and with inference.
// Scoring (src/agents/evaluate.ts scoreAgainstRealLabels):
//   entities       proposed names vs labels (verdict TP = business entity). A name the labels do not
//                  judge counts as wrong.
//   relationships  (parent, child, child column) vs relationships_gt; a many-to-many through a
//                  bridge counts as the bridge's two references (the labels list them that way).
//   pairs          (parent, child) only.
//   Labels whose entity has no staging model in the project as read (e.g. models dbt disables by
//   default) are out of scope and listed, not counted.
// The labels' relationships_gt was built from the old tool's exact-noun key hints plus noticed misses,
// so role keys the issue asks for (default_card_id, latest_invoice_id, …) are mostly missing from it.
// test/fixtures/agents-real/reviewed-real-dbt.json lists each drawn relationship the labels do not
// have, reviewed against the column's own description in the project YAML; the figure "+ reviewed"
// counts those as real. The strict figure is always printed first.
// Targets on the real projects (issue 12): entity precision ≥ 0.85, relationship precision ≥ 0.90,
// relationship recall ≥ 0.80. test/agents/real-projects.test.ts asserts them.
//
// Usage: npx tsc -p . && node bench/agents-real.mjs [--verbose] [--json] [--tuning] [--only <project>]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const dist = (p) => import(join(ROOT, 'dist', p));
const { loadProject } = await dist('core/project/load.js');
const { conceptualize } = await dist('agents/conceptualizer.js');
await (await dist('core/sql-columns/query-shape.js')).initSqlColumns(); // the columns models' SQL returns
const { scoreAgainstRealLabels, labelScope } = await dist('agents/evaluate.js');

const verbose = process.argv.includes('--verbose');
const asJson = process.argv.includes('--json');
const { REAL_DBT: SHARED } = await import('./lib/real-dbt.mjs'); // honours MODELER_SHARED
const OWN = join(ROOT, 'test', 'fixtures', 'agents-real');

const reviewed = JSON.parse(readFileSync(join(OWN, 'reviewed-real-dbt.json'), 'utf8'));
const withReviewed = (labels) => ({ ...labels, relationships_gt: [...labels.relationships_gt, ...(reviewed[labels.project] ?? []).filter((r) => r.verdict === 'real')] });
const sets = [];
if (existsSync(join(SHARED, 'labels'))) {
  for (const f of readdirSync(join(SHARED, 'labels')).filter((f) => /^labels-.*\.json$/.test(f)).sort()) {
    const labels = JSON.parse(readFileSync(join(SHARED, 'labels', f), 'utf8'));
    sets.push({ group: 'real (../shared/fixtures/real-dbt)', name: labels.project, dir: join(SHARED, `dbt_${labels.project}_source`), labels });
  }
} else if (!asJson) console.log(`(skipped the labelled real projects: ${SHARED} is absent)`);
for (const d of readdirSync(OWN).sort()) {
  const f = join(OWN, d, 'labels.json');
  if (existsSync(f)) sets.push({ group: 'own real-style layers (labels written before the run)', name: d, dir: join(OWN, d), labels: JSON.parse(readFileSync(f, 'utf8')) });
}
// 3. public projects fetched at a pinned commit (test/fixtures/real-projects/<name>.project.json) with labels
//    written from their files before the tool ran on them (a project in HELD_OUT is never used to tune the rules).
const { registeredProjects, fetchedProject, fetchedSkipReason, REGISTRY, withProjectEnv } = await import('./lib/fetched-projects.mjs');
// Every registered project was held out when labelled and scored once (docs/agents.md keeps those first figures),
// then its errors were read: tuva in round 1, meltano-squared, dagster-open-platform, jira-source, bink-warehouse and
// data-inclusion in issue 23's second round, quickbooks-source and salesforce-source in its third, crowdcow-warehouse in its
// blind round, poiscaille-warehouse in its second, hubs-core-network in its third, pilotage-inclusion in its fourth,
// goodparty-data-platform in its fifth, makeadiff-dbt-mad in its sixth, dental-clinic in its seventh, splashworks-warehouse in its
// eighth, drivfit-analytics-hub in its ninth, jemmia-data-platform in its tenth, evs-warehouse in its eleventh. None is held out now:
// poiscaille-warehouse was the second blind round's (labels committed before its first run; its first score is kept
// beside its labels). The next round needs new projects, labelled blind (list them here while they are).
const HELD_OUT = new Set([]);
const tuningOnly = process.argv.includes('--tuning'); // leave the held-out projects unread while tuning
const onlyAt = process.argv.indexOf('--only'); // --only <name>: one project (to look at its errors)
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;
for (const reg of registeredProjects()) {
  const f = join(REGISTRY, `labels-${reg.name}.json`);
  if (!existsSync(f) || (tuningOnly && HELD_OUT.has(reg.name))) continue;
  const reason = fetchedSkipReason(reg.name);
  if (reason) { if (!asJson) console.log(`(skipped ${reg.name}: ${reason})`); continue; }
  const { dir } = fetchedProject(reg.name);
  sets.push({ group: HELD_OUT.has(reg.name) ? 'fetched public projects, HELD OUT (not used for tuning)' : 'fetched public projects (tuning set)',
    name: reg.name, dir, vars: reg.vars, env: reg.env, labels: JSON.parse(readFileSync(f, 'utf8')), fetched: true });
}
if (only) sets.splice(0, sets.length, ...sets.filter((s) => s.name === only));
sets.sort((a, b) => (a.group === b.group ? 0 : a.group.includes('HELD OUT') ? 1 : b.group.includes('HELD OUT') ? -1 : 0));

const pct = (x) => (x === undefined || Number.isNaN(x) ? '  n/a' : `${(100 * x).toFixed(1)}%`).padStart(6);
const fmt = (s) => `P ${pct(s.tp + s.fp ? s.precision : NaN)} R ${pct(s.recall)} (${s.tp}/${s.tp + s.fp} drawn right, ${s.fn} missed)`;
const results = [];
let group = '';
for (const set of sets) {
  const project = withProjectEnv(set.env, () => loadProject(set.dir, set.vars ? { vars: set.vars } : {}));
  // fetched projects are labelled as read with their vars: every label is in scope
  const scope = set.fetched ? undefined : labelScope(project);
  const runs = {};
  for (const mode of ['declared-only', 'inferred']) {
    const t0 = performance.now();
    const p = conceptualize(project, { declaredOnly: mode === 'declared-only' });
    runs[mode] = { ms: performance.now() - t0, score: scoreAgainstRealLabels(p, set.labels, scope), relationships: p.relationships.length,
      ...(reviewed[set.labels.project] ? { reviewed: scoreAgainstRealLabels(p, withReviewed(set.labels), scope) } : {}) };
  }
  results.push({ group: set.group, name: set.name, ...runs });
  if (asJson) continue;
  if (set.group !== group) { group = set.group; console.log(`\n## ${group}`); }
  const inf = runs.inferred.score, dec = runs['declared-only'].score;
  console.log(`\n== ${set.name}  (${project.models.length} models read; conceptualize ${runs.inferred.ms.toFixed(0)} ms)`);
  console.log(`   entities                     ${fmt(inf.entities)}`);
  console.log(`   relationships declared-only  ${fmt(dec.relationships)}`);
  console.log(`   relationships with inference ${fmt(inf.relationships)}`);
  if (runs.inferred.reviewed) console.log(`   ... + reviewed additions     ${fmt(runs.inferred.reviewed.relationships)}`);
  console.log(`   pairs with inference         ${fmt(inf.pairs)}`);
  if (inf.outOfScope.length) console.log(`   out of scope (no such staging model in the project as read): ${inf.outOfScope.length} label(s)${verbose ? `: ${inf.outOfScope.join(', ')}` : ''}`);
  if (verbose) {
    for (const x of inf.entities.falsePositives) console.log(`     FP entity ${x}${inf.entities.unjudged.includes(x) ? ' (not judged by the labels)' : ''}`);
    for (const x of inf.entities.falseNegatives) console.log(`     FN entity ${x}`);
    for (const x of inf.relationships.falsePositives) console.log(`     FP rel    ${x}`);
    for (const x of inf.relationships.falseNegatives) console.log(`     FN rel    ${x}`);
  }
}
if (asJson) console.log(JSON.stringify(results, null, 2));
else {
  // one table: every project, then the held-out pair on its own lines
  // nothing proposed has no precision (evaluate.ts counts it 1, a floor recall catches): n/a, not 100 %
  const prec = (s) => pct(s.tp + s.fp ? s.precision : NaN);
  const row = (r) => `| ${r.name} | ${prec(r.inferred.score.entities)} | ${prec(r.inferred.score.relationships)} | ${pct(r.inferred.score.relationships.recall)} |${r.inferred.reviewed ? ` ${prec(r.inferred.reviewed.relationships)} |` : ' |'}`;
  console.log('\n| project | entity P | relationship P | relationship R | rel. P + reviewed |\n|---|---|---|---|---|');
  for (const r of results) if (!r.group.includes('HELD OUT')) console.log(row(r));
  const held = results.filter((r) => r.group.includes('HELD OUT'));
  if (held.length) { console.log('| **held out** | | | | |'); for (const r of held) console.log(row(r)); }
}
