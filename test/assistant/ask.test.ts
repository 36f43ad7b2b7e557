// Ask end to end: it writes only chat history and memory under .modeler/agent/ (proposals are
// never applied), a provider key appears in no file and no result, changes a model proposes are
// validated (an invalid one is returned blocked with its reason), chats continue, standing
// rules are remembered and used, and the deterministic agents run when named.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ask, preview } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { startFake, type FakeProvider } from './fake-providers.js';
import { allText, changed, copyProject, EXAMPLE, tree } from './helpers.js';

const KEY = 'sk-fake-KEY-must-never-be-written-9f8e7d';
let fake: FakeProvider;
beforeAll(async () => { fake = await startFake('openai'); });
afterAll(async () => { await fake.close(); });
const openai = { kind: 'openai', model: 'gpt-test', apiKey: KEY };

describe('ask writes only chat history and memory', () => {
  it('local answers, proposals and agent runs leave every project file as it was', async () => {
    const dir = copyProject(EXAMPLE);
    const before = tree(dir);
    const s = AssistantSession.open(dir);
    await ask(s, { message: 'explain the orders model' });
    const proposed = await ask(s, { message: 'add key tests to stg_stores and classify sensitive columns of stg_stripe__customers' });
    expect(proposed.proposed_changes.length).toBeGreaterThan(0);
    const agent = await ask(s, { message: 'conceptualize the project' });
    expect(agent.agent_run.agent).toBe('conceptualize');
    expect(agent.proposed_changes).toMatchObject([{ op: 'create_file', path: 'Modeler/conceptual/jaffle_shop.diagram.yaml', valid: true }]);
    await ask(s, { message: 'We call customers shoppers.' });
    expect(changed(before, tree(dir))).toEqual(['.modeler/.gitignore', '.modeler/agent/chats.json', '.modeler/agent/memory.json']);
  });

  it('a hosted provider run with a fake key: the key is in no file under the project and in no result', async () => {
    const dir = copyProject(EXAMPLE);
    const before = tree(dir);
    const s = new AssistantSession(AssistantSession.open(dir).project, { endpoints: { openai: `${fake.url}/v1` } });
    fake.reply = { object: { answer: 'orders is the order fact.', proposed_changes: [] } };
    const r = await ask(s, { message: 'explain orders', provider: openai }, { maxRetries: 0 });
    expect(r.answer).toBe('orders is the order fact.');
    expect(r.agent_run.provider).toEqual({ kind: 'openai', model: 'gpt-test' });
    fake.reply = { status: 401, error: { error: { message: `Incorrect API key provided: ${KEY}` } } };
    const e = await ask(s, { message: 'explain orders', provider: openai }, { maxRetries: 0 }).catch((x) => x);
    expect(e.code).toBe('AI_PROVIDER_AUTH');
    expect(String(e.message) + String(e.stack)).not.toContain(KEY);
    expect(JSON.stringify(r)).not.toContain(KEY);
    expect(changed(before, tree(dir))).toEqual(['.modeler/.gitignore', '.modeler/agent/chats.json']);
    expect(allText(dir)).not.toContain(KEY);
    expect(allText(dir)).not.toContain(KEY.slice(0, 20));
  });
});

describe('changes a model proposes', () => {
  it('are validated; an invalid one is returned blocked with its reason, never dropped', async () => {
    const dir = copyProject(EXAMPLE);
    const s = new AssistantSession(AssistantSession.open(dir).project, { endpoints: { openai: `${fake.url}/v1` } });
    fake.reply = { object: { answer: 'Here are three changes.', proposed_changes: [
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', content: null, patch: [{ op: 'replace', path: '/models/1/columns/4/description', value_json: '"Order state."' }], rationale: 'clearer', review_summary: 'reword orders.status' },
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', content: null, patch: [{ op: 'add', path: '/models/1/columns/2/data_tests', value_json: '["not_null"]' }], rationale: 'store is required', review_summary: 'not_null on orders.store_id' },
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', content: null, patch: [{ op: 'add', path: '/models/1/columns/3/data_tests', value_json: 'not json' }], rationale: 'x', review_summary: 'broken value' },
      { op: 'create_file', path: '../escape.yml', content: 'a: 1\n', patch: null, rationale: 'x', review_summary: 'outside' },
    ] } };
    const r = await ask(s, { message: 'improve orders', provider: openai }, { maxRetries: 0 });
    expect(r.proposed_changes.map((c) => [c.review_summary, c.valid, c.blocked?.code])).toEqual([
      ['reword orders.status', false, 'DOC_BLOCK_OVERWRITE'],
      ['not_null on orders.store_id', true, undefined],
      ['outside', false, 'PATH_ESCAPE'],
      ['broken value', false, 'PROPOSAL_INVALID'],
    ]);
    expect(r.proposed_changes[0].validation_impact).toMatch(/^blocked: DOC_BLOCK_OVERWRITE — .*order_status/);
    expect(r.requires_user_approval).toBe(true);
    expect(r.review_plan.summary).toBe('4 change(s): 1 ready to apply after review, 3 blocked by validation. Nothing is written until you apply.');
    expect(readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8')).toBe(readFileSync(join(EXAMPLE, 'models/marts/_marts.yml'), 'utf8'));
  });
});

describe('chats, memory and streaming', () => {
  it('a chat continues with its history, and keeps every part of each answer', async () => {
    const dir = copyProject(EXAMPLE);
    const s = new AssistantSession(AssistantSession.open(dir).project, { endpoints: { openai: `${fake.url}/v1` } });
    const first = await ask(s, { message: 'explain the customers model' });
    fake.received.length = 0;
    fake.reply = { object: { answer: 'It has five columns.', proposed_changes: [] } };
    const second = await ask(s, { message: 'how many columns does it have?', chatId: first.chatId, provider: openai }, { maxRetries: 0 });
    expect(second.chatId).toBe(first.chatId);
    expect(JSON.stringify(fake.received[0].body.messages)).toContain('explain the customers model');
    const chat = s.chats.get(first.chatId);
    expect(chat.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    const stored = chat.messages[1].result as any;
    for (const k of ['answer', 'sources', 'agent_run', 'proposed_changes', 'review_plan']) expect(stored).toHaveProperty(k);
    // the answer once (the entry's content, given back on reading), not the whole retrieval again
    expect(stored.answer).toBe(chat.messages[1].content);
    expect(stored.sources.length).toBeLessThanOrEqual(8);
    expect(stored.agent_run.retrieval_pipeline).toEqual([]);
  });

  it('a stated rule is acknowledged, remembered with its chat, and used for a related question', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const r = await ask(s, { message: 'Always document money columns in dollars with decimal(18,2).' });
    expect(r.answer).toMatch(/^I will remember this rule/);
    expect(r.agent_run.memory.added).toHaveLength(1);
    expect(s.listMemory()[0].chatIds).toEqual([r.chatId]);
    const q = await ask(s, { message: 'how should money columns be typed?' });
    expect(q.agent_run.memory.used.map((m) => m.text)).toEqual(['Always document money columns in dollars with decimal(18,2).']);
    expect(q.agent_run.memory.added).toEqual([]);
    s.deleteMemory(s.listMemory()[0].id);
    expect((await ask(s, { message: 'how should money columns be typed?' })).agent_run.memory.used).toEqual([]);
  });

  it('streams the answer; the preview gives the same sources without writing anything', async () => {
    const dir = copyProject(EXAMPLE);
    const s = AssistantSession.open(dir);
    const before = tree(dir);
    const pv = preview(s, { message: 'what does order status mean' });
    expect(changed(before, tree(dir))).toEqual([]);
    const deltas: string[] = [];
    const r = await ask(s, { message: 'what does order status mean' }, { onDelta: (t) => deltas.push(t) });
    expect(deltas.join('')).toBe(r.answer);
    expect(r.sources.map((x) => x.id)).toEqual(pv.sources.map((x) => x.id));
  });

  it('refuses an empty or oversized message as a usage error', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    await expect(ask(s, { message: '   ' })).rejects.toThrow(/message is required/);
    await expect(ask(s, { message: 'x'.repeat(20_001) })).rejects.toThrow(/the limit is 20000/);
  });
});
