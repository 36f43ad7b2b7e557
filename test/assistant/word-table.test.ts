// The lexical index finds a text's words by scanning its characters (word-table.ts), where the
// queries are split by tokenize()'s pattern: both must see the same words, remembered or not.
import { describe, expect, it } from 'vitest';
import { analyzer, tokenize } from '../../src/assistant/index/tokenize.js';
import { WordTable } from '../../src/assistant/index/word-table.js';

const TEXTS = [
  'stg_hubspot__customers_2624.attr_2 varchar',
  'Column customer_id of stg_hubspot__customers_2624 — the customer’s id (café, naïve, 日本); see {{ doc("orders") }}',
  'orderId,orderID;ORDER_ID\tOrderStatus\n__x__ 2024-01-01 a.b.c',
  '', '   ', '!!!', 'é', 'x', '_', 'attr_2 attr_2 attr_2 ATTR_2',
];

/** The words of `text` as tokenize() sees them, each with its terms. */
const wordsOf = (text: string) => (text.match(/[A-Za-z0-9_]+/g) ?? []).map((w) => tokenize(w));

describe('the words the lexical index scans for', () => {
  it('are the words tokenize() splits a text into, each with its terms', () => {
    const an = analyzer();
    const table = new WordTable(an.wordChar, (w) => tokenize(w).map((t) => t.length), 1000);
    const buf: (readonly number[])[] = [];
    for (const text of TEXTS) {
      const n = table.scan(text, buf);
      expect(buf.slice(0, n), text).toEqual(wordsOf(text).map((ts) => ts.map((t) => t.length)));
    }
  });

  it('stay the same when the table grows and starts again (a full table forgets, it never confuses words)', () => {
    const an = analyzer();
    const made: string[] = [];
    // a table that remembers 5 words: 300 distinct words make it grow and start again many times
    const table = new WordTable(an.wordChar, (w) => { made.push(w); return [made.length]; }, 5);
    const words = Array.from({ length: 300 }, (_, i) => `w${i}_${(i * 7919) % 1000}`);
    const buf: (readonly number[])[] = [];
    const seen = new Map<string, readonly number[]>();
    for (let round = 0; round < 3; round++) {
      const n = table.scan(words.join(' '), buf);
      expect(n).toBe(words.length);
      // a word met again gets the terms it was given the last time it was made (the same word, never another's)
      for (let i = 0; i < n; i++) {
        const again = made.lastIndexOf(words[i]) + 1;
        expect(buf[i], words[i]).toEqual([again]);
        seen.set(words[i], buf[i]);
      }
    }
    expect(seen.size).toBe(300);
  });
});
