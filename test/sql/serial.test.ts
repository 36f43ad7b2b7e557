import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSqlFile } from '../../src/sql/import/run.js';
import { generateSql } from '../../src/sql/generate.js';
import { openMariaDb, openPostgres, type Engine } from './engines.js';
import { tempDir } from '../helpers/cli.js';

// PostgreSQL's serial is an integer plus an identity; every dialect must spell it its own way
// (BigQuery once got a literal `serial`, which it does not know).
const DDL = 'CREATE TABLE t (id BIGSERIAL PRIMARY KEY, name TEXT);';

describe('serial columns', () => {
  let pg: Engine, maria: Engine;
  beforeAll(async () => { pg = await openPostgres(); maria = await openMariaDb(); });
  afterAll(async () => { await pg?.close(); await maria?.close(); });

  it('generate renders serial as an integer identity in every dialect', async () => {
    const f = join(tempDir(), 's.sql');
    writeFileSync(f, DDL);
    const { model } = await importSqlFile(f, { dialect: 'postgres' });
    for (const d of ['postgres', 'duckdb', 'mysql', 'sqlserver', 'snowflake', 'bigquery', 'databricks']) {
      expect(generateSql(model, d).toLowerCase(), d).not.toMatch(/\bserial\b/);
    }
    await pg.exec(generateSql(model, 'postgres'));
    await pg.exec("insert into t (name) values ('a'), ('b')");
    expect((await pg.query('select id from t order by id')).map((r) => Number(r.id))).toEqual([1, 2]);
    await maria.exec(generateSql(model, 'mysql'));
    await maria.exec("insert into t (name) values ('a')");
    expect(Number((await maria.query('select id from t'))[0].id)).toBe(1);
  });
});
