import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';

function copyExample(): string {
  const d = join(tempDir(), 'jaffle_shop');
  cpSync(EXAMPLE, d, { recursive: true });
  return d;
}

const lineOf = (file: string, needle: string) => readFileSync(file, 'utf8').split('\n').findIndex((l) => l.includes(needle)) + 1;

describe('project reader on the example project', () => {
  const p = loadProject(EXAMPLE);
  it('reads dbt_project.yml', () => {
    expect(p.name).toBe('jaffle_shop');
    expect(p.modelPaths).toEqual(['models']);
  });
  it('finds every model from SQL files and YAML, merged', () => {
    const names = p.models.map((m) => m.name).sort();
    expect(names).toEqual(['customers', 'orders', 'rpt_daily_revenue', 'stg_shop__customers', 'stg_shop__order_items', 'stg_shop__orders',
      'stg_shop__products', 'stg_stores', 'stg_stripe__customers', 'stg_stripe__payments', 'stg_supplies']);
    const orders = p.modelByName.get('stg_shop__orders')!;
    expect(orders.sqlPath).toBe('models/staging/shop/stg_shop__orders.sql');
    expect(orders.file).toBe('models/staging/shop/_shop__models.yml');
    expect(orders.origins).toEqual(expect.arrayContaining(['sql', 'yaml', 'manifest']));
  });
  it('records file:line of models and columns', () => {
    const yml = join(EXAMPLE, 'models/marts/_marts.yml');
    const c = p.modelByName.get('customers')!;
    expect(c.line).toBe(lineOf(yml, '- name: customers'));
    expect(c.columns.find((x) => x.name === 'lifetime_value')!.line).toBe(lineOf(yml, '- name: lifetime_value'));
  });
  it('normalises tests in both syntaxes (tests/data_tests, plain and arguments:)', () => {
    const orders = p.modelByName.get('stg_shop__orders')!;
    const cust = orders.columns.find((c) => c.name === 'customer_id')!;
    expect(cust.tests.map((t) => t.name)).toEqual(['not_null', 'relationships']);
    expect(cust.tests[1]).toMatchObject({ key: 'data_tests', args: { to: "ref('stg_shop__customers')", field: 'customer_id' } });
    const items = p.modelByName.get('stg_shop__order_items')!;
    expect(items.columns.find((c) => c.name === 'order_id')!.tests[0]).toMatchObject({ name: 'relationships', key: 'tests', args: { to: "ref('stg_shop__orders')", field: 'order_id' } });
    const status = orders.columns.find((c) => c.name === 'status')!;
    expect(status.tests[0]).toMatchObject({ name: 'accepted_values', args: { values: ['placed', 'shipped', 'completed', 'returned'] } });
  });
  it('reads config, contracts and Interface metadata', () => {
    const c = p.modelByName.get('customers')!;
    expect(c.materialized).toBe('table');
    expect(c.contractEnforced).toBe(true);
    expect(c.interface).toMatchObject({ stability: 'contracted', unique_key: 'customer_id', version: 'v1' });
    expect(c.meta.modeler.contracts).toBe('enforced');
    expect(p.modelByName.get('orders')!.interface!.stability).toBe('shared');
    expect(c.columns[0].constraints).toEqual([{ type: 'not_null' }, { type: 'primary_key' }]);
    expect(c.columns[0].description_ref).toEqual({ doc: 'customer_id' });
  });
  it('reads sources as source.table nodes', () => {
    expect(p.sources.map((s) => s.name)).toEqual(expect.arrayContaining(['shop.customers', 'stripe.payments', 'inventory.stores']));
  });
  it('indexes doc blocks by name', () => {
    expect([...p.docs.keys()].sort()).toEqual(['customer_id', 'order_id', 'order_status']);
    expect(p.docs.get('order_id')!.body).toBe('The unique identifier of an order placed in the shop.');
    expect(p.docs.get('order_status')!.file).toBe('models/docs/_docs.md');
  });
  it('reads target/manifest.json, Modeler/ files and skills with frontmatter', () => {
    expect(p.target.manifest.metadata.project_name).toBe('jaffle_shop');
    expect(p.modelerFiles.map((f) => f.file)).toEqual(['Modeler/glossary/commerce.glossary.yaml']);
    expect(p.modelerFiles[0].ok).toBe(true);
    expect(p.skills.map((s) => s.name)).toEqual(['interface-readiness', 'naming-conventions']);
    expect(p.skills[0]).toMatchObject({ priority: 20, layers: ['physical', 'logical'], agent_modes: expect.arrayContaining(['conceptualizer']) });
  });
  it('has no diagnostics', () => expect(p.diagnostics).toEqual([]));
});

describe('project reader robustness', () => {
  it('a malformed file becomes a located diagnostic and the rest still loads', () => {
    const d = copyExample();
    writeFileSync(join(d, 'models/staging/shop/_shop__models.yml'), 'version: 2\nmodels:\n  - name: stg_shop__orders\n    columns: [\n');
    writeFileSync(join(d, 'models/docs/broken.md'), 'intro\n\n{% docs never_closed %}\nbody\n');
    writeFileSync(join(d, 'Modeler/glossary/bad.model.yaml'), 'model: {name: x, version: 1.0.0}\nentities:\n  - name: A\n    colums: []\n');
    const p = loadProject(d);
    const yamlErr = p.diagnostics.find((x) => x.code === 'YAML_SYNTAX')!;
    expect(yamlErr.file).toBe('models/staging/shop/_shop__models.yml');
    expect(yamlErr.line).toBeGreaterThanOrEqual(4);
    expect(p.diagnostics.find((x) => x.code === 'DOC_UNCLOSED')).toMatchObject({ file: 'models/docs/broken.md', line: 3 });
    expect(p.diagnostics.find((x) => x.code === 'SCHEMA')).toMatchObject({ file: 'Modeler/glossary/bad.model.yaml', line: 4 });
    // the rest of the project is intact
    expect(p.modelByName.get('customers')!.interface).toBeDefined();
    expect(p.modelByName.get('stg_shop__orders')!.origins).toContain('sql');
    expect(p.docs.size).toBe(3);
  });
  it('a project file over the size limit is a finding naming it (checked once it is open: the walk saw a regular file); the rest still loads', () => {
    const d = copyExample();
    writeFileSync(join(d, 'models/huge.sql'), `select 1 as x -- ${'y'.repeat(11 * 1024 * 1024)}\n`);
    const p = loadProject(d);
    expect(p.diagnostics.find((x) => x.file === 'models/huge.sql')).toMatchObject({ code: 'FILE_TOO_LARGE', severity: 'error' });
    expect(p.diagnostics.find((x) => x.file === 'models/huge.sql')!.message).toMatch(/models\/huge\.sql is [\d,]+ bytes, over the 10 MiB limit/);
    expect(p.modelByName.get('customers')).toBeDefined();
    expect(p.models.find((m) => m.name === 'huge')).toBeUndefined();
  });

  it('a property file of the wrong shape is located at its section, not at 1:1', () => {
    const d = copyExample();
    writeFileSync(join(d, 'models/marts/shape.yml'), '# models of the marts\nversion: 2\nmodels: {customers: 1}\nsources:\n  - 42\n');
    const ds = loadProject(d).diagnostics.filter((x) => x.code === 'DBT_YAML_SHAPE');
    expect(ds.map((x) => [x.file, x.line, x.message])).toEqual([
      ['models/marts/shape.yml', 3, "'models' must be a list"],
      ['models/marts/shape.yml', 4, "entry 1 of 'sources' needs a name"],
    ]);
  });
  it('re-reading one changed file does not re-read the project', () => {
    const d = copyExample();
    const p = loadProject(d);
    const before = p.stats.filesRead;
    const file = 'models/marts/_marts.yml';
    writeFileSync(join(d, file), readFileSync(join(d, file), 'utf8').replace('Count of orders the customer has placed.', 'Number of orders.'));
    p.reloadFile(file);
    expect(p.stats.filesRead - before).toBe(1);
    expect(p.modelByName.get('customers')!.columns.find((c) => c.name === 'number_of_orders')!.description).toBe('Number of orders.');
    rmSync(join(d, 'models/docs/_docs.md'));
    p.reloadFile('models/docs/_docs.md');
    expect(p.docs.size).toBe(0);
    expect(p.stats.filesRead - before).toBe(1);
  });
  it('skips target/ YAML, dbt_packages/, node_modules/ and .git/', () => {
    const d = copyExample();
    const yml = 'version: 2\nmodels:\n  - name: should_not_load\n';
    for (const dir of ['target/compiled', 'dbt_packages/pkg/models', 'node_modules/x', '.git/x']) {
      mkdirSync(join(d, dir), { recursive: true });
      writeFileSync(join(d, dir, 'schema.yml'), yml);
    }
    const p = loadProject(d);
    expect(p.modelByName.has('should_not_load')).toBe(false);
  });
  it('target/manifest.json adds facts about own nodes only: package models are context, stale own models are not models', () => {
    const d = copyExample();
    const m = JSON.parse(readFileSync(join(d, 'target/manifest.json'), 'utf8'));
    m.nodes['model.erp_pkg.stg_erp__invoices'] = { resource_type: 'model', package_name: 'erp_pkg', name: 'stg_erp__invoices', original_file_path: 'models/erp/stg_erp__invoices.sql',
      config: { materialized: 'view' }, columns: { invoice_id: { name: 'invoice_id', data_type: 'integer' } } };
    m.nodes['test.erp_pkg.rel_inv'] = { resource_type: 'test', package_name: 'erp_pkg', attached_node: 'model.erp_pkg.stg_erp__invoices',
      test_metadata: { name: 'relationships', kwargs: { column_name: 'order_id', to: "ref('stg_shop__orders')", field: 'order_id' } } };
    m.nodes['model.jaffle_shop.removed_model'] = { resource_type: 'model', package_name: 'jaffle_shop', name: 'removed_model', original_file_path: 'models/removed_model.sql', config: {}, columns: {} };
    writeFileSync(join(d, 'target/manifest.json'), JSON.stringify(m));
    const p = loadProject(d);
    expect(p.modelByName.has('stg_erp__invoices')).toBe(false);
    expect(p.modelByName.has('removed_model')).toBe(false);
    const inv = p.packageNodes.find((n) => n.name === 'stg_erp__invoices')!;
    expect(inv).toMatchObject({ packageName: 'erp_pkg', origins: ['manifest'] });
    expect(inv.columns.map((c) => c.name)).toEqual(['invoice_id', 'order_id']);
    expect(inv.columns[1].tests[0]).toMatchObject({ name: 'relationships', args: { to: "ref('stg_shop__orders')", field: 'order_id' } });
    expect(p.diagnostics).toContainEqual(expect.objectContaining({ code: 'MANIFEST_STALE', severity: 'info', file: 'target/manifest.json' }));
    expect(p.modelByName.get('orders')!.origins).toContain('manifest');
  });
  it('readText reads project files and refuses paths that escape the project (also through a symlink)', () => {
    const d = copyExample();
    const p = loadProject(d);
    expect(p.readText('models/marts/orders.sql')).toContain("ref('stg_shop__orders')");
    expect(() => p.readText('../../etc/passwd')).toThrow(/escapes the project/);
    symlinkSync('/etc', join(d, 'models', 'etc_link'));
    expect(() => p.readText('models/etc_link/passwd')).toThrow(/escapes the project/);
  });
  it('a missing project dir is a usage error', () => {
    expect(() => loadProject('/nonexistent/project')).toThrow(/project directory not found/);
    const r = runCli(['summary', '--project-dir', '/nonexistent/project']);
    expect(r.code).toBe(64);
  });
});

describe('modeler demo / summary', () => {
  it('demo validates the example and prints its summary', () => {
    const r = runCli(['demo']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('project jaffle_shop');
    expect(r.stdout).toMatch(/interfaces:\s+customers \(contracted\), orders \(shared\)/);
    expect(r.stdout).toMatch(/diagnostics:\s+0 errors/);
  });
  it('summary --output-json on a broken copy exits 1 and lists located diagnostics', () => {
    const d = copyExample();
    writeFileSync(join(d, 'models/marts/_marts.yml'), 'version: 2\nmodels: {bad\n');
    const r = runCli(['summary', '--project-dir', d, '--output-json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.diagnostics.error).toBe(1);
    expect(j.diagnosticsList[0]).toMatchObject({ code: 'YAML_SYNTAX', file: 'models/marts/_marts.yml' });
  });

  // dental-clinic (a description's quote left open): the error was at the file's last line, 'unexpected end of the
  // stream within a double quoted scalar', two lines past the quote to close
  it('an unclosed quote is located where it opens, not where the file ends', () => {
    const d = copyExample();
    for (const [text, kind] of [['"it\'s the order', 'double'], ["'the \"big\" order", 'single']]) {
      writeFileSync(join(d, 'models/marts/_open.yml'), `version: 2\nmodels:\n  - name: orders\n    description: ${text}\n    columns:\n      - name: order_id\n`);
      const e = loadProject(d).diagnostics.find((x) => x.code === 'YAML_SYNTAX' && x.file === 'models/marts/_open.yml')!;
      expect([e.line, e.column, e.message], kind).toEqual([4, 18, `the ${kind} quote opened here is never closed: the file ends inside it`]);
    }
  });
});

describe('project reader: every dbt resource type', () => {
  it('reads seeds, snapshots, exposures, semantic models, metrics, config.meta and target artifacts', () => {
    const d = copyExample();
    writeFileSync(join(d, 'models/marts/_more.yml'), [
      'version: 2',
      'seeds:', '  - name: country_codes', '    description: ISO codes', '    columns: [{name: code, data_tests: [unique]}]',
      'snapshots:', '  - name: customers_snapshot', '    config: {meta: {owner: ops}}',
      'exposures:', '  - name: revenue_dashboard', '    type: dashboard', '    owner: {email: a@b.c}', "    depends_on: [ref('orders')]",
      'semantic_models:', '  - name: orders_sm', "    model: ref('orders')", '    entities: [{name: order, type: primary, expr: order_id}]',
      'metrics:', '  - name: revenue', '    type: simple', '    type_params: {measure: amount}',
      'models:', '  - name: stg_stores', '    config:', '      materialized: view', '      meta: {modeler: {interface: {stability: shared}}}',
    ].join('\n') + '\n');
    // stg_stores is already described in _inventory.yml: a second YAML description is an error, located
    writeFileSync(join(d, 'target/run_results.json'), JSON.stringify({ results: [{ unique_id: 'model.jaffle_shop.orders', status: 'success' }] }));
    writeFileSync(join(d, 'target/catalog.json'), '{not json');
    mkdirSync(join(d, 'seeds'));
    writeFileSync(join(d, 'seeds/country_codes.csv'), 'code\nDE\n');
    mkdirSync(join(d, 'snapshots'));
    writeFileSync(join(d, 'snapshots/customers.sql'), "{% snapshot customers_snapshot %}\n{{ config(unique_key='customer_id', strategy='check', check_cols='all') }}\nselect * from {{ ref('customers') }}\n{% endsnapshot %}\n");
    const p = loadProject(d);
    expect(p.seeds.map((s) => s.name)).toEqual(['country_codes']);
    expect(p.seeds[0].columns[0].tests[0].name).toBe('unique');
    expect(p.snapshots[0]).toMatchObject({ name: 'customers_snapshot', meta: { owner: 'ops' } });
    expect(p.exposures[0].name).toBe('revenue_dashboard');
    expect(p.semanticModels[0].name).toBe('orders_sm');
    expect(p.metrics[0].name).toBe('revenue');
    expect(p.target.runResults.results[0].status).toBe('success');
    expect(p.diagnostics.find((x) => x.code === 'TARGET_JSON')).toMatchObject({ file: 'target/catalog.json', severity: 'warning' });
    const dup = p.diagnostics.find((x) => x.code === 'DUPLICATE_MODEL')!;
    // files are read in path order, so the later file carries the error and names the earlier one
    expect(dup).toMatchObject({ file: 'models/staging/inventory/_inventory.yml', line: 11 });
    expect(dup.message).toContain('models/marts/_more.yml:23');
  });
});
