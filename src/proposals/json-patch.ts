// RFC 6902 on a YAML document: each operation is checked against the document's value as the
// RFC says (add needs an existing parent, replace and remove an existing target, test an equal
// value), then made on the text through the round-trip editor, so comments and layout survive.
// The value is patched alongside, and the final text must read back as exactly that value.
// Two rules go beyond the RFC, so a write never lands where it was not meant: an operation that
// carries its element's identity (`anchor`, anchor.ts) acts where that identity is now — or is
// refused STALE_PROPOSAL when it is gone — and an `add` never replaces what is there (an equal
// value is a no-op, so a proposal applied twice changes nothing the second time).
import { parseDocument } from '../core/yaml-lib.js';
import { same } from '../core/model/diff.js';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { parseYamlSource, type PathSeg, type YamlSource } from '../core/yaml-source.js';
import { AnchorMiss, anchorOf, resolveAnchor } from './anchor.js';
import { ChangeError } from './errors.js';
import type { YamlPatchOp } from './types.js';

export interface PatchOptions {
  /** The file changed since the patch was made: positions in it cannot be trusted. */
  stale?: boolean;
}

/** An operation moved to where its element is now (or to the entry dbt keeps of a duplicate). */
export interface Reanchor { op: number; anchor: string; from: string; to: string; note?: string }

export interface PatchResult {
  text: string;
  value: unknown;
  source: YamlSource;
  /** Operations whose effect was already there (nothing to do). */
  noops: number[];
  reanchored: Reanchor[];
}

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
 * PATCH_FAILED naming the operation, its index and why (STALE_PROPOSAL or DUPLICATE_ENTRY when
 * its element cannot be found once). Returns the new text, its value and its parse (with
 * positions, for locating later findings), and what was already done or moved.
 */
export function applyJsonPatch(text: string, value: unknown, ops: readonly YamlPatchOp[], file = 'patched.yaml', opts: PatchOptions = {}): PatchResult {
  let doc = structuredClone(value);
  const noops: number[] = [];
  const reanchored: Reanchor[] = [];
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
    const placed = place(doc, op, tokens, i, !!opts.stale);
    if (placed === 'gone') { noops.push(i); return; }
    if (placed.moved) reanchored.push(placed.moved);
    tokens = placed.tokens;
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
        if (append && parent.some((x) => same(x, op.value))) { noops.push(i); return; }
        if (append) sameName(parent, op.value, segs, fail);
        if (append) { queue({ op: 'append', path: segs, value: op.value }, fail); parent.push(structuredClone(op.value)); }
        else if (idx > parent.length) throw fail(`is past the end of the array (length ${parent.length})`);
        else { flush(); out = edit(out, [{ op: 'insert', path: segs, index: idx, value: op.value }], fail); parent.splice(idx, 0, structuredClone(op.value)); }
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
    if (op.op === 'add' && exists) {
      // RFC 6902 would replace it; a proposal that means to replace says so
      if (same(parent[last], op.value)) { noops.push(i); return; }
      throw fail(`would replace the value already at ${toPointer([...segs, last])} (${JSON.stringify(parent[last]).slice(0, 80)}); an add never overwrites: use replace to change it`);
    }
    if (op.op !== 'test' && op.op !== 'remove' && same(parent[last], op.value)) { noops.push(i); return; }
    if (op.op === 'test') { if (!same(parent[last], op.value)) throw fail('failed: the value differs'); return; }
    if (op.op === 'remove') { queue({ op: 'delete', path: [...segs, last] }, fail); delete parent[last]; return; }
    queue({ op: 'set', path: [...segs, last], value: op.value }, fail);
    parent[last] = structuredClone(op.value);
  });
  flush();
  // the layout-keeping edits must have produced exactly the patched value
  const source = parseYamlSource(out, file);
  if (source.value === undefined || !same(source.value, doc)) throw new ChangeError('PATCH_FAILED', 'the patch could not be applied while keeping the file\'s layout; send the whole file as update_file instead');
  return { text: out, value: doc, source, noops, reanchored };
}

/**
 * Where an operation acts: its anchor resolved in the document as it is now (re-anchored when
 * that differs from its path), else its path — refused when the file changed since and the path
 * counts list items by position. 'gone': a remove whose element is already gone.
 */
function place(doc: unknown, op: YamlPatchOp, tokens: string[], i: number, stale: boolean): { tokens: string[]; moved?: Reanchor } | 'gone' {
  const staleError = (why: string, details: Record<string, unknown> = {}) => new ChangeError('STALE_PROPOSAL',
    `patch operation ${i} (${op.op} ${op.path}) ${why}; nothing was written — make the proposal again from the file as it is now`, { index: i, op: op.op, pointer: op.path, ...details });
  let anchor = op.anchor;
  if (anchor === undefined) {
    if (stale && crossesList(doc, tokens)) throw staleError('counts list items by position, and the file changed since the proposal was made');
    anchor = anchorOf(doc, tokens);
    if (!anchor.includes('[')) return { tokens };
  }
  let r;
  try { r = resolveAnchor(doc, anchor); } catch (e) {
    if (!(e instanceof AnchorMiss)) throw new ChangeError('PATCH_FAILED', `patch operation ${i} (${op.op} ${op.path}) has an invalid anchor: ${(e as Error).message}`, { index: i, pointer: op.path });
    if (op.anchor === undefined) return { tokens }; // no identity to keep: the RFC's own checks say what is wrong
    if (e.why === 'duplicate') {
      throw new ChangeError('DUPLICATE_ENTRY', `patch operation ${i} (${op.op} ${op.path}): ${e.part} is listed ${e.indexes.length} times (items ${e.indexes.join(', ')}); keep one entry, then propose the change again`,
        { index: i, pointer: op.path, anchor, duplicates: e.indexes });
    }
    if (op.op === 'remove') return 'gone';
    throw staleError(`acts on ${anchor}, but ${e.part} is no longer in the file`, { anchor, missing: e.part });
  }
  if (r.positional && stale) throw staleError(`acts on ${anchor}, which names a list item by position, and the file changed since the proposal was made`, { anchor });
  const to = toPointer(r.tokens);
  const note = r.duplicates.map((d) => `${d.anchor} is listed ${d.indexes.length} times; dbt keeps the last entry (item ${d.taken})`).join('; ');
  if (to === op.path && !note) return { tokens: r.tokens };
  return { tokens: r.tokens, moved: { op: i, anchor, from: op.path, to, ...(note ? { note } : {}) } };
}

/** Whether the pointer goes through a list item by its index (not only appends at the end). */
function crossesList(doc: unknown, tokens: string[]): boolean {
  let at: unknown = doc;
  for (const t of tokens) {
    if (Array.isArray(at)) { if (t !== '-') return true; return false; }
    at = isObject(at) ? at[t] : undefined;
  }
  return false;
}

/** An appended mapping with a `name` that the list already holds (with other content): refused, not added twice. */
function sameName(list: unknown[], value: unknown, segs: PathSeg[], fail: (why: string) => Error): void {
  if (!isObject(value) || typeof value.name !== 'string') return;
  const at = list.findIndex((x) => isObject(x) && x.name === value.name);
  if (at < 0) return;
  const e = fail(`adds an entry named '${value.name}' to ${toPointer(segs)}, which already has one (item ${at}); change that entry instead`);
  throw new ChangeError('DUPLICATE_ENTRY', e.message, { ...(e as ChangeError).details, existing: toPointer([...segs, at]) });
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

function stringifyDocument(value: unknown): string {
  const doc = parseDocument('');
  doc.contents = doc.createNode(value) as any;
  return doc.toString({ lineWidth: 0 });
}
