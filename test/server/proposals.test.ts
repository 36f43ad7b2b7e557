// Proposals over a real socket: validate reports each blocking cause with its code and location,
// apply writes every file or none, patch_yaml keeps comments, the doc-block guard covers
// update_file too, and concurrent applies to one file end consistent.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { change, collectEvents, req, startTestServer, until, type TestServer } from './helpers.js';

const CONCEPTUAL = `# conceptual model of the shop
model:
  name: shop_concepts
  version: 1.0.0
  layer: conceptual
entities:
  - name: Customer
    type: concept
    description: A person who buys.
  - name: Order
    type: concept
    description: A purchase.
relationships:
  - name: customer_places_order
    from: { entity: Customer }
    to: { entity: Order }
    cardinality: one_to_many
`;

const LOGICAL = `model:
  name: customer
  version: 1.0.0
  layer: logical
entities:
  - name: Customer
    type: logical_entity
    columns:
      - name: customer_id
        data_type: integer
        primary_key: true
        # bound to the shared doc block
        description: '{{ doc("customer_id") }}'
        description_ref: { doc: customer_id }
      - name: email
        data_type: varchar
        description: E-mail.
`;

let s: TestServer;
beforeEach(async () => {
  s = await startTestServer({ files: { 'Modeler/conceptual/shop.diagram.yaml': CONCEPTUAL, 'Modeler/logical/customer.model.yaml': LOGICAL } });
});
afterEach(async () => { await s.close(); });

const validate = (changes: unknown[]) => req(s.port, 'POST', '/api/ai/proposals/validate', { body: { projectId: s.id, changes } });
const apply = (changes: unknown[]) => req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes } });
const read = (rel: string) => readFileSync(join(s.root, rel), 'utf8');

describe('validate: each cause blocks with its code and location', () => {
  it('YAML_INVALID: content that does not parse, a patch result or a model that fails the schema', async () => {
    const r = await validate([
      change({ op: 'create_file', path: 'models/new.yml', content: 'version: 2\nmodels:\n  - name: a: b\n' }),
      change({ op: 'create_file', path: 'Modeler/logical/bad.model.yaml', content: 'model:\n  name: bad\n  version: 1.0.0\nentities:\n  - name: X\n    colums: []\n' }),
      change({ op: 'create_file', path: 'Modeler/ok.md', content: 'fine' }),
    ]);
    expect(r.status).toBe(200);
    expect(r.json.valid).toBe(false);
    const [a, b, c] = r.json.results;
    expect(a).toMatchObject({ valid: false, code: 'YAML_INVALID', location: { file: 'models/new.yml', line: 3 } });
    expect(b).toMatchObject({ valid: false, code: 'YAML_INVALID', location: { file: 'Modeler/logical/bad.model.yaml', line: 6 } });
    expect(b.message).toMatch(/colums/);
    expect(c).toMatchObject({ valid: true });
    expect(r.json.summary).toEqual({ total: 3, valid: 1, blocked: 2, codes: { YAML_INVALID: 2 } });
    expect(existsSync(join(s.root, 'Modeler/ok.md'))).toBe(false); // validate writes nothing
  });

  it('PATH_ESCAPE for absolute, .., .git/ and NUL paths', async () => {
    const r = await validate(['/etc/x.yml', '../x.yml', '.git/hooks/pre-commit', 'a\u0000b.yml', 'a\\b.yml'].map((path) => change({ op: 'create_file', path, content: 'x: 1\n' })));
    expect(r.json.results.map((x: any) => x.code)).toEqual(['PATH_ESCAPE', 'PATH_ESCAPE', 'PATH_ESCAPE', 'PATH_ESCAPE', 'PATH_ESCAPE']);
  });

  it('WRONG_LAYER: physical detail in a conceptual file, by its layer or its folder', async () => {
    const r = await validate([
      change({ op: 'patch_yaml', path: 'Modeler/conceptual/shop.diagram.yaml', patch: [{ op: 'add', path: '/entities/0/columns', value: [{ name: 'id', data_type: 'integer' }] }] }),
      change({ op: 'create_file', path: 'Modeler/conceptual/dbt.yml', content: 'version: 2\nmodels:\n  - name: x\n' }),
      change({ op: 'create_file', path: 'Modeler/concepts.model.yaml', content: 'model: {name: c, version: 1.0.0, layer: conceptual}\nentities:\n  - name: A\n    physical_name: tbl_a\n' }),
      change({ op: 'patch_yaml', path: 'Modeler/conceptual/shop.diagram.yaml', patch: [{ op: 'add', path: '/entities/0/columns', value: [{ name: 'id', description: 'an attribute without a type is fine' }] }] }),
    ]);
    const [a, b, c, d] = r.json.results;
    expect(a).toMatchObject({ valid: false, code: 'WRONG_LAYER', location: { file: 'Modeler/conceptual/shop.diagram.yaml', pointer: '/entities/0/columns/0/data_type' } });
    expect(a.location.line).toBeGreaterThan(8);
    expect(b).toMatchObject({ valid: false, code: 'WRONG_LAYER', location: { pointer: '/models' } });
    expect(c).toMatchObject({ valid: false, code: 'WRONG_LAYER', location: { pointer: '/entities/0/physical_name', line: 4 } });
    expect(d.valid).toBe(true);
  });

  it('DUPLICATE_RELATIONSHIP: same endpoints and cardinality whatever the name, in the model or across the proposal', async () => {
    const dupInFile = { op: 'add', path: '/relationships/-', value: { name: 'another_name', from: { entity: 'Customer' }, to: { entity: 'Order' }, cardinality: 'one_to_many' } };
    const reversed = { op: 'add', path: '/relationships/-', value: { name: 'order_of', from: { entity: 'Order' }, to: { entity: 'Customer' }, cardinality: 'many_to_one' } };
    // a role tells two relationships between the same entities apart
    const other = { op: 'add', path: '/relationships/-', value: { name: 'gifts', from: { entity: 'Customer', role: 'gifter' }, to: { entity: 'Order' }, cardinality: 'one_to_many' } };
    const r = await validate([
      change({ op: 'patch_yaml', path: 'Modeler/conceptual/shop.diagram.yaml', patch: [dupInFile] }),
      change({ op: 'patch_yaml', path: 'Modeler/conceptual/shop.diagram.yaml', patch: [reversed] }),
      change({ op: 'patch_yaml', path: 'Modeler/conceptual/shop.diagram.yaml', patch: [other] }),
    ]);
    const [a, b, c] = r.json.results;
    expect(a).toMatchObject({ valid: false, code: 'DUPLICATE_RELATIONSHIP', location: { pointer: '/relationships/1' } });
    expect(b).toMatchObject({ valid: false, code: 'DUPLICATE_RELATIONSHIP' });
    expect(c.valid).toBe(true);
    // across files of one proposal (same layer)
    const rel = 'relationships:\n  - name: r\n    from: { entity: Customer }\n    to: { entity: Payment }\n    cardinality: one_to_many\n';
    const head = (n: string) => `model: {name: ${n}, version: 1.0.0, layer: conceptual}\nentities:\n  - name: Customer\n  - name: Payment\n`;
    const x = await validate([
      change({ op: 'create_file', path: 'Modeler/conceptual/a.diagram.yaml', content: head('a') + rel }),
      change({ op: 'create_file', path: 'Modeler/conceptual/b.diagram.yaml', content: head('b') + rel.replace('name: r', 'name: s') }),
    ]);
    expect(x.json.results[0].valid).toBe(true);
    expect(x.json.results[1]).toMatchObject({ valid: false, code: 'DUPLICATE_RELATIONSHIP', details: { other_change: 0 } });
  });

  it('DOC_BLOCK_OVERWRITE: patch_yaml and update_file that rewrite a bound description (ref or doc()), with the doc name, YAML path and .md file', async () => {
    const dbt = 'models/staging/shop/_shop__models.yml';
    const r = await validate([
      change({ op: 'patch_yaml', path: dbt, patch: [{ op: 'replace', path: '/models/0/columns/0/description', value: 'Customer key.' }] }),
      change({ op: 'update_file', path: 'Modeler/logical/customer.model.yaml', content: LOGICAL.replace(`'{{ doc("customer_id") }}'`, 'Plain text now') }),
      // allowed: the description_ref removed in the same change (an explicit unbinding), a rebinding, a non-bound column
      change({ op: 'update_file', path: 'Modeler/logical/customer.model.yaml', content: LOGICAL.replace(`'{{ doc("customer_id") }}'`, 'Plain').replace('        description_ref: { doc: customer_id }\n', '') }),
      change({ op: 'patch_yaml', path: dbt, patch: [{ op: 'replace', path: '/models/0/columns/0/description', value: '{{ doc("order_id") }}' }] }),
      change({ op: 'patch_yaml', path: dbt, patch: [{ op: 'replace', path: '/models/0/columns/1/description', value: 'First name.' }] }),
    ]);
    const [a, b, c, d, e] = r.json.results;
    expect(a).toMatchObject({ valid: false, code: 'DOC_BLOCK_OVERWRITE', location: { file: dbt, pointer: '/models/0/columns/0/description', line: 8 } });
    expect(a.details).toMatchObject({ doc: 'customer_id', doc_file: 'models/docs/_docs.md', doc_line: 3, path: '/models/0/columns/0/description',
      yaml_path: 'models[name=stg_shop__customers].columns[name=customer_id].description', after: 'Customer key.' });
    expect(a.message).toContain('models/docs/_docs.md');
    expect(b).toMatchObject({ valid: false, code: 'DOC_BLOCK_OVERWRITE', details: { doc: 'customer_id' } });
    expect([c.valid, d.valid, e.valid]).toEqual([true, true, true]);
  });

  it('NOT_FOUND, CONFLICT and PATCH_FAILED for changes that cannot be made', async () => {
    const r = await validate([
      change({ op: 'update_file', path: 'missing.yml', content: 'a: 1\n' }),
      change({ op: 'create_file', path: 'dbt_project.yml', content: 'a: 1\n' }),
      change({ op: 'patch_yaml', path: 'dbt_project.yml', patch: [{ op: 'replace', path: '/no/such/key', value: 1 }] }),
      change({ op: 'patch_yaml', path: 'dbt_project.yml', patch: [{ op: 'test', path: '/name', value: 'not_the_name' }] }),
      change({ op: 'rename_file', path: 'Modeler/logical/customer.model.yaml', to: 'dbt_project.yml' }),
    ]);
    expect(r.json.results.map((x: any) => x.code)).toEqual(['NOT_FOUND', 'CONFLICT', 'PATCH_FAILED', 'PATCH_FAILED', 'CONFLICT']);
    expect(r.json.results[2].location).toMatchObject({ file: 'dbt_project.yml', pointer: '/no/such/key' });
  });

  it('accepts what the agents propose (conceptualize, canonicalize)', async () => {
    for (const agent of ['conceptualize', 'canonicalize']) {
      const p = await req(s.port, 'POST', `/api/ai/${agent}`, { body: { projectId: s.id } });
      expect(p.status).toBe(200);
      expect(p.json.changes.length).toBeGreaterThan(0);
      const v = await validate(p.json.changes);
      expect(v.json.results.filter((x: any) => !x.valid)).toEqual([]);
    }
  });
});

describe('apply', () => {
  it('writes all changes, keeps comments under patch_yaml, answers the files, the primary file and the validation, and announces it', async () => {
    const ev = await collectEvents(s.port);
    await until(() => ev.events.length > 0, 5000, 'hello');
    const dbt = 'models/staging/shop/_shop__models.yml';
    const r = await apply([
      change({ op: 'create_file', path: 'Modeler/logical/order.model.yaml', content: 'model: {name: order, version: 1.0.0, layer: logical}\nentities:\n  - name: Order\n    columns:\n      - name: order_id\n        data_type: integer\n' }),
      change({ op: 'patch_yaml', path: dbt, patch: [
        { op: 'test', path: '/models/1/name', value: 'stg_shop__orders' },
        { op: 'replace', path: '/models/1/columns/1/description', value: 'The customer who placed the order (shop account).' },
        { op: 'add', path: '/models/1/columns/-', value: { name: 'channel', description: 'Web or store.' } },
      ] }),
      change({ op: 'rename_file', path: 'Modeler/conceptual/shop.diagram.yaml', to: 'Modeler/conceptual/shop_v2.diagram.yaml' }),
    ]);
    expect(r.status).toBe(200);
    expect(r.json.primary_file).toBe('Modeler/logical/order.model.yaml');
    expect(r.json.written.sort()).toEqual(['Modeler/conceptual/shop_v2.diagram.yaml', 'Modeler/logical/order.model.yaml', dbt].sort());
    expect(r.json.deleted).toEqual(['Modeler/conceptual/shop.diagram.yaml']);
    expect(r.json.validation).toMatchObject({ valid: true, modelFiles: 4 });
    const text = read(dbt);
    expect(text).toContain('# dbt >= 1.10 form: arguments nested under `arguments:`');
    const doc = parse(text);
    expect(doc.models[1].columns[1].description).toBe('The customer who placed the order (shop account).');
    expect(doc.models[1].columns.at(-1)).toEqual({ name: 'channel', description: 'Web or store.' });
    expect(read('Modeler/conceptual/shop_v2.diagram.yaml')).toBe(CONCEPTUAL);
    await until(() => ev.events.some((e) => e.type === 'proposal_applied'), 5000, 'event');
    const e = ev.events.find((x) => x.type === 'proposal_applied');
    expect(e.paths.sort()).toEqual([...r.json.written, ...r.json.deleted].sort());
    expect(e.version).toBe(r.json.version);
    ev.close();
    // the served project reflects it
    const files = await req(s.port, 'GET', `/api/projects/${s.id}/files`);
    expect(files.json.files.map((f: any) => f.path)).toContain('Modeler/logical/order.model.yaml');
  });

  it('writes nothing when one change is blocked: 422 PROPOSAL_INVALID with the per-change results', async () => {
    const before = read('dbt_project.yml');
    const r = await apply([
      change({ op: 'update_file', path: 'dbt_project.yml', content: before + '# changed\n' }),
      change({ op: 'create_file', path: 'Modeler/new.md', content: 'new' }),
      change({ op: 'create_file', path: 'Modeler/logical/broken.model.yaml', content: 'model: [\n' }),
    ]);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('PROPOSAL_INVALID');
    expect(r.json.error.details.results.map((x: any) => x.valid)).toEqual([true, true, false]);
    expect(read('dbt_project.yml')).toBe(before);
    expect(existsSync(join(s.root, 'Modeler/new.md'))).toBe(false);
  });

  it('refuses a doc-block overwrite with 422 DOC_BLOCK_OVERWRITE naming the doc, the YAML path and the .md file', async () => {
    const dbt = 'models/staging/shop/_shop__models.yml';
    const before = read(dbt);
    const r = await apply([change({ op: 'patch_yaml', path: dbt, patch: [{ op: 'replace', path: '/models/1/columns/0/description', value: 'Order key.' }] })]);
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('DOC_BLOCK_OVERWRITE');
    expect(r.json.error.details).toMatchObject({ doc: 'order_id', doc_file: 'models/docs/_docs.md', path: '/models/1/columns/0/description' });
    expect(r.json.error.message).toMatch(/order_id.*models\/docs\/_docs\.md/);
    expect(read(dbt)).toBe(before);
  });

  it('rolls back when a write fails half-way (a folder where a file should go): nothing changed', async () => {
    writeFileSync(join(s.root, 'Modeler/afile'), 'I am a file\n');
    const before = read('dbt_project.yml');
    const r = await apply([
      change({ op: 'update_file', path: 'dbt_project.yml', content: before + '# changed\n' }),
      change({ op: 'create_file', path: 'Modeler/afile/child.md', content: 'cannot live under a file' }),
    ]);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(read('dbt_project.yml')).toBe(before);
    expect(read('Modeler/afile')).toBe('I am a file\n');
  });

  it('after writing a .md file the doc-block index follows (the next overwrite check names the new block)', async () => {
    const r = await apply([change({ op: 'update_file', path: 'models/docs/_docs.md', content: read('models/docs/_docs.md') + '\n{% docs email_doc %}\nE-mail address.\n{% enddocs %}\n' })]);
    expect(r.status).toBe(200);
    const blocks = await req(s.port, 'GET', `/api/projects/${s.id}/doc-blocks`);
    expect(blocks.json.blocks).toContainEqual({ name: 'email_doc', file: 'models/docs/_docs.md', line: expect.any(Number) });
    const bind = await apply([change({ op: 'patch_yaml', path: 'Modeler/logical/customer.model.yaml', patch: [{ op: 'replace', path: '/entities/0/columns/1/description', value: '{{ doc("email_doc") }}' }] })]);
    expect(bind.status).toBe(200);
    const over = await validate([change({ op: 'patch_yaml', path: 'Modeler/logical/customer.model.yaml', patch: [{ op: 'replace', path: '/entities/0/columns/1/description', value: 'typed over' }] })]);
    expect(over.json.results[0]).toMatchObject({ code: 'DOC_BLOCK_OVERWRITE', details: { doc: 'email_doc', doc_file: 'models/docs/_docs.md' } });
  });

  it('concurrent applies to one file are serialised and end consistent (every append kept, the file parses)', async () => {
    const path = 'models/marts/_marts.yml';
    const n = 12;
    const rs = await Promise.all(Array.from({ length: n }, (_, i) => apply([change({ op: 'patch_yaml', path, patch: [
      { op: 'add', path: '/models/0/columns/-', value: { name: `extra_${i}`, description: `Extra ${i}.` } },
    ] })])));
    expect(rs.map((r) => r.status)).toEqual(Array(n).fill(200));
    const cols = parse(read(path)).models[0].columns.map((c: any) => c.name);
    for (let i = 0; i < n; i++) expect(cols.filter((c: string) => c === `extra_${i}`)).toHaveLength(1);
    expect(new Set(rs.map((r) => r.json.version)).size).toBe(n);
    // with a test op the later ones see the earlier ones: exactly one wins
    const race = await Promise.all(Array.from({ length: 5 }, (_, i) => apply([change({ op: 'patch_yaml', path, patch: [
      { op: 'test', path: '/models/0/description', value: parse(read(path)).models[0].description },
      { op: 'replace', path: '/models/0/description', value: `winner ${i}` },
    ] })])));
    expect(race.filter((r) => r.status === 200)).toHaveLength(1);
    expect(race.filter((r) => r.status === 422).every((r) => r.json.error.details.results[0].code === 'PATCH_FAILED')).toBe(true);
  });
});
