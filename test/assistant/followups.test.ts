// Follow-ups keep their subject: a question that names nothing is about what the chat's last
// answer was about (a named table or the selected object wins over it); a question of a known
// kind whose subject cannot be found says so in one line, not with a card.
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('follow-ups (Local)', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE));

  it('"and what depends on it?" stays on the model the chat was about', async () => {
    const a = await ask(s, { message: 'what is the grain of stg_shop__orders?' });
    expect(a.answer).toMatch(/^`stg_shop__orders` is one row per /);
    const b = await ask(s, { message: 'and what depends on it?', chatId: a.chatId });
    expect(b.answer).toMatch(/^2 models depend on `stg_shop__orders`: `customers` \(models\/marts\/customers\.sql:5\) and `orders` \(models\/marts\/orders\.sql:8\)\./);
    expect(b.agent_run.subject).toEqual({ node: 'stg_shop__orders', resourceType: 'model' });
    const c = await ask(s, { message: 'who owns it?', chatId: a.chatId });
    expect(c.answer).toMatch(/^`stg_shop__orders` has no owner set/);
    // a table named in the question wins over the chat's subject, and becomes the new one
    const d = await ask(s, { message: 'who owns orders?', chatId: a.chatId });
    expect(d.answer).toMatch(/^`orders` is owned by `growth-analytics@jaffle\.shop`/);
    const e = await ask(s, { message: 'is it an Interface?', chatId: a.chatId });
    expect(e.answer).toMatch(/^`orders` is an Interface/);
  });

  it('the selected object is the subject of a question that names none', async () => {
    const r = await ask(s, { message: 'which models feed it?', context: { kind: 'model', name: 'rpt_daily_revenue' } });
    expect(r.answer).toMatch(/^`rpt_daily_revenue` is built from the model `orders` \(models\/marts\/rpt_daily_revenue\.sql:\d+\)\./);
    expect(r.sources[0].id).toBe('model:rpt_daily_revenue');
  });

  it('a known kind with no subject says so in one line and shows the closest facts', async () => {
    const r = await ask(s, { message: 'what is the grain?' });
    expect(r.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: name it, or select it first.');
    expect(r.answer).not.toMatch(/^\*\*|^\|/m);
  });

  // an object selected in the web UI that a rename or a delete has since taken away (seen on dental-clinic
  // with a renamed model): "name it, or select it first" asked for what the user had just done
  it('a selected object the project no longer has is said so, with the nearest name', async () => {
    const r = await ask(s, { message: 'which models feed it?', context: { kind: 'model', name: 'rpt_daily_revenu' } });
    expect(r.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: the selected model `rpt_daily_revenu` is not in the project (renamed or removed since it was selected?); did you mean `rpt_daily_revenue`?');
    const col = await ask(s, { message: 'where does it come from?', context: { kind: 'column', name: 'orders.amout' } });
    expect(col.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: the selected column `orders.amout` is not in the project (renamed or removed since it was selected?); did you mean `orders.amount`?');
    const c = await ask(s, { message: 'where does it come from?', context: { kind: 'column', name: 'zzz_gone.amount' } });
    expect(c.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: the selected column `zzz_gone.amount` is not in the project (renamed or removed since it was selected?).');
  });

  it('a table named with a column that no model, seed or snapshot bears is said so, not asked to be named', async () => {
    const r = await ask(s, { message: 'how is zzzz.col calculated?' });
    expect(r.answer.split('\n')[0]).toBe('I cannot tell which model this asks about: no model, source, seed or snapshot is named `zzzz`.');
  });
});
