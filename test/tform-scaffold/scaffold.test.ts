// `generate tform`: the scaffold's YAML (re-read with the yaml library) carries descriptions,
// data_type and the right tests, and real `dbt parse` (dbt-duckdb) accepts the project generated
// by the CLI and one generated from every fixture model — all fixtures in one dbt run, as local
// packages of a root project.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadModelFile } from '../../src/core/model/load.js';
import { parentChild } from '../../src/core/model/access.js';
import { scaffoldTform, staleScaffoldFiles } from '../../src/tform/scaffold.js';
import { REPO, runCli, tempDir } from '../helpers/cli.js';
import { sharedPart } from '../helpers/shared.js';
import { peerModelFiles } from '../sql/fixtures.js';
import { model } from '../sql/migrate-scenarios.js';

function dbtBinary(): string {
  const bin = process.env.MODELER_DBT ?? join(REPO, '.ci', 'venv', 'bin', 'dbt');
  if (!existsSync(bin)) throw new Error(`dbt not found at ${bin}: run .ci/run (creates .ci/venv with dbt-core + dbt-duckdb) or set MODELER_DBT`);
  return bin;
}

function writeProfile(dir: string, profile: string): string {
  const p = join(dir, 'profiles');
  mkdirSync(p, { recursive: true });
  writeFileSync(join(p, 'profiles.yml'), `${profile}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ":memory:"\n`);
  return p;
}

function dbtParse(projectDir: string, profilesDir: string) {
  const r = spawnSync(dbtBinary(), ['--no-use-colors', 'parse', '--profiles-dir', profilesDir], {
    cwd: projectDir, encoding: 'utf8', env: { ...process.env, DBT_SEND_ANONYMOUS_USAGE_STATS: 'false', DO_NOT_TRACK: '1' }, timeout: 240_000,
  });
  const manifestPath = join(projectDir, 'target', 'manifest.json');
  return { code: r.status, log: `${r.stdout}\n${r.stderr}`, manifest: existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : undefined };
}

const SHOP = model(`entities:
  - name: Customer
    description: "People who buy: \\"quoted\\" and 'single' text survives"
    columns:
      - {name: customer_id, data_type: integer, primary_key: true, description: Surrogate key}
      - {name: email, data_type: varchar(255), nullable: false, unique: true}
      - {name: tier, data_type: string, enum: [bronze, silver, gold]}
  - name: SalesOrder
    schema: sales
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
      - {name: note, data_type: text}
relationships:
  - {name: customer_orders, from: Customer.customer_id, to: SalesOrder.customer_id, cardinality: one_to_many}
`);

describe('generate tform scaffold', () => {
  it('writes the four kinds of files with YAML the yaml library reads back', () => {
    const files = scaffoldTform(SHOP, { sourceName: 'shop_raw' });
    expect(files.map((f) => f.path)).toEqual(['dbt_project.yml', 'models/sources.yml', 'models/staging/schema.yml', 'models/staging/stg_customer.sql', 'models/staging/stg_sales_order.sql']);
    const byPath = Object.fromEntries(files.map((f) => [f.path, f.content]));
    const project = parse(byPath['dbt_project.yml']);
    expect(project).toMatchObject({ name: 'scenario', version: '1.0.0', 'config-version': 2, profile: 'scenario' });
    const sources = parse(byPath['models/sources.yml']).sources;
    expect(sources.map((s: any) => [s.name, s.schema, s.tables.map((t: any) => t.name)])).toEqual([['shop_raw_default', undefined, ['customer']], ['shop_raw_sales', 'sales', ['sales_order']]]);
    const models = parse(byPath['models/staging/schema.yml']).models;
    const customer = models.find((m: any) => m.name === 'stg_customer');
    expect(customer.description).toBe(`People who buy: "quoted" and 'single' text survives`);
    expect(customer.columns.map((c: any) => [c.name, c.data_type, c.data_tests])).toEqual([
      ['customer_id', 'integer', ['unique', 'not_null']],
      ['email', 'varchar(255)', ['unique', 'not_null']],
      ['tier', 'string', [{ accepted_values: { arguments: { values: ['bronze', 'silver', 'gold'] } } }]],
    ]);
    expect(customer.columns[0].description).toBe('Surrogate key');
    expect(customer.columns[1].description).toBeUndefined(); // no invented descriptions
    const order = models.find((m: any) => m.name === 'stg_sales_order');
    expect(order.columns[1].data_tests).toEqual(['not_null', { relationships: { arguments: { to: "ref('stg_customer')", field: 'customer_id' } } }]);
    expect(order.columns[2].data_tests).toBeUndefined();
    expect(byPath['models/staging/stg_sales_order.sql']).toContain("select\n    order_id,\n    customer_id,\n    note\nfrom {{ source('shop_raw_sales', 'sales_order') }}");
  });

  it('tables of the same name in two schemas get distinct staging models', () => {
    const m = model(`entities:
  - {name: SalesOrders, schema: sales, physical_name: orders, columns: [{name: id, data_type: integer}]}
  - {name: ArchiveOrders, schema: archive, physical_name: orders, columns: [{name: id, data_type: integer}]}
`);
    expect(scaffoldTform(m).map((f) => f.path).filter((p) => p.endsWith('.sql'))).toEqual(['models/staging/stg_sales_orders.sql', 'models/staging/stg_archive_orders.sql']);
  });

  it('a re-run removes only the staging models it generated earlier, never a hand-written one', () => {
    const dir = tempDir();
    const first = scaffoldTform(model(`entities:
  - {name: Keep, columns: [{name: id, data_type: integer}]}
  - {name: Gone, columns: [{name: id, data_type: integer}]}
`));
    for (const f of first) { mkdirSync(join(dir, f.path, '..'), { recursive: true }); writeFileSync(join(dir, f.path), f.content); }
    writeFileSync(join(dir, 'models/staging/stg_mine.sql'), 'select 1 as id\n');
    const second = scaffoldTform(model(`entities:
  - {name: Keep, columns: [{name: id, data_type: integer}]}
`));
    expect(staleScaffoldFiles(dir, second)).toEqual(['models/staging/stg_gone.sql']);
    expect(staleScaffoldFiles(join(dir, 'nowhere'), second)).toEqual([]);
  });

  it('a --source-name dbt cannot use is a usage error', () => {
    expect(() => scaffoldTform(SHOP, { sourceName: "my raw'" })).toThrow(/\{opt:source_name\} 'my raw'' is not a valid dbt source name/);
  });

  it('never replaces files it did not write unless --force; every file carries the mark', () => {
    const dir = tempDir();
    const shop = join(REPO, 'test', 'tform-scaffold', 'shop.model.yaml');
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: mine\nprofile: prod\n');
    const r = runCli(['generate', 'tform', shop, '--out-dir', dir]);
    expect(r.code).toBe(64);
    expect(r.stderr).toBe(`modeler: ${dir} has files generate tform did not write: dbt_project.yml; nothing written (choose an empty --out-dir, or pass --force to replace them)\n`);
    expect(readdirSync(dir)).toEqual(['dbt_project.yml']);
    expect(readFileSync(join(dir, 'dbt_project.yml'), 'utf8')).toBe('name: mine\nprofile: prod\n');
    expect(runCli(['generate', 'tform', shop, '--out-dir', dir, '--force']).code).toBe(0);
    for (const f of scaffoldTform(loadModelFile(shop).model!)) {
      expect(readFileSync(join(dir, f.path), 'utf8').split('\n')[0], f.path).toContain('generated by modeler generate tform');
    }
    expect(runCli(['generate', 'tform', shop, '--out-dir', dir]).code).toBe(0); // its own output is replaced freely
  });

  const withPeer = sharedPart('dbt parse: a project from every peer fixture model joins the one run');
  it('dbt parse accepts the CLI-generated projects and one from every peer fixture model (one dbt run)', () => {
    const dir = tempDir('modeler-dbt-');
    const root = join(dir, 'root');
    mkdirSync(join(root, 'dbt_packages'), { recursive: true });
    const expected: { project: string; models: number; relationships: number }[] = [];
    // the CLI-generated project
    const shopFile = join(dir, 'shop.model.yaml');
    writeFileSync(shopFile, readFileSync(join(REPO, 'test', 'tform-scaffold', 'shop.model.yaml'), 'utf8'));
    // generated over an earlier output that had one more table: its staging model must go too
    writeFileSync(join(dir, 'shop-v0.model.yaml'), readFileSync(shopFile, 'utf8').replace('relationships:', 'legacy_placeholder:')
      .replace('legacy_placeholder:', '  - {name: Legacy, columns: [{name: id, data_type: integer}]}\nrelationships:'));
    expect(runCli(['generate', 'tform', join(dir, 'shop-v0.model.yaml'), '--out-dir', join(dir, 'shop_dbt'), '--project-name', 'shop_cli']).stdout).toContain('stg_legacy.sql');
    const cli = runCli(['generate', 'tform', shopFile, '--out-dir', join(dir, 'shop_dbt'), '--project-name', 'shop_cli']);
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stderr).toContain('removed 1 staging model generated earlier for tables no longer in the model: models/staging/stg_legacy.sql');
    symlinkSync(join(dir, 'shop_dbt'), join(root, 'dbt_packages', 'shop_cli'));
    expected.push({ project: 'shop_cli', models: 2, relationships: 1 });
    // a table whose name holds a quote: the source() literal must stay one string
    const quoted = join(dir, 'quoted_pkg');
    for (const file of scaffoldTform(model(`entities:\n  - {name: Brien, physical_name: "o'brien", columns: [{name: id, data_type: integer}]}\n`), { projectName: 'quoted_pkg' })) {
      mkdirSync(join(quoted, file.path, '..'), { recursive: true });
      writeFileSync(join(quoted, file.path), file.content);
    }
    expect(readFileSync(join(quoted, 'models/staging/stg_o_brien.sql'), 'utf8')).toContain(`{{ source('raw', "o'brien") }}`);
    symlinkSync(quoted, join(root, 'dbt_packages', 'quoted_pkg'));
    expected.push({ project: 'quoted_pkg', models: 1, relationships: 0 });
    // every peer fixture model
    if (withPeer) peerModelFiles().forEach((f, i) => {
      const m = loadModelFile(f).model!;
      const project = `fixture_${String(i + 1).padStart(2, '0')}`;
      const pdir = join(dir, project);
      for (const file of scaffoldTform(m, { projectName: project })) {
        mkdirSync(join(pdir, file.path, '..'), { recursive: true });
        writeFileSync(join(pdir, file.path), file.content);
      }
      symlinkSync(pdir, join(root, 'dbt_packages', project));
      const tables = m.entities.filter((e) => e.columns.length && !['view', 'materialized_view', 'external_table', 'snapshot'].includes(e.type ?? ''));
      const rels = m.relationships.filter((r) => { const pc = parentChild(r); return pc && pc.child.columns.length === 1 && tables.some((t) => t.name === pc.child.entity) && tables.some((t) => t.name === pc.parent.entity); });
      expected.push({ project, models: tables.length, relationships: rels.length });
    });
    // one root project; each package's models get their own schema so names never collide
    const models = Object.fromEntries(expected.map((e) => [e.project, { '+schema': e.project }]));
    writeFileSync(join(root, 'dbt_project.yml'), JSON.stringify({ name: 'root', version: '1.0.0', 'config-version': 2, profile: 'modeler_test', models }));
    const r = dbtParse(root, writeProfile(dir, 'modeler_test'));
    expect(r.code, r.log).toBe(0);
    expect(r.log).not.toMatch(/deprecat/i);
    const nodes = Object.values(r.manifest.nodes) as any[];
    for (const e of expected) {
      expect(nodes.filter((n) => n.resource_type === 'model' && n.package_name === e.project).length, e.project).toBe(e.models);
      const rel = nodes.filter((n) => n.resource_type === 'test' && n.package_name === e.project && n.test_metadata?.name === 'relationships');
      expect(rel.length, e.project).toBeGreaterThanOrEqual(e.relationships > 0 ? 1 : 0);
      expect(rel.length, e.project).toBeLessThanOrEqual(e.relationships);
    }
    expect(expected.length).toBeGreaterThanOrEqual(withPeer ? 12 : 2);
  }, 300_000);
});
