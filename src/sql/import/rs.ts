// MySQL/MariaDB, SQL Server, Snowflake, BigQuery and Databricks DDL → ImportBuilder, read with
// datafusion-sqlparser-rs (WASM, via @guanmingchiu/sqlparser-ts) in the matching dialect. The
// parser gives a typed tree; types and DEFAULT/CHECK expressions are rendered back from it.
import { init, Parser } from '@guanmingchiu/sqlparser-ts';
import { dialectTraits } from '../dialects/index.js';
import { scanSql } from '../lexer.js';
import { splitSqlStatements } from '../split.js';
import { normalizeTypeText } from '../types.js';
import { defaultValue, referentialAction, type ImportBuilder, type ImportedColumn, type TableRef } from './builder.js';
import { inlineComments, SqlSyntaxError, type SourceText } from './source.js';


let ready: Promise<void> | undefined;
export function initRs(): Promise<void> {
  return (ready ??= init());
}

type Stmt = { sql: string; line: number; column: number; offset: number };

export function readWithSqlparser(src: SourceText, dialect: string, b: ImportBuilder): void {
  const parser = dialectTraits(dialect)?.parser;
  const rsDialect = parser?.kind === 'sqlparser-rs' ? parser.dialect : undefined;
  const statements = splitSqlStatements(src.text, dialect);
  // One parser call for the whole file is several times faster than one per statement; when it
  // fails, or the parser sees the statements differently, go statement by statement (which also
  // locates a syntax error and tolerates statements we would not model anyway).
  let whole: any[] | undefined;
  try {
    whole = JSON.parse(Parser.parseToJson(src.text, rsDialect as any));
  } catch { /* per statement below */ }
  if (whole && whole.length === statements.length) {
    const origin = { sql: src.text, line: 1, column: 1, offset: 0 };
    whole.forEach((node, i) => readStatement(node, statements[i], origin, src, b));
    return;
  }
  for (const st of statements) {
    let stmts: any[];
    try {
      stmts = JSON.parse(Parser.parseToJson(st.sql, rsDialect as any));
    } catch (e: any) {
      const msg = String(e?.message ?? e).replace(/^sql parser error:\s*/, '');
      // a statement we would not model anyway (trigger, procedure, …) that this parser cannot
      // read is listed, not fatal; a table, index, constraint or comment statement must parse
      if (!isModelledStatement(st.sql)) { b.skip(st.line, label(st.sql), `not read by the ${dialect} parser: ${msg.replace(/ at Line: \d+, Column: \d+/, '')}`); continue; }
      const m = /at Line: (\d+), Column: (\d+)/.exec(msg);
      const rel = m ? { line: Number(m[1]), column: Number(m[2]) } : { line: 1, column: 1 };
      const line = st.line + rel.line - 1;
      const column = rel.line === 1 ? st.column + rel.column - 1 : rel.column;
      throw new SqlSyntaxError(msg.replace(/ at Line: \d+, Column: \d+/, ''), st.offset, line, column);
    }
    for (const node of stmts) readStatement(node, st, st, src, b);
  }
}

/** `st` locates the statement; `origin` is what the parser's spans are relative to. */
function readStatement(node: any, st: Stmt, origin: Stmt, src: SourceText, b: ImportBuilder): void {
  const [kind, body] = typeof node === 'string' ? [node, {}] : (Object.entries(node)[0] as [string, any]);
  const line = st.line;
  switch (kind) {
    case 'CreateTable': createTable(body, src, st, origin, b); break;
    case 'AlterTable': alterTable(body, b, line, label(st.sql)); break;
    case 'CreateIndex': createIndex(body, b, line); break;
    case 'Comment': comment(body, b, line); break;
    // a schema (a database in MySQL) is modelled through the tables that name it
    case 'CreateSchema': case 'CreateDatabase': break;
    case 'If': if (!createsSchema(body)) b.skip(line, label(st.sql)); break;
    default: b.skip(line, label(st.sql));
  }
}

/** SQL Server's `IF SCHEMA_ID('x') IS NULL EXEC('CREATE SCHEMA x')`, which generate sql writes. */
function createsSchema(body: any): boolean {
  const fn = body?.if_block?.condition?.IsNull?.Function?.name?.[0];
  return String(fn?.Identifier?.value ?? fn?.value ?? '').toUpperCase() === 'SCHEMA_ID';
}

/** CREATE [OR REPLACE] [TEMPORARY …] TABLE, ALTER TABLE, CREATE [UNIQUE] INDEX, COMMENT ON. */
function isModelledStatement(sql: string): boolean {
  const words = scanSql(sql).filter((p) => p.kind === 'code').map((p) => p.text).join(' ').trim().split(/[^A-Za-z_]+/, 8).map((w) => w.toUpperCase());
  if (words[0] === 'COMMENT') return true;
  if (words[0] === 'ALTER') return words[1] === 'TABLE';
  if (words[0] !== 'CREATE') return false;
  return words.slice(1, 6).some((w) => w === 'TABLE' || w === 'INDEX');
}

function label(sql: string): string {
  const s = sql.split('\n')[0].trim();
  return s.length > 60 ? s.slice(0, 57) + '...' : s;
}

function objectName(parts: any[]): string[] {
  return parts.map((p) => p.Identifier?.value ?? p.value ?? '');
}

function tableRef(parts: any[]): TableRef {
  let names = objectName(parts);
  // BigQuery writes `project.dataset.table` as one quoted identifier
  if (names.length === 1 && names[0].includes('.')) names = names[0].split('.');
  const r: TableRef = { name: names[names.length - 1] };
  if (names.length > 1) r.schema = names[names.length - 2];
  if (names.length > 2) r.database = names[names.length - 3];
  return r;
}

function identList(cols: any[]): string[] {
  return cols.map((c) => c.value ?? c.column?.expr?.Identifier?.value ?? c.Identifier?.value ?? c.expr?.Identifier?.value);
}

function createTable(ct: any, src: SourceText, st: Stmt, origin: Stmt, b: ImportBuilder): void {
  const ref = tableRef(ct.name);
  const t = b.addTable(ref, st.line);
  const pk: string[] = [];
  for (const c of ct.columns ?? []) {
    const col: ImportedColumn = { name: c.name.value, type: normalizeTypeText(renderType(c.data_type)), nullable: true };
    const values = enumValues(c.data_type);
    if (values) {
      // an inline ENUM is a string column with a value list: portable to every dialect
      col.type = `varchar(${Math.max(1, ...values.map((v) => v.length))})`;
      col.enumValues = values;
    }
    t.columns.push(col);
    for (const o of c.options ?? []) {
      const opt = o.option;
      if (opt === 'NotNull') col.nullable = false;
      else if (opt === 'Null') col.nullable = true;
      else if (typeof opt === 'object') {
        const [k, v] = Object.entries(opt)[0] as [string, any];
        if (k === 'Default') { const d = safeExpr(v, b, st.line, `DEFAULT of ${ref.name}.${col.name}`); if (d !== undefined && d.toUpperCase() !== 'NULL') col.default = defaultValue(d); }
        else if (k === 'PrimaryKey' || (k === 'Unique' && v?.is_primary)) pk.push(col.name);
        else if (k === 'Unique') col.unique = true;
        else if (k === 'Check') col.check = safeExpr(v.expr ?? v, b, st.line, `CHECK of ${ref.name}.${col.name}`);
        else if (k === 'Comment') col.description = v;
        else if (k === 'Options') { const d = optionValue(v, 'description'); if (d !== undefined) col.description = d; }
        else if (k === 'ForeignKey') b.addForeignKey({ name: o.name?.value ?? v.name?.value, child: ref, columns: [col.name], parent: tableRef(v.foreign_table), parentColumns: identList(v.referred_columns ?? []), onDelete: action(v.on_delete), onUpdate: action(v.on_update), line: st.line });
        else if (k === 'Identity' || (k === 'Generated' && !v.generation_expr)) col.identity = true;
        else if (k === 'DialectSpecific' && JSON.stringify(v).includes('AUTO_INCREMENT')) col.identity = true;
      }
    }
  }
  if (pk.length) b.setPrimaryKey(t, pk);
  for (const con of ct.constraints ?? []) tableConstraint(con, t, ref, b, st.line);
  // table descriptions: MySQL/Snowflake COMMENT, Databricks COMMENT, BigQuery OPTIONS(description=…)
  const opts = ct.table_options;
  if (opts && typeof opts === 'object') {
    for (const o of opts.Plain ?? []) if (o.Comment) t.description = o.Comment.WithEq ?? o.Comment.WithoutEq ?? o.Comment;
    const d = optionValue(opts.Options ?? [], 'description');
    if (d !== undefined) t.description = d;
  }
  if (typeof ct.comment === 'string') t.description = ct.comment;
  else if (ct.comment && typeof ct.comment === 'object') t.description = ct.comment.WithEq ?? ct.comment.WithoutEq ?? t.description;
  const at = (name: string) => {
    const c = (ct.columns ?? []).find((x: any) => x.name.value === name);
    return c?.name?.span ? offsetOf(src, origin, c.name.span.start) : -1;
  };
  for (const ic of inlineComments(src, st.offset, st.offset + st.sql.length, t.columns.map((c) => ({ name: c.name, at: at(c.name) })).filter((c) => c.at >= 0))) {
    const c = b.column(t, ic.name);
    if (c && !c.description) c.description = ic.text;
  }
}

function offsetOf(src: SourceText, st: { offset: number }, pos: { line: number; column: number }): number {
  // sqlparser spans are 1-based line/column inside the statement text
  const base = src.position(st.offset);
  return pos.line === 1 ? st.offset + pos.column - 1 : src.offsetAt(base.line + pos.line - 1, pos.column);
}

function tableConstraint(con: any, t: ReturnType<ImportBuilder['addTable']>, ref: TableRef, b: ImportBuilder, line: number): void {
  const [k, v] = Object.entries(con)[0] as [string, any];
  const name = v?.name?.value;
  if (k === 'PrimaryKey') b.setPrimaryKey(t, identList(v.columns));
  else if (k === 'Unique') b.addUnique(t, identList(v.columns), name ?? v.index_name?.value, line);
  else if (k === 'Check') { const x = safeExpr(v.expr, b, line, `CHECK on ${ref.name}`); if (x !== undefined) b.addCheck(t, x, identifiers(v.expr), name); }
  else if (k === 'ForeignKey') b.addForeignKey({ name, child: ref, columns: identList(v.columns), parent: tableRef(v.foreign_table), parentColumns: identList(v.referred_columns ?? []), onDelete: action(v.on_delete), onUpdate: action(v.on_update), line });
  else if (k === 'Index') b.addIndex(name, ref, identList(v.columns), false, line);
  else b.skip(line, `${k} constraint on ${ref.name}`);
}

function alterTable(at: any, b: ImportBuilder, line: number, text: string): void {
  const ref = tableRef(at.name);
  const t = b.findTable(ref);
  if (!t) { b.skip(line, text, `table ${ref.name} is not defined`); return; }
  for (const op of at.operations ?? []) {
    if (op.AddConstraint) tableConstraint(op.AddConstraint.constraint ?? op.AddConstraint, t, ref, b, line);
    else if (op.AlterColumn && b.column(t, op.AlterColumn.column_name.value)) {
      const col = b.column(t, op.AlterColumn.column_name.value)!;
      const o = op.AlterColumn.op;
      if (o === 'SetNotNull') col.nullable = false;
      else if (o === 'DropNotNull') col.nullable = true;
      else if (o === 'DropDefault') delete col.default;
      else if (o?.SetDefault) { const d = safeExpr(o.SetDefault.value, b, line, text); if (d !== undefined) col.default = defaultValue(d); }
      else b.skip(line, text);
    } else b.skip(line, text);
  }
}

function createIndex(ci: any, b: ImportBuilder, line: number): void {
  const cols: string[] = [];
  for (const c of ci.columns ?? []) {
    const id = c.column?.expr?.Identifier?.value;
    if (!id) { b.skip(line, `expression index on ${tableRef(ci.table_name).name}`, 'only column indexes are modelled'); return; }
    cols.push(id);
  }
  if (ci.predicate) { b.skip(line, `partial index on ${tableRef(ci.table_name).name}`, 'only full indexes are modelled'); return; }
  const name = ci.name ? objectName(ci.name).pop() : undefined;
  b.addIndex(name, tableRef(ci.table_name), cols, !!ci.unique, line, typeof ci.using === 'string' ? ci.using.toLowerCase() : undefined);
}

function comment(c: any, b: ImportBuilder, line: number): void {
  const parts = objectName(c.object_name);
  if (c.object_type === 'Table') b.setDescription(tableRef(c.object_name), undefined, c.comment ?? null, line);
  else if (c.object_type === 'Column' && parts.length >= 2) {
    const col = parts.pop()!;
    b.setDescription(tableRef(c.object_name.slice(0, -1)), col, c.comment ?? null, line);
  } else b.skip(line, `COMMENT ON ${c.object_type}`);
}

function action(a: string | null | undefined): ReturnType<typeof referentialAction> {
  return a ? referentialAction(a.replace(/([a-z])([A-Z])/g, '$1 $2')) : undefined;
}

function optionValue(opts: any[], key: string): string | undefined {
  for (const o of opts ?? []) {
    const kv = o.KeyValue;
    if (kv && kv.key?.value?.toLowerCase() === key) {
      const v = kv.value?.Value?.value;
      if (v && typeof v === 'object') return Object.values(v)[0] as string;
    }
  }
  return undefined;
}

function identifiers(e: any, out: string[] = []): string[] {
  if (!e || typeof e !== 'object') return out;
  if (e.Identifier && typeof e.Identifier.value === 'string') { out.push(e.Identifier.value); return out; }
  if (e.CompoundIdentifier) { out.push(e.CompoundIdentifier[e.CompoundIdentifier.length - 1].value); return out; }
  for (const v of Object.values(e)) identifiers(v, out);
  return out;
}

// ---- rendering the parse tree back to SQL text --------------------------------------------

const TYPE_NAMES: Record<string, string> = {
  DoublePrecision: 'double precision', CharacterVarying: 'character varying', CharVarying: 'char varying', TimestampNtz: 'timestamp_ntz',
  BigNumeric: 'bignumeric', BigDecimal: 'bigdecimal', CharacterLargeObject: 'character large object', CharLargeObject: 'char large object',
  JSONB: 'jsonb', JSON: 'json', TinyText: 'tinytext', MediumText: 'mediumtext', LongText: 'longtext', TinyBlob: 'tinyblob', MediumBlob: 'mediumblob', LongBlob: 'longblob',
  TinyIntUnsigned: 'tinyint unsigned', SmallIntUnsigned: 'smallint unsigned', MediumIntUnsigned: 'mediumint unsigned', IntUnsigned: 'int unsigned',
  IntegerUnsigned: 'integer unsigned', BigIntUnsigned: 'bigint unsigned', UnsignedInteger: 'integer unsigned', DecimalUnsigned: 'decimal unsigned',
  FloatUnsigned: 'float unsigned', DoubleUnsigned: 'double unsigned',
};

/** Values of an `ENUM('a','b')` column type, or undefined. */
function enumValues(dt: any): string[] | undefined {
  if (!dt || typeof dt !== 'object' || !('Enum' in dt)) return undefined;
  const v = dt.Enum;
  return (Array.isArray(v) ? v[0] : v).map((x: any) => String(x.Name ?? x.name ?? x));
}

export function renderType(dt: any): string {
  if (typeof dt === 'string') return TYPE_NAMES[dt] ?? dt.toLowerCase();
  const [k, v] = Object.entries(dt)[0] as [string, any];
  if (k === 'Custom') {
    const [name, args] = v as [any[], string[]];
    return `${objectName(name).join('.')}${args.length ? `(${args.join(',')})` : ''}`;
  }
  if (k === 'Array') {
    if (v === 'Unspecified' || v == null) return 'array';
    const [form, inner] = Object.entries(v)[0] as [string, any];
    if (form === 'AngleBracket') return `array<${renderType(inner)}>`;
    if (form === 'SquareBracket') return `${renderType(Array.isArray(inner) ? inner[0] : inner)}[]`;
    return `${renderType(inner)}[]`;
  }
  if (k === 'Struct') {
    const fields = (Array.isArray(v) ? v[0] : v).map((f: any) => `${f.field_name?.value ?? ''} ${renderType(f.field_type)}`.trim());
    return `struct<${fields.join(', ')}>`;
  }
  if (k === 'Map') return `map<${renderType(v[0])}, ${renderType(v[1])}>`;
  if (k === 'Enum' || k === 'Set') {
    const vals = (Array.isArray(v) ? v[0] : v).map((x: any) => `'${String(x.Name ?? x.name ?? x).split("'").join("''")}'`);
    return `${k.toLowerCase()}(${vals.join(',')})`;
  }
  const name = TYPE_NAMES[k] ?? k.toLowerCase();
  if (k === 'Timestamp' || k === 'Time') {
    const [prec, tz] = v as [number | null, string];
    const tzs = tz === 'WithTimeZone' ? ' with time zone' : tz === 'WithoutTimeZone' ? ' without time zone' : tz === 'Tz' ? 'tz' : '';
    return `${name}${prec != null ? `(${prec})` : ''}${tzs}`;
  }
  return name + typeArgs(v);
}

function typeArgs(v: any): string {
  if (v == null || v === 'None') return '';
  if (typeof v === 'number') return `(${v})`;
  if (v === 'Max') return '(max)';
  if (typeof v !== 'object') return '';
  if (v.IntegerLength) return `(${v.IntegerLength.length}${v.IntegerLength.unit ? ` ${String(v.IntegerLength.unit).toLowerCase()}` : ''})`;
  if (v.PrecisionAndScale) return `(${v.PrecisionAndScale.join(',')})`;
  if (v.Precision !== undefined) return `(${v.Precision})`;
  if ('Max' in v || v === 'Max') return '(max)';
  return '';
}

const BIN: Record<string, string> = {
  Plus: '+', Minus: '-', Multiply: '*', Divide: '/', Modulo: '%', StringConcat: '||', Gt: '>', Lt: '<', GtEq: '>=', LtEq: '<=',
  Eq: '=', NotEq: '<>', And: 'AND', Or: 'OR', Xor: 'XOR', BitwiseOr: '|', BitwiseAnd: '&', BitwiseXor: '^', Spaceship: '<=>',
};

export function renderExpr(e: any): string {
  if (e == null) return 'NULL';
  if (typeof e === 'string') return e;
  const [k, v] = Object.entries(e)[0] as [string, any];
  switch (k) {
    case 'Value': return renderValue(v.value ?? v);
    case 'Identifier': return quoted(v);
    case 'CompoundIdentifier': return v.map(quoted).join('.');
    case 'Nested': return `(${renderExpr(v)})`;
    case 'UnaryOp': return v.op === 'Not' ? `NOT ${renderExpr(v.expr)}` : `${v.op === 'Minus' ? '-' : '+'}${renderExpr(v.expr)}`;
    case 'BinaryOp': return `${renderExpr(v.left)} ${BIN[v.op] ?? v.op} ${renderExpr(v.right)}`;
    case 'IsNull': return `${renderExpr(v)} IS NULL`;
    case 'IsNotNull': return `${renderExpr(v)} IS NOT NULL`;
    case 'InList': return `${renderExpr(v.expr)} ${v.negated ? 'NOT IN' : 'IN'} (${v.list.map(renderExpr).join(', ')})`;
    case 'Between': return `${renderExpr(v.expr)} ${v.negated ? 'NOT BETWEEN' : 'BETWEEN'} ${renderExpr(v.low)} AND ${renderExpr(v.high)}`;
    case 'Like': case 'ILike': return `${renderExpr(v.expr)} ${v.negated ? 'NOT ' : ''}${k.toUpperCase()} ${renderExpr(v.pattern)}`;
    case 'Cast': return `CAST(${renderExpr(v.expr)} AS ${renderType(v.data_type).toUpperCase()})`;
    case 'TypedString': return `${renderType(v.data_type).toUpperCase()} ${renderValue(v.value?.value ?? v.value)}`;
    case 'Function': return renderFunction(v);
    default: throw new Error(`unsupported expression ${k}`);
  }
}

function renderFunction(f: any): string {
  const name = objectName(f.name).join('.');
  if (f.args === 'None') return name; // CURRENT_TIMESTAMP without parentheses
  const list = f.args?.List?.args ?? [];
  const args = list.map((a: any) => {
    const u = a.Unnamed ?? a.Named?.arg ?? a;
    if (u === 'Wildcard') return '*';
    return renderExpr(u.Expr ?? u);
  });
  return `${name}(${args.join(', ')})`;
}

function renderValue(v: any): string {
  if (v === 'Null') return 'NULL';
  if (typeof v !== 'object') return String(v);
  const [k, x] = Object.entries(v)[0] as [string, any];
  switch (k) {
    case 'Number': return String(Array.isArray(x) ? x[0] : x);
    case 'Boolean': return x ? 'TRUE' : 'FALSE';
    case 'SingleQuotedString': case 'DoubleQuotedString': return `'${String(x).split("'").join("''")}'`;
    case 'NationalStringLiteral': return `N'${String(x).split("'").join("''")}'`;
    case 'HexStringLiteral': return `X'${x}'`;
    default: return `'${String(x).split("'").join("''")}'`;
  }
}

function quoted(id: any): string {
  const q = id.quote_style;
  if (!q) return id.value;
  const close = q === '[' ? ']' : q;
  return `${q}${String(id.value).split(close).join(close + close)}${close}`;
}

/** An expression as text, or undefined (reported) when the tree holds a form we do not render. */
function safeExpr(e: any, b: ImportBuilder, line: number, what: string): string | undefined {
  try {
    return renderExpr(e);
  } catch (err: any) {
    b.skip(line, what, err.message);
    return undefined;
  }
}
