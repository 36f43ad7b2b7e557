// Column lineage through Fivetran-style staging packages (issue 24): a `_tmp` model selects * from a
// source (directly, or through a macro listing adapter.get_columns_in_relation), and the staging
// model fills each column a get_*_columns() macro declares with fill_staging_columns — the column
// when the relation has it, else cast(null). Offline, the relation's columns are those the project
// knows; a source's YAML that lists few (or none) is completed by the package's declared list, with
// the evidence; what is still not known says why (test/fixtures/lineage/RULES.md).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { columnLineage } from '../../src/lineage/query.js';

beforeAll(async () => { await initSqlColumns(); });

// the contract of fivetran_utils.fill_staging_columns, written here: a listed column the relation
// has is selected (under its alias), one it lacks is a typed null
const FILL = `{% macro fill_staging_columns(source_columns, staging_columns) %}
{%- set have = [] -%}
{%- for c in source_columns %}{% do have.append(c.name | lower) %}{% endfor -%}
{%- for s in staging_columns %}
  {% if s.name | lower in have %}{{ s.name }}{% else %}cast(null as {{ s.datatype }}){% endif %} as {% if 'alias' in s %}{{ s.alias }}{% else %}{{ s.name }}{% endif %}{% if not loop.last %},{% endif %}
{%- endfor %}
{% endmacro %}
`;
const columnsMacro = (name: string, cols: string[]) => `{% macro ${name}() %}
{% set columns = [${cols.join(', ')}] %}
{{ return(columns) }}
{% endmacro %}
`;

function project(): string {
  const dir = tempDir('modeler-lineage-staging-');
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: stg\nversion: "1.0"\nprofile: stg\n',
    'models/sources.yml': `version: 2
sources:
  - name: app
    tables:
      - name: ticket
        columns: [{name: id}]
      - name: person
      - name: orphan
      - name: narrow
        columns: [{name: id}, {name: subject}]
      - name: wide
`,
    'macros/fill_staging_columns.sql': FILL,
    'macros/get_ticket_columns.sql': columnsMacro('get_ticket_columns', ['{"name": "id", "datatype": "int"}', '{"name": "subject", "datatype": "varchar"}', '{"name": "created_at", "datatype": "timestamp"}', '{"name": "prio", "datatype": "int", "alias": "priority"}']),
    // an `is_rename` entry is another spelling of a listed column (salesforce_source's camelCase ones): not declared
    'macros/get_person_columns.sql': columnsMacro('get_person_columns', ['{"name": "id", "datatype": "int"}', '{"name": "email", "datatype": "varchar"}', '{"name": "Email", "datatype": "varchar", "is_rename": true}']),
    // a select * over a source whose YAML lists one column
    'models/ticket_tmp.sql': "select * from {{ source('app', 'ticket') }}\n",
    'models/ticket.sql': `with base as (select * from {{ ref('ticket_tmp') }}),
fields as (
  select
    {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref('ticket_tmp')), staging_columns=get_ticket_columns()) }}
  from base
)
select id as ticket_id, subject, cast(created_at as date) as created_on, priority
from fields
`,
    // the source's columns listed by a loop over adapter.get_columns_in_relation (the YAML lists none); the list kept in a variable
    'models/person_tmp.sql': "select {% for c in adapter.get_columns_in_relation(source('app', 'person')) %}{{ c.name }}{% if not loop.last %}, {% endif %}{% endfor %} from {{ source('app', 'person') }}\n",
    'models/person.sql': `{% set cols = adapter.get_columns_in_relation(ref('person_tmp')) %}
select {{ fill_staging_columns(source_columns=cols, staging_columns=get_person_columns()) }}
from {{ ref('person_tmp') }}
`,
    // nothing declares this source's columns: they are the warehouse's
    'models/orphan_copy.sql': "select * from {{ source('app', 'orphan') }}\n",
    // the _tmp model names its columns: the staging columns it lacks are nulls, as dbt makes them
    'models/narrow_tmp.sql': "select id, subject from {{ source('app', 'narrow') }}\n",
    'models/narrow.sql': `select {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref('narrow_tmp')), staging_columns=get_ticket_columns()) }}
from {{ ref('narrow_tmp') }}
`,
    // the filled nulls read under other names, through a CTE and a subquery
    'models/narrow_days.sql': `with fields as (
  select {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref('narrow_tmp')), staging_columns=get_ticket_columns()) }}
  from {{ ref('narrow_tmp') }}
)
select id as narrow_id, cast(created_at as date) as created_on, coalesce(priority, 0) + 1 as next_priority,
  coalesce(subject, cast(created_at as varchar)) as label, 'x' as marker
from (select * from fields) as f
`,
    // fill_staging_columns called by a project macro, itself called by another (the call chain, not the model's text)
    'macros/stage_relation.sql': `{% macro stage_relation(relation, columns) %}
select {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(relation), staging_columns=columns) }}
from {{ relation }}
{% endmacro %}
`,
    'macros/stage_app_table.sql': `{% macro stage_app_table(name, columns) %}{{ stage_relation(ref(name ~ '_tmp'), columns) }}{% endmacro %}
`,
    'macros/get_wide_columns.sql': columnsMacro('get_wide_columns', ['{"name": "id", "datatype": "int"}', '{"name": "region", "datatype": "varchar"}']),
    'models/wide_tmp.sql': "select * from {{ source('app', 'wide') }}\n",
    'models/wide.sql': "{{ stage_app_table('wide', get_wide_columns()) }}\n",
    'models/narrow_wrapped.sql': "{{ stage_relation(ref('narrow_tmp'), get_ticket_columns()) }}\n",
  };
  for (const [rel, text] of Object.entries(files)) { mkdirSync(dirname(join(dir, rel)), { recursive: true }); writeFileSync(join(dir, rel), text); }
  return dir;
}

const ups = (g: LineageGraph, node: string, column: string) => g.up(g.idOf(node)!, column).map((e) => `${g.nameOf(e.from.id)}.${e.from.column} ${e.kind}`);

describe('Fivetran-style staging models (fill_staging_columns over a _tmp model)', () => {
  const TARGET = { target: { name: 'dev', type: 'duckdb', schema: 'main' } };
  let g: LineageGraph;
  beforeAll(() => { g = lineageGraph(loadProject(project()), TARGET); });

  it('a select * _tmp model has the YAML columns and the declared ones; the staging model traces each through it', () => {
    expect(ups(g, 'ticket_tmp', 'created_at')).toEqual(['app.ticket.created_at passthrough']);
    expect(ups(g, 'ticket_tmp', 'id')).toEqual(['app.ticket.id passthrough']);
    expect(ups(g, 'ticket', 'ticket_id')).toEqual(['ticket_tmp.id rename']);
    expect(ups(g, 'ticket', 'subject')).toEqual(['ticket_tmp.subject passthrough']);
    expect(ups(g, 'ticket', 'created_on')).toEqual(['ticket_tmp.created_at transform']);
    // the declared alias renames the column the source has
    expect(ups(g, 'ticket', 'priority')).toEqual(['ticket_tmp.prio rename']);
    expect(g.unresolved(g.idOf('ticket')!, 'priority')).toEqual([]);
  });

  it('a source column known only from the declaration carries its evidence; one the YAML lists does not', () => {
    const tmp = g.idOf('ticket_tmp')!;
    const l = columnLineage(g, { id: tmp, column: 'created_at' });
    expect(l.upstream[0].declared_by).toMatch(/^get_ticket_columns\(\) \(macros\/get_ticket_columns\.sql\) declares the columns ticket expects of it through ticket_tmp/);
    expect(columnLineage(g, { id: tmp, column: 'id' }).upstream[0].declared_by).toBeUndefined();
    expect(columnLineage(g, { id: g.idOf('app.ticket')!, column: 'subject' }).declared_by).toMatch(/get_ticket_columns/);
  });

  it('a list of adapter.get_columns_in_relation kept in a variable, over a source whose YAML lists no column', () => {
    expect(ups(g, 'person_tmp', 'email')).toEqual(['app.person.email passthrough']);
    expect(ups(g, 'person', 'email')).toEqual(['person_tmp.email passthrough']);
    expect(ups(g, 'person', 'id')).toEqual(['person_tmp.id passthrough']);
    expect(g.columnsOf(g.idOf('person_tmp')!)).toEqual(['id', 'email']);
  });

  it('a select * over a source nothing declares: no edge, and the reason', () => {
    const id = g.idOf('orphan_copy')!;
    expect(g.columnsOf(id)).toEqual([]);
    expect(g.unresolved(id, 'anything')[0]).toBe('select * over a relation whose columns are not known: the columns of app.orphan are not listed in its YAML: dbt reads them from the warehouse at run time');
  });

  it('a staging column the relation does not have is a null dbt fills in, and says so', () => {
    expect(ups(g, 'narrow', 'subject')).toEqual(['narrow_tmp.subject passthrough']);
    expect(ups(g, 'narrow', 'created_at')).toEqual([]);
    expect(g.unresolved(g.idOf('narrow')!, 'created_at')).toEqual(['fivetran_utils.fill_staging_columns fills created_at with null: narrow_tmp has no column created_at among those the project knows (YAML, SQL, catalog, the package\'s declared columns); the warehouse\'s table may have it']);
    expect(g.unresolved(g.idOf('narrow')!, 'priority')[0]).toMatch(/fills priority with null: narrow_tmp has no column prio/);
  });

  it('a filled null read under another name, through a CTE and a subquery, says so too', () => {
    const id = g.idOf('narrow_days')!;
    const filledCreatedAt = 'fivetran_utils.fill_staging_columns fills created_at with null: narrow_tmp has no column created_at among those the project knows (YAML, SQL, catalog, the package\'s declared columns); the warehouse\'s table may have it';
    expect(ups(g, 'narrow_days', 'created_on')).toEqual([]);
    expect(g.unresolved(id, 'created_on')).toEqual([filledCreatedAt]);
    expect(g.unresolved(id, 'next_priority')[0]).toMatch(/fills priority with null: narrow_tmp has no column prio/);
    // part of the value is a column the relation has: that edge, and the reason for the rest
    expect(ups(g, 'narrow_days', 'label')).toEqual(['narrow_tmp.subject transform']);
    expect(g.unresolved(id, 'label')).toEqual([filledCreatedAt]);
    // a column the relation has, and a literal no staging column is named after: no reason
    expect(ups(g, 'narrow_days', 'narrow_id')).toEqual(['narrow_tmp.id rename']);
    expect(g.unresolved(id, 'narrow_id')).toEqual([]);
    expect(g.unresolved(id, 'marker')).toEqual([]);
  });

  it('fill_staging_columns called through two project macros: the declaration and the filled nulls are read as when called directly', () => {
    // the source's YAML lists no column; get_wide_columns(), passed down the chain, declares them
    expect(g.columnsOf(g.idOf('wide_tmp')!)).toEqual(['id', 'region']);
    expect(ups(g, 'wide_tmp', 'region')).toEqual(['app.wide.region passthrough']);
    expect(columnLineage(g, { id: g.idOf('wide_tmp')!, column: 'region' }).upstream[0].declared_by).toMatch(/^get_wide_columns\(\) \(macros\/get_wide_columns\.sql\) declares the columns wide expects of it through wide_tmp/);
    expect(ups(g, 'wide', 'region')).toEqual(['wide_tmp.region passthrough']);
    expect(ups(g, 'narrow_wrapped', 'subject')).toEqual(['narrow_tmp.subject passthrough']);
    expect(g.unresolved(g.idOf('narrow_wrapped')!, 'created_at')[0]).toMatch(/^fivetran_utils\.fill_staging_columns fills created_at with null: narrow_tmp has no column created_at/);
  });
});

describe('a staging model edited to declare other columns, updated per changed file', () => {
  const TARGET = { target: { name: 'dev', type: 'duckdb', schema: 'main' } };
  /** every column of every node with its direct upstream and reasons, in a stable order */
  const answers = (g: LineageGraph) => Object.fromEntries([...g.names()].sort().map((n) => {
    const id = g.idOf(n)!;
    return [n, [...g.columnsOf(id)].sort().map((c) => [c, ups(g, n, c).sort(), g.unresolved(id, c), g.declaredBy(id, c)?.macro ?? null])];
  }));

  it('re-reads the _tmp model whose source the declaration changed, as a fresh read would (2 of 11 models changed: the graph is built afresh, with every model)', () => {
    const dir = project();
    const p = loadProject(dir);
    expect(ups(lineageGraph(p, TARGET), 'ticket_tmp', 'created_at')).toEqual(['app.ticket.created_at passthrough']);
    const rel = 'models/ticket.sql';
    writeFileSync(join(dir, rel), `with base as (select * from {{ ref('ticket_tmp') }})
select {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref('ticket_tmp')), staging_columns=get_person_columns()) }}
from base
`);
    p.reloadFiles([rel]);
    const updated = lineageGraph(p, TARGET);
    // the source's columns are now its YAML's and get_person_columns()'s: created_at is gone, email is there
    expect(ups(updated, 'ticket_tmp', 'email')).toEqual(['app.ticket.email passthrough']);
    expect(updated.columnsOf(updated.idOf('ticket_tmp')!)).not.toContain('created_at');
    expect(answers(updated)).toEqual(answers(lineageGraph(loadProject(dir), TARGET)));
    // the call taken out, then put back: each reading of the file is searched for it again
    const calling = readFileSync(join(dir, rel), 'utf8');
    for (const text of ["select * from {{ ref('ticket_tmp') }}\n", calling]) {
      writeFileSync(join(dir, rel), text);
      p.reloadFiles([rel]);
      expect(answers(lineageGraph(p, TARGET))).toEqual(answers(lineageGraph(loadProject(dir), TARGET)));
    }
    expect(ups(lineageGraph(p, TARGET), 'ticket_tmp', 'email')).toEqual(['app.ticket.email passthrough']);
  });
  it('keeps the declarations when an edit reaches no staging model nor a relation one reads, and reads them again when it does (each step as a fresh read)', () => {
    const dir = project();
    const p = loadProject(dir);
    lineageGraph(p, TARGET);
    const step = (rel: string, text: string) => {
      writeFileSync(join(dir, rel), text);
      p.reloadFiles([rel]);
      const updated = lineageGraph(p, TARGET);
      expect(answers(updated)).toEqual(answers(lineageGraph(loadProject(dir), TARGET)));
      return updated;
    };
    // a model that declares nothing: the declarations stand
    let g = step('models/orphan_copy.sql', "select * from {{ source('app', 'orphan') }} -- edited\n");
    expect(g.declaredBy(g.idOf('app.person')!, 'email')?.macro).toBe('get_person_columns()');
    // the relation a staging model reads now reads another source: the declaration moves with it
    g = step('models/person_tmp.sql', "select * from {{ source('app', 'orphan') }}\n");
    expect(g.declaredBy(g.idOf('app.orphan')!, 'email')?.macro).toBe('get_person_columns()');
    expect(g.declaredBy(g.idOf('app.person')!, 'email')).toBeUndefined();
    // a model that declared nothing now calls fill_staging_columns
    g = step('models/orphan_copy.sql', "select {{ fill_staging_columns(source_columns=adapter.get_columns_in_relation(source('app', 'wide')), staging_columns=get_ticket_columns()) }}\nfrom {{ source('app', 'wide') }}\n");
    expect(g.declaredBy(g.idOf('app.wide')!, 'subject')?.macro).toBe('get_ticket_columns()');
  });
});

describe('target/catalog.json, when it has the source table, is what the warehouse holds', () => {
  it('the declaration is not used; a staging column the table lacks is the null dbt fills in', () => {
    const dir = project();
    const columns = { id: { name: 'id', type: 'INTEGER', index: 1 }, subject: { name: 'subject', type: 'VARCHAR', index: 2 }, prio: { name: 'prio', type: 'INTEGER', index: 3 } };
    mkdirSync(join(dir, 'target'), { recursive: true });
    writeFileSync(join(dir, 'target/catalog.json'), JSON.stringify({ metadata: {}, nodes: {}, sources: { 'source.stg.app.ticket': { metadata: {}, columns } } }));
    const g = lineageGraph(loadProject(dir), { target: { name: 'dev', type: 'duckdb', schema: 'main' } });
    const tmp = g.idOf('ticket_tmp')!;
    expect(g.columnsOf(tmp)).toEqual(['id', 'subject', 'prio']);
    expect(g.declaredBy(g.idOf('app.ticket')!, 'subject')).toBeUndefined();
    expect(ups(g, 'ticket', 'priority')).toEqual(['ticket_tmp.prio rename']);
    // created_at is not in the table: the fields CTE's cast(null), with no parent, and why
    expect(ups(g, 'ticket', 'created_on')).toEqual([]);
    expect(g.unresolved(g.idOf('ticket')!, 'created_on')).toEqual(['fivetran_utils.fill_staging_columns fills created_at with null: ticket_tmp has no column created_at among those the project knows (YAML, SQL, catalog, the package\'s declared columns); the warehouse\'s table may have it']);
  });
});
