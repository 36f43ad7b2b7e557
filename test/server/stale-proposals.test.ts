// A proposal is bound to what it was made from (issue 21), on a real project through a real
// socket: ask proposes one relationship on Stripe's stg_stripe__invoice; someone then edits the
// file; apply either lands on the column it was made for (re-anchored, and says so) or is
// refused 409 STALE_PROPOSAL with nothing written — never on another column. Applied twice it
// changes nothing; a column listed twice gets the change in its last entry (the one dbt keeps).
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parse } from 'yaml';
import { tempDir } from '../helpers/cli.js';
import { describeShared, REAL_DBT } from '../helpers/shared.js';
import { req, serveDir, type TestServer } from './helpers.js';

const FILE = 'models/stg_stripe.yml';

describeShared('a stale proposal on a real project (Stripe)', () => {
  let s: TestServer;
  let original: string;
  const invoice = (text: string) => parse(text).models.find((m: any) => m.name === 'stg_stripe__invoice');
  const read = () => readFileSync(join(s.root, FILE), 'utf8');
  const write = (text: string) => writeFileSync(join(s.root, FILE), text);
  let proposed: any[];

  beforeAll(async () => {
    const root = join(tempDir('modeler-stale-'), 'stripe');
    cpSync(join(REAL_DBT, 'dbt_stripe_source'), root, { recursive: true });
    s = await serveDir(root);
    original = read();
    const r = await req(s.port, 'POST', '/api/ai/ask', { body: { projectId: s.id, message: 'propose a relationship between invoice and customer' } });
    expect(r.status, r.text).toBe(200);
    proposed = r.json.proposed_changes;
  }, 120_000);
  afterAll(async () => { await s?.close(); });

  const relTests = (text: string) => invoice(text).columns.filter((c: any) => JSON.stringify(c.tests ?? c.data_tests ?? []).includes('relationships'))
    .map((c: any) => [c.name, (c.tests ?? c.data_tests).find((t: any) => t.relationships).relationships]);

  it('proposes exactly the one relationship asked for, bound to the file (ETag) and to the column (identity)', () => {
    expect(proposed).toHaveLength(1);
    const [c] = proposed;
    expect(c).toMatchObject({ op: 'patch_yaml', path: FILE, valid: true, base_etag: expect.stringMatching(/^"[0-9a-f]{32}"$/) });
    // stg_stripe__invoice is enabled by the var stripe__using_invoices: the proposal says so
    expect(c.review_summary).toBe('relationships stg_stripe__invoice.customer_id → stg_stripe__customer.customer_id (note: `stg_stripe__invoice` is enabled only when var `stripe__using_invoices` is true (default True))');
    expect(c.patch.map((o: any) => o.anchor)).toEqual(['models[name=stg_stripe__invoice].columns[name=customer_id].tests']);
  });

  it('what ask returned is accepted as it is by validate (review fields included)', async () => {
    const v = await req(s.port, 'POST', '/api/ai/proposals/validate', { body: { projectId: s.id, changes: proposed } });
    expect(v.status, v.text).toBe(200);
    expect(v.json.valid).toBe(true);
  });

  it('after a column is added at the top of the model in an editor, apply lands on customer_id (re-anchored, said so); the other columns are untouched', async () => {
    const edited = original.replace('    columns:\n      - name: invoice_id\n', '    columns:\n      - name: added_by_hand\n        description: Added in an editor.\n      - name: invoice_id\n');
    expect(edited).not.toBe(original);
    write(edited);
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: proposed } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.written).toEqual([FILE]);
    expect(r.json.results[0].reanchored).toEqual([expect.objectContaining({ anchor: proposed[0].patch[0].anchor, from: proposed[0].patch[0].path })]);
    expect(r.json.results[0].message).toMatch(/re-anchored by identity/);
    const now = read();
    expect(relTests(now)).toEqual([['customer_id', { to: "ref('stg_stripe__customer')", field: 'customer_id' }]]);
    // every other column of the model is exactly as the editor left it
    const others = (t: string) => invoice(t).columns.filter((c: any) => c.name !== 'customer_id');
    expect(others(now)).toEqual(others(edited));
    // and the file differs from the edited one only by the lines of the new test
    const a = edited.split('\n'), b = now.split('\n');
    let p = 0, q = 0;
    while (a[p] === b[p]) p++;
    while (a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
    expect(a.length - p - q).toBe(0);
    expect(b.slice(p, b.length - q).map((l) => l.trim())).toEqual(['tests:', '- relationships:', "to: ref('stg_stripe__customer')", 'field: customer_id']);
  });

  it('applied again, it changes nothing (already applied), and says so', async () => {
    const before = read();
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: proposed } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.written).toEqual([]);
    expect(r.json.results[0]).toMatchObject({ valid: true, already: true });
    expect(read()).toBe(before);
  });

  it('when the column it was made for is gone, apply is refused 409 STALE_PROPOSAL naming it, and nothing is written', async () => {
    const renamed = original.replace(/^( {6}- name: )customer_id(\n {8}description: The ID of the customer who will be billed\.)/m, '$1billed_customer_id$2');
    expect(renamed).not.toBe(original);
    write(renamed);
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: proposed } });
    expect(r.status, r.text).toBe(409);
    expect(r.json.error.code).toBe('STALE_PROPOSAL');
    expect(r.json.error.message).toMatch(/models\[name=stg_stripe__invoice\]\.columns\[name=customer_id\] is no longer in the file/);
    expect(read()).toBe(renamed);
    // a whole-file change made against the old text is refused too, rather than undo the edit
    const upd = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: [{ op: 'update_file', path: FILE, content: original + '\n', base_etag: proposed[0].base_etag, rationale: 'x' }] } });
    expect([upd.status, upd.json.error.code]).toEqual([409, 'STALE_PROPOSAL']);
    expect(read()).toBe(renamed);
  });

  it('a column listed twice gets the change in its last entry, the one dbt keeps', async () => {
    const twice = original.replace('    columns:\n      - name: invoice_id\n', '    columns:\n      - name: customer_id\n        description: An earlier entry dbt drops.\n      - name: invoice_id\n');
    write(twice);
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: proposed } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.results[0].reanchored[0].note).toMatch(/listed 2 times; dbt keeps the last entry/);
    const cols = invoice(read()).columns.filter((c: any) => c.name === 'customer_id');
    expect(cols.map((c: any) => !!c.tests)).toEqual([false, true]);
  });
}, 'real-dbt');
