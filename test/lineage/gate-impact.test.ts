// `modeler gate old new --project-dir DIR`: a removed column of an entity that is a node of the
// dbt project says what dropping it breaks downstream (column lineage), in text and JSON.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { tinyProject } from '../helpers/tiny-dbt.js';

const MODEL = (cols: string) => `
model: {name: shop, version: 1.0.0, domain: sales}
entities:
  - name: Order
    type: table
    physical_name: stg_shop__orders
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
${cols}`;

describe('the breaking-change gate with column lineage', () => {
  it('names the downstream columns, tests and Interfaces a removed column breaks', () => {
    const dir = tempDir('modeler-gate-lineage-');
    const oldFile = join(dir, 'old.model.yaml'), newFile = join(dir, 'new.model.yaml');
    writeFileSync(oldFile, MODEL('      - {name: customer_id, data_type: integer}\n'));
    writeFileSync(newFile, MODEL(''));
    const plain = runCli(['gate', oldFile, newFile]);
    expect(plain.code).toBe(2);
    expect(plain.stdout).not.toContain('breaks');
    const r = runCli(['gate', oldFile, newFile, '--project-dir', EXAMPLE]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('BREAKING: column Order.customer_id removed; dropping `stg_shop__orders.customer_id` breaks `orders.customer_id` (Interface); 3 test(s) read them');
    const j = JSON.parse(runCli(['gate', oldFile, newFile, '--project-dir', EXAMPLE, '--output-json']).stdout);
    expect(j.changes[0].impact).toEqual({ columns: ['orders.customer_id'], tests: 3, contracts: [], interfaces: ['orders'] });
  });
});

describe('the gate reads the project with --vars, --target and --profiles-dir, as lineage does', () => {
  // orders keeps customer_id only when a var says so and the target is not `ci`
  const project = () => tinyProject({
    'models/sources.yml': 'version: 2\nsources:\n  - name: shop\n    tables:\n      - name: orders\n        columns: [{name: id}, {name: customer_id}]\n',
    'models/stg_orders.sql': "select id as order_id, customer_id from {{ source('shop', 'orders') }}\n",
    'models/orders.sql': "select order_id{% if var('keep_customer', true) and target.name != 'ci' %}, customer_id{% endif %}\nfrom {{ ref('stg_orders') }}\n",
  });
  const models = () => {
    const dir = tempDir('modeler-gate-read-');
    const oldFile = join(dir, 'old.model.yaml'), newFile = join(dir, 'new.model.yaml');
    writeFileSync(oldFile, MODEL('      - {name: customer_id, data_type: integer}\n').replace('stg_shop__orders', 'stg_orders'));
    writeFileSync(newFile, MODEL('').replace('stg_shop__orders', 'stg_orders'));
    return { dir, oldFile, newFile };
  };

  it('--vars decides what a removed column breaks', () => {
    const dir = project(), { oldFile, newFile } = models();
    const impact = (extra: string[]) => JSON.parse(runCli(['gate', oldFile, newFile, '--project-dir', dir, '--output-json', ...extra]).stdout).changes[0].impact;
    expect(impact([])).toEqual({ columns: ['orders.customer_id'], tests: 0, contracts: [], interfaces: [] });
    expect(impact(['--vars', '{keep_customer: false}'])).toBeUndefined();
  });

  it('--target picks the profile target from the folder --profiles-dir names', () => {
    const dir = project(), { dir: profiles, oldFile, newFile } = models();
    writeFileSync(join(profiles, 'profiles.yml'), "tiny:\n  target: dev\n  outputs:\n    dev: {type: duckdb, path: ':memory:'}\n    ci: {type: duckdb, path: ':memory:'}\n");
    const run = (extra: string[]) => runCli(['gate', oldFile, newFile, '--project-dir', dir, ...extra]);
    expect(run(['--profiles-dir', profiles]).stdout).toContain('breaks `orders.customer_id`');
    const ci = run(['--profiles-dir', profiles, '--target', 'ci']);
    expect(ci.code).toBe(2);
    expect(ci.stdout).toContain('BREAKING: column Order.customer_id removed');
    expect(ci.stdout).not.toContain('breaks `orders.customer_id`');
  });

  it('refuses them without --project-dir (exit 64) and a bad --vars as lineage does', () => {
    const { oldFile, newFile } = models();
    const r = runCli(['gate', oldFile, newFile, '--target', 'ci']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim()).toBe('modeler: --target reads the dbt project: give --project-dir DIR too');
    const dir = project();
    const bad = runCli(['gate', oldFile, newFile, '--project-dir', dir, '--vars', '[1, 2]']);
    const lineage = runCli(['lineage', 'orders', '--project-dir', dir, '--vars', '[1, 2]']);
    expect(bad.stderr).toBe(lineage.stderr);
    expect(bad.code).toBe(lineage.code);
    expect(bad.stderr).toContain('--vars must be a mapping');
  });
});
