// "Did you mean" suggestions for typos in keys, enum values, commands and flags.

export function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  const prev = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0];
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j];
      prev[j] = Math.min(prev[j] + 1, prev[j - 1] + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length];
}

/** The closest candidate within a distance proportional to the word's length, or undefined. */
export function didYouMean(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = Math.max(2, Math.floor(w.length / 3));
  let best: string | undefined;
  let bestScore = Infinity;
  for (const c of candidates) {
    const cl = c.toLowerCase();
    const prefix = cl.startsWith(w) || w.startsWith(cl);
    // the distance is at least the difference in length: a candidate that far off cannot be chosen
    if (!prefix && Math.abs(cl.length - w.length) > limit) continue;
    let d = editDistance(w, cl);
    if (prefix) d = Math.min(d, 1.5);
    if (d < bestScore) { bestScore = d; best = c; }
  }
  return bestScore <= limit ? best : undefined;
}

export function didYouMeanSuffix(word: string, candidates: Iterable<string>): string {
  const s = didYouMean(word, candidates);
  return s ? ` (did you mean '${s}'?)` : '';
}
