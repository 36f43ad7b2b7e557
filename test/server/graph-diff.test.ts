// The canvas diff overlay's view: the project graph against a git ref, read by the same project
// reader from the files that commit holds (real git, real repository).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
let plain: TestServer;
const git = (root: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: root, encoding: 'utf8' });

beforeAll(async () => {
  s = await startTestServer();
  git(s.root, 'init', '-q', '-b', 'main');
  git(s.root, 'add', '-A');
  git(s.root, 'commit', '-q', '-m', 'example');
  // the work tree moves on: a column retyped, a model added, a model and a column removed
  const marts = join(s.root, 'models/marts/_marts.yml');
  writeFileSync(marts, readFileSync(marts, 'utf8').replace("      - name: first_name\n        data_type: varchar", "      - name: first_name\n        data_type: text"));
  const inv = join(s.root, 'models/staging/inventory/_inventory.yml');
  const text = readFileSync(inv, 'utf8');
  writeFileSync(inv, text.slice(0, text.indexOf('  - name: stg_supplies')).replace('      - name: opened_at\n', ''));
  // the column goes from the SQL too (a column only the YAML stops listing is still a column of the model)
  const stores = join(s.root, 'models/staging/inventory/stg_stores.sql');
  writeFileSync(stores, readFileSync(stores, 'utf8').replace('    name as store_name,\n    opened_at\n', '    name as store_name\n'));
  rmSync(join(s.root, 'models/staging/inventory/stg_supplies.sql'));
  writeFileSync(join(s.root, 'models/marts/fct_refunds.sql'), "select * from {{ ref('orders') }}\n");
  writeFileSync(join(s.root, 'models/marts/_refunds.yml'), 'version: 2\nmodels:\n  - name: fct_refunds\n    columns:\n      - name: refund_id\n');
  s.session.refresh('files_changed', ['models/marts/_marts.yml', 'models/staging/inventory/_inventory.yml', 'models/staging/inventory/stg_stores.sql', 'models/staging/inventory/stg_supplies.sql', 'models/marts/fct_refunds.sql', 'models/marts/_refunds.yml']);
  plain = await startTestServer();
});
afterAll(async () => { await s.close(); await plain.close(); });

describe('GET /api/projects/:id/graph/diff', () => {
  it('marks tables and columns added, changed and removed since the ref, and carries the removed ones', async () => {
    const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph/diff?ref=main`);
    expect(r.status).toBe(200);
    expect(r.json.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(r.json.nodes).toEqual({
      'model.jaffle_shop.fct_refunds': 'added',
      'model.jaffle_shop.customers': 'changed',
      'model.jaffle_shop.stg_stores': 'changed',
      'model.jaffle_shop.stg_supplies': 'removed',
    });
    expect(r.json.columns['model.jaffle_shop.customers']).toEqual({ first_name: 'changed' });
    expect(r.json.columns['model.jaffle_shop.stg_stores']).toEqual({ opened_at: 'removed' });
    expect(r.json.removed_columns['model.jaffle_shop.stg_stores'].map((c: any) => c.name)).toEqual(['opened_at']);
    expect(r.json.removed.map((n: any) => n.name)).toEqual(['stg_supplies']);
    expect(r.json.removed[0].columns.map((c: any) => c.name)).toContain('supply_id');
    expect(r.json.counts).toEqual({ added: 1, changed: 2, removed: 1 });
  });

  it('answers REF_NOT_FOUND for a ref git does not know and NOT_A_REPO outside a repository', async () => {
    const bad = await req(s.port, 'GET', `/api/projects/${s.id}/graph/diff?ref=no-such-branch`);
    expect(bad.status).toBe(404);
    expect(bad.json.error.code).toBe('REF_NOT_FOUND');
    const opt = await req(s.port, 'GET', `/api/projects/${s.id}/graph/diff?ref=--output=x`);
    expect(opt.json.error.code).toBe('REF_NOT_FOUND');
    const none = await req(plain.port, 'GET', `/api/projects/${plain.id}/graph/diff?ref=main`);
    expect(none.status).toBe(409);
    expect(none.json.error.code).toBe('NOT_A_REPO');
  });
});
