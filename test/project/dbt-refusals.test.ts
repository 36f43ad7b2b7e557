// Where a real `dbt parse` refuses a project, modeler says so: a located error (file:line, the
// name, dbt's wording and the fix), exit 1, and the rest of the project still read. Where dbt
// does not refuse (a call in a branch not taken, a var() in SQL, a default), modeler is silent.
import { describe, expect, it } from 'vitest';
import { dbtOn, modelerOn, tinyProject } from '../helpers/tiny-dbt.js';

const T = 240_000;
const UNSET = 'MODELER_TINY_NEVER_SET_22';
const ok = 'models/ok.sql';

interface Case { what: string; files: Record<string, string>; project?: string; dbt: string; code: string; at: string; says: string }
const cases: Case[] = [
  { what: 'ref() to a model that does not exist', files: { 'models/a.sql': "select * from {{ ref('nope') }}\n" },
    dbt: "Model 'model.tiny.a' (models/a.sql) depends on a node named 'nope' which was not found", code: 'DBT_REF_NOT_FOUND', at: 'models/a.sql:1', says: "depends on a node named 'nope' which was not found" },
  { what: 'ref() to a disabled model', files: { 'models/a.sql': "-- orders\nselect * from {{ ref('off') }}\n", 'models/off.sql': '{{ config(enabled=false) }}\nselect 1 as id\n' },
    dbt: "depends on a node named 'off' which is disabled", code: 'DBT_REF_NOT_FOUND', at: 'models/a.sql:2', says: "depends on a node named 'off' which is disabled" },
  { what: 'source() to a table no property file declares', files: { 'models/a.sql': "select * from {{ source('raw', 'nope') }}\n", 'models/src.yml': 'version: 2\nsources:\n  - name: raw\n    tables: [{name: orders}]\n' },
    dbt: "depends on a source named 'raw.nope' which was not found", code: 'DBT_SOURCE_NOT_FOUND', at: 'models/a.sql:1', says: "source named 'raw.nope'" },
  { what: 'env_var() without a default, unset, in SQL (even in a -- comment)', files: { 'models/a.sql': `select 1 as id\n-- {{ env_var('${UNSET}') }}\n` },
    dbt: `Env var required but not provided: '${UNSET}'`, code: 'DBT_ENV_VAR_MISSING', at: 'models/a.sql:2', says: `Env var required but not provided: '${UNSET}'` },
  { what: 'env_var() without a default, unset, in a property file', files: { 'models/a.sql': 'select 1 as id\n', 'models/a.yml': `version: 2\nmodels:\n  - name: a\n    config:\n      tags: ["{{ env_var('${UNSET}') }}"]\n` },
    dbt: `Env var required but not provided: '${UNSET}'`, code: 'DBT_ENV_VAR_MISSING', at: 'models/a.yml:5', says: UNSET },
  { what: 'var() without a default in a property file, defined nowhere', files: { 'models/a.sql': 'select 1 as id\n', 'models/a.yml': "version: 2\nmodels:\n  - name: a\n    config:\n      tags: [\"{{ var('tiny_tag') }}\"]\n" },
    dbt: "Required var 'tiny_tag' not found in config", code: 'DBT_VAR_MISSING', at: 'models/a.yml:5', says: "Required var 'tiny_tag' not found in config" },
  { what: 'var() in dbt_project.yml defined only under vars: (dbt_project.yml sees --vars only)', files: { 'models/a.sql': 'select 1 as id\n' },
    project: "vars:\n  tiny_tag: x\nmodels:\n  tiny:\n    +tags: \"{{ var('tiny_tag') }}\"\n",
    dbt: "Required var 'tiny_tag' not found in config", code: 'DBT_VAR_MISSING', at: 'dbt_project.yml:9', says: "Required var 'tiny_tag'" },
];

describe('where dbt parse refuses, modeler says so', () => {
  for (const c of cases) {
    it(c.what, () => {
      const dir = tinyProject({ [ok]: 'select 1 as id\n', ...c.files }, c.project);
      const dbt = dbtOn(dir, { [UNSET]: undefined });
      expect(dbt.code, dbt.output).not.toBe(0);
      expect(dbt.output).toContain(c.dbt);
      const ours = modelerOn(dir);
      expect(ours.code, ours.text).toBe(1);
      const line = ours.text.split('\n').find((l) => l.includes(`error[${c.code}]`));
      expect(line, ours.text).toBeDefined();
      expect(line!.startsWith(`${c.at}:1: error[${c.code}]: `)).toBe(true);
      expect(line).toContain(c.says);
      expect(ours.text.split('\n')[ours.text.split('\n').indexOf(line!) + 1]).toMatch(/^ {2}hint: \S/);
      // the rest of the project is still read
      expect(ours.json.models.total).toBeGreaterThanOrEqual(2);
      expect(ours.json.diagnosticsList.filter((d: any) => d.severity === 'error').map((d: any) => d.code)).toEqual([c.code]);
    }, T);
  }

  it('calls dbt does not render or resolve at parse time are not refusals', () => {
    const dir = tinyProject({
      [ok]: "select 1 as id\n",
      'models/a.sql': [
        "{% if var('with_legacy', false) %}", "select * from {{ ref('legacy_orders') }}", "{% else %}", "select * from {{ ref('ok') }}", '{% endif %}',
        `-- {{ env_var('${UNSET}', 'fallback') }} {{ var('not_needed_in_sql') }}`, '',
      ].join('\n'),
      'models/a.yml': `version: 2\nmodels:\n  - name: a\n    columns:\n      - name: id\n        data_tests:\n          - accepted_values: {values: [1], config: {where: "1 = 1"}}\n    config:\n      tags: ["{% if var('tiny_flag', false) %}{{ var('tiny_tag') }}{% endif %}"]\n`,
    });
    const dbt = dbtOn(dir, { [UNSET]: undefined });
    expect(dbt.code, dbt.output).toBe(0);
    const ours = modelerOn(dir);
    expect(ours.json.diagnosticsList.filter((d: any) => d.severity === 'error')).toEqual([]);
    expect(ours.code).toBe(0);
  }, T);
});
