// Round trips through the real parsers: import sql(generate sql(m)) ≡ m for every dialect with an
// importer, where ≡ means the imported model validates and generates the very same DDL.
import { describe, expect, it } from 'vitest';
import { loadModelFile, loadModelText } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { modelToYaml } from '../../src/core/model/write.js';
import { generateSqlStatements } from '../../src/sql/generate.js';
import { IMPORT_DIALECTS, importSql } from '../../src/sql/import/index.js';
import { describeShared, PEER } from '../helpers/shared.js';
import { lexOptionsFor, scanSql } from '../../src/sql/lexer.js';
import { peerScenarios, SCENARIOS } from './migrate-scenarios.js';
import { peerModelFiles } from './fixtures.js';

// Compared as SQL: keyword case, spacing and /* remarks */ do not change a statement's meaning
// (the PostgreSQL reader deparses CHECK expressions, e.g. `in ('a','b')` → `IN ('a', 'b')`).
const ddl = (m: any, d: string) => generateSqlStatements(m, d).statements.filter((s) => s.kind !== 'note').map((s) => normalizeSql(s.sql, d));

function normalizeSql(sql: string, dialect: string): string {
  return scanSql(sql, lexOptionsFor(dialect))
    .filter((p) => p.kind !== 'comment')
    .map((p) => (p.kind === 'code' ? p.text.toLowerCase().replace(/\s+/g, ' ').replace(/\s*([(),])\s*/g, '$1') : p.text))
    .join('').trim();
}

function roundTrips(models: { name: string; model: Model }[]): void {
  for (const dialect of IMPORT_DIALECTS) {
    it(`${dialect}: every model survives the round trip`, async () => {
      for (const { name, model } of models) {
        const sql = generateSqlStatements(model, dialect).sql;
        const r = await importSql(sql, `${name}.sql`, { dialect, modelName: model.model.name });
        expect(r.diagnostics, `${name} (${dialect})`).toEqual([]);
        expect(r.unmodeled, `${name} (${dialect}): statements not modelled`).toEqual([]);
        // the imported model is a valid model file
        const reread = loadModelText(modelToYaml(r.model!), 'imported.yaml');
        expect(reread.diagnostics.filter((x) => x.severity === 'error'), `${name} (${dialect})`).toEqual([]);
        expect(ddl(reread.model!, dialect), `${name} (${dialect})`).toEqual(ddl(model, dialect));
      }
    });
  }
}

describe('import sql ∘ generate sql is the identity on DDL', () => {
  describe('the migration scenarios', () => roundTrips(SCENARIOS.map((s) => ({ name: `scenario: ${s.name}`, model: s.new }))));
  describeShared('the peer fixture models and scenario pairs', () => {
    const files = peerModelFiles();
    const models = [
      ...files.map((f) => ({ name: f.slice(PEER.length + 1), model: loadModelFile(f).model! })),
      ...peerScenarios().map((s) => ({ name: `scenario: ${s.name}`, model: s.new })),
    ];
    it('covers every peer fixture model', () => expect(files.length).toBeGreaterThanOrEqual(11));
    roundTrips(models);
  });
});

describe('names beyond ASCII', () => {
  const m = loadModelText(`model: {name: intl, version: 1.0.0}
entities:
  - name: Größe Tabelle
    columns: [{name: id, data_type: integer, primary_key: true}]
  - name: Café
    columns: [{name: id, data_type: integer, primary_key: true}, {name: größe_id, data_type: integer}]
relationships:
  - {name: größe_café, from: Größe Tabelle.id, to: Café.größe_id, cardinality: one_to_many}
`, 'intl.yaml').model!;
  it('keep their letters in table names (not gr_e_tabelle) and survive import', async () => {
    const sql = generateSqlStatements(m, 'postgres').sql;
    expect(sql).toContain('CREATE TABLE "größe_tabelle" (');
    expect(sql).toContain('CREATE TABLE "café" (');
    for (const dialect of IMPORT_DIALECTS) {
      const r = await importSql(generateSqlStatements(m, dialect).sql, 'intl.sql', { dialect, modelName: 'intl' });
      expect(r.diagnostics, dialect).toEqual([]);
      expect(r.model!.entities.map((e) => [e.name, e.physical_name]), dialect).toEqual([['GrößeTabelle', undefined], ['Café', undefined]]);
      expect(ddl(r.model!, dialect), dialect).toEqual(ddl(m, dialect));
    }
  });
});
