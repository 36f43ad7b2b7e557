import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { importSqlFile } from '../../src/sql/import/run.js';
import { generateSql } from '../../src/sql/generate.js';
import { openMariaDb, openPostgres, type Engine } from './engines.js';
import { tempDir } from '../helpers/cli.js';

// MySQL's inline ENUM(...) must become something every dialect can run, with its values enforced.
const DDL = "CREATE TABLE users (\n  id INT PRIMARY KEY,\n  role ENUM('admin','member') NOT NULL DEFAULT 'member'\n);\n";

describe('inline ENUM columns', () => {
  let pg: Engine, maria: Engine;
  beforeAll(async () => { pg = await openPostgres(); maria = await openMariaDb(); });
  afterAll(async () => { await pg?.close(); await maria?.close(); });

  it('import as a string column with enum values; the DDL enforces them on PostgreSQL and MariaDB', async () => {
    const f = join(tempDir(), 'enum.sql');
    writeFileSync(f, DDL);
    const { model } = await importSqlFile(f, { dialect: 'mysql' });
    const role = model!.entities[0].columns[1];
    expect(role).toMatchObject({ name: 'role', data_type: 'varchar(6)', enum: ['admin', 'member'], nullable: false });
    for (const [engine, dialect] of [[pg, 'postgres'], [maria, 'mysql']] as const) {
      await engine.exec(generateSql(model!, dialect));
      await engine.exec("INSERT INTO users (id) VALUES (1)");
      await expect(engine.exec("INSERT INTO users (id, role) VALUES (2, 'owner')"), dialect).rejects.toThrow(/check|constraint/i);
    }
  });
});
