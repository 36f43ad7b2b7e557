// dbt's target/manifest.json is large (≈120 MB at 10,000 models, one minified line) and most of
// it — the macro library, doc blocks, parent/child maps, each own node's SQL and full config — is
// never used here: the project's own files are what the reader reads. So the file is scanned as
// bytes and only the members used are decoded and parsed; it is never held as one string, and
// from a file not even whole: a window of it slides over the nodes one by one (readManifestChunks).
// Other packages' nodes are kept whole (they become package context, with their raw entry); of
// the project's own nodes only what is read later is kept, with repeated strings held once
// (40,000 nodes at 10,000 models: what stays of them is most of what the manifest costs). The
// scanning and decoding of the bytes is json-bytes.ts.

import { ManifestSyntaxError, nameTable, put, Scanner } from './json-bytes.js';

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
/** The noted names, matched as bytes. */
const NOTED_NAMES = nameTable(NOTED);
/** Of depends_on only the nodes are read (lineage, a test's node): the macros a node calls never are. */
const DEPENDS_NAMES = nameTable(['nodes']);
/** Top-level members read at all. */
const TOP = new Set(['metadata', 'nodes', 'sources']);

export { ManifestSyntaxError };

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
      const key = s.str(a, ke, false);
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
            const id = s.str(a, ke, false);
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
const DEP_AT = new Int32Array(1), DEP_END = new Int32Array(1);

/**
 * One node: whole when it belongs to another package, else only the members modeler reads. `id`:
 * its key. Its bytes are scanned once: finding where its members are finds where it ends.
 */
function node(s: Scanner, vs: number, projectName: string | undefined, id: string): { value: unknown; end: number } {
  if (s.b[vs] !== 0x7b || projectName === undefined) { const end = s.valueEnd(vs); return { value: s.json(vs, end), end }; }
  AT.fill(-1);
  const end = s.members(vs, NOTED_NAMES, AT, END);
  const pkg = F.package_name;
  if (AT[pkg] < 0 || !(s.isString(AT[pkg], END[pkg], projectName) || s.json(AT[pkg], END[pkg]) === projectName)) return { value: s.json(vs, end), end };
  // checksum and raw_code say whether compiled_code is current (model-sql.ts): without compiled_code neither is read
  const compiled = AT[F.compiled_code] >= 0;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < OWN_FIELDS.length; i++) {
    const a = AT[i], z = END[i];
    if (a < 0 || (i === F.checksum && !compiled)) continue;
    if (i === F.depends_on && s.b[a] === 0x7b) {
      // of depends_on only the nodes are read (lineage, a test's node): the macros a node calls never are
      DEP_AT[0] = -1;
      s.members(a, DEPENDS_NAMES, DEP_AT, DEP_END);
      out.depends_on = DEP_AT[0] >= 0 ? { nodes: s.value(DEP_AT[0], DEP_END[0], true) } : {};
    } else out[OWN_FIELDS[i]] = i === F.unique_id && s.isString(a, z, id) ? id : s.value(a, z, REPEATS[i]);
  }
  // a test's config (whether it is enabled, its severity) is read only for a test of another
  // package's node (package context, manifest-nodes.ts): dbt's ids name their package second
  if (out.resource_type === 'test' && AT[F.config] >= 0) {
    const on = out.attached_node ?? (out.depends_on as any)?.nodes?.[0];
    if (typeof on !== 'string' || on.split('.')[1] !== projectName) out.config = s.value(AT[F.config], END[F.config], true);
  }
  // raw_code only when dbt kept no sha256 checksum
  if (compiled && (out.checksum as { name?: unknown } | undefined)?.name !== 'sha256' && AT[F.raw_code] >= 0) out.raw_code = s.value(AT[F.raw_code], END[F.raw_code], false);
  return { value: out, end };
}

