// The index's graph beside its records: incoming links (target id → the ids linking to it) and
// exact names (lower-cased name → ids), kept as records are put and dropped. Both are plain
// arrays per key: a 10,000-model project holds ~450,000 links and ~210,000 names, nearly every
// key with one id.
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

export class RecordLinks {
  /** incoming links: target id → the ids linking to it */
  readonly reverse = new Map<string, string[]>();
  /** lower-cased name → ids */
  readonly names = new Map<string, string[]>();

  clear(): void { this.reverse.clear(); this.names.clear(); }

  /** The ids linking to `id`. */
  incoming(id: string): readonly string[] { return this.reverse.get(id) ?? []; }

  /** The ids named `name` (case-insensitive). */
  named(name: string): readonly string[] { return this.names.get(name.toLowerCase()) ?? []; }

  link(r: IndexRecord): void {
    const id = r.id, links = r.links;
    for (let i = 0; i < links.length; i++) {
      const s = this.reverse.get(links[i]);
      if (s) s.push(id); else this.reverse.set(links[i], [id]);
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
      if (!s) continue;
      // every occurrence (a self-reference lists its table twice)
      for (let i = s.indexOf(r.id); i >= 0; i = s.indexOf(r.id, i)) s.splice(i, 1);
      if (!s.length) this.reverse.delete(l);
    }
    if (NAMED.has(r.kind)) for (const k of nameKeys(r)) {
      const s = this.names.get(k);
      const i = s ? s.indexOf(r.id) : -1;
      if (i < 0) continue;
      s!.splice(i, 1);
      if (!s!.length) this.names.delete(k);
    }
  }

  private addName(k: string, id: string): void {
    const s = this.names.get(k);
    if (!s) this.names.set(k, [id]);
    else if (!s.includes(id)) s.push(id);
  }
}
