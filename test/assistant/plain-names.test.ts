// Plain words naming tables: "companies" names `company`, and a word several sources name
// ("users" in eight of mattermost-analytics' sources) is answered for one, saying which and the others.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { resolveSubject } from '../../src/assistant/local/question.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('plain words that name tables (Local)', () => {
  const dir = copyProject(EXAMPLE);
  mkdirSync(join(dir, 'seeds'), { recursive: true });
  writeFileSync(join(dir, 'seeds', 'company.csv'), 'company_id,name\n1,a\n');
  writeFileSync(join(dir, 'models', 'staging', '_crm__sources.yml'), 'version: 2\nsources:\n  - name: crm\n    tables:\n      - name: payments\n');
  const s = AssistantSession.open(dir);

  it('a plural in -ies names the table in -y', () => {
    expect(resolveSubject(s.project, 'how are companies linked to orders?', undefined, undefined).nodes.map((n) => n.name)).toEqual(['company', 'orders']);
  });

  it('a word two sources name says which one is answered and names the other', async () => {
    const r = await ask(s, { message: 'which tables reference payments?' });
    expect(r.answer).toMatch(/`payments` names 2 source tables \((`stripe\.payments`, `crm\.payments`|`crm\.payments`, `stripe\.payments`)\); this answer is about `(stripe|crm)\.payments`: name another as source\.table\./);
    const one = await ask(s, { message: 'which tables reference stripe.payments?' });
    expect(one.answer).not.toMatch(/names 2 source tables/);
  });
});

describe('a plain word typed wrong (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('names the table one letter off, as a name with underscores is named', async () => {
    const r = await ask(s, { message: 'which tables reference custmers?' });
    expect(r.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: no model is named `custmers`; did you mean `customers`?');
    const j = await ask(s, { message: 'how are ordrs linked to customers?' });
    expect(j.answer.split('\n')[0]).toBe('Only `customers` in the question names a table, and a join needs two: `ordrs` names no table; did you mean `orders`?');
  });

  it('a question of no kind that names a table typed wrong says so, not with a card of what it resembles', async () => {
    const r = await ask(s, { message: 'what is stg_shop__ordrs?' });
    expect(r.answer.split('\n')[0]).toBe('No model is named `stg_shop__ordrs`; did you mean `stg_shop__orders`?');
  });

  it('the words of the question itself are never taken for a table typed wrong', async () => {
    // `tablet` is one letter from "tables"
    const dir = copyProject(EXAMPLE);
    mkdirSync(join(dir, 'seeds'), { recursive: true });
    writeFileSync(join(dir, 'seeds', 'tablet.csv'), 'tablet_id\n1\n');
    const r = await ask(AssistantSession.open(dir), { message: 'which tables reference the thing?' });
    expect(r.answer).not.toContain('did you mean');
  });
});
