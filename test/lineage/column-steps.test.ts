// How a column is made inside its model's file, as written: the item that returns it and the
// items of the CTEs and subqueries it reads, with lines and the GROUP BY of an aggregate.
import { describe, expect, it } from 'vitest';
import { columnLineage, initSqlColumns, lineageGraph, loadProject } from '../../src/api.js';
import { columnSteps, madeSteps } from '../../src/core/columns/column-steps.js';
import { EXAMPLE, runCli } from '../helpers/cli.js';

const brief = (sql: string, column: string) => columnSteps(sql, column).map((s) => `${s.line} ${s.scope ?? '-'}: ${s.text}${s.groupBy ? ` [${s.groupBy}]` : ''}${s.passthrough ? ' (pass)' : ''}`);

describe('the steps that make a column in its own file', () => {
  it('follows the final select into the CTE that aggregates, positions of the GROUP BY written out', () => {
    const sql = [
      "with payments as (select * from {{ ref('stg_payments') }}),",
      'totals as (',
      '  select p.customer_id, sum(p.amount) as paid -- cents',
      '  from payments p',
      '  group by 1',
      ')',
      'select',
      '  customer_id,',
      '  cast(coalesce(totals.paid, 0) / 100.0 as decimal(18, 2)) as lifetime_value',
      'from totals',
    ].join('\n');
    expect(brief(sql, 'lifetime_value')).toEqual([
      '9 -: cast(coalesce(totals.paid, 0) / 100.0 as decimal(18, 2)) as lifetime_value',
      '3 totals: sum(p.amount) as paid [p.customer_id]',
    ]);
    expect(brief(sql, 'customer_id')).toEqual(['8 -: customer_id (pass)', '3 totals: p.customer_id (pass)']);
  });

  it('goes through `select * from final` without a step, keeps Jinja as written and drops comments', () => {
    const sql = [
      'with orders as (',
      "  select * from {{ source('shop', 'orders') }}",
      '),',
      'final as (',
      '  select',
      "    {{ dbt_utils.generate_surrogate_key(['order_id', 'line']) }} as order_line_key,",
      '    case -- a refund is negative',
      "      when kind = 'refund' then -amount else amount end as signed_amount",
      '  from orders',
      ')',
      'select * from final',
    ].join('\n');
    expect(brief(sql, 'order_line_key')).toEqual(["6 final: {{ dbt_utils.generate_surrogate_key(['order_id', 'line']) }} as order_line_key"]);
    expect(brief(sql, 'signed_amount')).toEqual(["7 final: case when kind = 'refund' then -amount else amount end as signed_amount"]);
  });

  it("in a UNION, every branch's item at the column's position makes it, each followed into its CTE", () => {
    const sql = [
      "with a as (select id, amount from {{ ref('x') }}),",
      "b as (select id, total * 100 as amount from {{ source('s', 'y') }})",
      "select 'a' as origin, id, amount from a",
      'union all',
      "select 'b', id, amount from b",
    ].join('\n');
    expect(columnSteps(sql, 'origin').map((s) => `${s.branch} ${s.line}: ${s.text}`)).toEqual(["1 3: 'a' as origin", "2 5: 'b'"]);
    expect(madeSteps(columnSteps(sql, 'amount')).map((s) => `${s.branch ?? '-'} ${s.scope ?? '-'} ${s.line}: ${s.text}`)).toEqual(['1 - 3: amount', '2 - 5: amount', '- b 2: total * 100 as amount']);
  });

  it('reads a subquery in FROM by its alias and a name no item returns as no step', () => {
    const sql = 'select d.day, d.n * 2 as doubled\nfrom (\n  select day, count(*) as n from {{ ref(\'events\') }} group by day\n) as d\n';
    expect(brief(sql, 'doubled')).toEqual(['1 -: d.n * 2 as doubled', '3 d: count(*) as n [day]']);
    expect(columnSteps(sql, 'nothing_here')).toEqual([]);
    expect(columnSteps(undefined, 'doubled')).toEqual([]);
  });

  // dagster-open-platform's credit_utilization (Snowflake): `cume_credits_used / cume_cloud_credits`
  // names two items of the same select; 'how is cloud_credit_utilization calculated' stopped there
  it('follows a name an earlier item of the same select makes (a lateral alias), unless a relation returns it', () => {
    const sql = [
      'with usage as (',
      "  select org_id, dt, sum(credits) as credits from {{ ref('usage') }} group by all",
      '),',
      'final as (',
      '  select',
      '    *,',
      '    sum(credits) over (partition by org_id order by dt) as cume_used,',
      '    cume_used / 100 as utilization,',
      '    credits * 2 as dt,',
      '    dt as shown_dt',
      '  from usage',
      ')',
      'select * from final',
    ].join('\n');
    expect(brief(sql, 'utilization')).toEqual([
      '8 final: cume_used / 100 as utilization',
      '7 final: sum(credits) over (partition by org_id order by dt) as cume_used',
      '2 usage: sum(credits) as credits [org_id, dt]',
      '2 usage: org_id (pass)',
      '2 usage: dt (pass)',
    ]);
    // `group by all` is written out as the items that do not aggregate (dagster-open-platform's
    // daily_usage read 'grouped by all'), an item reading an aggregate's alias left out
    const all = [
      'select date_trunc(week, ds) as week_start, org_id, sum(credits) as used, used / 7 as daily, sum(x) over () as w',
      "from {{ ref('usage') }}",
      'group by all',
    ].join('\n');
    expect(brief(all, 'used')).toEqual(['1 -: sum(credits) as used [date_trunc(week, ds), org_id]']);
    // `usage` returns `dt`: that column, not the item named so before it
    expect(brief(sql, 'shown_dt')).toEqual(['10 final: dt as shown_dt', '2 usage: dt (pass)']);
  });
});

describe('modeler lineage shows how a column is made', () => {
  it('in --output-json as `made`, and not for a column only passed through', async () => {
    await initSqlColumns();
    const g = lineageGraph(loadProject(EXAMPLE));
    const lineage = (node: string, column: string) => columnLineage(g, { id: g.idOf(node)!, column });
    expect(lineage('customers', 'lifetime_value').made).toEqual({ file: 'models/marts/customers.sql', steps: [
      { line: 20, text: 'cast(coalesce(order_totals.lifetime_value, 0) as decimal(18, 2)) as lifetime_value' },
      { scope: 'order_totals', line: 11, text: 'sum(payments.amount) as lifetime_value', groupBy: 'orders.customer_id' },
    ] });
    expect(lineage('orders', 'status').made).toBeUndefined();
    const r = runCli(['lineage', 'orders.amount', '--project-dir', EXAMPLE]);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual(['orders.amount', 'made in models/marts/orders.sql',
      '   line 7: sum(payments.amount) as amount  — grouped by orders.order_id, orders.customer_id, orders.store_id, orders.order_date, orders.status']);
  });
});
