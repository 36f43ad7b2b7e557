// The project as `modeler ask` read it, kept in a cache file beside its index (`.project`), so a
// call whose stamps all hold answers without reading the project again (reading 10,000 models is
// ≈3 s; an answer touches a few of them); a call that updates the index for changed files keeps
// the project it read there again. Two parts, both in the file's blob and read only when asked:
// - the skeleton: the project's data with every node's bulky fields (columns, raw YAML entry,
//   tests: >90 % of the bytes) left out, one v8 record, so lookups by name, refs and lineage
//   scans work as on the read project;
// - one record per node holding those fields, read the first time the answer touches one of
//   them (a getter in the field's own place, so the node's keys keep their order); and one per
//   dbt artifact (target/), read the same way. The raw YAML entry keeps its plain values (name,
//   identifier, description…) in the skeleton and only its collections in the record: looking a
//   source up by its identifier then reads no record (at 10,000 models that was 6,000 of them).
// What cannot be kept as data is made again: the methods on opening; the var() context (from
// dbt_project.yml, whose stamp holds) and the Modeler/ files (they carry their YAML source) the
// first time something asks for them.
// Staleness is the index's: the file is used only with the index (or delta) naming its token, while every stamp holds (index-cache.ts).
import { join } from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { UserError } from '../../core/diagnostics.js';
import { loadModelText, type LoadedModel } from '../../core/model/load.js';
import { containedPath } from '../../core/paths.js';
import { loadProject, type LoadOptions } from '../../core/project/load.js';
import { readSettings, varContext } from '../../core/project/settings.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import { readTextFile, readTextOrFinding } from '../../core/read-text.js';
import { randomBytes } from 'node:crypto';
import { writeFileAtomic } from '../../core/fs-atomic.js';
import { checksum, DamagedFile, packSections, SectionFile } from './section-file.js';

/** Node fields kept apart, read when touched. */
const BULKY = ['columns', 'raw', 'tests'] as const;
const NODE_LISTS = ['models', 'sources', 'seeds', 'snapshots', 'exposures', 'semanticModels', 'metrics', 'disabled', 'packageNodes'] as const;
/** Project fields made again on opening, never written. */
const NOT_KEPT = new Set(['jinja', 'modelerFiles']);

/** A raw YAML entry in the skeleton: its node's record, the entry with its collections left out (0 in their places), their keys. */
type RawOutline = [record: number, plain: Record<string, unknown>, collections: string[]];

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
const isOutline = (v: unknown): v is RawOutline => Array.isArray(v) && v.length === 3 && typeof v[0] === 'number' && isPlainObject(v[1]) && Array.isArray(v[2]);

function outline(record: number, raw: Record<string, unknown>): RawOutline {
  const plain: Record<string, unknown> = {};
  const collections: string[] = [];
  for (const [k, v] of Object.entries(raw)) {
    if (v !== null && typeof v === 'object') { plain[k] = 0; collections.push(k); } else plain[k] = v;
  }
  return [record, plain, collections];
}

/** Where the kept project lies in the blob (relative to `base`, the end of the index's records). */
export interface KeptProjectHeader { skeleton: [start: number, end: number, sum: number]; nodes: number }

/**
 * The kept project's bytes (to append to the blob), made as they are written, a node at a time;
 * returns the header part saying where its skeleton lies in them (`project`).
 */
export function* keptProjectParts(project: Project): Generator<Uint8Array, { project: KeptProjectHeader }, undefined> {
  let at = 0;
  const copies = new Map<DbtNode, Record<string, unknown>>();
  const spans: number[] = [];
  /** nodes' bulky fields, serialized when a node is first copied, waiting to be written (in that order) */
  const pending: Buffer[] = [];
  const copy = (n: DbtNode): Record<string, unknown> => {
    let c = copies.get(n);
    if (c) return c;
    c = {};
    const bulky: Record<string, unknown> = {};
    // the bulky fields hold this node's record number, in their own places (key order kept)
    for (const [k, v] of Object.entries(n)) {
      if ((BULKY as readonly string[]).includes(k) && v !== undefined) {
        bulky[k] = v;
        c[k] = k === 'raw' && isPlainObject(v) ? outline(spans.length / 3, v) : spans.length / 3;
      } else c[k] = v;
    }
    if (Object.keys(bulky).length) {
      const b = serialize(bulky);
      spans.push(at, at + b.length, checksum(b));
      pending.push(b);
      at += b.length;
    }
    copies.set(n, c);
    return c;
  };
  const skeleton: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(project)) {
    if (typeof v === 'function' || NOT_KEPT.has(k)) continue;
    if ((NODE_LISTS as readonly string[]).includes(k)) {
      const list: Record<string, unknown>[] = [];
      for (const n of v as DbtNode[]) {
        list.push(copy(n));
        yield* pending.splice(0);
      }
      skeleton[k] = list;
    }
    else if (k === 'modelByName') skeleton[k] = new Map([...(v as Map<string, DbtNode>)].map(([name, n]) => [name, copy(n)]));
    else if (k === 'target') {
      // dbt's artifacts, each a record of its own (the manifest's parts are ~20 MB at 10,000 models; an answer reads the catalog at most)
      const t: Record<string, number> = {};
      for (const [a, x] of Object.entries(v as Record<string, unknown>)) {
        if (x === undefined) continue;
        const b = serialize(x);
        t[a] = spans.length / 3;
        spans.push(at, at + b.length, checksum(b));
        yield b;
        at += b.length;
      }
      skeleton[k] = t;
    }
    else skeleton[k] = v;
    // a node first met outside the node lists (modelByName) is written as the others
    yield* pending.splice(0);
  }
  skeleton.spans = Int32Array.from(spans);
  const s = serialize(skeleton);
  yield s;
  return { project: { skeleton: [at, at + s.length, checksum(s)], nodes: spans.length / 3 } };
}

/**
 * Keep the project in a file of its own beside the index (`.project`), so a call that updates
 * the index for a few changed files (index-delta.ts) keeps the project it read without writing
 * the index again. Returns the token the index (or its delta) names it by: the two are used
 * together only while they agree.
 */
export function writeKeptProject(indexFile: string, project: Project): string {
  const token = randomBytes(9).toString('base64');
  let where: KeptProjectHeader | undefined;
  function* blob(): Generator<Uint8Array, void, undefined> { where = (yield* keptProjectParts(project)).project; }
  writeFileAtomic(keptProjectFile(indexFile), packSections(blob(), () => ({ header: { token, project: where }, sections: {} })));
  return token;
}

export const keptProjectFile = (indexFile: string) => `${indexFile}.project`;

/** The project kept beside an index under `token`, opened when called; undefined when there is none that agrees. */
export function keptProjectOf(indexFile: string, token: unknown, read: LoadOptions): (() => Project) | undefined {
  if (typeof token !== 'string') return undefined;
  let f: SectionFile;
  try { f = SectionFile.open(keptProjectFile(indexFile)); } catch { return undefined; }
  if (f.header.token !== token || !f.header.project) { f.close(); return undefined; }
  return () => openKeptProject(f, 0, f.header.project as KeptProjectHeader, read);
}

/** The project kept in `file` at `base` of its blob, its nodes' bulky fields read when touched. */
export function openKeptProject(file: SectionFile, base: number, h: KeptProjectHeader, read: LoadOptions): Project {
  const [start, end, sum] = h.skeleton;
  const bytes = file.blob(base + start, base + end);
  if (checksum(bytes) !== sum) throw new DamagedFile('the kept project is damaged');
  const p = deserialize(bytes) as Record<string, any>;
  const spans = p.spans as Int32Array;
  delete p.spans;
  if (!(spans instanceof Int32Array) || spans.length !== h.nodes * 3) throw new DamagedFile('the kept project does not add up');
  const record = (i: number): Record<string, unknown> => {
    const b = file.blob(base + spans[i * 3], base + spans[i * 3 + 1]);
    if (checksum(b) !== spans[i * 3 + 2]) throw new DamagedFile('a kept node is damaged');
    return deserialize(b);
  };
  const target = p.target as Record<string, unknown>;
  for (const a of Object.keys(target)) {
    const i = target[a];
    if (typeof i !== 'number') throw new DamagedFile('the kept project does not add up');
    Object.defineProperty(target, a, {
      enumerable: true, configurable: true,
      get() { const v = record(i); Object.defineProperty(target, a, { value: v, writable: true, enumerable: true, configurable: true }); return v; },
      set(v) { Object.defineProperty(target, a, { value: v, writable: true, enumerable: true, configurable: true }); },
    });
  }
  lazyNodes(p, record);
  return withMethods(p as Project, read);
}

/** A kept node's state until its bulky fields are read: its record (read once), its fields waiting for it, its raw entry's outline. */
interface Waiting { i: number; keys: readonly string[]; raw?: RawOutline; rec?: Record<string, unknown> }

/**
 * Put a getter in the place of each node's bulky fields. The getters are shared by every node
 * (the node is their receiver, its state is looked up): getters of its own for each node made
 * opening ~2x slower at 10,000 models.
 */
function lazyNodes(p: Record<string, any>, record: (i: number) => Record<string, unknown>): void {
  const waiting = new Map<object, Waiting>();
  /** raw entries whose collections are still in the record, and their node's state */
  const entries = new Map<object, Waiting>();
  const rec = (w: Waiting) => (w.rec ??= record(w.i));
  const plain = (o: object, k: string, value: unknown) => Object.defineProperty(o, k, { value, writable: true, enumerable: true, configurable: true });
  // the first touch of any bulky field reads them all and puts them in place as plain fields
  const fill = (n: Record<string, unknown>): void => {
    const w = waiting.get(n);
    if (!w) return;
    const r = rec(w);
    for (const k of w.keys) plain(n, k, r[k]);
  };
  const field = (k: string): PropertyDescriptor => ({
    enumerable: true, configurable: true,
    get(this: Record<string, unknown>) { fill(this); return this[k]; },
    set(this: Record<string, unknown>, v: unknown) { fill(this); plain(this, k, v); },
  });
  const fields = new Map(BULKY.map((k) => [k, field(k)]));
  // the raw entry: its plain values as kept, each collection read from the record when touched
  const collection = new Map<string, PropertyDescriptor>();
  const collectionOf = (k: string): PropertyDescriptor => {
    let d = collection.get(k);
    if (!d) {
      collection.set(k, d = {
        enumerable: true, configurable: true,
        get(this: Record<string, unknown>) { const v = (rec(entries.get(this)!).raw as Record<string, unknown>)[k]; plain(this, k, v); return v; },
        set(this: Record<string, unknown>, v: unknown) { plain(this, k, v); },
      });
    }
    return d;
  };
  const openRaw = (n: Record<string, unknown>): Record<string, unknown> => {
    const w = waiting.get(n)!;
    const [, entry, collections] = w.raw!;
    entries.set(entry, w);
    for (const k of collections) Object.defineProperty(entry, k, collectionOf(k));
    plain(n, 'raw', entry);
    return entry;
  };
  const rawField: PropertyDescriptor = {
    enumerable: true, configurable: true,
    get(this: Record<string, unknown>) { return openRaw(this); },
    set(this: Record<string, unknown>, v: unknown) { openRaw(this); plain(this, 'raw', v); },
  };
  for (const list of NODE_LISTS) for (const n of p[list] as Record<string, unknown>[]) {
    if (waiting.has(n)) continue;
    const keys = BULKY.filter((k) => typeof n[k] === 'number');
    const raw = isOutline(n.raw) ? n.raw : undefined;
    if (!keys.length && !raw) continue;
    waiting.set(n, { i: keys.length ? n[keys[0]] as number : raw![0], keys, raw });
    for (const k of keys) Object.defineProperty(n, k, fields.get(k)!);
    if (raw) Object.defineProperty(n, 'raw', rawField);
  }
}

/** What the read project has beside its data: the var() context, Modeler/ files, its methods. */
function withMethods(p: Project, read: LoadOptions): Project {
  const root = p.root;
  // made when first asked for (a lineage answer needs neither; dbt_project.yml's stamp holds, so it reads the same then)
  once(p, 'jinja', () => varContext(readSettings(root, read, { filesRead: 0 }), 'resource'));
  once(p, 'modelerFiles', () => modelerFiles(p));
  let sqlFiles: Set<string> | undefined;
  const sql = () => (sqlFiles ??= new Set(p.sqlFiles));
  // the whole project, read the first time something asks to re-read a file (ask never does)
  let full: Project | undefined;
  const reading = (): Project => {
    full ??= loadProject(root, read);
    return full;
  };
  const sync = () => { for (const [k, v] of Object.entries(full!)) if (typeof v !== 'function') (p as any)[k] = v; };
  p.reloadFiles = (rels) => { const d = reading().reloadFiles(rels); sync(); return d; };
  p.reloadFile = (rel) => p.reloadFiles([rel]);
  p.reloadAll = () => { reading().reloadAll(); sync(); };
  p.changedSince = () => undefined;
  p.sqlText = (rel) => {
    if (!sql().has(rel)) return undefined;
    try { return readTextFile(join(root, rel), rel); } catch { return undefined; }
  };
  p.readText = (rel) => {
    // as the read project: a file it read is inside the project; anything else is checked first
    const known = p.files.has(rel) && !rel.startsWith('/') && !rel.split('/').includes('..');
    const abs = known ? join(root, rel) : containedPath(root, rel);
    if (!abs) throw new UserError(`path escapes the project: ${rel}`);
    return readTextFile(abs, rel);
  };
  return p;
}

/** A field made by `make` the first time it is read, then a plain field (set: plain at once). */
function once<T extends object, K extends keyof T>(o: T, k: K, make: () => T[K]): void {
  const plain = (value: unknown) => Object.defineProperty(o, k, { value, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(o, k, { enumerable: true, configurable: true, get() { const v = make(); plain(v); return v; }, set(v) { plain(v); } });
}

/** Modeler/ files, read again in the read's order (their stamps hold, so they read the same). */
function modelerFiles(p: Project): LoadedModel[] {
  const out: LoadedModel[] = [];
  for (const [rel, kind] of p.files) {
    if (kind !== 'modeler_model') continue;
    const r = readTextOrFinding(join(p.root, rel), rel);
    if (r && 'text' in r) out.push(loadModelText(r.text, rel));
  }
  return out;
}
