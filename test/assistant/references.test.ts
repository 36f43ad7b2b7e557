// "Which tables reference X?" is answered with the columns declared keys to X (to a modeler, a
// reference is a key), then what ref()s it; a source's keys are found on the model that stages it;
// a table no key points at says so and answers with what reads it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { classify } from '../../src/assistant/local/question.js';
import { tempDir } from '../helpers/cli.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('which tables reference a table (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('lists the keys declared to it, each where it is declared, then what reads it', async () => {
    const r = await ask(s, { message: 'which tables reference stg_shop__orders?' });
    expect(r.answer.split('\n')[0]).toBe('2 tables reference `stg_shop__orders` by a declared key: '
      + '`stg_shop__order_items.order_id` (models/staging/shop/_shop__models.yml:68) and `stg_stripe__payments.order_id` (models/staging/stripe/_stripe__models.yml:13).');
    expect(r.answer).toMatch(/Read through ref\(\) or source\(\): \d+ models depend on `stg_shop__orders`/);
  });

  it('a source is answered through the model that stages it', async () => {
    const r = await ask(s, { message: 'which tables point to this?', context: { kind: 'source', name: 'shop.orders' } });
    expect(r.answer.split('\n')[0]).toMatch(/^2 tables reference `shop\.orders` through the model that stages it, `stg_shop__orders`, by a declared key: /);
  });

  it('a table no key points at says so, and answers with what reads it', async () => {
    const r = await ask(s, { message: 'which tables reference rpt_daily_revenue?' });
    expect(r.answer).toMatch(/No column is declared a key to `rpt_daily_revenue`/);
  });

  it('is told from "what depends on it" and "what does it reference"', () => {
    expect(classify('which tables reference the patient?')).toBe('references');
    expect(classify('what foreign keys point to customers?')).toBe('references');
    expect(classify('what is related to orders?')).toBe('references');
    expect(classify('which models depend on orders?')).toBe('downstream');
    expect(classify('what reads shop.orders?')).toBe('downstream');
    expect(classify('what uses stg_shop__orders?')).toBe('downstream');
    expect(classify('what does orders reference?')).toBe('upstream');
  });

  it('"what references X?" asks what points at X, not what X is built from', async () => {
    expect(classify('what references stg_shop__customers?')).toBe('references');
    expect(classify('who refers to customers?')).toBe('references');
    expect(classify('what references does orders have?')).toBe('upstream');
    const r = await ask(s, { message: 'what references stg_shop__customers?' });
    expect(r.answer.split('\n')[0]).toMatch(/^1 table references `stg_shop__customers` by a declared key: `stg_shop__orders\.customer_id`/);
  });
});

describe('which columns reference a column (Local), with the SQL parser loaded (as ask and serve load it)', () => {
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(copyProject(EXAMPLE)); });

  it('counts only the keys to that column, and what reads it is its column lineage', async () => {
    const r = await ask(s, { message: 'which columns reference stg_shop__customers.customer_id?' });
    const [lead, , downstream] = r.answer.split('\n');
    expect(lead).toBe('1 column references `stg_shop__customers.customer_id` by a declared key: `stg_shop__orders.customer_id` (models/staging/shop/_shop__models.yml:37).');
    expect(downstream).toMatch(/^Downstream, by column lineage: `stg_shop__customers\.customer_id` feeds `customers\.customer_id` \(transform, models\/marts\/customers\.sql:\d+\)/);
  });

  it('a column no key points at says so first, and names the column the keys to its table point at', async () => {
    const r = await ask(s, { message: 'which columns reference stg_shop__orders.status?' });
    const lines = r.answer.split('\n');
    expect(lines[0]).toBe('No column is declared a key to `stg_shop__orders.status`: no relationships test, foreign_key or constraint names it (the keys declared to `stg_shop__orders` point at `order_id`).');
    expect(r.answer).toContain('`stg_shop__orders.status` feeds `orders.status` (passthrough');
  });
});

describe('which tables reference a table in a project that declares no keys (Local)', () => {
  let s: AssistantSession;
  beforeAll(() => {
    const dir = join(tempDir('modeler-ai-nokeys-'), 'p');
    mkdirSync(join(dir, 'models', 'staging'), { recursive: true });
    mkdirSync(join(dir, 'models', 'marts'), { recursive: true });
    mkdirSync(join(dir, 'macros'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
    const tables: Record<string, string[]> = {
      stg_users: ['user_id', 'email'], stg_orders: ['order_id', 'user_id', 'ordered_at'],
      stg_reviews: ['review_id', 'user_id', 'rating'], stg_sessions: ['session_id', 'user_id', 'started_at'],
    };
    const yml = ['version: 2', 'models:'];
    for (const [t, cols] of Object.entries(tables)) {
      writeFileSync(join(dir, 'models', 'staging', `${t}.sql`), `select ${cols.join(', ')} from raw.${t.slice(4)}\n`);
      yml.push(`  - name: ${t}`, '    columns:', ...cols.map((c, i) => (i === 0 ? `      - name: ${c}\n        data_tests: [unique, not_null]` : `      - name: ${c}`)));
    }
    writeFileSync(join(dir, 'models', 'staging', '_models.yml'), yml.join('\n') + '\n');
    // a mart that names stg_users in a plain ref() and reads stg_orders through a project macro (so dbt renders it)
    writeFileSync(join(dir, 'macros', 'pick.sql'), "{% macro pick(name) %}{{ ref(name) }}{% endmacro %}\n");
    writeFileSync(join(dir, 'models', 'marts', 'user_summary.sql'),
      "select u.user_id, count(*) as orders\nfrom {{ ref('stg_users') }} as u\njoin {{ pick('stg_orders') }} as o on o.user_id = u.user_id\ngroup by 1\n");
    s = AssistantSession.open(dir);
  });

  it('answers with the keys the Conceptualizer infers from column names, said to be inferred, then what reads it', async () => {
    const r = await ask(s, { message: 'which tables reference stg_users?' });
    const [lead] = r.answer.split('\n');
    expect(lead).toMatch(/^No column is declared a key to `stg_users`: .*; from column names the Conceptualizer infers that 3 tables reference `stg_users\.user_id`: /);
    for (const t of ['stg_orders', 'stg_reviews', 'stg_sessions']) expect(lead).toContain(`\`${t}.user_id\``);
    expect(r.answer).toMatch(/Inferred, not declared/);
    // the mart names stg_users in a plain ref(): it is not read "through a ref() whose name is built"
    expect(r.answer).toMatch(/Read through ref\(\) or source\(\): 1 model depends on `stg_users`: `user_summary` \(models\/marts\/user_summary\.sql:2\)/);
    expect(r.answer).not.toMatch(/No model names `stg_users` in a ref\(\) call/);
  });

  it('a table that only a macro-built ref() reads is still said to be read so', async () => {
    const r = await ask(s, { message: 'which models depend on stg_orders?' });
    expect(r.answer.split('\n')[0]).toMatch(/^No model names `stg_orders` in a ref\(\) call, but as dbt renders them 1 model reads it through .*`user_summary`/);
  });
});
