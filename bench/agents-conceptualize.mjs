#!/usr/bin/env node
// Accuracy and speed of the deterministic agents.
//   1. Precision/recall of the Conceptualizer against the hand-labelled staging layers in
//      test/fixtures/agents/*/expected.yaml (the same figures test/agents/accuracy.test.ts asserts).
//   2. Time to read and conceptualize/canonicalize a synthetic project of N staging models
//      (default 10,000; `node bench/agents-conceptualize.mjs 20000`). Target: conceptualize < 2 s.
// Runs the built package: `npm run build` first.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { generateProject } from './lib/synthetic-project.mjs';

const ROOT = resolve(import.meta.dirname, '..');
const dist = (p) => import(join(ROOT, 'dist', p));
const { loadProject } = await dist('core/project/load.js');
const { conceptualize } = await dist('agents/conceptualizer.js');
await (await dist('core/sql-columns/query-shape.js')).initSqlColumns(); // the columns models' SQL returns
const { canonicalize } = await dist('agents/canonicalizer.js');
const { scoreProposal, combineScores } = await dist('agents/evaluate.js');

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const FIXTURES = join(ROOT, 'test', 'fixtures', 'agents');
const scores = [];
console.log('Conceptualizer accuracy against the labelled staging layers');
console.log('project               entities P / R      relationships P / R   domains  verbs');
for (const name of readdirSync(FIXTURES).sort()) {
  const file = join(FIXTURES, name, 'expected.yaml');
  if (!existsSync(file)) continue;
  const labels = parse(readFileSync(file, 'utf8'));
  const s = scoreProposal(conceptualize(loadProject(resolve(FIXTURES, name, labels.project))), labels);
  scores.push(s);
  console.log(`${name.padEnd(21)} ${pct(s.entities.precision).padStart(6)} / ${pct(s.entities.recall).padEnd(6)}    ${pct(s.relationships.precision).padStart(6)} / ${pct(s.relationships.recall).padEnd(6)}     ${`${s.domains.agree}/${s.domains.total}`.padEnd(7)}  ${s.verbs.agree}/${s.verbs.total}`);
}
const t = combineScores(scores);
console.log(`${'ALL (micro-average)'.padEnd(21)} ${pct(t.entities.precision).padStart(6)} / ${pct(t.entities.recall).padEnd(6)}    ${pct(t.relationships.precision).padStart(6)} / ${pct(t.relationships.recall).padEnd(6)}     ${pct(t.domains.agree / t.domains.total).padEnd(7)}  ${pct(t.verbs.agree / t.verbs.total)}`);
console.log(`  entities: ${t.entities.tp} right, ${t.entities.fp} wrong, ${t.entities.fn} missed; relationships: ${t.relationships.tp} right, ${t.relationships.fp} wrong, ${t.relationships.fn} missed`);
for (const miss of [...t.entities.falsePositives.map((x) => `extra entity ${x}`), ...t.entities.falseNegatives.map((x) => `missed entity ${x}`),
  ...t.relationships.falsePositives.map((x) => `extra relationship ${x}`), ...t.relationships.falseNegatives.map((x) => `missed relationship ${x}`)]) console.log(`  - ${miss}`);

const n = Number(process.argv[2] ?? 10_000);
// wall time, and the process's CPU time beside it: on a machine shared with other work the wall time
// grows with the load, the CPU time much less
const time = (label, fn) => {
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const r = fn();
  const c = process.cpuUsage(c0);
  console.log(`  ${label.padEnd(34)} ${(performance.now() - t0).toFixed(0).padStart(6)} ms  (CPU ${((c.user + c.system) / 1000).toFixed(0).padStart(6)} ms)`);
  return r;
};
const scenario = (title, write) => {
  const dir = mkdtempSync(join(tmpdir(), 'modeler-bench-agents-'));
  try {
    console.log(`\n${title}: ${write(dir)}`);
    const project = time('loadProject', () => loadProject(dir));
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(time(`conceptualize (run ${i + 1})`, () => conceptualize(project)));
    const p = runs[0];
    console.log(`    → ${p.entities.length} entities, ${p.relationships.length} relationships, diagram ${(p.changes[0].content.length / 1024).toFixed(0)} KiB`);
    const c = time('canonicalize --min-recurrence 2', () => canonicalize(project, { minRecurrence: 2 }));
    console.log(`    → ${c.entities.length} canonical entities, ${c.changes.length} file changes`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

// 1. The shared synthetic project (16 nouns × 6 sources, numbered: one entity per noun).
scenario(`Synthetic project (bench/lib/synthetic-project.mjs), ${n} staging models`, (dir) => {
  const gen = generateProject(dir, { models: n, stagingShare: 1 });
  return `${gen.staging} staging models in ${gen.yamlFiles} YAML files (+ SQL files, target/manifest.json)`;
});

// 2. Worst case for the diagram: every staging model a different noun, each pointing at the previous one.
scenario(`Distinct nouns, ${n} staging models`, (dir) => {
  const A = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet', 'kilo', 'lima', 'mike', 'november', 'oscar',
    'papa', 'quebec', 'romeo', 'sierra', 'tango', 'uniform', 'victor', 'whiskey', 'xray', 'yankee', 'zulu', 'amber', 'basil', 'cedar', 'dune', 'ember',
    'fjord', 'glade', 'harbor', 'iris', 'jade', 'knoll', 'lotus', 'maple', 'nectar', 'onyx', 'pine', 'quartz', 'reef', 'sage', 'thistle', 'umber', 'vale', 'willow', 'yarrow'];
  const B = ['widgets', 'gadgets', 'sprockets', 'gizmos', 'levers', 'panels', 'valves', 'tickets', 'orders', 'batches', 'ledgers', 'cases', 'plans', 'routes',
    'items', 'notes', 'rules', 'tasks', 'runs', 'slots', 'tiers', 'zones', 'units', 'kits', 'packs', 'rolls', 'bins', 'docks', 'gates', 'ports', 'lanes',
    'cells', 'nodes', 'ranks', 'steps', 'marks', 'tags', 'keys', 'logs', 'maps', 'sets', 'pins', 'rows', 'bars', 'caps', 'cuts', 'fees', 'gaps', 'hubs', 'jobs'];
  const model = (i) => `stg_src${i % 20}__${A[Math.floor(i / B.length) % A.length]}_${B[i % B.length]}${i >= A.length * B.length ? `_x${Math.floor(i / (A.length * B.length))}` : ''}`;
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: distinct\nversion: "1.0.0"\nconfig-version: 2\nmodel-paths: ["models"]\n');
  mkdirSync(join(dir, 'models', 'staging'), { recursive: true });
  for (let f = 0; f * 100 < n; f++) {
    let y = 'version: 2\nmodels:\n';
    for (let i = f * 100; i < Math.min(n, (f + 1) * 100); i++) {
      y += `  - name: ${model(i)}\n    columns:\n      - name: id\n        data_tests: [unique, not_null]\n`;
      if (i > 0) y += `      - name: parent_id\n        data_tests:\n          - relationships:\n              to: ref('${model(i - 1)}')\n              field: id\n`;
      y += '      - name: amount\n      - name: created_at\n';
      // a model exists because a SQL file defines it (dbt parse, and the project reader since main 8413f42)
      // the SQL returns the columns the YAML documents (a key the SQL does not return is not drawn)
      writeFileSync(join(dir, 'models', 'staging', `${model(i)}.sql`), i > 0
        ? `select id, id as parent_id, amount, created_at from {{ ref('${model(i - 1)}') }}\n`
        : 'select 1 as id, 1.0 as amount, current_timestamp as created_at\n');
    }
    writeFileSync(join(dir, 'models', 'staging', `_models_${f}.yml`), y);
  }
  return `${n} staging models, each a different entity`;
});
