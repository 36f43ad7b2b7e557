// Round-trip YAML edits that touch only the text they change (yaml-splice.ts says where and how):
// values are spliced into the source at the node's position, new keys and list items are
// inserted as lines in the file's own indentation, so comments, key order, quoting and layout
// of everything else stay byte-for-byte. Each edit is verified by re-parsing; only when the
// layout is too unusual to splice does the yaml Document API (which keeps comments, not every
// byte) make the edit instead.
import type { Document } from 'yaml';
import { isSeq } from './yaml-lib.js';
import { load as loadFast } from 'js-yaml';
import { same } from './model/diff.js';
import { spliceOf, styleOf, type Splice, type YamlEdit } from './yaml-splice.js';
import { parseYamlDocument, type PathSeg } from './yaml-source.js';

export type { YamlEdit } from './yaml-splice.js';

export function applyYamlEdits(text: string, edits: YamlEdit[]): string {
  // Inserted lines are built with '\n': edit a CRLF file as LF and convert back, so it stays all CRLF.
  const crlf = text.includes('\r\n') && text.split('\n').length === text.split('\r\n').length;
  let out = crlf ? text.replace(/\r\n/g, '\n') : text;
  // One parse, every splice, one verification; edit by edit only when splices would collide.
  const batched = edits.length > 1 && !edits.some((e) => e.op === 'insert') ? applyBatch(out, edits) : undefined;
  if (batched !== undefined) out = batched;
  else for (const e of edits) out = applyOne(out, e);
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

function applyBatch(text: string, edits: YamlEdit[]): string | undefined {
  const doc = parse(text);
  const style = styleOf(text);
  const splices: Splice[] = [];
  for (const e of edits) {
    let s: Splice | null | undefined;
    try { s = spliceOf(text, doc, e, style); } catch { return undefined; }
    if (s === undefined) return undefined;
    if (s) splices.push(s);
  }
  // insertions at one offset (new keys at the end of a mapping and of the mapping around it) go
  // in edit order; the verification below catches an order that nests them wrongly
  const merged: Splice[] = [];
  for (const sp of splices) {
    const at = merged.find((m) => m.start === m.end && sp.start === sp.end && m.start === sp.start);
    if (at) at.insert += sp.insert; else merged.push({ ...sp });
  }
  merged.sort((a, b) => b.start - a.start || b.end - a.end);
  // other splices must not touch: each lies strictly after the next one
  for (let i = 1; i < merged.length; i++) if (merged[i].end >= merged[i - 1].start) return undefined;
  let out = text;
  for (const s of merged) out = out.slice(0, s.start) + s.insert + out.slice(s.end);
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
  const doc = parseYamlDocument(text, { keepSourceTokens: false });
  if (doc.errors.length) throw new Error(`cannot edit YAML with syntax errors: ${doc.errors[0].message.split('\n')[0]}`);
  return doc;
}

function applyOne(text: string, e: YamlEdit): string {
  const doc = parse(text);
  const before = e.op === 'insert' ? expectedAfterInsert(doc, e) : e.op === 'delete' ? expectedAfterDelete(doc, e) : undefined;
  let result: string | undefined;
  try {
    const s = spliceOf(text, doc, e, styleOf(text));
    result = s === undefined ? undefined : s === null ? text : text.slice(0, s.start) + s.insert + text.slice(s.end);
  } catch { result = undefined; }
  if (result === undefined || !verify(result, e, before)) result = viaDocument(text, e);
  if (!verify(result, e, before)) throw new Error(`could not apply ${e.op} at ${e.path.join('.')}`);
  return result;
}

/** An insert is checked against the whole sequence it should leave. */
function expectedAfterInsert(doc: Document.Parsed, e: Extract<YamlEdit, { op: 'insert' }>): unknown[] | undefined {
  const seq = e.path.length ? doc.getIn(e.path, true) : doc.contents;
  if (!isSeq(seq)) return undefined;
  const items = (seq.toJSON() as unknown[]).slice();
  items.splice(e.index, 0, e.value);
  return items;
}

/**
 * A list item deleted is checked against the whole list it should leave: the items after it move
 * up, so the index it had is empty only when it was the last.
 */
function expectedAfterDelete(doc: Document.Parsed, e: Extract<YamlEdit, { op: 'delete' }>): unknown[] | undefined {
  if (!e.path.length) return undefined;
  const parent = e.path.length > 1 ? doc.getIn(e.path.slice(0, -1), true) : doc.contents;
  if (!isSeq(parent)) return undefined;
  const items = (parent.toJSON() as unknown[]).slice();
  items.splice(Number(e.path[e.path.length - 1]), 1);
  return items;
}

function verify(text: string, e: YamlEdit, expected?: unknown[]): boolean {
  let doc: Document.Parsed;
  try { doc = parse(text); } catch { return false; }
  const js = doc.toJS();
  if (e.op === 'insert') return expected !== undefined && same(get(js, e.path), expected);
  if (e.op === 'delete' && expected) return same(get(js, e.path.slice(0, -1)), expected);
  return holds(js, e);
}

function holds(js: unknown, e: YamlEdit): boolean {
  const at = get(js, e.path);
  if (e.op === 'delete') return at === undefined;
  if (e.op === 'append') return Array.isArray(at) && same(at[at.length - 1], e.value);
  if (e.op === 'insert') return Array.isArray(at) && same(at[e.index], e.value);
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
    const seq = e.path.length ? doc.getIn(e.path, true) : doc.contents;
    if (isSeq(seq)) seq.items.splice(e.op === 'insert' ? e.index : seq.items.length, 0, doc.createNode(e.value) as any);
    else doc.setIn(e.path, doc.createNode([e.value]));
  }
  return doc.toString({ lineWidth: 0 });
}
