// A reader for the plain block YAML that dbt property files are written in: block mappings and
// sequences, plain and quoted scalars on one line, comments, `|`/`>` block scalars and one-line
// flow collections. At 10,000 models js-yaml (with the position listener yaml-fast.ts needs) is
// about a fifth of a project read and most of its garbage; this reader walks the text line by
// line and builds only the final values.
// It never guesses: whatever it does not fully understand — anchors, aliases, tags, explicit or
// complex keys, several documents, multi-line plain or quoted scalars, tabs, odd indentation,
// duplicate keys, anything js-yaml would refuse — makes it give up (undefined), and the caller
// reads the file with js-yaml instead. So its values, and the lines it records, are js-yaml's.
// Plain scalars are typed by js-yaml's own resolvers (null, bool, int, float, timestamp), so a
// `yes` stays a string and a `2020-01-01` becomes a Date exactly as js-yaml makes them.
// Its scalars are read in yaml-block-scalars.ts, its one-line flow collections in yaml-block-flow.ts.
import { FlowReader } from './yaml-block-flow.js';
import { LIMITS } from './limits.js';
import { COLON, CR, DASH, DQ, HASH, MAX_DEPTH, NL, plainStart, SP, SQ, UNSURE } from './yaml-block-scalars.js';

export interface BlockYaml {
  value: unknown;
  /**
   * 1-based line of each mapping (its first `name:` key, else its first key) and sequence. A Map,
   * not a WeakMap: it lives as long as the file's values (one file is read at a time), and a
   * WeakMap entry per node costs the collector far more.
   */
  lines: Map<object, number>;
}

// characters outside the subset anywhere in the text: tabs (js-yaml's rules for tabs in
// indentation are subtle), the characters js-yaml refuses in a plain or block scalar (controls,
// U+007F to U+009F, U+FFFE/U+FFFF, a lone surrogate), a lone CR, a byte-order mark
const REFUSED = /[\x00-\x09\x0b\x0c\x0e-\x1f\x7f-\x9f\ufeff\ufffe\uffff]|\r(?!\n)/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?:[^\ud800-\udbff]|^)[\udc00-\udfff]/;

export function readBlockYaml(text: string): BlockYaml | undefined {
  if (REFUSED.test(text) || (/[\ud800-\udfff]/.test(text) && LONE_SURROGATE.test(text))) return undefined;
  try {
    return new Reader(text).read();
  } catch (e) {
    if (e === UNSURE) return undefined;
    throw e;
  }
}

class Reader extends FlowReader {
  private readonly starts: number[] = [0];
  private readonly n: number;
  /** Indentation of the line nextContent last returned. */
  private lastIndent = 0;

  constructor(text: string) {
    super(text);
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
    // js-yaml ends the text with a line break when it has none: the piece after a final one is no line
    this.n = text.length > 0 && text.charCodeAt(text.length - 1) === NL ? this.starts.length - 1 : this.starts.length;
  }

  read(): BlockYaml {
    const t = this.text;
    let i = this.nextContent(0, true);
    if (i >= this.n) throw UNSURE; // nothing but comments: js-yaml says what that is
    const s = this.starts[i];
    if (t.startsWith('...', s)) throw UNSURE;
    if (t.startsWith('---', s)) { // one leading document marker, alone on its line
      const e = this.end(i);
      const p = this.skipSpaces(s + 3, e);
      if (!(p === e || (p > s + 3 && t.charCodeAt(p) === HASH))) throw UNSURE;
      i = this.nextContent(i + 1, false);
      if (i >= this.n) throw UNSURE;
    }
    const col = this.indent(i);
    if (this.keyColon(this.starts[i] + col, this.end(i)) < 0) throw UNSURE; // only a mapping at the top
    const next = this.mapping(i, col);
    if (this.nextContent(next, false) < this.n) throw UNSURE;
    return { value: this.value, lines: this.lines };
  }

  /** End of line i, without its line break. */
  private end(i: number): number {
    const e = i + 1 < this.starts.length ? this.starts[i + 1] - 1 : this.text.length;
    return e > this.starts[i] && this.text.charCodeAt(e - 1) === CR ? e - 1 : e;
  }

  private indent(i: number): number {
    const t = this.text, s = this.starts[i];
    let p = s;
    while (t.charCodeAt(p) === SP) p++;
    return p - s;
  }

  /** The first line from i on with content (not blank, not a comment); document markers are not understood. */
  private nextContent(i: number, first: boolean): number {
    const t = this.text;
    for (; i < this.n; i++) {
      const s = this.starts[i], e = this.end(i);
      const p = this.skipSpaces(s, e);
      if (p === e || t.charCodeAt(p) === HASH) continue;
      if (p === s && !first && (t.startsWith('---', s) || t.startsWith('...', s))) throw UNSURE;
      if (p === s && t.charCodeAt(s) === 37) throw UNSURE; // '%' directive
      this.lastIndent = p - s;
      return i;
    }
    return this.n;
  }

  private isSeqItem(p: number, e: number): boolean {
    return this.text.charCodeAt(p) === DASH && (p + 1 === e || this.text.charCodeAt(p + 1) === SP);
  }

  /**
   * Where the `:` of a block mapping key starting at p is, or -1 when the content at p is no key.
   * Throws when it cannot tell (a quoted key followed by something else, a key with blanks before
   * its colon).
   */
  private keyColon(p: number, e: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    if (c === SQ || c === DQ) {
      const q = this.quotedEnd(p, e);
      if (q < 0) return -1;
      if (t.charCodeAt(q) === COLON && (q + 1 === e || t.charCodeAt(q + 1) === SP)) return q;
      return -1;
    }
    if (!plainStart(c) || this.isSeqItem(p, e)) return -1;
    for (let k = p + 1; k < e; k++) {
      const ch = t.charCodeAt(k);
      if (ch === COLON && (k + 1 === e || t.charCodeAt(k + 1) === SP)) {
        if (t.charCodeAt(k - 1) === SP) throw UNSURE;
        return k;
      }
      if (ch === HASH && t.charCodeAt(k - 1) === SP) return -1;
    }
    return -1;
  }

  /** The block mapping whose keys stand at column col, from line i; returns the next line with content after it. */
  private mapping(i: number, col: number): number {
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const t = this.text;
    const obj: Record<string, unknown> = {};
    const first = i;
    let nameLine = -1, count = 0;
    for (;;) {
      const s = this.starts[i], e = this.end(i), p = s + col;
      const colon = this.keyColon(p, e);
      if (colon < 0) throw UNSURE;
      let key: string;
      const c = t.charCodeAt(p);
      if (c === SQ || c === DQ) key = this.quoted(p, colon);
      else {
        const v = this.plainAt(p, colon);
        if (v === '<<') throw UNSURE; // a merge key
        if (v !== null && typeof v === 'object' && !(v instanceof Date)) throw UNSURE;
        key = String(v);
      }
      // a duplicate — or a key the prototype has ('constructor'): js-yaml reads those files
      if (obj[key] !== undefined || key === '__proto__') throw UNSURE;
      if (++count > LIMITS.keys_per_mapping.max) throw UNSURE;
      if (key === 'name' && nameLine < 0) nameLine = i;
      const next = this.node(i, this.skipSpaces(colon + 1, e), e, col, true);
      obj[key] = this.value;
      // every node returns the next line with content, and lastIndent is still that line's
      const j = next;
      if (j >= this.n) { i = j; break; }
      const ind = this.lastIndent;
      if (ind < col) { i = j; break; }
      if (ind > col) throw UNSURE;
      i = j;
    }
    this.lines.set(obj, (nameLine >= 0 ? nameLine : first) + 1);
    this.value = obj;
    this.depth--;
    return i;
  }

  /** The block sequence whose dashes stand at column col, from line i; returns the next line with content after it. */
  private sequence(i: number, col: number): number {
    if (++this.depth > MAX_DEPTH) throw UNSURE;
    const arr: unknown[] = [];
    const first = i;
    for (;;) {
      const s = this.starts[i], e = this.end(i);
      const p = this.skipSpaces(s + col + 1, e);
      let next: number;
      if (p < e && this.isSeqItem(p, e)) throw UNSURE; // `- - a`
      if (p < e && this.keyColon(p, e) >= 0) next = this.mapping(i, p - s); // `- key: value`
      else next = this.node(i, p, e, col, false);
      arr.push(this.value);
      const j = next; // a line with content (lastIndent is its indentation)
      i = j;
      if (j >= this.n) break;
      const ind = this.lastIndent;
      if (ind < col) break;
      if (ind > col) throw UNSURE;
      if (!this.isSeqItem(this.starts[j] + col, this.end(j))) break;
    }
    this.lines.set(arr, first + 1);
    this.value = arr;
    this.depth--;
    return i;
  }

  /**
   * The value that starts at p on line i (after `key:` or `- `), or on the lines below when the
   * line has nothing more; parent is the column of the enclosing collection. Returns the next line with content.
   */
  private node(i: number, p: number, e: number, parent: number, inMapping: boolean): number {
    if (p < e && this.text.charCodeAt(p) !== HASH) return this.inline(i, p, e, parent);
    // nothing more on the line (p is past a blank, so a '#' starts a comment): the lines below
    const j = this.nextContent(i + 1, false);
    if (j < this.n) {
      const ind = this.lastIndent;
      const q = this.starts[j] + ind, qe = this.end(j);
      if (ind > parent || (ind === parent && inMapping)) {
        if (this.isSeqItem(q, qe)) return this.sequence(j, ind);
        if (ind === parent) { this.value = null; return j; }
        if (this.keyColon(q, qe) >= 0) return this.mapping(j, ind);
        return this.inline(j, q, qe, parent);
      }
    }
    this.value = null;
    return j;
  }

  /** A scalar or flow collection starting at p on line i; returns the next line with content. */
  private inline(i: number, p: number, e: number, parent: number): number {
    const t = this.text;
    const c = t.charCodeAt(p);
    let q: number;
    if (c === 124 || c === 62) return this.blockScalar(i, p, e, parent); // | >
    if (c === 91 || c === 123) q = this.flow(p, e, i); // [ {
    else if (c === SQ || c === DQ) {
      q = this.quotedEnd(p, e);
      if (q < 0) throw UNSURE; // continues on the next line
      this.value = this.intern(this.quoted(p, q));
    } else return this.plainScalar(i, p, e, parent);
    // only blanks and a comment may follow on the line
    const r = this.skipSpaces(q, e);
    if (r < e && !(t.charCodeAt(r) === HASH && r > q)) throw UNSURE;
    return this.after(i, parent);
  }

  /** The next line with content after a node that ended on line i; a more indented one is an error in js-yaml. */
  private after(i: number, parent: number): number {
    const j = this.nextContent(i + 1, false);
    if (j < this.n && this.lastIndent > parent) throw UNSURE;
    return j;
  }

  /**
   * A plain scalar from p on line i. It goes on over the following lines indented deeper than
   * parent (folded: one line break is a space, n blank lines are n line breaks) until a comment.
   */
  private plainScalar(i: number, p: number, e: number, parent: number): number {
    const t = this.text;
    if (!plainStart(t.charCodeAt(p)) || this.isSeqItem(p, e)) throw UNSURE;
    let k = this.plainLineEnd(p, e);
    const end = this.trimEnd(p, k);
    let out: string | undefined;
    let last = i;
    let j: number;
    for (;;) {
      j = this.nextContent(last + 1, false);
      if (j >= this.n || this.lastIndent <= parent) break;
      // a deeper line continues the scalar; after a comment, or with a comment line between, js-yaml refuses it
      if (k < e) throw UNSURE;
      for (let b = last + 1; b < j; b++) if (this.skipSpaces(this.starts[b], this.end(b)) !== this.end(b)) throw UNSURE;
      const q = this.starts[j] + this.lastIndent;
      e = this.end(j);
      k = this.plainLineEnd(q, e);
      const blanks = j - last - 1;
      out = (out ?? t.slice(p, end)) + (blanks === 0 ? ' ' : '\n'.repeat(blanks)) + t.slice(q, this.trimEnd(q, k));
      last = j;
    }
    if (out === undefined) this.value = this.plainAt(p, end);
    else {
      const v = this.plain(out);
      this.value = typeof v === 'string' ? this.intern(v) : v;
    }
    return j;
  }

  /** Where one line of a plain scalar stops: at a comment or the line's end; `: ` in it is not understood. */
  private plainLineEnd(p: number, e: number): number {
    const t = this.text;
    for (let k = p; k < e; k++) {
      const ch = t.charCodeAt(k);
      if (ch === COLON && (k + 1 === e || t.charCodeAt(k + 1) === SP)) throw UNSURE; // `a: b: c`
      if (ch === HASH && k > p && t.charCodeAt(k - 1) === SP) return k;
    }
    return e;
  }

  private trimEnd(p: number, k: number): number {
    while (k > p && this.text.charCodeAt(k - 1) === SP) k--;
    return k;
  }

  /**
   * A block scalar whose header (`|`, `>`, with an optional chomping sign) is at p on line i,
   * inside a collection at column parent. Returns the next line with content after it. The rules are YAML's
   * as js-yaml applies them: the text indent is the first content line's (at least parent + 1),
   * leading blank lines may raise it, more-indented lines of a folded scalar keep their breaks.
   */
  private blockScalar(i: number, p: number, e: number, parent: number): number {
    const t = this.text;
    const folding = t.charCodeAt(p) === 62;
    let k = p + 1;
    let chomp = 0; // 0 clip, 1 strip, 2 keep
    const c = t.charCodeAt(k);
    if (k < e && (c === DASH || c === 43)) { chomp = c === DASH ? 1 : 2; k++; }
    const r = this.skipSpaces(k, e);
    if (r < e && !(t.charCodeAt(r) === HASH && r > k)) throw UNSURE; // an indentation digit or other text
    let textIndent = parent + 1, detected = false, did = false, empty = 0, atMore = false;
    let out = '';
    let j = i + 1;
    for (; j < this.n; j++) {
      const s = this.starts[j], le = this.end(j);
      let sp = 0;
      if (!detected) {
        while (s + sp < le && t.charCodeAt(s + sp) === SP) sp++;
        if (sp > textIndent) textIndent = sp;
      } else {
        while (sp < textIndent && s + sp < le && t.charCodeAt(s + sp) === SP) sp++;
      }
      const cp = s + sp;
      if (cp === le) { empty++; continue; }
      if (sp < textIndent) break;
      if (folding) {
        if (t.charCodeAt(cp) === SP) { atMore = true; out += '\n'.repeat(did ? 1 + empty : empty); }
        else if (atMore) { atMore = false; out += '\n'.repeat(empty + 1); }
        else if (empty === 0) { if (did) out += ' '; }
        else out += '\n'.repeat(empty);
      } else out += '\n'.repeat(did ? 1 + empty : empty);
      did = true; detected = true; empty = 0;
      out += t.slice(cp, le);
    }
    if (chomp === 2) out += '\n'.repeat(did ? 1 + empty : empty);
    else if (chomp === 0 && did) out += '\n';
    this.value = this.intern(out);
    // a line between the parent's column and the text indent is an error in js-yaml
    const next = this.nextContent(j, false);
    if (next < this.n && this.lastIndent > parent) throw UNSURE;
    return next;
  }
}
