// The lexical half of the project index: BM25+ over pre-tokenized fields, with field boosts,
// prefix and fuzzy terms, and exact removal. It replaces MiniSearch (DESIGN's choice) for a
// measured reason: MiniSearch keeps a Map per (term, field) holding a Map entry per document,
// so a cold build of the 10,000-model project made ~2.8 million Map entries and spent most of
// its time inserting them and collecting garbage (4.3 s of a 3 s budget). Postings here are
// plain arrays, appended in document order; a removal marks its entry dead (found by binary
// search, documents only ever get higher numbers) and a term's arrays are compacted once half
// dead. Scores are MiniSearch's: BM25+ (k 1.2, b 0.7, d 0.5) per field, times the field boost,
// prefix and fuzzy matches weighted as MiniSearch weighs them, summed over the query terms and
// multiplied by how many query terms matched.

/** A record as the index takes it: each field a list of processed terms. */
export interface LexicalDoc { id: string; fields: string[][] }

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

/** Postings of one term: per field, document numbers (ascending) and term frequencies (0 = removed). */
interface Postings { docs: (number[] | undefined)[]; tfs: (number[] | undefined)[]; dead: number[] }

export class LexicalIndex {
  private ids: (string | null)[] = [];
  private numbers = new Map<string, number>();
  private fieldLen: number[] = [];
  private totalLen: number[];
  private count = 0;
  private terms = new Map<string, Postings>();
  /** documents holding each term in any field */
  private df = new Map<string, number>();
  /** reused while adding: term → frequency in one field; the terms of one document */
  private tf = new Map<string, number>();
  private seen = new Set<string>();

  constructor(private readonly fieldCount: number) {
    this.totalLen = new Array(fieldCount).fill(0);
  }

  get documentCount(): number { return this.count; }

  has(id: string): boolean { return this.numbers.has(id); }

  /** How many documents hold `term` (in any field). */
  docFreq(term: string): number { return this.df.get(term) ?? 0; }

  add(doc: LexicalDoc): void {
    if (this.numbers.has(doc.id)) throw new Error(`lexical index: ${doc.id} is already indexed`);
    const n = this.ids.length;
    this.ids.push(doc.id);
    this.numbers.set(doc.id, n);
    this.count++;
    this.seen.clear();
    for (let f = 0; f < this.fieldCount; f++) {
      const tf = this.frequencies(doc.fields[f]);
      this.fieldLen[n * this.fieldCount + f] = tf.size;
      this.totalLen[f] += tf.size;
      for (const [term, k] of tf) {
        if (!this.seen.has(term)) { this.seen.add(term); this.df.set(term, (this.df.get(term) ?? 0) + 1); }
        let p = this.terms.get(term);
        if (!p) this.terms.set(term, (p = { docs: [], tfs: [], dead: [] }));
        let ds = p.docs[f], ts = p.tfs[f];
        if (!ds || !ts) { p.docs[f] = ds = []; p.tfs[f] = ts = []; p.dead[f] = 0; }
        ds.push(n); ts.push(k);
      }
    }
  }

  /** Remove a document exactly; `doc` carries the fields it was added with. */
  remove(doc: LexicalDoc): void {
    const n = this.numbers.get(doc.id);
    if (n === undefined) return;
    this.numbers.delete(doc.id);
    this.ids[n] = null;
    this.count--;
    this.seen.clear();
    for (let f = 0; f < this.fieldCount; f++) {
      this.totalLen[f] -= this.fieldLen[n * this.fieldCount + f] ?? 0;
      for (const term of this.frequencies(doc.fields[f]).keys()) {
        this.kill(term, f, n);
        if (this.seen.has(term)) continue;
        this.seen.add(term);
        const k = (this.df.get(term) ?? 1) - 1;
        if (k > 0) this.df.set(term, k); else this.df.delete(term);
      }
    }
  }

  /** Ranked ids for the processed query terms (each term once). */
  search(queryTerms: string[], q: LexicalQuery): { id: string; score: number }[] {
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
        for (const other of this.terms.keys()) {
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
    return out.sort((a, b) => b.score - a.score);
  }

  toJSON(): object {
    const terms: [string, (number[] | null)[], (number[] | null)[]][] = [];
    for (const [term, p] of this.terms) {
      const docs: (number[] | null)[] = [], tfs: (number[] | null)[] = [];
      for (let f = 0; f < this.fieldCount; f++) {
        const ds = p.docs[f], ts = p.tfs[f];
        if (!ds || !ts) { docs.push(null); tfs.push(null); continue; }
        const keep = ts.map((k, i) => (k ? i : -1)).filter((i) => i >= 0);
        docs.push(keep.map((i) => ds[i])); tfs.push(keep.map((i) => ts[i]));
      }
      terms.push([term, docs, tfs]);
    }
    return { fields: this.fieldCount, ids: this.ids, fieldLen: this.fieldLen, totalLen: this.totalLen, count: this.count, terms, df: [...this.df] };
  }

  static fromJSON(data: any): LexicalIndex {
    const ix = new LexicalIndex(data.fields);
    ix.ids = data.ids;
    ix.ids.forEach((id, n) => { if (id !== null) ix.numbers.set(id, n); });
    ix.fieldLen = data.fieldLen;
    ix.totalLen = data.totalLen;
    ix.count = data.count;
    ix.df = new Map(data.df);
    for (const [term, docs, tfs] of data.terms as [string, (number[] | null)[], (number[] | null)[]][]) {
      ix.terms.set(term, { docs: docs.map((d) => d ?? undefined), tfs: tfs.map((t) => t ?? undefined), dead: docs.map(() => 0) });
    }
    return ix;
  }

  // --- internals -------------------------------------------------------------------------

  private frequencies(terms: string[] | undefined): Map<string, number> {
    const tf = this.tf;
    tf.clear();
    for (const t of terms ?? []) tf.set(t, (tf.get(t) ?? 0) + 1);
    return tf;
  }

  /** Add `weight` × BM25+ of every live posting of `term` to `hits`. */
  private score(term: string, weight: number, boost: number[], hits: Map<number, number>): void {
    const p = this.terms.get(term);
    if (!p) return;
    for (let f = 0; f < this.fieldCount; f++) {
      const ds = p.docs[f], ts = p.tfs[f];
      if (!ds || !ts) continue;
      const matching = ds.length - p.dead[f];
      if (!matching) continue;
      const avg = this.totalLen[f] / this.count;
      const idf = Math.log(1 + (this.count - matching + 0.5) / (matching + 0.5));
      const w = weight * (boost[f] || 1);
      for (let i = 0; i < ds.length; i++) {
        const tf = ts[i];
        if (!tf) continue;
        const n = ds[i];
        const len = this.fieldLen[n * this.fieldCount + f];
        const s = w * idf * (D + (tf * (K + 1)) / (tf + K * (1 - B + (B * len) / avg)));
        hits.set(n, (hits.get(n) ?? 0) + s);
      }
    }
  }

  private kill(term: string, f: number, n: number): void {
    const p = this.terms.get(term);
    const ds = p?.docs[f], ts = p?.tfs[f];
    if (!p || !ds || !ts) return;
    let lo = 0, hi = ds.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (ds[mid] < n) lo = mid + 1; else if (ds[mid] > n) hi = mid - 1; else { lo = mid; break; }
    }
    if (ds[lo] !== n || !ts[lo]) return;
    ts[lo] = 0;
    p.dead[f]++;
    if (p.dead[f] * 2 < ds.length) return;
    // half dead: compact this field's postings, and drop the term once nothing is left
    const keep = ts.map((k, i) => (k ? i : -1)).filter((i) => i >= 0);
    if (keep.length) { p.docs[f] = keep.map((i) => ds[i]); p.tfs[f] = keep.map((i) => ts[i]); } else { p.docs[f] = undefined; p.tfs[f] = undefined; }
    p.dead[f] = 0;
    if (p.docs.every((d) => !d)) this.terms.delete(term);
  }
}

/** Levenshtein distance of a and b, or `max + 1` as soon as it must exceed `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      cur.push(v);
      if (v < best) best = v;
    }
    if (best > max) return max + 1;
    prev = cur;
  }
  return prev[b.length];
}
