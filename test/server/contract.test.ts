// The typed contract (src/server/contract.ts) and schemas/server/ say the same thing; the OpenAPI
// document lists every route with those schemas; and every route answers the error envelope.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jsonSchemaOf, SHAPES, type ShapeName } from '../../src/server/contract.js';
import { REPO } from '../helpers/cli.js';
import { req, startTestServer, type TestServer } from './helpers.js';

const DIR = join(REPO, 'schemas', 'server');

describe('the contract', () => {
  it('schemas/server/ holds exactly the JSON Schemas generated from contract.ts (run scripts/server-schemas.mjs after changing it)', () => {
    const names = Object.keys(SHAPES).sort();
    expect(readdirSync(DIR).map((f) => f.replace(/\.schema\.json$/, '')).sort()).toEqual(names);
    for (const n of names) expect(JSON.parse(readFileSync(join(DIR, `${n}.schema.json`), 'utf8')), n).toEqual(jsonSchemaOf(n as ShapeName));
  });
});

let s: TestServer;
let doc: any;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await req(s.port, 'GET', '/api/openapi.json')).json;
});
afterAll(async () => { await s.close(); });

const routes = () => Object.entries<any>(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => ({ path, method: m.toUpperCase(), op: ops[m] })));

describe('/api/openapi.json', () => {
  it('is OpenAPI 3 and lists every endpoint of the spec, each with its request schema and its success and error responses', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const keys = routes().map((r) => `${r.method} ${r.path}`);
    for (const k of ['GET /api/health', 'GET /api/projects', 'GET /api/projects/{id}/files', 'GET /api/projects/{id}/file', 'PUT /api/projects/{id}/file',
      'POST /api/projects/{id}/file', 'POST /api/projects/{id}/file/rename', 'DELETE /api/projects/{id}/file', 'GET /api/projects/{id}/model',
      'GET /api/projects/{id}/graph', 'GET /api/projects/{id}/validation', 'GET /api/projects/{id}/mesh', 'GET /api/projects/{id}/readiness',
      'POST /api/ai/conceptualize', 'POST /api/ai/canonicalize', 'POST /api/ai/proposals/validate', 'POST /api/ai/proposals/apply',
      'POST /api/forward/generate-sql', 'POST /api/forward/migrate', 'POST /api/forward/apply', 'POST /api/forward/tform-sync',
      'POST /api/model/contracts/enforce', 'POST /api/import', 'GET /api/events']) expect(keys).toContain(k);
    for (const r of routes()) {
      if (r.path === '/api/events') continue;
      const ok = Object.keys(r.op.responses).find((c) => /^2/.test(c));
      expect(ok, `${r.method} ${r.path}`).toBeDefined();
      expect(r.op.responses['4XX'] ?? r.op.responses['4xx'], `${r.method} ${r.path}`).toBeDefined();
      if (['POST', 'PUT', 'DELETE'].includes(r.method)) expect(r.op.requestBody?.content?.['application/json']?.schema, `${r.method} ${r.path}`).toBeDefined();
    }
    const apply = doc.paths['/api/ai/proposals/apply'].post.requestBody.content['application/json'].schema;
    expect(apply.properties.changes.items.properties.op.enum).toEqual(['create_file', 'update_file', 'patch_yaml', 'delete_file', 'rename_file']);
  });

  it('every route answers a bad request with {"error": {code, message}} and a 4xx status', async () => {
    for (const r of routes()) {
      if (r.path === '/api/health' || r.path === '/api/projects' || r.path === '/api/events' || r.path.endsWith('/summary') || r.path.endsWith('/status')
        || r.path.endsWith('/files') || r.path.endsWith('/graph/tables') || r.path.endsWith('/graph/inferred') || r.path.endsWith('/doc-blocks')) continue; // no inputs to get wrong
      const path = r.path.replace('{id}', s.id);
      const res = r.method === 'GET'
        ? await req(s.port, 'GET', `${path}?unknown_parameter=1`)
        : await req(s.port, r.method, path, { body: { unknown_key: true } });
      expect(res.status, `${r.method} ${r.path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${r.method} ${r.path}`).toBeLessThan(500);
      expect(Object.keys(res.json), `${r.method} ${r.path}`).toEqual(['error']);
      expect(res.json.error.code).toMatch(/^[A-Z_]+$/);
    }
    // and the project id in a path is checked everywhere
    for (const r of routes().filter((x) => x.path.includes('{id}') && x.method === 'GET')) {
      const query = /\/(file|model)$/.test(r.path) ? '?path=dbt_project.yml' : r.path.endsWith('/graph/diff') ? '?ref=main' : /\/lineage(\/impact)?$/.test(r.path) ? '?column=orders.customer_id' : '';
      const res = await req(s.port, 'GET', r.path.replace('{id}', 'p_other') + query);
      expect(res.status, r.path).toBe(404);
      expect(res.json.error.code).toBe('PROJECT_NOT_FOUND');
    }
  });
});
