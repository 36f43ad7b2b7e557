// RFC 6902 on a YAML document: each operation is checked against the document's value as the
// RFC says (add needs an existing parent, replace and remove an existing target, test an equal
// value), then made on the text through the round-trip editor, so comments and layout survive.
// The value is patched alongside, and the final text must read back as exactly that value.
import { isSeq, parseDocument } from 'yaml';
import { same } from '../core/model/diff.js';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { parseYamlSource, type PathSeg, type YamlSource } from '../core/yaml-source.js';
import { ChangeError } from './errors.js';
import type { YamlPatchOp } from './types.js';

/** A JSON Pointer (RFC 6901) as its unescaped reference tokens. */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`a JSON Pointer starts with '/': ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

export function toPointer(path: readonly PathSeg[]): string {
  return path.map((s) => '/' + String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Apply `ops` to the YAML `text` (which must parse; `value` is its parsed value). Throws
 * PATCH_FAILED naming the operation, its index and why. Returns the new text, its value and its
 * parse (with positions, for locating later findings).
 */
export function applyJsonPatch(text: string, value: unknown, ops: readonly YamlPatchOp[], file = 'patched.yaml'): { text: string; value: unknown; source: YamlSource } {
  let doc = structuredClone(value);
  let out = text;
  // edits that shift no array index are made on the text together (one parse, one check);
  // a remove or insert in an array, or a new document, is made at once after them
  let pending: YamlEdit[] = [];
  let pendingFail: (why: string) => Error = (why) => new ChangeError('PATCH_FAILED', why);
  const flush = () => {
    if (pending.length) out = edit(out, pending, pendingFail);
    pending = [];
  };
  const queue = (e: YamlEdit, fail: (why: string) => Error) => { pending.push(e); pendingFail = fail; };
  ops.forEach((op, i) => {
    const fail = (why: string) => new ChangeError('PATCH_FAILED', `patch operation ${i} (${op.op} ${op.path}) ${why}`, { index: i, op: op.op, pointer: op.path });
    let tokens: string[];
    try { tokens = parsePointer(op.path); } catch (e: any) { throw fail(`has an invalid path: ${e.message}`); }
    if (!['add', 'replace', 'remove', 'test'].includes(op.op)) throw fail('is not supported; use add, replace, remove or test');
    if ((op.op === 'add' || op.op === 'replace' || op.op === 'test') && !('value' in op)) throw fail("needs a 'value'");
    if (!tokens.length) {
      if (op.op === 'test') { if (!same(doc, op.value)) throw fail('failed: the document differs'); return; }
      if (op.op === 'remove') throw fail('cannot remove the whole document; use delete_file');
      pending = [];
      doc = structuredClone(op.value);
      out = stringifyDocument(op.value);
      return;
    }
    // walk to the parent, turning tokens into the segments the editor takes (numbers in sequences)
    const segs: PathSeg[] = [];
    let parent: unknown = doc;
    for (let t = 0; t < tokens.length - 1; t++) {
      const { seg, child } = step(parent, tokens[t]);
      if (child === undefined) throw fail(`found nothing at ${toPointer([...segs, tokens[t]])}`);
      segs.push(seg);
      parent = child;
    }
    const last = tokens[tokens.length - 1];
    if (Array.isArray(parent)) {
      const append = last === '-' || (op.op === 'add' && last === String(parent.length));
      if (!append && !/^(0|[1-9][0-9]*)$/.test(last)) throw fail(`needs an array index or '-' at the end, got '${last}'`);
      const idx = append ? parent.length : Number(last);
      if (op.op === 'add') {
        if (append) { queue({ op: 'append', path: segs, value: op.value }, fail); parent.push(structuredClone(op.value)); }
        else if (idx > parent.length) throw fail(`is past the end of the array (length ${parent.length})`);
        else { flush(); out = insertInSequence(out, segs, idx, op.value, fail); parent.splice(idx, 0, structuredClone(op.value)); }
        return;
      }
      if (append || idx >= parent.length) throw fail(`found nothing at index ${last} (length ${parent.length})`);
      if (op.op === 'test') { if (!same(parent[idx], op.value)) throw fail('failed: the value differs'); return; }
      if (op.op === 'remove') { flush(); out = edit(out, [{ op: 'delete', path: [...segs, idx] }], fail); parent.splice(idx, 1); return; }
      queue({ op: 'set', path: [...segs, idx], value: op.value }, fail);
      parent[idx] = structuredClone(op.value);
      return;
    }
    if (!isObject(parent)) throw fail(`has no object or array at ${toPointer(segs) || '/'} to work in`);
    const exists = Object.prototype.hasOwnProperty.call(parent, last);
    if (op.op !== 'add' && !exists) throw fail(`found nothing at ${op.path}`);
    if (op.op === 'test') { if (!same(parent[last], op.value)) throw fail('failed: the value differs'); return; }
    if (op.op === 'remove') { queue({ op: 'delete', path: [...segs, last] }, fail); delete parent[last]; return; }
    queue({ op: 'set', path: [...segs, last], value: op.value }, fail);
    parent[last] = structuredClone(op.value);
  });
  flush();
  // the layout-keeping edits must have produced exactly the patched value
  const source = parseYamlSource(out, file);
  if (source.value === undefined || !same(source.value, doc)) throw new ChangeError('PATCH_FAILED', 'the patch could not be applied while keeping the file\'s layout; send the whole file as update_file instead');
  return { text: out, value: doc, source };
}

function step(parent: unknown, token: string): { seg: PathSeg; child: unknown } {
  if (Array.isArray(parent)) {
    if (!/^(0|[1-9][0-9]*)$/.test(token)) return { seg: token, child: undefined };
    return { seg: Number(token), child: parent[Number(token)] };
  }
  if (isObject(parent) && Object.prototype.hasOwnProperty.call(parent, token)) return { seg: token, child: parent[token] };
  return { seg: token, child: undefined };
}

function edit(text: string, edits: YamlEdit[], fail: (why: string) => Error): string {
  try { return applyYamlEdits(text, edits); } catch (err: any) { throw fail(`could not be made on the text: ${err.message}`); }
}

/** Insert before index `idx` of the sequence at `path` (the yaml Document keeps comments). */
function insertInSequence(text: string, path: PathSeg[], idx: number, value: unknown, fail: (why: string) => Error): string {
  const crlf = text.includes('\r\n');
  const doc = parseDocument(crlf ? text.replace(/\r\n/g, '\n') : text);
  const seq = path.length ? doc.getIn(path, true) : doc.contents;
  if (!isSeq(seq)) throw fail('found no sequence to insert into');
  seq.items.splice(idx, 0, doc.createNode(value) as any);
  const out = doc.toString({ lineWidth: 0 });
  return crlf ? out.replace(/\n/g, '\r\n') : out;
}

function stringifyDocument(value: unknown): string {
  const doc = parseDocument('');
  doc.contents = doc.createNode(value) as any;
  return doc.toString({ lineWidth: 0 });
}
