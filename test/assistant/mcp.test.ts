// `modeler mcp` over stdio with the official MCP client: the read-only tools are listed and
// answer from the same core functions; validate_proposal checks and never applies; nothing in
// the project is written.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { changed, copyProject, EXAMPLE, tree } from './helpers.js';

const dir = copyProject(EXAMPLE);
const before = tree(dir);
const client = new Client({ name: 'modeler-test', version: '1.0.0' });
const text = (r: any) => r.content.map((c: any) => c.text).join('');

beforeAll(async () => {
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--project-dir', dir], stderr: 'pipe' }));
}, 60_000);
afterAll(async () => { await client.close(); });

describe('modeler mcp', () => {
  it('lists the read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['canonicalize', 'conceptualize', 'explain', 'mesh_check', 'readiness', 'search_index', 'validate', 'validate_proposal']);
    for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(true);
  });

  it('search_index and explain answer from the project', async () => {
    const s = JSON.parse(text(await client.callTool({ name: 'search_index', arguments: { query: 'what does order status mean', limit: 3 } })));
    expect(s.sources[0]).toMatchObject({ kind: 'doc_block', name: 'order_status', path: 'models/docs/_docs.md', line: 12 });
    const e = text(await client.callTool({ name: 'explain', arguments: { name: 'orders' } }));
    expect(e).toContain('Lineage: upstream stg_shop__orders, stg_stripe__payments; downstream rpt_daily_revenue.');
    const f = text(await client.callTool({ name: 'explain', arguments: { name: 'models/docs/_docs.md' } }));
    expect(f).toContain('doc_block order_status (line 12)');
    const none = await client.callTool({ name: 'explain', arguments: { name: 'zzzz_nothing_like_this' } });
    expect(none.isError).toBe(true);
  });

  it('validate, mesh_check, readiness and the agents return their reports', async () => {
    expect(text(await client.callTool({ name: 'validate', arguments: {} }))).toBe('no errors or warnings');
    const mesh = JSON.parse(text(await client.callTool({ name: 'mesh_check', arguments: {} })));
    expect(mesh.interfaces.map((i: any) => i.name).sort()).toEqual(['customers', 'orders']);
    const rd = JSON.parse(text(await client.callTool({ name: 'readiness', arguments: { min_score: 10 } })));
    expect(rd.summary.files).toBeGreaterThan(0);
    const c = JSON.parse(text(await client.callTool({ name: 'conceptualize', arguments: {} })));
    expect(c.kind).toBe('diagram');
    const k = JSON.parse(text(await client.callTool({ name: 'canonicalize', arguments: { min_recurrence: 1 } })));
    expect(k.kind).toBe('canonical');
  });

  it('validate_proposal checks changes and never applies them', async () => {
    const v = JSON.parse(text(await client.callTool({ name: 'validate_proposal', arguments: { changes: [
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', patch: [{ op: 'replace', path: '/models/1/columns/4/description', value: 'Order state.' }] },
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', patch: [{ op: 'add', path: '/models/1/columns/2/data_tests', value: ['not_null'] }] },
      { op: 'create_file', path: '../x.yml', content: 'a: 1' },
    ] } })));
    expect(v.map((x: any) => [x.valid, x.blocked?.code])).toEqual([[false, 'DOC_BLOCK_OVERWRITE'], [true, undefined], [false, 'PATH_ESCAPE']]);
    expect(changed(before, tree(dir))).toEqual([]);
  });
});
