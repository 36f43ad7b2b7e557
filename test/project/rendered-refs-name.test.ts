// A project whose name is not an identifier (a typo in dbt_project.yml: `name: "jaffle(shop"`) still reads:
// the name goes into the pattern that finds its own dispatching macros' calls, escaped, never as a pattern.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { renderedRefs } from '../../src/core/columns/rendered-refs.js';
import { loadProject } from '../../src/core/project/load.js';
import { tempDir } from '../helpers/cli.js';

it('a project name with pattern characters finds its own dispatching macro calls and does not throw', () => {
  const dir = join(tempDir('modeler-rr-name-'), 'p');
  for (const d of ['models', 'macros']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), "name: 'jaffle(shop'\nversion: '1.0'\nconfig-version: 2\n");
  writeFileSync(join(dir, 'models', 'src.yml'), 'version: 2\nsources:\n  - name: jira\n    tables:\n      - name: comment\n');
  writeFileSync(join(dir, 'macros', 'u.sql'), "{% macro union_conn(src, tbl) %}{{ return(adapter.dispatch('union_conn')(src, tbl)) }}{% endmacro %}\n{% macro default__union_conn(src, tbl) %}select * from {{ source(src, tbl) }}{% endmacro %}\n");
  writeFileSync(join(dir, 'models', 'stg_comment.sql'), "{{ jaffle(shop.union_conn(src='jira', tbl='comment') }}\n");
  const p = loadProject(dir);
  expect(() => renderedRefs(p)).not.toThrow();
});
