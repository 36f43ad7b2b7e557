// `generate sql`: the DDL of every fixture model executes on the real engines and leaves the
// model's tables, columns (in model order), keys and foreign keys; dialect spellings are checked
// on small models.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelFile } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { UserError } from '../../src/core/diagnostics.js';
import { DIALECTS, getDialect } from '../../src/sql/dialects/index.js';
import { generateSql, generateSqlStatements } from '../../src/sql/generate.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { snakeCase } from '../../src/sql/physical.js';
import { ENGINES, type Engine } from './engines.js';
import { model } from './migrate-scenarios.js';
import { peerModelFiles } from './fixtures.js';
import { itShared } from '../helpers/shared.js';

// read when a test that needs them runs (they are beside the repository, not in it)
let loaded: Model[] | undefined;
const fixtures = () => (loaded ??= peerModelFiles().map((f) => loadModelFile(f).model!));

for (const kind of ['duckdb', 'postgres', 'mariadb'] as const) {
  describe(`generate sql executes on ${kind}`, () => {
    let engine: Engine;
    beforeAll(async () => { engine = await ENGINES[kind](); });
    afterAll(async () => { await engine?.close(); });
    itShared('every peer fixture model', async () => {
      for (const m of fixtures()) {
        // the engines here have one namespace per test: drop database/schema qualifiers
        const local = { ...m, entities: m.entities.map((e) => ({ ...e, database: undefined, schema: undefined })) };
        await engine.reset();
        await engine.exec(generateSql(local, engine.dialect));
        const cat = await engine.catalog();
        const tables = local.entities.filter((e) => e.columns.length && !['view', 'materialized_view', 'external_table', 'snapshot'].includes(e.type ?? ''));
        expect(Object.keys(cat.tables).sort(), m.model.name).toEqual(tables.map((e) => e.physical_name ?? snakeCase(e.name)).sort());
        for (const e of tables) {
          const t = cat.tables[e.physical_name ?? snakeCase(e.name)];
          const stored = e.columns.filter((c) => !c.computed); // computed columns are derived, not stored
          expect(t.columns.map((c) => c.name), `${m.model.name}.${e.name}`).toEqual(stored.map((c) => c.name));
          expect(t.columns.map((c) => c.nullable), `${m.model.name}.${e.name}`).toEqual(stored.map((c) => !(c.primary_key || c.nullable === false)));
        }
        const fkCount = Object.values(cat.tables).reduce((n, t) => n + t.foreignKeys.length, 0);
        const modelFks = local.relationships.filter((r) => (r.cardinality ?? 'one_to_many') !== 'many_to_many').length;
        expect(fkCount, m.model.name).toBeLessThanOrEqual(modelFks);
        expect(fkCount, m.model.name).toBeGreaterThan(modelFks > 0 ? 0 : -1);
      }
    });
    it('tables that reference each other: generate and a migration that creates them execute', async () => {
      const z = `  - name: Z\n    columns: [{name: id, data_type: integer, primary_key: true}]\n`;
      const cyc = model(`entities:
${z}  - name: A
    columns: [{name: id, data_type: integer, primary_key: true}, {name: b_id, data_type: integer}]
  - name: B
    columns: [{name: id, data_type: integer, primary_key: true}, {name: a_id, data_type: integer}]
relationships:
  - {name: a_b, from: A.id, to: B.a_id, cardinality: one_to_many}
  - {name: b_a, from: B.id, to: A.b_id, cardinality: one_to_many}
  - {name: a_parent, from: A.id, to: A.b_id, cardinality: one_to_many}
`);
      await engine.reset();
      await engine.exec(generateSql(cyc, engine.dialect));
      const fks = Object.values((await engine.catalog()).tables).reduce((n, t) => n + t.foreignKeys.length, 0);
      expect(fks).toBe(kind === 'duckdb' ? 2 : 3); // DuckDB cannot add the third after CREATE TABLE
      await engine.reset();
      await engine.exec(generateSql(model(`entities:\n${z}`), engine.dialect));
      await engine.exec(generateMigration(model(`entities:\n${z}`), cyc, engine.dialect).sql);
      expect(Object.keys((await engine.catalog()).tables).sort()).toEqual(['a', 'b', 'z']);
    });
  });
}

const SMALL = model(`entities:
  - name: SalesOrder
    description: Orders
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: total, data_type: "decimal(12,2)", nullable: false, default: 0, check: "total >= 0"}
      - {name: status, data_type: string, default: pending}
      - {name: placed_at, data_type: timestamp, default: CURRENT_TIMESTAMP}
      - {name: is_gift, data_type: boolean, default: false}
      - {name: order, data_type: integer, description: "reserved word as a name"}
  - name: OrderLine
    columns:
      - {name: line_id, data_type: integer, primary_key: true}
      - {name: order_id, data_type: integer, nullable: false}
relationships:
  - {name: order_lines, from: SalesOrder.order_id, to: OrderLine.order_id, cardinality: one_to_many, on_delete: cascade}
indexes:
  - {name: ix_line_order, entity: OrderLine, columns: [order_id]}
`);

describe('generate sql spellings', () => {
  it('keeps model column order, never quotes expressions, quotes literals and reserved words the dialect way', () => {
    const pg = generateSql(SMALL, 'postgres');
    expect(pg).toContain('total NUMERIC(12,2) DEFAULT 0 NOT NULL');
    expect(pg).toContain("status TEXT DEFAULT 'pending'");
    expect(pg).toContain('placed_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP');
    expect(pg).not.toContain("'CURRENT_TIMESTAMP'");
    expect(pg).toContain('"order" INTEGER');
    expect(pg.indexOf('order_id INTEGER')).toBeLessThan(pg.indexOf('total NUMERIC'));
    expect(pg).toContain('CONSTRAINT ck_sales_order_total CHECK (total >= 0)');
    expect(pg).toContain('ALTER TABLE order_line ADD CONSTRAINT fk_order_lines FOREIGN KEY (order_id) REFERENCES sales_order (order_id) ON DELETE CASCADE');
    expect(pg.indexOf('CREATE TABLE order_line')).toBeLessThan(pg.indexOf('ADD CONSTRAINT fk_order_lines'));
    expect(pg.indexOf('ADD CONSTRAINT fk_order_lines')).toBeLessThan(pg.indexOf('CREATE INDEX ix_line_order'));
    const bq = generateSql(SMALL, 'bigquery');
    expect(bq).toContain('`order` INT64');
    expect(bq).not.toMatch(/"order"/);
    expect(bq).toContain('PRIMARY KEY (order_id) NOT ENFORCED');
    expect(bq).toContain('FOREIGN KEY (order_id) REFERENCES sales_order (order_id) NOT ENFORCED');
    expect(bq).toContain('-- bigquery has no secondary indexes');
    expect(generateSql(SMALL, 'mysql')).toContain('`order` INT NULL');
    expect(generateSql(SMALL, 'sqlserver')).toContain('[order] INT NULL');
    expect(generateSql(SMALL, 'sqlserver')).toContain('is_gift BIT NULL CONSTRAINT df_sales_order_is_gift DEFAULT 0');
    expect(generateSql(SMALL, 'snowflake')).toContain('total NUMBER(12,2) DEFAULT 0 NOT NULL');
    expect(generateSql(SMALL, 'databricks')).toContain("ALTER TABLE sales_order ADD CONSTRAINT ck_sales_order_total CHECK (total >= 0)");
    expect(generateSql(SMALL, 'duckdb')).toContain('CONSTRAINT fk_order_lines FOREIGN KEY (order_id) REFERENCES sales_order (order_id)');
  });
  itShared('a computed column of the peer showcase is a comment, not a stored column', () => {
    const showcase = fixtures().find((m) => m.model.name === 'retail_ops_showcase')!;
    expect(generateSql(showcase, 'postgres')).toContain('-- computed column sales_order.net_amount = gross_amount - discount_amount is derived in queries, not stored');
  });
  itShared('every dialect renders every fixture without throwing, header first', () => {
    for (const d of DIALECTS) for (const m of fixtures()) expect(generateSqlStatements(m, d).sql.startsWith(`-- Model: ${m.model.name} v${m.model.version}\n-- Dialect: ${d}\n`)).toBe(true);
  });
  it('an unknown dialect is a usage error listing the supported ones', () => {
    let e: unknown;
    try { getDialect('oracle'); } catch (x) { e = x; }
    expect(e).toBeInstanceOf(UserError);
    expect((e as UserError).exitCode).toBe(64);
    for (const d of ['postgres', 'duckdb', 'mysql', 'sqlserver', 'snowflake', 'bigquery', 'databricks']) expect((e as Error).message).toContain(d);
    expect(getDialect('mariadb').name).toBe('mysql');
  });
});

describe('migrate moves tables between schemas the dialect way', () => {
  const before = model('entities:\n  - {name: Orders, schema: sales, columns: [{name: id, data_type: integer, primary_key: true}]}\n');
  const after = model('entities:\n  - {name: OldOrders, previous_name: Orders, schema: archive, columns: [{name: id, data_type: integer, primary_key: true}]}\n', '2.0.0');
  const sql = (d: string) => generateMigration(before, after, d).statements.filter((s) => s.kind === 'rename_table').map((s) => s.sql);
  it('postgres: SET SCHEMA then RENAME; sqlserver: TRANSFER then sp_rename; snowflake: qualified RENAME TO', () => {
    expect(sql('postgres')).toEqual(['ALTER TABLE sales.orders SET SCHEMA archive', 'ALTER TABLE archive.orders RENAME TO old_orders']);
    expect(sql('sqlserver')).toEqual(['ALTER SCHEMA archive TRANSFER sales.orders', "EXEC sp_rename 'archive.orders', 'old_orders'"]);
    expect(sql('snowflake')).toEqual(['ALTER TABLE sales.orders RENAME TO archive.old_orders']);
    expect(sql('mysql')).toEqual(['RENAME TABLE sales.orders TO archive.old_orders']);
  });
});
