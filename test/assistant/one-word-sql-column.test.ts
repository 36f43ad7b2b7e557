// A column whose name is one word and that only the model's SQL returns (data-inclusion's
// `int__structures_v1.siret`): "what breaks if I drop column siret from …" is answered by that
// column's lineage (its impact), as a name with an underscore is, not by the model's dependants. Without the
// word "column" beside it, a plain word stays what it says ("the source of orders").
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('a one-word column only the SQL returns, named as a column (Local)', () => {
  const dir = copyProject(EXAMPLE);
  const orders = join(dir, 'models', 'marts', 'orders.sql');
  writeFileSync(orders, readFileSync(orders, 'utf8').replace('    orders.status,\n', "    orders.status,\n    'web' as channel,\n"));
  writeFileSync(join(dir, 'models', 'marts', 'channel_mix.sql'), "select channel, count(*) as order_count from {{ ref('orders') }} group by 1\n");
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('"drop column channel from orders" follows the column, not the model', async () => {
    const r = await ask(s, { message: 'what breaks if I drop column channel from orders?' });
    expect(r.answer.split('\n')[0]).toBe('Dropping `orders.channel` breaks 1 column downstream (`channel_mix.channel` directly); 1 Interface covers them.');
    expect(r.answer).toContain('- channel_mix.channel (depth 1, passthrough, models/marts/channel_mix.sql:1)');
  });

  it('"the channel field of orders" too', async () => {
    const r = await ask(s, { message: 'where does the channel field of orders come from?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`orders\.channel` /);
  });

  it('a plain word not named as a column is not taken for one', async () => {
    const r = await ask(s, { message: 'what breaks if I change the channel of orders?' });
    expect(r.answer.split('\n')[0]).toMatch(/^2 models depend on `orders`/);
  });
});
