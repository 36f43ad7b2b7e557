// Random pairs of models for the `migrate` property: an old model (tables, columns of every
// portable type, nullability, defaults, primary keys, foreign keys, unique and plain indexes) and
// a new one made from it by a list of edits (renames declared with `previous_name`, added and
// dropped tables, columns, keys and indexes, type, nullability and default changes). Shared by
// test/sql/migrate-fuzz.test.ts (a seeded few dozen per engine) and bench/migrate-fuzz.mjs
// (hundreds). `checkPair` runs generate(old) + migrate on a real engine and compares its catalog
// with generate(new).
import fc from 'fast-check';
import { loadModelText } from '../../src/core/model/load.js';
import type { Model } from '../../src/core/model/types.js';
import { generateSql } from '../../src/sql/generate.js';
import { generateMigration } from '../../src/sql/migrate.js';
import { getDialect } from '../../src/sql/dialects/index.js';
import type { Catalog, Engine } from './engines.js';

/** Every portable type family, as a model writes it. */
export const TYPES = ['varchar(20)', 'text', 'char(4)', 'smallint', 'integer', 'bigint', 'tinyint', 'decimal(10,2)', 'float', 'real',
  'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'json', 'uuid', 'binary'] as const;
/** Types every engine can key and index without a prefix length (MariaDB cannot index TEXT/BLOB/JSON whole). */
export const KEY_TYPES = ['varchar(20)', 'char(4)', 'smallint', 'integer', 'bigint', 'decimal(10,2)', 'date', 'timestamp', 'uuid'] as const;
const KEYABLE = new Set<string>(KEY_TYPES);

export interface SpecColumn { name: string; orig?: string; type: string; nullable: boolean; default?: string | number | boolean; unique?: boolean }
export interface SpecTable { name: string; orig?: string; pk: SpecColumn; cols: SpecColumn[] }
export interface SpecFk { name: string; child: string; col: string; parent: string }
export interface SpecIndex { name: string; table: string; cols: string[]; unique: boolean }
/** `acyclic`: no cycle of foreign keys (for engines that declare them only inside CREATE TABLE) */
export interface Spec { tables: SpecTable[]; fks: SpecFk[]; indexes: SpecIndex[]; acyclic?: boolean }

/** A default each engine accepts for the type (none for the types where some engine refuses one). */
function defaultFor(type: string, k: number): string | number | boolean | undefined {
  if (/^(varchar|char|text)/.test(type)) return `'d${k % 10}'`;
  if (/int|decimal|float|real/.test(type)) return k % 7;
  if (type === 'boolean') return k % 2 === 0;
  if (type === 'date') return `'2020-01-0${1 + (k % 9)}'`;
  if (type === 'timestamp' || type === 'timestamptz') return 'CURRENT_TIMESTAMP';
  return undefined;
}

const colArb = fc.record({
  type: fc.constantFrom(...TYPES), nullable: fc.boolean(), def: fc.option(fc.nat(20), { nil: undefined }),
  unique: fc.constantFrom(false, false, false, true),
});
type ColDraw = typeof colArb extends fc.Arbitrary<infer T> ? T : never;
const tableArb = fc.record({ pkType: fc.constantFrom('integer', 'bigint', 'varchar(20)'), cols: fc.array(colArb, { maxLength: 4 }) });
type TableDraw = typeof tableArb extends fc.Arbitrary<infer T> ? T : never;

/**
 * Type changes an engine can make in place: within numbers, within strings, within dates and
 * times, and anything to a string. Others (json → uuid, time → timestamptz) have no cast in
 * PostgreSQL even on an empty table; a model making them needs a new column, not a migration.
 */
const FAMILIES = [['smallint', 'integer', 'bigint', 'tinyint', 'decimal(10,2)', 'float', 'real'], ['varchar(20)', 'text', 'char(4)'], ['date', 'timestamp', 'timestamptz']];
export function castable(from: string, to: string): boolean {
  return from === to || /^(varchar|text)/.test(to) || FAMILIES.some((f) => f.includes(from) && f.includes(to));
}

const pick = <T>(xs: T[], i: number): T | undefined => (xs.length ? xs[i % xs.length] : undefined);

function makeColumn(d: ColDraw, name: string): SpecColumn {
  const c: SpecColumn = { name, orig: name, type: d.type, nullable: d.nullable };
  const def = d.def === undefined ? undefined : defaultFor(d.type, d.def);
  if (def !== undefined) c.default = def;
  if (d.unique && KEYABLE.has(d.type)) c.unique = true;
  return c;
}

function makeTable(d: TableDraw, name: string, fresh: () => string): SpecTable {
  return { name, orig: name, pk: { name: `${name}_id`, orig: `${name}_id`, type: d.pkType, nullable: false }, cols: d.cols.map((c) => makeColumn(c, fresh())) };
}

/** The old model: 1–4 tables, foreign keys between them (a column of the parent's key type), indexes. */
export const oldSpecArb = fc.record({
  tables: fc.array(tableArb, { minLength: 1, maxLength: 4 }),
  fks: fc.array(fc.record({ child: fc.nat(), parent: fc.nat(), nullable: fc.boolean() }), { maxLength: 3 }),
  indexes: fc.array(fc.record({ table: fc.nat(), cols: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), unique: fc.boolean() }), { maxLength: 3 }),
});
type OldDraw = typeof oldSpecArb extends fc.Arbitrary<infer T> ? T : never;

export function buildOld(d: OldDraw, acyclic = false): Spec {
  let n = 0;
  const fresh = () => `c${n++}`;
  const spec: Spec = { tables: d.tables.map((t, i) => makeTable(t, `t${i}`, fresh)), fks: [], indexes: [], acyclic };
  d.fks.forEach((f, i) => addFk(spec, f.child, f.parent, f.nullable, `fk${i}`));
  d.indexes.forEach((x, i) => addIndex(spec, x.table, x.cols, x.unique, `ix${i}`));
  return spec;
}

function addFk(spec: Spec, ci: number, pi: number, nullable: boolean, name: string): SpecColumn | undefined {
  const child = pick(spec.tables, ci), parent = pick(spec.tables, pi);
  if (!child || !parent) return undefined;
  if (spec.acyclic && reaches(spec, parent.name, child.name)) return undefined;
  const col: SpecColumn = { name: `${name}_${parent.name}`, orig: `${name}_${parent.name}`, type: parent.pk.type, nullable };
  if (child.cols.some((c) => c.name === col.name)) return undefined;
  child.cols.push(col);
  spec.fks.push({ name, child: child.name, col: col.name, parent: parent.name });
  return col;
}

/** `from` reaches `to` following foreign keys child → parent (a table reaches itself). */
function reaches(spec: Spec, from: string, to: string): boolean {
  const seen = new Set<string>();
  const walk = (t: string): boolean => t === to || (!seen.has(t) && (seen.add(t), spec.fks.some((f) => f.child === t && walk(f.parent))));
  return walk(from);
}

function addIndex(spec: Spec, ti: number, cis: number[], unique: boolean, name: string): void {
  const t = pick(spec.tables, ti);
  if (!t) return;
  const keyable = [t.pk, ...t.cols].filter((c) => KEYABLE.has(c.type));
  const cols = [...new Set(cis.map((i) => pick(keyable, i)!.name))];
  if (!keyable.length || spec.indexes.some((x) => x.table === t.name && x.cols.join() === cols.join())) return;
  spec.indexes.push({ name, table: t.name, cols, unique });
}

/** One edit of the old model; numbers pick a table/column/key modulo what is there. */
export const editArb = fc.oneof(
  fc.record({ op: fc.constant('rename_table' as const), t: fc.nat() }),
  fc.record({ op: fc.constant('drop_table' as const), t: fc.nat() }),
  fc.record({ op: fc.constant('add_table' as const), table: tableArb, ref: fc.option(fc.nat(), { nil: undefined }) }),
  fc.record({ op: fc.constant('rename_column' as const), t: fc.nat(), c: fc.nat() }),
  fc.record({ op: fc.constant('add_column' as const), t: fc.nat(), col: colArb, at: fc.nat() }),
  fc.record({ op: fc.constant('drop_column' as const), t: fc.nat(), c: fc.nat() }),
  fc.record({ op: fc.constant('change_type' as const), t: fc.nat(), c: fc.nat(), type: fc.constantFrom(...TYPES) }),
  fc.record({ op: fc.constant('toggle_nullable' as const), t: fc.nat(), c: fc.nat() }),
  fc.record({ op: fc.constant('change_default' as const), t: fc.nat(), c: fc.nat(), def: fc.option(fc.nat(20), { nil: undefined }) }),
  fc.record({ op: fc.constant('toggle_unique' as const), t: fc.nat(), c: fc.nat() }),
  fc.record({ op: fc.constant('move_column' as const), t: fc.nat(), c: fc.nat(), at: fc.nat() }),
  fc.record({ op: fc.constant('change_pk_type' as const), t: fc.nat(), type: fc.constantFrom('integer', 'bigint', 'varchar(20)') }),
  fc.record({ op: fc.constant('add_fk' as const), child: fc.nat(), parent: fc.nat(), nullable: fc.boolean() }),
  fc.record({ op: fc.constant('drop_fk' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('add_index' as const), t: fc.nat(), cols: fc.array(fc.nat(), { minLength: 1, maxLength: 2 }), unique: fc.boolean() }),
  fc.record({ op: fc.constant('drop_index' as const), i: fc.nat() }),
  fc.record({ op: fc.constant('toggle_index_unique' as const), i: fc.nat() }),
);
export type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

const fkCols = (spec: Spec, table: string) => new Set(spec.fks.filter((f) => f.child === table).map((f) => f.col));

/** The new model: the old one after the edits (names fresh, renames remembered as `orig`). */
export function applyEdits(old: Spec, edits: Edit[]): Spec {
  const spec: Spec = structuredClone(old);
  let n = 0;
  const fresh = (p: string) => `${p}${n++}`;
  const plainCols = (t: SpecTable) => t.cols.filter((c) => !fkCols(spec, t.name).has(c.name));
  for (const e of edits) {
    const t = 't' in e ? pick(spec.tables, e.t) : undefined;
    switch (e.op) {
      case 'rename_table': if (t) { const to = fresh('r'); rename(spec, t.name, to); } break;
      case 'drop_table': if (t && spec.tables.length > 1) {
        spec.tables = spec.tables.filter((x) => x !== t);
        for (const f of spec.fks.filter((f) => f.parent === t.name)) dropFk(spec, f);
        spec.fks = spec.fks.filter((f) => f.child !== t.name);
        spec.indexes = spec.indexes.filter((x) => x.table !== t.name);
      } break;
      case 'add_table': {
        const nt = makeTable(e.table, fresh('n'), () => fresh('x'));
        nt.orig = undefined; nt.pk.orig = undefined; nt.cols.forEach((c) => { c.orig = undefined; });
        spec.tables.push(nt);
        if (e.ref !== undefined) { const c = addFk(spec, spec.tables.length - 1, e.ref, true, fresh('fkn')); if (c) c.orig = undefined; }
      } break;
      case 'rename_column': { const c = t && pick(plainCols(t), e.c); if (t && c) renameCol(spec, t, c, fresh('r')); } break;
      case 'add_column': if (t) { const c = makeColumn(e.col, fresh('x')); c.orig = undefined; t.cols.splice(e.at % (t.cols.length + 1), 0, c); } break;
      case 'drop_column': { const c = t && pick(plainCols(t), e.c); if (t && c) { t.cols = t.cols.filter((x) => x !== c); spec.indexes = spec.indexes.filter((x) => !(x.table === t.name && x.cols.includes(c.name))); } } break;
      case 'change_type': { const c = t && pick(plainCols(t), e.c); if (c && castable(c.type, e.type)) { const inIndex = spec.indexes.some((x) => x.table === t!.name && x.cols.includes(c.name)); if (!(inIndex || c.unique) || KEYABLE.has(e.type)) { c.type = e.type; if (c.default !== undefined) c.default = defaultFor(c.type, 1); if (c.default === undefined) delete c.default; } } } break;
      case 'toggle_nullable': { const c = t && pick(t.cols, e.c); if (c) c.nullable = !c.nullable; } break;
      case 'change_default': { const c = t && pick(plainCols(t), e.c); if (c) { const d = e.def === undefined ? undefined : defaultFor(c.type, e.def); if (d === undefined) delete c.default; else c.default = d; } } break;
      case 'toggle_unique': { const c = t && pick(plainCols(t), e.c); if (c && KEYABLE.has(c.type)) { if (c.unique) delete c.unique; else c.unique = true; } } break;
      case 'move_column': { const c = t && pick(t.cols, e.c); if (t && c) { t.cols = t.cols.filter((x) => x !== c); t.cols.splice(e.at % (t.cols.length + 1), 0, c); } } break;
      case 'change_pk_type': if (t) {
        t.pk.type = e.type;
        for (const f of spec.fks.filter((f) => f.parent === t.name)) { const ch = spec.tables.find((x) => x.name === f.child)!; ch.cols.find((c) => c.name === f.col)!.type = e.type; }
        if (e.type !== 'integer') for (const x of spec.tables) for (const c of x.cols) if (spec.fks.some((f) => f.parent === t.name && f.child === x.name && f.col === c.name) && c.default !== undefined) c.default = defaultFor(c.type, 1);
      } break;
      case 'add_fk': { const c = addFk(spec, e.child, e.parent, e.nullable, fresh('fkn')); if (c) c.orig = undefined; } break;
      case 'drop_fk': { const f = pick(spec.fks, e.i); if (f) dropFk(spec, f); } break;
      case 'add_index': addIndex(spec, e.t, e.cols, e.unique, fresh('ixn')); break;
      case 'drop_index': { const x = pick(spec.indexes, e.i); if (x) spec.indexes = spec.indexes.filter((y) => y !== x); } break;
      case 'toggle_index_unique': { const x = pick(spec.indexes, e.i); if (x) x.unique = !x.unique; } break;
    }
  }
  return spec;
}

/** A foreign key that goes away keeps its column as a plain one. */
function dropFk(spec: Spec, f: SpecFk): void { spec.fks = spec.fks.filter((x) => x !== f); }

function rename(spec: Spec, from: string, to: string): void {
  const t = spec.tables.find((x) => x.name === from)!;
  t.name = to;
  for (const f of spec.fks) { if (f.child === from) f.child = to; if (f.parent === from) f.parent = to; }
  for (const x of spec.indexes) if (x.table === from) x.table = to;
}

function renameCol(spec: Spec, t: SpecTable, c: SpecColumn, to: string): void {
  for (const x of spec.indexes) if (x.table === t.name) x.cols = x.cols.map((n) => (n === c.name ? to : n));
  c.name = to;
}

/** The model file of a spec; `withPrevious` declares renames (the new model of a pair). */
export function specModel(spec: Spec, version: string, withPrevious: boolean): Model {
  const col = (c: SpecColumn, pk = false) => ({
    name: c.name, data_type: c.type, ...(pk ? { primary_key: true } : { nullable: c.nullable }),
    ...(c.default !== undefined ? { default: c.default } : {}), ...(c.unique ? { unique: true } : {}),
    ...(withPrevious && c.orig && c.orig !== c.name ? { previous_name: c.orig } : {}),
  });
  const doc = {
    model: { name: 'fuzz', version },
    entities: spec.tables.map((t) => ({
      name: t.name, ...(withPrevious && t.orig && t.orig !== t.name ? { previous_name: t.orig } : {}),
      columns: [col(t.pk, true), ...t.cols.map((c) => col(c))],
    })),
    relationships: spec.fks.map((f) => ({ name: f.name, from: `${f.parent}.${spec.tables.find((x) => x.name === f.parent)!.pk.name}`, to: `${f.child}.${f.col}`, cardinality: 'one_to_many' })),
    indexes: spec.indexes.map((x) => ({ name: x.name, entity: x.table, columns: x.cols, ...(x.unique ? { unique: true } : {}) })),
  };
  const lm = loadModelText(JSON.stringify(doc), 'fuzz.yaml');
  const errors = lm.diagnostics.filter((d) => d.severity === 'error');
  if (errors.length || !lm.model) throw new Error(`fuzz model invalid: ${errors.map((e) => e.message).join('; ')}\n${JSON.stringify(doc)}`);
  return lm.model;
}

/**
 * Pairs for one dialect: where foreign keys exist only inline in CREATE TABLE (DuckDB), a cycle
 * of them cannot be declared at all, so the pairs have none.
 */
export function pairArb(dialect: string) {
  const acyclic = !getDialect(dialect).caps.alterForeignKeys;
  return fc.record({ old: oldSpecArb, edits: fc.array(editArb, { minLength: 1, maxLength: 6 }) }).map(({ old, edits }) => {
    const a = buildOld(old, acyclic);
    return { old: a, new: applyEdits(a, edits), edits };
  });
}
export interface Pair { old: Spec; new: Spec; edits: Edit[] }

export type Outcome = { ok: true } | { ok: false; stage: 'generate old' | 'migrate' | 'generate new' | 'catalog'; message: string; sql: string };

/** generate(old) + migrate(old, new) on the engine leaves the catalog generate(new) leaves. */
export async function checkPair(engine: Engine, pair: Pair): Promise<Outcome> {
  const oldModel = specModel(pair.old, '1.0.0', false), newModel = specModel(pair.new, '2.0.0', true);
  const oldSql = generateSql(oldModel, engine.dialect), newSql = generateSql(newModel, engine.dialect);
  const mig = generateMigration(oldModel, newModel, engine.dialect).sql;
  const step = async (stage: Exclude<Outcome, { ok: true }>['stage'], sql: string): Promise<Outcome | undefined> => {
    try { await engine.exec(sql); return undefined; } catch (e: any) { return { ok: false, stage, message: String(e.message).split('\n').slice(0, 2).join(' | '), sql }; }
  };
  await engine.reset();
  const failed = (await step('generate old', oldSql)) ?? (await step('migrate', mig));
  if (failed) return failed;
  const migrated = await engine.catalog();
  await engine.reset();
  const failedNew = await step('generate new', newSql);
  if (failedNew) return failedNew;
  const fresh = await engine.catalog();
  const diff = catalogDiff(migrated, fresh);
  return diff ? { ok: false, stage: 'catalog', message: diff, sql: mig } : { ok: true };
}

/** The first difference between two catalogs, or undefined. */
export function catalogDiff(a: Catalog, b: Catalog): string | undefined {
  const names = [...new Set([...Object.keys(a.tables), ...Object.keys(b.tables)])].sort();
  for (const n of names) {
    const x = a.tables[n], y = b.tables[n];
    if (!x || !y) return `table ${n} ${x ? 'only after migrate' : 'missing after migrate'}`;
    for (const k of ['columns', 'constraints', 'foreignKeys', 'indexes'] as const) {
      const sx = JSON.stringify(x[k]), sy = JSON.stringify(y[k]);
      if (sx !== sy) return `${n}.${k}: migrated ${sx} != fresh ${sy}`;
    }
  }
  return undefined;
}
