// The text splice one YAML edit makes: the exact range of the source it replaces and what goes
// there, rendered in the file's own style (indent step, indented or flush sequences, the quote it
// prefers, a block scalar's `>`/`|`). Only the lines of the node that changes are touched, so
// comments, blank lines, folded text and trailing spaces elsewhere stay byte for byte.
import type { Document, Node, Pair, Scalar, YAMLMap, YAMLSeq } from 'yaml';
import { isMap, isScalar, isSeq, stringify, yaml } from './yaml-lib.js';
import type { PathSeg } from './yaml-source.js';

export type YamlEdit =
  | { op: 'set'; path: PathSeg[]; value: unknown }
  | { op: 'delete'; path: PathSeg[] }
  | { op: 'append'; path: PathSeg[]; value: unknown }
  /** Insert before index `index` of the sequence at `path` (index = length appends). */
  | { op: 'insert'; path: PathSeg[]; index: number; value: unknown };

export interface Splice { start: number; end: number; insert: string }

export interface Style { step: number; indentSeq: boolean; singleQuote: boolean }

/** How the file writes YAML: the indent step, whether `- ` sits under its key or further in, and its quote. */
export function styleOf(text: string): Style {
  const m = /\n( +)\S/.exec(text);
  const step = m ? Math.min(m[1].length, 4) || 2 : 2;
  const seq = /^( *)[^\s#-][^\n]*:[ \t]*(?:#[^\n]*)?\n(?:[ \t]*(?:#[^\n]*)?\n)*( *)- /m.exec(text);
  const indentSeq = seq ? seq[2].length > seq[1].length : true;
  const single = (text.match(/:[ \t]+'/g) ?? []).length + (text.match(/^[ \t]*- '/gm) ?? []).length;
  const double = (text.match(/:[ \t]+"/g) ?? []).length + (text.match(/^[ \t]*- "/gm) ?? []).length;
  return { step, indentSeq, singleQuote: single > double };
}

function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}
function columnOf(text: string, offset: number): number {
  return offset - lineStart(text, offset);
}
/** The offset just after the line containing `end - 1`. */
function afterLine(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') return end;
  const nl = text.indexOf('\n', end);
  return nl < 0 ? text.length : nl + 1;
}
/** Lines added at the end of a file without a final newline keep it without one. */
function atEnd(text: string, at: number, lines: string): string {
  return at === text.length && text && !text.endsWith('\n') ? '\n' + lines.replace(/\n$/, '') : lines;
}
const onlySpaces = (s: string) => /^[ \t]*$/.test(s);

function nested(path: PathSeg[], value: unknown): unknown {
  return path.reduceRight<unknown>((v, seg) => ({ [String(seg)]: v }), value);
}

function render(value: unknown, s: Style): string {
  return stringify(value, { indent: s.step, indentSeq: s.indentSeq, singleQuote: s.singleQuote, lineWidth: 0 }).replace(/\n$/, '');
}

/** Block lines of `value`, every line indented by `indent`; with `firstBare`, the first line not (it continues a line). */
function blockLines(value: unknown, indent: number, s: Style, firstBare = false): string {
  return render(value, s).split('\n').map((l, i) => (i === 0 && firstBare) || !l ? l : ' '.repeat(indent) + l).join('\n') + '\n';
}

function flowText(v: unknown, s: Style): string {
  return stringify(v, { flow: true, lineWidth: 0, singleQuote: s.singleQuote } as any).trim();
}

/** A new scalar in the old one's style: the same quotes, or the same block header for text. */
function scalarText(old: Scalar, value: unknown, s: Style, indent: number): string | undefined {
  if (typeof value !== 'string') return flowText(value, s);
  const { Scalar } = yaml();
  const block = old.type === Scalar.BLOCK_FOLDED || old.type === Scalar.BLOCK_LITERAL;
  if (!block && value.includes('\n')) return JSON.stringify(value); // stays on its line, as a double-quoted string
  const keep = old.type === Scalar.QUOTE_SINGLE || old.type === Scalar.QUOTE_DOUBLE ? { singleQuote: old.type === Scalar.QUOTE_SINGLE } : {};
  if (block) {
    const n = new Scalar(value);
    n.type = old.type;
    // rendered as a mapping value, then the `k: ` dropped: the header and body keep their indent
    const body = stringify({ k: n }, { indent: s.step, lineWidth: 0 }).replace(/^k: /, '').replace(/\n$/, '');
    const lines = body.split('\n');
    if (lines.length < 2) return undefined; // the value did not stay a block scalar
    return [lines[0], ...lines.slice(1).map((l) => (l ? ' '.repeat(indent) + l : l))].join('\n') + '\n';
  }
  return stringify(value, { lineWidth: 0, singleQuote: s.singleQuote, ...keep }).replace(/\n$/, '');
}

interface Walked { node: Node | null; depth: number; pair?: Pair; parent?: Node }

/** Walk as far as the path exists: the last node reached, how many segments it covers, and how it is held. */
export function walk(doc: Document.Parsed, path: PathSeg[]): Walked {
  let node = doc.contents as Node | null;
  let parent: Node | undefined;
  let pair: Pair | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const p = node.items.find((it) => isScalar(it.key) && String(it.key.value) === String(seg));
      if (!p) return { node, depth: i, pair, parent };
      parent = node; pair = p; node = p.value as Node | null;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg] !== undefined) {
      parent = node; pair = undefined; node = node.items[seg] as Node;
    } else return { node, depth: i, pair, parent };
  }
  return { node, depth: path.length, pair, parent };
}

const endOf = (n: Node | null | undefined, fallback: number) => n?.range?.[1] ?? fallback;

/** Where the `- ` of a block sequence item is (the item's own range starts after it). */
function dashOf(text: string, item: Node): number {
  return text.lastIndexOf('-', item.range![0]);
}

/** Replace a whole `key: value` pair of a block map (from the key to the end of its value's last line). */
function replacePair(text: string, pair: Pair, value: unknown, s: Style): Splice | undefined {
  const key = pair.key as Node;
  if (!key.range) return undefined;
  const start = key.range[0];
  const end = afterLine(text, endOf(pair.value as Node | null, key.range[1]));
  return { start, end, insert: blockLines({ [String((key as Scalar).value)]: value }, columnOf(text, start), s, true) };
}

/** Replace a block sequence item (from after its `- ` to the end of its last line). */
function replaceItem(text: string, item: Node, value: unknown, s: Style): Splice | undefined {
  if (!item.range) return undefined;
  const start = item.range[0];
  const insert = value !== null && typeof value === 'object' && !(Array.isArray(value) && !value.length) && !(isPlainObject(value) && !Object.keys(value).length)
    ? blockLines(value, columnOf(text, start), s, true)
    : flowText(value, s) + '\n';
  return { start, end: afterLine(text, item.range[1]), insert };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The text change an edit makes: null when there is nothing to do, undefined when it cannot be spliced. */
export function spliceOf(text: string, doc: Document.Parsed, e: YamlEdit, s: Style): Splice | null | undefined {
  const sp = splice(text, doc, e, s);
  // a file without a final newline keeps it that way when its last line is replaced
  if (sp && sp.end === text.length && text && !text.endsWith('\n') && sp.insert.endsWith('\n')) sp.insert = sp.insert.slice(0, -1);
  return sp;
}

function splice(text: string, doc: Document.Parsed, e: YamlEdit, s: Style): Splice | null | undefined {
  const w = walk(doc, e.path);
  switch (e.op) {
    case 'delete': return deleteSplice(text, doc, e.path, w, s);
    case 'append': {
      if (w.depth < e.path.length || !isSeq(w.node)) {
        // no list yet (or `key:` with nothing): the list is made with this one item
        if (w.depth === e.path.length && w.node && !(isScalar(w.node) && w.node.value === null)) return undefined;
        return spliceOf(text, doc, { op: 'set', path: e.path, value: [e.value] }, s);
      }
      return insertSplice(text, doc, e.path, w.node, w.node.items.length, e.value, s);
    }
    case 'insert': {
      if (w.depth < e.path.length || !isSeq(w.node)) return undefined;
      return insertSplice(text, doc, e.path, w.node, e.index, e.value, s);
    }
    case 'set': return setSplice(text, doc, e.path, e.value, w, s);
  }
}

function insertSplice(text: string, doc: Document.Parsed, path: PathSeg[], seq: YAMLSeq, index: number, value: unknown, s: Style): Splice | null | undefined {
  if (index < 0 || index > seq.items.length) return undefined;
  if (seq.flow || !seq.items.length) {
    const items = (seq.toJSON() as unknown[]).slice();
    items.splice(index, 0, value);
    return setSplice(text, doc, path, items, walk(doc, path), s);
  }
  const first = seq.items[0] as Node;
  if (!first?.range) return undefined;
  const indent = columnOf(text, dashOf(text, first));
  if (index < seq.items.length) {
    const at = seq.items[index] as Node;
    if (!at?.range) return undefined;
    const dash = dashOf(text, at);
    const start = lineStart(text, dash);
    if (!onlySpaces(text.slice(start, dash))) return undefined;
    return { start, end: start, insert: blockLines([value], indent, s) };
  }
  const last = seq.items[seq.items.length - 1] as Node;
  if (!last?.range) return undefined;
  const at = afterLine(text, last.range[1]);
  return { start: at, end: at, insert: atEnd(text, at, blockLines([value], indent, s)) };
}

function deleteSplice(text: string, doc: Document.Parsed, path: PathSeg[], w: Walked, s: Style): Splice | null | undefined {
  if (w.depth < path.length) return null; // nothing to delete
  const parentPath = path.slice(0, -1);
  const parent = walk(doc, parentPath).node;
  if ((isMap(parent) || isSeq(parent)) && (parent as YAMLMap | YAMLSeq).flow) {
    const js = parent.toJSON() as any;
    if (Array.isArray(js)) js.splice(Number(path[path.length - 1]), 1); else delete js[String(path[path.length - 1])];
    return { start: parent.range![0], end: parent.range![1], insert: flowText(js, s) };
  }
  if (isMap(parent) && w.pair) {
    const key = w.pair.key as Node;
    if (!key.range) return undefined;
    if (parent.items.length === 1) return setSplice(text, doc, parentPath, {}, walk(doc, parentPath), s);
    const start = lineStart(text, key.range[0]);
    if (onlySpaces(text.slice(start, key.range[0]))) return { start, end: afterLine(text, endOf(w.pair.value as Node | null, key.range[1])), insert: '' };
    // the first key of a `- key: …` item: the next key moves up behind the dash
    const i = parent.items.indexOf(w.pair);
    const next = parent.items[i + 1]?.key as Node | undefined;
    if (i !== 0 || !next?.range) return undefined;
    return { start: key.range[0], end: next.range[0], insert: '' };
  }
  if (isSeq(parent) && w.node?.range) {
    if (parent.items.length === 1) return setSplice(text, doc, parentPath, [], walk(doc, parentPath), s);
    const dash = dashOf(text, w.node);
    const start = lineStart(text, dash);
    if (!onlySpaces(text.slice(start, dash))) return undefined;
    return { start, end: afterLine(text, w.node.range[1]), insert: '' };
  }
  return undefined;
}

function setSplice(text: string, doc: Document.Parsed, path: PathSeg[], value: unknown, w: Walked, s: Style): Splice | null | undefined {
  if (w.depth === path.length) {
    const node = w.node;
    const scalarValue = value === null || typeof value !== 'object';
    if (isScalar(node) && node.range && scalarValue && !(node.value === null && node.range[0] === node.range[1])) {
      // a block scalar's body is indented from its key (or its `- `)
      const holder = w.pair ? (w.pair.key as Node).range![0] : lineStart(text, node.range[0]);
      const insert = scalarText(node, value, s, w.pair ? columnOf(text, holder) : text.slice(holder).search(/\S/));
      if (insert === undefined) return undefined;
      const block = node.type === yaml().Scalar.BLOCK_FOLDED || node.type === yaml().Scalar.BLOCK_LITERAL;
      return { start: node.range[0], end: block ? afterLine(text, node.range[1]) : node.range[1], insert };
    }
    if ((isMap(node) || isSeq(node)) && node.flow && !scalarValue) return { start: node.range![0], end: node.range![1], insert: flowText(value, s) };
    if (!path.length) return undefined;
    if (w.pair && isMap(w.parent) && !(w.parent as YAMLMap).flow) return replacePair(text, w.pair, value, s);
    if (isSeq(w.parent) && !(w.parent as YAMLSeq).flow && node) return replaceItem(text, node, value, s);
    return undefined;
  }
  // the path goes on past what exists: new keys under the last mapping reached
  const node = w.node;
  const rest = path.slice(w.depth);
  if (isScalar(node) && node.value === null && w.depth > 0) {
    // `key:` with nothing after it: the key gets the new mapping
    return setSplice(text, doc, path.slice(0, w.depth), nested(rest, value), walk(doc, path.slice(0, w.depth)), s);
  }
  if (!isMap(node) || typeof rest[0] === 'number') return undefined;
  const key = String(rest[0]);
  const inner = nested(rest.slice(1), value);
  if (node.flow || !node.items.length) {
    const js = { ...(node.toJSON() as object), [key]: inner };
    if (!w.depth) return undefined;
    return setSplice(text, doc, path.slice(0, w.depth), js, walk(doc, path.slice(0, w.depth)), s);
  }
  const first = node.items[0]?.key as Node | undefined;
  const lastPair = node.items[node.items.length - 1];
  if (!first?.range || !lastPair) return undefined;
  const indent = columnOf(text, first.range[0]);
  const at = afterLine(text, endOf(lastPair.value as Node | null, (lastPair.key as Node).range![1]));
  return { start: at, end: at, insert: atEnd(text, at, blockLines({ [key]: inner }, indent, s)) };
}
