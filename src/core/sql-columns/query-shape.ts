// A rendered SELECT read by a real SQL parser (datafusion-sqlparser-rs, through
// @guanmingchiu/sqlparser-ts) into its shape: the WITH clauses, each SELECT's FROM relations
// (tables, CTEs, subqueries) with their aliases, and each output item — an expression with its
// name, the columns it reads, whether it aggregates and the type of an explicit cast — or a
// `*` / `t.*` with its EXCLUDE/EXCEPT, REPLACE and RENAME lists. Only shapes, no resolution: the
// shape depends on the SQL text alone, so it can be cached by the text's hash (shape-cache.ts).
import { init, Parser, type DialectName } from '@guanmingchiu/sqlparser-ts';
import { dbtCastNamedByColumn, dbtDatePartArgs, dbtIsJsonPredicate, dbtParserDialect, dbtPivotQuotedNames, dbtScalarSetFunctions, dbtTableFunctions } from '../../sql/dialects/index.js';
import { AGGREGATES } from './aggregates.js';
import { staticQueryShape } from './static-shape.js';

export type Ident = string;
export interface ColumnUse { qualifier?: Ident[]; name: Ident }
export interface ExprShape {
  /** passthrough: a bare column; expression: anything computed; literal: no column read */
  kind: 'column' | 'expression' | 'literal';
  uses: ColumnUse[];
  aggregate?: boolean;
  window?: boolean;
  /** the type of an outermost explicit cast (`cast(x as int)`, `x::date`) */
  cast?: string;
  /** placeholders (`__modeler_unrendered_N__`) the expression holds */
  placeholders?: string[];
  /** it holds an EXISTS (another scope's rows, no value traced) */
  subquery?: boolean;
  /** the scalar subqueries (`(select max(x) from t)`, `array(select …)`) whose one column it reads */
  subqueries?: QueryShape[];
}
export type Item =
  | { k: 'expr'; name?: Ident; alias: boolean; expr: ExprShape }
  | { k: 'star'; qualifier?: Ident[]; exclude: Ident[]; replace: { name: Ident; expr: ExprShape }[]; rename: { from: Ident; to: Ident }[] };
export type Relation =
  | { k: 'table'; name: Ident[] }
  /** `lateral`: it may read the relations before it in the same FROM */
  | { k: 'subquery'; query: QueryShape; lateral?: boolean }
  /** `rel UNPIVOT (value FOR name IN (columns))`: `value` holds the listed columns' values, `name` their names */
  | { k: 'unpivot'; of: FromItem; value: Ident; name: Ident; columns: Ident[] }
  /** `rel PIVOT (agg(x) FOR key IN (v1, v2))`: a column per listed value (`values`: their names, unset
   *  when the engine names them — `ANY`, a subquery, several aggregates), each `agg(x)` where key = v */
  | { k: 'pivot'; of: FromItem; aggregate: ExprShape; key: ColumnUse[]; values?: Ident[] }
  /** a table function whose `columns` are made from one argument (`lateral flatten(input => v)`), `counters` from none */
  | { k: 'tablefn'; what: string; input: ExprShape; columns: Ident[]; counters: Ident[] }
  | { k: 'opaque'; what: string };
export interface FromItem { alias?: Ident; columnAliases?: Ident[]; rel: Relation; using?: Ident[] }
/** `join`: the columns join conditions read (ON, USING); `filter`: those WHERE, HAVING and QUALIFY read. */
export interface SelectShape { from: FromItem[]; items: Item[]; join?: ColumnUse[]; filter?: ColumnUse[] }
export type SetShape =
  | { k: 'select'; select: SelectShape }
  | { k: 'setop'; op: string; byName: boolean; left: SetShape; right: SetShape }
  | { k: 'query'; query: QueryShape }
  | { k: 'values'; width: number }
  | { k: 'opaque'; what: string };
export interface QueryShape { ctes: { name: Ident; columns?: Ident[]; query: QueryShape }[]; body: SetShape }

/** A sqlparser-rs dialect name; the dialect files (src/sql/dialects) say which one reads each dbt adapter's SQL. */
export type ParseDialect = string;

let ready: Promise<void> | undefined;
let loaded = false;
let deferred = false;
/** Load the parser (WASM) once; the sync functions below need it loaded. */
export async function initSqlColumns(): Promise<void> {
  await (ready ??= init().then(() => { loaded = true; }));
}
export const sqlColumnsReady = () => loaded || deferred;

/** Thrown inside withSqlParser when SQL must be parsed and the parser is not loaded yet. */
class ParserNeeded extends Error {}

/**
 * Run `fn` (which reads SQL columns) loading the parser only when some SQL is not covered by a
 * kept shape (shape-cache.ts): on an unchanged project a command then never loads the WASM.
 * When it is needed, `fn` stops at the first such SQL and runs again with the parser loaded.
 */
export async function withSqlParser<T>(fn: () => T): Promise<T> {
  if (!loaded) {
    deferred = true;
    try { return fn(); } catch (e) { if (!(e instanceof ParserNeeded)) throw e; } finally { deferred = false; }
    await initSqlColumns();
  }
  return fn();
}

/** The parser dialect for a dbt adapter (`target.type`). */
export function parserDialect(adapter: string | undefined): ParseDialect {
  return dbtParserDialect(adapter) as ParseDialect; // the dialect files say which adapter is which
}

/** The parser is not loaded: inside withSqlParser, a signal to load it and run again; else a mistake. */
const parserMissing = () => (deferred ? new ParserNeeded('the SQL parser is needed') : new Error('initSqlColumns() must be awaited before reading SQL columns'));

/**
 * Parse one SELECT statement (a model's rendered SQL) into its shape, or say why not. Simple SQL
 * is read from its tokens (static-shape.ts: the same shape, far cheaper, and without the parser
 * unless it casts); `full` always builds the parser's tree (the tests compare the two).
 */
export function parseQueryShape(sql: string, dialect: ParseDialect, opts: { full?: boolean } = {}): { shape?: QueryShape; error?: string } {
  if (!opts.full) {
    const shape = staticShape(sql, dialect);
    if (shape) return { shape };
  }
  if (!loaded) throw parserMissing();
  let stmts: any[];
  try { stmts = Parser.parse(readableSql(sql, dialect), dialect as DialectName) as any[]; } catch (e: any) {
    return { error: String(e?.message ?? e).replace(/^sql parser error:\s*/, '') };
  }
  const queries = stmts.filter((s) => s && typeof s === 'object' && s.Query);
  if (queries.length !== 1) return { error: queries.length ? 'the SQL holds more than one query' : 'the SQL is not a query' };
  dateParts = dbtDatePartArgs(dialect);
  tableFns = dbtTableFunctions(dialect);
  setFns = dbtScalarSetFunctions(dialect);
  quotedPivotNames = dbtPivotQuotedNames(dialect);
  castNames = dbtCastNamedByColumn(dialect);
  try { return { shape: query(queries[0].Query) }; } finally { dateParts = {}; tableFns = {}; setFns = []; quotedPivotNames = false; castNames = false; }
}

const IS_JSON = /\bis\s+(not\s+)?json(?:\s+(?:value|array|object|scalar))?(?:\s+with(?:out)?\s+unique(?:\s+keys)?)?\b/gi;

/** The SQL as the parser can read it: a dialect's `x IS [NOT] JSON …` test read as `x IS [NOT] NULL` (the same columns). */
function readableSql(sql: string, dialect: ParseDialect): string {
  return dbtIsJsonPredicate(dialect) && /\bis\s+(?:not\s+)?json\b/i.test(sql) ? sql.replace(IS_JSON, (_m, not: string | undefined) => `IS ${not ? 'NOT ' : ''}NULL`) : sql;
}

/** While a tree is read: the functions whose argument at these positions is a bare date part in its dialect. */
let dateParts: Readonly<Record<string, readonly number[]>> = {};
/** …its set-returning functions of one base-type column (named by the alias). */
let setFns: readonly string[] = [];
/** …whether PIVOT names a string value's column with its quotes (Snowflake: `'JAN'`; DuckDB: `JAN`). */
let quotedPivotNames = false;
/** …whether an unaliased cast of a bare column is named by that column (PostgreSQL). */
let castNames = false;
/** …and its table functions whose columns come from one argument. */
let tableFns: ReturnType<typeof dbtTableFunctions> = {};

/** `lateral flatten(input => v)` / `table(flatten(v))` as a table function the dialect describes, else undefined. */
function tableFunction(kind: string, b: any): Relation | undefined {
  const f = kind === 'Function' ? b : kind === 'TableFunction' ? b?.expr?.Function : undefined;
  if (!f) return undefined;
  const what = objectName(f.name).join('.').toLowerCase();
  const spec = Object.prototype.hasOwnProperty.call(tableFns, what) ? tableFns[what] : undefined;
  const args: any[] | undefined = Array.isArray(f.args) ? f.args : f.args?.List?.args;
  if (!spec || !Array.isArray(args)) return undefined;
  const named = args.find((a) => (a?.Named ?? a?.ExprNamed)?.name?.value?.toLowerCase() === spec.input);
  const arg = named ? (named.Named ?? named.ExprNamed).arg : args[spec.position]?.Unnamed;
  if (!arg?.Expr) return undefined;
  return { k: 'tablefn', what, input: expr(arg.Expr), columns: [...spec.columns], counters: [...(spec.counters ?? [])] };
}

/**
 * Any other function in FROM whose columns are known: named by the alias's column list
 * (`jsonb_to_record(x) as r (a, b)`), or the one column of a set-returning function of a base
 * type the dialect lists (`lateral unnest(tags) as tag`). Each reads the function's arguments.
 */
function setFunction(kind: string, b: any, alias: Ident | undefined, columnAliases: Ident[] | undefined): Relation | undefined {
  const args = kind === 'Function' ? b.args : kind === 'Table' ? b.args?.args : undefined;
  if (!Array.isArray(args)) return undefined;
  const what = objectName(b.name).join('.').toLowerCase();
  let columns = columnAliases ? [...columnAliases] : setFns.includes(what) ? [alias ?? what] : undefined;
  if (!columns) return undefined;
  // WITH ORDINALITY adds a counter after the function's columns
  const counters = b.with_ordinality && columns.length > 1 ? columns.slice(-1) : [];
  if (counters.length) columns = columns.slice(0, -1);
  return { k: 'tablefn', what, input: expr(args), columns, counters };
}

/** The shape read from tokens alone (static-shape.ts), or undefined when only the full parser can read the SQL. */
export function staticShape(sql: string, dialect: ParseDialect): QueryShape | undefined {
  return staticQueryShape(sql, dialect, (spelling) => castTypeText(spelling, dialect));
}

const castTypes = new Map<string, string | undefined | null>();
type CastEntry = { t?: string } | null;
/** The cast types read so far (`dialect\0spelling` → type text; null: not a type), for the shape cache to keep. */
export function castTypeEntries(): Record<string, CastEntry> {
  const out: Record<string, CastEntry> = {};
  for (const [k, v] of castTypes) out[k] = v === null ? null : v === undefined ? {} : { t: v };
  return out;
}
/** Cast types kept by an earlier command: a project read again needs the parser for none of them. */
export function knowCastTypes(entries: Record<string, CastEntry>): void {
  for (const [k, v] of Object.entries(entries)) if (!castTypes.has(k)) castTypes.set(k, v === null ? null : typeof v?.t === 'string' ? v.t : undefined);
}
export const castTypeCount = () => castTypes.size;
/** The type text of a cast to `spelling`, as the parser reads it (null: it does not); once per spelling and dialect. */
function castTypeText(spelling: string, dialect: ParseDialect): string | undefined | null {
  const k = `${dialect}\u0000${spelling}`;
  if (castTypes.has(k)) return castTypes.get(k);
  if (!loaded) throw parserMissing();
  let t: string | undefined | null = null;
  try {
    const s = Parser.parse(`select cast(null as ${spelling}) as x`, dialect as DialectName) as any[];
    const e = s[0]?.Query?.body?.Select?.projection?.[0]?.ExprWithAlias?.expr;
    if (e?.Cast) t = typeText(e.Cast.data_type);
  } catch { /* not a type: null */ }
  castTypes.set(k, t);
  return t;
}

const ident = (i: any): Ident => String(i?.value ?? i?.Identifier?.value ?? '');
const objectName = (parts: any): Ident[] => (Array.isArray(parts) ? parts : parts?.ObjectName ?? []).map(ident);

function query(q: any): QueryShape {
  const ctes = (q.with?.cte_tables ?? []).map((c: any) => ({
    name: ident(c.alias?.name),
    ...(c.alias?.columns?.length ? { columns: c.alias.columns.map((x: any) => ident(x.name ?? x)) } : {}),
    query: query(c.query),
  }));
  return { ctes, body: setExpr(q.body) };
}

function setExpr(b: any): SetShape {
  if (b.Select) return { k: 'select', select: select(b.Select) };
  if (b.Query) return { k: 'query', query: query(b.Query) };
  if (b.SetOperation) {
    const s = b.SetOperation;
    return { k: 'setop', op: String(s.op), byName: /ByName/.test(String(s.set_quantifier ?? '')), left: setExpr(s.left), right: setExpr(s.right) };
  }
  if (b.Values) return { k: 'values', width: b.Values.rows?.[0]?.length ?? b.Values.rows?.[0]?.content?.length ?? 0 };
  return { k: 'opaque', what: Object.keys(b)[0] ?? 'statement' };
}

function select(s: any): SelectShape {
  const from: FromItem[] = [];
  const join: ColumnUse[] = [];
  for (const twj of s.from ?? []) {
    from.push(fromItem(twj.relation));
    for (const j of twj.joins ?? []) {
      const item = fromItem(j.relation);
      const op = j.join_operator && Object.values(j.join_operator)[0] as any;
      const using = op?.Using;
      if (Array.isArray(using)) {
        item.using = using.flat().map((u: any) => (Array.isArray(u) ? ident(u[u.length - 1]) : u.ObjectName ? objectName(u).pop()! : ident(u)));
        join.push(...item.using.map((name) => ({ name })));
      }
      if (op?.On) join.push(...expr(op.On).uses);
      from.push(item);
    }
  }
  const filter = [s.selection, s.having, s.qualify].filter(Boolean).flatMap((e: any) => expr(e).uses);
  return { from, items: (s.projection ?? []).map(item), ...(join.length ? { join } : {}), ...(filter.length ? { filter } : {}) };
}

function fromItem(r: any): FromItem {
  const [kind, body] = Object.entries(r ?? {})[0] ?? ['?', {}] as [string, any];
  const b = body as any;
  const alias = b?.alias?.name ? ident(b.alias.name) : undefined;
  const columnAliases = b?.alias?.columns?.length ? b.alias.columns.map((x: any) => ident(x.name ?? x)) : undefined;
  let rel: Relation;
  if (kind === 'Table' && !b.args) rel = { k: 'table', name: objectName(b.name) };
  else if (kind === 'Derived') rel = { k: 'subquery', query: query(b.subquery), ...(b.lateral ? { lateral: true } : {}) };
  else if (kind === 'NestedJoin') rel = { k: 'opaque', what: 'a parenthesised join' };
  else if (tableFunction(kind, b)) rel = tableFunction(kind, b)!;
  else if (setFunction(kind, b, alias, columnAliases)) rel = setFunction(kind, b, alias, columnAliases)!;
  // `unnest(arr) as x [with offset as i]` (BigQuery, DuckDB): one column, the element, named by the alias
  else if (kind === 'UNNEST' && Array.isArray(b.array_exprs)) {
    const counters = b.with_offset ? [b.with_offset_alias ? ident(b.with_offset_alias) : 'offset'] : b.with_ordinality ? ['ordinality'] : [];
    rel = { k: 'tablefn', what: 'unnest', input: expr(b.array_exprs), columns: columnAliases ? columnAliases.slice(0, b.array_exprs.length) : [alias ?? 'unnest'], counters };
  }
  else if (kind === 'Unpivot' && b.value?.Identifier && Array.isArray(b.columns) && b.columns.every((c: any) => c?.expr?.Identifier && !c.alias)) {
    rel = { k: 'unpivot', of: fromItem(b.table), value: ident(b.value.Identifier), name: ident(b.name), columns: b.columns.map((c: any) => ident(c.expr.Identifier)) };
  }
  else if (kind === 'Pivot' && b.aggregate_functions?.length) rel = pivot(b);
  else rel = { k: 'opaque', what: kind === 'Table' ? `the table function ${objectName(b.name).join('.')}` : kind.toLowerCase() };
  return { ...(alias ? { alias } : {}), ...(columnAliases ? { columnAliases } : {}), rel };
}

function pivot(b: any): Relation {
  const aggs: any[] = b.aggregate_functions;
  const list: any[] | undefined = b.value_source?.List;
  // one aggregate over listed values: each column is named by its value (or its alias)
  const values = aggs.length === 1 && Array.isArray(list) ? list.map((v: any) => {
    if (v.alias) return ident(v.alias);
    const val = v.expr?.Value?.value ?? {};
    if (val.Number) return String(val.Number[0]);
    if (typeof val.SingleQuotedString === 'string') return quotedPivotNames ? `'${val.SingleQuotedString}'` : val.SingleQuotedString;
    return undefined;
  }) : undefined;
  const key = (b.value_column ?? []).flatMap((c: any) => expr(c).uses);
  return { k: 'pivot', of: fromItem(b.table), aggregate: expr(aggs.map((a: any) => a.expr)), key, ...(values?.every(Boolean) ? { values: values as Ident[] } : {}) };
}

/** The bare column a cast (or a cast of a cast) holds: `x::int`, `cast(t.x as int)` → x. */
function castColumn(e: any): Ident | undefined {
  let x = e;
  while (x?.Cast) x = x.Cast.expr;
  if (x === e) return undefined;
  if (x?.Identifier) return ident(x.Identifier);
  if (Array.isArray(x?.CompoundIdentifier)) return ident(x.CompoundIdentifier[x.CompoundIdentifier.length - 1]);
  return undefined;
}

function item(p: any): Item {
  if (p.UnnamedExpr) {
    const e = expr(p.UnnamedExpr);
    const name = e.kind === 'column' && e.uses.length === 1 ? e.uses[0].name : castNames ? castColumn(p.UnnamedExpr) : undefined;
    return { k: 'expr', name, alias: false, expr: e };
  }
  if (p.ExprWithAlias) return { k: 'expr', name: ident(p.ExprWithAlias.alias), alias: true, expr: expr(p.ExprWithAlias.expr) };
  const [qual, opts] = p.QualifiedWildcard ? [objectName(p.QualifiedWildcard[0]), p.QualifiedWildcard[1] ?? {}] : [undefined, p.Wildcard ?? {}];
  const exclude: Ident[] = [];
  const ex = opts.opt_exclude;
  // one column unparenthesised (`m.* exclude link`): the parser gives it as a one-part name
  if (ex?.Single) exclude.push(...[ex.Single].flat(2).map(ident));
  if (ex?.Multiple) exclude.push(...ex.Multiple.flat(2).map(ident));
  const exc = opts.opt_except;
  if (exc) exclude.push(ident(exc.first_element), ...(exc.additional_elements ?? []).map(ident));
  const replace = (opts.opt_replace?.items ?? []).map((r: any) => ({ name: ident(r.column_name), expr: expr(r.expr) }));
  const rn = opts.opt_rename;
  const rename = rn?.Single ? [rn.Single] : rn?.Multiple ?? [];
  return { k: 'star', ...(qual ? { qualifier: qual } : {}), exclude, replace, rename: rename.map((r: any) => ({ from: ident(r.ident), to: ident(r.alias) })) };
}


/** The columns an expression reads (not those of nested subqueries), and how it uses them. */
export function expr(e: any): ExprShape {
  const uses: ColumnUse[] = [];
  const placeholders: string[] = [];
  let aggregate = false, window = false, subquery = false;
  const subqueries: QueryShape[] = [];
  const use = (parts: Ident[]) => {
    const name = parts[parts.length - 1];
    const m = /^__modeler_unrendered_\d+__$/.exec(name);
    if (m) { placeholders.push(name); return; }
    uses.push(parts.length > 1 ? { qualifier: parts.slice(0, -1), name } : { name });
  };
  const walk = (x: any, key?: string): void => {
    if (!x || typeof x !== 'object') return;
    if (Array.isArray(x)) { for (const y of x) walk(y, key); return; }
    for (const [k, v] of Object.entries(x)) {
      if (k === 'Identifier' && key !== 'name') { use([ident(v)]); continue; }
      if (k === 'CompoundIdentifier') { use((v as any[]).map(ident)); continue; }
      if (k === 'Subquery') { subqueries.push(query(v)); continue; } // a nested query has its own scope
      if (k === 'Exists') { subquery = true; continue; }
      if (k === 'InSubquery') { walk((v as any).expr); continue; }
      if (k === 'data_type' || k === 'span' || k === 'field' || k === 'leading_field') continue;
      if (k === 'Function') {
        const f = v as any;
        const fname = objectName(f.name).join('.').toLowerCase();
        if (f.over) window = true;
        else if (AGGREGATES.has(fname) || f.within_group?.length) aggregate = true;
        const parts = Object.prototype.hasOwnProperty.call(dateParts, fname) ? dateParts[fname] : undefined;
        const list = f.args?.List?.args;
        // a bare word where the function takes a date part (`dateadd(day, …)`) names the part, not a column
        if (parts && Array.isArray(list)) {
          list.forEach((a: any, i: number) => { if (!(parts.includes(i) && a?.Unnamed?.Expr?.Identifier)) walk(a); });
          walk(f.args.List.clauses);
        } else walk(f.args);
        walk(f.over); walk(f.filter);
        continue;
      }
      if (k === 'Named' || k === 'ExprNamed') {
        // `f(a = b)` reads as a named argument to the parser, but in SQL it compares the column a
        if ((v as any).operator === 'Equals' && (v as any).name?.value !== undefined) use([ident((v as any).name)]);
        walk((v as any).arg ?? (v as any).expr);
        continue;
      }
      if (k === 'Lambda') continue;
      // `root.a.b` / `root[1].a`: the dotted names after the root are fields of its value, not columns
      if (k === 'CompoundFieldAccess') {
        walk((v as any).root);
        for (const a of (v as any).access_chain ?? []) if (!a?.Dot) walk(a);
        continue;
      }
      // Snowflake `json:path` on a column named like a type (json, date, ...) parses as a typed
      // string whose value is the `:path` placeholder: it reads that column
      if (k === 'TypedString' && /^:/.test((v as any).value?.value?.Placeholder ?? '')) {
        const col = typeText((v as any).data_type);
        if (col) use([col]);
        continue;
      }
      walk(v, k);
    }
  };
  walk(e);
  let cast: string | undefined;
  if (e?.Cast) cast = typeText(e.Cast.data_type);
  const kind: ExprShape['kind'] = (e?.Identifier || e?.CompoundIdentifier) && uses.length === 1 ? 'column' : uses.length || placeholders.length || subqueries.length ? 'expression' : 'literal';
  return { kind, uses, ...(aggregate ? { aggregate } : {}), ...(window ? { window } : {}), ...(cast ? { cast } : {}), ...(placeholders.length ? { placeholders } : {}), ...(subquery ? { subquery } : {}), ...(subqueries.length ? { subqueries } : {}) };
}

/** A parsed data type as SQL text: `{"Varchar":{"IntegerLength":{"length":10}}}` → `varchar(10)`. */
export function typeText(t: any): string | undefined {
  if (t === undefined || t === null) return undefined;
  if (typeof t === 'string') return snake(t);
  const [k, v] = Object.entries(t)[0] ?? [];
  if (!k) return undefined;
  if (k === 'Custom') {
    const [name, mods] = v as any[];
    const n = objectName(name).join('.');
    if (/^__modeler_unrendered_\d+__$/.test(n)) return undefined;
    return mods?.length ? `${n}(${mods.join(', ')})` : n;
  }
  if (k === 'Array') return undefined;
  if ((k === 'Timestamp' || k === 'Time') && Array.isArray(v)) {
    const [precision, tz] = v as [number | null, string];
    const base = snake(k) + (precision !== null && precision !== undefined ? `(${precision})` : '');
    return tz === 'Tz' ? `${base}tz` : tz === 'WithTimeZone' ? `${base} with time zone` : tz === 'WithoutTimeZone' ? `${base} without time zone` : base;
  }
  const args = argsText(v);
  return args ? `${snake(k)}(${args})` : snake(k);
}

function argsText(v: any): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.length ? v.map((x) => argsText(x) ?? '').join(', ') : undefined;
  if (typeof v === 'object') {
    if ('length' in v) return String(v.length);
    if ('Precision' in v) return String(v.Precision);
    if ('PrecisionAndScale' in v) return v.PrecisionAndScale.join(', ');
    const inner = Object.values(v)[0];
    return argsText(inner);
  }
  return undefined;
}

const SPELLED: Record<string, string> = {
  TimestampNtz: 'timestamp_ntz', TimestampLtz: 'timestamp_ltz', TimestampTz: 'timestamp_tz', DoublePrecision: 'double precision',
  CharacterVarying: 'character varying', CharVarying: 'char varying', UnsignedBigInt: 'ubigint', UnsignedInt: 'uinteger',
};
const snake = (s: string) => SPELLED[s] ?? s.toLowerCase();
