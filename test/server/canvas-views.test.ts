// What the canvas and the inspector read beyond the bare graph: keys, tests, glossary bindings,
// owners and lines on the project graph, cardinality on key edges, the model view's lines and
// display settings, and the positions a user placed kept in a diagram file (POST …/layout).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });
const p = () => `/api/projects/${s.id}`;

describe('the project graph for the canvas', () => {
  it('columns carry keys, tests and glossary terms; nodes their line, owner and Interface status; key edges their cardinality', async () => {
    const g = (await req(s.port, 'GET', `${p()}/graph`)).json;
    const customers = g.nodes.find((n: any) => n.id === 'model.jaffle_shop.customers');
    expect(customers.line).toBeGreaterThan(0);
    expect(readFileSync(join(s.root, customers.file), 'utf8').split('\n')[customers.line - 1]).toContain('customers');
    expect(customers.interface_status).toBe('active');
    expect(customers.stability).toBe('contracted');
    const id = customers.columns.find((c: any) => c.name === 'customer_id');
    expect(id).toMatchObject({ primary_key: true, unique: true, not_null: true });
    expect(id.tests).toEqual(expect.arrayContaining(['unique', 'not_null']));
    expect(customers.columns.find((c: any) => c.name === 'first_name').primary_key).toBe(false);
    const rel = g.edges.find((e: any) => e.kind === 'relationship' && e.from.node === 'model.jaffle_shop.orders' && e.from.column === 'customer_id');
    expect(rel.cardinality).toBe('many_to_one');
    for (const e of g.edges) expect(e.cardinality === undefined).toBe(e.kind === 'ref' || e.kind === 'source');
  });
});

describe('POST /api/projects/:id/layout', () => {
  it('creates a diagram file for the project canvas, then updates positions in place and releases them', async () => {
    const path = 'Modeler/diagrams/project.diagram.yaml';
    let r = await req(s.port, 'POST', `${p()}/layout`, { body: { path, positions: { 'model.jaffle_shop.orders': { x: 120.04, y: -40 } } } });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ path, created: true, positions: 1 });
    let doc = parse(readFileSync(join(s.root, path), 'utf8'));
    expect(doc.kind).toBe('diagram');
    expect(doc.display.positions['model.jaffle_shop.orders']).toEqual({ x: 120, y: -40 });
    // the file is a valid diagram the project reads
    const v = (await req(s.port, 'GET', `${p()}/validation?path=${encodeURIComponent(path)}`)).json;
    expect(v.valid).toBe(true);
    r = await req(s.port, 'POST', `${p()}/layout`, { body: { path, positions: { 'model.jaffle_shop.customers': { x: 5, y: 6 } }, release: ['model.jaffle_shop.orders'] } });
    expect(r.json).toMatchObject({ created: false, positions: 1 });
    doc = parse(readFileSync(join(s.root, path), 'utf8'));
    expect(doc.display.positions).toEqual({ 'model.jaffle_shop.customers': { x: 5, y: 6 } });
    const view = (await req(s.port, 'GET', `${p()}/model?path=${encodeURIComponent(path)}`)).json;
    expect(view.display.positions['model.jaffle_shop.customers']).toEqual({ x: 5, y: 6 });
  });

  it('keeps the comments and layout of an existing model file', async () => {
    const path = 'Modeler/glossary/commerce.glossary.yaml';
    const before = readFileSync(join(s.root, path), 'utf8');
    const r = await req(s.port, 'POST', `${p()}/layout`, { body: { path, positions: { customers: { x: 1, y: 2 } } } });
    expect(r.status).toBe(200);
    const after = readFileSync(join(s.root, path), 'utf8');
    expect(after.startsWith(before.trimEnd())).toBe(true);
    expect(parse(after).display.positions.customers).toEqual({ x: 1, y: 2 });
    const view = (await req(s.port, 'GET', `${p()}/model?path=${encodeURIComponent(path)}`)).json;
    expect(view.entities[0].line).toBeGreaterThan(0);
    expect(view.entities[0].columns[0].tests).toEqual(expect.any(Array));
  });

  it('refuses a file that is not a model file, a path outside the project, and a position that is not a number', async () => {
    expect((await req(s.port, 'POST', `${p()}/layout`, { body: { path: 'models/marts/_marts.yml', positions: { a: { x: 1, y: 1 } } } })).json.error.code).toBe('BAD_REQUEST');
    expect((await req(s.port, 'POST', `${p()}/layout`, { body: { path: '../x.diagram.yaml', positions: {} } })).json.error.code).toBe('PATH_ESCAPE');
    expect((await req(s.port, 'POST', `${p()}/layout`, { body: { path: 'Modeler/x.diagram.yaml', positions: { a: { x: 'no', y: 1 } } } })).status).toBe(400);
  });
});
