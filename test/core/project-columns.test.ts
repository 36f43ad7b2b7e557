// A project's columns with their origin (yaml, sql, catalog) and type; findings where the YAML
// and the SQL disagree; target/catalog.json types; compiled_code used while it is fresh.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';

beforeAll(async () => { await initSqlColumns(); });

function copy(): string {
  const dir = join(tempDir('modeler-columns-'), 'jaffle_shop');
  cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes('/.modeler') });
  return dir;
}
const edit = (dir: string, rel: string, f: (s: string) => string) => writeFileSync(join(dir, rel), f(readFileSync(join(dir, rel), 'utf8')));

describe('columns of a project, with origin and type', () => {
  it('reads every model of the example completely, each YAML column also returned by its SQL', () => {
    const p = loadProject(EXAMPLE);
    const pc = projectColumns(p);
    for (const m of p.models) {
      expect(pc.sql(m)?.status, m.name).toBe('complete');
      for (const c of pc.of(m)) expect(c.origins, `${m.name}.${c.name}`).toEqual(['yaml', 'sql']);
    }
    expect(pc.findings()).toEqual([]);
    expect(projectColumns(p)).toBe(pc); // one reading per state of the project
  });

  it('finds a column the SQL returns that the YAML lacks, and the reverse, with file and line of each', () => {
    const dir = copy();
    edit(dir, 'models/marts/orders.sql', (s) => s.replace('    orders.status,', '    orders.status,\n    orders.status as order_state,'));
    edit(dir, 'models/marts/_marts.yml', (s) => s.replace('- name: number_of_orders', '- name: order_count'));
    const p = loadProject(dir);
    const pc = projectColumns(p);
    const orders = p.modelByName.get('orders')!;
    const added = pc.of(orders).find((c) => c.name === 'order_state')!;
    expect(added).toMatchObject({ origin: 'sql', origins: ['sql'], sql_line: 7, sql_kind: 'rename' });
    const f = pc.findings();
    expect(f.filter((d) => d.code === 'SQL_COLUMN_NOT_IN_YAML').map((d) => d.message.split(' ')[0])).toEqual(['customers.number_of_orders', 'orders.order_state']);
    const sqlOnly = f.find((d) => d.code === 'SQL_COLUMN_NOT_IN_YAML' && d.file === 'models/marts/orders.sql')!;
    expect(sqlOnly).toMatchObject({ severity: 'info', file: 'models/marts/orders.sql', line: 7 });
    expect(sqlOnly.message).toMatch(/orders\.order_state is returned by the SQL \(models\/marts\/orders\.sql:7\) but not listed in models\/marts\/_marts\.yml:\d+/);
    const yamlOnly = f.find((d) => d.code === 'YAML_COLUMN_NOT_IN_SQL')!;
    const yamlLine = readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8').split('\n').findIndex((l) => l.includes('- name: order_count')) + 1;
    // customers enforces its contract: dbt's contract check fails its build, so both of its findings are errors
    expect(yamlOnly).toMatchObject({ severity: 'error', file: 'models/marts/_marts.yml', line: yamlLine });
    expect(yamlOnly.message).toMatch(/customers\.order_count is listed .* but the SQL \(models\/marts\/customers\.sql\) does not return it; its contract is enforced, so dbt fails the build \(missing in definition\)$/);
    const enforcedSqlOnly = f.find((d) => d.code === 'SQL_COLUMN_NOT_IN_YAML' && d.file === 'models/marts/customers.sql')!;
    expect(enforcedSqlOnly.severity).toBe('error');
    expect(enforcedSqlOnly.message).toMatch(/; its contract is enforced, so dbt fails the build \(missing in contract\)$/);
    expect(f.filter((d) => d.code === 'YAML_COLUMN_NOT_IN_SQL').map((d) => d.message.split(' ')[0])).toEqual(['customers.order_count']);
  });

  it('a YAML entry typed wrong is told the name the SQL returns (mattermost-analytics lists `sku_short_name.`)', () => {
    const dir = copy();
    edit(dir, 'models/marts/_marts.yml', (s) => s.replace('- name: number_of_orders', '- name: number_of_orders.').replace('- name: lifetime_value', '- name: lifetime_values_total'));
    const f = projectColumns(loadProject(dir)).findings().filter((d) => d.code === 'YAML_COLUMN_NOT_IN_SQL');
    expect(f.map((d) => [d.message.split(' ')[0], d.hint])).toEqual([
      ['customers.number_of_orders.', "rename the YAML entry to 'number_of_orders': the SQL returns that column and the YAML does not list it"],
      // too far from any column the YAML leaves out: no guess
      ['customers.lifetime_values_total', 'rename or remove the YAML entry, or return lifetime_values_total from models/marts/customers.sql'],
    ]);
  });

  it('takes types from target/catalog.json, keeping the YAML data_type where one is written', () => {
    const dir = copy();
    const catalog = { metadata: {}, sources: {}, nodes: {
      'model.jaffle_shop.orders': { columns: {
        ORDER_ID: { name: 'ORDER_ID', type: 'NUMBER(38,0)', index: 1 }, AMOUNT: { name: 'AMOUNT', type: 'NUMBER(18,2)', index: 6 },
        LOADED_AT: { name: 'LOADED_AT', type: 'TIMESTAMP_NTZ', index: 7 },
      } },
      'model.jaffle_shop.customers': { columns: { CUSTOMER_ID: { name: 'CUSTOMER_ID', type: 'BIGINT', index: 1 } } },
    } };
    writeFileSync(join(dir, 'target/catalog.json'), JSON.stringify(catalog));
    const p = loadProject(dir);
    const pc = projectColumns(p);
    const cols = Object.fromEntries(pc.of('model.jaffle_shop.orders').map((c) => [c.name, c]));
    expect(cols.order_id).toMatchObject({ origin: 'yaml', origins: ['yaml', 'sql', 'catalog'], data_type: 'NUMBER(38,0)', type_origin: 'catalog' });
    expect(cols.LOADED_AT).toMatchObject({ origin: 'catalog', origins: ['catalog'], data_type: 'TIMESTAMP_NTZ' });
    const customer = pc.of('model.jaffle_shop.customers').find((c) => c.name === 'customer_id')!;
    expect(customer).toMatchObject({ data_type: 'integer', type_origin: 'yaml' });
  });

  it('uses compiled_code from target/manifest.json while the file is unchanged, and renders it once it changed', () => {
    const dir = copy();
    const manifestFile = join(dir, 'target/manifest.json');
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
    const sql = readFileSync(join(dir, 'models/marts/rpt_daily_revenue.sql'), 'utf8');
    const node = manifest.nodes['model.jaffle_shop.rpt_daily_revenue'];
    node.checksum = { name: 'sha256', checksum: createHash('sha256').update(sql).digest('hex') };
    node.compiled_code = 'select order_date, sum(amount) as revenue, count(*) as orders_count from "db"."main"."orders" group by 1';
    writeFileSync(manifestFile, JSON.stringify(manifest));
    let p = loadProject(dir);
    const r = projectColumns(p).sql('model.jaffle_shop.rpt_daily_revenue')!;
    expect(r.via).toBe('compiled');
    expect(r.columns.map((c) => c.name)).toEqual(['order_date', 'revenue', 'orders_count']);
    edit(dir, 'models/marts/rpt_daily_revenue.sql', (s) => `${s}\n-- changed\n`);
    p = loadProject(dir);
    const again = projectColumns(p).sql('model.jaffle_shop.rpt_daily_revenue')!;
    expect(again.via).toBe('rendered');
    expect(again.columns.map((c) => c.name)).toEqual(['order_date', 'revenue']);
  });

  it('keeps parsed shapes under .modeler/cache when asked, so the next read parses nothing', () => {
    const dir = copy();
    // simple SQL is read from its tokens and not kept; this model needs the full parser
    writeFileSync(join(dir, 'models/marts/order_years.sql'), "select order_id, extract(year from ordered_at) as order_year from {{ ref('orders') }}\n");
    const first = projectColumns(loadProject(dir), { cache: true }).stats();
    expect(first.parsed).toBe(1);
    expect(first.fast).toBe(first.models - 1);
    expect(readFileSync(join(dir, '.modeler/.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect(JSON.parse(readFileSync(join(dir, '.modeler/cache/sql-shapes.json'), 'utf8')).version).toBe(7);
    const second = projectColumns(loadProject(dir), { cache: true }).stats();
    expect(second).toMatchObject({ parsed: 0, cached: 1, fast: first.fast, complete: first.complete });
    // a server brings the columns up to date after a model is added: the cache keeps the earlier parse too
    const p = loadProject(dir);
    projectColumns(p, { cache: true }).stats();
    writeFileSync(join(dir, 'models/marts/order_months.sql'), "select order_id, extract(month from ordered_at) as order_month from {{ ref('orders') }}\n");
    p.reloadFiles(['models/marts/order_months.sql']);
    expect(projectColumns(p, { cache: true }).stats()).toMatchObject({ parsed: 1 });
    // the file on disk (this process keeps the shapes in memory too) holds both
    expect(Object.keys(JSON.parse(readFileSync(join(dir, '.modeler/cache/sql-shapes.json'), 'utf8')).entries)).toHaveLength(2);
  });

  it('parses again a kept shape that is damaged (valid JSON, not a shape) instead of failing the read', () => {
    const dir = copy();
    writeFileSync(join(dir, 'models/marts/order_years.sql'), "select order_id, extract(year from ordered_at) as order_year from {{ ref('orders') }}\n");
    projectColumns(loadProject(dir), { cache: true }).stats();
    // another folder, so this process holds no shapes for it: only the file's
    const damaged = join(tempDir('modeler-columns-damaged-'), 'jaffle_shop');
    cpSync(dir, damaged, { recursive: true });
    const file = join(damaged, '.modeler/cache/sql-shapes.json');
    const data = JSON.parse(readFileSync(file, 'utf8'));
    for (const k of Object.keys(data.entries)) data.entries[k] = { shape: { ctes: [], body: { k: 'select', select: null } } };
    writeFileSync(file, JSON.stringify(data));
    const p = loadProject(damaged);
    const pc = projectColumns(p, { cache: true });
    expect(pc.sql(p.modelByName.get('order_years')!)!.columns.map((c) => c.name)).toEqual(['order_id', 'order_year']);
    expect(pc.stats()).toMatchObject({ parsed: 1 });
  });
});

describe('columns of SQL whose Jinja is only partly known (tuva clinical and claims staging)', () => {
  it('a loop over the warehouse\'s columns on a line of its own leaves the other columns known, the rest a gap', () => {
    const dir = copy();
    writeFileSync(join(dir, 'models/staging/stg_orders_extended.sql'), [
      "{%- set core -%}\n      cast(order_id as {{ dbt.type_string() }}) as order_id\n    , customer_id\n{%- endset -%}",
      "{%- set extension -%}\n{% for col in run_query('select * from extension_columns').columns %}\n    , {{ col.name }}\n{% endfor %}\n{%- endset %}",
      "select\n    {{ core }}\n    {{ extension }}\n    , status\nfrom {{ ref('stg_shop__orders') }}\n",
    ].join('\n'));
    const project = loadProject(dir);
    const s = projectColumns(project).sql(project.modelByName.get('stg_orders_extended')!)!;
    expect(s.columns.map((c) => c.name)).toEqual(['order_id', 'customer_id', 'status']);
    expect(s.status).toBe('partial');
    expect(s.gaps.join('\n')).toMatch(/the columns made by for col in run_query\('select \* from extension_columns'\)\.columns are not known/);
  });

  it('many conditions the target decides (union or union distinct, once per loop turn) are read all one way and all the other', () => {
    const dir = copy();
    writeFileSync(join(dir, 'models/staging/stg_order_codes.sql'),
      "select order_id, 0 as n from {{ ref('stg_shop__orders') }}\n{% for i in range(1, 6) %}\n{% if run_query('select 1') %}\nunion\n{% else %}\nunion all\n{% endif %}\nselect order_id, {{ i }} as n from {{ ref('stg_shop__orders') }}\n{% endfor %}\n");
    const project = loadProject(dir);
    const s = projectColumns(project).sql(project.modelByName.get('stg_order_codes')!)!;
    expect(s.status).toBe('complete');
    expect(s.columns.map((c) => c.name)).toEqual(['order_id', 'n']);
  });
});
