// Flow collections (`[a, b]`, `{k: v}`) for the block-YAML reader (yaml-block.ts): only those
// that open and close on one line, holding plain and quoted scalars and more flow collections;
// anything else (a trailing comma, a `#` inside, a collection spread over lines) throws UNSURE.
import { LIMITS } from './limits.js';
import { COLON, DASH, DQ, HASH, MAX_DEPTH, plainStart, ScalarReader, SP, SQ, UNSURE } from './yaml-block-scalars.js';

export class FlowReader extends ScalarReader {
  /** A flow collection that opens at p and closes on the same line; returns the position after it. */
  protected flow(p: number, e: number, line: number): number {
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const t = this.text;
    const isMap = t.charCodeAt(p) === 123;
    const close = isMap ? 125 : 93;
    const seq: unknown[] = [];
    const map: Record<string, unknown> = {};
    let count = 0;
    let k = this.skipSpaces(p + 1, e);
    if (t.charCodeAt(k) === close && k < e) k++;
    else for (;;) {
      if (isMap) {
        const c = t.charCodeAt(k);
        let key: string;
        let after: number;
        if (c === SQ || c === DQ) {
          after = this.quotedEnd(k, e);
          if (after < 0) throw UNSURE;
          key = this.quoted(k, after);
        } else {
          after = this.flowPlainEnd(k, e, true);
          const v = this.plainAt(k, after);
          if (v !== null && typeof v === 'object') throw UNSURE;
          key = String(v);
        }
        if (!(t.charCodeAt(after) === COLON && t.charCodeAt(after + 1) === SP && after + 1 < e)) throw UNSURE;
        if (key === '__proto__' || Object.prototype.hasOwnProperty.call(map, key)) throw UNSURE;
        if (++count > LIMITS.keys_per_mapping.max) throw UNSURE;
        k = this.flowNode(this.skipSpaces(after + 1, e), e, line);
        map[key] = this.value;
      } else {
        k = this.flowNode(k, e, line);
        seq.push(this.value);
      }
      k = this.skipSpaces(k, e);
      if (k >= e) throw UNSURE;
      const c = t.charCodeAt(k);
      if (c === close) { k++; break; }
      if (c !== 44) throw UNSURE;
      k = this.skipSpaces(k + 1, e);
      if (k >= e || t.charCodeAt(k) === close) throw UNSURE; // a trailing comma
    }
    const value = isMap ? map : seq;
    this.lines.set(value, line + 1);
    this.value = value;
    this.depth--;
    return k;
  }

  /** A node inside a flow collection at p; returns the position after it. */
  protected flowNode(p: number, e: number, line: number): number {
    const t = this.text;
    if (p >= e) throw UNSURE;
    const c = t.charCodeAt(p);
    if (c === 91 || c === 123) return this.flow(p, e, line);
    if (c === SQ || c === DQ) {
      const q = this.quotedEnd(p, e);
      if (q < 0) throw UNSURE;
      this.value = this.intern(this.quoted(p, q));
      return q;
    }
    const end = this.flowPlainEnd(p, e, false);
    this.value = this.plainAt(p, end);
    return end;
  }

  /** End of a plain scalar inside a flow collection (trailing blanks excluded); a key stops at `: `. */
  protected flowPlainEnd(p: number, e: number, key: boolean): number {
    const t = this.text;
    if (!plainStart(t.charCodeAt(p)) || (t.charCodeAt(p) === DASH && t.charCodeAt(p + 1) === SP)) throw UNSURE;
    let k = p;
    for (; k < e; k++) {
      const ch = t.charCodeAt(k);
      if (ch === 44 || ch === 91 || ch === 93 || ch === 123 || ch === 125) break;
      if (ch === COLON) { if (key && t.charCodeAt(k + 1) === SP) break; throw UNSURE; }
      if (ch === HASH && t.charCodeAt(k - 1) === SP) throw UNSURE;
    }
    let end = k;
    while (end > p && t.charCodeAt(end - 1) === SP) end--;
    if (end === p) throw UNSURE;
    return end;
  }
}
