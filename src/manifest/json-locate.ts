// Line and column of JSON-pointer paths in a JSON text, in one linear scan (no second parse into
// a position-tracking tree, which is slow on multi-megabyte manifests). Only called when there
// is something to report.

export interface JsonLocator {
  /** 1-based position of the value at `pointer` (or of its key), or of its nearest existing ancestor. */
  locate(pointer: string, opts?: { key?: boolean }): { line: number; column: number };
}

const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export function pointerOf(path: readonly (string | number)[]): string {
  return path.map((s) => '/' + escape(String(s))).join('');
}

export function jsonLocator(text: string): JsonLocator {
  let index: { values: Map<string, number>; keys: Map<string, number> } | undefined;
  let lineStarts: number[] | undefined;
  const position = (offset: number) => {
    if (!lineStarts) {
      lineStarts = [0];
      for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) lineStarts.push(i + 1);
    }
    let lo = 0, hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (lineStarts[mid] <= offset) lo = mid; else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - lineStarts[lo] + 1 };
  };
  return {
    locate(pointer, opts = {}) {
      index ??= scan(text);
      if (opts.key && index.keys.has(pointer)) return position(index.keys.get(pointer)!);
      let p = pointer;
      for (;;) {
        const at = index.values.get(p);
        if (at !== undefined) return position(at);
        if (!p) return { line: 1, column: 1 };
        p = p.slice(0, p.lastIndexOf('/'));
      }
    },
  };
}

/** Offsets of every value and every object key, by JSON pointer. Tolerant: stops at bad input. */
function scan(text: string): { values: Map<string, number>; keys: Map<string, number> } {
  const values = new Map<string, number>();
  const keys = new Map<string, number>();
  // one frame per open container: its pointer, whether it is an array, and the next index
  const stack: { ptr: string; arr: boolean; n: number; key?: string }[] = [];
  let i = 0;
  const ws = () => { while (i < text.length && /\s/.test(text[i])) i++; };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    try { return JSON.parse(text.slice(start, i)); } catch { return text.slice(start + 1, i - 1); }
  };
  const childPtr = (): string => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.arr ? `${top.ptr}/${top.n}` : `${top.ptr}/${escape(top.key ?? '')}`;
  };
  while (i < text.length) {
    ws();
    // the root value is complete: trailing whitespace must not move the root's position to the end
    if (!stack.length && values.has('')) break;
    const top = stack[stack.length - 1];
    if (top && !top.arr && top.key === undefined) {
      // expecting a key (or the end of the object)
      if (text[i] === '}') { stack.pop(); i++; afterValue(); continue; }
      if (text[i] === ',') { i++; continue; }
      if (text[i] !== '"') break;
      const at = i;
      top.key = readString();
      keys.set(`${top.ptr}/${escape(top.key)}`, at);
      ws();
      if (text[i] !== ':') break;
      i++;
      continue;
    }
    if (top && top.arr) {
      if (text[i] === ']') { stack.pop(); i++; afterValue(); continue; }
      if (text[i] === ',') { i++; continue; }
    }
    const ptr = childPtr();
    values.set(ptr, i);
    const c = text[i];
    if (c === '{') { stack.push({ ptr, arr: false, n: 0 }); i++; continue; }
    if (c === '[') { stack.push({ ptr, arr: true, n: 0 }); i++; continue; }
    if (c === '"') readString();
    else if (c === undefined) break;
    else { while (i < text.length && !/[\s,\]}]/.test(text[i])) i++; }
    afterValue();
  }
  return { values, keys };

  function afterValue(): void {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.arr) top.n++;
    else top.key = undefined;
  }
}
