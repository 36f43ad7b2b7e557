// Bind proposed changes to what they were made from, when they are made: each change gets the
// ETag of its file (`base_etag`) and each patch operation the identity of the element its
// pointer names (`anchor`). Applied later to a file that changed, a patch then acts where its
// element is now, and whole-file content is refused rather than written over someone's edit.
// The operations of one file are followed in order (across the changes of a proposal), so an
// operation that addresses what an earlier one added is named by that, too.
import { parse } from '../core/yaml-lib.js';
import { anchorOf } from './anchor.js';
import { etagOf, readTextOrNull } from './files.js';
import { parsePointer } from './json-patch.js';
import { projectPath } from './paths.js';
import type { ProposalChange, YamlPatchOp } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The changes with `base_etag` and anchors filled in where they are missing; a change on a path that cannot be read is left as it is (validation says why). */
export function bindChanges<C extends ProposalChange>(root: string, changes: readonly C[]): C[] {
  const docs = new Map<string, { etag: string | null; value: unknown }>();
  const fileOf = (path: string) => {
    let rel: string, text: string | null;
    try { const p = projectPath(root, path); rel = p.rel; text = readTextOrNull(p.abs, rel); } catch { return undefined; }
    let f = docs.get(rel);
    if (!f) {
      let value: unknown;
      try { value = text !== null && /\.ya?ml$/i.test(rel) ? parse(text) : undefined; } catch { value = undefined; }
      docs.set(rel, (f = { etag: text === null ? null : etagOf(text), value }));
    }
    return f;
  };
  return changes.map((c) => {
    const f = fileOf(c.path);
    if (!f) return c;
    const bound: C = { ...c, ...(c.base_etag === undefined && f.etag !== null && c.op !== 'create_file' ? { base_etag: f.etag } : {}) };
    if (c.op !== 'patch_yaml' || !c.patch) return bound;
    return { ...bound, patch: c.patch.map((op) => bindOp(f, op)) };
  });
}

function bindOp(f: { value: unknown }, op: YamlPatchOp): YamlPatchOp {
  let tokens: string[];
  try { tokens = parsePointer(op.path); } catch { return op; }
  const out = op.anchor === undefined && tokens.length ? { ...op, anchor: anchorOf(f.value, tokens) } : op;
  f.value = applied(f.value, op.op, tokens, op.value);
  return out;
}

/** The value after one operation (enough to name what later operations address; validation does the real patch). */
function applied(doc: unknown, op: string, tokens: string[], value: unknown): unknown {
  if (op === 'test' || !tokens.length) return op === 'test' || op === 'remove' ? doc : structuredClone(value);
  let parent: unknown = doc;
  for (const t of tokens.slice(0, -1)) parent = Array.isArray(parent) ? parent[Number(t)] : isObject(parent) ? parent[t] : undefined;
  const last = tokens[tokens.length - 1];
  if (Array.isArray(parent)) {
    const i = last === '-' ? parent.length : Number(last);
    if (op === 'add') parent.splice(i, 0, structuredClone(value));
    else if (op === 'remove') parent.splice(i, 1);
    else parent[i] = structuredClone(value);
  } else if (isObject(parent)) {
    if (op === 'remove') delete parent[last]; else parent[last] = structuredClone(value);
  }
  return doc;
}
