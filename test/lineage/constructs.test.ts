// Column lineage on SQL written to exercise each construct: CTE chains, select * through two CTEs,
// aliases and renames, a subquery in FROM, t.* with EXCLUDE/EXCEPT, USING joins, union all by
// position, case, functions, aggregates, window functions, a macro that wraps a column, an
// unknown macro (unresolved, never guessed), a seed; join and filter columns kept apart. Each on
// DuckDB SQL and on the Snowflake and BigQuery syntax the parser reads for those adapters.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { columnImpact } from '../../src/lineage/impact.js';
import { columnLineage, parseAddress } from '../../src/lineage/query.js';
import { directEdges, writeProject } from './helpers.js';

beforeAll(async () => { await initSqlColumns(); });

type Dialect = 'duckdb' | 'snowflake' | 'bigquery';

function project(dialect: Dialect): string {
  const prefix = `modeler-lineage-${dialect}-`;
  const star = dialect === 'bigquery' ? '* except (status)' : '* exclude (status)';
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: lin\nversion: "1.0"\nprofile: lin\n',
    'models/sources.yml': `version: 2
sources:
  - name: raw
    tables:
      - name: orders
        columns: [{name: id}, {name: user_id}, {name: amount_cents}, {name: status}, {name: ordered_at}]
      - name: customers
        columns: [{name: id}, {name: first_name}, {name: last_name}]
`,
    'macros/cents.sql': '{% macro cents_to_dollars(col) %}cast({{ col }} / 100 as numeric){% endmacro %}\n',
    'seeds/country_codes.csv': 'code,name\nNZ,New Zealand\n',
    'models/stg_orders.sql': `with source as (
    select * from {{ source('raw', 'orders') }}
),
renamed as (
    select
        id as order_id,
        user_id as customer_id,
        {{ cents_to_dollars('amount_cents') }} as amount,
        status,
        ordered_at
    from source
)
select * from renamed
`,
    'models/stg_customers.sql': `select id as customer_id, concat(first_name, ' ', last_name) as full_name
from {{ source('raw', 'customers') }}
`,
    'models/all_people.sql': `select customer_id as person_id, full_name as label from {{ ref('stg_customers') }}
union all
select order_id, status from {{ ref('stg_orders') }}
`,
    'models/customer_orders.sql': `select
    c.customer_id,
    c.full_name as name,
    count(o.order_id) as order_count,
    sum(o.amount) as lifetime_value,
    case when max(o.status) = 'returned' then 'yes' else 'no' end as any_returned
from {{ ref('stg_customers') }} as c
left join {{ ref('stg_orders') }} as o on c.customer_id = o.customer_id
where o.ordered_at is not null
group by 1, 2
`,
    'models/ranked.sql': `select
    order_id,
    row_number() over (partition by customer_id order by ordered_at) as order_seq,
    sum(amount) over (partition by customer_id) as customer_total
from {{ ref('stg_orders') }}
`,
    'models/star_sub.sql': `select o.${star}, x.cnt
from (select customer_id, count(*) as cnt from {{ ref('stg_orders') }} group by customer_id) as x
join {{ ref('stg_orders') }} as o using (customer_id)
`,
    'models/mystery.sql': `select order_id, {{ mystery_macro('amount') }} as amount_x from {{ ref('stg_orders') }}
`,
    'models/flags.sql': `select order_id, coalesce(status = 'returned', false) as is_returned from {{ ref('stg_orders') }}
`,
    'models/countries.sql': `select code as country_code, upper(name) as country_name from {{ ref('country_codes') }}
`,
  };
  return writeProject(prefix, files);
}

const edges = (g: LineageGraph, model: string) => directEdges(g, model);

describe.each(['duckdb', 'snowflake', 'bigquery'] as Dialect[])('column lineage on %s SQL', (dialect) => {
  let g: LineageGraph;
  beforeAll(() => { g = lineageGraph(loadProject(project(dialect)), { target: { type: dialect } }); });

  it('follows a CTE chain and select * through two CTEs to the source columns, renames and a macro that wraps a column', () => {
    expect(edges(g, 'stg_orders')).toEqual([
      'amount <- raw.orders.amount_cents transform',
      'customer_id <- raw.orders.user_id rename',
      'order_id <- raw.orders.id rename',
      'ordered_at <- raw.orders.ordered_at passthrough',
      'status <- raw.orders.status passthrough',
    ]);
    expect(edges(g, 'stg_customers')).toEqual([
      'customer_id <- raw.customers.id rename',
      'full_name <- raw.customers.first_name transform',
      'full_name <- raw.customers.last_name transform',
    ]);
  });

  it('takes union all by position: each output column from both sides', () => {
    expect(edges(g, 'all_people')).toEqual([
      'label <- stg_customers.full_name rename',
      'label <- stg_orders.status rename',
      'person_id <- stg_customers.customer_id rename',
      'person_id <- stg_orders.order_id rename',
    ]);
  });

  it('reads aggregates and case over a join, and keeps the join keys and filters apart', () => {
    expect(edges(g, 'customer_orders')).toEqual([
      'any_returned <- stg_orders.status aggregate',
      'customer_id <- stg_customers.customer_id passthrough',
      'lifetime_value <- stg_orders.amount aggregate',
      'name <- stg_customers.full_name rename',
      'order_count <- stg_orders.order_id aggregate',
    ]);
    const inf = g.influence(g.idOf('customer_orders')!).map((i) => `${i.as} ${g.nameOf(i.from.id)}.${i.from.column}`).sort();
    expect(inf).toEqual(['filter stg_orders.ordered_at', 'join stg_customers.customer_id', 'join stg_orders.customer_id']);
  });

  it('reads window functions: the function\'s argument, partition and order keys (a transform of them)', () => {
    const e = edges(g, 'ranked');
    expect(e).toContain('customer_total <- stg_orders.amount transform');
    expect(e).toContain('customer_total <- stg_orders.customer_id transform');
    expect(e).toContain('order_id <- stg_orders.order_id passthrough');
    // row_number() reads its partition and order keys: a transform of them
    expect(e.filter((x) => x.startsWith('order_seq'))).toEqual(['order_seq <- stg_orders.customer_id transform', 'order_seq <- stg_orders.ordered_at transform']);
  });

  it('expands t.* minus EXCLUDE/EXCEPT from a known relation, beside a subquery in FROM joined with USING', () => {
    // count(*) reads no column: the row count's value comes from no input column
    expect(g.up(g.idOf('star_sub')!, 'cnt')).toEqual([]);
    expect(edges(g, 'star_sub')).toEqual([
      'amount <- stg_orders.amount passthrough',
      'customer_id <- stg_orders.customer_id passthrough',
      'order_id <- stg_orders.order_id passthrough',
      'ordered_at <- stg_orders.ordered_at passthrough',
    ]);
  });

  it('marks a column built by an unknown macro unresolved, with the reason, and guesses no edge', () => {
    const id = g.idOf('mystery')!;
    expect(g.up(id, 'amount_x')).toEqual([]);
    // the call, its line and why it is not rendered
    expect(g.unresolved(id, 'amount_x')[0]).toMatch(/^line 1: mystery_macro\('amount'\) is not rendered: .*mystery_macro/);
    expect(edges(g, 'mystery')).toEqual(['order_id <- stg_orders.order_id passthrough']);
  });

  it('reads a comparison inside a function call (the parser takes \`a = b\` there for a named argument)', () => {
    expect(edges(g, 'flags')).toEqual(['is_returned <- stg_orders.status transform', 'order_id <- stg_orders.order_id passthrough']);
  });

  it('treats a seed as a node, and answers downstream through it', () => {
    expect(edges(g, 'countries')).toEqual(['country_code <- country_codes.code rename', 'country_name <- country_codes.name transform']);
    const l = columnLineage(g, parseAddress(g, 'raw.orders.user_id') as { id: string; column: string }, 3);
    expect(l.downstream.map((d) => `${d.node}.${d.column}@${d.depth}`).sort()).toEqual([
      'ranked.customer_total@2', 'ranked.order_seq@2', 'star_sub.customer_id@2', 'stg_orders.customer_id@1',
    ]);
  });
});

describe('questions asked of the graph', () => {
  let g: LineageGraph;
  beforeAll(() => { g = lineageGraph(loadProject(project('duckdb')), { target: { type: 'duckdb' } }); });

  it('refuses an unknown node or column with the nearest name', () => {
    expect(() => parseAddress(g, 'stg_ordrs.order_id')).toThrow("no node 'stg_ordrs' in the project (did you mean 'stg_orders'?)");
    expect(() => parseAddress(g, 'stg_orders.ordr_id')).toThrow("stg_orders has no column 'ordr_id' (did you mean 'order_id'?)");
  });

  it('gives one hop by default and each entry\'s depth when asked for more', () => {
    const a = parseAddress(g, 'stg_orders.amount') as { id: string; column: string };
    const one = columnLineage(g, a);
    expect(one.upstream).toEqual([{ node: 'raw.orders', column: 'amount_cents', kind: 'transform', file: 'models/stg_orders.sql', line: 8 }]);
    expect(one.downstream.map((d) => `${d.node}.${d.column}`).sort()).toEqual(['customer_orders.lifetime_value', 'ranked.customer_total', 'star_sub.amount']);
    expect(one.downstream.every((d) => d.depth === undefined)).toBe(true);
    const deep = columnLineage(g, parseAddress(g, 'star_sub.amount') as { id: string; column: string }, 2);
    expect(deep.upstream.map((u) => `${u.node}.${u.column}@${u.depth}`)).toEqual(['stg_orders.amount@1', 'raw.orders.amount_cents@2']);
  });

  it('lists the impact of dropping a column: every downstream column and the models whose joins read it', () => {
    const a = parseAddress(g, 'raw.orders.user_id') as { id: string; column: string };
    const p = loadProject(project('duckdb'));
    const r = columnImpact(g, a, p.models);
    expect(r.columns.map((c) => `${c.node}.${c.column}`).sort()).toEqual(['ranked.customer_total', 'ranked.order_seq', 'star_sub.customer_id', 'stg_orders.customer_id']);
    // customer_orders joins on stg_orders.customer_id: its rows depend on the dropped column
    expect(r.rows.map((w) => `${w.node} ${w.as} ${w.column}`)).toContain('customer_orders join stg_orders.customer_id');
    expect(r.summary).toMatch(/^dropping `raw\.orders\.user_id` breaks `stg_orders\.customer_id`/);
  });
});
