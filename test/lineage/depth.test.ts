// One depth limit for lineage, on every face: the CLI's --depth, the HTTP API's ?depth= and the
// MCP tools' depth all take 1 to MAX_LINEAGE_DEPTH, and a bad one is refused in one line in the
// same words (exit 64 / 400 BAD_REQUEST / a tool error), never a JSON-schema pattern.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LINEAGE_DEPTH } from '../../src/lineage/depth.js';
import { EXAMPLE, runCli } from '../helpers/cli.js';
import { copyProject, mcpClientFor } from '../assistant/helpers.js';
import { req, startTestServer, type TestServer } from '../server/helpers.js';

const refusal = (name: string, got: string) => `${name} expects a whole number from 1 to ${MAX_LINEAGE_DEPTH}, got '${got}'`;
const BAD = ['0', '-1', 'two', '2.5', String(MAX_LINEAGE_DEPTH + 1), '1000'];

describe('lineage depth: one limit, one refusal', () => {
  const { client, text } = mcpClientFor(copyProject(EXAMPLE));
  let s: TestServer;
  beforeAll(async () => { s = await startTestServer(); });
  afterAll(async () => { await s.close(); });

  it('CLI: --depth outside 1..max is exit 64 with one line; the largest depth answers', () => {
    for (const d of BAD) {
      const r = runCli(['lineage', 'orders.customer_id', '--project-dir', EXAMPLE, '--depth', d]);
      expect([r.code, r.stdout, r.stderr], d).toEqual([64, '', `modeler: ${refusal('--depth', d)}\n`]);
    }
    const ok = runCli(['lineage', 'orders.customer_id', '--project-dir', EXAMPLE, '--depth', String(MAX_LINEAGE_DEPTH), '--output-json']);
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout).upstream.map((u: any) => `${u.node}.${u.column}@${u.depth}`)).toEqual(['stg_shop__orders.customer_id@1', 'shop.orders.user_id@2']);
  });

  it('HTTP: ?depth= outside 1..max is 400 BAD_REQUEST with the same one line; the largest depth answers', async () => {
    const url = (d: string) => `/api/projects/${s.id}/lineage?column=orders.customer_id&depth=${encodeURIComponent(d)}`;
    for (const d of BAD) {
      const r = await req(s.port, 'GET', url(d));
      expect([r.status, r.json], d).toEqual([400, { error: { code: 'BAD_REQUEST', message: refusal('depth', d) } }]);
    }
    const ok = await req(s.port, 'GET', url(String(MAX_LINEAGE_DEPTH)));
    expect(ok.status).toBe(200);
    expect(ok.json.upstream.map((u: any) => u.depth)).toEqual([1, 2]);
  });

  it('MCP: column_lineage and lineage take depth up to the same limit and no further', async () => {
    const ok = await client.callTool({ name: 'column_lineage', arguments: { column: 'orders.customer_id', depth: MAX_LINEAGE_DEPTH } });
    expect(ok.isError).toBeFalsy();
    expect(JSON.parse(text(ok)).upstream.map((u: any) => u.depth)).toEqual([1, 2]);
    for (const tool of ['column_lineage', 'lineage']) {
      const over = await client.callTool({ name: tool, arguments: { column: 'orders.customer_id', depth: MAX_LINEAGE_DEPTH + 1 } });
      expect(over.isError, tool).toBe(true);
      expect(text(over), tool).toContain(String(MAX_LINEAGE_DEPTH));
    }
    const { tools } = await client.listTools();
    for (const t of tools.filter((x) => x.name === 'column_lineage' || x.name === 'lineage')) expect((t.inputSchema.properties as any).depth.maximum, t.name).toBe(MAX_LINEAGE_DEPTH);
  });
});

describe('an option that takes a value, followed by another option', () => {
  it('is refused as "--depth needs a value" (exit 64), on every command, not read as the value', () => {
    const cases: [string[], string][] = [
      [['lineage', 'orders.customer_id', '--depth', '--project-dir', EXAMPLE], "modeler: --depth needs a value (--project-dir is an option); see 'modeler lineage --help'\n"],
      [['lineage', 'orders.customer_id', '--project-dir', EXAMPLE, '--depth'], "modeler: --depth needs a value; see 'modeler lineage --help'\n"],
      [['summary', '--project-dir', '--output-json'], "modeler: --project-dir needs a value (--output-json is an option); see 'modeler summary --help'\n"],
      [['lineage', '--impact', '--project-dir', EXAMPLE], "modeler: --impact needs a value (--project-dir is an option); see 'modeler lineage --help'\n"],
    ];
    for (const [args, stderr] of cases) {
      const r = runCli(args);
      expect([r.code, r.stdout, r.stderr], args.join(' ')).toEqual([64, '', stderr]);
    }
    // a value written with = and a negative number are values, judged by the command
    expect(runCli(['lineage', 'orders.customer_id', `--project-dir=${EXAMPLE}`, '--depth=2']).code).toBe(0);
    expect(runCli(['lineage', 'orders.customer_id', '--project-dir', EXAMPLE, '--depth', '-3']).stderr).toBe(`modeler: ${refusal('--depth', '-3')}\n`);
  });
});
