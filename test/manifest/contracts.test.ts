import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { checkContracts, parseContractRef } from '../../src/manifest/contracts.js';
import { checkModelerManifestText } from '../../src/manifest/modeler-manifest.js';
import { compatibleType, typeFamily } from '../../src/manifest/type-compat.js';
import { runCli } from '../helpers/cli.js';
import { describeShared } from '../helpers/shared.js';
import { peerExample, VECTORS, vector, writeJson } from './helpers.js';

const q = () => vector('valid-full.json');
const mm = () => vector('modeler-manifest.json');
const codes = (r: ReturnType<typeof checkContracts>) => r.diagnostics.filter((d) => d.severity !== 'info').map((d) => `${d.severity}:${d.code}`);

describe('contract references', () => {
  it('parses pinned and unpinned ids and rejects the rest', () => {
    expect(parseContractRef('finance.Order.weekly_revenue@2')).toEqual({ id: 'finance.Order.weekly_revenue', version: 2 });
    expect(parseContractRef('finance.Order.weekly_revenue')).toEqual({ id: 'finance.Order.weekly_revenue' });
    for (const bad of ['finance.Order.weekly_revenue@1@junk', 'finance.Order.x@0', 'finance.Order.x@01', 'finance.order.x', 'f.O.x@']) {
      expect(parseContractRef(bad), bad).toHaveProperty('error');
    }
  });
});

describe('type compatibility', () => {
  it('groups dialect spellings into families', () => {
    expect(['int', 'INTEGER', 'bigint', 'int8', 'HUGEINT', 'number(10,0)', 'decimal(18, 0)', 'int unsigned'].map(typeFamily)).toEqual(Array(8).fill('integer'));
    expect(['decimal(18,2)', 'NUMERIC', 'number(12, 4)'].map(typeFamily)).toEqual(Array(3).fill('decimal'));
    expect(['varchar(20)', 'text', 'character varying', 'STRING', 'nvarchar(max)'].map(typeFamily)).toEqual(Array(5).fill('string'));
    expect(['timestamp', 'timestamp with time zone', 'TIMESTAMPTZ', 'datetime'].map(typeFamily)).toEqual(Array(4).fill('timestamp'));
    expect(['double precision', 'float8', 'real'].map(typeFamily)).toEqual(Array(3).fill('float'));
    expect(typeFamily('int[]')).toBe('array');
    expect(typeFamily('geography')).toBeUndefined();
  });
  it('a wider numeric contract accepts a narrower block type, never the reverse', () => {
    expect(compatibleType('decimal', 'bigint').ok).toBe(true);
    expect(compatibleType('double', 'decimal(10,2)').ok).toBe(true);
    expect(compatibleType('integer', 'decimal(10,2)').ok).toBe(false);
    expect(compatibleType('integer', 'numeric(10,0)').ok).toBe(true);
    expect(compatibleType('date', 'timestamp').ok).toBe(false);
    expect(compatibleType('string', 'integer').ok).toBe(false);
    expect(compatibleType('geography', 'GEOGRAPHY').ok).toBe(true);
    expect(compatibleType('geography', 'geometry').ok).toBe(false);
    expect(compatibleType('unknown', 'anything').ok).toBe(true);
    expect(compatibleType('integer', undefined)).toEqual({ ok: false, reason: 'the block output declares no type' });
  });
});

describe('checkContracts', () => {
  it('no drift: pinned @2 checked with compatible spellings (decimal(18,2) vs numeric(18,2), varchar vs string)', () => {
    const r = checkContracts(q(), mm());
    expect(codes(r)).toEqual([]);
    expect(r.ok).toBe(true);
    expect(r.checks).toEqual([{ block: 'weekly_revenue', contract: 'finance.Order.weekly_revenue@2', resolved: 'finance.Order.weekly_revenue@2', result: 'ok', outputsChecked: 3 }]);
  });
  it('a missing contract column is an error naming block, contract and column', () => {
    const m = q();
    m.blocks[0].outputs = m.blocks[0].outputs.filter((o: any) => o.name !== 'currency');
    const r = checkContracts(m, mm());
    expect(r.ok).toBe(false);
    const d = r.diagnostics.find((x) => x.code === 'CONTRACT_OUTPUT_MISSING')!;
    expect(d.severity).toBe('error');
    expect(d.message).toBe("block 'weekly_revenue' implements contract 'finance.Order.weekly_revenue@2' but does not output column 'currency'");
    expect(r.checks[0].result).toBe('drift');
  });
  it('an incompatible or missing type is drift', () => {
    const m = q();
    m.blocks[0].outputs[1].type = 'varchar';
    delete m.blocks[0].outputs[0].type;
    const r = checkContracts(m, mm());
    expect(codes(r)).toEqual(['error:CONTRACT_OUTPUT_TYPE', 'error:CONTRACT_OUTPUT_TYPE']);
    expect(r.diagnostics.map((d) => d.path)).toContain('/blocks/0/outputs/1');
    expect(r.diagnostics.find((d) => d.path === '/blocks/0/outputs/1')!.message).toContain("column 'revenue'");
  });
  it('a pinned version that does not exist, and an unknown id', () => {
    const m = q();
    m.blocks[0].modeler_contract = 'finance.Order.weekly_revenue@3';
    m.blocks[3].modeler_contract = 'ops.Order.order_cnt@1';
    const r = checkContracts(m, mm());
    expect(codes(r)).toEqual(['error:CONTRACT_VERSION_MISSING', 'error:CONTRACT_NOT_FOUND']);
    expect(r.diagnostics[0].message).toContain('(available: 1, 2)');
    expect(r.diagnostics[1].message).toContain("did you mean 'ops.Order.order_count'");
  });
  it('unpinned: a warning, checked against the latest version', () => {
    const m = q();
    m.blocks[0].modeler_contract = 'finance.Order.weekly_revenue';
    const r = checkContracts(m, mm());
    expect(codes(r)).toEqual(['warning:CONTRACT_UNPINNED']);
    expect(r.checks[0].resolved).toBe('finance.Order.weekly_revenue@2');
    expect(r.ok).toBe(true);
  });
  it('drift is an error whatever the status; deprecated contracts warn', () => {
    const m = q();
    m.blocks[2].modeler_contract = 'finance.Order.order_total@1';
    const r = checkContracts(m, mm());
    expect(codes(r)).toEqual(['warning:CONTRACT_DEPRECATED', 'error:CONTRACT_OUTPUT_MISSING']);
    expect(m.blocks[2].status).toBe('draft');
  });
  it('without a modeler manifest: certified blocks fail closed, others warn', () => {
    const certified = checkContracts(q(), undefined);
    expect(codes(certified)).toEqual(['error:CONTRACT_MANIFEST_MISSING']);
    const m = q();
    m.blocks[0].status = 'review';
    const review = checkContracts(m, undefined);
    expect(codes(review)).toEqual(['warning:CONTRACT_MANIFEST_MISSING']);
    expect(review.ok).toBe(true);
  });
});

describe('modeler manifest schema', () => {
  it('accepts the vector and rejects duplicate id@version', () => {
    expect(checkModelerManifestText(JSON.stringify(mm()), 'mm.json').diagnostics).toEqual([]);
    const d = mm();
    d.domains[1].entities[0].contracts.push({ ...d.domains[1].entities[0].contracts[0] });
    const r = checkModelerManifestText(JSON.stringify(d, null, 2), 'mm.json');
    expect(r.diagnostics.map((x) => [x.code, x.path])).toEqual([['DUPLICATE_CONTRACT', '/domains/1/entities/0/contracts/1']]);
    expect(r.diagnostics[0].line).toBeGreaterThan(1);
  });
  it('contract ids carry no version; versions are integers from 1', () => {
    const d = mm();
    d.domains[0].entities[0].contracts[0].id = 'finance.Order.weekly_revenue@1';
    d.domains[0].entities[0].contracts[1].version = 0;
    d.domains[0].entities[0].contracts[2].version = '1';
    const r = checkModelerManifestText(JSON.stringify(d), 'mm.json');
    expect(r.diagnostics.map((x) => x.path).sort()).toEqual([
      '/domains/0/entities/0/contracts/0/id', '/domains/0/entities/0/contracts/1/version', '/domains/0/entities/0/contracts/2/version']);
  });
});

describeShared('the peer examples, renamed', () => {
  it('the modeler example validates and the qlang example implements it without drift', () => {
    expect(checkModelerManifestText(JSON.stringify(peerExample('datalex')), 'peer-modeler.json').diagnostics).toEqual([]);
    const r = checkContracts(peerExample('dql'), peerExample('datalex'));
    expect(codes(r)).toEqual([]);
    expect(r.checks[0]).toMatchObject({ block: 'Monthly Active Customers', resolved: 'commerce.Customer.monthly_active_customers@1', result: 'ok' });
  });
  it('renaming the certified output away from the contract is caught (the peer compiled it cleanly)', () => {
    const qm = peerExample('dql');
    qm.blocks[0].outputs[1].name = 'mau';
    const r = checkContracts(qm, peerExample('datalex'));
    expect(r.ok).toBe(false);
    expect(r.diagnostics.find((d) => d.code === 'CONTRACT_OUTPUT_MISSING')!.message)
      .toBe("block 'Monthly Active Customers' implements contract 'commerce.Customer.monthly_active_customers@1' but does not output column 'monthly_active_customers'");
  });
});

describe('modeler manifest check-contracts (CLI)', () => {
  it('exit 0 on no drift; text names each block and the resolved contract', () => {
    const r = runCli(['manifest', 'check-contracts', '--manifest', join(VECTORS, 'valid-full.json'), '--modeler-manifest', join(VECTORS, 'modeler-manifest.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("ok         block 'weekly_revenue' -> finance.Order.weekly_revenue@2 (3 contract outputs)");
  });
  it('exit 1 on drift, with located error lines', () => {
    const m = q();
    m.blocks[0].outputs[1].name = 'net_revenue';
    const f = writeJson({ 'q.json': m, 'modeler-manifest.json': mm() });
    // the sibling modeler-manifest.json is picked up without the flag
    const r = runCli(['manifest', 'check-contracts', '--manifest', f['q.json']]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/q\.json:\d+:\d+: error\[CONTRACT_OUTPUT_MISSING\]: block 'weekly_revenue' implements contract 'finance\.Order\.weekly_revenue@2' but does not output column 'revenue'/);
    const j = JSON.parse(runCli(['manifest', 'check-contracts', '--manifest', f['q.json'], '--output-json']).stdout);
    expect(j.ok).toBe(false);
    expect(j.modelerManifest).toBe(f['modeler-manifest.json']);
  });
  it('fails closed without a modeler manifest, and on an invalid one', () => {
    const f = writeJson({ 'q.json': q() });
    const none = runCli(['manifest', 'check-contracts', '--manifest', f['q.json']]);
    expect(none.code).toBe(1);
    expect(none.stdout).toContain('error[CONTRACT_MANIFEST_MISSING]');
    const bad = mm();
    delete bad.modelerVersion;
    const g = writeJson({ 'q.json': q(), 'bad.json': bad });
    const invalid = runCli(['manifest', 'check-contracts', '--manifest', g['q.json'], '--modeler-manifest', g['bad.json']]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('error[MODELER_SCHEMA]');
    expect(invalid.stdout).toContain('is invalid, so the contract cannot be verified');
  });
  it('a named modeler manifest that does not exist is a usage error', () => {
    const r = runCli(['manifest', 'check-contracts', '--manifest', join(VECTORS, 'valid-full.json'), '--modeler-manifest', '/nonexistent/mm.json']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
