// Column lineage on SQL written for each class of miss the second blind labelled batch showed
// (test/fixtures/lineage/labels-{bink-warehouse,data-inclusion}.json): a column a source's YAML
// does not list, named from the one relation that may have it; Snowflake's `json:path` on a
// column named like a type; Snowflake's PIVOT; a set-returning function in FROM (PostgreSQL's
// `lateral unnest(…) as t`, `jsonb_path_query(…) as t (c)`); a scalar or ARRAY(subquery) value,
// correlated or not; a LATERAL subquery reading the relations before it; and (cal-itp-warehouse)
// BigQuery's `UNNEST(arr) AS x` with `x.field`, and a STRUCT column's fields.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { directEdges, writeProject } from './helpers.js';

beforeAll(async () => { await initSqlColumns(); });

function project(models: Record<string, string>): string {
  const prefix = 'modeler-lineage-classes2-';
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: cls2\nversion: "1.0"\nprofile: cls2\n',
    'models/sources.yml': `version: 2
sources:
  - name: app
    tables:
      - name: orgs
        identifier: user_orgs
        columns: [{name: id}]
      - name: events
        columns: [{name: id}, {name: json}, {name: at}]
      - name: raw
        columns: [{name: data}]
      - name: regions
        columns: [{name: code}, {name: nom}]
      - name: departements
        columns: [{name: code}, {name: code_region}, {name: pop}]
`,
    ...models,
  };
  return writeProject(prefix, files);
}

const edges = (g: LineageGraph, model: string) => directEdges(g, model, { lower: true });
const graph = (type: string, models: Record<string, string>) => lineageGraph(loadProject(project(models)), { target: { name: 'dev', type, schema: 'main' } });

describe.each(['duckdb', 'snowflake', 'postgres'])('a column a source\'s YAML does not list, on %s', (type) => {
  it('is the one relation\'s that may have more columns; next to a second such relation it is not guessed', () => {
    const g = graph(type, {
      'models/orgs.sql': `select id as org_id, name as org_name, terms from {{ source('app', 'orgs') }}\n`,
      // regions lists code and nom, departements code, code_region, pop: both may have more, so `extra` is either's
      'models/both.sql': `select r.code, extra from {{ source('app', 'regions') }} as r join {{ source('app', 'departements') }} as d on d.code_region = r.code\n`,
    });
    expect(edges(g, 'orgs')).toEqual([
      'org_id <- app.orgs.id rename',
      'org_name <- app.orgs.name rename',
      'terms <- app.orgs.terms passthrough',
    ]);
    expect(edges(g, 'both')).toEqual(['code <- app.regions.code passthrough']);
    expect(g.unresolved(g.idOf('both')!, 'extra').join(' ')).toMatch(/cannot tell which relation extra comes from/);
  });
});

describe('Snowflake: `json:path` on a column named json, and PIVOT', () => {
  let g: LineageGraph;
  beforeAll(() => {
    g = graph('snowflake', {
      'models/paths.sql': `select id, json:user_ref as user_ref, json:to_state = 1 as active, json:a.b::string as ab from {{ source('app', 'events') }}\n`,
      'models/attempts.sql': `with s as (
    select id, at, json:kind::string as kind, row_number() over (partition by id order by at) as attempt
    from {{ source('app', 'events') }}
)
select * from s pivot (min(kind) for attempt in (1, 2)) as p
`,
      'models/by_name.sql': `select * from (select id, json:k::string as k, at from {{ source('app', 'events') }}) pivot (max(at) for k in ('a', 'b'))\n`,
    });
  });

  it('`json:path` reads the column json (the parser takes `json` for a type)', () => {
    expect(edges(g, 'paths')).toEqual([
      'ab <- app.events.json transform',
      'active <- app.events.json transform',
      'id <- app.events.id passthrough',
      'user_ref <- app.events.json transform',
    ]);
  });

  it('PIVOT: the other columns group the rows (passthrough); each listed value\'s column reads the aggregate\'s input and the key (aggregate)', () => {
    expect(edges(g, 'attempts')).toEqual([
      '1 <- app.events.at aggregate',
      '1 <- app.events.id aggregate',
      '1 <- app.events.json aggregate',
      '2 <- app.events.at aggregate',
      '2 <- app.events.id aggregate',
      '2 <- app.events.json aggregate',
      'at <- app.events.at passthrough',
      'id <- app.events.id passthrough',
    ]);
    // Snowflake names a string value's column with its quotes
    expect(g.columnsOf(g.idOf('by_name')!)).toEqual(['id', '\'a\'', '\'b\'']);
    expect(edges(g, 'by_name')).toContain('\'a\' <- app.events.at aggregate');
  });
});

describe('PostgreSQL: set-returning functions in FROM and LATERAL subqueries read the relations before them', () => {
  let g: LineageGraph;
  beforeAll(() => {
    g = graph('postgres', {
      'models/tags.sql': `select data ->> 'id' as item_id, lower(trim(tag)) as tag
from {{ source('app', 'raw') }}, lateral unnest(string_to_array(data ->> 'tags', '/')) as tag
`,
      'models/phones.sql': `select r.data ->> 'id' as item_id, p.data ->> 'label' as label, n
from {{ source('app', 'raw') }} as r,
  lateral jsonb_path_query(r.data, '$.phones[*]') with ordinality as p (data, n)
`,
      'models/pivots.sql': `select pv.data ->> 'kind' as kind
from {{ source('app', 'raw') }} as src, lateral (select * from jsonb_path_query(src.data, '$.pivot[*]')) as pv (data)
`,
      // a function whose columns the SQL does not name: not guessed
      'models/scored.sql': `select s.id, x.score from {{ source('app', 'events') }} as s, lateral (select * from score(to_jsonb(s))) as x\n`,
    });
  });

  it('`lateral unnest(…) as t` has one column t, and `f(…) as t (c)` the columns c; each reads the function\'s arguments', () => {
    expect(edges(g, 'tags')).toEqual(['item_id <- app.raw.data transform', 'tag <- app.raw.data transform']);
    // WITH ORDINALITY's counter reads no column
    expect(edges(g, 'phones')).toEqual(['item_id <- app.raw.data transform', 'label <- app.raw.data transform']);
  });

  it('a LATERAL subquery reads the relation before it; a function whose columns are not named stays unresolved', () => {
    expect(edges(g, 'pivots')).toEqual(['kind <- app.raw.data transform']);
    expect(edges(g, 'scored')).toEqual(['id <- app.events.id passthrough']);
    expect(g.unresolved(g.idOf('scored')!, 'score').length).toBeGreaterThan(0);
  });
});

describe.each(['duckdb', 'snowflake', 'postgres'])('a scalar or ARRAY(subquery) value, on %s', (type) => {
  it('is the subquery\'s one column (correlated or not); its WHERE is no edge', () => {
    const g = graph(type, {
      'models/regions.sql': `select r.code,
  (select max(d.pop) from {{ source('app', 'departements') }} as d where d.code_region = r.code) as biggest,
  ${type === 'snowflake' ? '(select count(*) from {{ source(\'app\', \'departements\') }})' : 'array(select d.code from {{ source(\'app\', \'departements\') }} as d where d.code_region = r.code order by d.code)'} as other
from {{ source('app', 'regions') }} as r
`,
    });
    expect(edges(g, 'regions')).toEqual([
      'biggest <- app.departements.pop aggregate',
      'code <- app.regions.code passthrough',
      ...(type === 'snowflake' ? [] : ['other <- app.departements.code transform']),
    ]);
    expect(g.unresolved(g.idOf('regions')!, 'biggest')).toEqual([]);
  });
});

describe.each(['bigquery', 'duckdb'])('UNNEST in FROM and STRUCT fields, on %s', (type) => {
  let g: LineageGraph;
  beforeAll(() => {
    g = graph(type, {
      // the element of an array of structs, by its alias; a column of the other relation unqualified
      'models/items.sql': `select id, it.item_id, it.amount as item_amount
from {{ source('app', 'events') }}, unnest(json) as it
`,
      'models/holders.sql': `with e as (select id, at, json from {{ source('app', 'events') }})
select distinct id, holder as holder_key, at
from e left join unnest(e.json) as holder
`,
      // a struct column's fields, one and two levels down
      'models/fields.sql': `select id, json.kind as kind, json.meta.url as url from {{ source('app', 'events') }}\n`,
    });
  });

  it('`unnest(arr) as x`: x and x.field read arr (transform); the other relation\'s columns are still its own', () => {
    expect(edges(g, 'items')).toEqual([
      'id <- app.events.id passthrough',
      'item_amount <- app.events.json transform',
      'item_id <- app.events.json transform',
    ]);
    expect(edges(g, 'holders')).toEqual([
      'at <- app.events.at passthrough',
      'holder_key <- app.events.json transform',
      'id <- app.events.id passthrough',
    ]);
  });

  it('`col.field` and `col.field.sub` that name no relation are fields of the column (transform)', () => {
    expect(edges(g, 'fields')).toEqual([
      'id <- app.events.id passthrough',
      'kind <- app.events.json transform',
      'url <- app.events.json transform',
    ]);
  });
});
