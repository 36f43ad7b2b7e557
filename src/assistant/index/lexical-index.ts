// The lexical half of the project index: BM25+ over the texts of a record's fields, with field
// boosts, prefix and fuzzy terms, and exact removal. It replaces MiniSearch (DESIGN's choice) for
// a measured reason: MiniSearch keeps a Map per (term, field) holding a Map entry per document,
// so a cold build of the 10,000-model project made ~2.8 million Map entries and spent most of
// its time inserting them and collecting garbage (4.3 s of a 3 s budget). Here terms are
// numbered and the index splits field texts itself, remembering each word's term numbers, so a
// token costs one lookup of its word and no term lists are made; a term's postings are two plain
// arrays (document×field keys, ascending, and term frequencies) appended in document order, and
// every per-term count is an array slot. A removal marks its posting dead (found by binary
// search: documents only ever get higher numbers) and a term's arrays are compacted once half
// dead. Scores are MiniSearch's: BM25+ (k 1.2, b 0.7, d 0.5) per field, times the field boost,
// prefix and fuzzy matches weighted as MiniSearch weighs them, summed over the query terms and
// multiplied by how many query terms matched.

import { editDistance } from './edit-distance.js';
import { WordTable } from './word-table.js';

/** A record as the index takes it: the text of each field. */
export interface LexicalDoc { id: string; fields: string[] }

/** How field texts become terms: the characters words are made of, and the processed terms of one word. */
export interface Analyzer { wordChar: (code: number) => boolean; terms: (word: string) => readonly string[] }

/** Words remembered with their term numbers before the cache starts again (a project's vocabulary is far smaller). */
const WORD_CACHE_LIMIT = 500_000;

/**
 * Which terms keep their postings: a one-off call that knows its query before the build (the
 * CLI's first call, which leaves keeping the index to the resident it starts) keeps only the
 * postings of the terms that query can score — its own terms and those its prefix and fuzzy
 * matching may reach — so the build skips the millions of postings no answer reads. Every count
 * a score uses (document and field frequencies, field lengths, the term numbers' order) is kept
 * for every term, so the scores are the full index's; a query with another term is refused
 * (covers) and the caller builds the full index.
 */
export interface PostingsFilter {
  /** the processed terms of the queries it was made for */
  terms: ReadonlySet<string>;
  keep: (term: string) => boolean;
}

export interface LexicalQuery {
  /** Boost of each field, in field order. */
  boost: number[];
  /** Whether a query term also matches longer terms it begins. */
  prefix?: (term: string) => boolean;
  /** A query term's fuzziness: a share of its length (< 1) or an edit distance; false for none. */
  fuzzy?: (term: string) => number | false;
  maxFuzzy?: number;
  weights?: { prefix: number; fuzzy: number };
  filter?: (id: string) => boolean;
}

const K = 1.2, B = 0.7, D = 0.5;

/** The index as typed arrays and strings (lexical-binary.ts packs them), for a cache that restores without parsing JSON. */
export interface LexicalParts {
  fields: number; count: number; totalLen: number[];
  /** document ids, then terms: concatenated, with the start of each (and the end) */
  ids: string; idStart: Int32Array; terms: string; termStart: Int32Array;
  /** per term: where its postings start in keys/tfs (and the end) */
  postStart: Int32Array; keys: Int32Array; tfs: Int32Array;
  df: Int32Array; fieldDf: Int32Array; fieldLen: Int32Array;
}

export class LexicalIndex {
  private ids: (string | null)[] = [];
  private numberOf?: Map<string, number> = new Map();
  /** per document × field: distinct terms in that field (typed when restored from parts, until a document is added) */
  private fieldLen: number[] | Int32Array = [];
  private totalLen: number[];
  private count = 0;
  /** term → its number; per term number: postings (key = document × fields + field), frequencies (0 = removed); views into the parts' arrays until a term gains a posting */
  private termIds = new Map<string, number>();
  private keys: (number[] | Int32Array)[] = [];
  private tfs: (number[] | Int32Array)[] = [];
  /** per term × field: live postings; per term: dead postings, documents holding it */
  private fieldDf: number[] = [];
  private dead: number[] = [];
  private df: number[] = [];
  /** scratch while adding or removing one document: frequency per term of the current field, the terms seen in it, the last document that counted a term */
  private scratch: number[] = [];
  private touched: number[] = [];
  private lastDoc: number[] = [];
  /** word → its term numbers (a term keeps its number for good, so these stay valid) */
  private readonly wordTerms: WordTable;
  /** the term numbers of one text's words, reused from text to text */
  private wordBuf: (readonly number[])[] = [];
  /** with a PostingsFilter: per term, whether its postings are left out; the terms kept, in term-number order (the only ones prefix and fuzzy matching can score) */
  private skipped: boolean[] = [];
  private keptTerms: string[] = [];

  constructor(private readonly fieldCount: number, private readonly analyzer: Analyzer, private readonly filter?: PostingsFilter) {
    this.totalLen = new Array(fieldCount).fill(0);
    if (filter) this.numberOf = undefined;
    this.wordTerms = new WordTable(analyzer.wordChar, (word) => analyzer.terms(word).map((term) => this.intern(term)), WORD_CACHE_LIMIT);
  }

  get documentCount(): number { return this.count; }

  /** True when some terms' postings were left out (PostingsFilter): only its queries are answered, nothing is removed or kept. */
  get partial(): boolean { return this.filter !== undefined; }

  /** Whether a query of these processed terms ranks here as in the full index. */
  covers(terms: readonly string[]): boolean {
    return !this.filter || terms.every((t) => this.filter!.terms.has(t));
  }

  has(id: string): boolean { return this.numbers.has(id); }

  /** id → document number: made when first needed (a restored index answers queries without it) */
  private get numbers(): Map<string, number> {
    if (!this.numberOf) { this.numberOf = new Map(); this.ids.forEach((id, n) => { if (id !== null) this.numberOf!.set(id, n); }); }
    return this.numberOf;
  }

  /** How many documents hold `term` (in any field). */
  docFreq(term: string): number {
    const t = this.termIds.get(term);
    return t === undefined ? 0 : this.df[t];
  }

  add(doc: LexicalDoc): void {
    // a partial index (one call's) makes the id → number map only if asked (`has`): its caller adds each id once
    const numbers = this.filter ? this.numberOf : this.numbers;
    if (numbers?.has(doc.id)) throw new Error(`lexical index: ${doc.id} is already indexed`);
    const n = this.ids.length, F = this.fieldCount;
    if (!Array.isArray(this.fieldLen)) this.fieldLen = plain(this.fieldLen);
    this.ids.push(doc.id);
    numbers?.set(doc.id, n);
    this.count++;
    for (let f = 0; f < F; f++) {
      const distinct = this.countTerms(doc.fields[f]);
      this.fieldLen[n * F + f] = distinct;
      this.totalLen[f] += distinct;
      const key = n * F + f;
      for (let i = 0; i < distinct; i++) {
        const t = this.touched[i];
        if (!this.skipped[t]) {
          if (!Array.isArray(this.keys[t])) { this.keys[t] = plain(this.keys[t]); this.tfs[t] = plain(this.tfs[t]); }
          (this.keys[t] as number[]).push(key);
          (this.tfs[t] as number[]).push(this.scratch[t]);
        }
        this.scratch[t] = 0;
        this.fieldDf[t * F + f]++;
        if (this.lastDoc[t] !== n) { this.lastDoc[t] = n; this.df[t]++; }
      }
    }
  }

  /** Remove a document exactly; `doc` carries the fields it was added with. */
  remove(doc: LexicalDoc): void {
    if (this.filter) throw new Error('lexical index: a partial index removes nothing (build the full one)');
    const n = this.numbers.get(doc.id);
    if (n === undefined) return;
    const F = this.fieldCount;
    this.numbers.delete(doc.id);
    this.ids[n] = null;
    this.count--;
    for (let f = 0; f < F; f++) {
      this.totalLen[f] -= this.fieldLen[n * F + f] ?? 0;
      const distinct = this.countTerms(doc.fields[f]);
      for (let i = 0; i < distinct; i++) {
        const t = this.touched[i];
        this.scratch[t] = 0;
        if (!this.kill(t, n * F + f)) continue;
        if (this.lastDoc[t] !== -1 - n) { this.lastDoc[t] = -1 - n; this.df[t]--; }
      }
    }
  }

  /** Ranked ids for the processed query terms (each term once). */
  search(queryTerms: string[], q: LexicalQuery): { id: string; score: number }[] {
    if (!this.covers(queryTerms)) throw new Error('lexical index: a partial index answers only the queries it was built for');
    const weights = q.weights ?? { prefix: 0.375, fuzzy: 0.45 };
    const total = new Map<number, { score: number; matched: number }>();
    for (const term of queryTerms) {
      const hits = new Map<number, number>();
      this.score(term, 1, q.boost, hits);
      const prefix = q.prefix?.(term) ?? false;
      const fuzziness = q.fuzzy?.(term) ?? false;
      const maxDistance = fuzziness === false ? 0 : fuzziness < 1 ? Math.min(q.maxFuzzy ?? 6, Math.round(term.length * fuzziness)) : fuzziness;
      if (prefix || maxDistance) {
        const fuzzyHits: [string, number][] = [];
        for (const other of this.filter ? this.keptTerms : this.termIds.keys()) {
          if (other === term) continue;
          if (prefix && other.startsWith(term)) {
            const distance = other.length - term.length;
            this.score(other, (weights.prefix * other.length) / (other.length + 0.3 * distance), q.boost, hits);
          } else if (maxDistance && Math.abs(other.length - term.length) <= maxDistance) {
            const distance = editDistance(term, other, maxDistance);
            if (distance <= maxDistance) fuzzyHits.push([other, distance]);
          }
        }
        for (const [other, distance] of fuzzyHits) this.score(other, (weights.fuzzy * other.length) / (other.length + distance), q.boost, hits);
      }
      for (const [n, s] of hits) {
        const t = total.get(n);
        if (t) { t.score += s; t.matched++; } else total.set(n, { score: s, matched: 1 });
      }
    }
    const out: { id: string; score: number }[] = [];
    for (const [n, t] of total) {
      const id = this.ids[n]!;
      if (!q.filter || q.filter(id)) out.push({ id, score: t.score * t.matched });
    }
    // equal scores in the order of ids, not of document numbers: an index updated in place (the
    // server's, or a kept one with the files changed since laid over it) ranks as one built afresh
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  /** Live postings only, so a restored index starts compact. */
  toJSON(): object {
    if (this.filter) throw new Error('lexical index: a partial index is not kept');
    const terms: [string, number[], number[]][] = [];
    for (const [term, t] of this.termIds) {
      if (!this.df[t]) continue;
      const ks = this.keys[t], ts = this.tfs[t];
      if (!this.dead[t]) { terms.push([term, Array.isArray(ks) ? ks : Array.from(ks), Array.isArray(ts) ? ts : Array.from(ts)]); continue; }
      const k2: number[] = [], t2: number[] = [];
      for (let i = 0; i < ks.length; i++) if (ts[i]) { k2.push(ks[i]); t2.push(ts[i]); }
      terms.push([term, k2, t2]);
    }
    return { version: 2, fields: this.fieldCount, ids: this.ids, fieldLen: this.fieldLen, totalLen: this.totalLen, count: this.count, terms };
  }

  static fromJSON(data: any, analyzer: Analyzer): LexicalIndex {
    if (data?.version !== 2) throw new Error('lexical index: unknown snapshot version');
    const ix = new LexicalIndex(data.fields, analyzer);
    const F = ix.fieldCount;
    ix.ids = data.ids;
    ix.ids.forEach((id, n) => { if (id !== null) ix.numbers.set(id, n); });
    ix.fieldLen = data.fieldLen;
    ix.totalLen = data.totalLen;
    ix.count = data.count;
    for (const [term, ks, ts] of data.terms as [string, number[], number[]][]) {
      const t = ix.intern(term);
      ix.keys[t] = ks; ix.tfs[t] = ts;
      let last = -1;
      for (const k of ks) {
        ix.fieldDf[t * F + (k % F)]++;
        const n = Math.floor(k / F);
        if (n !== last) { ix.df[t]++; last = n; }
      }
    }
    return ix;
  }

  /**
   * Hold the live postings in two typed arrays, each term's a view into them (as fromParts leaves
   * them): 4 bytes a number and no room kept for growth, where arrays grown one posting at a time
   * take 8 and up to half again (a 10,000-model index holds 3.5 million postings). A term that
   * gains a posting later gets its own array again (see add).
   */
  compact(): void {
    for (const _ of this.compactSteps()) { /* all at once */ }
  }

  /**
   * compact() a run of terms at a time, each run's postings in arrays of their own: a step copies
   * about `perStep` postings (a few milliseconds), so a server building the index in slices keeps
   * answering; each term is whole before and after every step.
   */
  *compactSteps(perStep = 100_000): Generator<void> {
    const T = this.keys.length;
    for (let first = 0; first < T;) {
      let total = 0, end = first;
      for (; end < T && (end === first || total < perStep); end++) { const ts = this.tfs[end]; for (let i = 0; i < ts.length; i++) if (ts[i]) total++; }
      const keys = new Int32Array(total), tfs = new Int32Array(total);
      let at = 0;
      for (let t = first; t < end; t++) {
        const ks = this.keys[t], ts = this.tfs[t], from = at;
        for (let i = 0; i < ks.length; i++) if (ts[i]) { keys[at] = ks[i]; tfs[at] = ts[i]; at++; }
        this.keys[t] = keys.subarray(from, at); this.tfs[t] = tfs.subarray(from, at); this.dead[t] = 0;
      }
      first = end;
      yield;
    }
  }

  /** Live postings only, as typed arrays (see LexicalParts). */
  toParts(): LexicalParts {
    if (this.filter) throw new Error('lexical index: a partial index is not kept');
    const F = this.fieldCount;
    // sized first, then filled: a 10,000-model index holds millions of postings
    let T = 0, total = 0;
    for (const t of this.termIds.values()) {
      if (!this.df[t]) continue;
      T++;
      const ts = this.tfs[t];
      for (let i = 0; i < ts.length; i++) if (ts[i]) total++;
    }
    const terms: string[] = [], postStart = new Int32Array(T + 1), keys = new Int32Array(total), tfs = new Int32Array(total), df = new Int32Array(T), fieldDf = new Int32Array(T * F);
    let j = 0, at = 0;
    for (const [term, t] of this.termIds) {
      if (!this.df[t]) continue;
      const ks = this.keys[t], ts = this.tfs[t];
      for (let i = 0; i < ks.length; i++) if (ts[i]) { keys[at] = ks[i]; tfs[at] = ts[i]; at++; }
      terms.push(term); postStart[j + 1] = at; df[j] = this.df[t];
      for (let f = 0; f < F; f++) fieldDf[j * F + f] = this.fieldDf[t * F + f];
      j++;
    }
    const joined = (xs: string[]) => { const start = new Int32Array(xs.length + 1); let n = 0; xs.forEach((x, i) => { n += x.length; start[i + 1] = n; }); return { text: xs.join(''), start }; };
    const i = joined(this.ids.map((id) => id ?? '')), tm = joined(terms);
    const fieldLen = new Int32Array(this.ids.length * F);
    for (let k = 0; k < fieldLen.length; k++) fieldLen[k] = this.fieldLen[k] ?? 0;
    return { fields: F, count: this.count, totalLen: [...this.totalLen], ids: i.text, idStart: i.start, terms: tm.text, termStart: tm.start, postStart, keys, tfs, df, fieldDf, fieldLen };
  }

  /** Restore from toParts(): the postings stay views into the parts' arrays (no copy, no parse). */
  static fromParts(p: LexicalParts, analyzer: Analyzer): LexicalIndex {
    const ix = new LexicalIndex(p.fields, analyzer);
    const n = p.idStart.length - 1, T = p.termStart.length - 1;
    if (p.postStart.length !== T + 1 || p.df.length !== T || p.fieldDf.length !== T * p.fields || p.fieldLen.length !== n * p.fields || p.totalLen.length !== p.fields) throw new Error('lexical index: parts do not agree');
    ix.ids = new Array(n);
    for (let i = 0; i < n; i++) { const id = p.ids.slice(p.idStart[i], p.idStart[i + 1]); ix.ids[i] = id || null; }
    ix.numberOf = undefined;
    ix.fieldLen = p.fieldLen;
    ix.totalLen = [...p.totalLen];
    ix.count = p.count;
    ix.df = Array.from(p.df);
    ix.fieldDf = Array.from(p.fieldDf);
    ix.dead = new Array(T).fill(0); ix.scratch = new Array(T).fill(0); ix.lastDoc = new Array(T).fill(-1);
    for (let t = 0; t < T; t++) {
      ix.termIds.set(p.terms.slice(p.termStart[t], p.termStart[t + 1]), t);
      ix.keys.push(p.keys.subarray(p.postStart[t], p.postStart[t + 1]));
      ix.tfs.push(p.tfs.subarray(p.postStart[t], p.postStart[t + 1]));
    }
    return ix;
  }

  // --- internals -------------------------------------------------------------------------

  private intern(term: string): number {
    let t = this.termIds.get(term);
    if (t !== undefined) return t;
    t = this.keys.length;
    this.termIds.set(term, t);
    this.keys.push([]); this.tfs.push([]);
    this.dead.push(0); this.df.push(0); this.scratch.push(0); this.lastDoc.push(-1);
    if (this.filter) { this.skipped[t] = !this.filter.keep(term); if (!this.skipped[t]) this.keptTerms.push(term); }
    for (let f = 0; f < this.fieldCount; f++) this.fieldDf.push(0);
    return t;
  }

  /**
   * Count the terms of one field's text into `scratch` (by term number) and list the distinct
   * ones in `touched`; returns how many. (Removing meets only words that were added, so every
   * term it meets has its number.)
   */
  private countTerms(text: string | undefined): number {
    let distinct = 0;
    if (!text) return 0;
    // the words' term numbers, read without cutting the words out of the text (word-table.ts)
    const words = this.wordBuf, n = this.wordTerms.scan(text, words);
    for (let w = 0; w < n; w++) {
      const ts = words[w];
      for (let i = 0; i < ts.length; i++) {
        const t = ts[i];
        if (this.scratch[t]++ === 0) this.touched[distinct++] = t;
      }
    }
    return distinct;
  }

  /** Add `weight` × BM25+ of every live posting of `term` to `hits`. */
  private score(term: string, weight: number, boost: number[], hits: Map<number, number>): void {
    const t = this.termIds.get(term);
    if (t === undefined) return;
    const F = this.fieldCount, ks = this.keys[t], ts = this.tfs[t];
    // per field: boost × idf, and the average field length
    const w: number[] = [], avg: number[] = [];
    for (let f = 0; f < F; f++) {
      const matching = this.fieldDf[t * F + f];
      w.push(weight * (boost[f] || 1) * Math.log(1 + (this.count - matching + 0.5) / (matching + 0.5)));
      avg.push(this.totalLen[f] / this.count);
    }
    for (let i = 0; i < ks.length; i++) {
      const tf = ts[i];
      if (!tf) continue;
      const k = ks[i], f = k % F, n = (k - f) / F;
      const s = w[f] * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * this.fieldLen[k]) / avg[f])));
      hits.set(n, (hits.get(n) ?? 0) + s);
    }
  }

  /** Mark the posting `key` of term `t` removed; false when it was not there. */
  private kill(t: number, key: number): boolean {
    const ks = this.keys[t], ts = this.tfs[t];
    let lo = 0, hi = ks.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ks[mid] < key) lo = mid + 1; else if (ks[mid] > key) hi = mid - 1; else { lo = mid; break; }
    }
    if (ks[lo] !== key || !ts[lo]) return false;
    ts[lo] = 0;
    this.fieldDf[t * this.fieldCount + (key % this.fieldCount)]--;
    if (++this.dead[t] * 2 < ks.length) return true;
    // half dead: compact this term's postings
    const k2: number[] = [], t2: number[] = [];
    for (let i = 0; i < ks.length; i++) if (ts[i]) { k2.push(ks[i]); t2.push(ts[i]); }
    this.keys[t] = k2; this.tfs[t] = t2; this.dead[t] = 0;
    return true;
  }
}
/** A typed array's numbers as an array that can grow (a loop: Array.from is ten times slower on the postings of a common term). */
function plain(xs: ArrayLike<number>): number[] {
  const out = new Array<number>(xs.length);
  for (let i = 0; i < xs.length; i++) out[i] = xs[i];
  return out;
}
