// A project that declares no relationships tests (most real ones) through a real socket: the
// canvas's first screen (?focus=auto&inferred=true) starts on the table most inferred keys meet,
// with the tables they come from, not on the first table by name with nothing around it; a focus
// walks the inferred keys too when asked, and only then.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromProjectGraph } from '../../web/src/canvas/build';
import { NO_FILTERS, visibleGraph } from '../../web/src/canvas/view';
import { tempDir } from '../helpers/cli.js';
import { req, serveDir, type TestServer } from './helpers.js';

// users is what most rows point at; `audit_log` sorts first and no key meets it
const tables: Record<string, string[]> = {
  audit_log: ['audit_log_id', 'logged_at', 'message'],
  stg_users: ['user_id', 'email', 'created_at'],
  stg_orders: ['order_id', 'user_id', 'ordered_at'],
  stg_payments: ['payment_id', 'order_id', 'user_id', 'amount'],
  stg_reviews: ['review_id', 'user_id', 'rating'],
  stg_sessions: ['session_id', 'user_id', 'started_at'],
};

let s: TestServer;
const graph = async (query: string) => {
  const r = await req(s.port, 'GET', `/api/projects/${s.id}/graph${query}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
};
const names = (g: any) => g.nodes.map((n: any) => n.name).sort();

beforeAll(async () => {
  const dir = join(tempDir('modeler-lod-inferred-'), 'p');
  mkdirSync(join(dir, 'models', 'staging'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
  const yml = ['version: 2', 'models:'];
  for (const [t, cols] of Object.entries(tables)) {
    writeFileSync(join(dir, 'models', 'staging', `${t}.sql`), `select ${cols.join(', ')} from raw.${t.replace(/^stg_/, '')}\n`);
    yml.push(`  - name: ${t}`, '    columns:', ...cols.map((c, i) => (i === 0 ? `      - name: ${c}\n        data_tests: [unique, not_null]` : `      - name: ${c}`)));
  }
  writeFileSync(join(dir, 'models', 'staging', '_models.yml'), yml.join('\n') + '\n');
  s = await serveDir(dir);
}, 60_000);
afterAll(async () => { await s?.close(); });

describe('the graph by level of detail on a project with no declared keys', () => {
  it('?focus=auto&inferred=true starts on the table the inferred keys meet most, with the tables they come from', async () => {
    const inferred = (await req(s.port, 'GET', `/api/projects/${s.id}/graph/inferred`)).json;
    const toUsers = inferred.edges.filter((e: any) => e.to.node.endsWith('.stg_users'));
    expect(toUsers.length).toBeGreaterThanOrEqual(4);
    const part = await graph('?focus=auto&limit=150&inferred=true');
    expect(part.lod.focus).toEqual(['model.shop.stg_users']);
    expect(names(part)).toEqual(expect.arrayContaining(['stg_users', 'stg_orders', 'stg_payments', 'stg_reviews', 'stg_sessions']));
    expect(names(part)).not.toContain('audit_log');
    // the canvas draws that part with its inferred keys between the tables
    const shown = visibleGraph(fromProjectGraph(part, 'x.yml', undefined, inferred), NO_FILTERS, undefined, false);
    expect(shown.graph.edges.filter((e) => e.kind === 'inferred').length).toBeGreaterThanOrEqual(toUsers.length);
  });

  it('without inferred=true the keys it infers are not walked: the auto focus is a table with no neighbour', async () => {
    const part = await graph('?focus=auto&limit=150');
    expect(part.lod.focus).toEqual(['model.shop.audit_log']);
    expect(names(part)).toEqual(['audit_log']);
  });

  it('a focus asked for walks the inferred keys with inferred=true, and only then', async () => {
    expect(names(await graph('?focus=stg_orders&inferred=true'))).toEqual(expect.arrayContaining(['stg_orders', 'stg_users', 'stg_payments']));
    expect(names(await graph('?focus=stg_orders'))).toEqual(['stg_orders']);
    const bad = await req(s.port, 'GET', `/api/projects/${s.id}/graph?focus=auto&inferred=yes`);
    expect(bad.status).toBe(400);
    expect(bad.text).toMatch(/inferred/);
  });
});
