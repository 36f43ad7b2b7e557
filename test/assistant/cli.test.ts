// The CLI faces: `modeler ai search` prints the ranked sources the server's preview gives,
// `modeler ask` answers (Local without a key; a hosted kind with the key from its usual
// environment variable), usage errors exit 64 with one line, provider errors exit 1 with a code.
import { appendFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssistantSession, preview } from '../../src/api.js';
import { runCli, runCliAsync } from '../helpers/cli.js';
import { startFake, type FakeProvider } from './fake-providers.js';
import { allText, changed, copyProject, EXAMPLE, tree } from './helpers.js';

let fake: FakeProvider;
beforeAll(async () => { fake = await startFake('anthropic'); });
afterAll(async () => { await fake.close(); });

describe('modeler ai search', () => {
  it('prints [{kind, name, path, line, score}] — the same retrieval the server uses — and writes nothing', () => {
    const dir = copyProject(EXAMPLE);
    const before = tree(dir);
    const r = runCli(['ai', 'search', 'what does order status mean', '--project-dir', dir, '--limit', '5', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const rows = JSON.parse(r.stdout);
    expect(rows).toHaveLength(5);
    expect(Object.keys(rows[0]).sort()).toEqual(['kind', 'line', 'name', 'path', 'score']);
    expect(rows[0]).toMatchObject({ kind: 'doc_block', name: 'order_status', path: 'models/docs/_docs.md', line: 12 });
    const same = preview(AssistantSession.open(dir), { message: 'what does order status mean', limit: 5 }).sources.map((s) => `${s.kind}:${s.name}`);
    expect(rows.map((x: any) => `${x.kind}:${x.name}`)).toEqual(same);
    expect(changed(before, tree(dir))).toEqual([]);
    const text = runCli(['ai', 'search', 'lifetime value', '--project-dir', dir]);
    expect(text.stdout.split('\n')[0]).toMatch(/^\s+\d+\.\d  column\s+customers\.lifetime_value  models\/marts\/_marts\.yml:\d+$/);
  });

  it('--output-json and --output json, as every other command spells them, are --json here too (ask and ai search)', () => {
    const dir = copyProject(EXAMPLE);
    const want = JSON.parse(runCli(['ai', 'search', 'order status', '--project-dir', dir, '--limit', '3', '--json']).stdout);
    for (const flags of [['--output-json'], ['--output', 'json']]) {
      const r = runCli(['ai', 'search', 'order status', '--project-dir', dir, '--limit', '3', ...flags]);
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual(want);
      const a = runCli(['ask', 'how many models are there', '--project-dir', dir, ...flags]);
      expect(a.code, a.stderr).toBe(0);
      expect(JSON.parse(a.stdout).answer).toMatch(/models/);
    }
    expect(runCli(['ai', 'search', 'order status', '--project-dir', dir, '--output', 'text']).stdout).not.toMatch(/^\[/);
  });

  it('usage errors are one line with exit 64', () => {
    const r = runCli(['ai', 'search', 'x', '--project-dir', EXAMPLE, '--limit', 'many']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim()).toBe("modeler: --limit expects an integer, got 'many'");
    expect(runCli(['ai', 'search', 'x', '--project-dir', '/nonexistent/dir']).stderr.trim()).toBe('modeler: project directory not found: /nonexistent/dir');
    // the errors name what the user typed: a query, not a message
    const blank = runCli(['ai', 'search', '   ', '--project-dir', EXAMPLE]);
    expect([blank.code, blank.stderr.trim()]).toEqual([64, 'modeler: the query is empty; give words to search for, e.g. modeler ai search "order status"']);
    const long = runCli(['ai', 'search', 'x'.repeat(20_001), '--project-dir', EXAMPLE]);
    expect([long.code, long.stderr.trim()]).toEqual([64, 'modeler: query is 20001 characters; the limit is 20000']);
    // refused before the project is read (seconds on a big one): a folder that is no project is not even looked at
    const first = runCli(['ai', 'search', 'x'.repeat(20_001), '--project-dir', '/nonexistent/dir']);
    expect([first.code, first.stderr.trim()]).toEqual([64, 'modeler: query is 20001 characters; the limit is 20000']);
    const ask = runCli(['ask', 'x'.repeat(20_001), '--project-dir', '/nonexistent/dir']);
    expect([ask.code, ask.stderr.trim()]).toEqual([64, 'modeler: message is 20001 characters; the limit is 20000']);
  });
});

describe('modeler ask', () => {
  it('answers with the Local provider and lists sources, chat and modes', () => {
    const dir = copyProject(EXAMPLE);
    const r = runCli(['ask', 'which models feed customers?', '--project-dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^`customers` is built from the 3 models: `stg_shop__customers` \(models\/marts\/customers\.sql:2\), `stg_shop__orders` \(models\/marts\/customers\.sql:5\) and `stg_stripe__payments` \(models\/marts\/customers\.sql:8\)\./);
    expect(r.stdout).toMatch(/\nSources:\n  model customers — models\/marts\/_marts\.yml:4\n/);
    expect(r.stdout).toMatch(/\nchat [0-9a-f-]{36} · modes .* · local\n$/);
    const j = JSON.parse(runCli(['ask', 'add key tests to stg_stores', '--project-dir', dir, '--json']).stdout);
    expect(Object.keys(j).sort()).toEqual(['agent_run', 'answer', 'chatId', 'proposed_changes', 'requires_user_approval', 'review_plan', 'sources']);
  });

  it('says first that a property file does not read, on the first call and on one answered from the kept index', () => {
    const dir = copyProject(EXAMPLE);
    appendFileSync(join(dir, 'models', 'marts', '_marts.yml'), '  - name: x: y: [\n');
    for (let call = 0; call < 2; call++) {
      const r = runCli(['ask', 'what tests are on orders', '--project-dir', dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr.split('\n')[0], `call ${call}`).toMatch(/^modeler: warning: 1 problem\(s\) reading project files, so what those files declare is missing from this answer: models\/marts\/_marts\.yml:\d+:\d+ [^\n]*Fix them/);
    }
    expect(runCli(['ask', 'what tests are on orders', '--project-dir', copyProject(EXAMPLE)]).stderr).not.toContain('warning');
  });

  it('uses a hosted kind with the key from its environment variable, streams, and writes the key nowhere', async () => {
    const dir = copyProject(EXAMPLE);
    const key = 'sk-ant-cli-FAKE-0123456789';
    fake.received.length = 0;
    fake.reply = { object: { answer: 'customers is the customer dimension.', proposed_changes: [] } };
    const r = await runCliAsync(['ask', 'explain customers', '--project-dir', dir, '--provider', 'anthropic', '--model', 'claude-test'],
      { env: { ANTHROPIC_API_KEY: key, ANTHROPIC_BASE_URL: `${fake.url}/v1` } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.startsWith('customers is the customer dimension.\n')).toBe(true);
    expect(fake.received[0].headers['x-api-key']).toBe(key);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(allText(dir)).not.toContain(key);
  });

  it('provider errors exit 1 with the code; a missing key says which variable', async () => {
    const dir = copyProject(EXAMPLE);
    fake.reply = { status: 429, error: { type: 'error', error: { type: 'rate_limit_error', message: 'slow down' } } };
    const r = await runCliAsync(['ask', 'explain customers', '--project-dir', dir, '--provider', 'anthropic'],
      { env: { ANTHROPIC_API_KEY: 'sk-ant-x-1234', ANTHROPIC_BASE_URL: `${fake.url}/v1` } });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toMatch(/^modeler: AI_PROVIDER_RATE_LIMIT: anthropic is rate limiting requests \(HTTP 429\); wait and retry$/);
    const none = runCli(['ask', 'q', '--project-dir', dir, '--provider', 'openai'], { env: { OPENAI_API_KEY: '' } });
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe('modeler: AI_PROVIDER_NOT_CONFIGURED: openai needs an API key');
    expect(runCli(['ask', '--project-dir', dir]).code).toBe(64);
  });
});
