// Round-trip YAML edits that touch only the text they change: values are spliced into the source
// at the node's position, new keys are inserted as lines at the mapping's own indentation, so
// comments, key order, quoting and layout of everything else stay byte-for-byte. Each edit is
// verified by re-parsing; when the layout is too unusual to splice, the yaml Document API
// (which keeps comments, not every byte) does the edit instead.
import { isMap, isScalar, isSeq, parseDocument, stringify, type Document, type Node, type Pair, type YAMLMap } from 'yaml';
import { load as loadFast } from 'js-yaml';
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
  // One parse, every splice, one verification; edit by edit only when splices would collide.
  const batched = edits.length > 1 ? applyBatch(out, edits) : undefined;
  if (batched !== undefined) out = batched;
  else for (const e of edits) out = applyOne(out, e);
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

interface Splice { start: number; end: number; insert: string }

function applyBatch(text: string, edits: YamlEdit[]): string | undefined {
  const doc = parse(text);
  const splices: Splice[] = [];
  for (const e of edits) {
    let s: Splice | null | undefined;
    try { s = spliceOf(text, doc, e); } catch { return undefined; }
    if (s === undefined) return undefined;
    if (s) splices.push(s);
  }
  // insertions at one offset (new keys at the end of a mapping and of the mapping around it) go
  // in edit order; the verification below catches an order that nests them wrongly
  const merged: Splice[] = [];
  for (const sp of splices) {
    const same = merged.find((m) => m.start === m.end && sp.start === sp.end && m.start === sp.start);
    if (same) same.insert += sp.insert; else merged.push({ ...sp });
  }
  merged.sort((a, b) => b.start - a.start || b.end - a.end);
  // other splices must not touch: each lies strictly after the next one
  for (let i = 1; i < merged.length; i++) if (merged[i].end >= merged[i - 1].start) return undefined;
  splices.length = 0;
  splices.push(...merged);
  let out = text;
  for (const s of splices) out = out.slice(0, s.start) + s.insert + out.slice(s.end);
  return verifyAll(out, edits) ? out : undefined;
}

/** Every edit holds in the result (an edit a later edit overrides is not checked). */
function verifyAll(text: string, edits: YamlEdit[]): boolean {
  let js: unknown;
  // js-yaml reads the result several times faster than a full Document parse; same values
  try { js = loadFast(text, { json: true }); } catch { return false; }
  const prefix = (a: PathSeg[], b: PathSeg[]) => a.length <= b.length && a.every((x, i) => String(x) === String(b[i]));
  return edits.every((e, i) => edits.slice(i + 1).some((l) => prefix(l.path, e.path) || prefix(e.path, l.path)) || holds(js, e));
}

function parse(text: string): Document.Parsed {
  const doc = parseDocument(text, { keepSourceTokens: false });
  if (doc.errors.length) throw new Error(`cannot edit YAML with syntax errors: ${doc.errors[0].message.split('\n')[0]}`);
  return doc;
}

function applyOne(text: string, e: YamlEdit): string {
  const doc = parse(text);
  let result: string | undefined;
  try {
    const s = spliceOf(text, doc, e);
    result = s === undefined ? undefined : s === null ? text : text.slice(0, s.start) + s.insert + text.slice(s.end);
  } catch { result = undefined; }
  if (result === undefined || !verify(result, e)) result = viaDocument(text, e);
  if (!verify(result, e)) throw new Error(`could not apply ${e.op} at ${e.path.join('.')}`);
  return result;
}

function verify(text: string, e: YamlEdit): boolean {
  let doc: Document.Parsed;
  try { doc = parse(text); } catch { return false; }
  return holds(doc.toJS(), e);
}

function holds(js: unknown, e: YamlEdit): boolean {
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

/** The text change an edit makes to the original: null when there is nothing to do, undefined when it cannot splice. */
function spliceOf(text: string, doc: Document.Parsed, e: YamlEdit): Splice | null | undefined {
  const { node, depth, pair } = walk(doc, e.path);
  const step = indentStep(text);
  if (e.op === 'delete') {
    if (depth < e.path.length) return null; // nothing to delete
    const map = walk(doc, e.path.slice(0, -1)).node;
    if (!pair || !isMap(map) || (map as YAMLMap).flow) return undefined;
    const keyNode = pair.key as Node;
    const start = lineStart(text, keyNode.range![0]);
    if (text.slice(start, keyNode.range![0]).trim()) return undefined; // key does not start its line
    const end = afterLine(text, (pair.value as Node | null)?.range?.[1] ?? keyNode.range![1]);
    return { start, end, insert: '' };
  }
  if (e.op === 'append') {
    if (depth < e.path.length) return spliceOf(text, doc, { op: 'set', path: e.path, value: [e.value] });
    if (!isSeq(node)) return undefined;
    if (node.flow) {
      const close = text.lastIndexOf(']', node.range![1]);
      const sep = node.items.length ? ', ' : '';
      return { start: close, end: close, insert: sep + flowText(e.value) };
    }
    const last = node.items[node.items.length - 1] as Node | undefined;
    if (!last?.range) return undefined;
    const dash = text.lastIndexOf('-', (node.items[0] as Node).range![0]);
    const indent = columnOf(text, dash);
    const at = afterLine(text, last.range[1]);
    return { start: at, end: at, insert: (at === text.length && !text.endsWith('\n') ? '\n' : '') + blockLines([e.value], indent, step) };
  }
  // set
  if (depth === e.path.length) {
    if (isScalar(node) && node.range && (e.value === null || typeof e.value !== 'object')) {
      const rendered = flowText(e.value);
      return { start: node.range[0], end: node.range[1], insert: rendered };
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
    return { start: close, end: close, insert: sep + flowText({ [key]: value }).replace(/^\{\s*|\s*\}$/g, '') };
  }
  const first = node.items[0]?.key as Node | undefined;
  const lastPair = node.items[node.items.length - 1];
  if (!first?.range || !lastPair) return undefined;
  const indent = columnOf(text, first.range[0]);
  const end = (lastPair.value as Node | null)?.range?.[1] ?? (lastPair.key as Node).range![1];
  const at = afterLine(text, end);
  const prefix = at === text.length && !text.endsWith('\n') ? '\n' : '';
  return { start: at, end: at, insert: prefix + blockLines({ [key]: value }, indent, step) };
}
