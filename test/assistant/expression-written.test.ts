// "How is _has_pii calculated in marts__structures_v1?" named the column it is made from and the
// line, not how: the answer quotes the select item as the SQL writes it
// (`courriels_personnels.courriel IS NOT NULL AS "_has_pii"`), a CASE over several lines whole.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('how a column is calculated (Local)', () => {
  const dir = copyProject(EXAMPLE);
  const sql = join(dir, 'models', 'marts', 'orders.sql');
  writeFileSync(sql, readFileSync(sql, 'utf8').replace('    sum(payments.amount) as amount\n',
    "    sum(payments.amount) as amount,\n    case\n        when orders.status = 'returned' then true\n        else false\n    end as is_returned\n"));
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('quotes the expression the SQL writes on the line that returns it', async () => {
    const r = await ask(s, { message: 'how is amount calculated in orders?' });
    const lines = r.answer.split('\n');
    expect(lines[0]).toBe('`orders.amount` is aggregated from `stg_stripe__payments.amount` in the SQL of `orders` (models/marts/orders.sql:7).');
    expect(lines).toContain('- Line 7: `sum(payments.amount) as amount`, grouped by `orders.order_id, orders.customer_id, orders.store_id, orders.order_date, orders.status`.');
  });

  it('quotes a CASE written over several lines whole, from the line it starts on', async () => {
    const r = await ask(s, { message: 'how is is_returned calculated in orders?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`orders\.is_returned` is computed from `stg_shop__orders\.status`/);
    expect(r.answer.split('\n')).toContain("- Line 8: `case when orders.status = 'returned' then true else false end as is_returned`.");
  });
});
