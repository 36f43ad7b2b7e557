// The body of bench/migrate-fuzz.mjs (TypeScript, run by vite-node).
import fc from 'fast-check';
import { ENGINES, type Engine } from '../../test/sql/engines.js';
import { checkPair, pairArb, specModel } from '../../test/sql/migrate-fuzz.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { generateSql } from '../../src/sql/generate.js';

const arg = (name: string, dflt: string) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : dflt; };
const runs = Number(arg('runs', '300'));
const seed = Number(arg('seed', String(Date.now() % 100000)));
const kinds = arg('engines', 'duckdb,postgres,mariadb').split(',') as (keyof typeof ENGINES)[];

console.log(`migrate fuzz: ${runs} pairs per engine, seed ${seed}`);
for (const kind of kinds) {
  let engine: Engine;
  try { engine = await ENGINES[kind](); } catch (e: any) { console.log(`${kind}: skipped (${e.message})`); continue; }
  if (engine.note) console.log(`${kind}: ${engine.note}`);
  let count = 0;
  const t0 = performance.now();
  const failures: string[] = [];
  const stages: Record<string, number> = {};
  // every pair runs; a failing pair is recorded (not shrunk) so one bug does not hide the rest
  await fc.assert(fc.asyncProperty(pairArb(engine.dialect), async (pair) => {
    count++;
    const out = await checkPair(engine, pair);
    if (!out.ok) {
      stages[out.stage] = (stages[out.stage] ?? 0) + 1;
      const indent = (sql: string) => sql.split('\n').filter((l) => l && !/^-- |^(BEGIN|COMMIT);$/.test(l)).map((l) => `      ${l}`).join('\n');
      if (failures.length < Number(arg('show', '5'))) failures.push(`[${out.stage}] ${out.message}\n    edits ${JSON.stringify(pair.edits)}\n    old:\n${indent(generateSql(specModel(pair.old, '1.0.0', false), engine.dialect))}\n    migration:\n${indent(generateMigration(specModel(pair.old, '1.0.0', false), specModel(pair.new, '2.0.0', true), engine.dialect).sql)}`);
    }
    return true;
  }), { numRuns: runs, seed });
  await engine.close();
  const failed = Object.values(stages).reduce((a, b) => a + b, 0);
  console.log(`${kind}: ${count} pairs, ${count - failed} equal, ${failed} failed ${JSON.stringify(stages)} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  for (const f of failures) console.log(`  ${f}`);
}
