// A column named without its table, and a column the named table does not have (Local answers).
// On hubs-core-network "which models use hubspot_deal_id?" answered that nothing reads the copy in
// the one table picked for it, "what breaks if I drop hubspot_deal_id?" did not say which of seven
// tables it answered for, and "how is order_value_usd calculated in fact_orders?" (no such column)
// listed fact_orders' upstream models as if the question were about the table. On dental-clinic
// "what breaks if I drop column billed_amt from fact_claim?" listed the models that depend on
// fact_claim, and "how is billed_amt calculated in fact_claim?" said no column shares a word with
// billed_amt right after suggesting billed_amount.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('a column named alone, or one its table lacks', () => {
  const dir = copyProject(EXAMPLE);
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });
  const lineOf = (cite: string) => { const m = /^(.*):(\d+)$/.exec(cite)!; return readFileSync(join(dir, m[1]), 'utf8').split('\n')[Number(m[2]) - 1]; };

  it('"which models use <column>" lists the tables that have it, each cited where the column is', async () => {
    const r = await ask(s, { message: 'which models use customer_id?' });
    const lines = r.answer.split('\n');
    const n = Number(/^(\d+) tables have a column `customer_id`/.exec(lines[0])?.[1]);
    expect(n).toBeGreaterThan(2);
    const bullets = lines.filter((l) => /^- \w+ \(/.test(l));
    expect(bullets).toHaveLength(Math.min(n, 12));
    for (const b of bullets) expect(lineOf(/\((.*)\)$/.exec(b)![1])).toMatch(/customer_id/);
  });

  it('"what breaks if I drop <column>" says which of the tables that have it was answered for', async () => {
    const r = await ask(s, { message: 'what breaks if I drop customer_id?' });
    expect(r.answer.split('\n')[0]).toMatch(/^Dropping `\w+\.customer_id` /);
    const table = /^Dropping `(\w+)\./.exec(r.answer)![1];
    expect(r.answer).toMatch(new RegExp(`\`customer_id\` is a column of \\d+ tables; this answer is about the one in \`${table}\` \\(the others: .+\\); name one as table\\.column for its own\\.`));
  });

  it('"how is <column> calculated in <table>" for a column the table lacks says so, with the closest columns', async () => {
    const r = await ask(s, { message: 'how is order_value_total calculated in orders?' });
    const [lead, , closest] = r.answer.split('\n');
    expect(lead).toMatch(/^`orders` has no column `order_value_total`: neither its YAML \(models\/marts\/_marts\.yml:\d+\) nor its SQL \(models\/marts\/orders\.sql\) names it/);
    expect(closest).toMatch(/^Columns of `orders` that share a word with `order_value_total`, the closest first: `order_id`/);
    expect(r.answer).not.toMatch(/is built from/);
  });

  for (const message of ['what breaks if I drop column order_value_total from orders?', 'what feeds order_value_total in orders?', 'what uses order_value_total in orders?']) {
    it(`a column the table lacks is said so whichever way the question reads: “${message}”`, async () => {
      const r = await ask(s, { message });
      expect(r.answer.split('\n')[0]).toMatch(/^`orders` has no column `order_value_total`: neither its YAML/);
      expect(r.answer).not.toMatch(/depends? on `orders`|is built from/);
    });
  }

  it('the column it suggests is not said to share no word with the name asked', async () => {
    const r = await ask(s, { message: 'how is amount_usd calculated in orders?' });
    expect(r.answer.split('\n')[0]).toMatch(/did you mean `orders\.amount`\?$/);
    expect(r.answer).not.toMatch(/none shares a word/);
    expect(r.answer).toMatch(/`orders` has \d+ columns; none but `amount` shares a word with `amount_usd`\./);
  });
});
