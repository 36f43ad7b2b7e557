import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalize } from '../../src/agents/canonicalizer.js';
import { UserError } from '../../src/core/diagnostics.js';
import { schemaValidator } from '../../src/core/json-schema.js';
import { loadProject } from '../../src/core/project/load.js';
import { EXAMPLE } from '../helpers/cli.js';
import { applyToCopy, FIXTURES, modelsYaml, writeProject } from './helpers.js';

const validProposal = schemaValidator('proposal.schema.json');

describe('Canonicalizer on the example project (min-recurrence 2)', () => {
  const project = loadProject(EXAMPLE);
  const p = canonicalize(project);

  it('lifts the columns shop and Stripe customers share into one Customer entity', () => {
    expect(validProposal(p), JSON.stringify(validProposal.errors)).toBe(true);
    expect(p).toMatchObject({ kind: 'canonical', agent: 'canonicalizer', min_recurrence: 2 });
    expect(p.entities.map((e) => e.name)).toEqual(['Customer']);
    const [customer] = p.entities;
    expect(customer.sources).toEqual(['stg_shop__customers', 'stg_stripe__customers']);
    expect(customer.columns.map((c) => [c.name, c.doc, c.primary_key ?? false])).toEqual([
      ['customer_id', 'customer__customer_id', true], ['email', 'customer__email', false], ['created_at', 'customer__created_at', false],
    ]);
  });

  it('takes the longest description (doc blocks resolved) and notes the divergence', () => {
    const id = p.entities[0].columns[0];
    expect(id.description).toBe(project.docs.get('customer_id')!.body); // stg_shop__customers uses {{ doc("customer_id") }}
    expect(p.entities[0].columns[1].description).toBe('E-mail address Stripe has on file.');
    expect(p.notes).toContain('Customer.email: divergent descriptions across stg_shop__customers, stg_stripe__customers; picked the longest (from stg_stripe__customers); review the doc block.');
    expect(p.notes.some((n) => n.startsWith('Customer: 2 column(s) occur in only one staging model') && n.includes('first_name (stg_shop__customers)'))).toBe(true);
  });

  it('one create_file for the doc blocks and one per logical entity; both read back through the project reader', () => {
    expect(p.changes.map((c) => [c.op, c.path])).toEqual([['create_file', 'Modeler/docs/_canonical.md'], ['create_file', 'Modeler/logical/customer.model.yaml']]);
    const applied = loadProject(applyToCopy(EXAMPLE, p.changes));
    expect(applied.diagnostics.filter((d) => d.file?.startsWith('Modeler/docs') || d.file?.startsWith('Modeler/logical'))).toEqual([]);
    const lm = applied.modelerFiles.find((m) => m.file === 'Modeler/logical/customer.model.yaml')!;
    expect(lm.ok).toBe(true);
    expect(lm.model!.model.layer).toBe('logical');
    const entity = lm.model!.entities[0];
    expect(entity).toMatchObject({ name: 'Customer', type: 'logical_entity' });
    for (const col of entity.columns) {
      const want = p.entities[0].columns.find((c) => c.name === col.name)!;
      expect(col.description_ref).toEqual({ doc: want.doc });
      expect(col.description).toBe(`{{ doc("${want.doc}") }}`);
      expect(applied.docs.get(want.doc)).toMatchObject({ file: 'Modeler/docs/_canonical.md', body: want.description });
    }
  });

  it('running again on the applied project proposes the same files as updates', () => {
    const dir = applyToCopy(EXAMPLE, p.changes);
    const again = canonicalize(loadProject(dir));
    expect(again.changes.map((c) => [c.op, c.path])).toEqual([['update_file', 'Modeler/docs/_canonical.md'], ['update_file', 'Modeler/logical/customer.model.yaml']]);
    expect(again.changes.map((c) => c.content)).toEqual(p.changes.map((c) => c.content));
  });
});

describe('Canonicalizer options and edge cases', () => {
  it('min-recurrence 1 lifts every entity', () => {
    const p = canonicalize(loadProject(EXAMPLE), { minRecurrence: 1 });
    expect(p.entities.map((e) => e.name)).toEqual(['Customer', 'Order', 'OrderItem', 'Payment', 'Product', 'Store', 'Supply']);
    expect(p.changes).toHaveLength(8);
    expect(validProposal(p)).toBe(true);
    const applied = loadProject(applyToCopy(EXAMPLE, p.changes));
    expect(applied.modelerFiles.filter((m) => m.file.startsWith('Modeler/logical/')).every((m) => m.ok)).toBe(true);
  });

  it.each([0, -1, 1.5])('min-recurrence %s is a usage error (exit 64)', (n) => {
    expect(() => canonicalize(loadProject(EXAMPLE), { minRecurrence: n })).toThrow(UserError);
    try { canonicalize(loadProject(EXAMPLE), { minRecurrence: n }); } catch (e) { expect((e as UserError).exitCode).toBe(64); }
  });

  it('no recurring column: zero entities and a note on what to do', () => {
    const dir = writeProject({ 'models/staging/_m.yml': modelsYaml([['stg_a__orders', '- name: order_id\n'], ['stg_b__invoices', '- name: invoice_id\n']]) });
    const p = canonicalize(loadProject(dir));
    expect(p.entities).toEqual([]);
    expect(p.changes).toEqual([]);
    expect(p.notes[0]).toMatch(/^No column recurs in at least 2 staging model\(s\) of the same entity/);
    expect(p.notes[0]).toContain('Lower {opt:min_recurrence} to 1 or add sibling staging models');
    expect(validProposal(p)).toBe(true);
  });

  it('divergent types: the first in sorted order wins and the choice is noted', () => {
    const dir = writeProject({ 'models/staging/_m.yml': modelsYaml([
      ['stg_shop__orders', '- name: amount\n  data_type: numeric(12,2)\n  description: Order total.\n'],
      ['stg_pos__orders', '- name: amount\n  data_type: DECIMAL(12,2)\n  description: Order total in the store currency, tax included.\n'],
      ['stg_web__orders', '- name: amount\n  data_type: NUMERIC(12,2)\n'],
    ]) });
    const p = canonicalize(loadProject(dir));
    const amount = p.entities[0].columns[0];
    expect(amount).toMatchObject({ name: 'amount', data_type: 'DECIMAL(12,2)', description: 'Order total in the store currency, tax included.', sources: ['stg_pos__orders', 'stg_shop__orders', 'stg_web__orders'] });
    expect(p.notes).toContain('Order.amount: divergent types [DECIMAL(12,2), numeric(12,2)]; picked DECIMAL(12,2) (first in sorted order); reconcile the staging models.');
  });

  it('two separately unique columns are two candidate keys, not one composite primary key (issue 11)', () => {
    const cols = '- name: customer_id\n  data_tests: [unique, not_null]\n- name: email\n  data_tests: [unique]\n- name: name\n';
    const dir = writeProject({ 'models/staging/_m.yml': modelsYaml([['stg_shop__customers', cols], ['stg_crm__customers', cols]]) });
    const p = canonicalize(loadProject(dir));
    expect(p.entities[0].columns.map((c) => [c.name, c.primary_key ?? false, c.unique ?? false])).toEqual([
      ['customer_id', true, false], ['email', false, true], ['name', false, false],
    ]);
    expect(validProposal(p), JSON.stringify(validProposal.errors)).toBe(true);
    // the logical model as the reader loads it: one primary-key column, the other key stays unique
    const lm = loadProject(applyToCopy(dir, p.changes)).modelerFiles.find((m) => m.file === 'Modeler/logical/customer.model.yaml')!;
    expect(lm.ok).toBe(true);
    const columns = lm.model!.entities[0].columns;
    expect(columns.filter((c) => c.primary_key).map((c) => c.name)).toEqual(['customer_id']);
    expect(columns.find((c) => c.name === 'email')).toMatchObject({ unique: true });
  });

  it('helpers (base_, _tmp) do not count as recurrence', () => {
    const p = canonicalize(loadProject(join(FIXTURES, 'ecommerce_shopify')));
    expect(p.entities.map((e) => e.name)).toEqual(['Customer']); // Order's base_ models repeat its columns
    expect(p.entities[0].columns.map((c) => c.name)).toEqual(['customer_id', 'email', 'created_at']);
  });

  it('a doc name already used elsewhere in the project gets a suffix instead of colliding', () => {
    const dir = writeProject({
      'models/docs.md': '{% docs order__order_id %}\nHand-written.\n{% enddocs %}\n',
      'models/staging/_m.yml': modelsYaml([['stg_a__orders', '- name: order_id\n'], ['stg_b__orders', '- name: order_id\n']]),
    });
    const p = canonicalize(loadProject(dir));
    expect(p.entities[0].columns[0].doc).toBe('order__order_id_canonical');
    const applied = loadProject(applyToCopy(dir, p.changes));
    expect(applied.diagnostics.filter((d) => d.code === 'DOC_DUPLICATE')).toEqual([]);
    expect(applied.docs.get('order__order_id')!.body).toBe('Hand-written.');
  });

  it('the same noun from different sources shares a bucket; different nouns never do', () => {
    const dir = writeProject({ 'models/staging/_m.yml': modelsYaml([
      ['stg_shop__order_items', '- name: quantity\n'], ['stg_menu__menu_items', '- name: quantity\n'], ['stg_pos__order_items', '- name: quantity\n'],
    ]) });
    const p = canonicalize(loadProject(dir));
    expect(p.entities.map((e) => [e.name, e.sources])).toEqual([['OrderItem', ['stg_pos__order_items', 'stg_shop__order_items']]]);
  });

  it('names beyond ASCII keep their letters; doc-block names stay ASCII and the blocks read back', () => {
    const dir = writeProject({ 'models/staging/_m.yml': modelsYaml([
      ['stg_a__cafés', '- name: café_id\n  description: Café key.\n'], ['stg_b__cafés', '- name: café_id\n'],
    ]) });
    const p = canonicalize(loadProject(dir));
    expect(p.entities.map((e) => e.name)).toEqual(['Café']);
    expect(p.entities[0].columns[0]).toMatchObject({ name: 'café_id', doc: 'cafe__cafe_id' });
    expect(p.changes[0].validation_impact).toMatch(/^Parses as 1 doc block/);
    const applied = loadProject(applyToCopy(dir, p.changes));
    expect(applied.docs.get('cafe__cafe_id')?.body).toBe('Café key.');
  });
});
