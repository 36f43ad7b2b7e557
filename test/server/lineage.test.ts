// GET /api/projects/:id/lineage and …/lineage/impact on the example project, through the socket:
// the JSON `modeler lineage --output-json` prints, one hop or up to ?depth=, and 404
// COLUMN_NOT_FOUND naming the nearest column.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { req, startTestServer, type TestServer } from './helpers.js';
import { runCli, EXAMPLE } from '../helpers/cli.js';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });
const p = () => `/api/projects/${s.id}`;

describe('column lineage over HTTP', () => {
  it('answers as the CLI does, one hop by default', async () => {
    const r = await req(s.port, 'GET', `${p()}/lineage?column=orders.customer_id`);
    expect(r.status).toBe(200);
    expect(r.json.column).toBe('orders.customer_id');
    expect(r.json.upstream).toEqual([{ node: 'stg_shop__orders', column: 'customer_id', kind: 'passthrough', file: 'models/marts/orders.sql', line: expect.any(Number) }]);
    const cli = runCli(['lineage', 'orders.customer_id', '--project-dir', EXAMPLE, '--output-json']);
    expect(cli.code).toBe(0);
    expect(JSON.parse(cli.stdout)).toEqual(r.json);
  });

  it('gives the line of the select item that defines the column (not the join that mentions it last)', async () => {
    const r = await req(s.port, 'GET', `${p()}/lineage?column=customers.customer_id`);
    const lines = readFileSync(join(EXAMPLE, 'models/marts/customers.sql'), 'utf8').split('\n');
    expect(r.json.upstream.map((u: any) => lines[u.line - 1].trim())).toEqual(['cast(customers.customer_id as integer) as customer_id,']);
  });

  it('follows ?depth= hops, each entry with its depth, to the source column', async () => {
    const r = await req(s.port, 'GET', `${p()}/lineage?column=orders.customer_id&depth=2`);
    expect(r.json.upstream.map((u: any) => `${u.node}.${u.column}@${u.depth}:${u.kind}`)).toEqual(['stg_shop__orders.customer_id@1:passthrough', 'shop.orders.user_id@2:rename']);
  });

  it('refuses an unknown column with 404 COLUMN_NOT_FOUND and the nearest name', async () => {
    const r = await req(s.port, 'GET', `${p()}/lineage?column=orders.custmer_id`);
    expect(r.status).toBe(404);
    expect(r.json.error).toMatchObject({ code: 'COLUMN_NOT_FOUND', message: "orders has no column 'custmer_id' (did you mean 'customer_id'?)" });
    expect((await req(s.port, 'GET', `${p()}/lineage?column=orders.customer_id&depth=0`)).status).toBe(400);
  });

  it('lists the impact of dropping a column', async () => {
    const r = await req(s.port, 'GET', `${p()}/lineage/impact?column=stg_shop__orders.customer_id`);
    expect(r.status).toBe(200);
    expect(r.json.columns.map((c: any) => `${c.node}.${c.column}`)).toContain('orders.customer_id');
    expect(r.json.summary).toMatch(/^dropping `stg_shop__orders\.customer_id` breaks `orders\.customer_id`/);
  });
});
