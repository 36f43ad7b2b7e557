// A column's `line` is where the model's SQL defines it — its item in the select that returns the
// model's rows — not the last mention of its name (a join key, a GROUP BY, a filter after the
// select list). Through `select * from cte` and `from (subquery)` to the select that names it; a
// UNION's names are its first branch's; dbt's snapshot columns are at the snapshot's config.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, runCli } from '../helpers/cli.js';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { tinyProject } from '../helpers/tiny-dbt.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';
import { lineageGraph } from '../../src/lineage/graph.js';

beforeAll(async () => { await initSqlColumns(); });

/** The 1-based line of the file holding `needle` (once). */
const lineOf = (dir: string, rel: string, needle: string) => {
  const lines = readFileSync(join(dir, rel), 'utf8').split('\n');
  const at = lines.flatMap((l, i) => (l.includes(needle) ? [i + 1] : []));
  expect(at, `${needle} in ${rel}`).toHaveLength(1);
  return at[0];
};
const json = (dir: string, address: string) => {
  const r = runCli(['lineage', address, '--project-dir', dir, '--output-json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('the shipped example: the select item, not the join that mentions the name last', () => {
  it('customers.customer_id is at its cast in the final select (its last mention is the join below), in JSON, text and the columns every face lists', () => {
    const item = lineOf(EXAMPLE, 'models/marts/customers.sql', 'as integer) as customer_id');
    const join_ = lineOf(EXAMPLE, 'models/marts/customers.sql', 'left join order_totals on order_totals.customer_id');
    expect(join_).toBeGreaterThan(item);
    expect(json(EXAMPLE, 'customers.customer_id').upstream).toEqual([{ node: 'stg_shop__customers', column: 'customer_id', kind: 'transform', file: 'models/marts/customers.sql', line: item }]);
    expect(runCli(['lineage', 'customers.customer_id', '--project-dir', EXAMPLE]).stdout).toContain(`models/marts/customers.sql:${item}`);
    const p = loadProject(EXAMPLE);
    const c = projectColumns(p).of(p.modelByName.get('customers')!).find((x) => x.name === 'customer_id')!;
    expect(c.sql_line).toBe(item);
    // a join key's influence stays where the join reads it
    const rows = json(EXAMPLE, 'customers.customer_id').influence.find((i: any) => i.node === 'stg_shop__customers' && i.column === 'customer_id');
    expect(rows?.line).toBe(join_);
  });
});

describe('SQL written to exercise each place a column is defined', () => {
  const dir = tinyProject({
    'models/sources.yml': 'version: 2\nsources:\n  - name: app\n    tables:\n      - name: orders\n        columns: [{name: id}, {name: user_id}, {name: amount}, {name: status}]\n',
    // dbt's `final` style: the names are made in a CTE, the model returns select * from it
    'models/stg_orders.sql': [
      'with source as (',
      "    select * from {{ source('app', 'orders') }}",
      '),',
      'renamed as (',
      '    select',
      '        id as order_id,',
      '        user_id as customer_id,',
      '        amount amount_cents,            -- an alias without AS',
      '        upper(status) as status',
      '    from source',
      '    where user_id is not null and status <> \'x\'',
      ')',
      'select * from renamed',
      '',
    ].join('\n'),
    // a union: the names are the first branch's; the model reads a subquery
    'models/all_orders.sql': [
      'select * from (',
      '    select',
      '        order_id,',
      "        'web' as channel",
      "    from {{ ref('stg_orders') }}",
      '    union all',
      "    select order_id, 'store' as channel from {{ ref('stg_orders') }}",
      ') as u',
      'order by order_id, channel',
      '',
    ].join('\n'),
    // several names after the select list (group by, having, qualify); a macro making a column
    'models/per_customer.sql': [
      'select',
      '    o.customer_id,',
      '    count(*) as orders,',
      '    sum(o.amount_cents) as amount_cents',
      "from {{ ref('stg_orders') }} as o",
      'group by o.customer_id',
      'having sum(o.amount_cents) > 0',
      '',
    ].join('\n'),
    // a query Jinja runs at compile time ({% set %} block) comes first: not the model's select
    'models/by_status.sql': [
      '{% set statuses_query %}',
      "select distinct status from {{ ref('stg_orders') }}",
      '{% endset %}',
      'select',
      '    customer_id,',
      "    {% for s in ['open', 'done'] %}sum(case when status = '{{ s }}' then 1 else 0 end) as n_{{ s }},{% endfor %}",
      '    count(*) as orders',
      "from {{ ref('stg_orders') }}",
      'group by customer_id',
      '',
    ].join('\n'),
    // names Jinja makes whole (`as {{ c }}`): at that item, not at a later mention of the name
    'models/by_kind.sql': [
      'select',
      '    customer_id,',
      "    {% for c in ['paid_total', 'open_total'] %}sum(case when status = '{{ c }}' then amount_cents end) as {{ c }},{% endfor %}",
      '    count(*) as orders',
      "from {{ ref('stg_orders') }}",
      'group by customer_id',
      '-- finance reads paid_total and open_total',
      '',
    ].join('\n'),
  });

  it('each column is at its select item, through select * from a CTE and a subquery, in a union\'s first branch', () => {
    const at = (address: string) => json(dir, address).upstream.map((u: any) => u.line);
    expect(at('stg_orders.order_id')).toEqual([6]);
    expect(at('stg_orders.customer_id')).toEqual([7]);
    expect(at('stg_orders.amount_cents')).toEqual([8]);
    expect(at('stg_orders.status')).toEqual([9]);
    expect(at('all_orders.order_id')).toEqual([3]);
    expect(at('per_customer.customer_id')).toEqual([2]);
    expect(at('per_customer.amount_cents')).toEqual([4]);
    expect(at('by_status.customer_id')).toEqual([5]);
    // names a Jinja loop makes (`as n_{{ s }}`) are at the loop's item, not line 1 (no line holds `n_open`)
    const loop = lineOf(dir, 'models/by_status.sql', 'as n_{{ s }}');
    expect(loop).toBe(6);
    expect(at('by_status.n_open')).toEqual([loop]);
    expect(at('by_status.n_done')).toEqual([loop]);
    expect(at('by_status.orders')).toEqual([]);
    const whole = lineOf(dir, 'models/by_kind.sql', 'as {{ c }}');
    expect(at('by_kind.paid_total')).toEqual([whole, whole]);
    expect(at('by_kind.open_total')).toEqual([whole, whole]);
  });
});

describe('dbt\'s snapshot columns are at the snapshot\'s config, not line 1', () => {
  it('dbt_valid_from and dbt_scd_id point at config(); the select\'s columns at their items', () => {
    const dir = tinyProject({
      'seeds/raw_orders.csv': 'id,status,changed_at\n1,open,2024-01-01\n',
      'snapshots/orders_snapshot.sql': [
        '{% snapshot orders_snapshot %}',
        '',
        "{{ config(target_schema='snapshots', unique_key='id', strategy='timestamp', updated_at='changed_at') }}",
        '',
        'select id, status,',
        '    changed_at',
        "from {{ ref('raw_orders') }}",
        '{% endsnapshot %}',
        '',
      ].join('\n'),
    });
    const node = json(dir, 'orders_snapshot');
    const lines = Object.fromEntries(node.columns.map((c: any) => [c.column.split('.').pop(), [...new Set(c.upstream.map((u: any) => u.line))]]));
    expect(lines).toEqual({ id: [5], status: [5], changed_at: [6], dbt_scd_id: [3], dbt_updated_at: [3], dbt_valid_from: [3], dbt_valid_to: [3] });
  });
});

describeFetched('dbt-labs/jaffle-shop, as fetched', 'jaffle-shop', () => {
  it('dbt-labs/jaffle-shop: stg_orders\'s columns at their items in the renamed CTE (macros included), as real SQL writes them', () => {
    const { dir } = fetchedProject('jaffle-shop');
    const rel = 'models/staging/stg_orders.sql';
    const g = lineageGraph(loadProject(dir), { target: { name: 'dev', type: 'duckdb', schema: 'main' } });
    const id = g.idOf('stg_orders')!;
    const line = (c: string) => g.up(id, c)[0]?.line;
    expect(line('order_id')).toBe(lineOf(dir, rel, 'id as order_id'));
    expect(line('customer_id')).toBe(lineOf(dir, rel, 'customer as customer_id'));
    expect(line('ordered_at')).toBe(lineOf(dir, rel, "as ordered_at"));
  });
});
