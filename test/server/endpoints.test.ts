// Every spec endpoint over a real socket, each held to the same core the CLI uses: the JSON
// equals what the CLI prints with --output-json, SQL runs on a real engine (DuckDB), YAML
// edits keep comments, and each error code comes with its status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { loadModelText } from '../../src/api.js';
import { runCli } from '../helpers/cli.js';
import { req, startTestServer, type TestServer } from './helpers.js';

const SHOP = `# the shop, physical
model:
  name: shop
  version: 1.0.0
  layer: physical
entities:
  - name: customer
    columns:
      - {name: customer_id, data_type: integer, primary_key: true}
      - {name: email, data_type: varchar(255), nullable: false}
  - name: orders
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
relationships:
  - {name: customer_orders, from: customer.customer_id, to: orders.customer_id, cardinality: one_to_many}
`;
const SHOP_V2 = SHOP.replace('version: 1.0.0', 'version: 1.1.0').replace("      - {name: email, data_type: varchar(255), nullable: false}\n",
  "      - {name: email, data_type: varchar(255), nullable: false}\n      - {name: phone, data_type: varchar(40)}\n");

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ files: { 'Modeler/physical/shop.model.yaml': SHOP, 'Modeler/physical/shop_v2.model.yaml': SHOP_V2 }, env: { DM_ENABLE_DIRECT_APPLY: 'true' } });
});
afterAll(async () => { await s.close(); });

const get = (path: string) => req(s.port, 'GET', path);
const post = (path: string, body: unknown) => req(s.port, 'POST', path, { body });
const cliJson = (args: string[]) => { const r = runCli(args); return JSON.parse(r.stdout); };
const p = () => `/api/projects/${s.id}`;

describe('projects', () => {
  it('health, projects (one, with a stable id), summary and status', async () => {
    const h = await get('/api/health');
    expect(h.json).toMatchObject({ status: 'ok', project: { id: s.id, name: 'jaffle_shop', git: false } });
    // a folder inside a git work tree says so (the UI asks the git routes only then)
    execFileSync('git', ['init', '-q'], { cwd: s.root });
    expect((await get('/api/health')).json.project.git).toBe(true);
    rmSync(join(s.root, '.git'), { recursive: true, force: true });
    const list = await get('/api/projects');
    expect(list.json).toEqual({ projects: [{ id: s.id, name: 'jaffle_shop', path: s.root }] });
    const again = await startTestServer(); // another copy elsewhere has another id; the same folder keeps its id
    expect(again.id).not.toBe(s.id);
    await again.close();
    const summary = await get(`${p()}/summary`);
    expect(summary.json.models.total).toBe(s.session.project.models.length);
    const status = await get(`${p()}/status`);
    expect(status.json).toMatchObject({ project: 'jaffle_shop', validation: { valid: true }, readiness: { files: expect.any(Number) } });
    expect((await get('/api/projects/p_nope/status')).status).toBe(404);
  });
});

describe('model views', () => {
  it('a model file: entities, columns, relationships', async () => {
    const r = await get(`${p()}/model?path=Modeler/physical/shop.model.yaml`);
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ kind: 'model', layer: 'physical', valid: true, name: 'shop' });
    expect(r.json.entities.map((e: any) => e.name)).toEqual(['customer', 'orders']);
    expect(r.json.entities[0].columns[0]).toMatchObject({ name: 'customer_id', data_type: 'integer', primary_key: true, nullable: false });
    expect(r.json.relationships[0]).toMatchObject({ name: 'customer_orders', from: { entity: 'customer', columns: ['customer_id'] }, to: { entity: 'orders' }, cardinality: 'one_to_many' });
    expect((await get(`${p()}/model?path=Modeler/none.model.yaml`)).json.error.code).toBe('NOT_FOUND');
  });

  it('the dbt project: tables with columns, relationship tests as column edges, ref() and source() lineage apart', async () => {
    const r = await get(`${p()}/graph`);
    expect(r.status).toBe(200);
    const ids = new Set(r.json.nodes.map((n: any) => n.id));
    expect(ids).toContain('model.jaffle_shop.stg_shop__orders');
    expect(ids).toContain('source.jaffle_shop.shop.orders');
    const orders = r.json.nodes.find((n: any) => n.id === 'model.jaffle_shop.stg_shop__orders');
    expect(orders.columns.map((c: any) => c.name)).toContain('customer_id');
    expect(r.json.edges).toContainEqual({ kind: 'relationship', from: { node: 'model.jaffle_shop.stg_shop__orders', column: 'customer_id' },
      to: { node: 'model.jaffle_shop.stg_shop__customers', column: 'customer_id' }, via: 'relationships test in data_tests', cardinality: 'many_to_one' });
    expect(r.json.edges.some((e: any) => e.kind === 'ref' && e.to.node === 'model.jaffle_shop.customers')).toBe(true);
    expect(r.json.edges.some((e: any) => e.kind === 'source' && e.to.node === 'model.jaffle_shop.stg_shop__orders' && e.from.node === 'source.jaffle_shop.shop.orders')).toBe(true);
    for (const e of r.json.edges) { expect(ids).toContain(e.from.node); expect(ids).toContain(e.to.node); }
  });

  it('validation: one file as `modeler validate --output-json`, the project as every Modeler/ file plus loader diagnostics', async () => {
    const one = await get(`${p()}/validation?path=Modeler/physical/shop.model.yaml`);
    const cli = cliJson(['validate', join(s.root, 'Modeler/physical/shop.model.yaml'), '--output-json']);
    expect(one.json).toEqual({ ...cli, file: 'Modeler/physical/shop.model.yaml', diagnostics: cli.diagnostics.map((d: any) => ({ ...d, file: 'Modeler/physical/shop.model.yaml' })) });
    const all = await get(`${p()}/validation`);
    expect(all.json.files.map((f: any) => f.file)).toEqual(['Modeler/glossary/commerce.glossary.yaml', 'Modeler/physical/shop.model.yaml', 'Modeler/physical/shop_v2.model.yaml']);
    expect(all.json.valid).toBe(true);
    expect(all.json.loader.diagnostics).toEqual(s.session.project.diagnostics.filter((d) => !d.file?.startsWith('Modeler/')));
  });

  it('mesh check and readiness review: the CLI\'s --output-json', async () => {
    const mesh = await get(`${p()}/mesh?strict=true`);
    // exitCode is the CLI's own (kept in its JSON for one release); the server answers with a status
    const { exitCode: _exit, ...meshCli } = cliJson(['mesh', 'check', '--project-dir', s.root, '--strict', '--output-json']);
    expect(mesh.json).toEqual(meshCli);
    const ready = await get(`${p()}/readiness?min_score=80&max_red=0`);
    const cli = cliJson(['readiness-gate', '--project-dir', s.root, '--min-score', '80', '--max-red', '0', '--output-json']);
    expect(ready.json).toEqual(cli);
  });
});

describe('agents', () => {
  it('conceptualize and canonicalize answer what the CLI prints', async () => {
    expect((await post('/api/ai/conceptualize', { projectId: s.id })).json).toEqual(cliJson(['agents', 'conceptualize', '--project-dir', s.root]));
    expect((await post('/api/ai/canonicalize', { projectId: s.id, minRecurrence: 1 })).json).toEqual(cliJson(['agents', 'canonicalize', '--project-dir', s.root, '--min-recurrence', '1']));
  });
});

describe('forward engineering', () => {
  it('generate-sql returns the CLI\'s DDL and writes `out` inside the project; the SQL runs on DuckDB through /api/forward/apply', async () => {
    const r = await post('/api/forward/generate-sql', { model_path: 'Modeler/physical/shop.model.yaml', dialect: 'duckdb', out: 'build/shop.sql' });
    expect(r.status).toBe(200);
    expect(r.json.sql).toBe(runCli(['generate', 'sql', join(s.root, 'Modeler/physical/shop.model.yaml'), '--dialect', 'duckdb']).stdout);
    expect(readFileSync(join(s.root, 'build/shop.sql'), 'utf8')).toBe(r.json.sql);
    const applied = await post('/api/forward/apply', { connector: 'duckdb', sql_file: 'build/shop.sql', path: 'build/shop.duckdb' });
    expect(applied.status).toBe(200);
    expect(applied.json).toMatchObject({ status: 'success', connector: 'duckdb' });
    expect(applied.json.statements.every((x: any) => x.status === 'applied')).toBe(true);
    const again = await post('/api/forward/apply', { connector: 'duckdb', sql: r.json.sql, path: 'build/shop.duckdb', migration_name: 'again', dry_run: true });
    expect(again.status).toBeGreaterThanOrEqual(400); // the tables exist: the rehearsal fails on the engine
    expect(again.json.error.details.report.connector).toBe('duckdb');
  });

  it('migrate (model-diff) and the apply of the migration in the third input mode', async () => {
    const r = await post('/api/forward/migrate', { old_model: 'Modeler/physical/shop.model.yaml', new_model: 'Modeler/physical/shop_v2.model.yaml', dialect: 'duckdb' });
    expect(r.status).toBe(200);
    expect(r.json.sql).toMatch(/ALTER TABLE .*orders|ADD COLUMN .*phone/i);
    expect(r.json.statements.some((x: any) => /phone/.test(x.sql))).toBe(true);
    const applied = await post('/api/forward/apply', { connector: 'duckdb', old_model: 'Modeler/physical/shop.model.yaml', new_model: 'Modeler/physical/shop_v2.model.yaml', path: 'build/shop.duckdb', skip_policy_check: true });
    expect(applied.status).toBe(200);
    expect(applied.json.status).toBe('success');
    const same = await post('/api/forward/migrate', { old_model: 'Modeler/physical/shop.model.yaml', new_model: 'Modeler/physical/shop.model.yaml', dialect: 'duckdb', out: 'Modeler/physical/shop.model.yaml' });
    expect(same.status).toBe(400);
    // a file the project is read from is never replaced by generated SQL (models/marts/orders.sql was overwritten silently)
    for (const out of ['models/marts/orders.sql', 'models/marts/_marts.yml']) {
      const before = readFileSync(join(s.root, out), 'utf8');
      const model = await post('/api/forward/migrate', { old_model: 'Modeler/physical/shop.model.yaml', new_model: 'Modeler/physical/shop_v2.model.yaml', dialect: 'duckdb', out });
      expect(model.status).toBe(409);
      expect(model.json.error.message).toMatch(new RegExp(`^out ${out} is a file the project is read from.*; writing there would replace it — choose a file outside its sources, such as build/`));
      expect((await post('/api/forward/generate-sql', { model_path: 'Modeler/physical/shop.model.yaml', dialect: 'duckdb', out })).status).toBe(409);
      expect(readFileSync(join(s.root, out), 'utf8')).toBe(before);
    }
    const bad = await post('/api/forward/generate-sql', { model_path: 'Modeler/glossary/commerce.glossary.yaml', dialect: 'klingon' });
    expect(bad.status).toBe(400);
  });

  it('apply: 403 DIRECT_APPLY_DISABLED unless DM_ENABLE_DIRECT_APPLY=true; exactly one input mode', async () => {
    const off = await startTestServer({ env: {} });
    const r = await req(off.port, 'POST', '/api/forward/apply', { body: { connector: 'duckdb', sql: 'select 1' } });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('DIRECT_APPLY_DISABLED');
    await off.close();
    const two = await post('/api/forward/apply', { connector: 'duckdb', sql: 'select 1', sql_file: 'x.sql' });
    expect(two.status).toBe(400);
    const escape = await post('/api/forward/apply', { connector: 'duckdb', sql: 'select 1', report_json: '../report.json' });
    expect(escape.json.error.code).toBe('PATH_ESCAPE');
  });

  it('tform-sync: 409 CONTRACT_PREFLIGHT with model, column, file:line and the fix; nothing written', async () => {
    const inv = 'models/staging/inventory/_inventory.yml';
    const text = readFileSync(join(s.root, inv), 'utf8');
    const enforced = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: { files: [inv] }, enforce: true, force: true });
    expect([200, 207]).toContain(enforced.status);
    const before = readFileSync(join(s.root, inv), 'utf8');
    const r = await post('/api/forward/tform-sync', { projectId: s.id });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('CONTRACT_PREFLIGHT');
    const f = r.json.error.details.findings[0];
    expect(f).toMatchObject({ model: expect.any(String), column: expect.any(String), file: inv, location: expect.stringMatching(/^models\/staging\/inventory\/_inventory\.yml:\d+$/) });
    expect(f.fix).toMatch(/data_type/);
    expect(readFileSync(join(s.root, inv), 'utf8')).toBe(before);
    writeFileSync(join(s.root, inv), text); // undo for the next test
    s.session.refresh('files_changed', [inv]);
    const ok = await post('/api/forward/tform-sync', { projectId: s.id, dry_run: true });
    expect(ok.status).toBe(200);
    expect(ok.json.ok).toBe(true);
  });
});

describe('contracts enforce', () => {
  const EXTRA = `version: 2
# extra models: one typed, one not
models:
  - name: m_typed # enforceable
    columns:
      - {name: id, data_type: integer}
  - name: m_untyped
    columns:
      - {name: id}
`;
  it('207 when some selected models are changed and some refused; comments kept; 200 when all are done', async () => {
    const extra = 'models/marts/_extra.yml';
    writeFileSync(join(s.root, extra), EXTRA);
    writeFileSync(join(s.root, 'models/marts/m_typed.sql'), 'select 1 as id\n');
    writeFileSync(join(s.root, 'models/marts/m_untyped.sql'), 'select 1 as id\n');
    s.session.refresh('files_changed', [extra, 'models/marts/m_typed.sql', 'models/marts/m_untyped.sql']);
    const r = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: { files: [extra] }, enforce: true });
    expect(r.status).toBe(207);
    expect(r.json.refused).toEqual([expect.objectContaining({ code: 'CONTRACT_PREFLIGHT', model: 'm_untyped', file: extra })]);
    expect(r.json.filesChanged).toEqual([extra]);
    const text = readFileSync(join(s.root, extra), 'utf8');
    expect(text).toContain('# extra models: one typed, one not');
    expect(text).toContain('- name: m_typed # enforceable');
    const v = parse(text);
    expect(v.models[0].config.contract.enforced).toBe(true);
    expect(v.models[0].meta.modeler.contracts).toBe('enforced');
    expect(v.models[1].config).toBeUndefined();
    const undo = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: { files: [extra] }, enforce: false });
    expect(undo.status).toBe(200);
    expect(parse(readFileSync(join(s.root, extra), 'utf8')).models[0].config.contract.enforced).toBe(false);
  });

  it('409 CONTRACT_PREFLIGHT when the selected models are refused and nothing is written; 400 for no selector or an escaping file', async () => {
    const marts = 'models/marts/_marts.yml';
    const before = readFileSync(join(s.root, marts), 'utf8');
    const r = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: { layer: 'marts', files: [marts] }, enforce: true });
    expect(r.status).toBe(409);
    expect(r.json.error.code).toBe('CONTRACT_PREFLIGHT');
    expect(r.json.error.details.refused.map((x: any) => x.model).sort()).toEqual(['orders', 'rpt_daily_revenue']);
    expect(readFileSync(join(s.root, marts), 'utf8')).toBe(before);
    const escape = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: { files: ['../x.yml'] }, enforce: true });
    expect(escape.json.error.code).toBe('PATH_ESCAPE');
    const none = await post('/api/model/contracts/enforce', { projectId: s.id, selectors: {}, enforce: true });
    expect(none.status).toBe(400);
  });
});

describe('import', () => {
  it('SQL and DBML text become model YAML that validates; nothing is written; bad input is 422 IMPORT_FAILED with the line', async () => {
    const before = s.session.project.files.size;
    const sql = await post('/api/import', { format: 'sql', content: 'CREATE TABLE customer (id INTEGER PRIMARY KEY, email VARCHAR(200) NOT NULL);\nCREATE TABLE orders (id INTEGER PRIMARY KEY, customer_id INTEGER REFERENCES customer(id), total DECIMAL(12,2));\n', dialect: 'postgres', modelName: 'shop' });
    expect(sql.status).toBe(200);
    expect(sql.json).toMatchObject({ format: 'sql', model_name: 'shop', dialect: 'postgres', counts: { entities: 2, relationships: 1 } });
    expect(loadModelText(sql.json.yaml, 'x.model.yaml').ok).toBe(true);
    expect(sql.json.yaml).toContain('decimal(12,2)');
    const dbml = await post('/api/import', { format: 'dbml', content: 'Table users {\n  id int [pk]\n  name varchar\n}\n', modelName: 'crm' });
    expect(dbml.status).toBe(200);
    expect(loadModelText(dbml.json.yaml, 'y.model.yaml').ok).toBe(true);
    const bad = await post('/api/import', { format: 'sql', content: 'CREATE TABLE (;\n', dialect: 'postgres', modelName: 'x' });
    expect(bad.status).toBe(422);
    expect(bad.json.error.code).toBe('IMPORT_FAILED');
    expect(bad.json.error.details.diagnostics[0].line).toBe(1);
    expect(s.session.project.files.size).toBe(before);
  });
});
