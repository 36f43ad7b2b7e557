// Column lineage on SQL written for each class of miss the third blind labelled batch showed
// (test/fixtures/lineage/labels-{poiscaille-warehouse,tuva}.json): column names made by a macro
// with Python's `modules.re` (dbt_utils.slugify, as dbt_utils.pivot names its columns), and a
// column whose name a macro makes that is not rendered — left unresolved with the reason, never
// a column under the placeholder's name.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph, type LineageGraph } from '../../src/lineage/graph.js';
import { directEdges, writeProject } from './helpers.js';

beforeAll(async () => { await initSqlColumns(); });

// a pivot that names each value's column as dbt_utils does (slugify: lower case, dashes and
// spaces to `_`, other characters dropped, a leading digit prefixed with `_`)
const MACROS = `{% macro slug(string) %}
{% set string = string | lower %}
{% set string = modules.re.sub('[ -]+', '_', string) %}
{% set string = modules.re.sub('[^a-z0-9_]+', '', string) %}
{% set string = modules.re.sub('^[0-9]', '_' + string[0], string) %}
{{ return(string) }}
{% endmacro %}
{% macro spread(column, values, then_value, suffix='') %}
{% for v in values %}sum(case when {{ column }} = '{{ v }}' then {{ then_value }} else 0 end) as {{ slug(v ~ suffix) }}{% if not loop.last %}, {% endif %}{% endfor %}
{% endmacro %}
`;

function project(models: Record<string, string>): string {
  const prefix = 'modeler-lineage-classes3-';
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: cls3\nversion: "1.0"\nprofile: cls3\n',
    'models/sources.yml': `version: 2
sources:
  - name: app
    tables:
      - name: spend
        columns: [{name: person_id}, {name: category}, {name: paid}]
`,
    'macros/spread.sql': MACROS,
    ...models,
  };
  return writeProject(prefix, files);
}

const edges = (g: LineageGraph, model: string) => directEdges(g, model, { lower: true });
const graph = (type: string, models: Record<string, string>) => lineageGraph(loadProject(project(models)), { target: { name: 'dev', type, schema: 'main' } });

describe.each(['duckdb', 'bigquery', 'snowflake'])('column names a macro makes with modules.re, on %s', (type) => {
  it('names each pivoted column as the macro does and traces its value', () => {
    const g = graph(type, {
      'models/pivoted.sql': `select person_id, {{ spread('category', ['office-based', 'In Patient', '3rd party!'], 'paid', suffix='_paid') }}
from {{ source('app', 'spend') }} group by person_id\n`,
    });
    expect(g.columnsOf(g.idOf('pivoted')!)).toEqual(['person_id', 'office_based_paid', 'in_patient_paid', '_3rd_party_paid']);
    expect(edges(g, 'pivoted')).toEqual([
      '_3rd_party_paid <- app.spend.category aggregate', '_3rd_party_paid <- app.spend.paid aggregate',
      'in_patient_paid <- app.spend.category aggregate', 'in_patient_paid <- app.spend.paid aggregate',
      'office_based_paid <- app.spend.category aggregate', 'office_based_paid <- app.spend.paid aggregate',
      'person_id <- app.spend.person_id passthrough',
    ]);
  });

  it('reads Python\'s replacement groups, match and findall as Python does', () => {
    const g = graph(type, {
      'models/names.sql': `{% set m = modules.re.match('(\\\\w+)_id$', 'person_id') %}
select person_id as {{ modules.re.sub('(\\\\w+)_(\\\\w+)', '\\\\2_\\\\1', 'person_key') }},
  paid as {{ m.group(1) if m else 'nothing' }}_paid,
  category as {{ 'none' if modules.re.match('id', 'person_id') is none else 'some' }}_{{ modules.re.findall('[a-z]+', 'x1 y2') | join('_') }}
from {{ source('app', 'spend') }}\n`,
    });
    expect(edges(g, 'names')).toEqual([
      'key_person <- app.spend.person_id rename',
      'none_x_y <- app.spend.category rename',
      'person_paid <- app.spend.paid rename',
    ]);
  });
});

describe('a column whose name a macro makes that is not rendered', () => {
  it('is not a column under the placeholder: the model says why, and the other columns are traced', () => {
    const g = graph('duckdb', {
      'models/unknown_name.sql': `select person_id, sum(paid) as {{ not_a_macro_here('paid') }}, {{ spread('category', ['a'], 'paid') }}
from {{ source('app', 'spend') }} group by person_id\n`,
    });
    const id = g.idOf('unknown_name')!;
    expect(g.columnsOf(id)).toEqual(['person_id', 'a']);
    expect(edges(g, 'unknown_name')).toEqual(['a <- app.spend.category aggregate', 'a <- app.spend.paid aggregate', 'person_id <- app.spend.person_id passthrough']);
    // asked for by any name, the model's answer is the gap, not "its SQL does not return it"
    expect(g.unresolved(id, 'paid_total').join(' ')).toMatch(/a column whose name is made by a macro that is not rendered/);
  });

  it('leaves a pattern JavaScript reads differently unrendered instead of guessing its result', () => {
    const g = graph('duckdb', {
      'models/py_only.sql': `select paid as {{ modules.re.sub('(?P<w>a)', 'b', 'paid') }} from {{ source('app', 'spend') }}\n`,
    });
    const id = g.idOf('py_only')!;
    expect(g.columnsOf(id)).toEqual([]);
    expect(g.unresolved(id, 'pbid').join(' ')).toMatch(/not rendered/);
  });
});
