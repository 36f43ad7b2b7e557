// Expected impact sets are worked out by hand from vectors/valid-full.json:
//   billing.invoices -> stg_invoices -> fct_orders -> {weekly_revenue, order_count}
//   weekly_revenue -> revenue_delta (block lineage), -> cfo_weekly app, tiles of dashboard overview
//   order_count -> ops_board app; active_subscribers <- billing.subscriptions, cell of the notebook
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { formatImpact, impactOf, parseRef } from '../../src/manifest/impact.js';
import { runCli } from '../helpers/cli.js';
import { VECTORS, vector } from './helpers.js';

const m = vector('valid-full.json');
const keys = (ref: string, kinds?: string[]) => impactOf(m, ref).impacted
  .filter((n) => !kinds || kinds.includes(n.kind)).map((n) => `${n.kind}:${n.ref}`).sort();
const CONSUMERS = ['qlang_block', 'qlang_app', 'dashboard', 'notebook'];

describe('impact over the lineage DAG', () => {
  it('a model change reaches its blocks, their dependants, apps and dashboards', () => {
    expect(keys('tform_model:fct_orders', CONSUMERS)).toEqual([
      'dashboard:overview', 'qlang_app:cfo_weekly', 'qlang_app:ops_board',
      'qlang_block:order_count', 'qlang_block:revenue_delta', 'qlang_block:weekly_revenue',
    ]);
  });
  it('a source change reaches downstream models first', () => {
    const r = impactOf(m, 'tform_source:billing.invoices');
    expect(r.impacted.filter((n) => n.kind === 'tform_model').map((n) => [n.ref, n.depth])).toEqual([['stg_invoices', 1], ['fct_orders', 2]]);
    expect(keys('tform_source:billing.invoices', CONSUMERS)).toEqual(keys('tform_model:fct_orders', CONSUMERS));
  });
  it('every impacted node carries the path that reaches it', () => {
    const r = impactOf(m, 'tform_source:billing.invoices');
    const app = r.impacted.find((n) => n.ref === 'cfo_weekly')!;
    expect(app.path).toEqual(['tform_source:billing.invoices', 'tform_model:stg_invoices', 'tform_model:fct_orders', 'qlang_block:weekly_revenue', 'qlang_app:cfo_weekly']);
    expect(app.depth).toBe(4);
    const block = r.impacted.find((n) => n.ref === 'weekly_revenue')!;
    expect(block).toMatchObject({ status: 'certified', domain: 'finance', owner: 'fin-data@acme.test' });
  });
  it('a notebook cell naming a block is downstream of it', () => {
    expect(keys('tform_source:billing.subscriptions', CONSUMERS)).toEqual(['notebook:notebooks/deep_dive', 'qlang_app:cfo_weekly', 'qlang_block:active_subscribers']);
  });
});

describe('column-level impact', () => {
  it('follows column lineage: order_id reaches only order_count', () => {
    expect(keys('tform_model_column:fct_orders.order_id')).toEqual(['block_column:order_count.n', 'qlang_app:ops_board', 'qlang_block:order_count']);
  });
  it('amount reaches weekly_revenue.revenue and, through block lineage, revenue_delta.delta', () => {
    const r = impactOf(m, 'tform_model_column:fct_orders.amount');
    expect(keys('tform_model_column:fct_orders.amount', ['block_column'])).toEqual(['block_column:revenue_delta.delta', 'block_column:weekly_revenue.revenue']);
    expect(keys('tform_model_column:fct_orders.amount', CONSUMERS)).toEqual([
      'dashboard:overview', 'qlang_app:cfo_weekly', 'qlang_block:revenue_delta', 'qlang_block:weekly_revenue']);
    expect(r.impacted.find((n) => n.ref === 'revenue_delta.delta')!.path).toEqual([
      'tform_model_column:fct_orders.amount', 'block_column:weekly_revenue.revenue', 'block_column:revenue_delta.delta']);
  });
  it('a block column reaches what renders its block, not the block itself', () => {
    const k = keys('block_column:weekly_revenue.revenue');
    expect(k).toContain('block_column:revenue_delta.delta');
    expect(k).toContain('qlang_app:cfo_weekly');
    expect(k).toContain('dashboard:overview');
    expect(k).not.toContain('qlang_block:weekly_revenue');
    expect(k).not.toContain('block_column:revenue_delta.week');
  });
  it('a column no lineage names is conservative: it reaches what its model reaches, minus precise blocks', () => {
    expect(keys('tform_model_column:stg_invoices.amount', CONSUMERS)).toEqual(keys('tform_model:fct_orders', CONSUMERS));
    // fct_orders.customer_id is used by no block's column lineage, and both blocks on fct_orders are precise
    expect(keys('tform_model_column:fct_orders.customer_id')).toEqual([]);
  });
  it('a contract or block change reaches the blocks that implement or use it', () => {
    expect(keys('modeler_contract:finance.Order.weekly_revenue', ['qlang_block'])).toEqual(['qlang_block:revenue_delta', 'qlang_block:weekly_revenue']);
    expect(keys('qlang_block:weekly_revenue', CONSUMERS)).toEqual(['dashboard:overview', 'qlang_app:cfo_weekly', 'qlang_block:revenue_delta']);
  });
  it('unknown refs report found: false; bad kinds are usage errors', () => {
    expect(impactOf(m, 'tform_model:nope')).toMatchObject({ found: false, impacted: [] });
    expect(impactOf(m, 'tform_model:nope').suggestion).toBeUndefined();
    // a typo gets the closest ref of the same kind, in JSON and in the text report
    const typo = impactOf(m, 'tform_model:fct_ordrs');
    expect(typo).toMatchObject({ found: false, suggestion: 'tform_model:fct_orders' });
    expect(formatImpact(typo)).toMatch(/did you mean 'tform_model:fct_orders'\?/);
    expect(() => parseRef('dbt_model:orders')).toThrow(/unknown ref kind 'dbt_model'/);
    expect(() => parseRef('orders')).toThrow(/<kind>:<ref>/);
    expect(parseRef('model:orders')).toEqual({ kind: 'tform_model', ref: 'orders' });
    expect(keys('modeler_contract:finance.Order.weekly_revenue@2')).toEqual(keys('modeler_contract:finance.Order.weekly_revenue'));
  });
});

describe('modeler manifest impact (CLI)', () => {
  const full = join(VECTORS, 'valid-full.json');
  it('JSON and text', () => {
    const j = runCli(['manifest', 'impact', '--manifest', full, '--ref', 'tform_model_column:fct_orders.order_id', '--output-json']);
    expect(j.code).toBe(0);
    const r = JSON.parse(j.stdout);
    expect(r.counts).toEqual({ qlang_block: 1, block_column: 1, qlang_app: 1 });
    const t = runCli(['manifest', 'impact', '--manifest', full, '--ref', 'tform_model:fct_orders']);
    expect(t.code).toBe(0);
    expect(t.stdout).toContain('via tform_model:fct_orders -> qlang_block:order_count -> qlang_app:ops_board');
  });
  it('usage errors exit 64', () => {
    const r = runCli(['manifest', 'impact', '--manifest', full, '--ref', 'modle:orders']);
    expect(r.code).toBe(64);
    expect(r.stderr).toContain("did you mean 'model'");
    expect(runCli(['manifest', 'impact', '--manifest', full]).code).toBe(64);
  });
});
