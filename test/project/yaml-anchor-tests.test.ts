// A test placed by a YAML alias is cited at the entry that uses it, not at the anchor: cal-itp's
// columns sharing `data_tests: *…` anchors had their tests cited at another column's lines.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { tempDir } from '../helpers/cli.js';

const YML = `version: 2
models:
  - name: m
    columns:
      - name: a_id
        data_tests:
          - &nn
            not_null:
              config:
                severity: warn
      - name: b_id
        data_tests:
          - *nn
          - accepted_values:
              arguments:
                values: [1, 2]
`;

describe('tests placed by a YAML alias', () => {
  it('are cited at the column that uses the alias; the anchor keeps its own line', () => {
    const dir = tempDir('modeler-anchors-');
    mkdirSync(join(dir, 'models'));
    writeFileSync(join(dir, 'dbt_project.yml'), "name: anch\nversion: '1.0'\nprofile: anch\n");
    writeFileSync(join(dir, 'models', 'm.sql'), 'select 1 as a_id, 2 as b_id\n');
    writeFileSync(join(dir, 'models', 'm.yml'), YML);
    const [a, b] = loadProject(dir).models[0].columns;
    const lines = YML.split('\n');
    const lineOf = (text: string, from = 0) => lines.findIndex((l, i) => i >= from && l.includes(text)) + 1;
    expect(a.tests.map((t) => [t.name, t.line])).toEqual([['not_null', lineOf('config:')]]);
    expect(b.line).toBe(lineOf('name: b_id'));
    // the alias's test at b_id's entry; the test written there at its own line
    expect(b.tests.map((t) => [t.name, t.line])).toEqual([['not_null', b.line], ['accepted_values', lineOf('arguments:', 10)]]);
  });
});
