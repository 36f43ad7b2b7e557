// A served project re-reads only the files that changed, and the refusals (a ref() or source() to
// nothing, an unset env_var()) of the files that did not change are kept while every node's name
// and file are as they were: after each change below — in another file than the one whose ref
// breaks or heals — the refusals equal those of a fresh read.
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadProject, type Project } from '../../src/api.js';
import { tinyProject } from '../helpers/tiny-dbt.js';

const ENV = 'MODELER_REFUSALS_RELOAD_TEST';
afterEach(() => { delete process.env[ENV]; });

const refusalsOf = (p: Project) => p.diagnostics.filter((d) => d.code.startsWith('DBT_')).map((d) => `${d.file}:${d.line} ${d.code} ${d.message}`).sort();

describe('refusals after a change in another file', () => {
  it('equal a fresh read: a ref to a model renamed away and back, disabled and enabled, a source removed, an env var set', () => {
    const dir = tinyProject({
      'models/a.sql': 'select 1 as id\n',
      'models/b.sql': "select * from {{ ref('a') }}\n",
      'models/c.sql': "select * from {{ source('raw', 'orders') }}\n",
      'models/d.sql': `select 1 as id -- {{ env_var('${ENV}') }}\n`,
      'models/src.yml': 'version: 2\nsources:\n  - name: raw\n    tables: [{name: orders}]\n',
    });
    const p = loadProject(dir);
    const check = (...changed: string[]) => {
      p.reloadFiles(changed);
      expect(refusalsOf(p)).toEqual(refusalsOf(loadProject(dir)));
      return refusalsOf(p);
    };
    expect(refusalsOf(p)).toEqual([expect.stringContaining(`models/d.sql:1 DBT_ENV_VAR_MISSING`)]);

    // b.sql is never touched: its ref breaks and heals by what happens to a.sql
    renameSync(join(dir, 'models/a.sql'), join(dir, 'models/a2.sql'));
    expect(check('models/a.sql', 'models/a2.sql')).toContainEqual(expect.stringContaining("models/b.sql:1 DBT_REF_NOT_FOUND Model 'model.tiny.b' (models/b.sql) depends on a node named 'a' which was not found"));
    renameSync(join(dir, 'models/a2.sql'), join(dir, 'models/a.sql'));
    expect(check('models/a.sql', 'models/a2.sql').some((r) => r.startsWith('models/b.sql'))).toBe(false);
    writeFileSync(join(dir, 'models/a.yml'), 'version: 2\nmodels:\n  - name: a\n    config:\n      enabled: false\n');
    expect(check('models/a.yml')).toContainEqual(expect.stringContaining("depends on a node named 'a' which is disabled"));
    rmSync(join(dir, 'models/a.yml'));
    expect(check('models/a.yml').some((r) => r.startsWith('models/b.sql'))).toBe(false);

    // c.sql is never touched: its source goes away with the property file's table
    writeFileSync(join(dir, 'models/src.yml'), 'version: 2\nsources:\n  - name: raw\n    tables: [{name: customers}]\n');
    expect(check('models/src.yml')).toContainEqual(expect.stringContaining("models/c.sql:1 DBT_SOURCE_NOT_FOUND"));

    // d.sql is never touched: the environment now has the variable (seen at the next change that is read)
    process.env[ENV] = 'set';
    writeFileSync(join(dir, 'models/src.yml'), 'version: 2\nsources:\n  - name: raw\n    tables: [{name: orders}]\n');
    expect(check('models/src.yml')).toEqual([]);
  });
});
