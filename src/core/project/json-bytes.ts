// JSON read from its bytes (dbt's manifest, manifest-read.ts): where a value ends, where the
// members of an object are, and a value decoded as JSON.parse gives it. The loops are plain
// byte loops — a manifest's strings are short (≈17 bytes on average), so a native search called
// per string costs more than it saves — and a small value is built straight from its bytes, with
// no text copy for JSON.parse and the strings that repeat held once.

export class ManifestSyntaxError extends Error {
  constructor(readonly reason: string, readonly offset: number) { super(`${reason} at byte ${offset}`); }
}

/** Member names looked for, by their length in bytes: matched without decoding them. */
export type NameTable = { i: number; bytes: Buffer }[][];

export function nameTable(names: readonly string[]): NameTable {
  const t: NameTable = [];
  names.forEach((k, i) => (t[k.length] ??= []).push({ i, bytes: Buffer.from(k, 'latin1') }));
  return t;
}

/** Longer strings (SQL, descriptions) are rarely repeated: not worth a lookup. */
const INTERN_MAX = 256;
/** Values nested deeper than this are left to JSON.parse (no deep recursion here). */
const BUILD_DEPTH = 32;

export class Scanner {
  /** Strings decoded so far, by their text (see value()). */
  private readonly interned = new Map<string, string>();
  /** Short strings by a hash of their bytes (one per hash: a collision decodes as usual). */
  private readonly byBytes = new Map<number, string>();
  /** Where the value build() read last ends. */
  private pos = 0;
  constructor(public b: Buffer) {}

  ws(i: number): number {
    const b = this.b;
    while (i < b.length) { const c = b[i]; if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++; else break; }
    return i;
  }

  /** Index just past the string that opens at i. */
  stringEnd(i: number): number {
    const b = this.b, n = b.length;
    for (let j = i + 1; j < n; j++) {
      const c = b[j];
      if (c === 0x22) return j + 1;
      if (c === 0x5c) j++; // the escaped byte is never the closing quote
    }
    throw new ManifestSyntaxError('unterminated string', i);
  }

  /** Index just past the value that starts at i. */
  valueEnd(i: number): number {
    const b = this.b, n = b.length;
    const c = b[i];
    if (c === 0x22) return this.stringEnd(i);
    if (c !== 0x7b && c !== 0x5b) return this.scalarEnd(i);
    let depth = 0;
    for (let j = i; j < n; j++) {
      const d = b[j];
      if (d === 0x22) {
        for (j++; j < n; j++) { const e = b[j]; if (e === 0x22) break; if (e === 0x5c) j++; }
      } else if (d === 0x7b || d === 0x5b) depth++;
      else if ((d === 0x7d || d === 0x5d) && --depth === 0) return j + 1;
    }
    throw new ManifestSyntaxError('unterminated object or array', i);
  }

  private scalarEnd(i: number): number {
    const b = this.b;
    let j = i;
    while (j < b.length) { const d = b[j]; if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break; j++; }
    if (j === i) throw new ManifestSyntaxError('expected a value', i);
    // a scalar runs to the end of the bytes only when cut short (a member value is followed by , or })
    if (j >= b.length) throw new ManifestSyntaxError('unexpected end of the file', j);
    return j;
  }

  /**
   * Where the members of the object that opens at i named in `names` are: at[k], end[k] (k: the
   * name's index; left as they were when absent; the last of a repeated name wins, as in
   * JSON.parse). Returns the index past the object.
   */
  members(i: number, names: NameTable, at: Int32Array, end: Int32Array): number {
    const b = this.b;
    if (b[i] !== 0x7b) throw new ManifestSyntaxError('expected an object', i);
    let j = this.ws(i + 1);
    if (b[j] === 0x7d) return j + 1;
    for (;;) {
      if (b[j] !== 0x22) throw new ManifestSyntaxError('expected a member name', j);
      const ke = this.stringEnd(j);
      const ks = j + 1;
      j = this.ws(ke);
      if (b[j] !== 0x3a) throw new ManifestSyntaxError('expected ":"', j);
      const vs = this.ws(j + 1);
      const ve = this.valueEnd(vs);
      const cands = names[ke - 1 - ks];
      if (cands !== undefined) {
        for (const c of cands) {
          const nb = c.bytes;
          let k = 0;
          while (k < nb.length && b[ks + k] === nb[k]) k++;
          if (k === nb.length) { at[c.i] = vs; end[c.i] = ve; break; }
        }
      }
      j = this.ws(ve);
      if (b[j] === 0x2c) { j = this.ws(j + 1); continue; }
      if (b[j] === 0x7d) return j + 1;
      throw new ManifestSyntaxError('expected "," or "}"', j);
    }
  }

  /** Is the string in [a, z) `x` (without escapes)? Compared byte by byte: no copy is decoded. */
  isString(a: number, z: number, x: string): boolean {
    const b = this.b;
    if (b[a] !== 0x22 || z - a - 2 !== x.length) return false;
    for (let k = 0; k < x.length; k++) if (b[a + 1 + k] !== x.charCodeAt(k)) return false;
    return true;
  }

  /** The JSON value in [a, z), as JSON.parse gives it, through JSON.parse (for large values). */
  json(a: number, z: number): unknown {
    if (this.b[a] === 0x22) return this.str(a, z, false);
    return this.parse(a, z);
  }

  /**
   * The JSON value in [a, z) (its end found by valueEnd), as JSON.parse gives it, built from its
   * bytes. `intern`: its short strings held once — the nodes of a project repeat the same
   * package, type, path and node ids thousands of times, and each decoded copy would stay.
   */
  value(a: number, z: number, intern: boolean): unknown {
    const v = this.build(a, intern, 0);
    if (this.pos !== z) throw new ManifestSyntaxError('unexpected data after a value', this.pos);
    return v;
  }

  private parse(a: number, z: number): unknown {
    try { return JSON.parse(utf8(this.b, a, z)); } catch (e) { throw new ManifestSyntaxError((e as Error).message.split('\n')[0], a); }
  }

  /** The string in [a, z) (quotes included); `intern`: held once when short. */
  str(a: number, z: number, intern: boolean): string {
    const b = this.b;
    if (!intern || z - a > INTERN_MAX) return this.text(a, z);
    // a string that repeats is found by its bytes (ASCII, no escapes), not decoded again
    let h = 0x811c9dc5 | 0, k = a + 1;
    for (; k < z - 1; k++) { const c = b[k]; if (c >= 0x80 || c === 0x5c) break; h = Math.imul(h ^ c, 16777619); }
    const plain = k === z - 1;
    const seen = plain ? this.byBytes.get(h) : undefined;
    if (seen !== undefined && sameBytes(b, a + 1, z - 1, seen)) return seen;
    const s = this.text(a, z);
    const held = this.interned.get(s);
    if (held !== undefined) return held;
    this.interned.set(s, s);
    if (plain && seen === undefined) this.byBytes.set(h, s);
    return s;
  }

  /** The string in [a, z) (quotes included), decoded. */
  private text(a: number, z: number): string {
    const s = utf8(this.b, a + 1, z - 1);
    // a string with escapes is rare in the members read: JSON.parse decodes those
    return s.indexOf('\\') >= 0 ? this.parse(a, z) as string : s;
  }

  private build(i: number, intern: boolean, depth: number): unknown {
    const b = this.b;
    const c = b[i];
    if (c === 0x22) { const z = this.stringEnd(i); this.pos = z; return this.str(i, z, intern); }
    if ((c === 0x7b || c === 0x5b) && depth > BUILD_DEPTH) { const z = this.valueEnd(i); this.pos = z; return this.parse(i, z); }
    if (c === 0x7b) {
      const o: Record<string, unknown> = {};
      let j = this.ws(i + 1);
      if (b[j] === 0x7d) { this.pos = j + 1; return o; }
      for (;;) {
        if (b[j] !== 0x22) throw new ManifestSyntaxError('expected a member name', j);
        const ke = this.stringEnd(j);
        const k = this.str(j, ke, true);
        j = this.ws(ke);
        if (b[j] !== 0x3a) throw new ManifestSyntaxError('expected ":"', j);
        put(o, k, this.build(this.ws(j + 1), intern, depth + 1));
        j = this.ws(this.pos);
        if (b[j] === 0x2c) { j = this.ws(j + 1); continue; }
        if (b[j] === 0x7d) { this.pos = j + 1; return o; }
        throw new ManifestSyntaxError('expected "," or "}"', j);
      }
    }
    if (c === 0x5b) {
      const out: unknown[] = [];
      let j = this.ws(i + 1);
      if (b[j] === 0x5d) { this.pos = j + 1; return out; }
      for (;;) {
        out.push(this.build(j, intern, depth + 1));
        j = this.ws(this.pos);
        if (b[j] === 0x2c) { j = this.ws(j + 1); continue; }
        if (b[j] === 0x5d) { this.pos = j + 1; return out; }
        throw new ManifestSyntaxError('expected "," or "]"', j);
      }
    }
    const z = this.scalarEnd(i);
    this.pos = z;
    if (z - i === 4 && c === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) return null;
    if (z - i === 4 && c === 0x74 && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65) return true;
    if (z - i === 5 && c === 0x66 && b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65) return false;
    return this.parse(i, z); // a number (or a bad token: JSON.parse names it)
  }
}

/** As JSON.parse sets a member: a name such as `__proto__` is an own property, never the prototype. */
export function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** Are the bytes [a, z) the characters of `s` (ASCII)? */
function sameBytes(b: Buffer, a: number, z: number, s: string): boolean {
  if (z - a !== s.length) return false;
  for (let k = 0; k < s.length; k++) if (b[a + k] !== s.charCodeAt(k)) return false;
  return true;
}

/** Bytes [a, z) as UTF-8: Buffer's own decoder, without toString's argument handling (millions of short strings). */
const utf8: (b: Buffer, a: number, z: number) => string = typeof (Buffer.prototype as any).utf8Slice === 'function'
  ? (b, a, z) => (b as any).utf8Slice(a, z) : (b, a, z) => b.toString('utf8', a, z);
