// The commands as a user runs them (built binary): outputs, summaries, exit codes, and nothing
// written to --out when a command fails.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelFile } from '../../src/core/model/load.js';
import { REPO, runCli, tempDir } from '../helpers/cli.js';
import { itShared, PEER } from '../helpers/shared.js';

const RS = join(PEER, 'model-examples/real-scenarios');
// any valid model will do where only the command's handling of --out is under test
const SHOP = join(REPO, 'test/tform-scaffold/shop.model.yaml');

describe('modeler import sql / import dbml', () => {
  it('writes a valid model and lists what it did not model, with file:line', () => {
    const dir = tempDir();
    const sql = join(dir, 'shop.sql');
    writeFileSync(sql, 'CREATE TABLE customer (\n  id bigint PRIMARY KEY,\n  total DECIMAL(12,2) NOT NULL DEFAULT 0\n);\nCREATE VIEW v AS SELECT 1;\nCREATE FUNCTION f() RETURNS int AS $$ select 1; $$ LANGUAGE sql;\n');
    const r = runCli(['import', 'sql', sql, '--out', join(dir, 'shop.model.yaml')]);
    expect(r.code, r.stderr).toBe(0);
    const lm = loadModelFile(join(dir, 'shop.model.yaml'));
    expect(lm.ok).toBe(true);
    expect(lm.model!.entities[0].columns[1]).toMatchObject({ name: 'total', data_type: 'decimal(12,2)', default: 0, nullable: false });
    expect(r.stderr).toContain('1 table, 2 columns, 0 relationships, 0 indexes');
    expect(r.stderr).toContain(`not modelled (2):\n  ${sql}:5: CREATE VIEW v AS SELECT 1\n  ${sql}:6: CREATE FUNCTION`);
  });
  it('a syntax error is file:line:col, exit 1, and --out is left as it was', () => {
    const dir = tempDir();
    const sql = join(dir, 'bad.sql');
    writeFileSync(sql, 'CREATE TABLE a (\n  id int,\n  x int,,\n  y int\n);\n');
    const out = join(dir, 'existing.yaml');
    writeFileSync(out, 'keep me\n');
    const r = runCli(['import', 'sql', sql, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${sql}:3:9: error[SQL_SYNTAX]: syntax error at or near ","`);
    expect(readFileSync(out, 'utf8')).toBe('keep me\n');
    const r2 = runCli(['import', 'sql', sql, '--dialect', 'mysql', '--out', join(dir, 'new.yaml')]);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toMatch(new RegExp(`${sql.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:3:9: error\\[SQL_SYNTAX\\]`));
    expect(existsSync(join(dir, 'new.yaml'))).toBe(false);
  });
  it('usage errors exit 64 with one line', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.sql'), 'create table a (id int);');
    const unknown = runCli(['import', 'sql', join(dir, 'a.sql'), '--dialect', 'oracle']);
    expect(unknown.code).toBe(64);
    expect(unknown.stderr.trim().split('\n')).toHaveLength(1);
    expect(unknown.stderr).toContain('supported: postgres, duckdb, mysql, sqlserver, snowflake, bigquery, databricks');
    for (const sub of ['sql', 'dbml']) {
      const emptyName = runCli(['import', sub, join(dir, 'a.sql'), '--model-name', ' ']);
      expect(emptyName.code).toBe(64);
      expect(emptyName.stderr).toBe('modeler: --model-name needs a name\n');
    }
    const missing = runCli(['import', 'sql', join(dir, 'nope.sql')]);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain('no such file');
  });
  itShared('import dbml writes a valid model; a DBML error is located and exits 1', () => {
    const dir = tempDir();
    const r = runCli(['import', 'dbml', join(PEER, 'tests/fixtures/sample_schema.dbml'), '--out', join(dir, 'm.yaml')]);
    expect(r.code, r.stderr).toBe(0);
    expect(loadModelFile(join(dir, 'm.yaml')).model!.relationships).toHaveLength(1);
    writeFileSync(join(dir, 'bad.dbml'), 'Table x {\n  id int [pk\n}\n');
    const bad = runCli(['import', 'dbml', join(dir, 'bad.dbml'), '--out', join(dir, 'bad.yaml')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain(`${join(dir, 'bad.dbml')}:3:1: error[DBML_SYNTAX]`);
    expect(existsSync(join(dir, 'bad.yaml'))).toBe(false);
  });
});

describe('modeler generate / migrate', () => {
  itShared('generate sql writes the file; unknown dialect exits 64 and writes nothing', () => {
    const dir = tempDir();
    const model = join(RS, 'retail-analytics-baseline.model.yaml');
    const ok = runCli(['generate', 'sql', model, '--dialect', 'snowflake', '--out', join(dir, 'a.sql')]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(readFileSync(join(dir, 'a.sql'), 'utf8')).toContain('unit_price NUMBER(14,2) NOT NULL');
    const bad = runCli(['generate', 'sql', model, '--dialect', 'oracle', '--out', join(dir, 'b.sql')]);
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(/^modeler: unknown dialect 'oracle'; supported: postgres, duckdb, mysql, sqlserver, snowflake, bigquery, databricks/);
    expect(existsSync(join(dir, 'b.sql'))).toBe(false);
    const noDialect = runCli(['generate', 'sql', model]);
    expect(noDialect.code).toBe(64);
    expect(noDialect.stderr).toMatch(/^modeler: missing --dialect/);
    // a model that records its dialect (import sql writes it) needs no flag
    writeFileSync(join(dir, 'pg.sql'), 'CREATE TABLE t (id int PRIMARY KEY);');
    expect(runCli(['import', 'sql', join(dir, 'pg.sql'), '--dialect', 'mariadb', '--out', join(dir, 'pg.yaml')]).code).toBe(0);
    const fromModel = runCli(['generate', 'sql', join(dir, 'pg.yaml')]);
    expect(fromModel.code, fromModel.stderr).toBe(0);
    expect(fromModel.stdout).toContain('-- Dialect: mysql');
    writeFileSync(join(dir, 'ora.yaml'), readFileSync(join(dir, 'pg.yaml'), 'utf8').replace('dialect: mysql', 'dialect: oracle'));
    const ora = runCli(['generate', 'sql', join(dir, 'ora.yaml')]);
    expect([ora.code, ora.stderr]).toEqual([64, "modeler: the model's dialect 'oracle' (model.dialect) is not one we generate; pass --dialect: postgres, duckdb, mysql, sqlserver, snowflake, bigquery, databricks\n"]);
  });
  itShared('an invalid model exits 1 with a located one-line reason and writes nothing', () => {
    const dir = tempDir();
    const r = runCli(['generate', 'sql', join(PEER, 'tests/scenarios/invalid.model.yaml'), '--dialect', 'postgres', '--out', join(dir, 'x.sql')]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^modeler: invalid model: .*invalid\.model\.yaml:23:\d+: error\[UNKNOWN_ENTITY\]/);
    expect(existsSync(join(dir, 'x.sql'))).toBe(false);
  });
  it('migrate: header, statements with destructive flags, rename kept a rename', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'old.yaml'), 'model: {name: crm, version: 1.0.0}\nentities:\n  - name: Client\n    columns:\n      - {name: id, data_type: integer, primary_key: true}\n      - {name: mail, data_type: varchar(100)}\n      - {name: fax, data_type: varchar(20)}\n');
    writeFileSync(join(dir, 'new.yaml'), 'model: {name: crm, version: 2.0.0}\nentities:\n  - name: Client\n    columns:\n      - {name: id, data_type: integer, primary_key: true}\n      - {name: email, data_type: varchar(100), previous_name: mail}\n');
    const r = runCli(['migrate', join(dir, 'old.yaml'), join(dir, 'new.yaml'), '--dialect', 'mysql', '--out', join(dir, 'm.sql')]);
    expect(r.code, r.stderr).toBe(0);
    const sql = readFileSync(join(dir, 'm.sql'), 'utf8');
    expect(sql.split('\n').slice(0, 2)).toEqual(['-- Migration: crm v1.0.0 -> v2.0.0', '-- Dialect: mysql']);
    expect(sql).toContain('ALTER TABLE client RENAME COLUMN mail TO email;');
    expect(sql).toContain('ALTER TABLE client DROP COLUMN fax;');
    expect(r.stderr).toContain('1 destructive:\n  ALTER TABLE client DROP COLUMN fax');
    const j = runCli(['migrate', join(dir, 'old.yaml'), join(dir, 'new.yaml'), '--dialect', 'postgres', '--output-json']);
    const parsed = JSON.parse(j.stdout);
    expect(parsed.statements.map((s: any) => [s.kind, s.destructive])).toEqual([['rename_column', false], ['drop_column', true]]);
  });
  it('migrate --output-json still writes the SQL to --out', () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'old.yaml'), 'model: {name: crm, version: 1.0.0}\nentities:\n  - name: Client\n    columns:\n      - {name: id, data_type: integer, primary_key: true}\n');
    writeFileSync(join(dir, 'new.yaml'), 'model: {name: crm, version: 1.1.0}\nentities:\n  - name: Client\n    columns:\n      - {name: id, data_type: integer, primary_key: true}\n      - {name: email, data_type: varchar(100)}\n');
    const r = runCli(['migrate', join(dir, 'old.yaml'), join(dir, 'new.yaml'), '--dialect', 'postgres', '--output-json', '--out', join(dir, 'm.sql')]);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(dir, 'm.sql'), 'utf8')).toBe(JSON.parse(r.stdout).sql);
  });
  it('--out that is a directory, under a file, or empty: exit 64, one line, nothing written', () => {
    const dir = tempDir();
    const model = SHOP;
    writeFileSync(join(dir, 'a.sql'), 'CREATE TABLE a (id int);\n');
    writeFileSync(join(dir, 'afile'), 'keep\n');
    for (const out of [dir, join(dir, 'afile', 'x'), '']) {
      for (const args of [['import', 'sql', join(dir, 'a.sql')], ['generate', 'sql', model, '--dialect', 'duckdb'], ['generate', 'metadata', model], ['migrate', model, model, '--dialect', 'duckdb']]) {
        const r = runCli([...args, '--out', out]);
        expect(r.code, `${args.join(' ')} --out '${out}': ${r.stderr}`).toBe(64);
        expect(r.stderr).toMatch(/^modeler: (cannot write|--out needs)/);
        expect(r.stdout).toBe('');
      }
    }
    const emptyDir = runCli(['generate', 'tform', model, '--out-dir', ''], { cwd: dir });
    expect(emptyDir.code).toBe(64);
    expect(readFileSync(join(dir, 'afile'), 'utf8')).toBe('keep\n');
    expect(readdirSync(dir).sort()).toEqual(['a.sql', 'afile']);
  });
  it('--out naming an input is refused and the input kept', () => {
    const dir = tempDir();
    const model = join(dir, 'm.yaml');
    const text = readFileSync(SHOP, 'utf8');
    writeFileSync(model, text);
    writeFileSync(join(dir, 'a.sql'), 'CREATE TABLE a (id int);\n');
    for (const args of [['generate', 'sql', model, '--dialect', 'duckdb', '--out', model], ['generate', 'metadata', model, '--out', join(dir, '.', 'm.yaml')],
      ['migrate', model, model, '--dialect', 'duckdb', '--out', model], ['import', 'sql', join(dir, 'a.sql'), '--out', join(dir, 'a.sql')]]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr).toMatch(/^modeler: --out .* is the input .*; writing there would replace it/);
    }
    expect(readFileSync(model, 'utf8')).toBe(text);
    expect(readFileSync(join(dir, 'a.sql'), 'utf8')).toBe('CREATE TABLE a (id int);\n');
  });
  it('every command has help with an example', () => {
    for (const args of [['import', 'sql'], ['import', 'dbml'], ['generate', 'sql'], ['generate', 'tform'], ['generate', 'metadata'], ['migrate']]) {
      const r = runCli([...args, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/Example/);
      expect(r.stdout).toMatch(/Exit codes/);
    }
  });
});
