// A package target/manifest.json lists but the project does not have installed (no dbt_packages/
// folder, as after a fresh clone): its models' SQL is the compiled_code dbt wrote for them, so a
// project column that reads one is traced through it to the package's source. Without
// compiled_code, the model's columns stay unresolved, saying what would make them known.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

function project(compiled: boolean): string {
  const root = join(tempDir('modeler-lineage-manifest-pkg-'), 'proj');
  const manifest = {
    metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json', project_name: 'myproj', adapter_type: 'duckdb' },
    nodes: {
      'model.shop_source.stg_shop__orders': {
        unique_id: 'model.shop_source.stg_shop__orders', resource_type: 'model', name: 'stg_shop__orders', package_name: 'shop_source',
        original_file_path: 'models/stg_shop__orders.sql', path: 'stg_shop__orders.sql', fqn: ['shop_source', 'stg_shop__orders'],
        relation_name: '"dev"."main"."stg_shop__orders"', config: { materialized: 'view', enabled: true }, columns: {},
        depends_on: { nodes: ['source.shop_source.shop.orders'] },
        // the package's file as dbt read it: its lines are the ones named (compiled_code's differ)
        raw_code: "{{ config(materialized='view') }}\n\nselect\n  id as order_id,\n  {{ cents('amount') }} as amount_usd\nfrom {{ source('shop', 'orders') }}\n",
        ...(compiled ? { compiled_code: '\n\nselect id as order_id, (amount / 100) as amount_usd from "dev"."raw"."orders"' } : {}),
      },
    },
    sources: {
      'source.shop_source.shop.orders': {
        unique_id: 'source.shop_source.shop.orders', resource_type: 'source', name: 'orders', source_name: 'shop', package_name: 'shop_source',
        original_file_path: 'models/src_shop.yml', fqn: ['shop_source', 'shop', 'orders'], relation_name: '"dev"."raw"."orders"',
        columns: { id: { name: 'id' }, amount: { name: 'amount' } }, config: { enabled: true },
      },
    },
    macros: {}, exposures: {}, metrics: {}, groups: {}, semantic_models: {}, saved_queries: {}, unit_tests: {}, disabled: {}, parent_map: {}, child_map: {}, docs: {}, selectors: {},
  };
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: myproj\nversion: "1.0"\nprofile: myproj\n',
    'models/orders_mart.sql': "select order_id, amount_usd as revenue from {{ ref('stg_shop__orders') }}\n",
    'target/manifest.json': JSON.stringify(manifest),
  };
  for (const [rel, text] of Object.entries(files)) { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), text); }
  return root;
}

const lineage = (dir: string, address: string, depth = '1') => {
  const r = runCli(['lineage', address, '--project-dir', dir, '--depth', depth, '--output-json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};

describe('a package only target/manifest.json lists', () => {
  it('reads its compiled_code: the chain goes through its model to its source', () => {
    const dir = project(true);
    const j = lineage(dir, 'orders_mart.revenue', '2');
    expect(j.upstream.map((e: any) => [e.depth, `${e.node}.${e.column}`, e.kind])).toEqual([
      [1, 'stg_shop__orders.amount_usd', 'rename'],
      [2, 'shop.orders.amount', 'transform'],
    ]);
    expect(j.unresolved).toEqual([]);
    expect(j.upstream[1]).toMatchObject({ file: 'dbt_packages/shop_source/models/stg_shop__orders.sql', line: 5 });
    const down = lineage(dir, 'shop.orders.id', '2');
    expect(down.downstream.map((e: any) => `${e.node}.${e.column}`)).toEqual(['stg_shop__orders.order_id', 'orders_mart.order_id']);
    expect(down.downstream[0].line).toBe(4);
  });

  it('without compiled_code its columns are unresolved, saying how to make them known', () => {
    const dir = project(false);
    const j = lineage(dir, 'stg_shop__orders');
    expect(j.columns.map((c: any) => c.column)).toEqual(['stg_shop__orders.order_id', 'stg_shop__orders.amount_usd']);
    for (const c of j.columns) expect(c.upstream).toEqual([]);
    expect(j.columns[1].unresolved[0].reason).toBe('the model has no SQL file: package shop_source is not installed here and target/manifest.json has no compiled_code for it (run `dbt deps`, or `dbt compile`)');
  });
});
