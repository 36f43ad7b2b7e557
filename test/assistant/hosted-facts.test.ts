// A hosted model gets the facts the Local engine found: the request it receives carries the
// question's kind, its resolved subject (a follow-up's subject from the chat) and the lead with
// its file:line, so a hosted answer is at least as grounded as the Local one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { startFake, type FakeProvider } from './fake-providers.js';
import { copyProject, EXAMPLE } from './helpers.js';

let f: FakeProvider;
beforeAll(async () => { f = await startFake('openai'); });
afterAll(async () => { await f.close(); });

describe('hosted providers get the Local facts', () => {
  const s = AssistantSession.open(copyProject(EXAMPLE), {}, { endpoints: { openai: '' } });
  const provider = () => ({ kind: 'openai-compatible', model: 'test', baseUrl: `${f.url}/v1`, apiKey: 'k' });
  const lastUser = () => {
    const msgs = f.received.at(-1)!.body.messages as { role: string; content: any }[];
    const u = msgs.filter((m) => m.role === 'user').at(-1)!;
    return typeof u.content === 'string' ? u.content : JSON.stringify(u.content);
  };

  it('carries the kind, the subject and the fact with its file:line; a follow-up keeps the subject', async () => {
    f.reply = { object: { answer: 'orders is one row per order.', proposed_changes: [] } };
    const first = await ask(s, { message: 'what is the grain of orders?', provider: provider() }, { maxRetries: 0 });
    const sent = lastUser();
    expect(sent).toContain('Question kind: grain');
    expect(sent).toContain('Subject: model orders (models/marts/_marts.yml:46)');
    expect(sent).toContain('its key `order_id` is tested unique and not null (models/marts/_marts.yml:61)');
    expect(first.agent_run.subject).toEqual({ node: 'orders', resourceType: 'model' });

    f.reply = { object: { answer: 'rpt_daily_revenue.', proposed_changes: [] } };
    await ask(s, { message: 'and what depends on it?', provider: provider(), chatId: first.chatId }, { maxRetries: 0 });
    const again = lastUser();
    expect(again).toContain('Question kind: downstream');
    expect(again).toContain('Subject: model orders (models/marts/_marts.yml:46) (from the previous answer in this chat)');
    expect(again).toContain('`rpt_daily_revenue` (models/marts/rpt_daily_revenue.sql:');
  });
});
