// Diagram edits (rename, describe, set type, add/delete column or model, relate) proposed on a
// copy of the example, applied through the proposal core, and the files read back from disk.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyProposal, loadProject, validateProposal } from '../../src/api.js';
import { validateContextOf } from '../../src/assistant/change-check.js';
import { proposeEdit, type CanvasEdit } from '../../src/proposals/canvas-edit.js';
import { copyProject } from '../assistant/helpers.js';

const MARTS = 'models/marts/_marts.yml';
const read = (dir: string, rel: string) => readFileSync(join(dir, rel), 'utf8');
const yamlOf = (dir: string, rel: string) => parse(read(dir, rel));
const modelEntry = (dir: string, rel: string, name: string) => yamlOf(dir, rel).models.find((m: any) => m.name === name);
const columnOf = (dir: string, model: string, column: string) => modelEntry(dir, MARTS, model).columns.find((c: any) => c.name === column);

/** Propose the edit on the project as it is on disk now and apply it; the proposal is returned. */
function editAndApply(dir: string, edit: CanvasEdit, modelPath?: string) {
  const p = loadProject(dir);
  const made = proposeEdit(p, edit, modelPath);
  const out = applyProposal(validateContextOf(p), made.changes);
  return { made, out };
}

const refusal = (dir: string, edit: CanvasEdit, modelPath?: string) => {
  try { proposeEdit(loadProject(dir), edit, modelPath); } catch (e: any) { return { code: e.code as string, message: e.message as string }; }
  throw new Error('the edit was not refused');
};

describe('diagram edits on a dbt project', () => {
  it('renames a model: its SQL file, its YAML entry, every ref() in SQL and the relationships tests that name it', () => {
    const dir = copyProject();
    const { out } = editAndApply(dir, { action: 'rename', table: 'stg_shop__orders', to: 'stg_shop__order' });
    expect(existsSync(join(dir, 'models/staging/shop/stg_shop__orders.sql'))).toBe(false);
    expect(existsSync(join(dir, 'models/staging/shop/stg_shop__order.sql'))).toBe(true);
    expect(modelEntry(dir, 'models/staging/shop/_shop__models.yml', 'stg_shop__order')).toBeTruthy();
    expect(read(dir, 'models/marts/orders.sql')).toContain("ref('stg_shop__order')");
    expect(read(dir, 'models/marts/customers.sql')).toContain("ref('stg_shop__order')");
    expect(read(dir, 'models/staging/stripe/_stripe__models.yml')).toContain("to: ref('stg_shop__order')");
    expect(out.written.some((f) => f.endsWith('_stripe__models.yml'))).toBe(true);
    const p = loadProject(dir);
    expect(p.modelByName.get('orders')!.refs.map((r) => r.name)).toContain('stg_shop__order');
    expect(p.modelByName.has('stg_shop__orders')).toBe(false);
  });

  it('refuses to rename onto a taken name, or a source', () => {
    const dir = copyProject();
    expect(refusal(dir, { action: 'rename', table: 'orders', to: 'customers' })).toMatchObject({ code: 'EDIT_REFUSED', message: expect.stringContaining("'customers' already exists") });
    expect(refusal(dir, { action: 'rename', table: 'orders', to: 'bad name' }).message).toContain('not a valid model name');
  });

  it('renames a column the SQL does not name, with the relationships tests and Interface key that name it; refuses one the SQL makes', () => {
    const dir = copyProject();
    expect(refusal(dir, { action: 'rename', table: 'orders', column: 'amount', to: 'total' }).message).toMatch(/named by models\/marts\/orders\.sql:\d+.*rename it in the SQL first/);
    writeFileSync(join(dir, 'models/marts/customers.sql'), "select * from {{ ref('stg_shop__customers') }}\n");
    editAndApply(dir, { action: 'rename', table: 'customers', column: 'customer_id', to: 'cust_id' });
    const customers = modelEntry(dir, MARTS, 'customers');
    expect(customers.columns[0].name).toBe('cust_id');
    expect(customers.meta.modeler.interface.unique_key).toBe('cust_id');
    const test = modelEntry(dir, MARTS, 'orders').columns.find((c: any) => c.name === 'customer_id').data_tests[0];
    expect(test.relationships.arguments).toEqual({ to: "ref('customers')", field: 'cust_id' });
  });

  it('describes a doc-bound column in its doc block, a plain one in YAML; refuses prose mixed with a doc call', () => {
    const dir = copyProject();
    const { made } = editAndApply(dir, { action: 'describe', table: 'customers', column: 'customer_id', description: 'Who bought: the shop\'s customer key.' });
    expect(made.changes.map((c) => c.path)).toEqual(['models/docs/_docs.md']);
    expect(read(dir, 'models/docs/_docs.md')).toMatch(/\{% docs customer_id %\}\nWho bought: the shop's customer key\.\n\{% enddocs %\}/);
    expect(modelEntry(dir, MARTS, 'customers').columns[0].description).toBe('{{ doc("customer_id") }}');
    editAndApply(dir, { action: 'describe', table: 'orders', column: 'amount', description: 'Paid, in dollars.' });
    expect(modelEntry(dir, MARTS, 'orders').columns.find((c: any) => c.name === 'amount').description).toBe('Paid, in dollars.');
    const text = read(dir, MARTS).replace('description: \'{{ doc("order_id") }}\'', 'description: \'Order key. {{ doc("order_id") }}\'');
    writeFileSync(join(dir, MARTS), text);
    expect(refusal(dir, { action: 'describe', table: 'orders', column: 'order_id', description: 'x' }).message).toContain('mixes prose with');
  });

  it('sets a type, adds and deletes a column, keeping the file\'s comments', () => {
    const dir = copyProject();
    writeFileSync(join(dir, MARTS), read(dir, MARTS).replace('  - name: orders\n', '  - name: orders # the fact\n'));
    editAndApply(dir, { action: 'set_type', table: 'orders', column: 'amount', data_type: 'decimal(18,2)' });
    editAndApply(dir, { action: 'add_column', table: 'orders', column: 'channel', data_type: 'varchar', description: 'Where the order came from.' });
    let cols = modelEntry(dir, MARTS, 'orders').columns;
    expect(cols.find((c: any) => c.name === 'amount').data_type).toBe('decimal(18,2)');
    expect(cols.at(-1)).toEqual({ name: 'channel', data_type: 'varchar', description: 'Where the order came from.' });
    expect(read(dir, MARTS)).toContain('- name: orders # the fact');
    expect(refusal(dir, { action: 'add_column', table: 'orders', column: 'channel' }).message).toContain('already has a column named channel');
    editAndApply(dir, { action: 'delete', table: 'orders', column: 'channel' });
    cols = modelEntry(dir, MARTS, 'orders').columns;
    expect(cols.some((c: any) => c.name === 'channel')).toBe(false);
    expect(refusal(dir, { action: 'delete', table: 'customers', column: 'customer_id' }).message).toContain('parent of relationships tests on orders.customer_id');
    // a column in the middle of the list: the ones after it move up, nothing else changes
    const names = modelEntry(dir, MARTS, 'orders').columns.map((c: any) => c.name);
    editAndApply(dir, { action: 'delete', table: 'orders', column: 'order_date' });
    expect(modelEntry(dir, MARTS, 'orders').columns.map((c: any) => c.name)).toEqual(names.filter((n: string) => n !== 'order_date'));
    expect(read(dir, MARTS)).toContain('- name: orders # the fact');
  });

  it('documents a column only its SQL returns with a new YAML entry; refuses a column the model does not have', () => {
    const dir = copyProject();
    writeFileSync(join(dir, MARTS), read(dir, MARTS).replace(/\n {6}- name: amount\n {8}description: [^\n]*/, ''));
    expect(columnOf(dir, 'orders', 'amount')).toBeUndefined();
    editAndApply(dir, { action: 'set_type', table: 'orders', column: 'amount', data_type: 'numeric' });
    expect(columnOf(dir, 'orders', 'amount')).toEqual({ name: 'amount', data_type: 'numeric' });
    expect(refusal(dir, { action: 'describe', table: 'orders', column: 'nope', description: 'x' }).message).toBe('orders has no column nope: it is not in its YAML and models/marts/orders.sql does not name it; use Add column to document a new one');
  });

  it('deletes a model nobody reads (its entry in the middle of its file); refuses one that others ref()', () => {
    const dir = copyProject();
    editAndApply(dir, { action: 'delete', table: 'stg_shop__order_items' });
    expect(existsSync(join(dir, 'models/staging/shop/stg_shop__order_items.sql'))).toBe(false);
    expect(parse(read(dir, 'models/staging/shop/_shop__models.yml')).models.map((m: any) => m.name)).toEqual(['stg_shop__customers', 'stg_shop__orders', 'stg_shop__products']);
    expect(refusal(dir, { action: 'delete', table: 'orders' }).message).toContain('read by rpt_daily_revenue');
    editAndApply(dir, { action: 'delete', table: 'rpt_daily_revenue' });
    expect(existsSync(join(dir, 'models/marts/rpt_daily_revenue.sql'))).toBe(false);
    expect(loadProject(dir).modelByName.has('rpt_daily_revenue')).toBe(false);
  });

  it('relates two columns with a relationships test in the file\'s style (data_tests, arguments:)', () => {
    const dir = copyProject();
    editAndApply(dir, { action: 'relate', table: 'orders', column: 'store_id', to_table: 'stg_stores', to_column: 'store_id' });
    const col = modelEntry(dir, MARTS, 'orders').columns.find((c: any) => c.name === 'store_id');
    expect(col.data_tests).toEqual([{ relationships: { arguments: { to: "ref('stg_stores')", field: 'store_id' } } }]);
    const edge = loadProject(dir).modelByName.get('orders')!.columns.find((c) => c.name === 'store_id')!.tests[0];
    expect(edge).toMatchObject({ name: 'relationships', key: 'data_tests' });
    expect(refusal(dir, { action: 'relate', table: 'orders', column: 'store_id', to_table: 'stg_stores', to_column: 'store_id' }).message).toContain('already has a relationships test');
  });

  it('a proposal whose element is gone since is refused stale, and nothing is written', () => {
    const dir = copyProject();
    const p = loadProject(dir);
    const made = proposeEdit(p, { action: 'set_type', table: 'orders', column: 'amount', data_type: 'numeric' });
    const text = read(dir, MARTS).replace(/\n {6}- name: amount\n {8}description: [^\n]*/, '');
    writeFileSync(join(dir, MARTS), text);
    const v = validateProposal(validateContextOf(loadProject(dir)), made.changes);
    expect(v.results[0]).toMatchObject({ valid: false, code: 'STALE_PROPOSAL' });
    expect(() => applyProposal(validateContextOf(loadProject(dir)), made.changes)).toThrow(expect.objectContaining({ code: 'STALE_PROPOSAL' }));
    expect(read(dir, MARTS)).toBe(text);
  });
});

describe('diagram edits on a Modeler model file', () => {
  const FILE = 'Modeler/models/sales.model.yaml';
  const model = `kind: model
model: {name: sales, version: 1.0.0, layer: logical}
entities:
  - name: Customer
    columns:
      - {name: customer_id, primary_key: true}
  - name: Order
    columns:
      - {name: order_id, primary_key: true}
      - {name: customer_id}
`;
  it('relates two entity columns, renames an entity (its relationship follows), refuses deleting a related column', () => {
    const dir = copyProject();
    mkdirSync(join(dir, 'Modeler/models'), { recursive: true });
    writeFileSync(join(dir, FILE), model);
    editAndApply(dir, { action: 'relate', table: 'Order', column: 'customer_id', to_table: 'Customer', to_column: 'customer_id' }, FILE);
    expect(yamlOf(dir, FILE).relationships).toEqual([{ from: 'Order.customer_id', to: 'Customer.customer_id', cardinality: 'many_to_one' }]);
    editAndApply(dir, { action: 'rename', table: 'Customer', to: 'Client' }, FILE);
    expect(yamlOf(dir, FILE).entities[0].name).toBe('Client');
    expect(yamlOf(dir, FILE).relationships[0].to).toBe('Client.customer_id');
    expect(refusal(dir, { action: 'delete', table: 'Order', column: 'customer_id' }, FILE).message).toContain('is an end of the relationship');
    editAndApply(dir, { action: 'set_type', table: 'Order', column: 'order_id', data_type: 'bigint' }, FILE);
    expect(yamlOf(dir, FILE).entities[1].columns[0].data_type).toBe('bigint');
  });
});
