// The /api/ai/* routes through a real socket: ask answers (and streams) while writing only chat
// history and memory; a change it proposes reaches disk only through /api/ai/proposals/apply,
// after which the index answers from the new file; a fake provider key is in no file, no reply
// and no server log; chats, memory, skills, providers and settings/test behave as documented.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { req, startTestServer, type TestServer } from '../server/helpers.js';
import { startFake, type FakeProvider } from './fake-providers.js';
import { allText, changed, tree } from './helpers.js';

const KEY = 'sk-server-FAKE-key-never-written-0123';
let s: TestServer;
let fake: FakeProvider;
const openai = { kind: 'openai', model: 'gpt-test', apiKey: KEY };

beforeAll(async () => {
  fake = await startFake('openai');
  s = await startTestServer({ env: { OPENAI_BASE_URL: `${fake.url}/v1` } });
});
afterAll(async () => { await s.close(); await fake.close(); });

/** POST with Accept: text/event-stream; the events in order. */
async function sse(path: string, body: unknown): Promise<{ event: string; data: any }[]> {
  const r = await req(s.port, 'POST', path, { body, headers: { accept: 'text/event-stream' } });
  expect(r.status).toBe(200);
  expect(String(r.headers['content-type'])).toMatch(/^text\/event-stream/);
  return r.text.split('\n\n').filter(Boolean).map((block) => {
    const event = /^event: (.*)$/m.exec(block)![1];
    return { event, data: JSON.parse(/^data: (.*)$/m.exec(block)![1]) };
  });
}

describe('POST /api/ai/ask', () => {
  it('answers from the index (Local) and writes only chat history and memory', async () => {
    const before = tree(s.root);
    const r = await req(s.port, 'POST', '/api/ai/ask', { body: { projectId: s.id, message: 'explain the orders model' } });
    expect(r.status).toBe(200);
    expect(Object.keys(r.json).sort()).toEqual(['agent_run', 'answer', 'chatId', 'proposed_changes', 'requires_user_approval', 'review_plan', 'sources']);
    expect(r.json.answer).toContain('Lineage: upstream stg_shop__orders, stg_stripe__payments; downstream rpt_daily_revenue.');
    expect(r.json.sources[0]).toMatchObject({ kind: 'model', name: 'orders', path: 'models/marts/_marts.yml', line: 46 });
    expect(r.json.agent_run.retrieval_pipeline.map((x: any) => x.stage)).toEqual(['selected_object', 'structured_lookup', 'lexical_search', 'graph_expansion', 'validation_findings', 'skills', 'memory']);
    const p = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'add key tests to stg_stores and classify the e-mail of stg_stripe__customers' } });
    expect(p.json.requires_user_approval).toBe(true);
    await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'Never use select * in marts.' } });
    expect(changed(before, tree(s.root))).toEqual(['.modeler/.gitignore', '.modeler/agent/chats.json', '.modeler/agent/memory.json']);
  });

  it('streams the answer as server-sent events, then the whole result', async () => {
    fake.reply = { object: { answer: 'The orders model is the order fact, one row per order.', proposed_changes: [] } };
    const events = await sse('/api/ai/ask', { message: 'explain orders', provider: openai });
    expect(events.at(-1)!.event).toBe('result');
    const deltas = events.filter((e) => e.event === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.map((d) => d.data.text).join('')).toBe('The orders model is the order fact, one row per order.');
    expect(events.at(-1)!.data.answer).toBe('The orders model is the order fact, one row per order.');
    const err = await sse('/api/ai/ask', { message: 'x', provider: { kind: 'openai', model: 'm' } });
    expect(err).toEqual([{ event: 'error', data: { status: 400, error: { code: 'AI_PROVIDER_NOT_CONFIGURED', message: 'openai needs an API key' } } }]);
  });

  it('a proposed change is validated like any proposal and reaches disk only through /api/ai/proposals/apply; the index follows', async () => {
    const file = 'models/staging/inventory/_inventory.yml';
    fake.reply = { object: { answer: 'Two changes.', proposed_changes: [
      { op: 'patch_yaml', path: file, content: null, patch: [{ op: 'add', path: '/models/0/columns/1/description', value_json: '"Zebra-striped storefront name shown on receipts."' }], rationale: 'describe it', review_summary: 'describe stg_stores.store_name' },
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', content: null, patch: [{ op: 'replace', path: '/models/1/columns/4/description', value_json: '"Order state."' }], rationale: 'shorter', review_summary: 'reword orders.status' },
    ] } };
    const before = readFileSync(join(s.root, file), 'utf8');
    const r = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'describe the store columns', provider: openai } });
    expect(r.status).toBe(200);
    expect(r.json.proposed_changes.map((c: any) => [c.valid, c.blocked?.code])).toEqual([[true, undefined], [false, 'DOC_BLOCK_OVERWRITE']]);
    expect(readFileSync(join(s.root, file), 'utf8')).toBe(before);
    const nothing = await req(s.port, 'POST', '/api/ai/context/preview', { body: { message: 'zebra striped storefront' } });
    expect(nothing.json.sources.map((x: any) => x.name)).not.toContain('stg_stores.store_name');
    // what ask returned goes back as it is, verdict included (the server ignores review fields)
    const change = r.json.proposed_changes[0];
    expect(change).toMatchObject({ valid: true, base_etag: expect.any(String), patch: [{ anchor: 'models[name=stg_stores].columns[name=store_name].description' }] });
    const apply = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: [change] } });
    expect(apply.status).toBe(200);
    expect(apply.json.written).toEqual([file]);
    const found = await req(s.port, 'POST', '/api/ai/context/preview', { body: { message: 'zebra striped storefront' } });
    expect(found.json.sources[0]).toMatchObject({ kind: 'column', name: 'stg_stores.store_name', path: file });
  });

  it('a file edited on disk is re-indexed when the session announces it', async () => {
    const file = 'models/staging/shop/_shop__models.yml';
    writeFileSync(join(s.root, file), readFileSync(join(s.root, file), 'utf8').replace('Jaffle or beverage.', 'Jaffle, beverage or platypus plushie.'));
    s.session.refresh('files_changed', [file]);
    const r = await req(s.port, 'POST', '/api/ai/context/preview', { body: { message: 'platypus plushie' } });
    expect(r.json.sources[0]).toMatchObject({ kind: 'column', name: 'stg_shop__products.product_type' });
  });

  it('maps provider failures and bad requests to their codes', async () => {
    fake.reply = { status: 401, error: { error: { message: `Incorrect API key provided: ${KEY}` } } };
    const auth = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'explain orders', provider: openai } });
    expect([auth.status, auth.json.error.code]).toEqual([401, 'AI_PROVIDER_AUTH']);
    fake.reply = { status: 429 };
    expect((await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'q', provider: openai } })).json.error.code).toBe('AI_PROVIDER_RATE_LIMIT');
    const url = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'q', provider: { ...openai, baseUrl: 'http://attacker.example/v1' } } });
    expect([url.status, url.json.error.code]).toEqual([400, 'AI_PROVIDER_UNSUPPORTED']);
    expect((await req(s.port, 'POST', '/api/ai/ask', { body: { message: '' } })).json.error.code).toBe('BAD_REQUEST');
    expect((await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'q', projectId: 'p_other' } })).status).toBe(404);
  });
});

describe('chats, memory, skills, providers, settings, index', () => {
  it('a damaged chats.json or memory.json is refused (409 AI_STATE_INVALID) before the provider is called, and left as it was', async () => {
    const dir = join(s.root, '.modeler', 'agent');
    const { mkdirSync, existsSync, rmSync } = await import('node:fs');
    mkdirSync(dir, { recursive: true });
    for (const [file, message] of [['chats.json', 'explain orders'], ['memory.json', 'Always add unique tests to primary keys.']] as const) {
      const path = join(dir, file);
      const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
      writeFileSync(path, '{"chats": [ not json');
      fake.reply = { object: { answer: 'paid for', proposed_changes: [] } };
      const calls = fake.received.length;
      const r = await req(s.port, 'POST', '/api/ai/ask', { body: { message, provider: openai } });
      expect([r.status, r.json.error.code], r.text).toEqual([409, 'AI_STATE_INVALID']);
      expect(r.json.error.message).toContain(`.modeler/agent/${file} is not valid JSON`);
      expect(fake.received.length, 'no provider call was made').toBe(calls);
      expect(readFileSync(path, 'utf8')).toBe('{"chats": [ not json');
      if (before === undefined) rmSync(path); else writeFileSync(path, before);
    }
  });

  it('lists and reads chats; a chat id that does not exist is a 404', async () => {
    const created = await req(s.port, 'POST', '/api/ai/chats', { body: { title: 'Modeling review' } });
    expect(created.status).toBe(201);
    const asked = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'what does order status mean', chatId: created.json.id } });
    expect(asked.json.chatId).toBe(created.json.id);
    const list = await req(s.port, 'GET', '/api/ai/chats');
    expect(list.json.chats[0]).toMatchObject({ id: created.json.id, title: 'Modeling review', messages: 2 });
    const chat = await req(s.port, 'GET', `/api/ai/chats/${created.json.id}`);
    expect(chat.json.messages[1].result.sources[0]).toMatchObject({ name: 'order_status' });
    const missing = await req(s.port, 'GET', '/api/ai/chats/nope');
    expect([missing.status, missing.json.error.code]).toEqual([404, 'CHAT_NOT_FOUND']);
    const unknown = await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'what does order status mean', chatId: 'nope' } });
    expect([unknown.status, unknown.json.error.code]).toEqual([404, 'CHAT_NOT_FOUND']);
    // each answer is stored once (as the entry's content), with its first sources, not the whole retrieval again
    const stored = JSON.parse(readFileSync(join(s.root, '.modeler/agent/chats.json'), 'utf8')).chats.find((c: any) => c.id === created.json.id);
    const entry = stored.messages[1];
    expect(entry.content).toBe(asked.json.answer);
    expect(entry.result.answer).toBeUndefined();
    expect(entry.result.sources.length).toBeLessThanOrEqual(8);
    expect(asked.json.sources.length).toBeGreaterThan(8);
    expect(JSON.stringify(entry).length).toBeLessThan(3000);
    expect(chat.json.messages[1].result.answer).toBe(asked.json.answer);
    const del = await req(s.port, 'DELETE', `/api/ai/chats/${created.json.id}`, { body: {} });
    expect([del.status, del.json.deleted.id]).toEqual([200, created.json.id]);
    expect((await req(s.port, 'GET', `/api/ai/chats/${created.json.id}`)).status).toBe(404);
    expect((await req(s.port, 'DELETE', `/api/ai/chats/${created.json.id}`, { body: {} })).status).toBe(404);
  });

  it('lists and deletes memory', async () => {
    await req(s.port, 'POST', '/api/ai/ask', { body: { message: 'We call stores shops.' } });
    const list = await req(s.port, 'GET', '/api/ai/memory');
    const m = list.json.memories.find((x: any) => x.text === 'We call stores shops.');
    expect(m.chatIds).toHaveLength(1);
    const del = await req(s.port, 'DELETE', `/api/ai/memory/${m.id}`, { body: {} });
    expect(del.json.deleted.id).toBe(m.id);
    expect((await req(s.port, 'GET', '/api/ai/memory')).json.memories.map((x: any) => x.id)).not.toContain(m.id);
    expect((await req(s.port, 'DELETE', `/api/ai/memory/${m.id}`, { body: {} })).json.error.code).toBe('MEMORY_NOT_FOUND');
  });

  it('skills, providers, settings/test (stores nothing) and index rebuild', async () => {
    const skills = await req(s.port, 'GET', '/api/ai/skills');
    expect(skills.json.skills.map((x: any) => x.name)).toEqual(['interface-readiness', 'naming-conventions']);
    expect(skills.json.diagnostics).toEqual([]);
    const providers = await req(s.port, 'GET', '/api/ai/providers');
    expect(providers.json.providers.map((p: any) => p.kind)).toEqual(['local', 'openai', 'anthropic', 'google', 'openai-compatible']);
    const before = tree(s.root);
    fake.received.length = 0;
    fake.reply = { rawText: 'OK' };
    const ok = await req(s.port, 'POST', '/api/ai/settings/test', { body: { provider: openai } });
    expect(ok.json).toEqual({ ok: true, kind: 'openai', model: 'gpt-test' });
    expect(fake.received[0].headers.authorization).toBe(`Bearer ${KEY}`);
    fake.reply = { status: 401 };
    expect((await req(s.port, 'POST', '/api/ai/settings/test', { body: { provider: openai } })).json.error.code).toBe('AI_PROVIDER_AUTH');
    expect(changed(before, tree(s.root))).toEqual([]);
    const rebuilt = await req(s.port, 'POST', '/api/ai/index/rebuild', { body: { projectId: s.id } });
    expect(rebuilt.json.records).toBeGreaterThan(100);
    expect(changed(before, tree(s.root))).toEqual([]); // no index is written into the project
  });

  it('after all of it, the fake key is in no file under the project and in no server log line', () => {
    expect(allText(s.root)).not.toContain(KEY);
    expect(s.logs.join('\n')).not.toContain(KEY);
    expect(s.logs.join('\n')).not.toContain(KEY.slice(0, 16));
  });
});
