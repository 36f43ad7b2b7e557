// The grain answer names the columns of each model-level uniqueness test, a one-column
// combination too (dental-clinic's `combination_of_columns: [appointment_id]` was printed "on ").
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('the grain of a model with combination tests', () => {
  const dir = copyProject(EXAMPLE);
  mkdirSync(join(dir, 'models', 'probe'), { recursive: true });
  writeFileSync(join(dir, 'models', 'probe', 'visit_keys.sql'), 'select 1 as visit_id, 2 as clinic_id, 3 as day_id\n');
  writeFileSync(join(dir, 'models', 'probe', 'visit_keys.yml'), [
    'version: 2', 'models:', '  - name: visit_keys', '    tests:',
    '      - dbt_utils.unique_combination_of_columns:', '          combination_of_columns: [visit_id]',
    '      - dbt_utils.unique_combination_of_columns:', '          combination_of_columns:', '            - clinic_id', '            - day_id',
    '    columns:', '      - name: visit_id', '      - name: clinic_id', '      - name: day_id', '',
  ].join('\n'));
  const s = AssistantSession.open(dir);

  it('lists each test with the columns it names', async () => {
    const r = await ask(s, { message: 'what is the grain of visit_keys?' });
    expect(r.answer).toMatch(/^`visit_keys` is one row per combination of `clinic_id` \+ `day_id`/);
    expect(r.answer).toContain('Model test dbt_utils.unique_combination_of_columns on `visit_id` (models/probe/visit_keys.yml:6).');
    expect(r.answer).toContain('Model test dbt_utils.unique_combination_of_columns on `clinic_id`, `day_id` (models/probe/visit_keys.yml:8).');
    expect(r.answer).not.toMatch(/ on +\(/);
  });
});

// A key hashed by dbt_utils says nothing of the grain by its name ("one row per surrogate_key"):
// the columns it is hashed from do (Dagster's usage_metrics_daily, Meltano's stg_slack__messages)
describe('the grain of a model keyed by a surrogate key', () => {
  const dir = copyProject(EXAMPLE);
  mkdirSync(join(dir, 'models', 'probe'), { recursive: true });
  writeFileSync(join(dir, 'models', 'probe', 'daily_usage.sql'), [
    'select', '    {{ dbt_utils.generate_surrogate_key([', '        "ds", "organization_id"', '    ]) }}', '        as surrogate_key,',
    '    ds, organization_id, {{ dbt_utils.surrogate_key([run_column]) }} as run_key', "from {{ ref('stg_shop__orders') }}", '',
  ].join('\n'));
  writeFileSync(join(dir, 'models', 'probe', 'daily_usage.yml'), [
    'version: 2', 'models:', '  - name: daily_usage', '    columns:',
    '      - name: surrogate_key', '        data_tests: [unique, not_null]', '      - name: run_key', '        data_tests: [unique, not_null]', '',
  ].join('\n'));
  const s = AssistantSession.open(dir);

  it('is one row per combination of the columns the key is hashed from, where the SQL hashes them', async () => {
    const r = await ask(s, { message: 'what is the grain of daily_usage?' });
    expect(r.answer.split('\n')[0]).toBe('`daily_usage` is one row per combination of `ds` + `organization_id`; its key `surrogate_key` is tested unique and not null '
      + '(models/probe/daily_usage.yml:5), a surrogate key hashed from those columns (models/probe/daily_usage.sql:2).');
  });
});
