// Questions about the project's shape, answered rather than with a card: a table's lineage both
// ways (a column's from its SQL), the models nothing reads, the widest models, and the business
// entities as the Conceptualizer reads them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { classify } from '../../src/assistant/local/question.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

const lead = async (s: AssistantSession, message: string) => (await ask(s, { message })).answer.split('\n')[0];

describe('the shape of the project (Local)', () => {
  let s: AssistantSession;
  let dir: string;
  beforeAll(async () => { await initSqlColumns(); dir = copyProject(EXAMPLE); s = AssistantSession.open(dir); s.syncWithDisk(); });

  it('a table\'s lineage is what it is built from and what depends on it; a column\'s, its SQL both ways', async () => {
    expect(await lead(s, 'what is the lineage of orders?')).toBe('`orders` is built from the 2 models: `stg_shop__orders` (models/marts/orders.sql:8) and `stg_stripe__payments` (models/marts/orders.sql:9). '
      + '1 model depends on `orders`: `rpt_daily_revenue` (models/marts/rpt_daily_revenue.sql:2).');
    expect(await lead(s, 'what is the lineage of orders.amount?')).toBe('`orders.amount` is aggregated from `stg_stripe__payments.amount` in the SQL of `orders` (models/marts/orders.sql:7). '
      + '`orders.amount` feeds `rpt_daily_revenue.revenue` (aggregate, models/marts/rpt_daily_revenue.sql:1).');
  });

  it('the models nothing reads, staging first, and which of them are likely unused', async () => {
    expect(await lead(s, 'which models are unused?')).toBe('7 models of 11 are read by nothing in the project. 5 of them are staging or intermediate models: with nothing built on them, likely unused: '
      + '`stg_shop__order_items`, `stg_shop__products`, `stg_stores`, `stg_stripe__customers` and `stg_supplies`.');
    // a model that starts reading one is no longer in the list
    writeFileSync(join(dir, 'models', 'marts', 'store_sales.sql'), "select s.store_id, count(*) as orders from {{ ref('stg_stores') }} s group by 1\n");
    s.syncWithDisk();
    const after = await lead(s, 'which models are not used by anything?');
    expect(after).toMatch(/^7 models of 12 are read by nothing/);
    expect(after).not.toContain('`stg_stores`');
  });

  it('the widest models by the columns their YAML lists', async () => {
    expect(await lead(s, 'which models have the most columns?')).toMatch(/^The models with the most columns their YAML lists: `orders` 6, `stg_shop__orders` 6, `stg_stripe__payments` 6, `customers` 5, /);
  });

  it('the entities, the most connected first, with their relationships and where each is declared', async () => {
    const r = await ask(s, { message: 'what are the entities of this project?' });
    expect(r.answer.split('\n')[0]).toBe('The Conceptualizer reads 7 business entities from the staging models, in 5 domains: `Order`, `Customer`, `OrderItem`, `Payment`, `Product`, `Store` and `Supply` (the most connected first); 7 relationships (6 declared, 1 inferred from names).');
    expect(r.answer).toContain('- Customer places Order (one to many, customer_id, declared at models/staging/shop/_shop__models.yml:37)');
    expect(classify('explain the data model')).toBe('entities');
  });
});

describe('a column only the SQL returns, named alone (Local)', () => {
  it('is found in the model whose SQL returns it, and answered from its lineage', async () => {
    await initSqlColumns();
    const dir = copyProject(EXAMPLE);
    writeFileSync(join(dir, 'models', 'marts', 'deals.sql'), "select order_id, amount * 2 as deal_amount from {{ ref('orders') }}\n");
    const s = AssistantSession.open(dir);
    expect(await lead(s, 'where does deal_amount come from?')).toBe('`deals.deal_amount` is computed from `orders.amount` in the SQL of `deals` (models/marts/deals.sql:1).');
    // a name no SQL returns is still "which model?"
    expect(await lead(s, 'where does deal_amount_zzz come from?')).toMatch(/^I cannot tell which model this asks about/);
  });

  it('"how is X calculated" shows the expressions that make it, through the CTEs, with their lines and GROUP BY', async () => {
    await initSqlColumns();
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const { answer } = await ask(s, { message: 'how is lifetime_value calculated in customers?' });
    expect(answer.split('\n').slice(0, 6)).toEqual([
      '`customers.lifetime_value` is computed from `stg_stripe__payments.amount` in the SQL of `customers` (models/marts/customers.sql:20).',
      '',
      'How it is made in models/marts/customers.sql:',
      '- Line 20: `cast(coalesce(order_totals.lifetime_value, 0) as decimal(18, 2)) as lifetime_value`.',
      '- Line 11, in `order_totals`: `sum(payments.amount) as lifetime_value`, grouped by `orders.customer_id`.',
      '',
    ]);
    // a column only passed through has nothing to show
    expect((await ask(s, { message: 'where does orders.status come from?' })).answer).not.toContain('How it is made');
    // a group by of five positions reads as the five items it names
    expect((await ask(s, { message: 'how is orders.amount calculated?' })).answer).toContain(
      '- Line 7: `sum(payments.amount) as amount`, grouped by `orders.order_id, orders.customer_id, orders.store_id, orders.order_date, orders.status`.');
  });

  it('names a model read under two aliases once among the columns a value is computed from', async () => {
    await initSqlColumns();
    const dir = copyProject(EXAMPLE);
    writeFileSync(join(dir, 'models', 'marts', 'order_pairs.sql'),
      "select a.order_id, a.amount + b.amount as pair_amount\nfrom {{ ref('orders') }} as a\njoin {{ ref('orders') }} as b on b.order_id = a.order_id\n");
    const s = AssistantSession.open(dir);
    expect(await lead(s, 'where does pair_amount come from?')).toBe('`order_pairs.pair_amount` is computed from `orders.amount` in the SQL of `order_pairs` (models/marts/order_pairs.sql:1).');
  });
});
