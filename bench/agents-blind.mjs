#!/usr/bin/env node
// Blind evaluation of the Conceptualizer against test/fixtures/agents-blind/*/expected.yaml.
// The labels there were written by hand BEFORE the tool was run or its rules were read, so this
// is an independent accuracy figure (unlike test/fixtures/agents, written alongside the rules).
//
// Runs the CLI exactly as a user would (`node bin/modeler.js agents conceptualize --project …`);
// build first (`npx tsc -p .`).
//
// Scoring
//   entities       — set of entity names (exact, PascalCase).
//   relationships  — primary: set of (parent entity, child entity) pairs, i.e. entity pair +
//                    direction. Direction is normalised from the cardinality so that
//                    "Order many_to_one Customer" and "Customer one_to_many Order" are the same
//                    fact; one_to_one keeps from = parent. Two FKs between the same pair count once.
//                  — strict (secondary): parent>child.via:one|many, i.e. also the FK column and
//                    one-vs-many, via relationshipKey() from dist/agents/evaluate.js.
//   Micro-averaged over all projects for the overall line.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';

const ROOT = resolve(import.meta.dirname, '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'agents-blind');
const { relationshipKey, viaColumn } = await import(join(ROOT, 'dist', 'agents', 'evaluate.js'));

const pairOf = (r) => (r.cardinality === 'many_to_one' ? `${r.to} -> ${r.from}` : `${r.from} -> ${r.to}`);

function pr(expected, actual) {
  const e = new Set(expected), a = new Set(actual);
  const tp = [...a].filter((x) => e.has(x)).length;
  return { tp, fp: a.size - tp, fn: e.size - tp,
    falsePositives: [...a].filter((x) => !e.has(x)).sort(), falseNegatives: [...e].filter((x) => !a.has(x)).sort() };
}
const ratio = (n, d) => (d ? n / d : 1);
const fmt = (s) => `P ${(100 * ratio(s.tp, s.tp + s.fp)).toFixed(1)}% (${s.tp}/${s.tp + s.fp})  R ${(100 * ratio(s.tp, s.tp + s.fn)).toFixed(1)}% (${s.tp}/${s.tp + s.fn})`;
const add = (acc, s) => { acc.tp += s.tp; acc.fp += s.fp; acc.fn += s.fn; return acc; };

const total = { ent: { tp: 0, fp: 0, fn: 0 }, rel: { tp: 0, fp: 0, fn: 0 }, strict: { tp: 0, fp: 0, fn: 0 } };
const asJson = process.argv.includes('--json');
const report = [];
for (const name of readdirSync(FIXTURES).sort()) {
  const file = join(FIXTURES, name, 'expected.yaml');
  if (!existsSync(file)) continue;
  const labels = parse(readFileSync(file, 'utf8'));
  const project = resolve(FIXTURES, name, labels.project ?? '.');
  const t0 = performance.now();
  const out = execFileSync(process.execPath, [join(ROOT, 'bin', 'modeler.js'), 'agents', 'conceptualize', '--project', project],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  const ms = performance.now() - t0;
  const p = JSON.parse(out);
  const ent = pr(labels.entities.map((e) => e.name), p.entities.map((e) => e.name));
  const rel = pr(labels.relationships.map(pairOf), p.relationships.map(pairOf));
  const strict = pr(labels.relationships.map(relationshipKey), p.relationships.map((r) => relationshipKey({ ...r, via: viaColumn(r) })));
  add(total.ent, ent); add(total.rel, rel); add(total.strict, strict);
  report.push({ name, ms, ent, rel, strict });
  if (!asJson) {
    console.log(`== ${name}  (${ms.toFixed(0)} ms)`);
    console.log(`   entities              ${fmt(ent)}`);
    for (const x of ent.falsePositives) console.log(`     FP entity  ${x}`);
    for (const x of ent.falseNegatives) console.log(`     FN entity  ${x}`);
    console.log(`   relationships (pair)  ${fmt(rel)}`);
    for (const x of rel.falsePositives) console.log(`     FP rel     ${x}`);
    for (const x of rel.falseNegatives) console.log(`     FN rel     ${x}`);
    console.log(`   relationships (strict: +FK column +one/many)  ${fmt(strict)}`);
    for (const x of strict.falsePositives) console.log(`     FP strict  ${x}`);
    for (const x of strict.falseNegatives) console.log(`     FN strict  ${x}`);
  }
}
if (asJson) console.log(JSON.stringify({ projects: report, total }, null, 2));
else {
  console.log('== overall (micro-average)');
  console.log(`   entities              ${fmt(total.ent)}`);
  console.log(`   relationships (pair)  ${fmt(total.rel)}`);
  console.log(`   relationships (strict)  ${fmt(total.strict)}`);
}
