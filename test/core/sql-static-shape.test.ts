// The token reader of simple SQL (static-shape.ts) against the full parser: wherever it reads a
// query, the shape must be the one the full parser's tree gives, on every model of every real
// project we have (rendered as project-columns renders it) and on SQL written for each construct
// it reads; and it never reads SQL the full parser rejects.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE } from '../helpers/cli.js';
import { describeFetched, fetchedProject, itShared, registeredProjects, REAL_DBT } from '../helpers/shared.js';
import { loadProject } from '../../src/core/project/load.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';
import { initSqlColumns, parseQueryShape } from '../../src/core/sql-columns/query-shape.js';
import { STATIC_DIALECTS, staticQueryShape } from '../../src/core/sql-columns/static-shape.js';
// @ts-expect-error a plain .mjs helper shared with the benches
import { generateProject } from '../../bench/lib/synthetic-project.mjs';

beforeAll(async () => { await initSqlColumns(); });

const DUCKDB = { name: 'dev', type: 'duckdb', schema: 'main' };
const typeOf = (s: string) => parseQueryShape(`select cast(null as ${s}) as x`, 'duckdb', { full: true }).shape?.body.k === 'select' ? undefined : null;

/** Both readers on every model's SQL: how many the fast path read, and those whose shapes differ. */
function compare(dir: string, vars?: Record<string, unknown>): { models: number; fast: number; differ: string[]; acceptedBroken: string[] } {
  const p = loadProject(dir, vars ? { vars } : {});
  const cols = projectColumns(p, { target: DUCKDB });
  let models = 0, fast = 0;
  const differ: string[] = [], acceptedBroken: string[] = [];
  for (const m of [...p.models, ...p.snapshots]) {
    const sql = cols.sqlText(m);
    if (sql === undefined) continue;
    models++;
    // every parser dialect the token reader serves, not only the one the project's adapter uses
    for (const d of STATIC_DIALECTS) {
      if (!staticQueryShape(sql, d, typeOf)) continue;
      if (d === 'duckdb') fast++;
      const full = parseQueryShape(sql, d, { full: true });
      if (full.error) acceptedBroken.push(`${m.name} (${d}): ${full.error}`);
      else if (JSON.stringify(parseQueryShape(sql, d).shape) !== JSON.stringify(full.shape)) differ.push(`${m.name} (${d})`);
    }
  }
  return { models, fast, differ, acceptedBroken };
}

describe('the fast path reads the same shapes as the full parser', () => {
  /** Read by the fast path in `reads` (every dialect it serves, unless named), and never read otherwise than the full parser reads it. */
  const same = (sql: string, reads: string[] = [...STATIC_DIALECTS]) => {
    for (const d of STATIC_DIALECTS) {
      if (reads.includes(d)) expect(staticQueryShape(sql, d, typeOf), `${d}: ${sql}`).toBeDefined();
      expect(parseQueryShape(sql, d), `${d}: ${sql}`).toEqual(parseQueryShape(sql, d, { full: true }));
    }
  };

  it('CTEs, stars, aliases, joins, filters, casts, calls, CASE, windows, unions', () => {
    same('with a as (select * from "db"."main"."orders"), b as (select id, amount from payments p where p.amount > 0)\nselect a.*, b.amount as paid from a left join b on b.id = a.id');
    same('select o.id, cast(o.amount * 100 + 62 as integer) as cents, (o.amount / 100)::numeric(16, 2) as dollars, lower(o.status) status from orders as o');
    // unaliased casts of a column: named by it in PostgreSQL, by neither reader elsewhere
    same('select o.design_id::bigint, cast(o.wedding_ring_id as int), o.status::text::int, cast(o.a::text as int), (o.b)::int, coalesce(o.c, 0)::int from orders as o');
    same('select * exclude (status, amount) from orders', ['duckdb', 'snowflake']);
    same('select o.id, m.* exclude link from orders o join model m on m.link = o.link', ['duckdb', 'snowflake']);
    expect(parseQueryShape('select m.* exclude link from model m', 'duckdb', { full: true }).shape?.body).toMatchObject({ select: { items: [{ k: 'star', exclude: ['link'] }] } });
    same('select customer_id, count(*) as n, sum(amount) total, count(distinct id) as k from orders group by customer_id having count(*) > 1 order by 2 desc limit 10');
    same("select id, case when status = 'x' then amount when status is not null then 0 else -amount end as a, coalesce(status, 'n/a') as s from orders where id in (1, 2) and status not like 'a%' or amount between 1 and 2");
    same('select id, row_number() over (partition by customer_id order by ordered_at desc nulls last rows between unbounded preceding and current row) as rn from orders qualify rn = 1', ['duckdb', 'snowflake']);
    same('select id, lag(amount) over (order by ordered_at) as prev, cast(amount as VARIANT) as v from orders', ['duckdb', 'snowflake']);
    same('select id from orders union all select id from customers union select id from payments');
    same('select id, (select max(id) from customers) as m, id in (select id from customers) as known from orders o join customers c using (id) cross join payments');
    same('select x.id from (select id from orders) x inner join (select id from customers) as y on x.id = y.id;');
    same('select (id) as i, -id as neg, not (id > 1) as f, null as n, true as t, id::varchar::text as s from orders');
    same('select case when id > 1 then id::varchar else status end as s, cast(amount as double precision) d from orders');
  });

  it('gives up where the tree is not certain: the full parser reads those', () => {
    for (const sql of [
      'select extract(year from ordered_at) as y from orders',
      'select date \'2020-01-01\' as d from orders',
      'select sum(amount) filter (where id > 1) as s from orders',
      'select f(a => 1) as x from orders',
      'select * replace (id + 1 as id) from orders',
      'select id from orders except select id from customers',
      'select id from orders; select 1',
      'select __modeler_unrendered_1__ as x from orders',
      'select id from unnest([1, 2])',
      'select a[1] as x from orders',
    ]) expect(staticQueryShape(sql, 'duckdb', typeOf), sql).toBeUndefined();
  });

  it('never reads SQL the full parser rejects', () => {
    for (const sql of ['select id from', 'select (id from orders', 'select id as from orders', 'select cast(id as) from orders']) {
      expect(parseQueryShape(sql, 'duckdb', { full: true }).error, sql).toBeDefined();
      expect(staticQueryShape(sql, 'duckdb', typeOf), sql).toBeUndefined();
    }
  });

  it('reads every model of the synthetic project (the bench) and the shipped example, with the full parser\'s shapes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'modeler-static-'));
    try {
      generateProject(dir, { models: 120 });
      const s = compare(dir);
      expect(s).toEqual({ models: 120, fast: 120, differ: [], acceptedBroken: [] });
    } finally { rmSync(dir, { recursive: true, force: true }); }
    const e = compare(EXAMPLE);
    expect(e.differ).toEqual([]);
    expect(e.fast).toBe(e.models);
  });
});

describe('the fast path on the real dbt fixtures', () => {
  for (const name of ['dbt_stripe_source', 'dbt_hubspot_source']) {
    itShared(`${name}: the same shapes wherever it reads one`, () => {
      const s = compare(join(REAL_DBT, name));
      expect(s.differ).toEqual([]);
      expect(s.acceptedBroken).toEqual([]);
    }, undefined, 'real-dbt');
  }
});

for (const { name } of registeredProjects()) {
  describeFetched(`the fast path on fetched ${name}`, name, () => {
    it('the same shapes wherever it reads one', () => {
      const { dir, project } = fetchedProject(name);
      const s = compare(dir, project.vars);
      expect(s.differ).toEqual([]);
      expect(s.acceptedBroken).toEqual([]);
    }, 120_000);
  });
}

