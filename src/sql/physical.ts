// The physical schema a model describes: tables with their columns, keys, checks, foreign keys
// (from relationships) and indexes, with deterministic constraint names. `generate sql` renders it;
// `migrate` diffs two of them. Dialect-neutral: types and defaults stay as the model writes them.
import { createHash } from 'node:crypto';
import { columnEnumValues, columnType, isNullable, parentChild, primaryKey } from '../core/model/access.js';
import type { Column, Entity, Model, ReferentialAction } from '../core/model/types.js';
import { proseDescription, type DocTexts } from '../metadata/doc-blocks.js';
import { isSerialType } from './types.js';

export interface PhysColumn {
  name: string;
  /** the model's type text (undefined when the model gives none) */
  type?: string;
  nullable: boolean;
  default?: string | number | boolean | null;
  description?: string;
  previousName?: string;
  identity?: boolean;
}

export interface PhysConstraint { name: string; columns: string[] }
export interface PhysCheck { name: string; column?: string; expr: string }

export interface PhysForeignKey {
  name: string;
  /** child table key (entity name) and columns */
  table: string;
  columns: string[];
  /** parent table key and columns */
  refTable: string;
  refColumns: string[];
  onDelete?: ReferentialAction;
  onUpdate?: ReferentialAction;
}

export interface PhysIndex { name: string; table: string; columns: string[]; unique: boolean }

export interface PhysTable {
  /** the entity name: stable key across model versions */
  key: string;
  name: string;
  schema?: string;
  database?: string;
  previousKey?: string;
  description?: string;
  columns: PhysColumn[];
  primaryKey?: PhysConstraint;
  uniques: PhysConstraint[];
  checks: PhysCheck[];
  /** computed columns (derived in queries, not stored): reported as comments */
  computed?: { name: string; expr?: string }[];
}

export interface PhysSchema {
  name: string;
  version: string;
  tables: PhysTable[];
  foreignKeys: PhysForeignKey[];
  indexes: PhysIndex[];
  /** things the model holds that are not tables (views, …), reported as comments */
  skipped: { entity: string; reason: string }[];
}

const NOT_TABLES = new Set(['view', 'materialized_view', 'external_table', 'snapshot']);

/** `SalesOrderItem` → `sales_order_item`; already-snake names are kept; letters beyond ASCII too (`Größe` → `größe`, not `gr_e`). */
export function snakeCase(name: string): string {
  return name
    .replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1_$2')
    .replace(/[^\p{L}\p{N}_]+/gu, '_')
    .replace(/_+/g, '_')
    .replace(/^_|_$/g, '')
    .toLowerCase();
}

export function tableName(e: Entity): string {
  return e.physical_name ?? snakeCase(e.name);
}

/** Constraint/index names stay under 63 characters (PostgreSQL's limit; MySQL allows 64). */
export function constraintName(...parts: string[]): string {
  const raw = parts.filter(Boolean).join('_');
  if (raw.length <= 63) return raw;
  const h = createHash('sha1').update(raw).digest('hex').slice(0, 8);
  return `${raw.slice(0, 54)}_${h}`;
}

/**
 * Enums become a portable string column plus a CHECK of the allowed values: every engine runs
 * it, and value changes migrate as check changes (native enum types cannot drop values).
 */
function physicalType(m: Model, c: Column): string | undefined {
  const type = columnType(c);
  const values = columnEnumValues(m, c);
  if (!values?.length) return type;
  const namesEnum = !!type && m.enums.some((e) => e.name === type);
  if (type && !namesEnum) return type;
  if (values.every((v) => typeof v === 'number')) return values.every((v) => Number.isInteger(v)) ? 'integer' : 'decimal';
  return `varchar(${Math.max(1, ...values.map((v) => String(v).length))})`;
}

function enumCheck(column: string, values: (string | number)[]): string {
  const lit = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.split("'").join("''")}'`);
  return `${column} IN (${values.map(lit).join(', ')})`;
}

/**
 * `docs`: the text of doc blocks descriptions may be bound to (see src/metadata/doc-blocks.ts);
 * descriptions are prose here, with references resolved or left out.
 */
export function buildPhysicalSchema(m: Model, docs?: DocTexts): PhysSchema {
  const tables: PhysTable[] = [];
  const skipped: PhysSchema['skipped'] = [];
  const byKey = new Map<string, PhysTable>();
  const used = new Set<string>();
  const unique = (n: string) => {
    let name = n;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = constraintName(n, String(i));
    used.add(name.toLowerCase());
    return name;
  };
  for (const e of m.entities) {
    if (e.type && NOT_TABLES.has(e.type)) { skipped.push({ entity: e.name, reason: `${e.type} entities are not generated as tables` }); continue; }
    if (!e.columns.length) { skipped.push({ entity: e.name, reason: 'entity has no columns' }); continue; }
    const name = tableName(e);
    const pk = primaryKey(e);
    const t: PhysTable = {
      key: e.name, name, schema: e.schema, database: e.database,
      previousKey: e.previous_name, description: proseDescription(e.description, e.description_ref, docs),
      columns: e.columns.filter((c) => !(c as any).computed).map((c) => ({
        name: c.name, type: physicalType(m, c), nullable: isNullable(c), default: c.default,
        description: proseDescription(c.description, c.description_ref, docs), previousName: c.previous_name, identity: c.identity || isSerialType(columnType(c)),
      })),
      primaryKey: pk.length ? { name: unique(constraintName('pk', name)), columns: pk } : undefined,
      uniques: [],
      checks: [],
      computed: e.columns.filter((c) => (c as any).computed).map((c) => ({ name: c.name, expr: (c as any).computed_expression })),
    };
    for (const c of e.columns) {
      if (c.unique && !(c.primary_key && pk.length === 1)) t.uniques.push({ name: unique(constraintName('uq', name, c.name)), columns: [c.name] });
      if (c.check) t.checks.push({ name: unique(constraintName('ck', name, c.name)), column: c.name, expr: c.check });
      const values = columnEnumValues(m, c);
      if (values?.length) t.checks.push({ name: unique(constraintName('ck', name, c.name)), column: c.name, expr: enumCheck(c.name, values) });
    }
    tables.push(t);
    byKey.set(e.name, t);
  }
  const foreignKeys: PhysForeignKey[] = [];
  for (const r of m.relationships) {
    const pc = parentChild(r);
    if (!pc) continue;
    const parent = byKey.get(pc.parent.entity);
    const child = byKey.get(pc.child.entity);
    if (!parent || !child || !pc.child.columns.length) continue;
    const refColumns = pc.parent.columns.length ? pc.parent.columns : parent.primaryKey?.columns ?? [];
    const label = r.name ?? `${pc.parent.entity} -> ${pc.child.entity}`;
    if (!refColumns.length || refColumns.length !== pc.child.columns.length) { skipped.push({ entity: label, reason: 'relationship has no parent key columns to reference; no foreign key declared' }); continue; }
    // engines only accept references to a primary or unique key
    if (!isKeySet(parent, refColumns)) { skipped.push({ entity: label, reason: `${parent.key}.${refColumns.join(',')} is not a primary or unique key; no foreign key declared` }); continue; }
    const name = unique(constraintName('fk', r.name ? snakeCase(r.name) : `${child.name}_${pc.child.columns.join('_')}`));
    foreignKeys.push({ name, table: child.key, columns: pc.child.columns, refTable: parent.key, refColumns, onDelete: r.on_delete, onUpdate: r.on_update });
  }
  const indexes: PhysIndex[] = [];
  for (const ix of m.indexes) {
    const t = byKey.get(ix.entity);
    if (!t || !ix.columns.length) continue;
    indexes.push({ name: unique(ix.name ?? constraintName('ix', t.name, ...ix.columns)), table: t.key, columns: [...ix.columns], unique: !!ix.unique });
  }
  return { name: m.model.name, version: m.model.version, tables, foreignKeys, indexes, skipped };
}

function isKeySet(t: PhysTable, cols: string[]): boolean {
  const same = (a: string[]) => a.length === cols.length && a.every((c) => cols.includes(c));
  if (t.primaryKey && same(t.primaryKey.columns)) return true;
  return t.uniques.some((u) => same(u.columns));
}

/**
 * An index, the primary key or a unique key of the child table starts with the foreign key's
 * columns, in order: engines that need an index for a foreign key (InnoDB) use that one.
 */
export function foreignKeyIndexed(schema: Pick<PhysSchema, 'tables' | 'indexes'>, fk: PhysForeignKey): boolean {
  const starts = (cols: string[]) => fk.columns.every((c, i) => cols[i] === c);
  const t = schema.tables.find((x) => x.key === fk.table);
  return schema.indexes.some((ix) => ix.table === fk.table && starts(ix.columns))
    || !!t && (starts(t.primaryKey?.columns ?? []) || t.uniques.some((u) => starts(u.columns)));
}

/** Tables ordered so every referenced table comes before the tables that reference it. */
export function topoOrder(tables: PhysTable[], fks: PhysForeignKey[]): PhysTable[] {
  const keys = new Set(tables.map((t) => t.key));
  const deps = new Map<string, Set<string>>();
  for (const t of tables) deps.set(t.key, new Set());
  for (const fk of fks) if (keys.has(fk.table) && keys.has(fk.refTable) && fk.table !== fk.refTable) deps.get(fk.table)!.add(fk.refTable);
  const out: PhysTable[] = [];
  const state = new Map<string, number>();
  const byKey = new Map(tables.map((t) => [t.key, t]));
  const visit = (k: string) => {
    if (state.get(k) === 2) return;
    if (state.get(k) === 1) return; // a cycle: keep source order for the rest
    state.set(k, 1);
    for (const d of deps.get(k) ?? []) visit(d);
    state.set(k, 2);
    out.push(byKey.get(k)!);
  };
  for (const t of tables) visit(t.key);
  return out;
}
