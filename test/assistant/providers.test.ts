// The four networked provider kinds, each against a local server speaking its documented wire
// format: the key goes in the provider's own header and nowhere else, the request carries the
// answer schema, streamed answers arrive in pieces, and failures map to clear codes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callModel, normalizeSettings, ProviderError, testProvider, type ProviderEndpoints, type ProviderSettings } from '../../src/assistant/providers/index.js';
import { startFake, type FakeProvider, type WireKind } from './fake-providers.js';

const REPLY = {
  answer: 'orders is the order fact (models/marts/_marts.yml:46).',
  proposed_changes: [{ op: 'patch_yaml', path: 'models/marts/_marts.yml', content: null,
    patch: [{ op: 'add', path: '/models/1/columns/2/data_tests', value_json: '["not_null"]' }], rationale: 'store_id is required', review_summary: 'not_null on orders.store_id' }],
};

interface Case { kind: ProviderSettings['kind']; wire: WireKind; key: string; settings: (f: FakeProvider) => ProviderSettings; endpoints: (f: FakeProvider) => ProviderEndpoints; path: RegExp; auth: (h: any) => string | undefined }
const CASES: Case[] = [
  { kind: 'openai', wire: 'openai', key: 'sk-test-openai-SECRET-1', settings: () => ({ kind: 'openai', model: 'gpt-test', apiKey: 'sk-test-openai-SECRET-1' }),
    endpoints: (f) => ({ openai: `${f.url}/v1` }), path: /^\/v1\/chat\/completions$/, auth: (h) => h.authorization },
  { kind: 'anthropic', wire: 'anthropic', key: 'sk-ant-test-SECRET-2', settings: () => ({ kind: 'anthropic', model: 'claude-test', apiKey: 'sk-ant-test-SECRET-2' }),
    endpoints: (f) => ({ anthropic: `${f.url}/v1` }), path: /^\/v1\/messages$/, auth: (h) => h['x-api-key'] },
  { kind: 'google', wire: 'google', key: 'AIza-test-SECRET-3', settings: () => ({ kind: 'google', model: 'gemini-test', apiKey: 'AIza-test-SECRET-3' }),
    endpoints: (f) => ({ google: `${f.url}/v1beta` }), path: /^\/v1beta\/models\/gemini-test:(generateContent|streamGenerateContent\?alt=sse)$/, auth: (h) => h['x-goog-api-key'] },
  { kind: 'openai-compatible', wire: 'openai', key: 'local-test-SECRET-4', settings: (f) => ({ kind: 'openai-compatible', model: 'llama-test', baseUrl: `${f.url}/v1`, apiKey: 'local-test-SECRET-4' }),
    endpoints: () => ({}), path: /^\/v1\/chat\/completions$/, auth: (h) => h.authorization },
];

const fakes = new Map<string, FakeProvider>();
beforeAll(async () => { for (const c of CASES) fakes.set(c.kind, await startFake(c.wire)); });
afterAll(async () => { for (const f of fakes.values()) await f.close(); });

describe.each(CASES)('provider $kind', (c) => {
  it('sends the key in its own header only, with the answer schema, and returns answer and changes', async () => {
    const f = fakes.get(c.kind)!;
    f.received.length = 0;
    f.reply = { object: REPLY };
    const out = await callModel(c.settings(f), 'system rules', [{ role: 'user', content: 'explain orders' }], { endpoints: c.endpoints(f), maxRetries: 0 });
    expect(out).toEqual(REPLY);
    expect(f.received).toHaveLength(1);
    const req = f.received[0];
    expect(req.url).toMatch(c.path);
    expect(req.url).not.toContain(c.key);
    expect(c.auth(req.headers)).toContain(c.key);
    // the key travels in that header only
    const elsewhere = JSON.stringify({ ...req.headers, authorization: undefined, 'x-api-key': undefined, 'x-goog-api-key': undefined }) + JSON.stringify(req.body);
    expect(elsewhere).not.toContain(c.key);
    const body = JSON.stringify(req.body);
    expect(body).toContain('explain orders');
    expect(body).toContain('proposed_changes'); // the output schema (or its JSON instruction) is sent
    if (c.kind === 'anthropic') expect(req.headers['anthropic-version']).toBeTruthy();
  });

  it('streams the answer in pieces and still returns the whole proposal', async () => {
    const f = fakes.get(c.kind)!;
    f.received.length = 0;
    f.reply = { object: REPLY };
    const deltas: string[] = [];
    const out = await callModel(c.settings(f), 'system rules', [{ role: 'user', content: 'explain orders' }], { endpoints: c.endpoints(f), maxRetries: 0, onDelta: (t) => deltas.push(t) });
    expect(out).toEqual(REPLY);
    expect(deltas.join('')).toBe(REPLY.answer);
    expect(deltas.length).toBeGreaterThan(1);
    if (c.wire !== 'google') expect(f.received[0].body.stream).toBe(true);
    else expect(f.received[0].url).toContain('streamGenerateContent');
  });

  it.each([[401, 'AI_PROVIDER_AUTH'], [403, 'AI_PROVIDER_AUTH'], [429, 'AI_PROVIDER_RATE_LIMIT'], [500, 'AI_PROVIDER_ERROR']])('maps HTTP %i to %s without echoing the key', async (status, code) => {
    const f = fakes.get(c.kind)!;
    f.reply = { status, error: { error: { message: `invalid key ${c.key}`, type: 'invalid_request_error' } } };
    const e = await callModel(c.settings(f), 's', [{ role: 'user', content: 'q' }], { endpoints: c.endpoints(f), maxRetries: 0 }).catch((x) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe(code);
    expect(e.message).not.toContain(c.key);
  });

  it('reports output that is not the answer schema as AI_PROVIDER_BAD_OUTPUT (no pretend answer)', async () => {
    const f = fakes.get(c.kind)!;
    f.reply = { rawText: c.wire === 'anthropic' ? JSON.stringify({ answer: 42 }) : 'Sure! Here is my answer without JSON.' };
    const e = await callModel(c.settings(f), 's', [{ role: 'user', content: 'q' }], { endpoints: c.endpoints(f), maxRetries: 0 }).catch((x) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe('AI_PROVIDER_BAD_OUTPUT');
  });

  it('settings/test checks the key with one small call and stores nothing', async () => {
    const f = fakes.get(c.kind)!;
    f.received.length = 0;
    f.reply = { rawText: 'OK' };
    const r = await testProvider(c.settings(f), c.endpoints(f));
    expect(r.ok).toBe(true);
    expect(f.received).toHaveLength(1);
  });
});

describe('provider settings', () => {
  it('an unreachable endpoint is AI_PROVIDER_UNREACHABLE', async () => {
    const e = await callModel({ kind: 'openai-compatible', model: 'm', baseUrl: 'http://127.0.0.1:9/v1' }, 's', [{ role: 'user', content: 'q' }], { maxRetries: 0 }).catch((x) => x);
    expect(e).toBeInstanceOf(ProviderError);
    expect(e.code).toBe('AI_PROVIDER_UNREACHABLE');
  });

  it('hosted kinds refuse a base URL from the request (keys only go to the provider\'s own endpoint)', () => {
    for (const kind of ['openai', 'anthropic', 'google']) {
      expect(() => normalizeSettings({ kind, apiKey: 'k', baseUrl: 'http://evil.example/v1' })).toThrow(/openai-compatible kind only/);
    }
  });

  it('names what is missing', () => {
    expect(() => normalizeSettings({ kind: 'openai' })).toThrow(/needs an API key/);
    expect(() => normalizeSettings({ kind: 'mystery' })).toThrow(/unknown provider kind 'mystery'/);
    expect(normalizeSettings(undefined)).toEqual({ kind: 'local' });
    expect(normalizeSettings({ kind: 'local', apiKey: 'ignored' })).toEqual({ kind: 'local' });
  });

  it('an openai-compatible base URL must be http(s) without credentials', async () => {
    for (const baseUrl of ['ftp://x/v1', 'http://user:pass@127.0.0.1/v1', 'not a url']) {
      const e = await callModel({ kind: 'openai-compatible', model: 'm', baseUrl }, 's', [{ role: 'user', content: 'q' }]).catch((x) => x);
      expect(e.code).toBe('AI_PROVIDER_NOT_CONFIGURED');
    }
  });
});
