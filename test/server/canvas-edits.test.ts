// POST /api/ai/proposals/edit over a real socket: a diagram edit comes back as bound changes the
// apply endpoint writes; a refused edit is 422 EDIT_REFUSED with why; a bad body is 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });

const edit = (e: unknown) => req(s.port, 'POST', '/api/ai/proposals/edit', { body: { projectId: s.id, edit: e } });

describe('POST /api/ai/proposals/edit', () => {
  it('proposes the change, bound to the file now; apply writes it', async () => {
    const r = await edit({ action: 'set_type', table: 'orders', column: 'amount', data_type: 'decimal(18,2)' });
    expect(r.status).toBe(200);
    expect(r.json.title).toBe('Set the type of orders.amount');
    const [c] = r.json.changes;
    expect(c).toMatchObject({ op: 'patch_yaml', path: 'models/marts/_marts.yml', base_etag: expect.stringMatching(/^"/) });
    expect(c.patch[0].anchor).toBe('models[name=orders].columns[name=amount].data_type');
    const a = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: r.json.changes } });
    expect(a.status).toBe(200);
    const doc = parse(readFileSync(join(s.root, 'models/marts/_marts.yml'), 'utf8'));
    expect(doc.models.find((m: any) => m.name === 'orders').columns.find((x: any) => x.name === 'amount').data_type).toBe('decimal(18,2)');
  });

  it('refuses an edit it cannot make safely with 422 EDIT_REFUSED and why; a bad body with 400', async () => {
    const r = await edit({ action: 'rename', table: 'orders', to: 'customers' });
    expect(r.status).toBe(422);
    expect(r.json.error).toMatchObject({ code: 'EDIT_REFUSED', message: expect.stringContaining('already exists') });
    expect((await edit({ action: 'explode', table: 'orders' })).status).toBe(400);
    expect((await edit({ action: 'rename', table: 'nope', to: 'x' })).json.error.message).toContain("no model, seed, snapshot or source table is named 'nope'");
  });
});
