// How records reach MiniSearch: each field pre-tokenized into processed terms (the index counts
// every term's document frequency as it adds a record, and a term list is not joined into text
// only to be split again). Queries are tokenized for real.
import MiniSearch from 'minisearch';
import type { IndexRecord, RecordKind } from './records.js';
import { tokenize } from './tokenize.js';

/** A record as MiniSearch takes it: each field already a list of processed terms. */
export interface SearchDoc { id: string; name: string[]; keywords: string[]; text: string[]; path: string[] }

const passTerms = (v: string) => v as unknown as string[];
const asIs = (v: unknown) => v as unknown as string;
const identity = (t: string) => t;
export const splitTerms = (text: string) => (text ? text.split(' ') : []);

export const MINISEARCH_OPTIONS = {
  idField: 'id', fields: ['name', 'keywords', 'text', 'path'], storeFields: [] as string[],
  stringifyField: asIs, tokenize: passTerms, processTerm: identity,
  searchOptions: { tokenize, processTerm: identity },
};

export function newMiniSearch(): MiniSearch<SearchDoc> {
  return new MiniSearch<SearchDoc>(MINISEARCH_OPTIONS);
}

/** Prefix and fuzzy matching are for words; identifiers and numbers match exactly (and keep big indexes fast). */
export const PLAIN = /^[a-z]+$/;

/** Only files are ranked by their path (a table's folders are among its keywords; a column's path would repeat its table's). */
const PATH_KINDS: ReadonlySet<RecordKind> = new Set<RecordKind>(['file']);

/** The terms of a record's four fields (name, keywords, text, path). */
export function fieldTerms(r: IndexRecord): [string[], string[], string[], string[]] {
  return [tokenize(r.name), tokenize(r.keywords), tokenize(r.text), PATH_KINDS.has(r.kind) && r.file ? tokenize(r.file) : []];
}

/** Document frequency of every term, kept as records come and go. */
export class DocFreq {
  private df = new Map<string, number>();
  private seen = new Set<string>();

  add(fields: string[][]): void {
    this.seen.clear();
    for (const list of fields) for (const t of list) if (!this.seen.has(t)) { this.seen.add(t); this.df.set(t, (this.df.get(t) ?? 0) + 1); }
  }

  remove(fields: string[][]): void {
    this.seen.clear();
    for (const list of fields) for (const t of list) {
      if (this.seen.has(t)) continue;
      this.seen.add(t);
      const n = (this.df.get(t) ?? 1) - 1;
      if (n > 0) this.df.set(t, n); else this.df.delete(t);
    }
  }

  get(t: string): number { return this.df.get(t) ?? 0; }

  /**
   * The query terms worth searching: in a big index a term found in more than ~2% of the
   * records ranks little and costs the most (every record holding it is scored), so it is left
   * out; when every term is that common, the rarest one stands for the query (structured
   * lookup and the graph still see the whole question).
   */
  queryTerms(terms: string[], docs: number): string[] {
    const cap = Math.max(1500, docs * 0.02);
    const kept = terms.filter((t) => this.get(t) <= cap);
    if (kept.length) return kept;
    return [...terms].sort((a, b) => this.get(a) - this.get(b)).slice(0, 1);
  }

  toJSON(): [string, number][] { return [...this.df]; }
  static fromJSON(x: [string, number][]): DocFreq { const d = new DocFreq(); d.df = new Map(x); return d; }
}
