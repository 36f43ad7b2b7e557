// Lineage through the packages a project installs under dbt_packages/ (what `dbt deps` fetched):
// a package's models are nodes without target/manifest.json, their SQL is read from the
// package's folder (not the same path in the project), rendered with the vars the project gives
// the package, and the chain goes on to the package's sources. On a hand-made package, and on
// Fivetran's zendesk_source installed in a small project, whose nodes agree with a real `dbt parse`.
import { cpSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { dbtParse } from '../helpers/dbt.js';
import { runCli, tempDir } from '../helpers/cli.js';
import { describeFetched, describeFetchedDbt, fetchedProject } from '../helpers/shared.js';

function write(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  return root;
}

const PROFILE = (name: string, dir: string) => `${name}:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ${dir}/dev.duckdb\n`;

/** A project whose one model reads a model of a package installed (by hand) under dbt_packages/shoppkg. */
function handMade(): string {
  const root = join(tempDir('modeler-lineage-pkg-'), 'proj');
  return write(root, {
    'dbt_project.yml': 'name: myproj\nversion: "1.0"\nprofile: myproj\nvars:\n  shop_source:\n    shop__using_refunds: false\n',
    'models/orders_mart.sql': "select order_id, amount_usd as revenue from {{ ref('stg_shop__orders') }}\n",
    // the package's folder is not named as the package: its SQL is found by the folder
    'dbt_packages/shoppkg/dbt_project.yml': 'name: shop_source\nversion: "0.1.0"\nconfig-version: 2\nprofile: integration_tests\nvars:\n  shop__using_refunds: true\n',
    'dbt_packages/shoppkg/models/src_shop.yml': 'version: 2\nsources:\n  - name: shop\n    tables:\n      - name: orders\n        columns:\n          - name: id\n          - name: amount\n      - name: refunds\n',
    'dbt_packages/shoppkg/models/stg_shop__orders.sql': "select id as order_id, {{ cents('amount') }} as amount_usd from {{ ref('stg_shop__orders_tmp') }}\n",
    'dbt_packages/shoppkg/models/stg_shop__orders_tmp.sql': "select * from {{ source('shop', 'orders') }}\n",
    'dbt_packages/shoppkg/models/stg_shop__refunds.sql': "{{ config(enabled=var('shop__using_refunds', true)) }}\nselect * from {{ source('shop', 'refunds') }}\n",
    'dbt_packages/shoppkg/macros/cents.sql': '{% macro cents(col) %}({{ col }} / 100){% endmacro %}\n',
  });
}

describe('lineage through an installed package, without target/manifest.json', () => {
  const dir = handMade();

  it('follows a column through the package\'s models to its source, with the package\'s files', () => {
    const r = runCli(['lineage', 'orders_mart.revenue', '--project-dir', dir, '--depth', '3', '--output-json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.upstream.map((e: any) => [e.depth, `${e.node}.${e.column}`, e.kind, e.file])).toEqual([
      [1, 'stg_shop__orders.amount_usd', 'rename', 'models/orders_mart.sql'],
      [2, 'stg_shop__orders_tmp.amount', 'transform', 'dbt_packages/shoppkg/models/stg_shop__orders.sql'],
      [3, 'shop.orders.amount', 'passthrough', 'dbt_packages/shoppkg/models/stg_shop__orders_tmp.sql'],
    ]);
    expect(j.unresolved).toEqual([]);
    // and down from the package's source to the project's model
    const down = JSON.parse(runCli(['lineage', 'shop.orders.id', '--project-dir', dir, '--depth', '3', '--output-json']).stdout);
    expect(down.downstream.map((e: any) => `${e.node}.${e.column}`)).toEqual(['stg_shop__orders_tmp.id', 'stg_shop__orders.order_id', 'orders_mart.order_id']);
  });

  it('reads the package as dbt does: its nodes under its own name, disabled by the vars the project gives it, paths in its folder', () => {
    const p = loadProject(dir);
    const pkg = p.packageNodes.map((n) => [n.uniqueId, n.sqlPath ?? n.file]).sort();
    expect(pkg).toEqual([
      ['model.shop_source.stg_shop__orders', 'dbt_packages/shoppkg/models/stg_shop__orders.sql'],
      ['model.shop_source.stg_shop__orders_tmp', 'dbt_packages/shoppkg/models/stg_shop__orders_tmp.sql'],
      ['source.shop_source.shop.orders', 'dbt_packages/shoppkg/models/src_shop.yml'],
      ['source.shop_source.shop.refunds', 'dbt_packages/shoppkg/models/src_shop.yml'],
    ]);
    // the project's own nodes are unchanged: one model
    expect(p.models.map((m) => m.uniqueId)).toEqual(['model.myproj.orders_mart']);
  });
});

describeFetched('lineage through Fivetran zendesk_source installed in a project', 'zendesk-source', () => {
  const build = () => {
    const { dir: pkg } = fetchedProject('zendesk-source');
    const root = join(tempDir('modeler-lineage-zd-'), 'support');
    // what `dbt deps` leaves: the package and its own dependencies side by side under dbt_packages/
    for (const d of readdirSync(join(pkg, 'dbt_packages'), { withFileTypes: true })) if (d.isDirectory()) cpSync(join(pkg, 'dbt_packages', d.name), join(root, 'dbt_packages', d.name), { recursive: true });
    cpSync(pkg, join(root, 'dbt_packages', 'zendesk_source'), { recursive: true, filter: (src) => !/\/(dbt_packages|integration_tests|\.complete)$/.test(src) });
    return write(root, {
      'dbt_project.yml': 'name: support_analytics\nversion: "1.0"\nprofile: support\nvars:\n  zendesk_schema: zendesk_raw\n  zendesk_source:\n    using_schedules: false\n',
      'profiles.yml': PROFILE('support', root),
      'models/open_tickets.sql': "select ticket_id, status as ticket_status\nfrom {{ ref('stg_zendesk__ticket') }}\nwhere status != 'closed'\n",
    });
  };
  const dir = build();

  it('traces a project model\'s column through the package\'s staging models to the Zendesk source', () => {
    const r = runCli(['lineage', 'open_tickets.ticket_id', '--project-dir', dir, '--depth', '3']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^open_tickets\.ticket_id\nupstream\n   └─ stg_zendesk__ticket\.ticket_id  \(passthrough\)  models\/open_tickets\.sql:1\n      └─ stg_zendesk__ticket_tmp\.id  \(rename\)  dbt_packages\/zendesk_source\/models\/stg_zendesk__ticket\.sql:\d+\n         └─ zendesk\.ticket\.id  \(passthrough\)  dbt_packages\/zendesk_source\/models\/tmp\/stg_zendesk__ticket_tmp\.sql:\d+\n/);
  });

  describeFetchedDbt('agrees with dbt parse', 'zendesk-source', () => {
    it('has the nodes dbt parse lists (models, seeds, snapshots, sources of the project and its packages)', () => {
      const p = loadProject(dir);
      const ours = [...p.models, ...p.seeds, ...p.snapshots, ...p.sources, ...p.packageNodes].map((n) => n.uniqueId).sort();
      const copy = join(tempDir('modeler-lineage-zd-dbt-'), 'support');
      cpSync(dir, copy, { recursive: true });
      const parsed = dbtParse(copy);
      expect(parsed.code, parsed.output).toBe(0);
      const m = JSON.parse(readFileSync(join(copy, 'target', 'manifest.json'), 'utf8'));
      const theirs = [...Object.keys(m.nodes).filter((k) => ['model', 'seed', 'snapshot'].includes(m.nodes[k].resource_type)), ...Object.keys(m.sources)].sort();
      expect(ours).toEqual(theirs);
      // the using_schedules var the project scopes to the package disables its schedule models in both
      expect(theirs.some((id) => id === 'model.zendesk_source.stg_zendesk__schedule')).toBe(false);
      // with the manifest beside it, the lineage is the same
      const again = JSON.parse(runCli(['lineage', 'open_tickets.ticket_id', '--project-dir', copy, '--depth', '3', '--output-json']).stdout);
      expect(again.upstream.map((e: any) => `${e.node}.${e.column}`)).toEqual(['stg_zendesk__ticket.ticket_id', 'stg_zendesk__ticket_tmp.id', 'zendesk.ticket.id']);
    }, 240_000);
  });
});
