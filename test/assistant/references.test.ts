// "Which tables reference X?" is answered with the columns declared keys to X (to a modeler, a
// reference is a key), then what ref()s it; a source's keys are found on the model that stages it;
// a table no key points at says so and answers with what reads it.
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { classify } from '../../src/assistant/local/question.js';
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
