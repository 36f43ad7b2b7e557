// A singular test (tests/*.sql) that refs a model is one of its tests: dbt makes it depend on the
// model and runs it for it. Meltano's cli_execs_blended, read by three such tests, was said to have
// "no tests" and was listed among the models with "no tests at all".
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject } from './helpers.js';

describe('singular tests count as the tests of what they read (Local)', () => {
  const dir = copyProject();
  mkdirSync(join(dir, 'tests'), { recursive: true });
  writeFileSync(join(dir, 'tests', 'assert_revenue_not_negative.sql'), "select * from {{ ref('rpt_daily_revenue') }} where revenue < 0\n");
  const s = AssistantSession.open(dir);

  it('a model only a singular test reads is tested by it', async () => {
    const r = await ask(s, { message: 'what tests does rpt_daily_revenue have?' });
    expect(r.answer.split('\n')[0]).toBe('`rpt_daily_revenue` is tested only by the singular test `assert_revenue_not_negative` (tests/assert_revenue_not_negative.sql), '
      + 'which reads it; it has no column or model-level test in YAML (models/marts/_marts.yml:82).');
  });

  it('is counted beside the tests on the models when the project is counted, as modeler summary counts it', async () => {
    expect((await ask(s, { message: 'how many models are there?' })).answer.split('\n')[0]).toBe('The project has 11 models (8 staging and 3 mart, by name or folder), 8 source tables '
      + 'and 28 tests on its models, besides 1 singular test (a SQL file under test-paths).');
  });

  it('is not among the models with no tests at all, nor the marts with none', async () => {
    expect((await ask(s, { message: 'which models are untested?' })).answer.split('\n')[0]).toBe('0 of 11 models have no tests at all:');
    expect((await ask(s, { message: 'which marts have no tests?' })).answer.split('\n')[0]).toMatch(/^Every one of the 3 marts? .*has tests/);
  });
});
