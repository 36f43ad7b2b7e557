import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, stringify } from 'yaml';
import { runCli, tempDir } from '../helpers/cli.js';
import { describeShared, PEER } from '../helpers/shared.js';
import { classifyTypeChange, gateModels } from '../../src/governance/gate.js';
import { gateExitCode } from '../../src/cli/exit-codes.js';

const BASE = `
model: {name: shop, version: 1.4.0, domain: sales}
entities:
  - name: Customer
    type: table
    description: People who buy.
    tags: [core]
    columns:
      - {name: customer_id, data_type: integer, primary_key: true}
      - {name: email, data_type: varchar(100), unique: true}
      - {name: nickname, data_type: varchar(10)}
      - {name: visits, data_type: int}
      - {name: segment, data_type: varchar(20), enum: [new, active, churned]}
      - {name: score, data_type: 'decimal(12,2)'}
      - {name: joined_at, data_type: timestamp}
  - name: Order
    type: table
    columns:
      - {name: order_id, data_type: integer, primary_key: true}
      - {name: customer_id, data_type: integer, nullable: false}
      - {name: note, data_type: text}
      - {name: status, data_type: varchar(20), enum: order_status}
relationships:
  - {name: customer_orders, from: Customer.customer_id, to: Order.customer_id, cardinality: one_to_many}
indexes:
  - {name: ix_order_customer, entity: Order, columns: [customer_id]}
enums:
  - {name: order_status, values: [placed, shipped, returned]}
`;

type M = any;
const col = (m: M, e: string, c: string) => m.entities.find((x: M) => x.name === e).columns.find((x: M) => x.name === c);
const ent = (m: M, e: string) => m.entities.find((x: M) => x.name === e);

interface Case { name: string; edit: (m: M) => void; breaking: boolean; kind: string; path?: string }
const CASES: Case[] = [
  { name: 'entity removed', edit: (m) => { m.entities = m.entities.filter((e: M) => e.name !== 'Order'); m.relationships = []; m.indexes = []; }, breaking: true, kind: 'entity_removed', path: 'Order' },
  { name: 'entity added', edit: (m) => m.entities.push({ name: 'Store', columns: [{ name: 'store_id', data_type: 'int' }] }), breaking: false, kind: 'entity_added', path: 'Store' },
  { name: 'entity renamed with previous_name', edit: (m) => { Object.assign(ent(m, 'Customer'), { name: 'Client', previous_name: 'Customer' }); m.relationships[0].from = 'Client.customer_id'; }, breaking: false, kind: 'entity_renamed', path: 'Client' },
  { name: 'entity renamed without previous_name', edit: (m) => { ent(m, 'Customer').name = 'Client'; m.relationships[0].from = 'Client.customer_id'; }, breaking: true, kind: 'entity_removed', path: 'Customer' },
  { name: 'column removed', edit: (m) => { ent(m, 'Customer').columns = ent(m, 'Customer').columns.filter((c: M) => c.name !== 'nickname'); }, breaking: true, kind: 'column_removed', path: 'Customer.nickname' },
  { name: 'nullable column added', edit: (m) => ent(m, 'Order').columns.push({ name: 'coupon', data_type: 'varchar(20)' }), breaking: false, kind: 'column_added', path: 'Order.coupon' },
  { name: 'column renamed with previous_name', edit: (m) => Object.assign(col(m, 'Customer', 'nickname'), { name: 'alias', previous_name: 'nickname' }), breaking: false, kind: 'column_renamed', path: 'Customer.alias' },
  { name: 'column renamed without previous_name', edit: (m) => { col(m, 'Customer', 'nickname').name = 'alias'; }, breaking: true, kind: 'column_removed', path: 'Customer.nickname' },
  { name: 'varchar widened', edit: (m) => { col(m, 'Customer', 'nickname').data_type = 'varchar(20)'; }, breaking: false, kind: 'column_type_changed', path: 'Customer.nickname' },
  { name: 'varchar narrowed', edit: (m) => { col(m, 'Customer', 'email').data_type = 'varchar(50)'; }, breaking: true, kind: 'column_type_changed', path: 'Customer.email' },
  { name: 'int widened to bigint', edit: (m) => { col(m, 'Customer', 'visits').data_type = 'bigint'; }, breaking: false, kind: 'column_type_changed', path: 'Customer.visits' },
  { name: 'int narrowed to smallint', edit: (m) => { col(m, 'Customer', 'visits').data_type = 'smallint'; }, breaking: true, kind: 'column_type_changed', path: 'Customer.visits' },
  { name: 'decimal scale grows with the same whole digits', edit: (m) => { col(m, 'Customer', 'score').data_type = 'decimal(14,4)'; }, breaking: false, kind: 'column_type_changed', path: 'Customer.score' },
  { name: 'decimal loses whole digits', edit: (m) => { col(m, 'Customer', 'score').data_type = 'decimal(12,4)'; }, breaking: true, kind: 'column_type_changed', path: 'Customer.score' },
  { name: 'incompatible type change (timestamp → date)', edit: (m) => { col(m, 'Customer', 'joined_at').data_type = 'date'; }, breaking: true, kind: 'column_type_changed', path: 'Customer.joined_at' },
  { name: 'timestamp → timestamptz is incompatible', edit: (m) => { col(m, 'Customer', 'joined_at').data_type = 'timestamp with time zone'; }, breaking: true, kind: 'column_type_changed', path: 'Customer.joined_at' },
  { name: 'nullable → required explicitly', edit: (m) => { col(m, 'Customer', 'nickname').nullable = false; }, breaking: true, kind: 'column_nullability_changed', path: 'Customer.nickname' },
  { name: 'nullable by default → required', edit: (m) => { col(m, 'Order', 'note').nullable = false; }, breaking: true, kind: 'column_nullability_changed', path: 'Order.note' },
  { name: 'required → nullable', edit: (m) => { col(m, 'Order', 'customer_id').nullable = true; }, breaking: false, kind: 'column_nullability_changed', path: 'Order.customer_id' },
  { name: 'primary key changed', edit: (m) => { col(m, 'Customer', 'customer_id').primary_key = false; col(m, 'Customer', 'customer_id').nullable = false; col(m, 'Customer', 'email').primary_key = true; delete col(m, 'Customer', 'email').unique; m.relationships = []; }, breaking: true, kind: 'primary_key_changed', path: 'Customer' },
  { name: 'unique dropped', edit: (m) => { delete col(m, 'Customer', 'email').unique; }, breaking: true, kind: 'column_unique_changed', path: 'Customer.email' },
  { name: 'unique added', edit: (m) => { col(m, 'Customer', 'nickname').unique = true; }, breaking: true, kind: 'column_unique_changed', path: 'Customer.nickname' },
  { name: 'relationship removed', edit: (m) => { m.relationships = []; }, breaking: true, kind: 'relationship_removed', path: 'relationships.customer_orders' },
  { name: 'relationship cardinality tightened', edit: (m) => { m.relationships[0].cardinality = 'one_to_one'; col(m, 'Order', 'customer_id').unique = true; }, breaking: true, kind: 'relationship_cardinality_changed', path: 'relationships.customer_orders' },
  { name: 'relationship cardinality loosened', edit: (m) => { m.relationships[0].cardinality = 'many_to_many'; }, breaking: false, kind: 'relationship_cardinality_changed', path: 'relationships.customer_orders' },
  { name: 'relationship renamed with previous_name', edit: (m) => { m.relationships[0].name = 'buys'; m.relationships[0].previous_name = 'customer_orders'; }, breaking: false, kind: 'relationship_renamed', path: 'relationships.buys' },
  { name: 'inline enum value removed', edit: (m) => { col(m, 'Customer', 'segment').enum = ['new', 'active']; }, breaking: true, kind: 'column_enum_changed', path: 'Customer.segment' },
  { name: 'inline enum value added', edit: (m) => { col(m, 'Customer', 'segment').enum.push('vip'); }, breaking: false, kind: 'column_enum_changed', path: 'Customer.segment' },
  { name: 'model-level enum value removed', edit: (m) => { m.enums[0].values = ['placed', 'shipped']; }, breaking: true, kind: 'enum_values_changed', path: 'enums.order_status' },
  { name: 'description changed', edit: (m) => { ent(m, 'Customer').description = 'Buyers.'; col(m, 'Customer', 'email').description = 'Mail.'; }, breaking: false, kind: 'entity_changed', path: 'Customer' },
  { name: 'tags changed', edit: (m) => { ent(m, 'Customer').tags = ['core', 'pii']; }, breaking: false, kind: 'entity_changed', path: 'Customer' },
  { name: 'non-unique index removed', edit: (m) => { m.indexes = []; }, breaking: false, kind: 'index_removed', path: 'indexes.ix_order_customer' },
  { name: 'physical relation moved (schema)', edit: (m) => { ent(m, 'Order').schema = 'archive'; }, breaking: true, kind: 'entity_changed', path: 'Order' },
];

function writeModel(dir: string, name: string, m: M): string {
  const p = join(dir, name);
  writeFileSync(p, stringify(m));
  return p;
}

describe('gate: table of change cases', () => {
  const dir = tempDir('gate-');
  const basePath = join(dir, 'base.model.yaml');
  writeFileSync(basePath, BASE);
  it('has at least 20 cases and a valid base', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(20);
    const r = gateModels(basePath, basePath);
    expect(r.status).toBe('pass');
    expect(r.changes).toEqual([]);
  });
  CASES.forEach((c, i) => {
    it(`${c.breaking ? 'breaking' : 'not breaking'}: ${c.name}`, () => {
      const m = parse(BASE);
      c.edit(m);
      const newPath = writeModel(dir, `case${i}.model.yaml`, m);
      const r = gateModels(basePath, newPath);
      expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      const hit = r.changes.find((x) => x.kind === c.kind && (!c.path || x.path === c.path));
      expect(hit, JSON.stringify(r.changes.map((x) => [x.kind, x.path, x.breaking]))).toBeDefined();
      expect(hit!.breaking).toBe(c.breaking);
      expect(hit!.line).toBeGreaterThan(0);
      expect(hit!.message).toContain(c.path!.replace(/^(relationships|enums|indexes)\./, ''));
      expect(gateExitCode(r)).toBe(r.changes.some((x) => x.breaking) ? 2 : 0);
      if (!c.breaking) expect(r.changes.filter((x) => x.breaking)).toEqual([]);
      const allowed = gateModels(basePath, newPath, { allowBreaking: true });
      expect(gateExitCode(allowed)).toBe(0);
    });
  });
});

describe('gate: type change classes', () => {
  it.each([
    ['varchar(10)', 'varchar(20)', 'widening'], ['int', 'bigint', 'widening'], ['integer', 'int4', 'equivalent'],
    ['string', 'text', 'equivalent'], ['decimal(12,2)', 'decimal(18,2)', 'widening'], ['decimal(18,2)', 'decimal(12,2)', 'narrowing'],
    ['bigint', 'int', 'narrowing'], ['varchar(20)', 'integer', 'incompatible'], ['date', 'timestamp', 'incompatible'],
    [undefined, 'int', 'declared'], ['int', undefined, 'undeclared'],
  ])('%s → %s is %s', (a, b, k) => expect(classifyTypeChange(a as string, b as string)).toBe(k));
});

describe('gate: version bump', () => {
  const dir = tempDir('gate-ver-');
  const basePath = join(dir, 'base.model.yaml');
  writeFileSync(basePath, BASE);
  it('flags breaking changes that come without a major bump, and accepts them with one', () => {
    const m = parse(BASE);
    m.entities[1].columns.pop();
    m.model.version = '1.5.0';
    const minor = gateModels(basePath, writeModel(dir, 'minor.model.yaml', m));
    expect(minor.versionCheck.ok).toBe(false);
    expect(minor.versionCheck.message).toContain('2.0.0');
    m.model.version = '2.0.0';
    const major = gateModels(basePath, writeModel(dir, 'major.model.yaml', m));
    expect(major.versionCheck.ok).toBe(true);
    expect(gateExitCode(major)).toBe(2); // a bump documents the break; it does not allow it
  });
});

describeShared('gate: peer scenarios', () => {
  const S = (n: string) => join(PEER, 'tests/scenarios', `${n}.model.yaml`);
  it('base → non_breaking passes: the added nullable column is reported, nothing breaks', () => {
    const r = gateModels(S('base'), S('non_breaking'));
    expect(gateExitCode(r)).toBe(0);
    expect(r.changes.map((c) => [c.kind, c.path, c.breaking])).toEqual([['column_added', 'Customer.lifecycle_stage', false]]);
  });
  it('non_breaking → base fails: removing the column is breaking', () => {
    const r = gateModels(S('non_breaking'), S('base'));
    expect(gateExitCode(r)).toBe(2);
    expect(r.changes.find((c) => c.breaking)!.path).toBe('Customer.lifecycle_stage');
  });
  // The peer's "breaking" scenario only widens decimal(12,2) → decimal(18,2): every old value
  // still fits, so by our rules (widening is not breaking) it passes; the reverse narrows.
  it('base → breaking: decimal(12,2) → decimal(18,2) is a reported widening, not a break', () => {
    const r = gateModels(S('base'), S('breaking'));
    expect(r.changes).toHaveLength(1);
    expect(r.changes[0]).toMatchObject({ kind: 'column_type_changed', path: 'Order.total_amount', breaking: false, from: 'decimal(12,2)', to: 'decimal(18,2)' });
    expect(r.changes[0].message).toContain('widening');
    expect(gateExitCode(r)).toBe(0);
  });
  it('breaking → base: the narrowing back is breaking (exit 2)', () => {
    const r = gateModels(S('breaking'), S('base'));
    expect(gateExitCode(r)).toBe(2);
    expect(r.changes[0]).toMatchObject({ path: 'Order.total_amount', breaking: true, line: 32 });
  });
  it('invalid model → exit 1 with the located validation error', () => {
    const r = gateModels(S('base'), S('invalid'));
    expect(r.status).toBe('invalid');
    expect(gateExitCode(r)).toBe(1);
    expect(r.diagnostics.find((d) => d.code === 'UNKNOWN_ENTITY')).toMatchObject({ line: 23 });
  });
});

describeShared('gate CLI on the peer scenarios', () => {
  const S = (n: string) => join(PEER, 'tests/scenarios', `${n}.model.yaml`);
  it('exit 2 with every change named by path; --allow-breaking passes', () => {
    const r = runCli(['gate', S('non_breaking'), S('base')]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/non_breaking\.model\.yaml:\d+:\d+: BREAKING: column Customer\.lifecycle_stage removed/);
    expect(r.stdout).toContain('--allow-breaking');
    expect(runCli(['gate', S('non_breaking'), S('base'), '--allow-breaking']).code).toBe(0);
  });
  it('--output-json prints pure JSON', () => {
    const r = runCli(['gate', S('breaking'), S('base'), '--output-json']);
    expect(r.code).toBe(2);
    const j = JSON.parse(r.stdout);
    expect(j.status).toBe('breaking');
    expect(j.changes[0]).toMatchObject({ path: 'Order.total_amount', breaking: true });
  });
  it('exit 1 for an invalid model, 64 for a missing file', () => {
    const inv = runCli(['gate', S('base'), S('invalid')]);
    expect(inv.code).toBe(1);
    expect(inv.stdout).toMatch(/invalid\.model\.yaml:23:\d+: error\[UNKNOWN_ENTITY\]/);
    const missing = runCli(['gate', S('base'), '/nonexistent/x.yaml']);
    expect(missing.code).toBe(64);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('gate: a declared rename whose check follows it', () => {
  const dir = tempDir('gate-rename-');
  const V1 = `model: {name: billing, version: 1.0.0}
entities:
  - name: Invoice
    columns:
      - {name: invoice_id, data_type: integer, primary_key: true}
      - {name: amount, data_type: 'decimal(10,2)', check: "amount >= 0"}
      - {name: lo, data_type: integer}
      - {name: hi, data_type: integer, check: "hi >= lo AND note <> 'lo'"}
      - {name: note, data_type: varchar(20)}
`;
  const v1 = join(dir, 'v1.model.yaml');
  writeFileSync(v1, V1);
  const v2 = (body: string) => { const p = join(dir, `v2-${Math.random().toString(36).slice(2)}.model.yaml`); writeFileSync(p, body); return p; };

  it('widening plus a rename whose check is the same condition under the new name passes (exit 0)', () => {
    const p = v2(V1.replace('version: 1.0.0', 'version: 1.1.0')
      .replace(`{name: amount, data_type: 'decimal(10,2)', check: "amount >= 0"}`, `{name: total, previous_name: amount, data_type: 'decimal(14,2)', check: "total >= 0"}`)
      .replace('{name: lo, data_type: integer}', '{name: low, previous_name: lo, data_type: integer}')
      .replace(`check: "hi >= lo AND note <> 'lo'"`, `check: "hi >= low and note <> 'lo'"`));
    const r = gateModels(v1, p);
    expect(r.changes.filter((c) => c.breaking), JSON.stringify(r.changes)).toEqual([]);
    expect(gateExitCode(r)).toBe(0);
    const check = r.changes.find((c) => c.kind === 'column_changed' && c.path === 'Invoice.total' && c.attribute === 'check')!;
    expect(check.message).toMatch(/follows the rename/);
    expect(r.changes.find((c) => c.path === 'Invoice.hi' && c.attribute === 'check')?.breaking).toBe(false);
    expect(runCli(['gate', v1, p]).code).toBe(0);
  });

  it('a rename whose check changes its condition, or names the old column in a literal, still breaks', () => {
    const tighter = gateModels(v1, v2(V1.replace('version: 1.0.0', 'version: 2.0.0')
      .replace(`{name: amount, data_type: 'decimal(10,2)', check: "amount >= 0"}`, `{name: total, previous_name: amount, data_type: 'decimal(10,2)', check: "total > 0"}`)));
    expect(tighter.changes.find((c) => c.attribute === 'check')).toMatchObject({ path: 'Invoice.total', breaking: true });
    expect(gateExitCode(tighter)).toBe(2);
    // the literal 'lo' is text, not the column: renaming it too is a different condition
    const literal = gateModels(v1, v2(V1.replace('{name: lo, data_type: integer}', '{name: low, previous_name: lo, data_type: integer}')
      .replace(`check: "hi >= lo AND note <> 'lo'"`, `check: "hi >= low AND note <> 'low'"`)));
    expect(literal.changes.find((c) => c.attribute === 'check')).toMatchObject({ path: 'Invoice.hi', breaking: true });
  });
});
