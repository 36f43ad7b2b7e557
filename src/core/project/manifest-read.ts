// dbt's target/manifest.json is large (≈120 MB at 10,000 models, one minified line) and most of
// it — the macro library, doc blocks, parent/child maps, each own node's SQL and full config — is
// never used here: the project's own files are what the reader reads. So the file is scanned as
// bytes and only the members used are decoded and parsed; it is never held as one string.
// Other packages' nodes are kept whole (they become package context, with their raw entry).

/** Members of an own node that modeler reads (see manifest-nodes, model-sql, columns, assistant). */
const OWN_FIELDS = new Set([
  'unique_id', 'resource_type', 'name', 'package_name', 'depends_on', 'compiled_code', 'checksum', 'relation_name',
  'original_file_path', 'patch_path', 'source_name', 'test_metadata', 'attached_node', 'column_name', 'version',
]);
/** Members whose place in a node is noted: the ones kept, and those that decide what is kept. */
const WANTED = new Set([...OWN_FIELDS, 'config', 'raw_code']);
const WANTED_LENGTHS = new Set([...WANTED].map((k) => k.length));
/** Top-level members read at all. */
const TOP = new Set(['metadata', 'nodes', 'sources']);

export class ManifestSyntaxError extends Error {
  constructor(message: string, readonly offset: number) { super(`${message} at byte ${offset}`); }
}

/** The parts of a manifest modeler uses, from its bytes (`projectName`: whose nodes are the project's own). */
export function readManifestBytes(b: Buffer, projectName: string | undefined): any {
  const s = new Scanner(b);
  const out: Record<string, unknown> = {};
  s.members(s.ws(0), (key, vs, ve) => {
    if (!TOP.has(key)) return;
    if (key === 'metadata') { out.metadata = s.json(vs, ve); return; }
    const entries: Record<string, unknown> = {};
    if (b[vs] !== 0x7b) { out[key] = s.json(vs, ve); return; }
    s.members(vs, (id, ns, ne) => { put(entries, id, node(s, ns, ne, projectName)); });
    out[key] = entries;
  });
  return out;
}

/** One node: whole when it belongs to another package, else only the members modeler reads. */
function node(s: Scanner, vs: number, ve: number, projectName: string | undefined): unknown {
  if (s.b[vs] !== 0x7b || projectName === undefined) return s.json(vs, ve);
  const spans = new Map<string, [number, number]>();
  s.members(vs, (k, a, z) => { if (WANTED.has(k)) spans.set(k, [a, z]); }, true);
  const pkg = spans.get('package_name');
  if (!pkg || s.json(pkg[0], pkg[1]) !== projectName) return s.json(vs, ve);
  const out: Record<string, unknown> = {};
  for (const [k, [a, z]] of spans) if (OWN_FIELDS.has(k)) put(out, k, s.json(a, z));
  const type = out.resource_type;
  // a test's config says whether it is enabled and its severity
  if (type === 'test' && spans.has('config')) out.config = s.json(...spans.get('config')!);
  // raw_code decides whether compiled_code is current only when dbt kept no sha256 checksum
  const sum = out.checksum as { name?: unknown } | undefined;
  if (out.compiled_code !== undefined && sum?.name !== 'sha256' && spans.has('raw_code')) out.raw_code = s.json(...spans.get('raw_code')!);
  return out;
}

/** As JSON.parse sets a member: a name such as `__proto__` is an own property, never the prototype. */
function put(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, writable: true, enumerable: true, configurable: true });
  else o[k] = v;
}

class Scanner {
  constructor(readonly b: Buffer) {}

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

  private escaped(a: number, z: number): boolean {
    const k = this.b.indexOf(0x5c, a);
    return k >= 0 && k < z;
  }

  /** Index just past the string that opens at i. */
  private stringEnd(i: number): number {
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
  private valueEnd(i: number): number {
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
    return j;
  }

  /**
   * Call fn(key, valueStart, valueEnd) for each member of the object that opens at i; index past it.
   * `names`: only names among WANTED matter, so others (and any not ASCII) are passed as ''.
   */
  members(i: number, fn: (key: string, a: number, z: number) => void, names = false): number {
    const b = this.b;
    if (b[i] !== 0x7b) throw new ManifestSyntaxError('expected an object', i);
    let j = this.ws(i + 1);
    if (b[j] === 0x7d) return j + 1;
    for (;;) {
      if (b[j] !== 0x22) throw new ManifestSyntaxError('expected a member name', j);
      const ke = this.stringEnd(j);
      const key = names ? (WANTED_LENGTHS.has(ke - j - 2) ? b.toString('latin1', j + 1, ke - 1) : '') : this.json(j, ke) as string;
      j = this.ws(ke);
      if (b[j] !== 0x3a) throw new ManifestSyntaxError('expected ":"', j);
      const vs = this.ws(j + 1);
      const ve = this.valueEnd(vs);
      fn(key, vs, ve);
      j = this.ws(ve);
      if (b[j] === 0x2c) { j = this.ws(j + 1); continue; }
      if (b[j] === 0x7d) return j + 1;
      throw new ManifestSyntaxError('expected "," or "}"', j);
    }
  }
}
