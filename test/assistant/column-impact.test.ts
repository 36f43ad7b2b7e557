// "What breaks if I drop column X from T?" is answered as `modeler lineage --impact` answers it:
// every column downstream (any depth), the tests on them, the enforced contracts and the models
// whose joins read them — data-inclusion's `int__structures_v1.siret` was answered with the one
// column it feeds, leaving out the contract and the test on `marts__structures_v1.siret`.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { runCli } from '../helpers/cli.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('what breaks if a column is dropped (Local)', () => {
  const dir = copyProject(EXAMPLE);
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('lists every column downstream, the tests on them and the joins that read them, as lineage --impact does', async () => {
    const r = await ask(s, { message: 'what breaks if I drop column customer_id from stg_shop__orders?' });
    const cli = runCli(['lineage', '--impact', 'stg_shop__orders.customer_id', '--project-dir', dir, '--output-json']);
    expect(cli.code, cli.stderr).toBe(0);
    const impact = JSON.parse(cli.stdout);
    const lines = r.answer.split('\n');
    expect([impact.columns.length, impact.tests.length, impact.interfaces.length]).toEqual([1, 3, 1]);
    expect(lines[0]).toBe('Dropping `stg_shop__orders.customer_id` breaks 1 column downstream (`orders.customer_id` directly); 3 tests and 1 Interface cover them; the rows of 1 model change, as a join or filter reads them.');
    for (const c of impact.columns) expect(lines).toContain(`- ${c.node}.${c.column} (depth ${c.depth}, ${c.kind}, ${c.file}:${c.line})`);
    for (const t of impact.tests) expect(lines).toContain(`- ${t.node}.${t.column}: ${t.test} (${t.file}:${t.line})`);
    for (const w of impact.rows) expect(lines).toContain(`- ${w.node}: its ${w.as} reads ${w.column} (${w.file}:${w.line})`);
  });

  it('"what feeds" keeps answering with the columns one step down', async () => {
    const r = await ask(s, { message: 'what does stg_shop__orders.customer_id feed?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`stg_shop__orders\.customer_id` feeds /);
  });

  // a model that joins on the column and filters on it was listed twice, once for each
  it("names a model whose join and filter both read the column once, in the answer and in lineage --impact", async () => {
    const d = copyProject(EXAMPLE);
    writeFileSync(join(d, 'models/marts/order_names.sql'), "select o.order_id, c.first_name from {{ ref('orders') }} o join {{ ref('customers') }} c on o.customer_id = c.customer_id where o.customer_id is not null\n");
    const r = await ask(AssistantSession.open(d), { message: 'what breaks if I drop column customer_id from orders?' });
    expect(r.answer.split('\n').filter((l) => l.startsWith('- order_names:'))).toEqual(['- order_names: its join and filter read orders.customer_id (models/marts/order_names.sql:1)']);
    const cli = runCli(['lineage', '--impact', 'orders.customer_id', '--project-dir', d]);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.split('\n').filter((l) => l.includes('order_names:'))).toEqual(['  rows      order_names: its join and filter read orders.customer_id  models/marts/order_names.sql:1']);
  });
});

