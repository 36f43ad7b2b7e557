// A model that reads a relation through a var — `from {{ var('issue') }}` with the project setting
// `issue: "{{ source('jira', 'issue') }}"`, as Fivetran's packages do, or the var's name handed to a
// macro that calls var() — depends on that relation: dbt parse records it, and so does the reader
// (half the models of every Fivetran package had no source before, so "what reads jira.issue?" said nothing did);
// so does one calling a project macro that builds the source() from its arguments (rendered, as dbt does).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderedOnly } from '../../src/core/columns/rendered-refs.js';
import { loadProject } from '../../src/core/project/load.js';
import type { DbtNode, Project } from '../../src/core/project/types.js';
import { projectGraph } from '../../src/views/project-graph.js';
import { tempDir } from '../helpers/cli.js';
import { dbtParse } from '../helpers/dbt.js';

function project(): string {
  const dir = join(tempDir('modeler-var-rel-'), 'p');
  for (const d of ['models', 'macros']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), [
    'name: p', "version: '1.0'", 'config-version: 2', 'profile: p', 'vars:',
    "  issue: \"{{ source('jira', 'issue') }}\"",
    "  comment_source: \"{{ source('jira', 'comment') }}\"",
    "  users_model: \"{{ ref('base_users') }}\"",
    "  label: \"{{ source('jira', 'issue') }}\"",
    '  not_a_relation: plain text', '',
  ].join('\n'));
  writeFileSync(join(dir, 'profiles.yml'), "p:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ':memory:'\n");
  writeFileSync(join(dir, 'models', 'src.yml'), 'version: 2\nsources:\n  - name: jira\n    tables:\n      - name: issue\n      - name: comment\n');
  writeFileSync(join(dir, 'macros', 'union_data.sql'), '{% macro union_data(default_variable) %}\nselect * from {{ var(default_variable) }}\n{% endmacro %}\n');
  // a project macro that builds the source() from its arguments
  writeFileSync(join(dir, 'macros', 'stg_header.sql'), '{% macro stg_header(src, tbl) %}\nselect * from {{ source(src, tbl) }}\n{% endmacro %}\n');
  // a macro handed a quoted word that is also a var's name, but reads no var (Fivetran's string_agg('label', …))
  writeFileSync(join(dir, 'macros', 'string_agg.sql'), '{% macro string_agg(col, sep) %}string_agg({{ col }}, {{ sep }}){% endmacro %}\n');
  // a dispatching macro whose default builds the source() from its arguments, called under the project's name (Fivetran's github_union_connections)
  writeFileSync(join(dir, 'macros', 'union_conn.sql'), "{% macro union_conn(src, tbl) %}{{ return(adapter.dispatch('union_conn', 'p')(src, tbl)) }}{% endmacro %}\n{% macro default__union_conn(src, tbl) %}select * from {{ source(src, tbl) }}{% endmacro %}\n");
  writeFileSync(join(dir, 'models', 'base_users.sql'), 'select 1 as user_id\n');
  writeFileSync(join(dir, 'models', 'labels.sql'), "{{ config(enabled=var('labels_on', true)) }}\nselect {{ p.string_agg('label', \"', '\") }} as labels from {{ ref('base_users') }}\n");
  writeFileSync(join(dir, 'models', 'stg_comment_union.sql'), "{{ p.union_conn(src='jira', tbl='comment') }}\n");
  writeFileSync(join(dir, 'models', 'stg_issue_tmp.sql'), "select * from {{ var('issue') }}\n");
  writeFileSync(join(dir, 'models', 'stg_comment_tmp.sql'), "{{ union_data(default_variable='comment_source') }}\n");
  writeFileSync(join(dir, 'models', 'stg_issue_header.sql'), "{{ stg_header('jira', 'issue') }}\n");
  writeFileSync(join(dir, 'models', 'users.sql'), "select * from {{ var('users_model') }} where '{{ var(\"not_a_relation\") }}' is not null\n");
  return dir;
}

const deps = (p: Project, n: DbtNode) => {
  const rendered = renderedOnly(p, n).map((x) => (x.resourceType === 'source' ? `source:${x.name}` : `ref:${x.name}`));
  return [...new Set([...n.refs.map((r) => `ref:${r.name}`), ...n.sourceRefs.map((s) => `source:${s}`), ...rendered])].sort();
};

describe('relations read through vars', () => {
  it('are the model\'s dependencies, as dbt parse records them', () => {
    const dir = project();
    const p = loadProject(dir);
    const ours = Object.fromEntries(p.models.map((m) => [m.name, deps(p, m)]));
    expect(ours).toEqual({
      base_users: [], stg_issue_tmp: ['source:jira.issue'], stg_comment_tmp: ['source:jira.comment'], stg_issue_header: ['source:jira.issue'], users: ['ref:base_users'],
      labels: ['ref:base_users'], stg_comment_union: ['source:jira.comment'],
    });
    // the project graph the canvas draws has the macro's source edge
    expect(projectGraph(p).edges.filter((e) => e.to.node === 'model.p.stg_issue_header').map((e) => `${e.kind}:${e.from.node}`)).toEqual(['source:source.p.jira.issue']);
    const r = dbtParse(dir);
    expect(r.code, r.output.slice(-2000)).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'target', 'manifest.json'), 'utf8'));
    const theirs = Object.fromEntries(Object.values<any>(manifest.nodes).filter((n) => n.resource_type === 'model')
      .map((n) => [n.name, n.depends_on.nodes.map((id: string) => (id.startsWith('source.') ? `source:${id.split('.').slice(2).join('.')}` : `ref:${id.split('.').pop()}`)).sort()]));
    expect(ours).toEqual(theirs);
  });
});
