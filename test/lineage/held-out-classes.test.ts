// Column lineage on SQL written for each class of error the held-out labelled projects showed
// (test/fixtures/lineage/labels-{dagster-open-platform,mattermost-analytics,zendesk-source}.json):
// an unqualified column next to a relation whose columns are not known, a ref() to a node the
// project lacks, a package's "does the source table exist?" check (adapter.get_relation) before
// `dbt_utils.star`-like SQL, a source identifier that holds a `{% if target.type %}` block,
// Snowflake's bare date parts (`dateadd(day, …)`), lateral column aliases, dbt's own macros
// (`dbt.hash(dbt.concat(…))`), UNPIVOT and Snowflake's LATERAL FLATTEN.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { directEdges, writeProject } from './helpers.js';

beforeAll(async () => { await initSqlColumns(); });

type Dialect = 'duckdb' | 'snowflake';

function project(): string {
  const prefix = 'modeler-lineage-classes-';
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: cls\nversion: "1.0"\nprofile: cls\n',
    'models/sources.yml': `version: 2
sources:
  - name: app
    tables:
      - name: events
        columns: [{name: id}, {name: kind}, {name: day}]
      - name: group
        identifier: >
          {% if target.type == 'snowflake' %}"GROUP"{% else %}group{% endif %}
        columns: [{name: id}, {name: name}]
      - name: untyped
`,
    // a package-style macro: select the source's listed columns only when the table exists
    'macros/when_exists.sql': `{% macro when_exists(table) %}
{%- set relation = adapter.get_relation(database=source('app', table).database, schema=source('app', table).schema, identifier=table) -%}
{%- if relation is not none -%}
select {% for c in adapter.get_columns_in_relation(source('app', table)) %}{{ c.name }}{% if not loop.last %}, {% endif %}{% endfor %} from {{ source('app', table) }}
{%- else -%}
select cast(null as varchar) as _missing limit 0
{%- endif -%}
{% endmacro %}
`,
    'models/daily.sql': `with counted as (
    select day, kind, count(id) as n from {{ source('app', 'events') }} group by 1, 2
)
select day, kind, n, label
from counted
inner join {{ ref('kind_labels') }} using (kind)
`,
    'models/tagged.sql': `select t.id, levels.role_name
from {{ source('app', 'events') }} as t
inner join {{ ref('permission_levels') }} as levels on t.kind = levels.kind
`,
    'models/events_tmp.sql': "{{ when_exists('events') }}\n",
    'models/groups.sql': `with g as (
{{ when_exists('group') }}
)
select id as group_id, name from g
`,
    // Snowflake's date parts are bare words; a relation whose columns are not listed would take them for columns
    'models/dated.sql': `select dateadd(month, 1, created) as next_month, date_trunc(week, created) as week_start, datediff(day, created, updated) as age_days
from {{ source('app', 'untyped') }}
`,
    // an item reading an earlier item's alias (Snowflake, DuckDB): what the alias reads
    'models/lateral.sql': `select amount / 100 as dollars, case when paid then dollars else 0 end as paid_dollars, kind
from {{ source('app', 'untyped') }}
`,
    'models/reasons.sql': `with r as (
    select id, case when kind = 'x' then 'X' end as why_kind, case when day is null then 'no day' end as why_day
    from {{ source('app', 'events') }}
)
select distinct id, reason from r unpivot(reason for explanation in (why_kind, why_day))
`,
    'models/flat.sql': `select e.id, f.key as k, f.value as v, f.seq from {{ source('app', 'events') }} as e, lateral flatten(input => e.kind) as f
`,
    // dbt's own macros, as dbt_utils.generate_surrogate_key calls them
    'models/keyed.sql': `select {{ dbt.hash(dbt.concat(["id", "'-'", "kind"])) }} as event_key, {{ dbt.date_trunc('month', 'day') }} as month_start
from {{ source('app', 'events') }}
`,
    'models/untyped_join.sql': `select e.id, extra_col
from {{ source('app', 'events') }} as e
join {{ source('app', 'untyped') }} as u on e.id = u.event_id
`,
  };
  return writeProject(prefix, files);
}

const edges = (g: LineageGraph, model: string) => directEdges(g, model);
const why = (g: LineageGraph, model: string, column: string) => g.unresolved(g.idOf(model)!, column).join(' ');

describe.each(['duckdb', 'snowflake'] as Dialect[])('held-out error classes on %s', (dialect) => {
  let g: LineageGraph;
  beforeAll(() => { g = lineageGraph(loadProject(project()), { target: { name: 'dev', type: dialect, schema: 'main' } }); });

  it('an unqualified column one relation has is that relation\'s, though a joined relation\'s columns are not known', () => {
    // kind_labels is no node: its columns are not known; day, kind and n can only be counted's
    // (a name both had would be ambiguous), label can only be kind_labels' — unresolved
    expect(edges(g, 'daily')).toEqual([
      'day <- app.events.day passthrough',
      'kind <- app.events.kind passthrough',
      'n <- app.events.id aggregate',
    ]);
    expect(why(g, 'daily', 'label')).toMatch(/cannot tell which relation label comes from/);
    // a source whose YAML lists no columns: its column, named only there, is still not guessed
    expect(edges(g, 'untyped_join')).toEqual(['id <- app.events.id passthrough']);
  });

  it('a column of a ref() to no node of the project is unresolved, never an edge to a made-up node', () => {
    expect(edges(g, 'tagged')).toEqual(['id <- app.events.id passthrough']);
    expect(g.names().some((n) => n.includes('permission_levels'))).toBe(false);
    expect(why(g, 'tagged', 'role_name')).toMatch(/permission_levels is not a node of the project/);
  });

  it('adapter.get_relation of a source the SQL names finds it (the project declares it), so the package\'s SQL over it is read', () => {
    expect(edges(g, 'events_tmp')).toEqual([
      'day <- app.events.day passthrough',
      'id <- app.events.id passthrough',
      'kind <- app.events.kind passthrough',
    ]);
  });

  it('a bare date part (dateadd(month, …), date_trunc(week, …)) is no column', () => {
    const e = edges(g, 'dated');
    if (dialect === 'snowflake') {
      expect(e).toEqual([
        'age_days <- app.untyped.created transform',
        'age_days <- app.untyped.updated transform',
        'next_month <- app.untyped.created transform',
        'week_start <- app.untyped.created transform',
      ]);
    } else expect(e.filter((x) => /\.(month|week|day) /.test(x))).not.toEqual([]); // DuckDB writes parts as strings: a bare word is a column there
  });

  it('an item reading an earlier item\'s alias reads what the alias reads', () => {
    expect(edges(g, 'lateral')).toEqual([
      'dollars <- app.untyped.amount transform',
      'kind <- app.untyped.kind passthrough',
      'paid_dollars <- app.untyped.amount transform',
      'paid_dollars <- app.untyped.paid transform',
    ]);
  });

  it('dbt\'s own cross-database macros are rendered: a surrogate key reads its fields', () => {
    expect(edges(g, 'keyed')).toEqual([
      'event_key <- app.events.id transform',
      'event_key <- app.events.kind transform',
      'month_start <- app.events.day transform',
    ]);
  });

  // Snowflake SQL only: on duckdb the test is not there at all (a skip would be a test that never runs)
  if (dialect === 'snowflake') it('UNPIVOT: the value column reads the unpivoted columns; LATERAL FLATTEN: its key and value read its input', () => {
    expect(edges(g, 'reasons')).toEqual([
      'id <- app.events.id passthrough',
      'reason <- app.events.day transform',
      'reason <- app.events.kind transform',
    ]);
    expect(edges(g, 'flat')).toEqual([
      'id <- app.events.id passthrough',
      'k <- app.events.kind transform',
      'v <- app.events.kind transform',
    ]);
  });

  it('a source identifier holding a {% if target.type %} block is rendered for the target (so the existence check finds the table)', () => {
    expect(edges(g, 'groups')).toEqual([
      'group_id <- app.group.id rename',
      'name <- app.group.name passthrough',
    ]);
  });
});
