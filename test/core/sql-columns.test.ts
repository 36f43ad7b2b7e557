// Output columns of a SELECT read by the real parser (datafusion-sqlparser-rs): through CTEs,
// subqueries, aliases, `*`/`t.*` from known relations, EXCLUDE/EXCEPT/REPLACE/RENAME and set
// operations; where DuckDB can run the SQL, its own DESCRIBE is the truth.
import { beforeAll, describe, expect, it } from 'vitest';
import { DuckDBInstance } from '@duckdb/node-api';
import { initSqlColumns, type ParseDialect } from '../../src/core/sql-columns/query-shape.js';
import { readSqlColumns } from '../../src/core/sql-columns/read-columns.js';
import type { TableLookup } from '../../src/core/sql-columns/scope.js';

const TABLES: Record<string, string> = {
  orders: 'id integer, customer_id integer, amount_cents integer, ordered_at timestamp, status varchar',
  customers: 'id integer, name varchar, email varchar',
  payments: 'id integer, order_id integer, amount integer',
};
const lookup: TableLookup = (name) => {
  const t = name[name.length - 1].toLowerCase();
  return TABLES[t] ? { id: `model.${t}`, columns: TABLES[t].split(', ').map((c) => ({ name: c.split(' ')[0], type: c.split(' ')[1] })) } : { id: name.join('.') };
};
const read = (sql: string, dialect: ParseDialect = 'duckdb', l: TableLookup = lookup) => readSqlColumns(sql, dialect, l);
const names = (sql: string, dialect: ParseDialect = 'duckdb') => {
  const r = read(sql, dialect);
  expect(r.error).toBeUndefined();
  expect(r.gaps).toEqual([]);
  return r.columns.map((c) => c.name);
};

let describeInDuckDb: (sql: string) => Promise<string[]>;
beforeAll(async () => {
  await initSqlColumns();
  const inst = await DuckDBInstance.create(':memory:');
  const con = await inst.connect();
  for (const [t, cols] of Object.entries(TABLES)) await con.run(`create table ${t} (${cols})`);
  describeInDuckDb = async (sql) => (await con.runAndReadAll(`describe ${sql}`)).getRowObjectsJson().map((r) => String(r.column_name));
});

// each of these runs on DuckDB too: the names found must be DuckDB's own
const DUCKDB_CASES: Record<string, string> = {
  'a CTE chain with renames': `with src as (select * from orders), renamed as (select id as order_id, customer_id, amount_cents / 100 as amount from src) select * from renamed`,
  'select * through two CTEs': `with a as (select * from orders), b as (select * from a) select * from b`,
  'a qualified star and a join': `select o.*, c.name as customer_name from orders o left join customers c on o.customer_id = c.id`,
  'union all by position': `select id, status from orders union all select id, name from customers`,
  'union all by name': `select id, status from orders union all by name select name, id from customers`,
  'exclude and replace': `select * exclude (status, ordered_at) replace (amount_cents / 100 as amount_cents) from orders`,
  'a subquery with column aliases': `select x.* from (select id, amount from payments) as x(payment_id, amount_paid)`,
  'a join using a key': `select * from orders join payments using (id)`,
  'aggregates and windows': `select customer_id, count(*) as n, sum(amount_cents) over (partition by customer_id) as running from orders group by customer_id, amount_cents`,
};

describe('output columns of a SELECT', () => {
  for (const [label, sql] of Object.entries(DUCKDB_CASES)) {
    it(`${label}: as DuckDB describes it`, async () => {
      expect(names(sql)).toEqual(await describeInDuckDb(sql));
    });
  }

  it('traces each column to the base relation and says how its value is made', () => {
    const r = read(`with o as (select * from orders), s as (select customer_id as cid, sum(amount_cents) as total from o group by 1)
      select cid, total, cast(total as double) as total_f, 'x' as tag from s`);
    const byName = Object.fromEntries(r.columns.map((c) => [c.name, c]));
    expect(byName.cid).toMatchObject({ kind: 'rename', sources: [{ relation: 'model.orders', column: 'customer_id', kind: 'rename' }] });
    expect(byName.total).toMatchObject({ kind: 'aggregate', sources: [{ relation: 'model.orders', column: 'amount_cents', kind: 'aggregate' }] });
    expect(byName.total_f).toMatchObject({ type: 'double', typeFrom: 'cast' });
    expect(byName.tag).toMatchObject({ kind: 'literal', sources: [] });
    expect(read('select id from orders').columns[0]).toMatchObject({ kind: 'passthrough', type: 'integer', typeFrom: 'source' });
  });

  it('takes types from explicit casts (cast, ::, try_cast)', () => {
    const r = read(`select cast(a as varchar(10)) as a, b::date as b, try_cast(c as bigint) as c, (d / 100)::numeric(16, 2) as d from t`);
    expect(r.columns.map((c) => c.type)).toEqual(['varchar(10)', 'date', 'bigint', 'numeric(16, 2)']);
  });

  it('says which names it cannot know instead of guessing', () => {
    const unknownTable = read('select * from raw.events');
    expect(unknownTable.columns).toEqual([]);
    expect(unknownTable.gaps[0]).toMatch(/select \* over a relation whose columns are not known/);
    const noAlias = read('select id, count(*) from orders group by id');
    expect(noAlias.columns.map((c) => c.name)).toEqual(['id']);
    expect(noAlias.gaps[0]).toMatch(/without an alias/);
    // a macro the renderer left as a placeholder: with an alias the name is known, alone it is not
    const macro = read('select __modeler_unrendered_1__ as amount, __modeler_unrendered_2__ from orders');
    expect(macro.columns.map((c) => [c.name, c.unresolved !== undefined])).toEqual([['amount', true]]);
    expect(macro.gaps[0]).toMatch(/macro that is not rendered/);
    // yet a column read from a table with unknown columns still traces to it (select * passes everything)
    const open = read('with s as (select * from raw.events) select id as event_id from s');
    expect(open.columns[0]).toMatchObject({ name: 'event_id', sources: [{ relation: 'raw.events', column: 'id', kind: 'rename' }] });
  });

  it('reads Snowflake and BigQuery syntax', () => {
    expect(names('select * exclude (status) rename (id as order_id) from orders qualify row_number() over (partition by id order by ordered_at) = 1', 'snowflake'))
      .toEqual(['order_id', 'customer_id', 'amount_cents', 'ordered_at']);
    expect(names('select o.id::varchar as id_text, iff(status = \'x\', 1, 0) as flag from orders o', 'snowflake')).toEqual(['id_text', 'flag']);
    expect(names('select * except (status, ordered_at) from `proj.ds.orders`', 'bigquery')).toEqual(['id', 'customer_id', 'amount_cents']);
    expect(names('select s.* replace (0 as amount), safe_cast(id as int64) as id64 from `p.d.payments` s', 'bigquery')).toEqual(['id', 'order_id', 'amount', 'id64']);
    expect(read('select safe_cast(id as int64) as id64 from orders', 'bigquery').columns[0].type).toBe('int64');
  });

  it('names an unaliased cast of a column by the column where PostgreSQL does (NocoDB staging: design_id::bigint)', () => {
    const sql = 'select id::bigint as design_id, wedding_ring_id::bigint, cast(o.customer_id as int), status::text::int, (amount_cents / 100)::numeric from orders o';
    for (const d of ['postgresql', 'redshift'] as ParseDialect[]) {
      const r = read(sql, d);
      expect(r.columns.map((c) => c.name), d).toEqual(['design_id', 'wedding_ring_id', 'customer_id', 'status']);
      expect(r.columns.find((c) => c.name === 'customer_id')).toMatchObject({ type: 'int', sources: [{ relation: 'model.orders', column: 'customer_id' }] });
      expect(r.gaps, d).toHaveLength(1); // the computed one has no name PostgreSQL would give
    }
    // DuckDB names it CAST(x AS BIGINT): no column the models' readers would name
    expect(read('select wedding_ring_id::bigint from orders', 'duckdb').columns).toEqual([]);
  });

  it("reads PostgreSQL's IS [NOT] JSON tests (ERPNext staging: case when links::text is json then links::jsonb end)", () => {
    const sql = `select id as address_id, case when status is not null and status::text is json then status::jsonb else null end as links,
      amount_cents is not json object with unique keys as bad_json from orders`;
    const r = read(sql, 'postgresql');
    expect(r.error).toBeUndefined();
    expect(r.columns.map((c) => c.name)).toEqual(['address_id', 'links', 'bad_json']);
    expect(new Set(r.columns[1].sources.map((s) => `${s.relation}.${s.column}`))).toEqual(new Set(['model.orders.status']));
  });

  it('says why SQL that does not parse has no columns', () => {
    const r = read('select from where');
    expect(r.error).toMatch(/Expected/);
  });
});
