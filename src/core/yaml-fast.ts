// Fast YAML for large, machine-read files (dbt property YAML of 10,000-model projects):
// js-yaml parses several times faster than the round-trip `yaml` library. Its parse listener
// tells where every mapping starts, so each parsed object knows its line — also objects that
// came through an anchor/alias (they keep the anchor's line) and items whose `name:` is not
// their first key. Duplicate keys are read as dbt's YAML loader reads them: the last one wins,
// and each duplicate is reported as a located warning instead of losing the whole file.
// The limits (core/limits.ts) hold while it parses: depth, keys per mapping and aliases are
// counted by the same listener, so a file over one stops at that point.
import * as jsyaml from 'js-yaml';
import type { Diagnostic } from './diagnostics.js';
import { checkTextLimits, LimitError, LIMITS, limitDiagnostic, showLimit } from './limits.js';
import { readBlockYaml } from './yaml-block.js';

export interface FastYaml {
  value?: unknown;
  diagnostics: Diagnostic[];
  /** 1-based line of a parsed mapping: its `name:` key when it has one, else its first key. */
  lineOf(obj: unknown): number | undefined;
}

/**
 * The open nodes, as parallel stacks of numbers rather than an object per node: a 10,000-model
 * project's YAML has millions of nodes, scalars included, and each open event would allocate one.
 */
class Frames {
  pos: number[] = []; name: number[] = []; count: number[] = []; size: number[] = [];
  keys: (Set<string> | undefined)[] = [];
  length = 0;
  push(pos: number): void {
    const i = this.length++;
    this.pos[i] = pos; this.name[i] = -1; this.count[i] = 0; this.size[i] = 0; this.keys[i] = undefined;
  }
}

/** Values up to this length are held once per file (longer ones, descriptions, rarely repeat). */
const INTERN_MAX = 40;

export function parseYamlFast(text: string, file: string): FastYaml {
  try { checkTextLimits(text, file); } catch (e) {
    if (e instanceof LimitError) return { diagnostics: [limitDiagnostic(e, file)], lineOf: () => undefined };
    throw e;
  }
  // plain block YAML (nearly every dbt property file) is read without js-yaml; the reader gives up,
  // and js-yaml reads the file, on anything it does not fully understand
  const block = readBlockYaml(text);
  if (block) {
    const at = block.lines;
    return { value: block.value, diagnostics: [], lineOf: (o) => (o !== null && typeof o === 'object' ? at.get(o) : undefined) };
  }
  return viaJsYaml(text, file);
}

/** parseYamlFast through js-yaml only (the reference the block reader is tested against). */
export function parseYamlJs(text: string, file: string): FastYaml {
  try { checkTextLimits(text, file); } catch (e) {
    if (e instanceof LimitError) return { diagnostics: [limitDiagnostic(e, file)], lineOf: () => undefined };
    throw e;
  }
  return viaJsYaml(text, file);
}

function viaJsYaml(text: string, file: string): FastYaml {
  const lines = new LineIndex(text);
  const first = tryLoad(text, file, lines, false);
  if (first.duplicate) return tryLoad(text, file, lines, true);
  return first;
}

function tryLoad(text: string, file: string, lines: LineIndex, allowDuplicates: boolean): FastYaml & { duplicate?: boolean } {
  const starts = new WeakMap<object, number>();
  const diagnostics: Diagnostic[] = [];
  const stack = new Frames();
  // aliases need anchors: a text without '&' has none, and its collections' sizes are never asked
  const anchors = text.includes('&');
  const sizes = new WeakMap<object, number>(); // nodes of a parsed collection with its aliases expanded
  let aliases = 0;
  let added = 0;
  const over = (limit: 'nesting_depth' | 'keys_per_mapping' | 'yaml_aliases' | 'yaml_alias_expansion', message: string, pos: number, actual?: number) => {
    const p = lines.position(skipBlank(text, pos));
    return new LimitError(limit, message, { file, line: p.line, column: p.column, actual });
  };
  const interned = new Map<string, string>();
  let isKey = false;
  const listener = (ev: string, st: any) => {
    if (ev === 'open') {
      // js-yaml composes recursively: stop before the stack gets deep
      if (stack.length > LIMITS.nesting_depth.max) throw over('nesting_depth', `YAML nested deeper than ${showLimit('nesting_depth')}`, st.position, stack.length);
      stack.push(st.position);
      return;
    }
    const f = --stack.length;
    const fpos = stack.pos[f];
    const r = st.result;
    let size = 1 + stack.size[f];
    if (st.kind === null && text.charCodeAt(skipBlank(text, fpos)) === 42) { // '*': an alias
      aliases++;
      if (aliases > LIMITS.yaml_aliases.max) throw over('yaml_aliases', `this document has more than ${showLimit('yaml_aliases')}`, fpos, aliases);
      size = r !== null && typeof r === 'object' ? sizes.get(r) ?? -1 : 1;
      if (size < 0) throw over('yaml_alias_expansion', 'an alias refers to a node that contains it', fpos);
      added += size;
      if (added > LIMITS.yaml_alias_expansion.max) throw over('yaml_alias_expansion', `the aliases expand this document by more than ${showLimit('yaml_alias_expansion')} (at alias number ${aliases.toLocaleString('en-US')})`, fpos, added);
    } else if (anchors && r !== null && typeof r === 'object' && (st.kind === 'mapping' || st.kind === 'sequence')) sizes.set(r, size);
    const parent = f - 1;
    if (parent >= 0) stack.size[parent] += size;
    if (st.kind === 'scalar' && parent >= 0 && followedByColon(text, st.position)) {
      isKey = true;
      if (++stack.count[parent] > LIMITS.keys_per_mapping.max) throw over('keys_per_mapping', `a mapping has more than ${showLimit('keys_per_mapping')}`, fpos, stack.count[parent]);
      const key = String(r);
      if (key === 'name' && stack.name[parent] < 0) stack.name[parent] = fpos;
      if (allowDuplicates) {
        const keys = stack.keys[parent] ??= new Set();
        if (keys.has(key)) {
          const p = lines.position(skipBlank(text, fpos));
          diagnostics.push(duplicateKeyWarning(file, p.line, p.column, key));
        }
        keys.add(key);
      }
    }
    if (r !== null && typeof r === 'object' && !starts.has(r)) starts.set(r, stack.name[f] >= 0 ? stack.name[f] : skipBlank(text, fpos));
    // a short value repeats (a type, a test, a tag): the parser reads each scalar as a new string, and
    // a project's YAML keeps them all; js-yaml uses the result after this event, so one copy is kept per file
    else if (!isKey && typeof r === 'string' && r.length <= INTERN_MAX) {
      const held = interned.get(r);
      if (held === undefined) interned.set(r, r); else st.result = held;
    }
    isKey = false;
  };
  try {
    const value = jsyaml.load(text, { filename: file, json: allowDuplicates, listener });
    return { value, diagnostics, lineOf: (o) => (o && typeof o === 'object' && starts.has(o) ? lines.lineOf(starts.get(o)!) : undefined) };
  } catch (e: any) {
    if (e instanceof LimitError) return { diagnostics: [limitDiagnostic(e, file)], lineOf: () => undefined };
    const reason = String(e?.reason ?? e?.message ?? e).split('\n')[0];
    if (!allowDuplicates && /duplicated mapping key/.test(reason)) return { diagnostics: [], lineOf: () => undefined, duplicate: true };
    const mark = e?.mark;
    // a quote left open runs to the end of the file: the place to fix is where it opens
    const open = /end of the stream within a (double|single) quoted scalar/.exec(reason);
    const at = open ? openingQuote(text, open[1] === 'double' ? '"' : "'") : undefined;
    if (open && at) {
      return { diagnostics: [{ code: 'YAML_SYNTAX', severity: 'error', file, line: at.line, column: at.column,
        message: `the ${open[1]} quote opened here is never closed: the file ends inside it`,
        hint: `close the quote on this line${open[1] === 'double' ? ' (a " inside it is written \\")' : " (a ' inside it is written '')"}` }], lineOf: () => undefined };
    }
    return { diagnostics: [{ code: 'YAML_SYNTAX', severity: 'error', file, line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1,
      message: reason,
      hint: 'fix the YAML syntax at this position (indentation, a missing colon or an unclosed quote are the usual causes)' }], lineOf: () => undefined };
  }
}

/**
 * Where the quoted scalar that runs to the end of the text opens (1-based): inside it no quote of
 * its kind stands alone (a double one is escaped \", a single one doubled ''), so it is the last such.
 */
function openingQuote(text: string, q: '"' | "'"): { line: number; column: number } | undefined {
  for (let i = text.lastIndexOf(q); i >= 0; i = i > 0 ? text.lastIndexOf(q, i - 1) : -1) {
    if (q === '"' && text[i - 1] === '\\') continue;
    // a doubled '' is one quote inside: step over both
    if (q === "'" && text[i - 1] === "'") { i--; continue; }
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    return { line, column: i - before.lastIndexOf('\n') };
  }
  return undefined;
}

/** A key repeated in one mapping, read as dbt's YAML loader reads it: the last one wins. */
export function duplicateKeyWarning(file: string, line: number, column: number, key: string): Diagnostic {
  return { code: 'YAML_DUPLICATE_KEY', severity: 'warning', file, line, column,
    message: `key '${key}' appears twice in the same mapping; the last one wins (as in dbt)`,
    hint: 'remove or rename one of the two keys; dbt reads only the last' };
}

/** A key scalar is followed by optional blanks and ':' (a value scalar is not). */
function followedByColon(text: string, pos: number): boolean {
  for (let i = pos; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 58) return true; // ':'
    if (c !== 32 && c !== 9) return false;
  }
  return false;
}

/** Skip blanks, line breaks, comments and a sequence dash: where the node's content begins. */
function skipBlank(text: string, pos: number): number {
  let i = pos;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) { i++; continue; }
    if (c === 35) { while (i < text.length && text.charCodeAt(i) !== 10) i++; continue; } // '#'
    break;
  }
  return i;
}

/** Offsets → 1-based line/column by binary search over line starts. */
export class LineIndex {
  private starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  lineOf(offset: number): number {
    let lo = 0, hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo + 1;
  }
  position(offset: number): { line: number; column: number } {
    const line = this.lineOf(offset);
    return { line, column: offset - this.starts[line - 1] + 1 };
  }
}
