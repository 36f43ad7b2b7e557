// `modules.re`, Python's regular expressions as dbt hands them to templates: macros build column
// names with them (dbt_utils.slugify: `modules.re.sub('[ -]+', '_', s)`). A pattern or
// replacement whose Python meaning JavaScript does not share gives UNKNOWN, never a guess.
import { createContext, runInContext, type Context } from 'node:vm';
import { jinjaCallable, UNKNOWN } from '../project/jinja-expr.js';

/** Strings longer than this are not matched (a template that doubles a string in a loop stops here, not at the heap's end). */
const MAX_STRING = 100_000;
/** A pattern that backtracks badly ((a+)+$ on a long run of a's) is stopped after this long. */
const TIMEOUT_MS = 500;
/** Below this length a pattern with at most one quantifier, no alternation and no backreference cannot take long: it runs without the watchdog. */
const QUICK_STRING = 2_000;
let sandbox: Context | undefined;
/** Patterns (source and flags) stopped once, with the shortest string they were stopped on: a loop meets each once, not once a turn. */
const runaway = new Map<string, number>();

/** The number of quantifiers and alternations outside character classes, or Infinity when the pattern refers back to a group. */
function quantifiers(pattern: string): number {
  let n = 0, inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') { if (/[1-9]/.test(pattern[i + 1] ?? '')) return Infinity; i++; continue; }
    if (inClass) { if (c === ']') inClass = false; continue; }
    if (c === '[') inClass = true;
    // an alternation counts too: (a|a)* backtracks as badly as (a+)+
    else if ((c === '*' || c === '+' || c === '{' || c === '|') || (c === '?' && pattern[i - 1] !== '(')) n++;
  }
  return n;
}

/**
 * Run a match, stopped when it takes too long: JavaScript's regular expressions backtrack as
 * Python's do, and a pattern such as `(a+)+$` takes exponential time on a string that almost
 * matches. Python would hang on it too; a renderer reading a project must not. `node:vm`'s
 * timeout interrupts a running match; it costs a watchdog thread, so only patterns that could
 * take long (several quantifiers, a backreference) or long strings pay it.
 */
function timed<T>(re: RegExp, string: string, fn: () => T): T {
  if (string.length > MAX_STRING) throw new Error(`modules.re: a string of ${string.length} characters is longer than modeler matches (${MAX_STRING})`);
  if (string.length <= QUICK_STRING && quantifiers(re.source) <= 1) return fn();
  const key = `${re.flags}/${re.source}`;
  const tooLong = () => new Error(`modules.re: the pattern '${re.source}' takes too long on a string of ${string.length} characters (it backtracks without end)`);
  if (string.length >= (runaway.get(key) ?? Infinity)) throw tooLong();
  sandbox ??= createContext({});
  sandbox.fn = fn;
  try { return runInContext('fn()', sandbox, { timeout: TIMEOUT_MS }) as T; } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_SCRIPT_EXECUTION_TIMEOUT') throw e;
    runaway.set(key, Math.min(string.length, runaway.get(key) ?? Infinity));
    throw tooLong();
  } finally { sandbox.fn = undefined; }
}

// Python's flag values (re.IGNORECASE = 2, re.MULTILINE = 8, re.DOTALL = 16)
const FLAGS: [number, string][] = [[2, 'i'], [8, 'm'], [16, 's']];

/** A JavaScript RegExp for a Python pattern, or undefined where the two read it differently. */
function toRegExp(pattern: unknown, flags: unknown, global: boolean): RegExp | undefined {
  if (typeof pattern !== 'string') return undefined;
  const f = flags === undefined || flags === null ? 0 : flags;
  if (typeof f !== 'number' || !Number.isInteger(f) || (f & ~(2 | 8 | 16 | 32)) !== 0) return undefined;
  // named groups, conditionals, \A \Z, inline flags and possessive forms are Python's own
  if (/\(\?P|\(\?\(|\(\?[aiLmsux]|\\[AZ]|[*+?}]\+/.test(pattern)) return undefined;
  const js = FLAGS.filter(([bit]) => f & bit).map(([, c]) => c).join('') + (global ? 'g' : '');
  try { return new RegExp(pattern, js); } catch { return undefined; }
}

/**
 * Whether JavaScript reads the pattern on this string as Python does: Python's \\w, \\d and \\b
 * know every script's letters and digits (JavaScript's only ASCII), and its $ also matches before
 * a final newline.
 */
function sameMeaning(pattern: unknown, string: string): boolean {
  if (typeof pattern !== 'string') return false;
  if (/\\[wWdDbB]/.test(pattern) && /[^\x00-\x7f]/.test(string)) return false;
  return !(pattern.includes('$') && string.includes('\n'));
}

/** How many groups a pattern captures. */
const groupCount = (re: RegExp) => new RegExp(`${re.source}|`).exec('')!.length - 1;

/** Python's replacement template (`\1`, `\g<1>`, `\\`) as JavaScript's (`$1`, `$$`). */
function toReplacement(repl: string): string | undefined {
  let out = '';
  for (let i = 0; i < repl.length; i++) {
    const c = repl[i];
    if (c === '$') { out += '$$'; continue; }
    if (c !== '\\') { out += c; continue; }
    const n = repl[++i];
    if (n === undefined) return undefined;
    // \0 is Python's octal escape (a NUL), not the whole match
    if (/[1-9]/.test(n)) { out += `$${n}`; continue; }
    if (n === 'g') { const m = /^<(\d+)>/.exec(repl.slice(i + 1)); if (!m) return undefined; out += `$${m[1]}`; i += m[0].length; continue; }
    const esc: Record<string, string> = { '\\': '\\', n: '\n', t: '\t', r: '\r' };
    if (!(n in esc)) return undefined;
    out += esc[n];
  }
  return out;
}

const matchObject = (m: RegExpExecArray) => ({
  // a group the pattern does not have (or a name: named groups are not read) is Python's IndexError
  group: jinjaCallable((a) => { const k = a[0] === undefined ? 0 : a[0]; return typeof k === 'number' && Number.isInteger(k) && k >= 0 && k < m.length ? m[k] ?? null : UNKNOWN; }),
  groups: jinjaCallable(() => m.slice(1).map((x) => x ?? null)),
  start: jinjaCallable(() => m.index),
  end: jinjaCallable(() => m.index + m[0].length),
});

const anyUnknown = (xs: unknown[]) => xs.some((x) => x === UNKNOWN);

/** The `re` module: sub, match, search, fullmatch, findall, split, escape, and its flags. */
export const PY_RE = {
  IGNORECASE: 2, I: 2, MULTILINE: 8, M: 8, DOTALL: 16, S: 16, UNICODE: 32, U: 32,
  sub: jinjaCallable((a, kw) => {
    const [pattern, repl, string] = a;
    const count = kw.count ?? a[3] ?? 0;
    // count: 0 is every match, 1 the first; more is rare enough to be left unknown
    if (anyUnknown([pattern, repl, string, count]) || typeof repl !== 'string' || typeof string !== 'string' || (count !== 0 && count !== 1)) return UNKNOWN;
    const re = sameMeaning(pattern, string) ? toRegExp(pattern, kw.flags ?? a[4], count === 0) : undefined;
    const r = toReplacement(repl);
    if (!re || r === undefined) return UNKNOWN;
    // a group the pattern does not have is an error in Python, literal text in JavaScript
    const groups = groupCount(re);
    if ([...r.matchAll(/\$\$|\$(\d\d?)/g)].some((m) => m[1] !== undefined && Number(m[1]) > groups)) return UNKNOWN;
    return timed(re, string, () => string.replace(re, r));
  }),
  match: jinjaCallable((a, kw) => find(a, kw, 'match')),
  search: jinjaCallable((a, kw) => find(a, kw, 'search')),
  fullmatch: jinjaCallable((a, kw) => find(a, kw, 'fullmatch')),
  findall: jinjaCallable((a, kw) => {
    const [pattern, string] = a;
    if (anyUnknown([pattern, string]) || typeof string !== 'string') return UNKNOWN;
    const re = sameMeaning(pattern, string) ? toRegExp(pattern, kw.flags ?? a[2], true) : undefined;
    if (!re) return UNKNOWN;
    return timed(re, string, () => [...string.matchAll(re)]).map((m) => (m.length === 1 ? m[0] : m.length === 2 ? m[1] ?? '' : m.slice(1).map((x) => x ?? '')));
  }),
  split: jinjaCallable((a, kw) => {
    const [pattern, string] = a;
    if (anyUnknown([pattern, string]) || typeof string !== 'string' || (kw.maxsplit ?? a[2] ?? 0) !== 0) return UNKNOWN;
    const re = sameMeaning(pattern, string) ? toRegExp(pattern, kw.flags ?? a[3], true) : undefined;
    if (!re) return UNKNOWN;
    // Python splits at empty matches too ('' on 'abc': '', 'a', 'b', 'c', ''), JavaScript does not;
    // a group that takes no part is None in Python's list
    return timed(re, string, () => ([...string.matchAll(re)].some((m) => m[0] === '') ? UNKNOWN : string.split(re).map((x) => x ?? null)));
  }),
  escape: jinjaCallable((a) => (typeof a[0] === 'string' ? a[0].replace(/[.*+?^${}()|[\]\\\-#&~\s]/g, '\\$&') : UNKNOWN)),
};

function find(a: unknown[], kw: Record<string, unknown>, how: 'match' | 'search' | 'fullmatch'): unknown {
  const [pattern, string] = a;
  if (anyUnknown([pattern, string]) || typeof string !== 'string' || typeof pattern !== 'string') return UNKNOWN;
  const body = how === 'search' ? pattern : how === 'match' ? `^(?:${pattern})` : `^(?:${pattern})$`;
  const re = sameMeaning(pattern, string) ? toRegExp(body, kw.flags ?? a[2], false) : undefined;
  if (!re) return UNKNOWN;
  // match/fullmatch anchor at the string's start, not a line's, whatever the flags
  const anchored = how === 'search' || !re.flags.includes('m') ? re : new RegExp(re.source, re.flags.replace('m', ''));
  const m = timed(anchored, string, () => anchored.exec(string));
  return m ? matchObject(m) : null;
}
