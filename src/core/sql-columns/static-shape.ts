// A fast path for reading a query's shape: most model SQL is simple (CTEs of `select *`, column
// lists with aliases, casts, function calls, joins on keys), and for it the shape (query-shape.ts)
// can be read from tokens, without building the parser's full syntax tree in JavaScript (that
// conversion, not the parse, is most of the parser's cost). Like dbt's static parser beside its
// full render: anything this reader does not know for certain — an unknown keyword, an operator
// it has not met, a construct whose tree it cannot predict — makes it give up (undefined), and
// the full parser reads the SQL. test/core/sql-static-shape.test.ts runs both on every model of
// the real projects and asserts the same shapes.
import type { ColumnUse, ExprShape, FromItem, Ident, Item, QueryShape, SelectShape, SetShape } from './query-shape.js';
import { AGGREGATES } from './aggregates.js';
import { dbtCastNamedByColumn, dbtDatePartArgs, dbtTokenRead, dbtTokenReadDialects } from '../../sql/dialects/index.js';

type Tok = { t: 'w' | 'q' | 's' | 'n' | 'p'; v: string; low: string };

/** The parser dialects (of dbt's adapters) the token reader reads: their dialect files say so (dbtTokenRead). */
export const STATIC_DIALECTS = new Set(dbtTokenReadDialects());

class GiveUp extends Error {}
/** A primary as read: a bare column or not, the type of its outermost cast, the bare column it casts. */
type Operand = { kind: 'column' | 'other'; cast?: string; castOf?: Ident };
const giveUp = (): never => { throw new GiveUp(); };

const PUNCT = new Set(['(', ')', ',', '.', ';', '*', '+', '-', '/', '%', '=', '<', '>']);
const TWO = new Set(['<>', '!=', '<=', '>=', '||', '::']);

function tokenize(sql: string): Tok[] {
  const out: Tok[] = [];
  const n = sql.length;
  let i = 0;
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (c === 32 || c === 10 || c === 9 || c === 13) { i++; continue; }
    const ch = sql[i];
    if (ch === '-' && sql[i + 1] === '-') { while (i < n && sql[i] !== '\n') i++; continue; }
    if (ch === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      if (end < 0 || sql.slice(i + 2, end).includes('/*')) giveUp();
      i = end + 2;
      continue;
    }
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) {
      let j = i + 1;
      while (j < n) { const d = sql.charCodeAt(j); if ((d >= 65 && d <= 90) || (d >= 97 && d <= 122) || d === 95 || (d >= 48 && d <= 57)) j++; else break; }
      const d = sql[j];
      // `x'..'`, `E'..'`, `date '..'`-like prefixes, `$`, non-ASCII letters: not read here
      if (d === "'" || d === '"' || d === '$' || (d !== undefined && d.charCodeAt(0) > 127)) giveUp();
      const v = sql.slice(i, j);
      out.push({ t: 'w', v, low: v.toLowerCase() });
      i = j;
      continue;
    }
    if (ch === '"') {
      const end = sql.indexOf('"', i + 1);
      if (end < 0 || sql[end + 1] === '"' || end === i + 1) giveUp();
      const v = sql.slice(i + 1, end);
      out.push({ t: 'q', v, low: v.toLowerCase() });
      i = end + 1;
      continue;
    }
    if (ch === "'") {
      const end = sql.indexOf("'", i + 1);
      if (end < 0 || sql[end + 1] === "'") giveUp();
      const v = sql.slice(i + 1, end);
      if (v.includes('\\')) giveUp();
      out.push({ t: 's', v, low: v });
      i = end + 1;
      continue;
    }
    if (c >= 48 && c <= 57) {
      const m = /^\d+(\.\d+)?([eE][+-]?\d+)?/.exec(sql.slice(i, i + 64))!;
      const after = sql[i + m[0].length];
      if (after !== undefined && /[A-Za-z_.]/.test(after)) giveUp();
      out.push({ t: 'n', v: m[0], low: m[0] });
      i += m[0].length;
      continue;
    }
    const two = sql.slice(i, i + 2);
    if (TWO.has(two)) { out.push({ t: 'p', v: two, low: two }); i += 2; continue; }
    if (PUNCT.has(ch)) {
      if ((ch === '<' || ch === '>' || ch === '=') && /[<>=!~@&|^]/.test(sql[i + 1] ?? '')) giveUp();
      out.push({ t: 'p', v: ch, low: ch });
      i++;
      continue;
    }
    giveUp();
  }
  return out;
}

// Words with a meaning of their own to the parser where an expression starts; met as a column
// name or function name, the fast path gives up (CASE, CAST, NOT, NULL, TRUE and FALSE are read).
const SPECIAL = new Set(['exists', 'extract', 'ceil', 'floor', 'position', 'substring', 'substr', 'overlay', 'trim', 'interval', 'array', 'struct', 'map', 'match',
  'prior', 'convert', 'any', 'all', 'some', 'lambda', 'date', 'time', 'timestamp', 'timestamptz', 'datetime', 'current_date', 'current_time', 'current_timestamp',
  'localtime', 'localtimestamp', 'current_user', 'session_user', 'user', 'current_role', 'current_catalog', 'current_schema', 'system_user', 'try_cast', 'safe_cast',
  'unnest', 'lateral', 'values', 'select', 'with', 'table', 'default', 'row', 'collate', 'at', 'escape', 'similar', 'regexp', 'rlike', 'glob', 'div', 'xor',
  'is', 'in', 'like', 'ilike', 'between', 'and', 'or', 'as', 'from', 'where', 'group', 'having', 'qualify', 'window', 'order', 'limit', 'offset', 'fetch',
  'union', 'except', 'intersect', 'minus', 'join', 'inner', 'left', 'right', 'full', 'outer', 'cross', 'natural', 'on', 'using', 'when', 'then', 'else', 'end',
  'over', 'filter', 'within', 'distinct', 'by', 'asc', 'desc', 'nulls', 'first', 'last', 'semi', 'anti', 'asof', 'positional', 'pivot', 'unpivot', 'sample',
  'tablesample', 'for', 'into', 'returning', 'connect', 'start', 'top', 'cluster', 'distribute', 'sort', 'lateral', 'global', 'straight_join', 'apply', 'outer',
  'partition', 'rows', 'range', 'groups', 'overlaps', 'array_agg', 'listagg', 'mode', 'json', 'unique', 'none', 'first', 'last', 'percentile_cont', 'percentile_disc']);
// Words that end a select item or table reference (a clause starts): never taken as an alias.
const ENDS = new Set(['from', 'where', 'group', 'having', 'qualify', 'window', 'order', 'limit', 'offset', 'fetch', 'union', 'except', 'intersect', 'minus',
  'join', 'inner', 'left', 'right', 'full', 'cross', 'natural', 'on', 'using', 'as']);

// Words that may follow a cast's type (`x::int end`, `cast(...) ... when`): never part of the type.
const AFTER_TYPE = new Set(['and', 'or', 'end', 'when', 'then', 'else', 'is', 'not', 'in', 'like', 'ilike', 'between', 'over', 'asc', 'desc', 'nulls', 'filter', 'within', 'collate', 'at']);

const PLACEHOLDER = /^__modeler_unrendered_\d+__$/;
const BINARY = new Set(['+', '-', '/', '%', '*', '=', '<', '>', '<>', '!=', '<=', '>=', '||']);

/** What an expression's parts tell the whole: it aggregates, is a window, holds EXISTS, its scalar subqueries. */
type Flags = { aggregate: boolean; window: boolean; subquery: boolean; subqueries: QueryShape[] };

/** The type text query-shape's typeText gives a parsed type, found once per spelling by the full parser. */
export type TypeTextOf = (spelling: string) => string | undefined | null;

class Reader {
  i = 0;
  /** `* EXCLUDE (…)` and QUALIFY: DuckDB's and Snowflake's syntax, not PostgreSQL's or Redshift's */
  private readonly duckish: boolean;
  /** an unaliased cast of a bare column is named by that column (query-shape.ts: castColumn) */
  private readonly castNames: boolean;
  /** functions whose argument at these positions is a bare date part, no column (the dialect file says which) */
  private readonly dateParts: Readonly<Record<string, readonly number[]>>;
  constructor(private toks: Tok[], private typeOf: TypeTextOf, dialect: string) {
    this.duckish = !!dbtTokenRead(dialect)?.qualifyExclude; this.dateParts = dbtDatePartArgs(dialect); this.castNames = dbtCastNamedByColumn(dialect);
  }
  peek(k = 0): Tok | undefined { return this.toks[this.i + k]; }
  isW(low: string, k = 0) { const t = this.peek(k); return !!t && t.t === 'w' && t.low === low; }
  isP(v: string, k = 0) { const t = this.peek(k); return !!t && t.t === 'p' && t.v === v; }
  eatW(low: string) { if (this.isW(low)) { this.i++; return true; } return false; }
  eatP(v: string) { if (this.isP(v)) { this.i++; return true; } return false; }
  needW(low: string) { if (!this.eatW(low)) giveUp(); }
  needP(v: string) { if (!this.eatP(v)) giveUp(); }

  /** An identifier: a quoted one, or a word with no meaning of its own here. */
  ident(): Ident {
    const t = this.peek();
    if (!t) return giveUp();
    if (t.t === 'q') { this.i++; return t.v; }
    if (t.t === 'w' && !SPECIAL.has(t.low) && !PLACEHOLDER.test(t.v)) { this.i++; return t.v; }
    return giveUp();
  }
  isIdent(k = 0) { const t = this.peek(k); return !!t && (t.t === 'q' || (t.t === 'w' && !SPECIAL.has(t.low) && !PLACEHOLDER.test(t.v))); }

  query(): QueryShape {
    const ctes: QueryShape['ctes'] = [];
    if (this.eatW('with')) {
      if (this.isW('recursive')) giveUp();
      do {
        const name = this.ident();
        this.needW('as');
        this.needP('(');
        const q = this.query();
        this.needP(')');
        ctes.push({ name, query: q });
      } while (this.eatP(','));
    }
    const body = this.setExpr();
    if (this.isW('order')) { this.i++; this.needW('by'); this.orderList(); }
    if (this.eatW('limit')) { const t = this.peek(); if (t?.t !== 'n') giveUp(); this.i++; }
    return { ctes, body };
  }

  setExpr(): SetShape {
    let left = this.setPrimary();
    while (this.isW('union')) {
      this.i++;
      if (!this.eatW('all')) this.eatW('distinct');
      if (this.isW('by')) giveUp();
      const right = this.setPrimary();
      left = { k: 'setop', op: 'Union', byName: false, left, right };
    }
    if (this.isW('except') || this.isW('intersect') || this.isW('minus')) giveUp();
    return left;
  }

  setPrimary(): SetShape {
    if (this.isW('select')) return { k: 'select', select: this.select() };
    if (this.isP('(') && (this.isW('select', 1) || this.isW('with', 1))) {
      this.i++;
      const q = this.query();
      this.needP(')');
      return { k: 'query', query: q };
    }
    return giveUp();
  }

  select(): SelectShape {
    this.needW('select');
    if (this.eatW('distinct') && this.isW('on')) giveUp();
    if (this.isW('all') || this.isW('top')) giveUp();
    const items: Item[] = [];
    do items.push(this.item()); while (this.eatP(','));
    const from: FromItem[] = [];
    const join: ColumnUse[] = [];
    if (this.eatW('from')) {
      do {
        from.push(this.relation());
        for (;;) {
          const j = this.joinKind();
          if (!j) break;
          const item = this.relation();
          if (j === 'cross') { from.push(item); continue; }
          if (this.eatW('on')) join.push(...this.expr().shape.uses);
          else if (this.eatW('using')) {
            this.needP('(');
            const using: Ident[] = [];
            do using.push(this.ident()); while (this.eatP(','));
            this.needP(')');
            item.using = using;
            join.push(...using.map((name) => ({ name })));
          } else giveUp();
          from.push(item);
        }
      } while (this.eatP(','));
    }
    const filter: ColumnUse[] = [];
    if (this.eatW('where')) filter.push(...this.expr().shape.uses);
    if (this.isW('group')) {
      this.i++;
      this.needW('by');
      if (!this.eatW('all')) do this.expr(); while (this.eatP(','));
    }
    if (this.eatW('having')) filter.push(...this.expr().shape.uses);
    if (this.isW('qualify') && !this.duckish) giveUp();
    if (this.eatW('qualify')) filter.push(...this.expr().shape.uses);
    return { from, items, ...(join.length ? { join } : {}), ...(filter.length ? { filter } : {}) };
  }

  /** The join keyword(s) at this point, consumed; undefined when no join follows. */
  joinKind(): 'cross' | 'join' | undefined {
    if (this.eatW('join')) return 'join';
    if (this.isW('inner') && this.isW('join', 1)) { this.i += 2; return 'join'; }
    if (this.isW('cross') && this.isW('join', 1)) { this.i += 2; return 'cross'; }
    for (const side of ['left', 'right', 'full']) {
      if (!this.isW(side)) continue;
      if (this.isW('join', 1)) { this.i += 2; return 'join'; }
      if (this.isW('outer', 1) && this.isW('join', 2)) { this.i += 3; return 'join'; }
      return giveUp();
    }
    return undefined;
  }

  relation(): FromItem {
    let rel: FromItem['rel'];
    if (this.isP('(')) {
      if (!this.isW('select', 1) && !this.isW('with', 1)) giveUp();
      this.i++;
      rel = { k: 'subquery', query: this.query() };
      this.needP(')');
    } else {
      const name = [this.ident()];
      while (this.eatP('.')) name.push(this.ident());
      if (this.isP('(')) giveUp(); // a table function
      rel = { k: 'table', name };
    }
    let alias: Ident | undefined;
    if (this.eatW('as')) alias = this.ident();
    else if (this.isIdent() && !ENDS.has(this.peek()!.low)) alias = this.ident();
    if (this.isP('(')) giveUp(); // column aliases
    return { ...(alias ? { alias } : {}), rel };
  }

  item(): Item {
    if (this.eatP('*')) return this.starRest(undefined);
    if (this.isIdent() && this.isP('.', 1)) {
      // t.* or s.t.*
      let k = 0;
      while (this.isIdent(k) && this.isP('.', k + 1)) k += 2;
      if (this.isP('*', k)) {
        const qual: Ident[] = [];
        while (!this.isP('*')) { qual.push(this.ident()); this.needP('.'); }
        this.i++;
        return this.starRest(qual);
      }
    }
    const e = this.expr();
    if (this.eatW('as')) {
      const t = this.peek();
      if (!t || (t.t !== 'w' && t.t !== 'q') || PLACEHOLDER.test(t.v)) giveUp();
      this.i++;
      return { k: 'expr', name: t!.v, alias: true, expr: e.shape };
    }
    if (this.isIdent() && !ENDS.has(this.peek()!.low)) return { k: 'expr', name: this.ident(), alias: true, expr: e.shape };
    if (this.peek()?.t === 'w' && !ENDS.has(this.peek()!.low)) giveUp();
    const name = e.shape.kind === 'column' && e.shape.uses.length === 1 ? e.shape.uses[0].name : this.castNames ? e.castOf : undefined;
    return { k: 'expr', name, alias: false, expr: e.shape };
  }

  starRest(qualifier: Ident[] | undefined): Item {
    const exclude: Ident[] = [];
    if (this.isW('exclude') && !this.duckish) giveUp();
    if (this.eatW('exclude')) {
      if (this.eatP('(')) { do exclude.push(this.ident()); while (this.eatP(',')); this.needP(')'); } else exclude.push(this.ident());
    }
    if (this.isW('except') || this.isW('replace') || this.isW('rename') || this.isW('ilike')) giveUp();
    return { k: 'star', ...(qualifier ? { qualifier } : {}), exclude, replace: [], rename: [] };
  }

  orderList(): void {
    do {
      this.expr();
      if (!this.eatW('asc')) this.eatW('desc');
      if (this.eatW('nulls')) { if (!this.eatW('first') && !this.eatW('last')) giveUp(); }
    } while (this.eatP(','));
  }

  /** An expression: its shape, as query-shape's expr() gives it for the tree the parser would build; castOf: the bare column it casts. */
  expr(): { shape: ExprShape; castOf?: Ident } {
    const uses: ColumnUse[] = [];
    const flags: Flags = { aggregate: false, window: false, subquery: false, subqueries: [] };
    let operands = 0;
    let top: Operand = { kind: 'other' };
    for (;;) {
      let prefixed = false;
      while (this.isP('-') || this.isP('+') || this.isW('not')) { this.i++; prefixed = true; }
      const op = this.operand(uses, flags);
      operands++;
      top = prefixed ? { kind: 'other' } : op;
      // postfix: IS [NOT] NULL/TRUE/FALSE
      while (this.isW('is')) {
        this.i++;
        this.eatW('not');
        if (!this.eatW('null') && !this.eatW('true') && !this.eatW('false')) giveUp();
        top = { kind: 'other' };
      }
      const t = this.peek();
      if (!t) break;
      if (t.t === 'p' && BINARY.has(t.v)) { this.i++; continue; }
      if (t.t === 'p' && t.v === '*') { this.i++; continue; }
      if (t.t === 'w') {
        if (t.low === 'and' || t.low === 'or') { this.i++; continue; }
        const not = t.low === 'not' ? 1 : 0;
        const w = this.peek(not);
        if (w?.t === 'w' && (w.low === 'like' || w.low === 'ilike')) {
          this.i += not + 1;
          if (this.isW('any') || this.isW('all')) giveUp();
          continue;
        }
        if (w?.t === 'w' && w.low === 'between') { this.i += not + 1; continue; }
        if (w?.t === 'w' && w.low === 'in') {
          this.i += not + 1;
          this.needP('(');
          if (this.isW('select') || this.isW('with')) { this.skipQuery(); this.needP(')'); }
          else { do this.expr().shape.uses.forEach((u) => uses.push(u)); while (this.eatP(',')); this.needP(')'); }
          top = { kind: 'other' };
          operands++;
          const n = this.peek();
          if (n?.t === 'p' && BINARY.has(n.v)) giveUp();
          if (n?.t === 'w' && (n.low === 'and' || n.low === 'or')) { this.i++; continue; }
          if (n?.t === 'w' && (n.low === 'is' || n.low === 'not' || n.low === 'like' || n.low === 'ilike' || n.low === 'between' || n.low === 'in')) giveUp();
          break;
        }
        if (not) giveUp();
      }
      break;
    }
    const compound = operands > 1;
    const kind: ExprShape['kind'] = !compound && top.kind === 'column' && uses.length === 1 ? 'column' : uses.length || flags.subqueries.length ? 'expression' : 'literal';
    const cast = !compound ? top.cast : undefined;
    return {
      ...(!compound && top.castOf ? { castOf: top.castOf } : {}),
      shape: { kind, uses, ...(flags.aggregate ? { aggregate: true } : {}), ...(flags.window ? { window: true } : {}), ...(cast ? { cast } : {}), ...(flags.subquery ? { subquery: true } : {}), ...(flags.subqueries.length ? { subqueries: flags.subqueries } : {}) },
    };
  }

  /** A primary with its postfix casts; says whether it is a bare column, the type of an outermost cast and the bare column cast. */
  operand(uses: ColumnUse[], flags: Flags): Operand {
    let res: Operand = { kind: 'other' };
    const t = this.peek();
    if (!t) return giveUp();
    if (t.t === 'n' || t.t === 's') this.i++;
    else if (t.t === 'p' && t.v === '(') {
      this.i++;
      if (this.isW('select') || this.isW('with')) flags.subqueries.push(this.query()); // a scalar subquery
      else {
        const inner = this.expr();
        if (this.isP(',')) giveUp(); // a row / tuple
        uses.push(...inner.shape.uses);
        if (inner.shape.aggregate) flags.aggregate = true;
        if (inner.shape.window) flags.window = true;
        if (inner.shape.subquery) flags.subquery = true;
        flags.subqueries.push(...inner.shape.subqueries ?? []);
      }
      this.needP(')');
    } else if (t.t === 'w' && (t.low === 'null' || t.low === 'true' || t.low === 'false')) this.i++;
    else if (t.t === 'w' && t.low === 'case') {
      this.i++;
      if (!this.isW('when')) this.sub(uses, flags);
      if (!this.isW('when')) giveUp();
      while (this.eatW('when')) { this.sub(uses, flags); this.needW('then'); this.sub(uses, flags); }
      if (this.eatW('else')) this.sub(uses, flags);
      this.needW('end');
    } else if (t.t === 'w' && t.low === 'cast' && this.isP('(', 1)) {
      this.i += 2;
      const inner = this.sub(uses, flags);
      this.needW('as');
      const type = this.typeSpelling();
      this.needP(')');
      const of = inner.shape.kind === 'column' ? inner.shape.uses[0].name : inner.castOf;
      res = { kind: 'other', cast: this.castType(type), ...(of ? { castOf: of } : {}) };
    } else if (t.t === 'q' || t.t === 'w') {
      const parts = [this.ident()];
      while (this.isP('.') && this.isIdent(1)) { this.i++; parts.push(this.ident()); }
      if (this.isP('.')) giveUp();
      if (this.isP('(')) this.call(parts, flags, uses);
      else {
        uses.push(parts.length > 1 ? { qualifier: parts.slice(0, -1), name: parts[parts.length - 1] } : { name: parts[0] });
        res = { kind: 'column' };
      }
    } else return giveUp();
    while (this.eatP('::')) {
      const of = res.kind === 'column' ? uses[uses.length - 1].name : res.castOf;
      res = { kind: 'other', cast: this.castType(this.typeSpelling()), ...(of ? { castOf: of } : {}) };
    }
    if (this.isP('.') || this.isP('[') || this.isW('collate') || this.isW('at')) giveUp();
    return res;
  }

  /** A nested expression whose uses and flags count for the enclosing one. */
  sub(uses: ColumnUse[], flags: Flags): ReturnType<Reader['expr']> {
    const read = this.expr();
    const e = read.shape;
    uses.push(...e.uses);
    if (e.aggregate) flags.aggregate = true;
    if (e.window) flags.window = true;
    if (e.subquery) flags.subquery = true;
    flags.subqueries.push(...e.subqueries ?? []);
    return read;
  }

  call(name: Ident[], flags: Flags, uses: ColumnUse[]): void {
    const fname = name.join('.').toLowerCase();
    this.needP('(');
    const inner: Flags = { aggregate: false, window: false, subquery: false, subqueries: [] };
    if (this.eatW('distinct')) { /* count(distinct x): the same uses */ }
    if (this.isP('*') && this.isP(')', 1)) this.i++;
    else if (!this.isP(')')) {
      const parts = Object.prototype.hasOwnProperty.call(this.dateParts, fname) ? this.dateParts[fname] : undefined;
      let arg = 0;
      do {
        if (this.isP('=', 1) && this.isP('>', 2)) giveUp();
        // a bare word where the function takes a date part names the part, not a column
        if (parts?.includes(arg) && this.peek()?.t === 'w' && (this.isP(',', 1) || this.isP(')', 1))) this.i++;
        else this.sub(uses, inner);
        arg++;
      } while (this.eatP(','));
    }
    if (this.isW('order') || this.isW('ignore') || this.isW('respect') || this.isW('limit') || this.isW('separator')) giveUp();
    this.needP(')');
    if (this.isW('filter') || this.isW('within') || this.isW('ignore') || this.isW('respect')) giveUp();
    if (inner.subquery) flags.subquery = true;
    if (inner.window) flags.window = true;
    if (inner.aggregate) flags.aggregate = true;
    if (this.eatW('over')) {
      flags.window = true;
      this.needP('(');
      if (this.isIdent() && !this.isW('partition') && !this.isW('order')) giveUp(); // a named window
      if (this.isW('partition')) { this.i++; this.needW('by'); do this.sub(uses, inner); while (this.eatP(',')); }
      if (this.isW('order')) {
        this.i++;
        this.needW('by');
        do {
          this.sub(uses, inner);
          if (!this.eatW('asc')) this.eatW('desc');
          if (this.eatW('nulls')) { if (!this.eatW('first') && !this.eatW('last')) giveUp(); }
        } while (this.eatP(','));
      }
      if (this.isW('rows') || this.isW('range')) this.frame();
      this.needP(')');
    } else if (AGGREGATES.has(fname)) flags.aggregate = true;
    else if (SPECIAL.has(fname) || fname === 'cast') giveUp();
    // an aggregate in the window's keys (`over (order by sum(x))`) counts too, as the parser's tree says
    if (inner.aggregate) flags.aggregate = true;
    if (inner.subquery) flags.subquery = true;
    flags.subqueries.push(...inner.subqueries);
  }

  /** A window frame of constant bounds (no columns in it). */
  frame(): void {
    this.i++;
    const bound = () => {
      if (this.eatW('unbounded')) { if (!this.eatW('preceding') && !this.eatW('following')) giveUp(); return; }
      if (this.eatW('current')) { this.needW('row'); return; }
      if (this.peek()?.t !== 'n') giveUp();
      this.i++;
      if (!this.eatW('preceding') && !this.eatW('following')) giveUp();
    };
    if (this.eatW('between')) { bound(); this.needW('and'); bound(); } else bound();
  }

  /** A type as written: words and an optional (n[, m]). */
  typeSpelling(): string {
    const words: string[] = [];
    // as written: a type the parser does not know keeps its spelling (`::VARIANT`)
    while (this.peek()?.t === 'w' && !ENDS.has(this.peek()!.low) && !AFTER_TYPE.has(this.peek()!.low)) words.push(this.toks[this.i++].v);
    if (!words.length || words.length > 2) giveUp();
    let args = '';
    if (this.eatP('(')) {
      const ns: string[] = [];
      do { const t = this.peek(); if (t?.t !== 'n' || !/^\d+$/.test(t.v)) giveUp(); ns.push(t!.v); this.i++; } while (this.eatP(','));
      this.needP(')');
      args = `(${ns.join(', ')})`;
    }
    return words.join(' ') + args;
  }

  castType(spelling: string): string | undefined {
    const t = this.typeOf(spelling);
    if (t === null) giveUp();
    return t ?? undefined;
  }

  /** Skip a parenthesised query (its columns are another scope's). */
  skipQuery(): void {
    let depth = 0;
    for (;;) {
      const t = this.peek();
      if (!t) giveUp();
      if (t!.t === 'p' && t!.v === '(') depth++;
      if (t!.t === 'p' && t!.v === ')') { if (depth === 0) return; depth--; }
      if (t!.t === 'w' && PLACEHOLDER.test(t!.v)) giveUp();
      this.i++;
    }
  }
}

/**
 * The shape of one simple SELECT read from its tokens, or undefined when the SQL is beyond what
 * this reader knows for certain (the full parser then reads it). `typeOf` gives the type text of
 * a cast's type spelling (null: not a type the parser reads).
 */
export function staticQueryShape(sql: string, dialect: string, typeOf: TypeTextOf): QueryShape | undefined {
  if (!STATIC_DIALECTS.has(dialect)) return undefined;
  try {
    const toks = tokenize(sql);
    while (toks.length && toks[toks.length - 1].t === 'p' && toks[toks.length - 1].v === ';') toks.pop();
    if (toks.some((t) => t.t === 'p' && t.v === ';')) return undefined;
    const r = new Reader(toks, typeOf, dialect);
    if (!r.isW('select') && !r.isW('with')) return undefined;
    const q = r.query();
    return r.i === toks.length ? q : undefined;
  } catch (e) {
    if (e instanceof GiveUp) return undefined;
    throw e;
  }
}
