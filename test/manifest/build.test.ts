// `modeler manifest build` on a small project written here, and on the embedded example.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { checkModelerManifestText } from '../../src/manifest/modeler-manifest.js';
import { entityNameForModel, interfaceVersion } from '../../src/manifest/build.js';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { vector, writeJson } from './helpers.js';
import { withModelFiles } from '../helpers/dbt-project.js';

function project(files: Record<string, string>): string {
  const dir = tempDir('modeler-build-');
  for (const [rel, text] of Object.entries(withModelFiles(files))) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

const MARTS = `version: 2
models:
  - name: dim_customers
    description: One row per customer.
    meta:
      modeler:
        interface: {enabled: true, owner: crm@shop.test, domain: Sales Ops, status: active, version: v3, unique_key: customer_id, stability: contracted}
    columns:
      - name: customer_id
        data_type: integer
        data_tests: [unique, not_null]
      - name: email
        data_type: varchar
        description: '{{ doc("email") }}'
  - name: fct_orders
    meta:
      modeler:
        interface: {owner: fin@shop.test, domain: sales, status: active, version: "2.1.0", stability: shared}
    columns:
      - {name: order_id, data_type: bigint}
      - {name: amount}
      - {name: status}
  - name: rpt_revenue
    meta: {modeler: {interface: {domain: sales, version: v1, stability: internal}}}
    columns: [{name: day, data_type: date}]
  - name: int_disabled
    meta: {modeler: {interface: {enabled: false, domain: sales, version: v1, stability: shared}}}
  - name: no_domain
    meta: {modeler: {interface: {enabled: true, version: v1}}}
    columns: [{name: x, data_type: int}]
  - name: bad_version
    meta: {modeler: {interface: {enabled: true, domain: sales, version: latest}}}
  - name: order_summary
    meta: {modeler: {interface: {enabled: true, domain: sales, version: v1, entity: Order, contract: order_facts}}}
    columns: [{name: orders, data_type: integer}]
  - name: returns_daily
    meta: {modeler: {interface: {enabled: true, domain: sales, version: v1, entity: return_event}}}
    columns: [{name: day, data_type: date}]
`;
const LOGICAL = `model: {name: sales_logical, version: 1.0.0, domain: sales, layer: logical}
entities:
  - name: Order
    physical_name: fct_orders
    description: A placed order.
    columns:
      - {name: order_id, data_type: bigint, primary_key: true}
      - {name: amount, data_type: "decimal(12,2)"}
  - name: shipment
    columns:
      - {name: shipment_id, data_type: integer, primary_key: true}
`;
const CATALOG = JSON.stringify({ nodes: { 'model.shop.fct_orders': { columns: { STATUS: { name: 'STATUS', type: 'VARCHAR' } } } } });
const FILES = {
  'dbt_project.yml': 'name: shop\nversion: "1.0"\nprofile: shop\nmodel-paths: [models]\n',
  'models/marts/_marts.yml': MARTS,
  'models/docs.md': '{% docs email %}\nThe customer\'s email address.\n{% enddocs %}\n',
  'Modeler/logical/sales.model.yaml': LOGICAL,
  'target/catalog.json': CATALOG,
};

const contractsOf = (mm: any) => mm.domains.flatMap((d: any) => d.entities.flatMap((e: any) => (e.contracts ?? []).map((c: any) => ({ ...c, entity: e.name, domain: d.name }))));

describe('modeler manifest build', () => {
  const dir = project(FILES);
  const out = join(dir, 'target', 'modeler-manifest.json');
  const r = runCli(['manifest', 'build', '--project', dir, '--out', out], { env: { SOURCE_DATE_EPOCH: '1777777777' } });
  const mm = JSON.parse(readFileSync(out, 'utf8'));
  it('writes a manifest that validates against its own schema', () => {
    expect(r.code).toBe(0);
    expect(checkModelerManifestText(readFileSync(out, 'utf8'), out).diagnostics).toEqual([]);
    expect(mm).toMatchObject({ manifestSpecVersion: '1.0.0', project: { name: 'shop' }, generatedAt: '2026-05-03T03:09:37.000Z' });
  });
  it('one contract per Interface: domain.Entity.name with an integer version', () => {
    expect(contractsOf(mm).map((c: any) => `${c.id}@${c.version}`).sort()).toEqual([
      'sales.Order.fct_orders@2', 'sales.Order.order_facts@1', 'sales.ReturnEvent.returns_daily@1', 'sales_ops.Customer.dim_customers@3',
    ]);
  });
  it('output signatures carry names and types from the YAML, the logical model or target/catalog.json', () => {
    const fct = contractsOf(mm).find((c: any) => c.id === 'sales.Order.fct_orders');
    expect(fct.signature.outputs.map((o: any) => [o.name, o.type])).toEqual([['order_id', 'bigint'], ['amount', 'decimal(12,2)'], ['status', 'VARCHAR']]);
    const dim = contractsOf(mm).find((c: any) => c.id === 'sales_ops.Customer.dim_customers');
    expect(dim.signature.outputs).toEqual([
      { name: 'customer_id', type: 'integer', constraints: ['not_null', 'unique'] },
      { name: 'email', type: 'varchar', description: "The customer's email address." },
    ]);
    expect(dim).toMatchObject({ owner: 'crm@shop.test', status: 'active', stability: 'contracted', tform_model: 'dim_customers' });
  });
  it('logical entities appear with their fields, with or without contracts', () => {
    const sales = mm.domains.find((d: any) => d.name === 'sales');
    expect(sales.entities.map((e: any) => e.name)).toEqual(['Order', 'ReturnEvent', 'Shipment']);
    expect(sales.entities[0]).toMatchObject({ description: 'A placed order.', binding: { kind: 'tform_model', ref: 'fct_orders' } });
    expect(sales.entities[2].fields).toEqual([{ name: 'shipment_id', type: 'integer', primary_key: true }]);
  });
  it('non-Interfaces get no contract; unusable Interfaces are warnings, recorded in the manifest', () => {
    const ids = contractsOf(mm).map((c: any) => c.tform_model);
    for (const n of ['rpt_revenue', 'int_disabled', 'no_domain', 'bad_version']) expect(ids).not.toContain(n);
    expect(r.stdout).toContain("warning[INTERFACE_NO_DOMAIN]: Interface 'no_domain' has no domain");
    expect(r.stdout).toContain("warning[INTERFACE_BAD_VERSION]: Interface 'bad_version' version 'latest'");
    expect(mm.diagnostics.map((d: any) => d.code).sort()).toEqual(['INTERFACE_BAD_VERSION', 'INTERFACE_NO_DOMAIN']);
  });
  it('rebuilding gives the same bytes', () => {
    const again = join(dir, 'again.json');
    runCli(['manifest', 'build', '--project', dir, '--out', again], { env: { SOURCE_DATE_EPOCH: '1777777777' } });
    expect(readFileSync(again, 'utf8')).toBe(readFileSync(out, 'utf8'));
  });
  it('check-contracts resolves blocks against the built manifest and catches drift', () => {
    const q = vector('valid-minimal.json');
    q.blocks = [{ name: 'orders_by_status', domain: 'sales', type: 'custom', status: 'certified', owner: 'fin@shop.test',
      modeler_contract: 'sales.Order.fct_orders@2', query: 'select order_id, amount, status from fct_orders',
      outputs: [
        { name: 'order_id', type: 'BIGINT', lineage: [{ kind: 'tform_model_column', ref: 'fct_orders.order_id' }] },
        { name: 'amount', type: 'numeric(12,2)', lineage: [{ kind: 'tform_model_column', ref: 'fct_orders.amount' }] },
        { name: 'status', type: 'text', lineage: [{ kind: 'tform_model_column', ref: 'fct_orders.status' }] },
      ] }];
    const f = writeJson({ 'q.json': q });
    expect(runCli(['manifest', 'check-contracts', '--manifest', f['q.json'], '--modeler-manifest', out]).code).toBe(0);
    q.blocks[0].outputs[1].type = 'varchar';
    const g = writeJson({ 'q.json': q });
    const drift = runCli(['manifest', 'check-contracts', '--manifest', g['q.json'], '--modeler-manifest', out]);
    expect(drift.code).toBe(1);
    expect(drift.stdout).toContain("column 'amount' has an incompatible type");
  });
});

describe('build failures and the embedded example', () => {
  it('two Interfaces claiming the same contract: exit 1, nothing written', () => {
    const dir = project({ ...FILES, 'models/marts/_more.yml': `version: 2
models:
  - name: fct_orders_v2
    meta: {modeler: {interface: {enabled: true, domain: sales, version: v2, entity: Order, contract: fct_orders}}}
` });
    const out = join(dir, 'mm.json');
    const r = runCli(['manifest', 'build', '--project', dir, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('error[DUPLICATE_CONTRACT]');
    expect(r.stderr).toContain('sales.Order.fct_orders@2');
    expect(existsSync(out)).toBe(false);
  });
  it('a property file that does not parse fails the build (it may hold an Interface): exit 1, nothing written', () => {
    const dir = project({ ...FILES, 'models/marts/_broken.yml': 'version: 2\nmodels:\n  - name: fct_x\n    columns: [\n' });
    const out = join(dir, 'mm.json');
    const r = runCli(['manifest', 'build', '--project', dir, '--out', out]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/models\/marts\/_broken\.yml:5:1: error\[YAML_SYNTAX\]/);
    expect(existsSync(out)).toBe(false);
  });
  it('builds the embedded jaffle_shop example', () => {
    const out = join(tempDir(), 'mm.json');
    const r = runCli(['manifest', 'build', '--project', EXAMPLE, '--out', out, '--output-json']);
    expect(r.code).toBe(0);
    const mm = JSON.parse(readFileSync(out, 'utf8'));
    expect(contractsOf(mm).map((c: any) => `${c.id}@${c.version}`)).toEqual(['sales.Customer.customers@1', 'sales.Order.orders@2']);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, contracts: 2 });
  });
  it('a missing project directory is a usage error', () => {
    const r = runCli(['manifest', 'build', '--project', '/nonexistent/project', '--out', join(tempDir(), 'x.json')]);
    expect(r.code).toBe(64);
  });
  it('naming helpers', () => {
    expect(['dim_customers', 'fct_order_items', 'stg_shop__orders', 'customers', 'people'].map(entityNameForModel))
      .toEqual(['Customer', 'OrderItem', 'ShopOrder', 'Customer', 'Person']);
    expect(['v3', '3', '2.1.0', 'V1', 'v0', 'latest', undefined].map(interfaceVersion)).toEqual([3, 3, 2, 1, undefined, undefined, undefined]);
  });
});
