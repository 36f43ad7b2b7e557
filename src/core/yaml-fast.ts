// Fast YAML for large, machine-read files (dbt property YAML of 10,000-model projects):
// js-yaml parses several times faster than the round-trip `yaml` library. Positions of named
// list items are recovered afterwards by scanning for their `name:` keys in document order.
import * as jsyaml from 'js-yaml';
import type { Diagnostic } from './diagnostics.js';

export function parseYamlFast(text: string, file: string): { value?: unknown; diagnostics: Diagnostic[] } {
  try {
    return { value: jsyaml.load(text, { filename: file }), diagnostics: [] };
  } catch (e: any) {
    const mark = e?.mark;
    return { diagnostics: [{ code: 'YAML_SYNTAX', severity: 'error', file, line: (mark?.line ?? 0) + 1, column: (mark?.column ?? 0) + 1,
      message: String(e?.reason ?? e?.message ?? e).split('\n')[0],
      hint: 'fix the YAML syntax at this position (indentation, a missing colon or an unclosed quote are the usual causes)' }] };
  }
}

/**
 * Finds `name: <value>` keys in document order, returning 1-based lines. The text is scanned
 * once up front; lookups then walk forward from a cursor, so locating every model and column of
 * a file costs one pass.
 */
export class NameLocator {
  private lineStarts: number[] = [0];
  private offsets: number[] = [];
  private values: string[] = [];
  private cursor = 0;
  constructor(text: string) {
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.lineStarts.push(i + 1);
    const re = /(?:^|[\s{,-])(name)\s*:[ \t]*(?:"([^"\\\n]*)"|'([^'\n]*)'|([^\s,}#'"][^,}#\r\n]*?))[ \t]*(?=$|[,}#\r\n])/gm;
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      this.offsets.push(m.index + m[0].indexOf('name'));
      this.values.push(m[2] ?? m[3] ?? m[4] ?? '');
    }
  }

  /** Line of the next `name: value` at or after the cursor (advancing it), or undefined. */
  next(value: string): number | undefined {
    for (let j = this.cursor; j < this.values.length; j++) {
      if (this.values[j] === value) {
        this.cursor = j + 1;
        return this.lineOf(this.offsets[j]);
      }
    }
    return undefined;
  }

  get position(): number { return this.cursor; }
  set position(p: number) { this.cursor = p; }

  lineOf(offset: number): number {
    let lo = 0, hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return lo + 1;
  }
}
