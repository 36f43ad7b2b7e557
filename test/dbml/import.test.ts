// `import dbml` on @dbml/core: every DBML construct the issue lists, the peer's sample file, and
// DBML → model → SQL → model keeping every table, column, key and relationship.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelText } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { modelToYaml } from '../../src/core/model/write.js';
import { importDbml } from '../../src/dbml/import.js';
import { generateSql } from '../../src/sql/generate.js';
import { importSql } from '../../src/sql/import/index.js';
import { itShared, PEER } from '../helpers/shared.js';
import { openDuckDb } from '../sql/engines.js';

const DBML = `Project shop {
  database_type: 'PostgreSQL'
  Note: 'Online shop'
}

Enum order_status {
  open
  paid [note: 'money received']
  shipped
}

Table users as U {
  id integer [pk, increment]
  email varchar(255) [not null, unique, note: 'login e-mail']
  balance decimal(12,2) [default: 0]
  created_at timestamp [default: \`now()\`]
  nickname varchar(40) [default: 'anon']
  Note: 'People'
  indexes {
    (email, created_at) [unique, name: 'ux_users_email_created']
    created_at [name: 'ix_users_created']
    \`lower(email)\`
  }
}

Table sales.orders {
  id int [pk]
  user_id int [not null, ref: > U.id]
  status order_status [default: 'open']
  line_count int
}

Table lines {
  order_id int
  line_no int
  qty int [not null]
  indexes {
    (order_id, line_no) [pk]
  }
}

Table coupons {
  code varchar(20) [pk]
  order_id int
}

Table tags {
  tag varchar(20) [pk]
}

Ref fk_lines_order: lines.order_id > sales.orders.id [delete: cascade]
Ref: coupons.order_id - sales.orders.id
Ref: tags.tag <> sales.orders.status

TableGroup commerce [note: 'order flow'] {
  U
  sales.orders
}

Note readme {
  'Sticky note'
}
`;

const get = (m: Model, e: string) => m.entities.find((x) => x.name === e)!;
const col = (m: Model, e: string, c: string) => get(m, e).columns.find((x) => x.name === c)!;

describe('import dbml', async () => {
  const r = await importDbml(DBML, 'shop.dbml');
  const m = r.model!;
  it('produces a valid model, tables in source order across schemas', () => {
    expect(r.diagnostics).toEqual([]);
    const lm = loadModelText(modelToYaml(m), 'shop.model.yaml');
    expect(lm.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(m.model).toMatchObject({ name: 'shop', description: 'Online shop' });
    expect(m.entities.map((e) => [e.name, e.schema])).toEqual([['Users', undefined], ['Orders', 'sales'], ['Lines', undefined], ['Coupons', undefined], ['Tags', undefined]]);
  });
  it('columns with pk, not null, unique, default, note, increment', () => {
    expect(col(m, 'Users', 'id')).toMatchObject({ data_type: 'integer', primary_key: true, nullable: false, identity: true });
    expect(col(m, 'Users', 'email')).toMatchObject({ data_type: 'varchar(255)', nullable: false, unique: true, description: 'login e-mail' });
    expect(col(m, 'Users', 'balance')).toMatchObject({ data_type: 'decimal(12,2)', default: 0 });
    expect(col(m, 'Users', 'created_at').default).toBe('now()');
    expect(col(m, 'Users', 'nickname').default).toBe("'anon'");
    expect(get(m, 'Users').description).toBe('People');
    expect(get(m, 'Lines').columns.filter((c) => c.primary_key).map((c) => c.name)).toEqual(['order_id', 'line_no']);
  });
  it('inline refs and Ref blocks: >, -, <>, with actions', () => {
    expect(m.relationships).toEqual([
      { name: 'orders_user_id_users', from: 'Users.id', to: 'Orders.user_id', cardinality: 'one_to_many' },
      { name: 'fk_lines_order', from: 'Orders.id', to: 'Lines.order_id', cardinality: 'one_to_many', on_delete: 'cascade' },
      { name: 'coupons_order_id_orders', from: 'Orders.id', to: 'Coupons.order_id', cardinality: 'one_to_one' },
      { name: 'orders_status_tags', from: 'Tags.tag', to: 'Orders.status', cardinality: 'many_to_many' },
    ]);
    expect(col(m, 'Coupons', 'order_id').unique).toBe(true);
  });
  it('enums, indexes, table groups and notes', () => {
    expect(m.enums).toEqual([{ name: 'order_status', values: ['open', 'paid', 'shipped'] }]);
    expect(col(m, 'Orders', 'status').enum).toBe('order_status');
    expect(m.indexes).toEqual([
      { name: 'ux_users_email_created', entity: 'Users', columns: ['email', 'created_at'], unique: true },
      { name: 'ix_users_created', entity: 'Users', columns: ['created_at'] },
    ]);
    expect(r.unmodeled.map((u) => u.what)).toEqual(['expression index on users']);
    expect(m.subject_areas).toEqual([{ name: 'commerce', description: 'order flow' }]);
    expect(get(m, 'Users').subject_area).toBe('commerce');
    expect(m.notes).toEqual([{ id: 'readme', text: 'Sticky note' }]);
  });
  it('`<` points the other way: the left side is the parent', async () => {
    const c = (await importDbml('Table a {\n  id int [pk]\n}\nTable b {\n  id int [pk]\n  a_id int\n}\nRef: a.id < b.a_id [update: cascade]\n', 'lt.dbml')).model!;
    expect(c.relationships).toEqual([{ name: 'b_a_id_a', from: 'A.id', to: 'B.a_id', cardinality: 'one_to_many', on_update: 'cascade' }]);
  });
  it('composite refs', async () => {
    const c = (await importDbml('Table a {\n  x int\n  y int\n  indexes {\n    (x, y) [pk]\n  }\n}\nTable b {\n  id int [pk]\n  ax int\n  ay int\n}\nRef: b.(ax, ay) > a.(x, y)\n', 'c.dbml')).model!;
    expect(c.relationships).toEqual([{ name: 'b_ax_ay_a', from: { entity: 'A', columns: ['x', 'y'] }, to: { entity: 'B', columns: ['ax', 'ay'] }, cardinality: 'one_to_many' }]);
  });
  it('a byte-order mark and CRLF line ends are read like plain text', async () => {
    const r = await importDbml('\uFEFFTable users {\r\n  id integer [pk]\r\n  name varchar(10) [not null]\r\n}\r\n', 'bom.dbml');
    expect(r.diagnostics).toEqual([]);
    expect(r.model!.entities.map((e) => [e.name, e.columns.map((c) => c.name)])).toEqual([['Users', ['id', 'name']]]);
  });
  it('syntax errors are located', async () => {
    const bad = await importDbml('Table x {\n  id int [pk\n}\n', 'bad.dbml');
    expect(bad.model).toBeUndefined();
    expect(bad.diagnostics[0]).toMatchObject({ code: 'DBML_SYNTAX', file: 'bad.dbml', line: 3, column: 1 });
  });
  itShared('the peer sample: refs set parent → child', async () => {
    const s = (await importDbml(readFileSync(join(PEER, 'tests/fixtures/sample_schema.dbml'), 'utf8'), 'sample_schema.dbml')).model!;
    expect(s.relationships).toEqual([{ name: 'sales_order_customer_id_customer', from: 'Customer.customer_id', to: 'SalesOrder.customer_id', cardinality: 'one_to_many' }]);
    expect(col(s, 'SalesOrder', 'total_amount').data_type).toBe('decimal(12,2)');
  });
  it('DBML → model → SQL (executed on DuckDB) → model keeps every table, column, key and relationship', async () => {
    const sql = generateSql(m, 'postgres'); // enums become a string column plus a CHECK of their values
    const back = (await importSql(sql, 'shop.sql', { dialect: 'postgres' })).model!;
    const shape = (x: Model) => ({
      tables: x.entities.map((e) => [e.name, e.schema, e.columns.map((c) => [c.name, !!c.primary_key, c.nullable === false || !!c.primary_key, !!c.unique])]),
      rels: x.relationships.filter((r) => r.cardinality !== 'many_to_many').map((r) => [JSON.stringify(r.from), JSON.stringify(r.to)]),
      indexes: x.indexes.map((i) => [i.entity, i.columns, !!i.unique]),
    });
    expect(shape(back)).toEqual(shape(m));
    const duck = await openDuckDb();
    try {
      await duck.exec('CREATE SCHEMA sales;\n' + generateSql(m, 'duckdb'));
      expect((await duck.query("select count(*)::int as n from duckdb_tables()"))[0].n).toBe(5);
      // an enum becomes a string column whose CHECK enforces the values
      const e = (await importDbml("Enum st {\n  open\n  \"in progress\"\n}\nTable t {\n  id int [pk]\n  s st [not null]\n}\n", 'e.dbml')).model!;
      await duck.exec(generateSql(e, 'duckdb'));
      await duck.exec("INSERT INTO t VALUES (1, 'in progress')");
      await expect(duck.exec("INSERT INTO t VALUES (2, 'lost')")).rejects.toThrow(/CHECK constraint/i);
    } finally { await duck.close(); }
  });
});
