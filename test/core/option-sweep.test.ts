// No face leaks an option marker (issue 21): for every code of src/codes.ts, a message naming
// every input the core names through opt() leaves each face in that face's words — the CLI as
// flags (--min-score), HTTP and MCP as request keys (min_score), the web UI as field labels
// (min score) — as an error and inside a successful answer; `{opt:` is never seen. Then the real
// messages that once leaked: readiness over HTTP and MCP, the Canonicalizer's note.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../src/codes.js';
import { AssistantSession, opt, optionName, UserError } from '../../src/api.js';
import { liveTools } from '../../src/assistant/mcp.js';
import { reportError } from '../../src/cli/io.js';
import { REPO, runCli } from '../helpers/cli.js';
import { req, startTestServer, type TestServer } from '../server/helpers.js';

/** Every input name the core's messages name through opt('…'). */
function optionNames(dir = join(REPO, 'src')): string[] {
  const out = new Set<string>();
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile() || !e.name.endsWith('.ts')) continue;
    for (const m of readFileSync(join(e.parentPath, e.name), 'utf8').matchAll(/\bopt\('([a-z][a-z0-9_]*)'\)/g)) out.add(m[1]);
  }
  return [...out].sort();
}

const NAMES = optionNames();
const template = (code: string, meaning: string) => `${code}: ${meaning} (${NAMES.map(opt).join(', ')})`;
const spelled = (style: 'flag' | 'param' | 'label') => NAMES.map((n) => optionName(n, style)).join(', ');

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ setup: (app) => {
    // a route that fails, or answers, with the message of one code
    app.get('/api/test/sweep', async (r) => {
      const { code, fail } = r.query as { code: string; fail?: string };
      const info = ALL_CODES.find((c) => c.code === code)!;
      if (fail) throw new UserError(template(code, info.meaning), 1, code);
      return { notes: [template(code, info.meaning)] };
    });
  } });
});
afterAll(async () => { await s?.close(); });

describe('every code\'s message through every face', () => {
  it(`names ${NAMES.length} inputs (the core's opt() markers)`, () => {
    expect(NAMES).toEqual(expect.arrayContaining(['min_score', 'min_recurrence', 'project_dir', 'base_ref', 'dialect']));
  });

  it('the CLI prints flags', () => {
    const written: string[] = [];
    const write = process.stderr.write;
    process.stderr.write = ((t: string) => { written.push(String(t)); return true; }) as any;
    try { for (const c of ALL_CODES) reportError(new UserError(template(c.code, c.meaning), 1, c.code)); } finally { process.stderr.write = write; }
    expect(written).toHaveLength(ALL_CODES.length);
    for (const w of written) { expect(w).not.toContain('{opt:'); expect(w).toContain(spelled('flag')); }
  });

  it('HTTP answers request keys, the web UI (X-Modeler-Option-Style: label) field labels, in errors and in answers', async () => {
    for (const c of ALL_CODES) {
      for (const [headers, style] of [[{}, 'param'], [{ 'x-modeler-option-style': 'label' }, 'label']] as const) {
        const bad = await req(s.port, 'GET', `/api/test/sweep?code=${encodeURIComponent(c.code)}&fail=1`, { headers });
        expect(bad.text, c.code).not.toContain('{opt:');
        expect(bad.json.error.message).toContain(spelled(style));
        const ok = await req(s.port, 'GET', `/api/test/sweep?code=${encodeURIComponent(c.code)}`, { headers });
        expect(ok.text, c.code).not.toContain('{opt:');
        expect(ok.json.notes[0]).toContain(spelled(style));
      }
    }
  }, 120_000);

  it('MCP tools answer request keys, in errors and in answers', async () => {
    const mcp = new McpServer({ name: 'sweep', version: '0' }, { capabilities: { tools: {} } });
    const { z } = await import('zod');
    const register = liveTools(mcp, new AssistantSession(s.session.project));
    register('sweep', { inputSchema: { code: z.string(), fail: z.boolean() } }, async ({ code, fail }: { code: string; fail: boolean }) => {
      const info = ALL_CODES.find((x) => x.code === code)!;
      if (fail) throw new UserError(template(code, info.meaning), 1, code);
      return { content: [{ type: 'text' as const, text: JSON.stringify({ notes: [template(code, info.meaning)] }) }] };
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'sweep', version: '0' });
    await Promise.all([mcp.connect(a), client.connect(b)]);
    try {
      for (const c of ALL_CODES) for (const fail of [true, false]) {
        const r: any = await client.callTool({ name: 'sweep', arguments: { code: c.code, fail } });
        const text = r.content.map((x: any) => x.text).join('');
        expect(text, c.code).not.toContain('{opt:');
        expect(text).toContain(spelled('param'));
        expect(!!r.isError).toBe(fail);
      }
    } finally { await client.close(); }
  }, 120_000);
});

describe('the messages that leaked', () => {
  it('readiness over HTTP: min_score, never {opt:', async () => {
    const bad = await req(s.port, 'GET', `/api/projects/${s.id}/readiness?min_score=101`);
    expect(bad.json.error.message).toBe('min_score must be between 0 and 100, got 101');
    const low = await req(s.port, 'GET', `/api/projects/${s.id}/readiness?min_score=100`);
    expect(low.text).not.toContain('{opt:');
  });

  it('the Canonicalizer\'s note: --min-recurrence on the CLI, min_recurrence over HTTP, min recurrence in the UI', async () => {
    const cli = runCli(['agents', 'canonicalize', '--project-dir', s.root, '--min-recurrence', '50']);
    expect(cli.stdout).toContain('Lower --min-recurrence to 1');
    const api = await req(s.port, 'POST', '/api/ai/canonicalize', { body: { projectId: s.id, minRecurrence: 50 } });
    expect(api.json.notes[0]).toContain('Lower min_recurrence to 1');
    const ui = await req(s.port, 'POST', '/api/ai/canonicalize', { body: { projectId: s.id, minRecurrence: 50 }, headers: { 'x-modeler-option-style': 'label' } });
    expect(ui.json.notes[0]).toContain('Lower min recurrence to 1');
  });
});
