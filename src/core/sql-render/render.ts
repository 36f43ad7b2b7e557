// Render a dbt model's SQL as `dbt compile` would where that needs no warehouse: `ref`,
// `source`, `this`, `var`, `env_var`, `config`, `target`, `is_incremental()` (false, as on a
// first run), `{% if %}`/`{% for %}`/`{% set %}`, and the project's and packages' macros that
// only build SQL text. What needs the warehouse or is not modelled (dbt's own adapter macros,
// run_query, an unknown macro) becomes a marked placeholder `__modeler_unrendered_N__`, never a
// guess; a condition that cannot be decided is asked of `decide` (or makes its block a
// placeholder). Expressions are evaluated by jinja-expr.ts, which never runs code.
import { evaluate, isJinjaCallable, jinjaCallable, jinjaTruthy, UNKNOWN, type JContext } from '../project/jinja-expr.js';
import { dbtBuiltin } from './dbt-builtins.js';
import { dispatchMacro, type MacroDef, type MacroLibrary } from './macros.js';
import { PY_RE } from './py-re.js';
import { parseTemplate, TemplateError, type Expr, type TNode } from './template.js';
import { applyTemplateFilter, COLUMN, isRelation, methodOf, pyStr, RELATION, Unprintable, type Relation } from './values.js';
import { dbtQuoteChar } from '../../sql/dialects/index.js';

export interface DbtTargetInfo { name?: string; type?: string; schema?: string; database?: string; profile_name?: string }

export interface RelationTarget { node?: string; name: string; identifier?: string; schema?: string; database?: string }

export interface RenderInput {
  lib: MacroLibrary;
  /** The package the model belongs to (the root project). */
  package: string;
  /** The target (profiles.yml); unknown fields stay unknown. */
  target?: DbtTargetInfo;
  variable(name: string): { found: boolean; value?: unknown };
  env(name: string): string | undefined;
  /** What `ref(...)` / `source(...)` name; undefined when the project has no such node. */
  resolve(kind: 'ref' | 'source', args: string[], kwargs: Record<string, unknown>): RelationTarget | undefined;
  self: RelationTarget;
  /** The model's resolved config, for `config.get(...)`. */
  config: Record<string, unknown>;
  /** Columns of a node the project knows (for `adapter.get_columns_in_relation`); undefined when unknown. */
  columnsOf?(node: string): { name: string; data_type?: string }[] | undefined;
  /** Which way an undecidable `{% if %}` goes (the n-th such decision); undefined: leave it a placeholder. */
  decide?(n: number): boolean | undefined;
  /**
   * Told of every macro call with its parameters bound (what a package declares through a macro's
   * arguments: staging-columns.ts); `from` says which relation a `get_columns_in_relation` list
   * is of, and which macro returned a value.
   */
  onMacro?(def: MacroDef, bound: Record<string, unknown>, from: CallOrigins): void;
  /** `get_columns_in_relation` of a relation whose columns are not known gives an empty list (a reading of the calls only, not of the SQL). */
  probe?: boolean;
}

export interface CallOrigins { relationOf(v: unknown): Relation | undefined; macroOf(v: unknown): MacroDef | undefined }

export interface Placeholder { id: string; line: number; src: string; reason: string }
export interface RenderResult {
  sql: string;
  placeholders: Placeholder[];
  /** Relations in the SQL by their rendered schema token (`__rel_3`). */
  relations: Map<string, Relation>;
  /** Conditions that could not be decided, in order, with the way `decide` took them. */
  decisions: { line: number; src: string; taken?: boolean }[];
  /** The template could not be rendered at all (a syntax error, a compiler error it raises). */
  error?: { line: number; message: string };
}

export const PLACEHOLDER = /__modeler_unrendered_(\d+)__/g;
export const placeholderId = (n: number) => `__modeler_unrendered_${n}__`;

/** `dbt.<macro>`: dbt's own macros, rendered by the adapter's code; the common cross-database ones are written in dbt-builtins.ts. */
const DBT_NAMESPACE = Object.freeze({});

class ReturnSignal { constructor(public value: unknown) {} }
class RenderAbort extends Error { constructor(message: string, public line: number) { super(message); } }

const MAX_STEPS = 200_000;
const MAX_DEPTH = 60;

type Scope = { vars: Map<string, unknown>; parent?: Scope };

export function renderModelSql(text: string, input: RenderInput): RenderResult {
  let tree: TNode[];
  const result: RenderResult = { sql: '', placeholders: [], relations: new Map(), decisions: [] };
  try { tree = parseTemplate(text); } catch (e) {
    result.error = { line: e instanceof TemplateError ? e.line : 1, message: (e as Error).message };
    return result;
  }
  return new Renderer(input, result).run(tree);
}

class Renderer {
  private steps = 0;
  private depth = 0;
  private line = 1;
  private pkg: string;
  private readonly globals: Scope;
  private readonly namespaces = new Map<string, Record<string, unknown>>();
  private readonly relationKeys = new Map<string, Relation>();

  constructor(private input: RenderInput, private result: RenderResult) {
    this.pkg = input.package;
    this.globals = { vars: new Map(Object.entries(this.context())) };
  }

  /** A package's macros as `pkg.macro`, made when first named (a project with many packages renders each model without building them all). */
  private namespace(pkg: string): Record<string, unknown> | undefined {
    let ns = this.namespaces.get(pkg);
    if (ns) return ns;
    const macros = this.input.lib.packages.get(pkg);
    if (!macros) return undefined;
    ns = {};
    for (const name of macros.keys()) Object.defineProperty(ns, name, { enumerable: true, get: () => { const d = macros.get(name); return d ? this.macroCallable(d) : UNKNOWN; } });
    this.namespaces.set(pkg, ns);
    return ns;
  }

  run(tree: TNode[]): RenderResult {
    try {
      const out: string[] = [];
      this.body(tree, { vars: new Map(), parent: this.globals }, out, true);
      this.result.sql = out.join('');
    } catch (e) {
      if (e instanceof RenderAbort) this.result.error = { line: e.line, message: e.message };
      else if (e instanceof ReturnSignal) this.result.sql = e.value === UNKNOWN ? '' : this.printed(e.value, 'return');
      else throw e;
    }
    return this.result;
  }

  // ------------------------------------------------------------------ statements

  private body(nodes: TNode[], scope: Scope, out: string[], top = false): void {
    for (const n of nodes) {
      if (++this.steps > MAX_STEPS) throw new RenderAbort('the template takes too many steps to render', this.line);
      if (top && 'line' in n) this.line = n.line;
      this.node(n, scope, out);
    }
  }

  private node(n: TNode, scope: Scope, out: string[]): void {
    switch (n.k) {
      case 'text': out.push(n.v); return;
      case 'out': {
        const v = this.eval(n.expr, scope);
        out.push(this.printed(v, n.src));
        return;
      }
      case 'if': {
        for (const b of n.branches) {
          if (!b.cond) { this.body(b.body, scope, out); return; }
          const c = this.eval(b.cond, scope);
          if (c === UNKNOWN) {
            const taken = this.input.decide?.(this.result.decisions.length);
            this.result.decisions.push({ line: this.line, src: n.src, taken });
            if (taken === undefined) { this.poison(n.branches.flatMap((x) => x.body), scope); out.push(this.placeholder(n.src, `the condition {% ${n.src} %} cannot be decided without the warehouse`)); return; }
            if (taken) { this.body(b.body, scope, out); return; }
            continue;
          }
          if (jinjaTruthy(c)) { this.body(b.body, scope, out); return; }
        }
        return;
      }
      case 'for': {
        const it = this.eval(n.iter, scope);
        const items = Array.isArray(it) ? it : typeof it === 'string' ? [...it] : it && typeof it === "object" && !isRelation(it) ? Object.keys(it) : undefined;
        if (!items || items.includes(UNKNOWN)) {
          this.poison(n.body, scope);
          out.push(this.placeholder(n.src, `the loop {% ${n.src} %} runs over values not known without the warehouse`));
          return;
        }
        const inner: Scope = { vars: new Map(), parent: scope };
        const picked: unknown[] = [];
        for (const x of items) {
          if (n.cond) {
            this.bind(inner, n.targets, x);
            const c = this.eval(n.cond, inner);
            if (c === UNKNOWN) { this.poison(n.body, scope); out.push(this.placeholder(n.src, `the loop filter of {% ${n.src} %} cannot be decided`)); return; }
            if (!jinjaTruthy(c)) continue;
          }
          picked.push(x);
        }
        if (!picked.length) { this.body(n.orelse, scope, out); return; }
        picked.forEach((x, i) => {
          inner.vars.clear();
          this.bind(inner, n.targets, x);
          inner.vars.set('loop', { index: i + 1, index0: i, first: i === 0, last: i === picked.length - 1, length: picked.length, revindex: picked.length - i, revindex0: picked.length - i - 1 });
          this.body(n.body, inner, out);
        });
        return;
      }
      case 'set': {
        const v = this.eval(n.expr, scope);
        if (n.targets.length === 1 && n.targets[0].includes('.')) {
          // `set ns.x = …` on a namespace()
          const [obj, attr] = n.targets[0].split('.');
          const o = this.lookup(obj, scope);
          if (o && typeof o === 'object' && !Array.isArray(o)) (o as Record<string, unknown>)[attr] = v;
          return;
        }
        this.bind(scope, n.targets, v);
        return;
      }
      case 'setblock': {
        const parts: string[] = [];
        this.body(n.body, scope, parts);
        scope.vars.set(n.target, parts.join(''));
        return;
      }
      case 'macro': scope.vars.set(n.name, this.macroCallable({ ...n, package: this.pkg, file: '' })); return;
      case 'do': this.eval(n.expr, scope); return;
      case 'call': {
        const caller = jinjaCallable((args) => {
          const s: Scope = { vars: new Map(), parent: scope };
          n.params.forEach((p, i) => s.vars.set(p.name, args[i] ?? (p.def ? this.eval(p.def, scope) : null)));
          const parts: string[] = [];
          this.body(n.body, s, parts);
          return parts.join('');
        });
        const v = this.eval(n.expr, { vars: new Map([['caller', caller]]), parent: scope });
        out.push(this.printed(v, n.src));
        return;
      }
      case 'filterblock': {
        const parts: string[] = [];
        this.body(n.body, scope, parts);
        const v = this.filter(n.name, parts.join(''), [], {});
        out.push(v === UNKNOWN || v === undefined ? this.placeholder(`filter ${n.name}`, `the filter ${n.name} is not rendered`) : this.printed(v, `filter ${n.name}`));
        return;
      }
      case 'unknown': out.push(this.placeholder(n.src, n.reason)); return;
    }
  }

  private bind(scope: Scope, targets: string[], v: unknown): void {
    if (targets.length === 1) { scope.vars.set(targets[0], v); return; }
    targets.forEach((t, i) => scope.vars.set(t, Array.isArray(v) ? v[i] ?? UNKNOWN : UNKNOWN));
  }

  /** A block that was not rendered may have set or changed names: they are unknown from here on. */
  private poison(nodes: TNode[], scope: Scope): void {
    const walk = (ns: TNode[]) => {
      for (const n of ns) {
        if (n.k === 'set') for (const t of n.targets) scope.vars.set(t.split('.')[0], UNKNOWN);
        else if (n.k === 'setblock') scope.vars.set(n.target, UNKNOWN);
        else if (n.k === 'do' || n.k === 'out') {
          const e = n.expr;
          if (e.k === 'call' && e.fn.k === 'attr' && e.fn.obj.k === 'name') scope.vars.set(e.fn.obj.v, UNKNOWN);
        } else if (n.k === 'if') n.branches.forEach((b) => walk(b.body));
        else if (n.k === 'for') { walk(n.body); walk(n.orelse); }
      }
    };
    walk(nodes);
  }

  /** A value as the SQL text has it; one Python would print as its repr (a function, a module) is a placeholder. */
  private printed(v: unknown, src: string): string {
    if (v === UNKNOWN) return this.placeholder(src, this.reason);
    try { return pyStr(v); } catch (e) {
      if (e instanceof Unprintable) return this.placeholder(src, e.message);
      throw e;
    }
  }

  private placeholder(src: string, reason: string | undefined): string {
    const id = placeholderId(this.result.placeholders.length + 1);
    this.result.placeholders.push({ id, line: this.line, src: src.replace(/\s+/g, ' ').slice(0, 200), reason: reason ?? 'not known without the warehouse' });
    this.reason = undefined;
    return id;
  }

  // ------------------------------------------------------------------ expressions

  /** Why the last expression became UNKNOWN (its first note). */
  private reason: string | undefined;

  private eval(e: Expr, scope: Scope): unknown {
    const ctx: JContext = {
      variable: (name) => {
        const r = this.input.variable(name);
        // dbt renders a var's value that holds Jinja where it is used (`comment: "{{ source('jira', 'comment') }}"`)
        return r.found && typeof r.value === 'string' && r.value.includes('{{') ? { found: true, value: this.renderText(r.value, scope) } : r;
      },
      env: (name) => (/^DBT_ENV_SECRET/.test(name) ? undefined : this.input.env(name)),
      note: (r) => { this.reason ??= r; },
      lookup: (name) => this.lookup(name, scope),
      attribute: (obj, name) => this.attribute(obj, name),
      filter: (name, v, args, kw) => this.filter(name, v, args, kw),
    };
    try { return evaluate(e, ctx); } catch (err) {
      if (err instanceof ReturnSignal || err instanceof RenderAbort) throw err;
      this.reason ??= (err as Error).message;
      return UNKNOWN;
    }
  }

  /** A string holding Jinja, rendered here: one `{{ expr }}` gives its value (a relation stays a relation). */
  private renderText(text: string, scope: Scope): unknown {
    let tree: TNode[];
    try { tree = parseTemplate(text); } catch (e) { this.reason ??= (e as Error).message; return UNKNOWN; }
    const meaningful = tree.filter((n) => n.k !== 'text' || n.v.trim());
    if (meaningful.length === 1 && meaningful[0].k === 'out') return this.eval(meaningful[0].expr, scope);
    const out: string[] = [];
    this.body(tree, scope, out);
    return out.join('');
  }

  private lookup(name: string, scope: Scope): unknown {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.vars.has(name)) return s.vars.get(name);
    const own = this.input.lib.packages.get(this.pkg)?.get(name) ?? this.input.lib.packages.get(this.input.lib.root)?.get(name);
    if (own) return this.macroCallable(own);
    // dbt's global macros are callable unqualified too (`{{ dateadd('day', 1, 'd') }}`)
    const found = this.namespace(name) ?? dbtBuiltin(name, this.input.target?.type);
    if (found === undefined && this.input.lib.missing?.has(name)) {
      this.reason ??= `package ${name} is not installed (packages.yml lists it; run \`dbt deps\`)`;
      return UNKNOWN;
    }
    return found;
  }

  private attribute(obj: unknown, name: string): unknown {
    if (isRelation(obj)) {
      if (name === 'render') return jinjaCallable(() => obj.rendered);
      if (name === 'include' || name === 'incorporate' || name === 'quote') return jinjaCallable(() => obj);
      if (name === 'get') return jinjaCallable((a) => (a[0] === 'metadata' ? obj.metadata : (obj as any)[String(a[0])] ?? a[1] ?? null));
      return UNKNOWN;
    }
    if (obj === DBT_NAMESPACE) {
      const b = dbtBuiltin(name, this.input.target?.type);
      if (b) return b;
      this.reason ??= `dbt.${name} is one of dbt's own macros, which the adapter renders`;
      return UNKNOWN;
    }
    if (typeof obj === 'function' && Object.prototype.hasOwnProperty.call(obj, name)) return (obj as any)[name];
    return methodOf(obj, name);
  }

  private filter(name: string, v: unknown, args: unknown[], kw: Record<string, unknown>): unknown {
    const simple = (f: string, x: unknown): unknown => {
      if (typeof x !== 'string') return f === 'string' ? pyStr(x) : UNKNOWN;
      return f === 'lower' ? x.toLowerCase() : f === 'upper' ? x.toUpperCase() : f === 'trim' ? x.trim() : f === 'string' ? x : UNKNOWN;
    };
    const r = applyTemplateFilter(name, v, args, kw, (f, x, a) => simple(f, x) !== UNKNOWN ? simple(f, x) : applyTemplateFilter(f, x, a, {}, () => UNKNOWN) ?? UNKNOWN);
    return r;
  }

  // ------------------------------------------------------------------ macros

  private readonly callables = new Map<MacroDef, unknown>();
  /** the relation each `get_columns_in_relation` list is of, the macro each returned value came from */
  private readonly listOf = new WeakMap<object, Relation>();
  private readonly returnedBy = new WeakMap<object, MacroDef>();
  private readonly origins: CallOrigins = {
    relationOf: (v) => (v && typeof v === 'object' ? this.listOf.get(v) : undefined),
    macroOf: (v) => (v && typeof v === 'object' ? this.returnedBy.get(v) : undefined),
  };

  private macroCallable(def: MacroDef): unknown {
    let c = this.callables.get(def);
    if (!c) {
      c = jinjaCallable((args, kwargs) => this.callMacro(def, args, kwargs));
      this.callables.set(def, c);
    }
    return c;
  }

  private callMacro(def: MacroDef, args: unknown[], kwargs: Record<string, unknown>): unknown {
    if (this.depth >= MAX_DEPTH) { this.reason ??= `macro ${def.name} calls itself too deeply`; return UNKNOWN; }
    const scope: Scope = { vars: new Map(), parent: this.globals };
    const rest: unknown[] = [];
    const extra: Record<string, unknown> = { ...kwargs };
    def.params.forEach((p, i) => {
      if (i < args.length) scope.vars.set(p.name, args[i]);
      else if (Object.prototype.hasOwnProperty.call(kwargs, p.name)) scope.vars.set(p.name, kwargs[p.name]);
      else scope.vars.set(p.name, p.def ? this.eval(p.def, scope) : UNKNOWN);
      delete extra[p.name];
    });
    if (args.length > def.params.length) rest.push(...args.slice(def.params.length));
    if (this.input.onMacro) this.input.onMacro(def, Object.fromEntries(def.params.map((p) => [p.name, scope.vars.get(p.name)])), this.origins);
    scope.vars.set('varargs', rest);
    scope.vars.set('kwargs', extra);
    if (Object.prototype.hasOwnProperty.call(kwargs, 'caller')) scope.vars.set('caller', kwargs.caller);
    const savedPkg = this.pkg;
    this.pkg = def.package;
    this.depth++;
    try {
      const out: string[] = [];
      this.body(def.body, scope, out);
      return out.join('');
    } catch (e) {
      if (e instanceof ReturnSignal) {
        if (e.value && typeof e.value === 'object' && this.input.onMacro) this.returnedBy.set(e.value, def);
        return e.value;
      }
      throw e;
    } finally {
      this.depth--;
      this.pkg = savedPkg;
    }
  }

  // ------------------------------------------------------------------ dbt's context

  /**
   * A source's YAML `identifier` may hold a block the project's own reading leaves as text
   * (`{% if target.type == 'snowflake' %}"GROUP"{% else %}group{% endif %}`): rendered here, where
   * the target is known; when it cannot be decided, the table's name stands for it.
   */
  private identifierOf(t: RelationTarget): RelationTarget {
    if (!t.identifier?.includes('{%')) return t;
    const saved = this.result.placeholders.length, savedReason = this.reason;
    const v = this.renderText(t.identifier, { vars: new Map(), parent: this.globals });
    const ok = typeof v === 'string' && v.trim() && this.result.placeholders.length === saved;
    this.result.placeholders.length = saved;
    this.reason = savedReason;
    return { ...t, identifier: ok ? v.trim().replace(/^"(.*)"$/, '$1') : t.name };
  }

  private relation(kind: Relation['kind'], t: RelationTarget): Relation {
    const key = `${kind}\u0000${t.node ?? ''}\u0000${t.name}`;
    const known = this.relationKeys.get(key);
    if (known) return known;
    const token = `__rel_${this.relationKeys.size + 1}`;
    const ident = (t.identifier ?? t.name).replace(/[^A-Za-z0-9_]/g, '_');
    const rel: Relation = {
      [RELATION]: true, rendered: `${token}.${/^[0-9]/.test(ident) ? `_${ident}` : ident}`, kind, node: t.node, name: t.identifier ?? t.name,
      identifier: t.identifier ?? t.name, schema: t.schema ?? token, database: t.database ?? '', is_cte: false, metadata: { type: 'BaseRelation' },
    };
    this.relationKeys.set(key, rel);
    this.result.relations.set(token, rel);
    return rel;
  }

  private context(): Record<string, unknown> {
    const inp = this.input;
    const str = (a: unknown[]) => a.every((x) => typeof x === 'string');
    const resolver = (kind: 'ref' | 'source') => jinjaCallable((a, kw) => {
      const args = kind === 'ref' ? a.filter((x) => x !== undefined) : a;
      if (!str(args) || !args.length) { this.reason ??= `${kind}() with arguments that are not known`; return UNKNOWN; }
      const t = inp.resolve(kind, args as string[], kw);
      const name = String(args[args.length - 1]);
      return this.relation(kind, t ? this.identifierOf(t) : { name });
    });
    const cfg: Record<string, unknown> = inp.config;
    const configFn = Object.assign(jinjaCallable(() => ''), {
      get: jinjaCallable((a) => (Object.prototype.hasOwnProperty.call(cfg, String(a[0])) ? cfg[String(a[0])] : a[1] ?? null)),
      require: jinjaCallable((a) => (Object.prototype.hasOwnProperty.call(cfg, String(a[0])) ? cfg[String(a[0])] : UNKNOWN)),
    });
    const target = inp.target ? Object.fromEntries(Object.entries(inp.target).filter(([, v]) => v !== undefined)) : undefined;
    const quoteChar = dbtQuoteChar(inp.target?.type);
    const adapter = {
      dispatch: jinjaCallable((a, kw) => {
        const name = a[0], ns = a[1] ?? kw.macro_namespace;
        if (typeof name !== 'string' || (ns !== undefined && ns !== null && typeof ns !== 'string')) return UNKNOWN;
        const d = dispatchMacro(inp.lib, name, (ns as string | null) ?? undefined, this.pkg, inp.target?.type);
        if ('def' in d) return this.macroCallable(d.def);
        this.reason ??= d.unknown;
        return UNKNOWN;
      }),
      quote: jinjaCallable((a) => (typeof a[0] === 'string' ? `${quoteChar}${a[0]}${quoteChar}` : UNKNOWN)),
      // a relation the SQL already named with ref()/source() (`adapter.get_relation(database=source(..).database,
      // schema=.., identifier='group')`, how packages check that a source table exists): the project
      // declares it, so it is there, as for every ref()/source(). Its database and schema are not known
      // here (the relation's are placeholders), so the identifier picks it, when one such relation has
      // it; `this` is not one (a fresh compile, as is_incremental() says). Else: the warehouse's answer.
      get_relation: jinjaCallable((a, kw) => {
        const [database, schema, identifier] = [kw.database ?? a[0], kw.schema ?? a[1], kw.identifier ?? a[2]];
        const fits = (x: unknown, y: string) => x === UNKNOWN || x === undefined || x === null || x === '' || (typeof x === 'string' && x.toLowerCase() === y.toLowerCase());
        const hits = typeof identifier !== 'string' ? [] : [...this.relationKeys.values()].filter((r) => r.kind !== 'this' && r.node
          && r.identifier.toLowerCase() === identifier.toLowerCase() && fits(schema, r.schema) && fits(database, r.database));
        if (hits.length === 1) return hits[0];
        this.reason ??= `whether ${typeof identifier === 'string' ? identifier : 'a relation'} exists is not known without the warehouse`;
        return UNKNOWN;
      }),
      get_columns_in_relation: jinjaCallable((a) => {
        const rel = a[0];
        const cols = isRelation(rel) && rel.node ? inp.columnsOf?.(rel.node) ?? (inp.probe ? [] : undefined) : undefined;
        if (!cols) {
          this.reason ??= isRelation(rel) && rel.kind === 'source'
            ? `the columns of ${rel.name} are not listed in its YAML: dbt reads them from the warehouse at run time`
            : `the columns of ${isRelation(rel) ? rel.name : 'a relation'} are not known`;
          return UNKNOWN;
        }
        const list = cols.map((c) => ({ [COLUMN]: true, name: c.name, column: c.name, quoted: `${quoteChar}${c.name}${quoteChar}`, data_type: c.data_type ?? UNKNOWN, dtype: c.data_type ?? UNKNOWN }));
        if (this.input.onMacro) this.listOf.set(list, rel as Relation);
        return list;
      }),
    };
    return {
      ref: resolver('ref'), source: resolver('source'),
      this: this.relation('this', inp.self),
      config: configFn,
      is_incremental: jinjaCallable(() => false),
      should_full_refresh: jinjaCallable(() => false),
      execute: true,
      flags: { WHICH: 'compile', FULL_REFRESH: false },
      ...(target ? { target } : {}),
      adapter,
      dbt: DBT_NAMESPACE,
      return: jinjaCallable((a) => { throw new ReturnSignal(a[0] ?? null); }),
      log: jinjaCallable(() => ''),
      print: jinjaCallable(() => ''),
      exceptions: {
        raise_compiler_error: jinjaCallable((a) => { throw new RenderAbort(`the SQL raises a compiler error: ${pyStr(a[0])}`, this.line); }),
        warn: jinjaCallable(() => ''),
        raise_not_implemented: jinjaCallable((a) => { throw new RenderAbort(`not implemented: ${pyStr(a[0])}`, this.line); }),
      },
      namespace: jinjaCallable((_a, kw) => ({ ...kw })),
      modules: { re: PY_RE },
      range: jinjaCallable((a) => {
        const [s, e, st] = a.length === 1 ? [0, Number(a[0]), 1] : [Number(a[0]), Number(a[1]), Number(a[2] ?? 1)];
        if (![s, e, st].every(Number.isFinite) || st === 0 || Math.abs((e - s) / st) > 10_000) return UNKNOWN;
        const r: number[] = [];
        for (let i = s; st > 0 ? i < e : i > e; i += st) r.push(i);
        return r;
      }),
      dict: jinjaCallable((a, kw) => ({ ...(a[0] && typeof a[0] === 'object' ? a[0] as object : {}), ...kw })),
      list: jinjaCallable((a) => (Array.isArray(a[0]) ? [...a[0]] : UNKNOWN)),
      zip: jinjaCallable((a) => (a.every(Array.isArray) ? (a[0] as unknown[]).map((_, i) => a.map((l) => (l as unknown[])[i])) : UNKNOWN)),
    };
  }
}

export { isJinjaCallable };
