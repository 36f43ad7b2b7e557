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

export interface FastYaml {
  value?: unknown;
  diagnostics: Diagnostic[];
  /** 1-based line of a parsed mapping: its `name:` key when it has one, else its first key. */
  lineOf(obj: unknown): number | undefined;
}

interface Frame { pos: number; name?: number; keys?: Set<string>; count: number; size: number }

export function parseYamlFast(text: string, file: string): FastYaml {
  try { checkTextLimits(text, file); } catch (e) {
    if (e instanceof LimitError) return { diagnostics: [limitDiagnostic(e, file)], lineOf: () => undefined };
    throw e;
  }
  const lines = new LineIndex(text);
  const first = tryLoad(text, file, lines, false);
  if (first.duplicate) return tryLoad(text, file, lines, true);
  return first;
}

function tryLoad(text: string, file: string, lines: LineIndex, allowDuplicates: boolean): FastYaml & { duplicate?: boolean } {
  const starts = new WeakMap<object, number>();
  const diagnostics: Diagnostic[] = [];
  const stack: Frame[] = [];
  const sizes = new WeakMap<object, number>(); // nodes of a parsed collection with its aliases expanded
  let aliases = 0;
  let added = 0;
  const over = (limit: 'nesting_depth' | 'keys_per_mapping' | 'yaml_aliases' | 'yaml_alias_expansion', message: string, pos: number, actual?: number) => {
    const p = lines.position(skipBlank(text, pos));
    return new LimitError(limit, message, { file, line: p.line, column: p.column, actual });
  };
  const listener = (ev: string, st: any) => {
    if (ev === 'open') {
      // js-yaml composes recursively: stop before the stack gets deep
      if (stack.length > LIMITS.nesting_depth.max) throw over('nesting_depth', `YAML nested deeper than ${showLimit('nesting_depth')}`, st.position, stack.length);
      stack.push({ pos: st.position, count: 0, size: 0 });
      return;
    }
    const f = stack.pop()!;
    const r = st.result;
    let size = 1 + f.size;
    if (st.kind === null && text.charCodeAt(skipBlank(text, f.pos)) === 42) { // '*': an alias
      aliases++;
      if (aliases > LIMITS.yaml_aliases.max) throw over('yaml_aliases', `this document has more than ${showLimit('yaml_aliases')}`, f.pos, aliases);
      size = r !== null && typeof r === 'object' ? sizes.get(r) ?? -1 : 1;
      if (size < 0) throw over('yaml_alias_expansion', 'an alias refers to a node that contains it', f.pos);
      added += size;
      if (added > LIMITS.yaml_alias_expansion.max) throw over('yaml_alias_expansion', `the aliases expand this document by more than ${showLimit('yaml_alias_expansion')} (at alias number ${aliases.toLocaleString('en-US')})`, f.pos, added);
    } else if (r !== null && typeof r === 'object' && (st.kind === 'mapping' || st.kind === 'sequence')) sizes.set(r, size);
    if (stack.length) stack[stack.length - 1].size += size;
    if (st.kind === 'scalar' && stack.length && followedByColon(text, st.position)) {
      const parent = stack[stack.length - 1];
      if (++parent.count > LIMITS.keys_per_mapping.max) throw over('keys_per_mapping', `a mapping has more than ${showLimit('keys_per_mapping')}`, f.pos, parent.count);
      const key = String(r);
      if (key === 'name' && parent.name === undefined) parent.name = f.pos;
      if (allowDuplicates) {
        parent.keys ??= new Set();
        if (parent.keys.has(key)) {
          const p = lines.position(skipBlank(text, f.pos));
          diagnostics.push({ code: 'YAML_DUPLICATE_KEY', severity: 'warning', file, line: p.line, column: p.column,
            message: `key '${key}' appears twice in the same mapping; the last one wins (as in dbt)`,
            hint: 'remove or rename one of the two keys; dbt reads only the last' });
        }
        parent.keys.add(key);
      }
    }
    if (r !== null && typeof r === 'object' && !starts.has(r)) starts.set(r, f.name ?? skipBlank(text, f.pos));
  };
  try {
    const value = jsyaml.load(text, { filename: file, json: allowDuplicates, listener });
    return { value, diagnostics, lineOf: (o) => (o && typeof o === 'object' && starts.has(o) ? lines.lineOf(starts.get(o)!) : undefined) };
  } catch (e: any) {
    if (e instanceof LimitError) return { diagnostics: [limitDiagnostic(e, file)], lineOf: () => undefined };
    const reason = String(e?.reason ?? e?.message ?? e).split('\n')[0];
    if (!allowDuplicates && /duplicated mapping key/.test(reason)) return { diagnostics: [], lineOf: () => undefined, duplicate: true };
    const mark = e?.mark;
    return { diagnostics: [{ code: 'YAML_SYNTAX', severity: 'error', file, line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1,
      message: reason,
      hint: 'fix the YAML syntax at this position (indentation, a missing colon or an unclosed quote are the usual causes)' }], lineOf: () => undefined };
  }
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
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
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
