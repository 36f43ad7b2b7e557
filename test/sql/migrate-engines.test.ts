// The proof of `migrate`: on each real engine, generate(old) + migrate(old, new) must leave the
// same catalog as generate(new) — tables, columns in order, types, nullability, defaults, keys,
// foreign keys, indexes — and keep the rows that were there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSql } from '../../src/sql/generate.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { ENGINES, type Engine } from './engines.js';
import { describeShared } from '../helpers/shared.js';
import { peerScenarios, SCENARIOS, type Scenario } from './migrate-scenarios.js';
import { FUZZ_SCENARIOS } from './migrate-fuzz-regressions.js';

for (const kind of ['duckdb', 'postgres', 'mariadb'] as const) {
  describe(`migrate on ${kind}`, () => {
    let engine: Engine;
    beforeAll(async () => { engine = await ENGINES[kind](); });
    afterAll(async () => { await engine?.close(); });

    it('has at least 12 scenarios of its own', () => expect(SCENARIOS.length).toBeGreaterThanOrEqual(12));

    const scenario = (sc: Scenario) => {
      it(sc.name, async () => {
        const mig = generateMigration(sc.old, sc.new, engine.dialect);
        const kinds = new Set(mig.statements.map((s) => s.kind));
        for (const k of sc.expectKinds ?? []) expect(kinds, `missing ${k} in\n${mig.sql}`).toContain(k);
        for (const k of sc.forbidKinds ?? []) expect(kinds, `unexpected ${k} in\n${mig.sql}`).not.toContain(k);
        if (sc.expectDestructive !== undefined) expect(mig.statements.some((s) => s.destructive)).toBe(sc.expectDestructive);
        expect(mig.sql).toMatch(new RegExp(`^-- Migration: ${sc.new.model.name} v${sc.old.model.version} -> v${sc.new.model.version}\\n-- Dialect: ${engine.dialect === 'mariadb' ? 'mysql' : engine.dialect}\\n`));

        await engine.reset();
        await engine.exec(generateSql(sc.old, engine.dialect));
        if (sc.seed) await engine.exec(sc.seed);
        await engine.exec(mig.sql);
        const migrated = await engine.catalog();
        if (sc.verify) {
          const rows = await engine.query(sc.verify.sql);
          expect(rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v])))).toEqual(sc.verify.rows);
        }

        await engine.reset();
        await engine.exec(generateSql(sc.new, engine.dialect));
        const fresh = await engine.catalog();
        expect(migrated).toEqual(fresh);
        expect(Object.keys(fresh.tables).length).toBeGreaterThan(0);

        // and a model migrated to itself needs nothing
        expect(generateMigration(sc.new, sc.new, engine.dialect).statements.filter((s) => s.kind !== 'note')).toEqual([]);
      });
    };
    SCENARIOS.forEach(scenario);
    FUZZ_SCENARIOS.forEach(scenario);
    describeShared('the peer scenario pairs', () => {
      const pairs = peerScenarios();
      it('both peer pairs are there', () => expect(pairs).toHaveLength(2));
      pairs.forEach(scenario);
    });
  });
}
