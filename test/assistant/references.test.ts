// "Which tables reference X?" is answered with the columns declared keys to X (to a modeler, a
// reference is a key), then what ref()s it; a source's keys are found on the model that stages it;
// a table no key points at says so and answers with what reads it.
import { describe, expect, it } from 'vitest';
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
