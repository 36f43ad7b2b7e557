// The property behind `migrate`, on random pairs of models: on DuckDB, the live PostgreSQL and
// the live MariaDB, generate(old) + migrate(old, new) leaves the catalog generate(new) leaves
// (columns in order, types, nullability, defaults, keys, foreign keys, indexes). A seeded few
// dozen pairs per engine here; bench/migrate-fuzz.mjs runs hundreds. Every counterexample the
// fuzzing found is a named regression in migrate-fuzz-regressions.test.ts.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, type Engine } from './engines.js';
import { checkPair, pairArb } from './migrate-fuzz.js';

/** pairs per engine: MariaDB's DDL is the slowest (about 1.4 s a pair), so it runs fewer */
const RUNS = { duckdb: 40, postgres: 30, mariadb: 20 } as const;

for (const kind of ['duckdb', 'postgres', 'mariadb'] as const) {
  describe(`migrate property on ${kind}`, () => {
    let engine: Engine | undefined;
    let skip: string | undefined;
    beforeAll(async () => {
      try { engine = await ENGINES[kind](); } catch (e: any) { skip = `${kind} unreachable: ${e.message}`; console.warn(`skipped: ${skip}`); }
    });
    afterAll(async () => { await engine?.close(); });

    it(`${RUNS[kind]} random pairs: generate(old) + migrate == generate(new)`, async (ctx) => {
      if (!engine) return ctx.skip(skip);
      let runs = 0;
      await fc.assert(fc.asyncProperty(pairArb(engine.dialect), async (pair) => {
        runs++;
        const out = await checkPair(engine!, pair);
        if (!out.ok) throw new Error(`[${out.stage}] ${out.message}\n${out.sql}`);
      }), { numRuns: RUNS[kind], seed: 22 });
      expect(runs).toBeGreaterThanOrEqual(RUNS[kind]);
    }, 60_000);
  });
}
