// What the project holds and its settings across models, asked without naming a table: counts by
// layer, a group's tables, every table with a column, which models are incremental, tagged, owned,
// Interfaces, which sources have freshness checks — answered, not "which model?" or a card.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { classify } from '../../src/assistant/local/question.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';
import { runCli } from '../helpers/cli.js';

const lead = async (s: AssistantSession, message: string) => (await ask(s, { message })).answer.split('\n')[0];

describe('what the project holds (Local)', () => {
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(copyProject(EXAMPLE)); });

  it('counts models by layer, source tables and tests', async () => {
    expect(await lead(s, 'how many models are there?')).toBe('The project has 11 models (8 staging and 3 mart, by name or folder), 8 source tables and 28 tests on its models.');
    expect(await lead(s, 'how many sources are there?')).toBe('The project reads 8 source tables from 3 sources: `shop` 4, `inventory` 2 and `stripe` 2.');
  });

  // dental-clinic: 'how many models are there?' said 4382 tests on its models where summary says 4756 (353 on its
  // sources, 21 singular): the tests on sources were nowhere
  it('counts the tests on sources beside those on models, so the total is summary’s', async () => {
    const dir = copyProject(EXAMPLE);
    const src = join(dir, 'models', 'staging', 'shop', '_shop__sources.yml');
    writeFileSync(src, readFileSync(src, 'utf8').replace('      - name: orders\n', '      - name: orders\n        columns:\n          - name: id\n            data_tests: [unique, not_null]\n'));
    const t = await lead(AssistantSession.open(dir), 'how many models are there?');
    expect(t).toBe('The project has 11 models (8 staging and 3 mart, by name or folder), 8 source tables and 28 tests on its models and 2 on its sources.');
    const total = Number(/tests: +(\d+)/.exec(runCli(['summary', '--project-dir', dir]).stdout)?.[1]);
    expect(total).toBe(30);
  });

  it('lists a group\'s tables, each with where it is declared', async () => {
    const r = await ask(s, { message: 'what tables are in the marts?' });
    expect(r.answer.split('\n')[0]).toBe('The mart models: 3 models, `customers`, `orders` and `rpt_daily_revenue`.');
    expect(r.answer).toContain('- orders (models/marts/_marts.yml:46)');
  });

  it('every table with a column of a name, staging first', async () => {
    expect(await lead(s, 'where is customer_id used?')).toBe('6 tables have a column `customer_id`: `stg_shop__customers`, `stg_shop__orders`, `stg_stripe__customers`, `stg_stripe__payments`, `customers` and `orders`.');
    expect(classify('which tables have a clinic_id column?')).toBe('column_usage');
    // a table's name there asks what reads it
    expect(await lead(s, 'where is stg_shop__orders used?')).toMatch(/^2 models depend on `stg_shop__orders`/);
  });

  it('a setting across the models: materialization, owners, Interfaces', async () => {
    expect(await lead(s, 'which models are tables?')).toBe('3 models of 11 are materialized as `table`: `customers`, `orders` and `rpt_daily_revenue`.');
    expect(await lead(s, 'which models are incremental?')).toBe('No model of the 11 is materialized as `incremental`.');
    expect(await lead(s, 'how are the models materialized?')).toBe('The project\'s 11 models are materialized as: 8 `view` and 3 `table`.');
    expect(await lead(s, 'who owns what?')).toBe('2 models of 11 name an owner: `growth-analytics@jaffle.shop` 2; 9 name none.');
    expect(await lead(s, 'which models are interfaces?')).toMatch(/^2 models of 11 are Interfaces: `customers` \(contracted, active, v1, contract enforced\) and `orders` /);
  });
});

describe('tags and freshness across the project (Local)', () => {
  it('follows what the YAML says: a tag added, a freshness check added', async () => {
    const dir = copyProject(EXAMPLE);
    const s = AssistantSession.open(dir);
    s.syncWithDisk();
    expect(await lead(s, 'which models are tagged finance?')).toBe('No model of the 11 is tagged `finance`: none has a tag.');
    expect(await lead(s, 'which sources have freshness checks?')).toBe('None of the 8 source tables has a freshness check (no freshness: warn_after/error_after in its YAML).');
    const src = join(dir, 'models', 'staging', 'shop', '_shop__sources.yml');
    const text = readFileSync(src, 'utf8');
    expect(text).toMatch(/^ {2}- name: shop\n/m);
    writeFileSync(src, text.replace(/^( {2}- name: shop\n)/m, '$1    loaded_at_field: _loaded_at\n    freshness:\n      warn_after: {count: 12, period: hour}\n'));
    const models = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(models, readFileSync(models, 'utf8').replace(/^( {2}- name: rpt_daily_revenue\n)/m, '$1    config:\n      tags: [finance]\n'));
    s.syncWithDisk();
    expect(await lead(s, 'which sources have freshness checks?')).toBe('4 source tables of 8 have a freshness check: `shop.customers`, `shop.orders`, `shop.order_items` and `shop.products`.');
    expect(await lead(s, 'which models are tagged finance?')).toBe('1 model of 11 is tagged `finance`: `rpt_daily_revenue`.');
    expect(await lead(s, 'which models are tagged marketing?')).toBe('No model of the 11 is tagged `marketing`. The models\' tags, with how many carry each: `finance` 1.');
    // the word of a group is not a tag asked for
    expect(await lead(s, 'what tags do the models have?')).toBe('The models\' tags, with how many carry each: `finance` 1.');
  });
});

describe('a layer named as a group (Local)', () => {
  it('"the fact tables", "the dimensions": the models of that layer, by prefix or declared layer', async () => {
    const dir = copyProject(EXAMPLE);
    writeFileSync(join(dir, 'models', 'marts', 'fct_sales.sql'), "select * from {{ ref('orders') }}\n");
    writeFileSync(join(dir, 'models', 'marts', 'dim_shoppers.sql'), "select * from {{ ref('customers') }}\n");
    const s = AssistantSession.open(dir);
    expect(await lead(s, 'what are the fact tables?')).toBe('The fact tables: 1 model, `fct_sales`.');
    expect(await lead(s, 'list the dimensions')).toBe('The dimension tables: 1 model, `dim_shoppers`.');
  });
});

describe('what is disabled across the project (Local)', () => {
  it('every table dbt does not build, grouped by the var that decides it', async () => {
    const dir = copyProject(EXAMPLE);
    for (const m of ['credit_notes', 'credit_note_lines']) writeFileSync(join(dir, 'models', 'marts', `${m}.sql`), "{{ config(enabled=var('using_credit_notes', false)) }}\nselect 1 as id\n");
    const s = AssistantSession.open(dir);
    const r = await ask(s, { message: 'which models are disabled and why?' });
    expect(r.answer.split('\n')[0]).toBe('2 tables are disabled, by 1 setting; all by the var `using_credit_notes`.');
    expect(r.answer).toContain('- the var `using_credit_notes`: `credit_note_lines` and `credit_notes`');
    expect(await lead(AssistantSession.open(copyProject(EXAMPLE)), 'which models are disabled?')).toBe('Nothing in the project is disabled: every model, seed, snapshot and source is built or read.');
  });
});
