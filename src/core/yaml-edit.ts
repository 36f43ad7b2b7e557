// Round-trip YAML edits that touch only the text they change: values are spliced into the source
// at the node's position, new keys are inserted as lines at the mapping's own indentation, so
// comments, key order, quoting and layout of everything else stay byte-for-byte. Each edit is
// verified by re-parsing; when the layout is too unusual to splice, the yaml Document API
// (which keeps comments, not every byte) does the edit instead.
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { same } from './model/diff.js';
import type { PathSeg } from './yaml-source.js';

export type YamlEdit =
  | { op: 'set'; path: PathSeg[]; value: unknown }
  | { op: 'delete'; path: PathSeg[] }
  | { op: 'append'; path: PathSeg[]; value: unknown };

export function applyYamlEdits(text: string, edits: YamlEdit[]): string {
  // Inserted lines are built with '\n': edit a CRLF file as LF and convert back, so it stays all CRLF.
  const crlf = text.includes('\r\n') && text.split('\n').length === text.split('\r\n').length;
  let out = crlf ? text.replace(/\r\n/g, '\n') : text;
  for (const e of edits) out = applyOne(out, e);
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

function parse(text: string): Document.Parsed {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length) throw new Error(`cannot edit YAML with syntax errors: ${doc.errors[0].message.split('\n')[0]}`);
  return doc;
}

function applyOne(text: string, e: YamlEdit): string {
  const doc = parse(text);
  let result: string | undefined;
  try { result = splice(text, doc, e); } catch { result = undefined; }
  if (result === undefined || !verify(result, e)) result = viaDocument(text, e);
  if (!verify(result, e)) throw new Error(`could not apply ${e.op} at ${e.path.join('.')}`);
  return result;
}

function verify(text: string, e: YamlEdit): boolean {
  let doc: Document.Parsed;
  try { doc = parse(text); } catch { return false; }
  const js = doc.toJS();
  const at = get(js, e.path);
  if (e.op === 'delete') return at === undefined;
  if (e.op === 'append') return Array.isArray(at) && same(at[at.length - 1], e.value);
  return same(at, e.value);
}

function get(v: any, path: PathSeg[]): any {
  for (const s of path) { if (v === null || typeof v !== 'object') return undefined; v = v[s as any]; }
  return v;
}

function viaDocument(text: string, e: YamlEdit): string {
  const doc = parse(text);
  if (e.op === 'delete') doc.deleteIn(e.path);
  else if (e.op === 'set') doc.setIn(e.path, doc.createNode(e.value));
  else {
    const seq = doc.getIn(e.path);
    if (isSeq(seq)) seq.add(doc.createNode(e.value)); else doc.setIn(e.path, doc.createNode([e.value]));
  }
  return doc.toString({ lineWidth: 0 });
}

/** Walk as far as the path exists: the last node reached and how many segments it covers. */
function walk(doc: Document.Parsed, path: PathSeg[]): { node: Node | null; depth: number; pair?: Pair; parent?: Node } {
  let node = doc.contents as Node | null;
  let parent: Node | undefined;
  let pair: Pair | undefined;
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (isMap(node)) {
      const p = node.items.find((it) => isScalar(it.key) && String(it.key.value) === String(seg));
      if (!p) return { node, depth: i, pair, parent };
      parent = node; pair = p; node = p.value as Node | null;
    } else if (isSeq(node) && typeof seg === 'number' && node.items[seg]) {
      parent = node; pair = undefined; node = node.items[seg] as Node;
    } else return { node, depth: i, pair, parent };
  }
  return { node, depth: path.length, pair, parent };
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

function nested(path: PathSeg[], value: unknown): unknown {
  return path.reduceRight<unknown>((v, seg) => ({ [String(seg)]: v }), value);
}

function blockLines(obj: unknown, indent: number, step: number): string {
  const body = stringify(obj, { indent: step, lineWidth: 0 }).replace(/\n$/, '');
  return body.split('\n').map((l) => ' '.repeat(indent) + l).join('\n') + '\n';
}

function flowText(v: unknown): string {
  return stringify(v, { flow: true, lineWidth: 0 } as any).trim();
}

function indentStep(text: string): number {
  const m = /\n( +)\S/.exec(text);
  return m ? Math.min(m[1].length, 4) || 2 : 2;
}

function splice(text: string, doc: Document.Parsed, e: YamlEdit): string | undefined {
  const { node, depth, pair } = walk(doc, e.path);
  const step = indentStep(text);
  if (e.op === 'delete') {
    if (depth < e.path.length) return text; // nothing to delete
    const map = walk(doc, e.path.slice(0, -1)).node;
    if (!pair || !isMap(map) || (map as YAMLMap).flow) return undefined;
    const keyNode = pair.key as Node;
    const start = lineStart(text, keyNode.range![0]);
    if (text.slice(start, keyNode.range![0]).trim()) return undefined; // key does not start its line
    const end = afterLine(text, (pair.value as Node | null)?.range?.[1] ?? keyNode.range![1]);
    return text.slice(0, start) + text.slice(end);
  }
  if (e.op === 'append') {
    if (depth < e.path.length) return splice(text, doc, { op: 'set', path: e.path, value: [e.value] });
    if (!isSeq(node)) return undefined;
    if (node.flow) {
      const close = text.lastIndexOf(']', node.range![1]);
      const sep = node.items.length ? ', ' : '';
      return text.slice(0, close) + sep + flowText(e.value) + text.slice(close);
    }
    const last = node.items[node.items.length - 1] as Node | undefined;
    if (!last?.range) return undefined;
    const dash = text.lastIndexOf('-', (node.items[0] as Node).range![0]);
    const indent = columnOf(text, dash);
    const at = afterLine(text, last.range[1]);
    return text.slice(0, at) + (at === text.length && !text.endsWith('\n') ? '\n' : '') + blockLines([e.value], indent, step) + text.slice(at);
  }
  // set
  if (depth === e.path.length) {
    if (isScalar(node) && node.range && (e.value === null || typeof e.value !== 'object')) {
      const rendered = flowText(e.value);
      return text.slice(0, node.range[0]) + rendered + text.slice(node.range[1]);
    }
    return undefined;
  }
  if (!isMap(node)) return undefined;
  const rest = e.path.slice(depth);
  const value = nested(rest.slice(1), e.value);
  const key = String(rest[0]);
  if (node.flow) {
    const close = text.lastIndexOf('}', node.range![1]);
    const sep = node.items.length ? ', ' : '';
    return text.slice(0, close) + sep + flowText({ [key]: value }).replace(/^\{\s*|\s*\}$/g, '') + text.slice(close);
  }
  const first = node.items[0]?.key as Node | undefined;
  const lastPair = node.items[node.items.length - 1];
  if (!first?.range || !lastPair) return undefined;
  const indent = columnOf(text, first.range[0]);
  const end = (lastPair.value as Node | null)?.range?.[1] ?? (lastPair.key as Node).range![1];
  const at = afterLine(text, end);
  const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return text.slice(0, at) + prefix + blockLines({ [key]: value }, indent, step) + text.slice(at);
}
