// The index's graph beside its records: incoming links (target id → the ids linking to it) and
// exact names (lower-cased name → ids), kept as records are put and dropped. A 10,000-model
// project holds ~450,000 links and ~210,000 names, most keys with one id: a key holds a lone id
// as itself, several in an array.
import type { IndexRecord, RecordKind } from './records.js';

/** Kinds whose names are looked up exactly (structured lookup). */
export const NAMED: ReadonlySet<RecordKind> = new Set<RecordKind>(['model', 'source', 'seed', 'snapshot', 'exposure', 'semantic_model', 'metric', 'column', 'doc_block',
  'glossary_term', 'skill', 'concept', 'entity', 'diagram', 'file', 'domain', 'owner', 'tag', 'relationship', 'data_type', 'test']);

/** The keys a named record is looked up by: its name, a file's base name, its aliases (lower-cased). */
export function nameKeys(r: IndexRecord): string[] {
  const keys = [r.name.toLowerCase()];
  if (r.kind === 'file') keys.push(baseName(r.name).toLowerCase());
  for (const a of r.aliases ?? []) keys.push(a.toLowerCase());
  return keys;
}

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The ids under each key, read as lists (what the CLI's index cache writes). */
export interface IdLists { keys(): IterableIterator<string>; get(key: string): readonly string[] | undefined }

/** A key's ids: one id as itself, more as an array (an array for each of 400,000 keys was a tenth of the index's heap). */
type Ids = string | string[];

const list = (v: Ids | undefined): readonly string[] | undefined => (typeof v === 'string' ? [v] : v);

export class RecordLinks {
  /** incoming links: target id → the ids linking to it */
  private reverse = new Map<string, Ids>();
  /** lower-cased name → ids */
  private names = new Map<string, Ids>();

  clear(): void { this.reverse.clear(); this.names.clear(); }

  /** The ids linking to `id`. */
  incoming(id: string): readonly string[] { return list(this.reverse.get(id)) ?? []; }

  /** The ids named `name` (case-insensitive). */
  named(name: string): readonly string[] { return list(this.names.get(name.toLowerCase())) ?? []; }

  /** Both maps as lists. */
  lists(): { names: IdLists; reverse: IdLists } {
    const view = (m: Map<string, Ids>): IdLists => ({ keys: () => m.keys(), get: (k) => list(m.get(k)) });
    return { names: view(this.names), reverse: view(this.reverse) };
  }

  link(r: IndexRecord): void {
    const id = r.id, links = r.links;
    for (let i = 0; i < links.length; i++) {
      const s = this.reverse.get(links[i]);
      if (s === undefined) this.reverse.set(links[i], id);
      else if (typeof s === 'string') this.reverse.set(links[i], [s, id]);
      else s.push(id);
    }
    if (!NAMED.has(r.kind)) return;
    // nameKeys' keys in its order, without making its list for each of the build's records
    this.addName(r.name.toLowerCase(), id);
    if (r.kind === 'file') this.addName(baseName(r.name).toLowerCase(), id);
    if (r.aliases) for (const a of r.aliases) this.addName(a.toLowerCase(), id);
  }

  unlink(r: IndexRecord): void {
    for (const l of r.links) {
      const s = this.reverse.get(l);
      if (s === undefined) continue;
      if (typeof s === 'string') { if (s === r.id) this.reverse.delete(l); continue; }
      // every occurrence (a self-reference lists its table twice)
      for (let i = s.indexOf(r.id); i >= 0; i = s.indexOf(r.id, i)) s.splice(i, 1);
      if (!s.length) this.reverse.delete(l);
    }
    if (NAMED.has(r.kind)) for (const k of nameKeys(r)) {
      const s = this.names.get(k);
      if (s === undefined) continue;
      if (typeof s === 'string') { if (s === r.id) this.names.delete(k); continue; }
      const i = s.indexOf(r.id);
      if (i < 0) continue;
      s.splice(i, 1);
      if (!s.length) this.names.delete(k);
    }
  }

  private addName(k: string, id: string): void {
    const s = this.names.get(k);
    if (s === undefined) this.names.set(k, id);
    else if (typeof s === 'string') { if (s !== id) this.names.set(k, [s, id]); }
    else if (!s.includes(id)) s.push(id);
  }
}
