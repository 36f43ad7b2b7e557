// Names outside ASCII (clients_é, "prénom", "名前"), as PostgreSQL, Snowflake and DuckDB allow:
// a question that names them is about them, as about any other name.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('questions that name a table or column outside ASCII', () => {
  let s: AssistantSession;
  beforeAll(async () => {
    await initSqlColumns();
    const dir = copyProject(EXAMPLE);
    mkdirSync(join(dir, 'models/marts'), { recursive: true });
    writeFileSync(join(dir, 'models/marts/clients_é.sql'), `select customer_id as "prénom", first_name as "名前" from {{ ref('customers') }}\n`);
    s = AssistantSession.open(dir);
  });

  it('where a column of a model named clients_é comes from', async () => {
    const r = await ask(s, { message: 'where does clients_é.prénom come from' });
    expect(r.answer.split('\n')[0]).toBe('`clients_é.prénom` is renamed from `customers.customer_id` in the SQL of `clients_é` (models/marts/clients_é.sql:1).');
    // its line, as for any name the select item gives (not "through a select *")
    const cjk = await ask(s, { message: 'where does clients_é.名前 come from?' });
    expect(cjk.answer.split('\n')[0]).toBe('`clients_é.名前` is renamed from `customers.first_name` in the SQL of `clients_é` (models/marts/clients_é.sql:1).');
  });

  it('what reads a model named clients_é', async () => {
    const r = await ask(s, { message: 'which models does clients_é depend on' });
    expect(r.answer).not.toMatch(/cannot tell|no model is named/);
    expect(r.answer).toContain('customers');
  });
});
