// dbt's target/manifest.json is large (≈120 MB at 10,000 models, one minified line) and most of
// it — the macro library, doc blocks, parent/child maps, each own node's SQL and full config — is
// never used here: the project's own files are what the reader reads. So the file is scanned as
// bytes and only the members used are decoded and parsed; it is never held as one string, and
// from a file not even whole: a window of it slides over the nodes one by one (readManifestChunks).
// Other packages' nodes are kept whole (they become package context, with their raw entry); of
// the project's own nodes only what is read later is kept, with repeated strings held once
// (40,000 nodes at 10,000 models: what stays of them is most of what the manifest costs).

/** Members of an own node that modeler reads (see manifest-nodes, model-sql, columns, assistant), in the order kept. */
const OWN_FIELDS = [
  'unique_id', 'resource_type', 'name', 'package_name', 'depends_on', 'compiled_code', 'checksum', 'relation_name',
  'original_file_path', 'patch_path', 'source_name', 'test_metadata', 'attached_node', 'column_name', 'version',
] as const;
/** Members whose place in a node is noted: the ones kept, and those that decide what is kept. */
const NOTED: readonly string[] = [...OWN_FIELDS, 'config', 'raw_code'];
const F = Object.fromEntries(NOTED.map((k, i) => [k, i])) as Record<string, number>;
/** Members whose values repeat from node to node (a package, a type, a file, the node a test tests): interned. */
const REPEATS = NOTED.map((k) => !['unique_id', 'name', 'relation_name', 'compiled_code', 'raw_code', 'checksum', 'version'].includes(k));
/** The noted names by length, as bytes: a member's name is matched without decoding it. */
const BY_LENGTH: { i: number; bytes: Buffer }[][] = [];
NOTED.forEach((k, i) => (BY_LENGTH[k.length] ??= []).push({ i, bytes: Buffer.from(k, 'latin1') }));
/** Top-level members read at all. */
const TOP = new Set(['metadata', 'nodes', 'sources']);

export class ManifestSyntaxError extends Error {
  constructor(readonly reason: string, readonly offset: number) { super(`${reason} at byte ${offset}`); }
}

/** The parts of a manifest modeler uses, from its bytes (`projectName`: whose nodes are the project's own). */
export function readManifestBytes(b: Buffer, projectName: string | undefined): any {
  let done = false;
  return readManifestChunks((into, at, len) => {
    if (done) return 0;
    if (into.length < at + b.length) throw new Error('window too small'); // the first read asks for room enough
    b.copy(into, at);
    done = true;
    return b.length;
  }, projectName, b.length + 1);
}

const CHUNK = 4 * 1024 * 1024;

/**
 * The same from a reader (read-text.ts readChunks): the bytes pass through a window that holds
 * one top-level member name, one node, or one value skipped whole (the largest, parent_map or
 * macros, a few MB), never the whole file. `first`: the window's first size.
 */
export function readManifestChunks(read: (into: Buffer, at: number, len: number) => number, projectName: string | undefined, first = CHUNK): any {
  const w = new Window(read, first);
  const s = new Scanner(w.view());
  /**
   * Run `step` on the window from `from` on; when it runs past the bytes read so far, read more
   * (keeping `from` on) and run it again. `step` gets `from` as the window now places it.
   */
  const whole = <T>(from: number, step: (at: number) => T): { v: T; at: number } => {
    for (;;) {
      try { return { v: step(from), at: from }; } catch (e) {
        if (!(e instanceof ManifestSyntaxError)) throw e;
        if (w.eof) throw new ManifestSyntaxError(e.reason, e.offset + w.base);
        from = w.more(from);
        s.b = w.view();
      }
    }
  };
  /** The next byte that is not white space (read on until there is one). */
  const peek = (a: number) => {
    const j = s.ws(a);
    if (j >= s.b.length) throw new ManifestSyntaxError('unexpected end of the file', j);
    return j;
  };
  const out: Record<string, unknown> = {};
  let i = whole(0, (a) => { const j = peek(a); if (s.b[j] !== 0x7b) throw new ManifestSyntaxError('expected an object', j); return j + 1; }).v;
  i = whole(i, peek).v;
  if (s.b[i] === 0x7d) return out;
  for (;;) {
    // a member's name and where its value starts
    const head = whole(i, (a) => {
      if (s.b[a] !== 0x22) throw new ManifestSyntaxError('expected a member name', a);
      const ke = s.stringEnd(a);
      const key = s.json(a, ke) as string;
      const j = s.ws(ke);
      if (s.b[j] !== 0x3a) throw new ManifestSyntaxError('expected ":"', j);
      const vs = s.ws(j + 1);
      if (vs >= s.b.length) throw new ManifestSyntaxError('expected a value', vs);
      return { key, vs };
    });
    const { key } = head.v;
    let vs = head.v.vs;
    let end: number;
    if (TOP.has(key) && key !== 'metadata' && s.b[vs] === 0x7b) {
      // nodes and sources: one entry at a time
      const entries: Record<string, unknown> = {};
      let j = whole(vs + 1, peek).v;
      if (s.b[j] === 0x7d) end = j + 1;
      else {
        for (;;) {
          const one = whole(j, (a) => {
            if (s.b[a] !== 0x22) throw new ManifestSyntaxError('expected a member name', a);
            const ke = s.stringEnd(a);
            const id = s.json(a, ke) as string;
            const c = s.ws(ke);
            if (s.b[c] !== 0x3a) throw new ManifestSyntaxError('expected ":"', c);
            const n = node(s, s.ws(c + 1), projectName, id);
            return { id, value: n.value, after: peek(n.end) };
          });
          put(entries, one.v.id, one.v.value);
          j = one.v.after;
          if (s.b[j] === 0x2c) { j = whole(j + 1, peek).v; continue; }
          if (s.b[j] === 0x7d) { end = j + 1; break; }
          throw new ManifestSyntaxError('expected "," or "}"', j + w.base);
        }
      }
      out[key] = entries;
    } else {
      const v = whole(vs, (a) => { const z = s.valueEnd(a); return { z, value: TOP.has(key) ? s.json(a, z) : undefined }; });
      vs = v.at;
      end = v.v.z;
      if (TOP.has(key)) out[key] = v.v.value;
    }
    const next = whole(end, peek).v;
    if (s.b[next] === 0x2c) { i = whole(next + 1, peek).v; continue; }
    if (s.b[next] === 0x7d) return out;
    throw new ManifestSyntaxError('expected "," or "}"', next + w.base);
  }
}

/** The bytes of the file from `base` on, as far as read so far. */
class Window {
  buf: Buffer;
  len = 0;
  base = 0;
  eof = false;
  constructor(private readonly read: (into: Buffer, at: number, len: number) => number, size: number) {
    this.buf = Buffer.allocUnsafe(size);
    this.fill();
  }
  view(): Buffer { return this.buf.subarray(0, this.len); }
  /** Keep the bytes from `from` (an index in the view) on and read more; returns where `from` now is. */
  more(from: number): number {
    this.buf.copy(this.buf, 0, from, this.len);
    this.len -= from;
    this.base += from;
    // a value larger than the window: double it
    if (this.len > this.buf.length / 2) {
      const bigger = Buffer.allocUnsafe(this.buf.length * 2);
      this.buf.copy(bigger, 0, 0, this.len);
      this.buf = bigger;
    }
    this.fill();
    return 0;
  }
  private fill(): void {
    while (this.len < this.buf.length) {
      const n = this.read(this.buf, this.len, this.buf.length - this.len);
      if (n === 0) { this.eof = true; return; }
      this.len += n;
    }
  }
}

const AT = new Int32Array(NOTED.length), END = new Int32Array(NOTED.length);

/**
 * One node: whole when it belongs to another package, else only the members modeler reads. `id`:
 * its key. Its bytes are scanned once: finding where its members are finds where it ends.
 */
function node(s: Scanner, vs: number, projectName: string | undefined, id: string): { value: unknown; end: number } {
  if (s.b[vs] !== 0x7b || projectName === undefined) { const end = s.valueEnd(vs); return { value: s.json(vs, end), end }; }
  AT.fill(-1);
  const end = s.noted(vs, AT, END);
  const pkg = F.package_name;
  if (AT[pkg] < 0 || s.json(AT[pkg], END[pkg]) !== projectName) return { value: s.json(vs, end), end };
  // checksum and raw_code say whether compiled_code is current (model-sql.ts): without compiled_code neither is read
  const compiled = AT[F.compiled_code] >= 0;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < OWN_FIELDS.length; i++) {
    const a = AT[i], z = END[i];
    if (a < 0 || (i === F.checksum && !compiled)) continue;
    out[OWN_FIELDS[i]] = i === F.unique_id && s.isString(a, z, id) ? id : REPEATS[i] ? s.value(a, z) : s.json(a, z);
  }
  // of depends_on only the nodes are read (lineage, a test's node): the macros a node calls never are
  const deps = out.depends_on as { nodes?: unknown } | undefined;
  if (deps && typeof deps === 'object' && !Array.isArray(deps)) out.depends_on = 'nodes' in deps ? { nodes: deps.nodes } : {};
  // a test's config (whether it is enabled, its severity) is read only for a test of another
  // package's node (package context, manifest-nodes.ts): dbt's ids name their package second
  if (out.resource_type === 'test' && AT[F.config] >= 0) {
    const on = out.attached_node ?? (deps as any)?.nodes?.[0];
    if (typeof on !== 'string' || on.split('.')[1] !== projectName) out.config = s.value(AT[F.config], END[F.config]);
  }
  // raw_code only when dbt kept no sha256 checksum
  if (compiled && (out.checksum as { name?: unknown } | undefined)?.name !== 'sha256' && AT[F.raw_code] >= 0) out.raw_code = s.json(AT[F.raw_code], END[F.raw_code]);
  return { value: out, end };
}

/** As JSON.parse sets a member: a name such as `__proto__` is an own property, never the prototype. */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

/** Longer strings (SQL, descriptions) are rarely repeated: not worth a lookup. */
const INTERN_MAX = 256;

class Scanner {
  /** Strings decoded so far, by their text (see value()). */
  readonly interned = new Map<string, string>();
  constructor(public b: Buffer) {}

  ws(i: number): number {
    const b = this.b;
    while (i < b.length) { const c = b[i]; if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++; else break; }
    return i;
  }

  /** Parse the JSON value in [a, z). */
  json(a: number, z: number): unknown {
    // most values read are plain strings: decoded directly
    if (this.b[a] === 0x22 && !this.escaped(a, z)) return this.b.toString('utf8', a + 1, z - 1);
    try { return JSON.parse(this.b.toString('utf8', a, z)); } catch (e) { throw new ManifestSyntaxError((e as Error).message.split('\n')[0], a); }
  }

  /**
   * The same value, with its short strings interned: the 10,000 nodes of a project repeat the
   * same package, type, path and node ids thousands of times, and each decoded copy would stay.
   */
  value(a: number, z: number): unknown {
    const b = this.b;
    if (b[a] === 0x22 && !this.escaped(a, z)) return z - a > INTERN_MAX ? b.toString('utf8', a + 1, z - 1) : this.intern(b.toString('utf8', a + 1, z - 1));
    // JSON.parse makes compact objects and exact-sized arrays; their strings are swapped in place
    const v = this.json(a, z);
    if (v !== null && typeof v === 'object') this.internIn(v as Record<string, unknown>);
    return v;
  }

  private intern(x: string): string {
    const held = this.interned.get(x);
    if (held !== undefined) return held;
    this.interned.set(x, x);
    return x;
  }

  private internIn(o: Record<string, unknown> | unknown[]): void {
    if (Array.isArray(o)) {
      for (let i = 0; i < o.length; i++) {
        const x = o[i];
        if (typeof x === 'string') { if (x.length <= INTERN_MAX) o[i] = this.intern(x); } else if (x !== null && typeof x === 'object') this.internIn(x as Record<string, unknown>);
      }
      return;
    }
    for (const k in o) {
      const x = o[k];
      if (typeof x === 'string') { if (x.length <= INTERN_MAX) o[k] = this.intern(x); } else if (x !== null && typeof x === 'object') this.internIn(x as Record<string, unknown>);
    }
  }

  private escaped(a: number, z: number): boolean {
    const k = this.b.indexOf(0x5c, a);
    return k >= 0 && k < z;
  }

  /** Index just past the string that opens at i. */
  stringEnd(i: number): number {
    const b = this.b;
    let j = i + 1;
    for (;;) {
      const q = b.indexOf(0x22, j);
      if (q < 0) throw new ManifestSyntaxError('unterminated string', i);
      let k = q - 1, slashes = 0;
      while (b[k] === 0x5c) { slashes++; k--; }
      if (slashes % 2 === 0) return q + 1;
      j = q + 1;
    }
  }

  /** Index just past the value that starts at i. */
  valueEnd(i: number): number {
    const b = this.b;
    const c = b[i];
    if (c === 0x22) return this.stringEnd(i);
    if (c === 0x7b || c === 0x5b) {
      let depth = 0, j = i;
      while (j < b.length) {
        const d = b[j];
        if (d === 0x22) { j = this.stringEnd(j); continue; }
        if (d === 0x7b || d === 0x5b) depth++;
        else if (d === 0x7d || d === 0x5d) { if (--depth === 0) return j + 1; }
        j++;
      }
      throw new ManifestSyntaxError('unterminated object or array', i);
    }
    let j = i;
    while (j < b.length) { const d = b[j]; if (d === 0x2c || d === 0x7d || d === 0x5d || d === 0x20 || d === 0x0a || d === 0x0d || d === 0x09) break; j++; }
    if (j === i) throw new ManifestSyntaxError('expected a value', i);
    // a scalar runs to the end of the bytes only when cut short (a member value is followed by , or })
    if (j >= b.length) throw new ManifestSyntaxError('unexpected end of the file', j);
    return j;
  }

  /** Is the string in [a, z) `x` (without escapes)? Compared byte by byte: no copy is decoded. */
  isString(a: number, z: number, x: string): boolean {
    const b = this.b;
    if (b[a] !== 0x22 || z - a - 2 !== x.length) return false;
    for (let k = 0; k < x.length; k++) if (b[a + 1 + k] !== x.charCodeAt(k)) return false;
    return true;
  }

  /** Where the members named in NOTED of the object that opens at i are: at[k], end[k] (k: the name's index; -1 when absent). */
  noted(i: number, at: Int32Array, end: Int32Array): number {
    const b = this.b;
    return this.members(i, (ks, ke, vs, ve) => {
      const cands = BY_LENGTH[ke - ks];
      if (!cands) return;
      for (const c of cands) {
        let k = 0;
        while (k < c.bytes.length && b[ks + k] === c.bytes[k]) k++;
        if (k === c.bytes.length) { at[c.i] = vs; end[c.i] = ve; return; }
      }
    });
  }

  /** Call fn(nameStart, nameEnd, valueStart, valueEnd) for each member of the object that opens at i (the name's bytes inside its quotes); index past it. */
  members(i: number, fn: (ks: number, ke: number, a: number, z: number) => void): number {
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
      fn(ks, ke - 1, vs, ve);
      j = this.ws(ve);
      if (b[j] === 0x2c) { j = this.ws(j + 1); continue; }
      if (b[j] === 0x7d) return j + 1;
      throw new ManifestSyntaxError('expected "," or "}"', j);
    }
  }
}
