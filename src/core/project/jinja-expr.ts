// A small, safe evaluator for the Jinja expressions dbt projects put in configs:
// `{{ var('x', true) and env_var('Y', 'a') == 'a' }}`, `config(enabled=..., tags=[...])`.
// It parses (never evaluates code) literals, lists, dicts, and/or/not, comparisons, `x if c
// else y`, attribute/index access, a few filters and the calls dbt resolves at parse time.
// Anything it cannot know (target.name, a macro it does not model) is UNKNOWN, which
// propagates unless a short-circuit decides (`false and UNKNOWN` is false).

export const UNKNOWN: unique symbol = Symbol('unknown');
/**
 * The longest string and list a template may make: one doubled in a loop stops here as unknown.
 * V8 aborts the process (it cannot be caught) when an array passes ~134 million entries.
 */
export const MAX_TEXT = 10_000_000;
export const MAX_LIST = 1_000_000;
const concat = (a: string, b: string) => (a.length + b.length > MAX_TEXT ? UNKNOWN : a + b);
export type JValue = unknown;

export interface JContext {
  /** dbt's var(): defined value, else the default, else UNKNOWN (and `missing` is told). */
  variable(name: string): { found: boolean; value?: unknown };
  env(name: string): string | undefined;
  /** Calls other than var/env_var: `config(...)` collectors, known package macros. */
  call?(name: string, args: unknown[], kwargs: Record<string, unknown>): unknown;
  /** Notes why a value became UNKNOWN (a missing var, an unknown function). */
  note?(reason: string): void;
  /** Names dbt's context defines at parse time (`target`), when known. */
  globals?: Readonly<Record<string, unknown>>;
  /** Templates (src/core/sql-render): a name's value (a local, a macro, dbt's context); undefined when not known. */
  lookup?(name: string): unknown;
  /** Templates: an attribute that is not a plain own key (a string's method, a relation's field). */
  attribute?(obj: unknown, name: string): unknown;
  /** Templates: a filter the evaluator does not know itself (join, map, replace, …). */
  filter?(name: string, value: unknown, args: unknown[], kwargs: Record<string, unknown>): unknown;
  /** `as_bool` gives dbt's marker (see BoolMarker), as when dbt renders a config value. */
  markers?: boolean;
  /**
   * A var() with no value and no default is None, as in the SQL dbt renders while it parses (its
   * parse context never refuses one); else it is UNKNOWN.
   */
  missingVarIsNone?: boolean;
}

// Only functions made here are ever called, never a value found by attribute or index access: a
// template cannot reach JavaScript's own functions (`''.constructor.constructor`).
const CALLABLE: unique symbol = Symbol('jinja callable');
export type JCallable = ((args: unknown[], kwargs: Record<string, unknown>) => unknown) & { [CALLABLE]: true };
export function jinjaCallable(fn: (args: unknown[], kwargs: Record<string, unknown>) => unknown): JCallable {
  return Object.assign(fn, { [CALLABLE]: true as const });
}
export function isJinjaCallable(v: unknown): v is JCallable {
  return typeof v === 'function' && (v as any)[CALLABLE] === true;
}
/**
 * Dicts the template wrote itself (`{"name": "id"}`): every key is known, so a missing one is
 * Jinja's Undefined (`col.alias | default(col.name)`, `if not col.is_rename`), not something only
 * the warehouse knows — unlike a context object (`target`, `config`) whose missing field may be.
 */
const LITERAL_DICTS = new WeakSet<object>();
const own = (o: unknown, k: unknown): boolean => o !== null && (typeof o === 'object' || typeof o === 'function') && Object.prototype.hasOwnProperty.call(o, k as PropertyKey);

type Tok = { t: 'num' | 'str' | 'id' | 'op' | 'end'; v: string; pos: number };

const OPS = ['==', '!=', '<=', '>=', '//', '**', '(', ')', '[', ']', '{', '}', ',', ':', '.', '|', '+', '-', '*', '/', '%', '<', '>', '~', '='];

export class JinjaSyntaxError extends Error {
  constructor(message: string, public pos: number) { super(message); }
}

/** Tokenises from `start` to the end of the text or of the enclosing `{{ … }}` / `{% … %}`. */
function tokenize(src: string, start: number): Tok[] {
  const out: Tok[] = [];
  let i = start;
  let depth = 0; // open `{` of dict literals: their `}}` does not end the `{{ … }}` body
  while (i < src.length) {
    const c = src[i];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') { i++; continue; }
    if (c === '}' && src[i + 1] === '}' && depth === 0) break;
    if (c === '%' && src[i + 1] === '}') break;
    if (c === '{') depth++;
    if (c === '}') depth--;
    if (/[0-9]/.test(c)) {
      const m = /^[0-9]+(\.[0-9]+)?/.exec(src.slice(i, i + 40))!;
      out.push({ t: 'num', v: m[0], pos: i }); i += m[0].length; continue;
    }
    if (c === '"' || c === "'") {
      let j = i + 1, s = '';
      while (j < src.length && src[j] !== c) {
        if (src[j] === '\\' && j + 1 < src.length) { const n = src[j + 1]; s += n === 'n' ? '\n' : n === 't' ? '\t' : n; j += 2; continue; }
        s += src[j++];
      }
      if (j >= src.length) throw new JinjaSyntaxError('unclosed string', i);
      out.push({ t: 'str', v: s, pos: i }); i = j + 1; continue;
    }
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i, i + 200))!;
      out.push({ t: 'id', v: m[0], pos: i }); i += m[0].length; continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw new JinjaSyntaxError(`unexpected character '${c}'`, i);
    out.push({ t: 'op', v: op, pos: i }); i += op.length;
  }
  out.push({ t: 'end', v: '', pos: i });
  return out;
}

type Node =
  | { k: 'lit'; v: unknown }
  | { k: 'name'; v: string }
  | { k: 'list'; items: Node[] }
  | { k: 'dict'; entries: [Node, Node][] }
  | { k: 'attr'; obj: Node; name: string }
  | { k: 'index'; obj: Node; idx: Node }
  | { k: 'slice'; obj: Node; start?: Node; stop?: Node }
  | { k: 'spread'; v: Node; double: boolean }
  | { k: 'call'; fn: Node; args: Node[]; kwargs: [string, Node][] }
  | { k: 'filter'; value: Node; name: string; args: Node[]; kwargs: [string, Node][] }
  | { k: 'not'; v: Node }
  | { k: 'neg'; v: Node }
  | { k: 'bin'; op: string; a: Node; b: Node }
  | { k: 'test'; v: Node; name: string; negate: boolean }
  | { k: 'cond'; then: Node; cond: Node; else?: Node };

class Parser {
  private i = 0;
  constructor(private toks: Tok[]) {}
  get end(): number { return this.toks[this.i].pos; }
  private peek(): Tok { return this.toks[this.i]; }
  private next(): Tok { return this.toks[this.i++]; }
  private isOp(v: string): boolean { const t = this.peek(); return t.t === 'op' && t.v === v; }
  private isWord(v: string): boolean { const t = this.peek(); return t.t === 'id' && t.v === v; }
  private expect(v: string): void {
    const t = this.next();
    if (t.v !== v) throw new JinjaSyntaxError(`expected '${v}' but found '${t.v || 'end'}'`, t.pos);
  }
  atEnd(): boolean { return this.peek().t === 'end'; }

  expr(): Node {
    const then = this.or();
    if (this.isWord('if')) {
      this.next();
      const cond = this.or();
      let els: Node | undefined;
      if (this.isWord('else')) { this.next(); els = this.expr(); }
      return { k: 'cond', then, cond, else: els };
    }
    return then;
  }
  private or(): Node { let a = this.and(); while (this.isWord('or')) { this.next(); a = { k: 'bin', op: 'or', a, b: this.and() }; } return a; }
  private and(): Node { let a = this.not(); while (this.isWord('and')) { this.next(); a = { k: 'bin', op: 'and', a, b: this.not() }; } return a; }
  private not(): Node { if (this.isWord('not')) { this.next(); return { k: 'not', v: this.not() }; } return this.compare(); }
  private compare(): Node {
    let a = this.add();
    for (;;) {
      const t = this.peek();
      if (t.t === 'op' && ['==', '!=', '<', '>', '<=', '>='].includes(t.v)) { this.next(); a = { k: 'bin', op: t.v, a, b: this.add() }; continue; }
      if (this.isWord('in')) { this.next(); a = { k: 'bin', op: 'in', a, b: this.add() }; continue; }
      if (this.isWord('not') && this.toks[this.i + 1]?.v === 'in') { this.i += 2; a = { k: 'not', v: { k: 'bin', op: 'in', a, b: this.add() } }; continue; }
      if (this.isWord('is')) {
        this.next();
        let negate = false;
        if (this.isWord('not')) { this.next(); negate = true; }
        const name = this.next();
        if (name.t !== 'id') throw new JinjaSyntaxError('expected a test name after is', name.pos);
        a = { k: 'test', v: a, name: name.v, negate };
        continue;
      }
      return a;
    }
  }
  private add(): Node {
    let a = this.mul();
    while (this.isOp('+') || this.isOp('-') || this.isOp('~')) { const op = this.next().v; a = { k: 'bin', op, a, b: this.mul() }; }
    return a;
  }
  private mul(): Node {
    let a = this.unary();
    while (this.isOp('*') || this.isOp('/') || this.isOp('%') || this.isOp('//')) { const op = this.next().v; a = { k: 'bin', op, a, b: this.unary() }; }
    return a;
  }
  private unary(): Node { if (this.isOp('-')) { this.next(); return { k: 'neg', v: this.unary() }; } return this.power(); }
  private power(): Node {
    const a = this.postfix();
    if (this.isOp('**')) { this.next(); return { k: 'bin', op: '**', a, b: this.unary() }; }
    return a;
  }
  private postfix(): Node {
    let n = this.primary();
    for (;;) {
      if (this.isOp('.')) { this.next(); const id = this.next(); if (id.t !== 'id') throw new JinjaSyntaxError('expected a name after .', id.pos); n = { k: 'attr', obj: n, name: id.v }; continue; }
      if (this.isOp('[')) {
        this.next();
        const start = this.isOp(':') ? undefined : this.expr();
        if (this.isOp(':')) { // a slice, `x[a:b]`
          this.next();
          const stop = this.isOp(']') ? undefined : this.expr();
          this.expect(']');
          n = { k: 'slice', obj: n, start, stop };
          continue;
        }
        this.expect(']');
        n = { k: 'index', obj: n, idx: start! };
        continue;
      }
      if (this.isOp('(')) { this.next(); const { args, kwargs } = this.args(); n = { k: 'call', fn: n, args, kwargs }; continue; }
      if (this.isOp('|')) {
        this.next();
        const id = this.next();
        if (id.t !== 'id') throw new JinjaSyntaxError('expected a filter name after |', id.pos);
        let args: Node[] = [];
        let kwargs: [string, Node][] = [];
        if (this.isOp('(')) { this.next(); ({ args, kwargs } = this.args()); }
        n = { k: 'filter', value: n, name: id.v, args, kwargs };
        continue;
      }
      return n;
    }
  }
  private args(): { args: Node[]; kwargs: [string, Node][] } {
    const args: Node[] = [];
    const kwargs: [string, Node][] = [];
    while (!this.isOp(')')) {
      const t = this.peek();
      if (t.t === 'id' && this.toks[this.i + 1]?.v === '=') { this.i += 2; kwargs.push([t.v, this.expr()]); }
      else if (t.t === 'op' && (t.v === '*' || t.v === '**')) { this.next(); args.push({ k: 'spread', v: this.expr(), double: t.v === '**' }); }
      else args.push(this.expr());
      if (this.isOp(',')) { this.next(); continue; }
      if (!this.isOp(')')) throw new JinjaSyntaxError(`expected ',' or ')' but found '${this.peek().v || 'end'}'`, this.peek().pos);
    }
    this.next();
    return { args, kwargs };
  }
  private primary(): Node {
    const t = this.next();
    if (t.t === 'num') return { k: 'lit', v: Number(t.v) };
    if (t.t === 'str') {
      let s = t.v;
      while (this.peek().t === 'str') s += this.next().v; // adjacent literals concatenate
      return { k: 'lit', v: s };
    }
    if (t.t === 'id') {
      if (t.v === 'true' || t.v === 'True') return { k: 'lit', v: true };
      if (t.v === 'false' || t.v === 'False') return { k: 'lit', v: false };
      if (t.v === 'none' || t.v === 'None') return { k: 'lit', v: null };
      return { k: 'name', v: t.v };
    }
    if (t.v === '(') {
      const e = this.expr();
      if (this.isOp(',')) { // tuple → list
        const items = [e];
        while (this.isOp(',')) { this.next(); if (this.isOp(')')) break; items.push(this.expr()); }
        this.expect(')');
        return { k: 'list', items };
      }
      this.expect(')');
      return e;
    }
    if (t.v === '[') {
      const items: Node[] = [];
      while (!this.isOp(']')) { items.push(this.expr()); if (this.isOp(',')) this.next(); else break; }
      this.expect(']');
      return { k: 'list', items };
    }
    if (t.v === '{') {
      const entries: [Node, Node][] = [];
      while (!this.isOp('}')) {
        const key = this.expr(); this.expect(':'); entries.push([key, this.expr()]);
        if (this.isOp(',')) this.next(); else break;
      }
      this.expect('}');
      return { k: 'dict', entries };
    }
    throw new JinjaSyntaxError(`unexpected '${t.v || 'end of expression'}'`, t.pos);
  }
}

/** Parse one expression starting at `start`; returns the tree and the offset where it ended. */
export function parseExpression(src: string, start = 0): { node: Node; end: number } {
  const p = new Parser(tokenize(src, start));
  const node = p.expr();
  return { node, end: p.end };
}

/**
 * What dbt's `as_bool` filter gives: a marker that is a string ("True"/"False") until the whole
 * rendered value is read back as a boolean. So `(a | as_bool) and (b | as_bool)` is `b`'s value in
 * dbt (a non-empty string is true), and the reader follows it.
 */
export class BoolMarker { constructor(readonly value: boolean) {} }
/** A rendered value with dbt's markers read back (as dbt does once the rendering is done). */
export const unmark = (v: unknown): unknown => (v instanceof BoolMarker ? v.value : v);

const truthy = (v: unknown): boolean => v instanceof BoolMarker || !(v === false || v === null || v === undefined || v === 0 || v === '' || (Array.isArray(v) && !v.length));

export function evaluate(node: Node, ctx: JContext): JValue {
  switch (node.k) {
    case 'lit': return node.v;
    case 'name': {
      const v = ctx.lookup?.(node.v);
      if (v !== undefined) return v;
      if (ctx.globals && Object.prototype.hasOwnProperty.call(ctx.globals, node.v)) return ctx.globals[node.v];
      ctx.note?.(`'${node.v}' is not known when reading the project`); return UNKNOWN;
    }
    case 'list': { const items = node.items.map((n) => evaluate(n, ctx)); return items.includes(UNKNOWN) ? UNKNOWN : items; }
    case 'dict': {
      const o: Record<string, unknown> = {};
      for (const [k, v] of node.entries) {
        const kk = evaluate(k, ctx), vv = evaluate(v, ctx);
        if (kk === UNKNOWN) return UNKNOWN;
        o[String(kk)] = vv;
      }
      LITERAL_DICTS.add(o);
      return o;
    }
    case 'attr': {
      const o = evaluate(node.obj, ctx);
      if (o === UNKNOWN) return UNKNOWN;
      if (own(o, node.name) && !Array.isArray(o)) return (o as any)[node.name] ?? UNKNOWN;
      const method = ctx.attribute?.(o, node.name);
      if ((method === undefined || method === UNKNOWN) && o !== null && typeof o === 'object' && LITERAL_DICTS.has(o)) return undefined;
      return method ?? UNKNOWN;
    }
    case 'index': {
      const o = evaluate(node.obj, ctx), i = evaluate(node.idx, ctx);
      if (typeof o === 'string' && typeof i === 'number' && Number.isInteger(i)) return o[i < 0 ? o.length + i : i] ?? UNKNOWN;
      if (o === UNKNOWN || i === UNKNOWN || o === null || typeof o !== 'object') return UNKNOWN;
      if (Array.isArray(o) && typeof i === 'number') return o[i < 0 ? o.length + i : i] ?? UNKNOWN;
      return own(o, i) ? (o as any)[i as any] ?? UNKNOWN : LITERAL_DICTS.has(o) ? undefined : UNKNOWN;
    }
    case 'call': return callFn(node, ctx);
    case 'filter': {
      const kwargs: Record<string, unknown> = {};
      for (const [k, v] of node.kwargs) kwargs[k] = evaluate(v, ctx);
      return applyFilter(node.name, evaluate(node.value, ctx), node.args.map((a) => evaluate(a, ctx)), ctx, kwargs);
    }
    case 'not': { const v = evaluate(node.v, ctx); return v === UNKNOWN ? UNKNOWN : !truthy(v); }
    case 'neg': { const v = evaluate(node.v, ctx); return typeof v === 'number' ? -v : UNKNOWN; }
    case 'slice': {
      const o = evaluate(node.obj, ctx);
      const a = node.start ? evaluate(node.start, ctx) : undefined, b = node.stop ? evaluate(node.stop, ctx) : undefined;
      if ((typeof o !== 'string' && !Array.isArray(o)) || (a !== undefined && typeof a !== 'number') || (b !== undefined && typeof b !== 'number')) return UNKNOWN;
      return o.slice(a as number | undefined, b as number | undefined);
    }
    case 'spread': return UNKNOWN; // only meaningful among a call's arguments
    case 'test': {
      const v = evaluate(node.v, ctx);
      if (v === UNKNOWN) return UNKNOWN;
      const r = node.name === 'none' ? v === null : node.name === 'defined' ? v !== undefined : node.name === 'true' ? v === true : node.name === 'false' ? v === false
        : node.name === 'string' ? typeof v === 'string' : node.name === 'number' ? typeof v === 'number'
        : node.name === 'mapping' ? v !== null && typeof v === 'object' && !Array.isArray(v)
        : node.name === 'sequence' || node.name === 'iterable' ? Array.isArray(v) || typeof v === 'string'
        : node.name === 'callable' ? isJinjaCallable(v) : UNKNOWN;
      return r === UNKNOWN ? UNKNOWN : node.negate ? !r : r;
    }
    case 'cond': {
      const c = evaluate(node.cond, ctx);
      if (c === UNKNOWN) return UNKNOWN;
      return truthy(c) ? evaluate(node.then, ctx) : node.else ? evaluate(node.else, ctx) : '';
    }
    case 'bin': {
      if (node.op === 'and' || node.op === 'or') {
        const a = evaluate(node.a, ctx);
        if (a !== UNKNOWN && (node.op === 'and' ? !truthy(a) : truthy(a))) return a;
        const b = evaluate(node.b, ctx);
        if (a === UNKNOWN) return b !== UNKNOWN && (node.op === 'and' ? !truthy(b) : truthy(b)) ? b : UNKNOWN;
        return b;
      }
      const a = evaluate(node.a, ctx), b = evaluate(node.b, ctx);
      if (a === UNKNOWN || b === UNKNOWN) return UNKNOWN;
      switch (node.op) {
        case '==': return looseEqual(a, b);
        case '!=': return !looseEqual(a, b);
        case '<': return (a as any) < (b as any);
        case '>': return (a as any) > (b as any);
        case '<=': return (a as any) <= (b as any);
        case '>=': return (a as any) >= (b as any);
        case 'in': return Array.isArray(b) ? b.some((x) => looseEqual(x, a)) : typeof b === 'string' ? b.includes(String(a)) : b && typeof b === 'object' ? String(a) in b : false;
        // Python joins a function's repr (<function …>), not its JavaScript source
        case '~': return typeof a === 'function' || typeof b === 'function' ? UNKNOWN : concat(str(a), str(b));
        case '+': return typeof a === 'number' && typeof b === 'number' ? a + b
          : Array.isArray(a) && Array.isArray(b) ? (a.length + b.length > MAX_LIST ? UNKNOWN : [...a, ...b])
            : typeof a === 'string' && typeof b === 'string' ? concat(a, b) : UNKNOWN;
        case '-': return typeof a === 'number' && typeof b === 'number' ? a - b : UNKNOWN;
        case '*': return typeof a === 'number' && typeof b === 'number' ? a * b : UNKNOWN;
        case '/': return typeof a === 'number' && typeof b === 'number' && b !== 0 ? a / b : UNKNOWN;
        case '//': return typeof a === 'number' && typeof b === 'number' && b !== 0 ? Math.floor(a / b) : UNKNOWN;
        case '%': return typeof a === 'number' && typeof b === 'number' && b !== 0 ? a % b : UNKNOWN;
        case '**': return typeof a === 'number' && typeof b === 'number' && Math.abs(b) < 64 ? a ** b : UNKNOWN;
      }
      return UNKNOWN;
    }
  }
}

function looseEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  // a marker is the string "True"/"False": equal to that string, never to a boolean
  if (a instanceof BoolMarker || b instanceof BoolMarker) return typeof a === 'string' || typeof b === 'string' ? str(a) === str(b) : a instanceof BoolMarker && b instanceof BoolMarker && a.value === b.value;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => looseEqual(x, b[i]));
  return false;
}

function str(v: unknown): string {
  if (v instanceof BoolMarker) return v.value ? 'True' : 'False';
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

function dotted(n: Node): string | undefined {
  if (n.k === 'name') return n.v;
  if (n.k === 'attr') { const o = dotted(n.obj); return o ? `${o}.${n.name}` : undefined; }
  return undefined;
}

function callFn(node: Extract<Node, { k: 'call' }>, ctx: JContext): JValue {
  const name = dotted(node.fn);
  if (!name && !ctx.lookup) return UNKNOWN;
  const args: unknown[] = [];
  const spread: Record<string, unknown> = {};
  for (const a of node.args) {
    if (a.k !== 'spread') { args.push(evaluate(a, ctx)); continue; }
    const v = evaluate(a.v, ctx);
    if (a.double && v && typeof v === 'object' && !Array.isArray(v)) Object.assign(spread, v);
    else if (!a.double && Array.isArray(v)) args.push(...v);
    else return UNKNOWN;
  }
  if (name === 'var' || name === 'env_var') {
    const key = args[0];
    if (typeof key !== 'string') return UNKNOWN;
    if (name === 'var') {
      const r = ctx.variable(key);
      if (r.found) return r.value;
      if (args.length > 1) return args[1];
      if (ctx.missingVarIsNone) return null;
      ctx.note?.(`var('${key}') is not defined in dbt_project.yml vars and has no default`);
      return UNKNOWN;
    }
    const e = ctx.env(key);
    if (e !== undefined) return e;
    if (args.length > 1) return args[1];
    ctx.note?.(`env_var('${key}') is not set and has no default`);
    return UNKNOWN;
  }
  const kwargs: Record<string, unknown> = { ...spread };
  for (const [k, v] of node.kwargs) kwargs[k] = evaluate(v, ctx);
  if (ctx.lookup) {
    const fn = evaluate(node.fn, ctx);
    if (isJinjaCallable(fn)) return fn(args, kwargs);
  }
  if (!name) return UNKNOWN;
  const known = Object.hasOwn(KNOWN_MACROS, name) ? KNOWN_MACROS[name] : undefined;
  if (known) return known(args, ctx);
  if (ctx.call) return ctx.call(name, args, kwargs);
  ctx.note?.(`${name}() is a macro that is not evaluated when reading the project`);
  return UNKNOWN;
}

/**
 * Package macros whose meaning is fixed and documented, used to switch models on and off in
 * many public packages. Each var defaults to true (all) / false (one true), as the macros do.
 */
const KNOWN_MACROS: Record<string, (args: unknown[], ctx: JContext) => JValue> = {
  'fivetran_utils.enabled_vars': (args, ctx) => varsList(args, ctx, true, 'all'),
  'fivetran_utils.enabled_vars_one_true': (args, ctx) => varsList(args, ctx, false, 'any'),
};

function varsList(args: unknown[], ctx: JContext, def: boolean, mode: 'all' | 'any'): JValue {
  const list = args[0];
  if (!Array.isArray(list)) return UNKNOWN;
  const values = list.map((v) => { const r = ctx.variable(String(v)); return r.found ? r.value : def; });
  return mode === 'all' ? values.every((v) => v !== false) : values.some((v) => v === true);
}

function applyFilter(name: string, v: unknown, args: unknown[], ctx: JContext, kwargs: Record<string, unknown> = {}): JValue {
  if (v === UNKNOWN) return name === 'default' ? UNKNOWN : UNKNOWN;
  switch (name) {
    case 'as_bool': { const u = unmark(v); const b = (typeof u === 'string' ? /^(true|1|yes|on)$/i.test(u.trim()) : truthy(u)); return ctx.markers ? new BoolMarker(b) : b; }
    case 'bool': { const u = unmark(v); return typeof u === 'string' ? /^(true|1|yes|on)$/i.test(u.trim()) : truthy(u); }
    case 'as_number': case 'int': case 'float': { const n = Number(v); return Number.isNaN(n) ? UNKNOWN : name === 'int' ? Math.trunc(n) : n; }
    case 'as_text': case 'string': return str(v);
    case 'as_native': return v;
    case 'lower': return typeof v === 'string' ? v.toLowerCase() : UNKNOWN;
    case 'upper': return typeof v === 'string' ? v.toUpperCase() : UNKNOWN;
    case 'trim': return typeof v === 'string' ? v.trim() : UNKNOWN;
    case 'length': return Array.isArray(v) || typeof v === 'string' ? v.length : UNKNOWN;
    case 'default': case 'd': return v === undefined || v === null ? args[0] : v;
  }
  const r = ctx.filter?.(name, v, args, kwargs);
  if (r !== undefined) return r;
  ctx.note?.(`the filter '${name}' is not evaluated when reading the project`);
  return UNKNOWN;
}

/**
 * Render a config value as dbt does: a string that is exactly one `{{ expr }}` gives the
 * expression's native value; text around expressions gives a string; other values pass through.
 */
export function renderValue(value: unknown, ctx: JContext): JValue {
  if (typeof value !== 'string' || !value.includes('{{')) return value;
  const whole = /^\s*\{\{([\s\S]*)\}\}\s*$/.exec(value);
  if (whole && !whole[1].includes('}}')) {
    try {
      const { node } = parseExpression(whole[1], 0);
      return unmark(evaluate(node, ctx));
    } catch (e: any) { ctx.note?.(`cannot read the expression '${value.trim()}': ${e.message}`); return UNKNOWN; }
  }
  let out = '';
  let i = 0;
  while (i < value.length) {
    const open = value.indexOf('{{', i);
    if (open < 0) { out += value.slice(i); break; }
    out += value.slice(i, open);
    try {
      const { node, end } = parseExpression(value, open + 2);
      const close = value.indexOf('}}', end);
      if (close < 0) return UNKNOWN;
      const v = evaluate(node, ctx);
      if (v === UNKNOWN) return UNKNOWN;
      out += str(unmark(v));
      i = close + 2;
    } catch (e: any) { ctx.note?.(`cannot read the expression in '${value.trim()}': ${e.message}`); return UNKNOWN; }
  }
  return out;
}

/** Render every string inside a config object (nested dicts and lists). */
export function renderDeep(value: unknown, ctx: JContext): unknown {
  if (typeof value === 'string') return renderValue(value, ctx);
  if (Array.isArray(value)) return value.map((v) => renderDeep(v, ctx));
  if (value && typeof value === 'object') {
    const o: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) o[k] = renderDeep(v, ctx);
    return o;
  }
  return value;
}

export { truthy as jinjaTruthy };
