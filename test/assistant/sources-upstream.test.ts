// "What sources feed X?" is every source table upstream of X, at any depth, and the seeds too:
// a model that refs a staging model (one source) and a mart (three sources, a level further up)
// is fed by all four. The answer once stopped at the nearest level that read any source, and told
// Meltano's fact_plugin_usage it was fed by snowplow.events alone (it reads seven, and two seeds).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject } from './helpers.js';

describe('what sources feed a model (Local)', () => {
  const dir = copyProject();
  // stg_stores reads inventory.stores; customers reads shop.customers, shop.orders and stripe.payments
  // one level further up; a seed read through ref() is data dbt loads, so it is named too
  writeFileSync(join(dir, 'models', 'marts', 'store_customers.sql'),
    "select s.store_id, c.customer_id, r.region from {{ ref('stg_stores') }} s cross join {{ ref('customers') }} c left join {{ ref('store_regions') }} r on r.store_id = s.store_id\n");
  mkdirSync(join(dir, 'seeds'), { recursive: true });
  writeFileSync(join(dir, 'seeds', 'store_regions.csv'), 'store_id,region\n1,north\n');
  const s = AssistantSession.open(dir);

  it('names every source table upstream, at any depth, and the seeds', async () => {
    const r = await ask(s, { message: 'what sources feed store_customers?' });
    const lead = r.answer.split('\n')[0];
    expect(lead).toMatch(/^`store_customers` is fed by the 4 source tables /);
    for (const src of ['inventory.stores', 'shop.customers', 'shop.orders', 'stripe.payments']) expect(lead).toContain(`\`${src}\``);
    expect(lead).toContain('through `stg_stores`, `stg_shop__customers`, `stg_shop__orders` and `stg_stripe__payments`.');
    expect(lead).toMatch(/It also reads the seed `store_regions`, loaded by dbt from the project's CSV files\.$/);
  });

  it('a model that reads its sources itself is still answered with those alone', async () => {
    const r = await ask(s, { message: 'what sources feed stg_stores?' });
    expect(r.answer.split('\n')[0]).toBe('`stg_stores` is fed by the source table `inventory.stores` (models/staging/inventory/stg_stores.sql:5).');
  });
});
