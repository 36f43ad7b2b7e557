// The project index as the CLI's cache holds it, answering retrieval without the project: the
// records (read one at a time from the file when a query reaches them), the name lookup and the
// incoming links (sorted key tables, binary searched) and the lexical index (typed arrays used
// in place). Everything retrieval asks of an index (IndexView) gives what the built index gives:
// same records, same order of lookups and links, same lexical scores. Records kept beside the
// project's (memory) are added on top, as the built index adds them last.
import { LexicalIndex, type LexicalParts } from './lexical-index.js';
import { encodeKeyTable, KeyTable } from './key-table.js';
import type { ProjectIndex } from './project-index.js';
import type { IdLists } from './record-links.js';
import { RECORD_KINDS, type IndexRecord, type RecordKind } from './records.js';
import { FIELD_BOOST, lexicalDoc, rankLexical, UNRANKED } from './search-docs.js';
import { checksum, DamagedFile, packSections, SectionFile, type Section } from './section-file.js';
import { analyzer } from './tokenize.js';
import type { IndexView } from './view.js';

const LEX = ['ids', 'idStart', 'terms', 'termStart', 'postStart', 'keys', 'tfs', 'df', 'fieldDf', 'fieldLen'] as const;

/** Records are written through a buffer of this size, refilled (a bigger record gets one of its own size). */
const CHUNK = 1 << 22;

/**
 * The file's parts for a built index, made as they are written (writeFileAtomic): no memory
 * (it is added on every call, as it may change between calls); `extra`: more sections (the
 * state an update needs: index-delta.ts). A part may be a buffer that is refilled for the next
 * one, so write each before taking the next (never collect them).
 */
export function* cachedIndexFile(index: ProjectIndex, header: Record<string, unknown>, extra: Record<string, Section> = {}): Generator<Uint8Array, void, undefined> {
  const { names, reverse, search } = index.cacheParts();
  for (const r of index.records.values()) if (r.kind === 'memory') throw new Error('index cache: write it before the memory is added');
  // the default sort orders strings by code unit, as byCodeUnit does, without calling back for each comparison
  const ids = [...index.records.keys()].sort();
  // the records, one after another: [start, end, kind, checksum] each
  const spans = new Int32Array(ids.length * 4);
  let recordsEnd = 0;
  function* blob(): Generator<Uint8Array, void, undefined> {
    let chunk = Buffer.allocUnsafe(CHUNK);
    let used = 0;
    for (let i = 0; i < ids.length; i++) {
      const r = index.records.get(ids[i])!;
      const json = JSON.stringify(r);
      // a UTF-16 code unit takes at most 3 bytes in UTF-8
      if (used + json.length * 3 > chunk.length) {
        if (used) { yield chunk.subarray(0, used); used = 0; }
        if (json.length * 3 > chunk.length) chunk = Buffer.allocUnsafe(json.length * 3);
      }
      const n = chunk.write(json, used);
      if (recordsEnd + n > 0x7fffffff) throw new Error('index cache: records over 2 GiB');
      const k = i * 4;
      spans[k] = recordsEnd; spans[k + 1] = recordsEnd + n; spans[k + 2] = RECORD_KINDS.indexOf(r.kind); spans[k + 3] = checksum(chunk.subarray(used, used + n));
      used += n; recordsEnd += n;
    }
    if (used) yield chunk.subarray(0, used);
  }
  yield* packSections(blob(), (length) => {
    if (length > 0x7fffffff) throw new Error('index cache: over 2 GiB');
    const pos = new Map<string, number>();
    for (let i = 0; i < ids.length; i++) pos.set(ids[i], i);
    const table = (m: IdLists) => {
      const keys = [...m.keys()].sort();
      return encodeKeyTable(keys, (k, _, emit) => { for (const id of m.get(k)!) emit(pos.get(id)!); });
    };
    const sections: Record<string, Section> = {};
    const put = (prefix: string, t: ReturnType<typeof encodeKeyTable>) => { for (const [k, v] of Object.entries(t)) sections[`${prefix}.${k}`] = v; };
    put('records', encodeKeyTable(ids, (_, i, emit) => { for (let k = 0; k < 4; k++) emit(spans[i * 4 + k]); }));
    put('names', table(names));
    put('reverse', table(reverse));
    // each unit's records in the order it made them: what a later change replaces (index-delta.ts)
    const units = index.changeState().units;
    put('units', encodeKeyTable([...units.keys()].sort(), (u, _, emit) => { for (const id of units.get(u)!) emit(pos.get(id)!); }));
    Object.assign(sections, extra);
    const lex = search.toParts();
    for (const k of LEX) sections[`lex.${k}`] = lex[k];
    return { header: { ...header, recordsEnd, lex: { fields: lex.fields, count: lex.count, totalLen: lex.totalLen } }, sections };
  });
}

/**
 * Changes to the kept index since it was written (index-delta.ts): records replaced, added or
 * removed (null), and for every name, link target and unit they touch, its whole list as it is now.
 */
export interface Overlay {
  records: Map<string, IndexRecord | null>;
  names: Map<string, string[]>;
  reverse: Map<string, string[]>;
  units: Map<string, string[]>;
}

export class CachedIndex implements IndexView {
  private recs: KeyTable;
  private names: KeyTable;
  private reverse: KeyTable;
  private lex?: LexicalIndex;
  private parsed = new Map<number, IndexRecord>();
  private extra = new Map<string, IndexRecord>();
  private extraUnits = new Map<string, string[]>();
  readonly records: IndexView['records'];

  private units?: KeyTable;
  /** records of the file the overlay replaces or removes, and how many the overlay adds */
  private overlaid = 0;

  constructor(private file: SectionFile, readonly overlay: Overlay = { records: new Map(), names: new Map(), reverse: new Map(), units: new Map() }) {
    const table = (p: string) => new KeyTable({ keys: file.text(`${p}.keys`), keyStart: file.int32(`${p}.keyStart`), valStart: file.int32(`${p}.valStart`), vals: file.int32(`${p}.vals`) });
    this.recs = table('records');
    this.names = table('names');
    this.reverse = table('reverse');
    const h = file.header.lex;
    const parts: any = { fields: h?.fields, count: h?.count, totalLen: h?.totalLen };
    for (const k of LEX) parts[k] = k === 'ids' || k === 'terms' ? file.text(`lex.${k}`) : file.int32(`lex.${k}`);
    if (parts.fields !== FIELD_BOOST.length || !Array.isArray(parts.totalLen)) throw new Error('index cache: lexical index of another shape');
    this.parts = parts;
    let added = 0;
    for (const [id, r] of this.overlay.records) { if (this.recs.find(id) >= 0) this.overlaid++; if (r) added++; }
    const size = this.recs.size - this.overlaid + added;
    const self = this;
    this.records = {
      get size() { return size + self.extra.size; },
      get: (id) => this.get(id),
      *values() {
        for (let i = 0; i < self.recs.size; i++) if (!self.overlay.records.has(self.recs.key(i))) yield self.at(i);
        for (const r of self.overlay.records.values()) if (r) yield r;
        yield* self.extra.values();
      },
    };
  }

  private unitTable(): KeyTable {
    return (this.units ??= new KeyTable({ keys: this.file.text('units.keys'), keyStart: this.file.int32('units.keyStart'), valStart: this.file.int32('units.valStart'), vals: this.file.int32('units.vals') }));
  }

  private parts: LexicalParts;
  /**
   * The lexical index, made when first searched: used in place, its postings are views into the
   * file's bytes, which a removal marks; so it is made once per opened file, and an index opened
   * only to read records (index-delta.ts) leaves them as written.
   */
  private get search(): LexicalIndex {
    if (this.lex) return this.lex;
    const lex = this.lex = LexicalIndex.fromParts(this.parts, analyzer());
    // the overlay's records take the place of the file's, as a build would have them
    for (const [id, r] of this.overlay.records) {
      const i = this.recs.find(id);
      if (i >= 0) { const was = this.at(i); if (!UNRANKED.has(was)) lex.remove(lexicalDoc(was)); }
      if (r && !UNRANKED.has(r)) lex.add(lexicalDoc(r));
    }
    return lex;
  }

  /** The ids of a unit's records, in the order it made them (index-delta.ts). */
  unitIds(unit: string): string[] {
    const o = this.overlay.units.get(unit);
    if (o) return o;
    const t = this.unitTable();
    const i = t.find(unit);
    return i < 0 ? [] : [...t.values(i)].map((p) => this.recs.key(p));
  }

  private unitAt?: Int32Array;
  /** The unit a record was made in (index-delta.ts), without reading the record from the file. */
  unitOf(id: string): string | undefined {
    const o = this.overlay.records.get(id);
    if (o !== undefined) return o?.unit;
    const i = this.recs.find(id);
    if (i < 0) return undefined;
    if (!this.unitAt) {
      const t = this.unitTable();
      this.unitAt = new Int32Array(this.recs.size).fill(-1);
      for (let u = 0; u < t.size; u++) for (const p of t.values(u)) this.unitAt[p] = u;
    }
    const u = this.unitAt[i];
    return u < 0 ? undefined : this.unitTable().key(u);
  }

  /** The ids a name looks up, in order (index-delta.ts). */
  lookupIds(key: string): string[] {
    const o = this.overlay.names.get(key);
    if (o) return o;
    const i = this.names.find(key);
    return i < 0 ? [] : [...this.names.values(i)].map((p) => this.recs.key(p));
  }

  /** The record at a position of the sorted table, read from the file the first time. */
  private at(i: number): IndexRecord {
    let r = this.parsed.get(i);
    if (!r) {
      const [start, end, , sum] = this.recs.values(i);
      const b = this.file.blob(start, end);
      if (checksum(b) !== sum) throw new DamagedFile(`record ${this.recs.key(i)} is damaged`);
      r = JSON.parse(b.toString('utf8')) as IndexRecord;
      this.parsed.set(i, r);
    }
    return r;
  }

  get(id: string): IndexRecord | undefined {
    const o = this.overlay.records.get(id);
    if (o !== undefined) return o ?? this.extra.get(id);
    const i = this.recs.find(id);
    return i >= 0 ? this.at(i) : this.extra.get(id);
  }

  private kindOf(id: string): RecordKind | undefined {
    const o = this.overlay.records.get(id);
    if (o) return o.kind;
    const i = o === null ? -1 : this.recs.find(id);
    return i >= 0 ? RECORD_KINDS[this.recs.values(i)[2]] : this.extra.get(id)?.kind;
  }

  /** Issues were brought up to date before the index was written; nothing changes under a cached index. */
  refreshIssues(): number { return 0; }

  lexical(query: string, opts: { limit?: number; kinds?: ReadonlySet<RecordKind> } = {}): { id: string; score: number }[] {
    return rankLexical(this.search, this.records.size, (id) => this.kindOf(id), query, opts);
  }

  /**
   * An issue's id is `issue:CODE:target@file:line` (records.ts), so those with a code lie
   * together in the sorted table: only they are read, not all ~200,000 records at 10,000 models.
   */
  issuesWithCode(code: string): IndexRecord[] {
    const out: IndexRecord[] = [];
    const prefix = `issue:${code}:`;
    for (let i = this.recs.lowerBound(prefix); i < this.recs.size && this.recs.key(i).startsWith(prefix); i++) {
      if (this.overlay.records.has(this.recs.key(i))) continue;
      const r = this.at(i);
      if (r.kind === 'issue' && r.name.startsWith(`${code}:`)) out.push(r);
    }
    const over = [...this.overlay.records.values()].filter((r): r is IndexRecord => !!r && r.kind === 'issue' && r.name.startsWith(`${code}:`));
    // in the order of ids, as a file written afresh holds them
    if (over.length) { out.push(...over); out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)); }
    for (const r of this.extra.values()) if (r.kind === 'issue' && r.name.startsWith(`${code}:`)) out.push(r);
    return out;
  }

  lookup(name: string): IndexRecord[] {
    const key = name.toLowerCase();
    if (this.overlay.names.has(key)) return this.overlay.names.get(key)!.map((id) => this.get(id)!).filter(Boolean);
    const i = this.names.find(key);
    return i < 0 ? [] : [...this.names.values(i)].map((p) => this.at(p));
  }

  /** The ids linking to `id` (index-delta.ts), each as often as it links. */
  incoming(id: string): string[] {
    const o = this.overlay.reverse.get(id);
    if (o) return o;
    const i = this.reverse.find(id);
    return i < 0 ? [] : [...this.reverse.values(i)].map((p) => this.recs.key(p));
  }

  neighbours(id: string): IndexRecord[] {
    const r = this.get(id);
    const ids = new Set<string>([...(r?.links ?? []), ...this.incoming(id)]);
    ids.delete(id);
    return [...ids].map((x) => this.get(x)).filter((x): x is IndexRecord => !!x);
  }

  lineage(id: string): { parents: IndexRecord[]; children: IndexRecord[] } {
    const r = this.get(id);
    const parents = (r?.parents ?? []).map((x) => this.get(x)).filter((x): x is IndexRecord => !!x);
    const children = this.incoming(id).map((x) => this.get(x)).filter((x): x is IndexRecord => !!x && (x.parents ?? []).includes(id));
    return { parents, children };
  }

  unitRecords(unit: string): IndexRecord[] {
    return (this.extraUnits.get(unit) ?? []).map((id) => this.extra.get(id)).filter((x): x is IndexRecord => !!x);
  }

  /**
   * Records kept beside the project's (memory), replacing the unit's previous ones. They carry
   * no links and no names the lookup serves (as memory records), so only the lexical index and
   * the records change.
   */
  setExtraUnit(unit: string, recs: IndexRecord[]): void {
    for (const id of this.extraUnits.get(unit) ?? []) { const r = this.extra.get(id); if (r) { this.search.remove(lexicalDoc(r)); this.extra.delete(id); } }
    const ids: string[] = [];
    for (const r of recs) {
      if (r.links.length || this.get(r.id) || this.extra.has(r.id)) continue; // the same id from two units: the first one stands
      this.extra.set(r.id, r); ids.push(r.id);
      this.search.add(lexicalDoc(r));
    }
    this.extraUnits.set(unit, ids);
  }
}
