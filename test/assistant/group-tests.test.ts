// "Which marts have no tests?" is answered for the group: the models with no test that runs, each
// where it is declared (dental-clinic's answer was a finding card about one mart).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSubject } from '../../src/assistant/local/question.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('tests of a group of models (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('names the models of the group with no tests', async () => {
    const r = await ask(s, { message: 'which marts have no tests?' });
    expect(r.answer.split('\n')[0]).toMatch(/^1 of the 3 mart models has no tests: `rpt_daily_revenue` \(models\/marts\/_marts\.yml:82\)\.$/);
  });

  it('counts the tests of the group when asked about them', async () => {
    const r = await ask(s, { message: 'what tests do the staging models have?' });
    expect(r.answer.split('\n')[0]).toMatch(/^Every one of the \d+ staging models has tests: \d+ tests in all\.$|^The \d+ staging models have \d+ tests in all; \d+ (has|have) none: /);
  });
});

describe('sensitive columns of a whole project (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('"which columns are PII?" lists them over every table, not "which model?"', async () => {
    const r = await ask(s, { message: 'which columns are PII?' });
    expect(r.answer.split('\n')[0]).toMatch(/^In the project, \d+ columns? (is|are) (classified sensitive|named like personal data)/);
    expect(r.answer).toContain('`stg_stripe__customers.email` (models/staging/stripe/_stripe__models.yml:30)');
    expect(r.answer).not.toMatch(/cannot tell which model/);
  });

  it('"which staging columns are sensitive?" stays in the group', async () => {
    const r = await ask(s, { message: 'which columns of the staging models are sensitive?' });
    expect(r.answer.split('\n')[0]).toMatch(/^In the staging models, /);
  });
});

describe('what counts as a mart', () => {
  it('a model under data_marts/ (tuva) or named fct_/dim_ outside a marts folder', () => {
    const dir = copyProject(EXAMPLE);
    mkdirSync(join(dir, 'models', 'data_marts'), { recursive: true });
    writeFileSync(join(dir, 'models', 'data_marts', 'pharmacy_summary.sql'), 'select 1 as claim_id\n');
    mkdirSync(join(dir, 'models', 'core'), { recursive: true });
    writeFileSync(join(dir, 'models', 'core', 'fct_visits.sql'), 'select 1 as visit_id\n');
    writeFileSync(join(dir, 'models', 'core', 'core_lookup.sql'), 'select 1 as code\n');
    const p = AssistantSession.open(dir).project;
    const names = resolveSubject(p, 'which marts have no tests?', undefined, undefined).group!.nodes.map((n) => n.name);
    expect(names).toEqual(expect.arrayContaining(['pharmacy_summary', 'fct_visits', 'orders', 'customers']));
    expect(names).not.toContain('core_lookup');
    expect(names).not.toContain('stg_shop__orders');
  });
});
