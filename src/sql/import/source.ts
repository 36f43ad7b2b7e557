// The SQL text being imported, with the position arithmetic the readers share: byte offsets
// (libpg_query reports UTF-8 byte positions) to character offsets, offsets to lines, and the
// `-- comment` at the end of a column's line.
import { lineIndex, scanSql } from '../lexer.js';

export class SqlSyntaxError extends Error {
  constructor(message: string, public offset: number, public line?: number, public column?: number) {
    super(message);
  }
}

export class SourceText {
  private locate: (o: number) => { line: number; column: number };
  private byteToChar?: Int32Array;
  private starts: number[] = [0];

  constructor(readonly text: string, readonly file: string) {
    this.locate = lineIndex(text);
    for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) this.starts.push(i + 1);
    // only non-ASCII text needs a byte → character table
    if (/[^\x00-\x7f]/.test(text)) {
      const bytes = Buffer.byteLength(text, 'utf8');
      const map = new Int32Array(bytes + 1);
      let b = 0;
      for (let i = 0; i < text.length; i++) {
        const cp = text.codePointAt(i)!;
        const n = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
        for (let k = 0; k < n; k++) map[b + k] = i;
        b += n;
        if (cp >= 0x10000) i++;
      }
      map[bytes] = text.length;
      this.byteToChar = map;
    }
  }

  charOffset(byteOffset: number): number {
    if (!this.byteToChar) return byteOffset;
    return this.byteToChar[Math.min(Math.max(0, byteOffset), this.byteToChar.length - 1)];
  }

  /** libpg_query reports a syntax error's cursor in code points (tree locations are bytes). */
  codePointOffset(cp: number): number {
    if (!this.byteToChar) return cp;
    let i = 0;
    for (let k = 0; k < cp && i < this.text.length; k++) i += this.text.codePointAt(i)! > 0xffff ? 2 : 1;
    return i;
  }

  lineOf(offset: number): number {
    return this.locate(offset).line;
  }

  /** offset of a 1-based line and column */
  offsetAt(line: number, column: number): number {
    return (this.starts[line - 1] ?? this.text.length) + column - 1;
  }

  position(offset: number): { line: number; column: number } {
    return this.locate(offset);
  }
}

/**
 * `-- text` comments that end a column's line inside a CREATE TABLE (the column's name is on
 * that line, before the comment). Columns are given with the offset of their name.
 */
export function inlineComments(src: SourceText, start: number, end: number, columns: { name: string; at: number }[]): { name: string; text: string }[] {
  const out: { name: string; text: string }[] = [];
  const comments = scanSql(src.text.slice(start, end)).filter((p) => p.kind === 'comment' && p.text.startsWith('--'));
  if (!comments.length) return out;
  const byLine = new Map<number, string>();
  for (const c of comments) byLine.set(src.lineOf(start + c.start), c.text.replace(/^--+/, '').trim());
  const claimed = new Set<number>();
  for (const col of columns) {
    const line = src.lineOf(col.at);
    const text = byLine.get(line);
    if (text && !claimed.has(line)) {
      claimed.add(line);
      out.push({ name: col.name, text });
    }
  }
  return out;
}
