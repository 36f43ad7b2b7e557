// Jinja's values as dbt's Python gives them to templates: how a value prints into SQL text,
// the methods of strings, lists and dicts (`.lower()`, `.append()`, `.items()`), and the filters
// dbt projects use (`join`, `map`, `replace`, `list`, …). Anything else is UNKNOWN, never a guess.
import { jinjaCallable, jinjaTruthy, MAX_TEXT, UNKNOWN } from '../project/jinja-expr.js';

/** Brands for the objects dbt's context hands to templates. */
export const RELATION: unique symbol = Symbol('relation');
export const COLUMN: unique symbol = Symbol('column');

export interface Relation {
  [RELATION]: true;
  /** What the SQL text says for it (`__rel_3.stg_orders`): unique per relation, kept by the renderer. */
  rendered: string;
  kind: 'ref' | 'source' | 'this';
  /** The node it names (unique id), when the project knows it. */
  node?: string;
  name: string; identifier: string; schema: string; database: string;
  is_cte: false;
  metadata: { type: 'BaseRelation' };
}

export const isRelation = (v: unknown): v is Relation => !!v && typeof v === 'object' && (v as any)[RELATION] === true;
const isList = Array.isArray;
const isDict = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A value Python would print as its repr (`<function …>`, `<module 're'>`): no SQL to guess. */
export class Unprintable extends Error {}

/** A value as `{{ value }}` prints it (Python's str()); UNKNOWN is the caller's to mark. */
export function pyStr(v: unknown): string {
  if (v === UNKNOWN) return '';
  if (typeof v === 'function') throw new Unprintable('a function or module is printed, not called');
  if (typeof v === 'string') return v;
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null) return 'None';
  if (v === undefined) return '';
  if (typeof v === 'number') return Number.isInteger(v) ? String(v) : String(v);
  if (isRelation(v)) return v.rendered;
  return pyRepr(v);
}

function pyRepr(v: unknown): string {
  if (typeof v === 'string') return `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  if (isRelation(v)) return v.rendered;
  if (isList(v)) return `[${v.map(pyRepr).join(', ')}]`;
  if (isDict(v)) return `{${Object.entries(v).map(([k, x]) => `${pyRepr(k)}: ${pyRepr(x)}`).join(', ')}}`;
  return pyStr(v);
}

const hasUnknown = (xs: unknown[]): boolean => xs.some((x) => x === UNKNOWN);

/** Python's str.replace; unknown when the result would pass MAX_TEXT (a replace that doubles a string in a loop). */
function replaced(s: string, from: string, to: string): unknown {
  let count = 0;
  if (from === '') count = s.length + 1;
  else for (let i = s.indexOf(from); i !== -1; i = s.indexOf(from, i + from.length)) count++;
  if (s.length + count * (to.length - from.length) > MAX_TEXT) return UNKNOWN;
  // an empty `from` is found before every character and at the end, as Python finds it ('ab' → '.a.b.')
  return from === '' ? `${to}${[...s].join(to)}${s ? to : ''}` : s.split(from).join(to);
}

/** Methods of strings, lists and dicts, bound to their value. */
export function methodOf(obj: unknown, name: string): unknown {
  const m = (fn: (args: unknown[], kw: Record<string, unknown>) => unknown) => jinjaCallable((a, kw) => (hasUnknown(a) ? UNKNOWN : fn(a, kw)));
  if (typeof obj === 'string') {
    const s = obj;
    switch (name) {
      case 'lower': return m(() => s.toLowerCase());
      case 'upper': return m(() => s.toUpperCase());
      case 'strip': return m((a) => (a[0] === undefined ? s.trim() : trimChars(s, String(a[0]), 'both')));
      case 'lstrip': return m((a) => (a[0] === undefined ? s.trimStart() : trimChars(s, String(a[0]), 'start')));
      case 'rstrip': return m((a) => (a[0] === undefined ? s.trimEnd() : trimChars(s, String(a[0]), 'end')));
      case 'replace': return m((a) => replaced(s, String(a[0]), String(a[1])));
      case 'split': return m((a) => (a[0] === undefined || a[0] === null ? s.trim().split(/\s+/).filter(Boolean) : s.split(String(a[0]))));
      case 'startswith': return m((a) => (isList(a[0]) ? a[0].some((p) => s.startsWith(String(p))) : s.startsWith(String(a[0]))));
      case 'endswith': return m((a) => (isList(a[0]) ? a[0].some((p) => s.endsWith(String(p))) : s.endsWith(String(a[0]))));
      case 'join': return m((a) => (isList(a[0]) && !hasUnknown(a[0]) ? a[0].map(pyStr).join(s) : UNKNOWN));
      case 'title': return m(() => s.replace(/\w\S*/g, (w) => w[0].toUpperCase() + w.slice(1).toLowerCase()));
      case 'capitalize': return m(() => (s ? s[0].toUpperCase() + s.slice(1).toLowerCase() : s));
      case 'find': return m((a) => s.indexOf(String(a[0])));
      case 'count': return m((a) => s.split(String(a[0])).length - 1);
      case 'isdigit': return m(() => /^[0-9]+$/.test(s));
      case 'format': return m((a, kw) => formatPy(s, a, kw));
    }
    return UNKNOWN;
  }
  if (isList(obj)) {
    const l = obj;
    switch (name) {
      case 'append': return jinjaCallable((a) => { l.push(a[0]); return null; });
      case 'extend': return jinjaCallable((a) => { if (isList(a[0])) l.push(...a[0]); else return UNKNOWN; return null; });
      case 'insert': return jinjaCallable((a) => { l.splice(Number(a[0]), 0, a[1]); return null; });
      case 'pop': return jinjaCallable((a) => (l.length ? l.splice(a[0] === undefined ? l.length - 1 : Number(a[0]), 1)[0] : UNKNOWN));
      case 'remove': return jinjaCallable((a) => { const i = l.indexOf(a[0]); if (i >= 0) l.splice(i, 1); return null; });
      case 'index': return m((a) => l.indexOf(a[0]));
      case 'count': return m((a) => l.filter((x) => x === a[0]).length);
    }
    return UNKNOWN;
  }
  if (isDict(obj)) {
    const d = obj;
    const own = (k: unknown) => Object.prototype.hasOwnProperty.call(d, String(k));
    switch (name) {
      case 'get': return jinjaCallable((a) => (a[0] === UNKNOWN ? UNKNOWN : own(a[0]) ? d[String(a[0])] : a[1] === undefined ? null : a[1]));
      case 'items': return m(() => Object.entries(d).map(([k, v]) => [k, v]));
      case 'keys': return m(() => Object.keys(d));
      case 'values': return m(() => Object.values(d));
      case 'update': return jinjaCallable((a, kw) => { if (isDict(a[0])) Object.assign(d, a[0]); Object.assign(d, kw); return null; });
      case 'pop': return jinjaCallable((a) => { const k = String(a[0]); if (!own(k)) return a[1] ?? UNKNOWN; const v = d[k]; delete d[k]; return v; });
      case 'setdefault': return jinjaCallable((a) => { const k = String(a[0]); if (!own(k)) d[k] = a[1] ?? null; return d[k]; });
    }
  }
  return UNKNOWN;
}

function trimChars(s: string, chars: string, side: 'both' | 'start' | 'end'): string {
  let a = 0, b = s.length;
  if (side !== 'end') while (a < b && chars.includes(s[a])) a++;
  if (side !== 'start') while (b > a && chars.includes(s[b - 1])) b--;
  return s.slice(a, b);
}

function formatPy(s: string, args: unknown[], kw: Record<string, unknown>): unknown {
  let i = 0;
  let bad = false;
  const out = s.replace(/\{([A-Za-z_0-9]*)\}/g, (_, k: string) => {
    const v = k === '' ? args[i++] : /^[0-9]+$/.test(k) ? args[Number(k)] : kw[k];
    if (v === undefined) bad = true;
    return pyStr(v);
  });
  return bad ? UNKNOWN : out;
}

const attrOf = (v: unknown, path: string): unknown => {
  let cur: unknown = v;
  for (const p of path.split('.')) {
    if (!cur || typeof cur !== 'object' || !Object.prototype.hasOwnProperty.call(cur, p)) return UNKNOWN;
    cur = (cur as any)[p];
  }
  return cur;
};

/** Filters beyond those the expression evaluator knows (it handles lower, upper, trim, length, default, …). */
export function applyTemplateFilter(name: string, v: unknown, args: unknown[], kw: Record<string, unknown>, call: (f: string, x: unknown, a: unknown[]) => unknown): unknown {
  if (v === UNKNOWN || hasUnknown(args)) return UNKNOWN;
  const list = (x: unknown): unknown[] | undefined => (isList(x) ? x : typeof x === 'string' ? [...x] : isDict(x) ? Object.keys(x) : undefined);
  switch (name) {
    case 'join': {
      const l = list(v);
      if (!l || hasUnknown(l)) return UNKNOWN;
      const attr = kw.attribute;
      return (typeof attr === 'string' ? l.map((x) => attrOf(x, attr)) : l).map(pyStr).join(args[0] === undefined ? '' : pyStr(args[0]));
    }
    case 'list': return list(v) ? [...list(v)!] : UNKNOWN;
    case 'first': { const l = list(v); return l?.length ? l[0] : UNKNOWN; }
    case 'last': { const l = list(v); return l?.length ? l[l.length - 1] : UNKNOWN; }
    case 'count': return list(v)?.length ?? UNKNOWN;
    case 'reverse': return typeof v === 'string' ? [...v].reverse().join('') : isList(v) ? [...v].reverse() : UNKNOWN;
    case 'unique': { const l = list(v); return l ? [...new Set(l)] : UNKNOWN; }
    case 'sort': { const l = list(v); return l ? [...l].sort((a, b) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0)) : UNKNOWN; }
    case 'replace': return typeof v === 'string' ? replaced(v, pyStr(args[0]), pyStr(args[1])) : UNKNOWN;
    case 'capitalize': case 'title': return methodOf(pyStr(v), name) === UNKNOWN ? UNKNOWN : (methodOf(pyStr(v), name) as any)([], {});
    case 'safe': case 'e': case 'escape': case 'striptags': return v;
    case 'abs': return typeof v === 'number' ? Math.abs(v) : UNKNOWN;
    case 'round': return typeof v === 'number' ? Number(v.toFixed(Number(args[0] ?? 0))) : UNKNOWN;
    case 'sum': { const l = list(v); return l && l.every((x) => typeof x === 'number') ? (l as number[]).reduce((a, b) => a + b, 0) : UNKNOWN; }
    case 'items': return isDict(v) ? Object.entries(v) : UNKNOWN;
    case 'tojson': return JSON.stringify(v);
    case 'map': {
      const l = list(v);
      if (!l) return UNKNOWN;
      if (typeof kw.attribute === 'string') return l.map((x) => attrOf(x, kw.attribute as string));
      if (typeof args[0] === 'string') return l.map((x) => call(args[0] as string, x, args.slice(1)));
      return UNKNOWN;
    }
    case 'select': case 'reject': {
      const l = list(v);
      if (!l) return UNKNOWN;
      const keep = name === 'select';
      if (args[0] === undefined) return l.filter((x) => jinjaTruthy(x) === keep);
      const test = String(args[0]);
      const pick = (x: unknown): unknown => {
        switch (test) {
          case 'equalto': case '==': case 'eq': return x === args[1];
          case 'ne': case '!=': return x !== args[1];
          case 'in': return isList(args[1]) && args[1].includes(x);
          case 'none': return x === null;
          case 'string': return typeof x === 'string';
          case 'defined': return x !== undefined;
          case 'true': return x === true;
          case 'false': return x === false;
        }
        return UNKNOWN;
      };
      const r = l.map(pick);
      if (r.includes(UNKNOWN)) return UNKNOWN;
      return l.filter((_, i) => jinjaTruthy(r[i]) === keep);
    }
  }
  return undefined;
}
