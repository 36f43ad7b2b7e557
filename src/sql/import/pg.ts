// PostgreSQL (and DuckDB, whose grammar is a fork of PostgreSQL's) DDL → ImportBuilder, read with
// the real PostgreSQL parser (libpg_query via pgsql-parser). Types keep their source spelling;
// DEFAULT and CHECK expressions are deparsed from the parse tree.
import type * as PgParser from 'pgsql-parser';
import { scanSql } from '../lexer.js';
import { normalizeTypeText } from '../types.js';
import { defaultValue, referentialAction, type ImportBuilder, type ImportedColumn, type TableRef } from './builder.js';
import { inlineComments, SqlSyntaxError, type SourceText } from './source.js';

// imported when first needed: importing pgsql-parser instantiates its WASM (≈16 MB resident,
// 128 MB reserved), which every process that reads the public entry (the server) would pay
let pg: typeof PgParser | undefined;
let ready: Promise<void> | undefined;
export function initPg(): Promise<void> {
  return (ready ??= import('pgsql-parser').then(async (m) => { await m.loadModule(); pg = m; }));
}

function parser(): typeof PgParser {
  if (!pg) throw new Error('the PostgreSQL parser is not loaded (initPg)');
  return pg;
}

const ACTIONS: Record<string, string> = { a: 'no_action', r: 'restrict', c: 'cascade', n: 'set_null', d: 'set_default' };

/** Parse and feed the builder; throws SqlSyntaxError with the offending offset. */
export function readPostgres(src: SourceText, b: ImportBuilder): void {
  let tree: any;
  if (!src.text.trim()) return; // libpg_query rejects an empty file ("Query cannot be empty"); the other readers import nothing
  try {
    tree = parser().parseSync(src.text);
  } catch (e: any) {
    const pos = e?.sqlDetails?.cursorPosition;
    throw new SqlSyntaxError(String(e?.message ?? e), typeof pos === 'number' ? src.codePointOffset(pos) : 0);
  }
  for (const raw of tree.stmts ?? []) {
    const start = src.charOffset(raw.stmt_location ?? 0);
    const end = raw.stmt_len == null ? src.text.length : src.charOffset((raw.stmt_location ?? 0) + raw.stmt_len);
    const stmt = new PgStatement(src, start, end);
    const [kind, node] = Object.entries(raw.stmt)[0] as [string, any];
    const line = src.lineOf(stmt.firstCode());
    switch (kind) {
      case 'CreateStmt': createTable(node, stmt, b, line); break;
      case 'AlterTableStmt': alterTable(node, stmt, b, line); break;
      case 'IndexStmt': createIndex(node, b, line); break;
      case 'CommentStmt': comment(node, b, line); break;
      case 'CreateEnumStmt': b.addEnum(node.typeName.map(str).join('.'), node.vals.map(str)); break;
      case 'CreateSchemaStmt': break; // a schema is modelled through the tables that name it
      default: b.skip(line, stmt.label());
    }
  }
}

class PgStatement {
  constructor(readonly src: SourceText, readonly start: number, readonly end: number) {}
  firstCode(): number {
    for (const p of scanSql(this.src.text.slice(this.start, this.end))) {
      if (p.kind === 'comment') continue;
      const k = p.text.search(/\S/);
      if (k >= 0) return this.start + p.start + k;
    }
    return this.start;
  }
  label(): string {
    const s = this.src.text.slice(this.firstCode(), this.end).split('\n')[0].trim();
    return s.length > 60 ? s.slice(0, 57) + '...' : s;
  }
}

function str(n: any): string {
  return n.String?.sval ?? n.sval ?? '';
}

function tableRef(rel: any): TableRef {
  const r: TableRef = { name: rel.relname };
  if (rel.schemaname) r.schema = rel.schemaname;
  if (rel.catalogname) r.database = rel.catalogname;
  return r;
}

function expr(node: any): string {
  return parser().deparseSync(node, { pretty: false } as any).trim();
}

function columnRefs(node: any, out: string[] = []): string[] {
  if (!node || typeof node !== 'object') return out;
  if (node.ColumnRef) {
    const f = node.ColumnRef.fields;
    const last = f[f.length - 1];
    if (last?.String) out.push(last.String.sval);
    return out;
  }
  for (const v of Object.values(node)) columnRefs(v, out);
  return out;
}

/** Top-level element boundaries (commas at depth 1 and the closing parenthesis) of a CREATE TABLE. */
function elementEnds(src: SourceText, start: number, end: number): number[] {
  const ends: number[] = [];
  let depth = 0;
  for (const p of scanSql(src.text.slice(start, end))) {
    if (p.kind !== 'code') continue;
    for (let i = 0; i < p.text.length; i++) {
      const c = p.text[i];
      if (c === '(') depth++;
      else if (c === ')') { depth--; if (depth === 0) { ends.push(start + p.start + i); return ends; } }
      else if (c === ',' && depth === 1) ends.push(start + p.start + i);
    }
  }
  return ends;
}

/** The type as written: from its first character to the first thing that follows it. */
function typeText(src: SourceText, col: any, ends: number[]): string {
  const start = src.charOffset(col.typeName.location);
  const after = [
    ...(col.constraints ?? []).map((c: any) => c.Constraint.location),
    col.collClause?.CollateClause?.location,
  ].filter((x: any) => typeof x === 'number').map((x: number) => src.charOffset(x)).filter((x: number) => x > start);
  const stop = Math.min(...after, ends.find((e) => e > start) ?? src.text.length);
  const raw = scanSql(src.text.slice(start, stop)).filter((p) => p.kind !== 'comment').map((p) => p.text).join(' ');
  return normalizeTypeText(raw);
}

function createTable(node: any, stmt: PgStatement, b: ImportBuilder, line: number): void {
  const ref = tableRef(node.relation);
  const t = b.addTable(ref, line);
  const ends = elementEnds(stmt.src, stmt.start, stmt.end);
  const later: (() => void)[] = [];
  for (const el of node.tableElts ?? []) {
    if (el.ColumnDef) {
      const c = el.ColumnDef;
      const col: ImportedColumn = { name: c.colname as string, type: typeText(stmt.src, c, ends), nullable: true };
      t.columns.push(col);
      for (const k of c.constraints ?? []) {
        const con = k.Constraint;
        switch (con.contype) {
          case 'CONSTR_NOTNULL': col.nullable = false; break;
          case 'CONSTR_DEFAULT': { const d = expr(con.raw_expr); if (d.toUpperCase() !== 'NULL') col.default = defaultValue(d); break; }
          case 'CONSTR_IDENTITY': col.identity = true; col.nullable = false; break;
          case 'CONSTR_PRIMARY': later.push(() => b.setPrimaryKey(t, [col.name])); break;
          case 'CONSTR_UNIQUE': col.unique = true; break;
          case 'CONSTR_CHECK': col.check = expr(con.raw_expr); break;
          case 'CONSTR_FOREIGN': later.push(() => b.addForeignKey(fk(con, ref, [col.name], stmt.src.lineOf(stmt.src.charOffset(con.location))))); break;
          case 'CONSTR_GENERATED': b.skip(stmt.src.lineOf(stmt.src.charOffset(con.location)), `generated column ${ref.name}.${col.name}`, 'kept as a plain column'); break;
          default: break;
        }
      }
    } else if (el.Constraint) {
      later.push(() => tableConstraint(el.Constraint, t, ref, b, stmt.src));
    } else {
      b.skip(line, `${Object.keys(el)[0]} in CREATE TABLE ${ref.name}`);
    }
  }
  for (const f of later) f();
  for (const ic of inlineComments(stmt.src, stmt.start, stmt.end, t.columns.map((c, i) => ({ name: c.name, at: stmt.src.charOffset((node.tableElts.filter((e: any) => e.ColumnDef)[i]).ColumnDef.location) })))) {
    const c = b.column(t, ic.name);
    if (c && !c.description) c.description = ic.text;
  }
}

function tableConstraint(con: any, t: ReturnType<ImportBuilder['addTable']>, ref: TableRef, b: ImportBuilder, src: SourceText): void {
  const line = src.lineOf(src.charOffset(con.location ?? 0));
  switch (con.contype) {
    case 'CONSTR_PRIMARY': b.setPrimaryKey(t, con.keys.map(str)); break;
    case 'CONSTR_UNIQUE': b.addUnique(t, con.keys.map(str), con.conname, line); break;
    case 'CONSTR_CHECK': b.addCheck(t, expr(con.raw_expr), columnRefs(con.raw_expr), con.conname); break;
    case 'CONSTR_FOREIGN': b.addForeignKey(fk(con, ref, con.fk_attrs.map(str), line)); break;
    default: b.skip(line, `${con.contype.replace('CONSTR_', '')} constraint on ${ref.name}`);
  }
}

function fk(con: any, child: TableRef, cols: string[], line: number) {
  return {
    name: con.conname, child, columns: cols, parent: tableRef(con.pktable), parentColumns: (con.pk_attrs ?? []).map(str),
    onDelete: referentialAction(ACTIONS[con.fk_del_action]), onUpdate: referentialAction(ACTIONS[con.fk_upd_action]), line,
  };
}

function alterTable(node: any, stmt: PgStatement, b: ImportBuilder, line: number): void {
  const ref = tableRef(node.relation);
  const t = b.findTable(ref);
  for (const c of node.cmds ?? []) {
    const cmd = c.AlterTableCmd;
    if (!t) { b.skip(line, stmt.label(), `table ${ref.name} is not defined`); return; }
    if (cmd.subtype === 'AT_AddConstraint' && cmd.def?.Constraint) tableConstraint(cmd.def.Constraint, t, ref, b, stmt.src);
    else if (cmd.subtype === 'AT_ColumnDefault' && b.column(t, cmd.name)) {
      const col = b.column(t, cmd.name)!;
      if (cmd.def) col.default = defaultValue(expr(cmd.def)); else delete col.default;
    } else if ((cmd.subtype === 'AT_SetNotNull' || cmd.subtype === 'AT_DropNotNull') && b.column(t, cmd.name)) {
      b.column(t, cmd.name)!.nullable = cmd.subtype === 'AT_DropNotNull';
    } else b.skip(line, stmt.label());
  }
}

function createIndex(node: any, b: ImportBuilder, line: number): void {
  const cols: string[] = [];
  for (const p of node.indexParams ?? []) {
    if (!p.IndexElem?.name) { b.skip(line, `expression index ${node.idxname ?? ''} on ${node.relation.relname}`.replace('  ', ' '), 'only column indexes are modelled'); return; }
    cols.push(p.IndexElem.name);
  }
  if (node.whereClause) { b.skip(line, `partial index ${node.idxname ?? ''} on ${node.relation.relname}`, 'only full indexes are modelled'); return; }
  b.addIndex(node.idxname, tableRef(node.relation), cols, !!node.unique, line, node.accessMethod === 'btree' ? undefined : node.accessMethod);
}

function comment(node: any, b: ImportBuilder, line: number): void {
  const parts: string[] = (node.object?.List?.items ?? []).map(str);
  const text: string | null = node.comment ?? null;
  if (node.objtype === 'OBJECT_TABLE' && parts.length) {
    const name = parts[parts.length - 1];
    b.setDescription({ name, schema: parts.length > 1 ? parts[parts.length - 2] : undefined }, undefined, text, line);
  } else if (node.objtype === 'OBJECT_COLUMN' && parts.length >= 2) {
    const col = parts[parts.length - 1], name = parts[parts.length - 2];
    b.setDescription({ name, schema: parts.length > 2 ? parts[parts.length - 3] : undefined }, col, text, line);
  } else b.skip(line, `COMMENT ON ${String(node.objtype).replace('OBJECT_', '')}`);
}
