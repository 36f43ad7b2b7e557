// Which statements of a migration can destroy data: DROP TABLE/SCHEMA/DATABASE, TRUNCATE,
// CREATE OR REPLACE TABLE, ALTER TABLE … DROP COLUMN, and column type changes (narrowing ones
// are destructive; whether a change narrows needs the column's current type, which the caller
// looks up in the live catalog). Statements are read with a real parser — libpg_query for
// PostgreSQL and DuckDB, node-sql-parser for the others — and only statements the parser
// cannot read fall back to a token walk over the lexer's output (never a regex over raw text).
import { dialectTraits } from '../sql/dialects/index.js';
import { normalTokens } from './checksum.js';

export type DestructiveKind = 'drop_table' | 'drop_schema' | 'drop_database' | 'truncate' | 'replace_table'
  | 'drop_column' | 'narrowing_type_change' | 'unverified_type_change'
  /** migrate marked the statement destructive (e.g. a table rebuild that loses data) */
  | 'destructive_change';

export interface DestructiveFinding {
  kind: DestructiveKind;
  /** table, schema, database or table.column the statement destroys */
  object: string;
  detail?: string;
}

export interface TableRef { schema?: string; name: string }

export interface TypeChange {
  table: TableRef;
  column: string;
  newType: string;
}

/** A table or column renamed (or a table moved to another schema): later statements use the new name. */
export type Rename =
  | { kind: 'table'; from: TableRef; to: TableRef }
  | { kind: 'column'; table: TableRef; from: string; to: string };

export interface StatementAnalysis {
  /** e.g. CREATE TABLE, ALTER TABLE, INSERT */
  kind: string;
  findings: DestructiveFinding[];
  /** column type changes, judged narrowing or not by the caller against the catalog */
  typeChanges: TypeChange[];
  /** tables this statement creates (a later type change on them cannot lose existing data) */
  creates?: string[];
  /** renames, in statement order; a type change in the same statement already names the column as it was */
  renames?: Rename[];
  /** BEGIN/COMMIT/ROLLBACK and friends (apply manages transactions itself) */
  transactionControl?: 'begin' | 'commit' | 'rollback';
  /** which reader understood the statement */
  via: 'pg-parser' | 'node-sql-parser' | 'tokens';
}

// Parsers load on first use, node-sql-parser as its one-database build: the all-databases
// bundle costs most of a second, which every command would otherwise pay at start-up.
type NodeParser = { astify(sql: string, o: { database: string }): any };
const nodeParsers = new Map<string, Promise<NodeParser>>();
let pgParser: Promise<(sql: string) => Promise<any>> | undefined;
const loadNodeParser = (db: string) => {
  let p = nodeParsers.get(db);
  if (!p) {
    const spec = `node-sql-parser/build/${db}.js`;
    p = import(spec).then((m: any) => new (m.default ?? m).Parser() as NodeParser);
    nodeParsers.set(db, p);
  }
  return p;
};
const loadPgParser = () => (pgParser ??= import('pgsql-parser').then((m) => m.parse));

export async function analyseStatement(sql: string, dialect: string): Promise<StatementAnalysis> {
  const tokens = normalTokens(sql, dialect);
  const kind = statementKind(tokens);
  const tx = transactionControl(tokens);
  if (tx) return { kind, findings: [], typeChanges: [], transactionControl: tx, via: 'tokens' };
  const traits = dialectTraits(dialect);
  if (traits?.parser.kind === 'libpg_query') {
    const parse = await loadPgParser();
    const ast = await parse(sql).catch(() => undefined);
    const stmt = ast?.stmts?.length === 1 ? ast.stmts[0].stmt : undefined;
    if (stmt) return { kind, ...fromPgAst(stmt), via: 'pg-parser' };
  }
  const db = traits?.nodeSqlParser;
  if (db) {
    const parser = await loadNodeParser(db);
    let ast: any;
    try {
      ast = parser.astify(sql, { database: db });
    } catch { ast = undefined; }
    const one = Array.isArray(ast) ? (ast.length === 1 ? ast[0] : undefined) : ast;
    if (one && typeof one === 'object') return { kind, ...fromNodeAst(one), via: 'node-sql-parser' };
  }
  return { kind, ...fromTokens(tokens), via: 'tokens' };
}

type Found = Pick<StatementAnalysis, 'findings' | 'typeChanges' | 'creates' | 'renames'>;

// ---------------------------------------------------------------- libpg_query AST (PostgreSQL)

function fromPgAst(stmt: any): Found {
  const out: Found = { findings: [], typeChanges: [] };
  const rel = (r: any) => [r?.schemaname, r?.relname].filter(Boolean).join('.');
  if (stmt.DropStmt) {
    const d = stmt.DropStmt;
    const names = (d.objects ?? []).map((o: any) =>
      o.List ? o.List.items.map((i: any) => i.String?.sval).join('.') : o.String?.sval ?? '?');
    const kind = d.removeType === 'OBJECT_TABLE' ? 'drop_table' : d.removeType === 'OBJECT_SCHEMA' ? 'drop_schema' : undefined;
    if (kind) for (const n of names) out.findings.push({ kind, object: n, detail: d.behavior === 'DROP_CASCADE' ? 'CASCADE' : undefined });
  } else if (stmt.CreateStmt || stmt.CreateTableAsStmt) {
    const r = stmt.CreateStmt?.relation ?? stmt.CreateTableAsStmt?.into?.rel;
    if (r) out.creates = [rel(r)];
  } else if (stmt.DropdbStmt) {
    out.findings.push({ kind: 'drop_database', object: stmt.DropdbStmt.dbname });
  } else if (stmt.TruncateStmt) {
    for (const r of stmt.TruncateStmt.relations ?? []) out.findings.push({ kind: 'truncate', object: rel(r.RangeVar) });
  } else if (stmt.RenameStmt?.relation && (stmt.RenameStmt.renameType === 'OBJECT_COLUMN' || stmt.RenameStmt.renameType === 'OBJECT_TABLE')) {
    const r = stmt.RenameStmt;
    const table = { schema: r.relation.schemaname, name: r.relation.relname };
    out.renames = [r.renameType === 'OBJECT_COLUMN' ? { kind: 'column', table, from: r.subname, to: r.newname }
      : { kind: 'table', from: table, to: { schema: table.schema, name: r.newname } }];
  } else if (stmt.AlterObjectSchemaStmt?.relation && stmt.AlterObjectSchemaStmt.objectType === 'OBJECT_TABLE') {
    const r = stmt.AlterObjectSchemaStmt;
    out.renames = [{ kind: 'table', from: { schema: r.relation.schemaname, name: r.relation.relname }, to: { schema: r.newschema, name: r.relation.relname } }];
  } else if (stmt.AlterTableStmt && (stmt.AlterTableStmt.objtype ?? 'OBJECT_TABLE') === 'OBJECT_TABLE') {
    const a = stmt.AlterTableStmt;
    const table = { schema: a.relation?.schemaname, name: a.relation?.relname };
    for (const c of a.cmds ?? []) {
      const cmd = c.AlterTableCmd;
      if (cmd?.subtype === 'AT_DropColumn') out.findings.push({ kind: 'drop_column', object: `${rel(a.relation)}.${cmd.name}` });
      if (cmd?.subtype === 'AT_AlterColumnType') {
        out.typeChanges.push({ table, column: cmd.name, newType: pgTypeText(cmd.def?.ColumnDef?.typeName) });
      }
    }
  }
  return out;
}

// libpg_query reports built-in types by their internal names; show them as SQL spells them
const PG_INTERNAL: Record<string, string> = {
  int2: 'smallint', int4: 'integer', int8: 'bigint', float4: 'real', float8: 'double precision', bpchar: 'char',
  bool: 'boolean', timestamptz: 'timestamp with time zone', timetz: 'time with time zone',
};

function pgTypeText(t: any): string {
  if (!t) return '?';
  const names: string[] = (t.names ?? []).map((n: any) => n.String?.sval).filter((s: string) => s && s !== 'pg_catalog')
    .map((n: string) => PG_INTERNAL[n] ?? n);
  const mods = (t.typmods ?? []).map((m: any) => m.A_Const?.ival?.ival ?? m.A_Const?.ival ?? '').filter((v: unknown) => v !== '');
  return `${names.join('.')}${mods.length ? `(${mods.join(',')})` : ''}${t.arrayBounds ? '[]' : ''}`;
}

// ------------------------------------------------------------------- node-sql-parser AST

function fromNodeAst(ast: any): Found {
  const out: Found = { findings: [], typeChanges: [] };
  const tbl = (t: any) => [t?.db, t?.table].filter(Boolean).join('.');
  const col = (c: any) => (typeof c?.column === 'string' ? c.column : c?.column?.expr?.value ?? '?');
  if (ast.type === 'drop') {
    const names = Array.isArray(ast.name) ? ast.name.map(tbl) : [String(ast.name?.table ?? ast.name)];
    const kind = ast.keyword === 'table' ? 'drop_table' : ast.keyword === 'schema' ? 'drop_schema'
      : ast.keyword === 'database' ? 'drop_database' : undefined;
    if (kind) for (const n of names) out.findings.push({ kind, object: n });
  } else if (ast.type === 'truncate') {
    for (const n of ast.name ?? []) out.findings.push({ kind: 'truncate', object: tbl(n) });
  } else if (ast.type === 'create' && ast.keyword === 'table') {
    out.creates = (ast.table ?? []).map(tbl);
    if (ast.replace) for (const t of ast.table ?? []) out.findings.push({ kind: 'replace_table', object: tbl(t) });
  } else if (ast.type === 'rename') {
    out.renames = (ast.table ?? []).filter((p: any) => Array.isArray(p) && p.length === 2)
      .map(([f, t]: any[]) => ({ kind: 'table', from: { schema: f.db ?? undefined, name: f.table }, to: { schema: t.db ?? undefined, name: t.table } }));
  } else if (ast.type === 'alter') {
    const t = ast.table?.[0] ?? {};
    const table = { schema: t.db ?? undefined, name: t.table };
    const renames: Rename[] = [];
    // a column renamed earlier in this statement is named as it was
    const before = (c: string) => { for (const r of [...renames].reverse()) if (r.kind === 'column' && r.to === c) c = r.from; return c; };
    for (const e of ast.expr ?? []) {
      if (e.action === 'rename' && e.resource === 'table' && typeof e.table === 'string') renames.push({ kind: 'table', from: table, to: { schema: table.schema, name: e.table } });
      if (e.resource !== 'column') continue;
      if (e.action === 'rename') { renames.push({ kind: 'column', table, from: col(e.old_column), to: col(e.column) }); continue; }
      if (e.action === 'drop') out.findings.push({ kind: 'drop_column', object: `${tbl(t)}.${col(e.column)}` });
      const def = e.definition;
      if (def?.dataType && (e.action === 'modify' || e.action === 'change' || e.action === 'alter')) {
        const args = [def.length, def.scale].filter((v) => v !== undefined && v !== null);
        const newType = `${def.dataType}${args.length ? `(${args.join(',')})` : ''}${(def.suffix ?? []).includes?.('UNSIGNED') ? ' UNSIGNED' : ''}`;
        out.typeChanges.push({ table, column: before(col(e.action === 'change' ? e.old_column : e.column)), newType });
      }
      if (e.action === 'change' && col(e.old_column) !== col(e.column)) renames.push({ kind: 'column', table, from: col(e.old_column), to: col(e.column) });
    }
    if (renames.length) out.renames = renames;
  }
  return out;
}

// ------------------------------------------------------------ token fallback (parser gaps)

function unquote(tok: string): string {
  const q = tok[0];
  if ((q === '"' || q === '`') && tok.endsWith(q)) return tok.slice(1, -1).split(q + q).join(q);
  if (q === '[' && tok.endsWith(']')) return tok.slice(1, -1);
  return tok;
}

/** A possibly qualified name at tokens[i]; returns it and the index after it. */
function nameAt(tokens: string[], i: number): [string, number] {
  const parts: string[] = [];
  while (i < tokens.length) {
    parts.push(unquote(tokens[i++]));
    if (tokens[i] !== '.') break;
    i++;
  }
  return [parts.join('.'), i];
}

const up = (t: string | undefined) => (t ?? '').toUpperCase();

function skipWords(tokens: string[], i: number, ...words: string[]): number {
  while (i < tokens.length && words.includes(up(tokens[i]))) i++;
  return i;
}

/** Split `a, b(c, d), e` at top-level commas. */
function topLevelParts(tokens: string[]): string[][] {
  const parts: string[][] = [[]];
  let depth = 0;
  for (const t of tokens) {
    if (t === '(') depth++;
    if (t === ')') depth--;
    if (t === ',' && depth === 0) parts.push([]);
    else parts[parts.length - 1].push(t);
  }
  return parts.filter((p) => p.length);
}

const TYPE_END = new Set(['USING', 'COLLATE', 'NOT', 'NULL', 'DEFAULT', 'COMMENT', 'FIRST', 'AFTER', 'AUTO_INCREMENT',
  'PRIMARY', 'UNIQUE', 'CHECK', 'REFERENCES', 'GENERATED', 'ON', 'CHARSET', 'CONSTRAINT', 'AS', 'IDENTITY']);

function typeText(tokens: string[]): string {
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const u = up(tokens[i]);
    if (TYPE_END.has(u) || (u === 'CHARACTER' && up(tokens[i + 1]) === 'SET')) break;
    kept.push(tokens[i]);
  }
  return kept.join(' ').replace(/\s*\(\s*/g, '(').replace(/\s*\)/g, ')').replace(/\s*,\s*/g, ',');
}

function fromTokens(tokens: string[]): Found {
  const out: Found = { findings: [], typeChanges: [] };
  const w = tokens.map(up);
  if (w[0] === 'DROP') {
    let i = skipWords(tokens, 1, 'TEMPORARY', 'TEMP', 'TRANSIENT', 'EXTERNAL');
    const what = w[i];
    const kind = what === 'TABLE' ? 'drop_table' : what === 'SCHEMA' ? 'drop_schema' : what === 'DATABASE' ? 'drop_database' : undefined;
    if (!kind) return out;
    i = skipWords(tokens, i + 1, 'IF', 'EXISTS');
    for (const part of topLevelParts(tokens.slice(i))) {
      const [name] = nameAt(part, 0);
      if (!['CASCADE', 'RESTRICT', 'PURGE'].includes(up(name))) out.findings.push({ kind, object: name });
    }
  } else if (w[0] === 'TRUNCATE') {
    const i = skipWords(tokens, 1, 'TABLE', 'ONLY', 'IF', 'EXISTS');
    for (const part of topLevelParts(tokens.slice(i))) out.findings.push({ kind: 'truncate', object: nameAt(part, 0)[0] });
  } else if (w[0] === 'CREATE') {
    const replace = w[1] === 'OR' && w[2] === 'REPLACE';
    const i = skipWords(tokens, replace ? 3 : 1, 'TEMPORARY', 'TEMP', 'TRANSIENT', 'LOCAL', 'GLOBAL', 'UNLOGGED', 'EXTERNAL');
    if (w[i] === 'TABLE') {
      const [name] = nameAt(tokens, skipWords(tokens, i + 1, 'IF', 'NOT', 'EXISTS'));
      out.creates = [name];
      if (replace) out.findings.push({ kind: 'replace_table', object: name });
    }
  } else if (w[0] === 'RENAME' && w[1] === 'TABLE') {
    // MySQL: RENAME TABLE a TO b, c TO d
    for (const part of topLevelParts(tokens.slice(2))) {
      const [from, i] = nameAt(part, 0);
      if (up(part[i]) === 'TO') out.renames = [...(out.renames ?? []), { kind: 'table', from: tableRefOf(from), to: tableRefOf(nameAt(part, i + 1)[0]) }];
    }
  } else if (w[0] === 'ALTER' && w[1] === 'TABLE') {
    const [table, after] = nameAt(tokens, skipWords(tokens, 2, 'IF', 'EXISTS', 'ONLY'));
    const tableRef = tableRefOf(table);
    const renames: Rename[] = [];
    const before = (c: string) => { for (const r of [...renames].reverse()) if (r.kind === 'column' && r.to === c) c = r.from; return c; };
    for (const action of topLevelParts(tokens.slice(after))) {
      const a = action.map(up);
      if (a[0] === 'RENAME') {
        // RENAME [COLUMN] a TO b | RENAME TO t | RENAME AS t
        if (a[1] === 'TO' || a[1] === 'AS') renames.push({ kind: 'table', from: tableRef, to: { schema: tableRef.schema, name: tableRefOf(nameAt(action, 2)[0]).name } });
        else if (!['INDEX', 'KEY', 'CONSTRAINT'].includes(a[1])) {
          const j = skipWords(action, 1, 'COLUMN');
          if (up(action[j + 1]) === 'TO') renames.push({ kind: 'column', table: tableRef, from: unquote(action[j]), to: unquote(action[j + 2]) });
        }
        continue;
      }
      if (a[0] === 'DROP') {
        if (['CONSTRAINT', 'INDEX', 'KEY', 'PRIMARY', 'FOREIGN', 'UNIQUE', 'CHECK', 'PARTITION', 'DEFAULT', 'ROW',
          'CLUSTERING', 'SEARCH', 'PERIOD', 'SYSTEM'].includes(a[1])) continue;
        const j = skipWords(action, 1, 'COLUMN', 'COLUMNS', 'IF', 'EXISTS');
        // Databricks/Spark: DROP COLUMNS (a, b)
        const names = action[j] === '(' ? action.slice(j + 1).filter((t) => t !== ',' && t !== ')') : [action[j]];
        for (const n of names) out.findings.push({ kind: 'drop_column', object: `${table}.${unquote(n)}` });
      } else if (a[0] === 'ALTER' || a[0] === 'MODIFY') {
        const j = skipWords(action, 1, 'COLUMN');
        const column = unquote(action[j]);
        let k = j + 1;
        if (a[k] === 'SET' && a[k + 1] === 'DATA' && a[k + 2] === 'TYPE') k += 3;
        else if (a[k] === 'TYPE') k += 1;
        else if (a[k] === 'SET' || a[k] === 'DROP' || a[k] === 'RENAME' || a[k] === 'COMMENT' || a[k] === 'ADD') continue;
        else if (a[0] === 'ALTER') continue;
        if (k < action.length) out.typeChanges.push({ table: tableRef, column: before(column), newType: typeText(action.slice(k)) });
      } else if (a[0] === 'CHANGE') {
        const j = skipWords(action, 1, 'COLUMN');
        if (j + 2 < action.length) out.typeChanges.push({ table: tableRef, column: before(unquote(action[j])), newType: typeText(action.slice(j + 2)) });
        if (j + 1 < action.length && unquote(action[j]) !== unquote(action[j + 1])) renames.push({ kind: 'column', table: tableRef, from: unquote(action[j]), to: unquote(action[j + 1]) });
      }
    }
    if (renames.length) out.renames = renames;
  }
  return out;
}

function tableRefOf(qualified: string): TableRef {
  const dot = qualified.lastIndexOf('.');
  return dot < 0 ? { name: qualified } : { schema: qualified.slice(0, dot), name: qualified.slice(dot + 1) };
}

// ------------------------------------------------------------------------ classification

function transactionControl(tokens: string[]): StatementAnalysis['transactionControl'] {
  const w = tokens.map(up);
  const rest = w.slice(1).every((t) => t === 'TRANSACTION' || t === 'WORK');
  if ((w[0] === 'BEGIN' && rest) || (w[0] === 'START' && w[1] === 'TRANSACTION')) return 'begin';
  if ((w[0] === 'COMMIT' || w[0] === 'END') && rest) return 'commit';
  if (w[0] === 'ROLLBACK' && rest) return 'rollback';
  return undefined;
}

const MODIFIERS = new Set(['OR', 'REPLACE', 'TEMP', 'TEMPORARY', 'TRANSIENT', 'UNIQUE', 'GLOBAL', 'LOCAL', 'EXTERNAL',
  'MATERIALIZED', 'IF', 'NOT', 'EXISTS', 'UNLOGGED', 'RECURSIVE', 'SECURE']);

/** A short label of what a statement does: `CREATE TABLE`, `ALTER TABLE`, `INSERT`, … */
export function statementKind(tokens: string[]): string {
  const w = tokens.map(up);
  if (!w.length) return '';
  if (w[0] === 'CREATE' || w[0] === 'DROP' || w[0] === 'ALTER') {
    let i = 1;
    const mods: string[] = [];
    while (i < w.length && MODIFIERS.has(w[i])) { if (w[i] === 'MATERIALIZED') mods.push(w[i]); i++; }
    return [w[0], ...mods, w[i] ?? ''].join(' ').trim();
  }
  return w[0];
}
