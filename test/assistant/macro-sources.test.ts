// A staging model that reads its source through a macro of the project (data-inclusion's
// `{{ stg_source_header('dora', 'structures') }}`, whose body calls source(src_name, table_name)):
// dbt records the source, and "what feeds" it names that source — it answered "reads no model or
// source through ref() or source()" for all ~130 of data-inclusion's staging models, and "which
// sources feed int__structures_v1" named 2 source tables of 30.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('a source read through a macro of the project (Local)', () => {
  const dir = copyProject(EXAMPLE);
  mkdirSync(join(dir, 'macros'), { recursive: true });
  writeFileSync(join(dir, 'macros', 'stg_header.sql'), '{% macro stg_header(src_name, table_name) %}\n{% set rel = source(src_name, table_name) %}\nselect * from {{ rel }}\n{% endmacro %}\n');
  writeFileSync(join(dir, 'models', 'staging', 'stg_raw_payments.sql'), "with src as (\n    {{ stg_header('stripe', 'payments') }}\n)\nselect * from src\n");
  writeFileSync(join(dir, 'models', 'staging', 'int_payment_days.sql'), "select * from {{ ref('stg_raw_payments') }}\n");
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('"what feeds" the model names the source, at the line of the macro call', async () => {
    const r = await ask(s, { message: 'what feeds stg_raw_payments?' });
    expect(r.answer.split('\n')[0]).toBe('`stg_raw_payments` is built from the source table `stripe.payments` (models/staging/stg_raw_payments.sql:2).');
  });

  it('"which sources feed" a model built on it follows it there', async () => {
    const r = await ask(s, { message: 'which sources feed int_payment_days?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`int_payment_days` is fed by the source table `stripe\.payments` \(models\/staging\/stripe\/_stripe__sources\.yml:\d+\), through `stg_raw_payments`\.$/);
  });
});
