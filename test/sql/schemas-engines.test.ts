// Schema-qualified tables on real engines: the DDL of an imported PostgreSQL file whose tables
// live in schemas runs on a fresh PostgreSQL, DuckDB and MariaDB (where a schema is a database),
// and a migration that adds or moves a table into a schema that is new creates that schema.
// Schema names are unique per run: others use the same servers at the same time.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadModelText } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { modelToYaml } from '../../src/core/model/write.js';
import { generateSql } from '../../src/sql/generate.js';
import { importSql } from '../../src/sql/import/index.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { ENGINES, type Engine } from './engines.js';

const u = `m_${process.pid}_${randomBytes(3).toString('hex')}`;
const CRM = `${u}_crm`, SALES = `${u}_sales`, AUDIT = `${u}_audit`, ARCHIVE = `${u}_archive`;
const ALL = [CRM, SALES, AUDIT, ARCHIVE];

// as pg_dump users write it: schema-qualified names, no CREATE SCHEMA
const PG_FILE = `
CREATE TABLE ${CRM}.customer (id integer PRIMARY KEY, email varchar(100) NOT NULL);
CREATE TABLE ${SALES}.orders (
  id integer PRIMARY KEY,
  customer_id integer NOT NULL REFERENCES ${CRM}.customer (id),
  total numeric(12,2)
);
CREATE TABLE ${SALES}.order_line (
  order_id integer NOT NULL REFERENCES ${SALES}.orders (id),
  line_no integer NOT NULL,
  PRIMARY KEY (order_id, line_no)
);
CREATE TABLE ${SALES}.note (id integer PRIMARY KEY, body varchar(200));
CREATE INDEX ix_orders_customer ON ${SALES}.orders (customer_id);
`;

async function imported(): Promise<Model> {
  const r = await importSql(PG_FILE, 'shop.sql', { dialect: 'postgres', modelName: 'shop' });
  expect(r.diagnostics).toEqual([]);
  expect(r.unmodeled).toEqual([]);
  return loadModelText(modelToYaml(r.model!), 'shop.yaml').model!;
}

/** The next version: a new table in a new schema, and `note` moved to another new schema. */
function nextVersion(m: Model): Model {
  const v2: Model = structuredClone(m);
  v2.model.version = '1.1.0';
  v2.entities.find((e) => e.name === 'Note')!.schema = ARCHIVE;
  v2.entities.push({ name: 'AuditEntry', schema: AUDIT, columns: [{ name: 'id', data_type: 'integer', primary_key: true }, { name: 'customer_id', data_type: 'integer' }] } as Model['entities'][number]);
  v2.relationships.push({ name: 'audit_customer', from: 'Customer.id', to: 'AuditEntry.customer_id', cardinality: 'one_to_many' });
  const lm = loadModelText(modelToYaml(v2), 'shop-v2.yaml');
  expect(lm.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return lm.model!;
}

const inList = ALL.map((s) => `'${s}'`).join(', ');
const COLUMNS = `SELECT table_schema AS s, table_name AS t, column_name AS c FROM information_schema.columns
  WHERE table_schema IN (${inList}) ORDER BY table_schema, table_name, ordinal_position`;

async function dropSchemas(engine: Engine): Promise<void> {
  // MariaDB: foreign keys between the databases would otherwise pin the parent's database
  if (engine.kind === 'mariadb') await engine.query('SET FOREIGN_KEY_CHECKS = 0');
  for (const s of ALL) {
    if (engine.kind === 'mariadb') await engine.query(`DROP DATABASE IF EXISTS ${s}`);
    else await engine.query(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
  }
  if (engine.kind === 'mariadb') await engine.query('SET FOREIGN_KEY_CHECKS = 1');
}

for (const kind of ['postgres', 'duckdb', 'mariadb'] as const) {
  describe(`schema-qualified tables on ${kind}`, () => {
    let engine: Engine;
    beforeAll(async () => { engine = await ENGINES[kind](); });
    afterAll(async () => { if (engine) { await dropSchemas(engine).catch(() => {}); await engine.close(); } });

    it('the generated DDL of an imported PostgreSQL file creates its schemas first and runs on a fresh engine', async () => {
      const m = await imported();
      expect(m.entities.map((e) => [e.name, e.schema])).toEqual([['Customer', CRM], ['Orders', SALES], ['OrderLine', SALES], ['Note', SALES]]);
      const sql = generateSql(m, engine.dialect);
      const create = kind === 'mariadb' ? 'CREATE DATABASE IF NOT EXISTS' : 'CREATE SCHEMA IF NOT EXISTS';
      expect(sql).toContain(`${create} ${CRM};`);
      expect(sql.indexOf(`${create} ${SALES};`)).toBeLessThan(sql.indexOf('CREATE TABLE'));
      await dropSchemas(engine);
      await engine.reset();
      await engine.exec(sql);
      const cols = await engine.query(COLUMNS);
      expect([...new Set(cols.map((r) => `${r.s}.${r.t}`))].sort()).toEqual([`${CRM}.customer`, `${SALES}.note`, `${SALES}.order_line`, `${SALES}.orders`].sort());
      await engine.exec(`INSERT INTO ${CRM}.customer (id, email) VALUES (1, 'a@x.io'); INSERT INTO ${SALES}.orders (id, customer_id, total) VALUES (10, 1, 5)`);
      // IF NOT EXISTS: running the script's schema statements again is harmless
      await engine.exec(sql.split('\n').filter((l) => l.startsWith(create)).join('\n'));
    });

    it('a migration creates the schemas of a new table and of a table moved into one, keeping the rows', async () => {
      const v1 = await imported();
      const v2 = nextVersion(v1);
      const mig = generateMigration(v1, v2, engine.dialect);
      expect(mig.statements.filter((s) => s.kind === 'create_schema').map((s) => s.sql).join('\n')).toMatch(new RegExp(`${ARCHIVE}[\\s\\S]*${AUDIT}`));
      expect(mig.statements.some((s) => s.destructive), mig.sql).toBe(false);

      await dropSchemas(engine);
      await engine.reset();
      await engine.exec(generateSql(v1, engine.dialect));
      await engine.exec(`INSERT INTO ${SALES}.note (id, body) VALUES (3, 'keep me')`);
      await engine.exec(mig.sql);
      const migrated = await engine.query(COLUMNS);
      expect(await engine.query(`SELECT id, body FROM ${ARCHIVE}.note`)).toEqual([{ id: 3, body: 'keep me' }]);

      await dropSchemas(engine);
      await engine.reset();
      await engine.exec(generateSql(v2, engine.dialect));
      expect(migrated).toEqual(await engine.query(COLUMNS));
      expect(migrated.some((r) => r.s === AUDIT)).toBe(true);
    });
  });
}
