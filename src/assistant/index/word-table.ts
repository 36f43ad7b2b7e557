// The words of a field's text with the term numbers each was given, remembered per word. The
// words are found by scanning the text's characters and looked up by a hash made on the way, in
// a table of their own: cutting each word out of its text (String.match) and hashing the copy
// again in a Map was most of what counting a field's terms cost (about 1.6 million words at
// 10,000 models, nearly all of them met before), and each copy was garbage at once.

/** FNV-1a's 32-bit offset basis and prime. */
const OFFSET = 0x811c9dc5 | 0, PRIME = 0x01000193;

export class WordTable {
  private hashes!: Int32Array;
  private words!: (string | undefined)[];
  private terms!: (readonly number[])[];
  private used = 0;

  /**
   * `isWordChar`: the characters a word is made of (what the analyzer's word pattern matches, one
   * character at a time); `termsOf`: the term numbers of a word met for the first time; `limit`:
   * how many words are remembered before the table starts again.
   */
  constructor(private readonly isWordChar: (code: number) => boolean, private readonly termsOf: (word: string) => readonly number[], private readonly limit: number) {
    this.reset(1 << 12);
  }

  /** The term numbers of each word of `text`, in order, into `out` (reused: read the first n); returns n. */
  scan(text: string, out: (readonly number[])[]): number {
    let n = 0;
    const len = text.length;
    for (let i = 0; i < len;) {
      if (!this.isWordChar(text.charCodeAt(i))) { i++; continue; }
      const start = i;
      let h = OFFSET;
      for (; i < len; i++) {
        const c = text.charCodeAt(i);
        if (!this.isWordChar(c)) break;
        h = Math.imul(h ^ c, PRIME);
      }
      out[n++] = this.find(text, start, i, h);
    }
    return n;
  }

  private find(text: string, start: number, end: number, h: number): readonly number[] {
    const mask = this.hashes.length - 1, len = end - start;
    let at = h & mask;
    for (let w = this.words[at]; w !== undefined; at = (at + 1) & mask, w = this.words[at]) {
      if (this.hashes[at] === h && w.length === len && sameAt(text, start, w)) return this.terms[at];
    }
    const word = text.slice(start, end);
    const ts = this.termsOf(word);
    if (this.used >= this.limit) { this.reset(this.hashes.length); return this.put(word, h, ts); }
    this.hashes[at] = h; this.words[at] = word; this.terms[at] = ts;
    if (++this.used * 2 > this.hashes.length) this.grow();
    return ts;
  }

  private put(word: string, h: number, ts: readonly number[]): readonly number[] {
    const mask = this.hashes.length - 1;
    let at = h & mask;
    while (this.words[at] !== undefined) at = (at + 1) & mask;
    this.hashes[at] = h; this.words[at] = word; this.terms[at] = ts;
    this.used++;
    return ts;
  }

  private reset(size: number): void {
    this.hashes = new Int32Array(size);
    this.words = new Array(size).fill(undefined);
    this.terms = new Array(size);
    this.used = 0;
  }

  private grow(): void {
    const { hashes, words, terms } = this;
    this.reset(hashes.length * 2);
    for (let i = 0; i < hashes.length; i++) if (words[i] !== undefined) this.put(words[i]!, hashes[i], terms[i]);
  }
}

/** Whether `text` holds `word` at `start` (a loop the compiler inlines: startsWith is a call, and most words are short). */
function sameAt(text: string, start: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) if (text.charCodeAt(start + i) !== word.charCodeAt(i)) return false;
  return true;
}
