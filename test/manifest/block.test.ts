import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { resolveBlock } from '../../src/manifest/block.js';
import { runCli } from '../helpers/cli.js';
import { itShared } from '../helpers/shared.js';
import { peerExample, VECTORS, vector, writeJson } from './helpers.js';

describe('resolveBlock', () => {
  const m = vector('valid-full.json');
  it('serves a certified block with query, params and their defaults, outputs, llmContext, invariants, examples', () => {
    const r = resolveBlock(m, 'weekly_revenue');
    expect(r.query).toContain("date_trunc('week', ordered_at)");
    expect(r.params).toEqual([
      { name: 'region', type: 'string', default: 'ALL', required: false, description: 'sales region or ALL' },
      { name: 'weeks', type: 'integer', required: true, description: null },
      { name: 'include_tax', type: 'boolean', default: false, required: false, description: null },
    ]);
    expect(r.defaults).toEqual({ region: 'ALL', include_tax: false });
    expect(r.outputs.map((o) => [o.name, o.type])).toEqual([['week', 'date'], ['revenue', 'decimal(18,2)'], ['currency', 'varchar']]);
    expect(r.outputs[1].lineage).toEqual([{ kind: 'tform_model_column', ref: 'fct_orders.amount' }]);
    expect(r.llmContext).toBe('Use for weekly net revenue questions.');
    expect(r.invariants).toEqual(['revenue >= 0']);
    expect(r.examples).toEqual([{ question: 'What was revenue last week?', sql: 'SELECT * FROM weekly_revenue ORDER BY week DESC LIMIT 1' }]);
    expect(r.modeler_contract).toBe('finance.Order.weekly_revenue@2');
  });
  it('refuses draft and review blocks unless any status is allowed', () => {
    expect(() => resolveBlock(m, 'revenue_delta')).toThrow(/is review, not certified/);
    expect(() => resolveBlock(m, 'active_subscribers')).toThrow(/is draft, not certified/);
    expect(resolveBlock(m, 'revenue_delta', { anyStatus: true }).status).toBe('review');
  });
  it('unknown names get a suggestion; a case-insensitive unique match resolves', () => {
    expect(() => resolveBlock(m, 'weekly_revenu')).toThrow(/did you mean 'weekly_revenue'/);
    expect(resolveBlock(m, 'Weekly_Revenue').name).toBe('weekly_revenue');
  });
  itShared('the peer example: a case-insensitive unique match resolves', () => {
    expect(resolveBlock(peerExample('dql'), 'monthly active customers').name).toBe('Monthly Active Customers');
  });
});

describe('modeler manifest block (CLI)', () => {
  const full = join(VECTORS, 'valid-full.json');
  it('JSON output for a certified block', () => {
    const r = runCli(['manifest', 'block', 'order_count', '--manifest', full, '--output-json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ name: 'order_count', status: 'certified', owner: 'ops@acme.test', query: 'SELECT COUNT(order_id) AS n FROM fct_orders' });
  });
  it('text output lists params with defaults and the query', () => {
    const r = runCli(['manifest', 'block', 'weekly_revenue', '--manifest', full]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('region: string = "ALL"');
    expect(r.stdout).toContain('weeks: integer (required)');
    expect(r.stdout).toContain('query:');
  });
  it('a non-certified block exits 1 with one line; --any-status serves it', () => {
    const r = runCli(['manifest', 'block', 'revenue_delta', '--manifest', full]);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain('--any-status');
    expect(runCli(['manifest', 'block', 'revenue_delta', '--manifest', full, '--any-status']).code).toBe(0);
  });
  it('an invalid manifest is refused (consumers validate first)', () => {
    const m = vector('valid-full.json');
    m.blocks.push({ ...m.blocks[3] });
    const f = writeJson({ 'dup.json': m });
    const r = runCli(['manifest', 'block', 'order_count', '--manifest', f['dup.json']]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('DUPLICATE_BLOCK');
  });
  it('usage errors exit 64', () => {
    expect(runCli(['manifest', 'block', 'x']).code).toBe(64);
    expect(runCli(['manifest', 'block', 'x', '--manifest', '/nonexistent.json']).code).toBe(64);
  });
});
