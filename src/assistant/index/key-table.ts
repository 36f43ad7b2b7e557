// A sorted table of string keys, each with a list of numbers, kept as one string and three
// integer arrays: opened without parsing or building a Map (binary search instead), which is
// what makes the cached index start in milliseconds at 200,000 records.

/** Keys in code-unit order (the order `<` gives), as the search below expects. */
export const byCodeUnit = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export interface KeyTableParts { keys: string; keyStart: Int32Array; valStart: Int32Array; vals: Int32Array }

/** Numbers appended to a typed array that grows (a key table of 200,000 keys holds ~700,000 of them: no JS array of them all). */
export class IntList {
  private a = new Int32Array(1024);
  length = 0;
  push(v: number): void {
    if (this.length === this.a.length) { const b = new Int32Array(this.a.length * 2); b.set(this.a); this.a = b; }
    this.a[this.length++] = v;
  }
  done(): Int32Array { return this.a.slice(0, this.length); }
}

/** Encode sorted, distinct keys, each with the numbers `each` emits for it (in that order). */
export function encodeKeyTable(sortedKeys: readonly string[], each: (key: string, i: number, emit: (v: number) => void) => void): KeyTableParts {
  const keyStart = new Int32Array(sortedKeys.length + 1);
  const valStart = new Int32Array(sortedKeys.length + 1);
  const vals = new IntList();
  const emit = (v: number) => vals.push(v);
  let at = 0;
  sortedKeys.forEach((k, i) => {
    if (i && byCodeUnit(sortedKeys[i - 1], k) >= 0) throw new Error('key table: keys are not sorted and distinct');
    at += k.length; keyStart[i + 1] = at;
    each(k, i, emit);
    valStart[i + 1] = vals.length;
  });
  return { keys: sortedKeys.join(''), keyStart, valStart, vals: vals.done() };
}

export class KeyTable {
  readonly size: number;
  constructor(private p: KeyTableParts) {
    this.size = p.keyStart.length - 1;
    if (p.valStart.length !== this.size + 1 || p.keyStart[this.size] !== p.keys.length || p.valStart[this.size] !== p.vals.length) throw new Error('key table: parts do not agree');
  }

  key(i: number): string { return this.p.keys.slice(this.p.keyStart[i], this.p.keyStart[i + 1]); }

  /** The position of `key`, or -1. */
  find(key: string): number {
    let lo = 0, hi = this.size - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const k = this.key(mid);
      if (k < key) lo = mid + 1; else if (k > key) hi = mid - 1; else return mid;
    }
    return -1;
  }

  /** The position of the first key not below `key` (size when there is none). */
  lowerBound(key: string): number {
    let lo = 0, hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.key(mid) < key) lo = mid + 1; else hi = mid;
    }
    return lo;
  }

  values(i: number): Int32Array { return this.p.vals.subarray(this.p.valStart[i], this.p.valStart[i + 1]); }
}
