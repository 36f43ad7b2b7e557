import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { canonicalize } from '../../src/agents/canonicalizer.js';
import { schemaValidator } from '../../src/core/json-schema.js';
import { parentChild, endpoint } from '../../src/core/model/access.js';
import { loadModelText } from '../../src/core/model/load.js';
import { loadProject } from '../../src/core/project/load.js';
import { EXAMPLE } from '../helpers/cli.js';
import { applyToCopy, FIXTURES, modelsYaml, writeProject } from './helpers.js';

const validProposal = schemaValidator('proposal.schema.json');
const projects = readdirSync(FIXTURES).filter((d) => existsSync(join(FIXTURES, d, 'expected.yaml'))).sort()
  .map((d) => ({ name: d, dir: resolve(FIXTURES, d, parse(readFileSync(join(FIXTURES, d, 'expected.yaml'), 'utf8')).project) }));

describe('Conceptualizer on the example project', () => {
  const project = loadProject(EXAMPLE);
  const p = conceptualize(project);

  it('returns a diagram proposal that validates against schemas/proposal.schema.json', () => {
    expect(validProposal(p), JSON.stringify(validProposal.errors)).toBe(true);
    expect(p).toMatchObject({ kind: 'diagram', agent: 'conceptualizer' });
  });

  it('one entity per business noun, sources from every system', () => {
    expect(p.entities.find((e) => e.name === 'Customer')).toEqual({
      name: 'Customer', label: 'Customer', domain: 'crm', description: 'Shop customers, one row per registered customer.',
      sources: ['stg_shop__customers', 'stg_stripe__customers'],
    });
    expect(p.entities.find((e) => e.name === 'OrderItem')!.label).toBe('Order Item');
  });

  it('reads like a modeler wrote it', () => {
    const sentences = p.relationships.map((r) => `${r.from} ${r.verb} ${r.to}`);
    expect(sentences).toEqual(expect.arrayContaining(['Customer places Order', 'Order contains OrderItem', 'Product appears on OrderItem',
      'Payment settles Order', 'Store fulfils Order']));
    for (const r of p.relationships) {
      expect(r.verb).not.toMatch(/^has$/i);
      expect(r.verb.toLowerCase()).not.toContain(r.from.toLowerCase());
    }
  });

  it('one create_file change whose diagram validates and reads back through the project reader', () => {
    expect(p.changes).toHaveLength(1);
    const [c] = p.changes;
    expect(c).toMatchObject({ op: 'create_file', path: 'Modeler/conceptual/jaffle_shop.diagram.yaml' });
    expect(c.validation_impact).toMatch(/^Validates against schemas\/model.schema.json/);
    for (const f of c.source_context) expect(existsSync(join(EXAMPLE, f)), f).toBe(true);
    const applied = loadProject(applyToCopy(EXAMPLE, p.changes));
    const lm = applied.modelerFiles.find((m) => m.file === c.path)!;
    expect(lm.diagnostics).toEqual([]);
    expect(lm.model!.kind).toBe('diagram');
    expect(lm.model!.model.layer).toBe('conceptual');
    expect(lm.model!.entities.map((e) => e.name)).toEqual(p.entities.map((e) => e.name));
    expect(lm.model!.relationships.map((r) => [endpoint(r.from).entity, r.verb, endpoint(r.to).entity, r.cardinality]))
      .toEqual(p.relationships.map((r) => [r.from, r.verb, r.to, r.cardinality]));
    expect(applied.diagnostics.filter((d) => d.file === c.path)).toEqual([]);
  });

  it('proposes update_file when the diagram already exists', () => {
    const dir = applyToCopy(EXAMPLE, p.changes);
    const again = conceptualize(loadProject(dir));
    expect(again.changes[0].op).toBe('update_file');
    expect(again.changes[0].content).toBe(p.changes[0].content);
  });
});

describe('Conceptualizer on the labelled projects', () => {
  for (const { name, dir } of projects) {
    it(`${name}: proposal and diagram validate; relationships point from the keys' owners`, () => {
      const project = loadProject(dir);
      const p = conceptualize(project);
      expect(validProposal(p), JSON.stringify(validProposal.errors?.slice(0, 3))).toBe(true);
      for (const f of p.changes[0].source_context) expect(existsSync(join(dir, f)), `${name}: ${f}`).toBe(true);
      const lm = loadModelText(p.changes[0].content!, p.changes[0].path);
      expect(lm.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const entityOf = new Map(p.entities.flatMap((e) => e.sources.map((s) => [s, e.name] as const)));
      lm.model!.relationships.forEach((r, i) => {
        const rel = p.relationships[i];
        if (rel.cardinality === 'many_to_many') {
          // through an association table that holds both keys
          const bridge = project.modelByName.get(rel.sources[0])!;
          for (const col of [rel.from_column, rel.to_column]) expect(bridge.columns.some((c) => c.name === col), `${name}: ${rel.sources[0]}.${col}`).toBe(true);
          expect(r.meta?.through).toBe(rel.through);
          return;
        }
        // one_to_many / one_to_one: from is the parent; many_to_one: to is; the declaring model is the child
        const { child, parent } = parentChild(r)!;
        for (const s of rel.sources) expect(entityOf.get(s), `${name}: ${s}`).toBe(child.entity);
        const fk = rel.cardinality === 'many_to_one' ? rel.from_column : rel.to_column;
        const model = project.modelByName.get(rel.sources[0])!;
        expect(model.columns.some((c) => c.name === fk) || model.tests.some((t) => t.args.column_name === fk), `${name}: ${fk}`).toBe(true);
        expect(parent.entity).toBe(rel.cardinality === 'many_to_one' ? rel.to : rel.from);
      });
    });
  }

  it('models of other packages (known from target/manifest.json) are context, never entities of the project', () => {
    const project = loadProject(join(FIXTURES, 'saas_crm'));
    expect(project.packageNodes.some((n) => n.name === 'stg_hubspot__deal_pipeline_stage')).toBe(true);
    const p = conceptualize(project);
    expect(p.entities.some((e) => e.sources.includes('stg_hubspot__deal_pipeline_stage'))).toBe(false);
  });

  it('base_ helpers join the entity of the staging model that selects from them', () => {
    const p = conceptualize(loadProject(join(FIXTURES, 'ecommerce_shopify')));
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toEqual(['stg_shopify__orders', 'base_shopify__orders', 'base_shopify__orders_archive']);
    expect(p.entities.some((e) => e.name.includes('Archive'))).toBe(false);
  });

  it('a domain the model declares wins over the dictionary', () => {
    const p = conceptualize(loadProject(join(FIXTURES, 'saas_crm')));
    expect(p.entities.find((e) => e.name === 'User')!.domain).toBe('product'); // config.meta.domain
    expect(p.entities.find((e) => e.name === 'Workspace')!.domain).toBe('product'); // meta.domain
    expect(p.entities.find((e) => e.name === 'Plan')!.domain).toBe('finance'); // dictionary
  });
});

describe('Conceptualizer edge cases', () => {
  it('no staging-named models: zero entities and a note, no file', () => {
    const dir = writeProject({ 'models/marts/_m.yml': modelsYaml([['dim_customers', '- name: customer_id\n'], ['fct_orders', '- name: order_id\n']]) });
    const p = conceptualize(loadProject(dir));
    expect(p.entities).toEqual([]);
    expect(p.relationships).toEqual([]);
    expect(p.changes).toEqual([]);
    expect(p.notes[0]).toContain('No staging models found in 2 model(s)');
    expect(validProposal(p)).toBe(true);
  });

  it('models from SQL files alone are found by name or /staging/ path', () => {
    const dir = writeProject({ 'models/staging/erp/vendors.sql': 'select 1 as vendor_id\n', 'models/raw_erp__invoices.sql': 'select 1\n', 'models/marts/dim_x.sql': 'select 1\n' });
    const p = conceptualize(loadProject(dir));
    expect(p.entities.map((e) => e.name)).toEqual(['Invoice', 'Vendor']);
    expect(p.notes.some((n) => n.includes('No relationships are declared'))).toBe(true);
  });

  it('an entity with no dictionary word falls into the general domain', () => {
    const dir = writeProject({ 'models/staging/stg_misc__widgets.sql': 'select 1\n' });
    expect(conceptualize(loadProject(dir)).entities[0]).toMatchObject({ name: 'Widget', domain: 'general' });
  });

  it('a property file that does not parse is named in a note (its relationships would otherwise vanish silently)', () => {
    const dir = writeProject({
      'models/staging/stg_shop__orders.sql': 'select 1 as order_id, 1 as customer_id\n',
      'models/staging/stg_shop__customers.sql': 'select 1 as customer_id\n',
      'models/staging/_m.yml': 'version: 2\nmodels:\n  - name: stg_shop__orders\n    columns: [\n',
    });
    const p = conceptualize(loadProject(dir));
    expect(p.entities.map((e) => e.name)).toEqual(['Customer', 'Order']);
    expect(p.notes[0]).toMatch(/^1 problem\(s\) reading project files.*models\/staging\/_m\.yml:5:1 /);
    expect(canonicalize(loadProject(dir)).notes.some((n) => n.includes('models/staging/_m.yml:5:1'))).toBe(true);
    expect(validProposal(p)).toBe(true);
    // a clean project gets no such note
    expect(conceptualize(loadProject(EXAMPLE)).notes.some((n) => n.includes('reading project files'))).toBe(false);
  });

  it('conflicting declared domains are noted', () => {
    const dir = writeProject({ 'models/staging/_m.yml': 'version: 2\nmodels:\n  - name: stg_a__orders\n    meta: {domain: sales}\n  - name: stg_b__orders\n    meta: {domain: commerce}\n' });
    const p = conceptualize(loadProject(dir));
    expect(p.entities[0].domain).toBe('sales');
    expect(p.notes.some((n) => n.includes('different domains'))).toBe(true);
  });
});
