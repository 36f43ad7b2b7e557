// "How are X linked to Y?" is answered with the declared keys that join them (directly or through
// tables between), each where it is declared, and the join a dbt model would write; plain plural
// words name tables ("patients"), and a request's verb ("document …") names none.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { classify, resolveSubject } from '../../src/assistant/local/question.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('how two tables join (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('a direct key: the column, where it is declared, and the join', async () => {
    const r = await ask(s, { message: 'how are orders linked to customers?' });
    expect(r.answer.split('\n')[0]).toBe('`orders.customer_id` → `customers.customer_id` (relationships test, models/marts/_marts.yml:69) joins `orders` and `customers`: '
      + 'each `orders` row has one `customers` row; a `customers` row has any number of `orders` rows.');
    expect(r.answer).toContain("from {{ ref('orders') }} as t1\njoin {{ ref('customers') }} as t2 on t1.customer_id = t2.customer_id");
  });

  it('through a table between, staging keys', async () => {
    const r = await ask(s, { message: 'how do I join stg_stripe__payments and stg_shop__customers?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`stg_stripe__payments` and `stg_shop__customers` are joined through one table: `stg_stripe__payments\.order_id` → `stg_shop__orders\.order_id` \(relationships test, models\/staging\/stripe\/_stripe__models\.yml:13\); `stg_shop__orders\.customer_id` → `stg_shop__customers\.customer_id` \(relationships test, models\/staging\/shop\/_shop__models\.yml:\d+\)\.$/);
    expect(r.answer).toContain("join {{ ref('stg_shop__orders') }} as t2 on t1.order_id = t2.order_id\njoin {{ ref('stg_shop__customers') }} as t3 on t2.customer_id = t3.customer_id");
    // the table between is cited with the two asked about
    expect(r.sources.slice(0, 3).map((x) => x.id).sort()).toEqual(['model:stg_shop__customers', 'model:stg_shop__orders', 'model:stg_stripe__payments']);
  });

  it('sources are joined through the models that stage them', async () => {
    const r = await ask(s, { message: 'how are shop.order_items linked to shop.orders?' });
    expect(r.answer.split('\n')[0]).toBe('`stg_shop__order_items.order_id` → `stg_shop__orders.order_id` (relationships test, models/staging/shop/_shop__models.yml:68) joins '
      + '`stg_shop__order_items` (which stages `shop.order_items`) and `stg_shop__orders` (which stages `shop.orders`): '
      + 'each `stg_shop__order_items` row has one `stg_shop__orders` row; a `stg_shop__orders` row has any number of `stg_shop__order_items` rows.');
    expect(r.answer).not.toMatch(/\n\n\n/);
  });

  it('says when no declared key joins them', async () => {
    const r = await ask(s, { message: 'how is rpt_daily_revenue related to stg_stores?' });
    expect(r.answer.split('\n')[0]).toBe('No declared key joins `rpt_daily_revenue` and `stg_stores` within 3 steps: no relationships test, foreign_key or constraint connects them.');
  });

  it('a table named twice is the same table', async () => {
    const r = await ask(s, { message: 'how are orders linked to orders?' });
    expect(r.answer.split('\n')[0]).toBe('Both sides name `orders`: it is the same table.');
  });

  it('a side that names no table is said, not answered as a question about the other alone', async () => {
    const r = await ask(s, { message: 'how are orders linked to unicorns?' });
    expect(r.answer.split('\n')[0]).toBe('Only `orders` in the question names a table, and a join needs two: no model, seed, snapshot or source is named like the other side.');
    expect(r.answer).toContain('What references `orders`: 1 model depends on `orders`');
  });

  it('"how is it linked to customers?" joins the table the chat was about to the one named', async () => {
    const a = await ask(s, { message: 'what is the grain of orders?' });
    const r = await ask(s, { message: 'how is it linked to customers?', chatId: a.chatId });
    expect(r.answer.split('\n')[0]).toMatch(/^`orders\.customer_id` → `customers\.customer_id` .* joins `orders` and `customers`: /);
  });

  it('a side misspelt is named with the table it was most likely meant to be', async () => {
    const r = await ask(s, { message: 'how are stg_shop__ordrs linked to customers?' });
    expect(r.answer.split('\n')[0]).toBe('Only `customers` in the question names a table, and a join needs two: `stg_shop__ordrs` names no table; did you mean `stg_shop__orders`?');
  });

  it('a comparison of one table with itself, or with a word that names none, says so', async () => {
    expect((await ask(s, { message: 'compare orders and orders' })).answer.split('\n')[0]).toBe('Both sides name `orders`: it is the same table.');
    expect((await ask(s, { message: 'compare orders and unicorns' })).answer.split('\n')[0])
      .toBe('Only `orders` in the question names a table, and a comparison needs two: no model, seed, snapshot or source is named like the other side.');
  });

  it('three tables: the first joined to each of the others', async () => {
    const r = await ask(s, { message: 'how are orders linked to customers and payments?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`orders\.customer_id` → `customers\.customer_id` .* joins `orders` and `customers`/);
    expect(r.answer).toContain('No declared key joins `orders` and `stg_stripe__payments` (which stages `stripe.payments`) within 3 steps');
    expect(r.answer).toContain('Both have `order_id` and `customer_id`, which may join them');
  });

  it('is told apart, and its words name the tables', () => {
    expect(classify('how are patients linked to appointments?')).toBe('join_path');
    expect(classify('what connects orders and customers?')).toBe('join_path');
    expect(classify('which tables reference customers?')).toBe('references');
    const p = s.project;
    expect(resolveSubject(p, 'how are customers linked to order_items?', undefined, undefined).nodes.map((n) => n.name)).toEqual(['customers', 'shop.order_items']);
    // a table named like the request's verb (OpenDental has a `document` table) is not what it asks about
    const dir = copyProject(EXAMPLE);
    mkdirSync(join(dir, 'seeds'), { recursive: true });
    writeFileSync(join(dir, 'seeds', 'document.csv'), 'document_id,title\n1,a\n');
    const q = AssistantSession.open(dir).project;
    expect(q.seeds.map((n) => n.name)).toContain('document');
    expect(resolveSubject(q, 'document the columns of orders', undefined, undefined).nodes.map((n) => n.name)).toEqual(['orders']);
    expect(resolveSubject(q, 'which columns of document are untested?', undefined, undefined).nodes.map((n) => n.name)).toEqual(['document']);
  });
});

// Most real projects declare few keys: on hubs-core-network "how do I join fact_orders and fact_interactions?"
// was answered "no declared key joins them", though its smart_qc model joins them on order_hubspot_deal_id.
describe('how two tables join where no key is declared (Local)', () => {
  const dir = copyProject(EXAMPLE);
  for (const f of ['models/marts/_marts.yml', 'models/staging/stripe/_stripe__models.yml', 'models/staging/shop/_shop__models.yml']) {
    const p = join(dir, f);
    const text = readFileSync(p, 'utf8');
    writeFileSync(p, text.replace(/\n(\s*)- relationships:\n(?:\1  .*\n)+/g, '\n'));
    expect(readFileSync(p, 'utf8')).not.toContain('relationships');
  }
  // orders.customer_id known from the SQL only
  const marts = join(dir, 'models/marts/_marts.yml');
  const before = readFileSync(marts, 'utf8');
  writeFileSync(marts, before.replace(/\n      - name: customer_id\n        description: The customer who placed the order\.\n/, '\n'));
  expect(readFileSync(marts, 'utf8')).not.toBe(before);
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('answers with the key the Conceptualizer infers and the joins the project\'s models write, each with its line', async () => {
    const r = await ask(s, { message: 'how are stg_shop__orders and stg_stripe__payments linked?' });
    const lines = r.answer.split('\n');
    expect(lines[0]).toMatch(/^No declared key joins `stg_shop__orders` and `stg_stripe__payments` within 3 steps: .*; the keys the Conceptualizer infers join them: `stg_stripe__payments\.order_id` → `stg_shop__orders\.order_id` \(inferred: .+, \d+ %\)\.$/);
    const written = lines.filter((l) => l.startsWith('- `'));
    expect(written).toContain('- `orders` joins them on `stg_shop__orders.order_id` = `stg_stripe__payments.order_id` (models/marts/orders.sql:9)');
    expect(readFileSync(join(dir, 'models/marts/orders.sql'), 'utf8').split('\n')[8]).toMatch(/on payments\.order_id = orders\.order_id/);
    expect(r.answer).toContain("join {{ ref('stg_stripe__payments') }} as t2 on t2.order_id = t1.order_id");
  });

  it('an inferred path through a table between names that table', async () => {
    const r = await ask(s, { message: 'how do I join stg_shop__order_items and stg_shop__customers?' });
    expect(r.answer.split('\n')[0]).toMatch(/; the keys the Conceptualizer infers join them through `stg_shop__orders`: `stg_shop__order_items\.order_id` → `stg_shop__orders\.order_id` \(inferred: .+\); `stg_shop__orders\.customer_id` → `stg_shop__customers\.customer_id` \(inferred: .+\)\.$/);
  });

  it('with no key inferred, the columns both have, also those only the SQL returns', async () => {
    const r = await ask(s, { message: 'how do I join orders and customers?' });
    expect(r.answer.split('\n')[0]).toBe('No declared key joins `orders` and `customers` within 3 steps: no relationships test, foreign_key or constraint connects them.');
    expect(r.answer).toContain('Both have `customer_id`, which may join them, but no test or constraint says so.');
  });
});
