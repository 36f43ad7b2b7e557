// Collects what the dialect readers find in DDL (tables, columns, keys, foreign keys, indexes,
// comments) and turns it into a model: entities in source order, columns in source order, each
// foreign key a one-to-many relationship from parent to child. Deterministic: no dates, no sorting.
import type { Column, Entity, Model, ReferentialAction, Relationship } from '../../core/model/types.js';
import { snakeCase } from '../physical.js';

export interface ImportedColumn {
  name: string;
  type: string;
  nullable: boolean;
  primaryKey?: boolean;
  unique?: boolean;
  default?: string | number | boolean | null;
  check?: string;
  description?: string;
  identity?: boolean;
  /** values of an inline ENUM(...) type (MySQL): modelled as `enum:` on a string column */
  enumValues?: string[];
}

export interface TableRef { schema?: string; database?: string; name: string }

export interface ImportedForeignKey {
  name?: string;
  child: TableRef;
  columns: string[];
  parent: TableRef;
  parentColumns: string[];
  onDelete?: ReferentialAction;
  onUpdate?: ReferentialAction;
  line: number;
}

export interface Unmodeled { line: number; what: string; reason?: string }

interface TableState {
  ref: TableRef;
  columns: ImportedColumn[];
  primaryKey: string[];
  description?: string;
  checks: { name?: string; expr: string }[];
  line: number;
}

export class ImportBuilder {
  private tables: TableState[] = [];
  private fks: ImportedForeignKey[] = [];
  private fkBySig = new Map<string, ImportedForeignKey>();
  private byKey = new Map<string, TableState>();
  private byName = new Map<string, TableState[]>();
  private indexes: { name?: string; table: TableRef; columns: string[]; unique: boolean; type?: string; line: number }[] = [];
  private enums: { name: string; values: string[] }[] = [];
  readonly unmodeled: Unmodeled[] = [];
  /** names compare case-insensitively unless the dialect folds and quotes (PostgreSQL) */
  constructor(private caseSensitive = false) {}

  private key(r: TableRef): string {
    const n = (s?: string) => (s === undefined ? '' : this.caseSensitive ? s : s.toLowerCase());
    return `${n(r.schema)}.${n(r.name)}`;
  }

  findTable(r: TableRef): TableState | undefined {
    const exact = this.byKey.get(this.key(r));
    if (exact || r.schema) return exact;
    const byName = this.byName.get(this.key({ name: r.name })) ?? [];
    return byName.length === 1 ? byName[0] : undefined;
  }

  addTable(ref: TableRef, line: number): TableState {
    const t: TableState = { ref, columns: [], primaryKey: [], checks: [], line };
    this.tables.push(t);
    if (!this.byKey.has(this.key(ref))) this.byKey.set(this.key(ref), t);
    const n = this.key({ name: ref.name });
    this.byName.set(n, [...(this.byName.get(n) ?? []), t]);
    return t;
  }

  column(t: TableState, name: string): ImportedColumn | undefined {
    return t.columns.find((c) => (this.caseSensitive ? c.name === name : c.name.toLowerCase() === name.toLowerCase()));
  }

  setPrimaryKey(t: TableState, cols: string[]): void {
    t.primaryKey = cols.map((c) => this.column(t, c)?.name ?? c);
    for (const c of cols) {
      const col = this.column(t, c);
      if (col) { col.primaryKey = true; col.nullable = false; }
    }
  }

  /** A UNIQUE constraint: one column marks the column, several become a unique index. */
  addUnique(t: TableState, cols: string[], name: string | undefined, line: number): void {
    if (cols.length === 1 && this.column(t, cols[0])) { this.column(t, cols[0])!.unique = true; return; }
    this.indexes.push({ name, table: t.ref, columns: cols.map((c) => this.column(t, c)?.name ?? c), unique: true, line });
  }

  /** A CHECK: on one column it becomes the column's check, otherwise an entity-level check in meta. */
  addCheck(t: TableState, expr: string, columnsUsed: string[], name?: string): void {
    const cols = [...new Set(columnsUsed.map((c) => this.column(t, c)?.name).filter((c): c is string => !!c))];
    if (cols.length === 1 && !this.column(t, cols[0])!.check) this.column(t, cols[0])!.check = expr;
    else t.checks.push({ name, expr });
  }

  /** The same foreign key declared twice (inline and by ALTER TABLE) is kept once. */
  addForeignKey(fk: ImportedForeignKey): void {
    const sig = [this.key(fk.child), fk.columns.join(','), this.key(fk.parent), fk.parentColumns.join(',')].join('|').toLowerCase();
    const same = this.fkBySig.get(sig);
    if (same) { same.name ??= fk.name; same.onDelete ??= fk.onDelete; same.onUpdate ??= fk.onUpdate; return; }
    this.fkBySig.set(sig, fk);
    this.fks.push(fk);
  }

  addIndex(name: string | undefined, table: TableRef, columns: string[], unique: boolean, line: number, type?: string): void {
    this.indexes.push({ name, table, columns, unique, type, line });
  }

  addEnum(name: string, values: string[]): void {
    this.enums.push({ name, values });
  }

  setDescription(table: TableRef, column: string | undefined, text: string | null, line: number): void {
    const t = this.findTable(table);
    if (!t) { this.unmodeled.push({ line, what: 'COMMENT', reason: `table ${table.name} is not defined` }); return; }
    if (column === undefined) { t.description = text ?? undefined; return; }
    const c = this.column(t, column);
    if (!c) { this.unmodeled.push({ line, what: 'COMMENT', reason: `column ${table.name}.${column} is not defined` }); return; }
    c.description = text ?? undefined;
  }

  skip(line: number, what: string, reason?: string): void {
    this.unmodeled.push({ line, what, reason });
  }

  build(header: { name: string; dialect: string }): Model {
    const names = new Map<TableState, string>();
    const taken = new Set<string>();
    for (const t of this.tables) {
      let n = pascalCase(t.ref.name) || 'Table';
      if (taken.has(n) && t.ref.schema) n = pascalCase(`${t.ref.schema}_${t.ref.name}`);
      for (let i = 2; taken.has(n); i++) n = `${pascalCase(t.ref.name)}${i}`;
      taken.add(n);
      names.set(t, n);
    }
    const entities: Entity[] = this.tables.map((t) => {
      const e: Entity = { name: names.get(t)!, type: 'table', columns: [] };
      if (t.description) e.description = t.description;
      if (t.ref.database) e.database = t.ref.database;
      if (t.ref.schema) e.schema = t.ref.schema;
      if (snakeCase(e.name) !== t.ref.name) e.physical_name = t.ref.name;
      e.columns = t.columns.map((c) => {
        const col: Column = { name: c.name, data_type: c.type };
        if (!c.nullable) col.nullable = false;
        if (c.primaryKey) col.primary_key = true;
        if (c.unique) col.unique = true;
        if (c.default !== undefined) col.default = c.default;
        if (c.check) col.check = c.check;
        if (c.identity) col.identity = true;
        if (c.enumValues) col.enum = c.enumValues;
        if (c.description) col.description = c.description;
        return col;
      });
      if (t.checks.length) e.meta = { checks: t.checks.map((c) => (c.name ? { name: c.name, expression: c.expr } : { expression: c.expr })) };
      return e;
    });
    const relationships: Relationship[] = [];
    const relNames = new Set<string>();
    for (const fk of this.fks) {
      const child = this.findTable(fk.child);
      const parent = this.findTable(fk.parent);
      if (!child || !parent) {
        this.unmodeled.push({ line: fk.line, what: 'FOREIGN KEY', reason: `references ${!parent ? fk.parent.name : fk.child.name}, which is not defined in this file` });
        continue;
      }
      const parentCols = (fk.parentColumns.length ? fk.parentColumns : parent.primaryKey).map((c) => this.column(parent, c)?.name ?? c);
      const childCols = fk.columns.map((c) => this.column(child, c)?.name ?? c);
      if (!parentCols.length || parentCols.length !== childCols.length) {
        this.unmodeled.push({ line: fk.line, what: 'FOREIGN KEY', reason: `cannot tell which columns of ${parent.ref.name} it references` });
        continue;
      }
      let name = fk.name ? fk.name.replace(/^fk_/i, '') : `${child.ref.name}_${childCols.join('_')}`;
      for (let i = 2; relNames.has(name); i++) name = `${name}_${i}`;
      relNames.add(name);
      const p = names.get(parent)!, c = names.get(child)!;
      const r: Relationship = parentCols.length === 1
        ? { name, from: `${p}.${parentCols[0]}`, to: `${c}.${childCols[0]}`, cardinality: 'one_to_many' }
        : { name, from: { entity: p, columns: parentCols }, to: { entity: c, columns: childCols }, cardinality: 'one_to_many' };
      if (fk.onDelete && fk.onDelete !== 'no_action') r.on_delete = fk.onDelete;
      if (fk.onUpdate && fk.onUpdate !== 'no_action') r.on_update = fk.onUpdate;
      relationships.push(r);
    }
    const indexes: Model['indexes'] = [];
    const fkNames = new Map<string, ImportedForeignKey[]>();
    for (const f of this.fks) if (f.name) fkNames.set(f.name, [...(fkNames.get(f.name) ?? []), f]);
    for (const ix of this.indexes) {
      // the index modeler creates for a MySQL foreign key (named like the constraint) belongs to it
      if (!ix.unique && ix.name && fkNames.get(ix.name)?.some((f) => this.key(f.child) === this.key(ix.table) && f.columns.join(',').toLowerCase() === ix.columns.join(',').toLowerCase())) continue;
      const t = this.findTable(ix.table);
      if (!t) { this.unmodeled.push({ line: ix.line, what: 'INDEX', reason: `table ${ix.table.name} is not defined` }); continue; }
      const cols = ix.columns.map((c) => this.column(t, c)?.name ?? c);
      const entry: Model['indexes'][number] = { name: ix.name ?? `ix_${t.ref.name}_${cols.join('_')}`, entity: names.get(t)!, columns: cols };
      if (ix.unique) entry.unique = true;
      if (ix.type && ['btree', 'hash', 'gin', 'gist', 'brin'].includes(ix.type)) entry.type = ix.type;
      indexes.push(entry);
    }
    return {
      model: { name: header.name, version: '1.0.0', layer: 'physical', dialect: header.dialect },
      entities, relationships, indexes, glossary: [], domains: [],
      enums: this.enums.map((e) => ({ name: e.name, values: e.values })),
    };
  }
}

/** `sales_order` → `SalesOrder`, `Order` stays `Order`. */
export function pascalCase(name: string): string {
  return name.split(/[^\p{L}\p{N}]+/u).filter(Boolean).map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}

/** Keep a default as the model stores it: numbers and booleans as values, the rest as SQL text. */
export function defaultValue(text: string): string | number | boolean | null {
  const t = text.trim();
  if (/^[+-]?\d+(\.\d+)?$/.test(t) && String(Number(t)) === t.replace(/^\+/, '')) return Number(t);
  const up = t.toUpperCase();
  if (up === 'TRUE') return true;
  if (up === 'FALSE') return false;
  if (up === 'NULL') return null;
  return t;
}

export function referentialAction(a: string | undefined): ReferentialAction | undefined {
  if (!a) return undefined;
  const k = a.toLowerCase().replace(/[\s_]+/g, '');
  return ({ cascade: 'cascade', restrict: 'restrict', setnull: 'set_null', setdefault: 'set_default', noaction: 'no_action' } as const)[k as 'cascade'];
}
