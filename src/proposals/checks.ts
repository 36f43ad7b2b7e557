// The content checks a proposed file must pass, each a located finding with its own code:
// WRONG_LAYER (physical detail in a conceptual file), DOC_BLOCK_OVERWRITE (a description bound
// to a doc block rewritten in YAML), DUPLICATE_RELATIONSHIP (same endpoints and cardinality,
// whatever the name). Each compares the file before and after, so a change is blocked for what
// it introduces, never for what the file already held.
import { endpoint } from '../core/model/access.js';
import type { PathSeg } from '../core/yaml-source.js';
import { toPointer } from './json-patch.js';

export interface Finding {
  code: 'WRONG_LAYER' | 'DOC_BLOCK_OVERWRITE' | 'DUPLICATE_RELATIONSHIP';
  message: string;
  path: PathSeg[];
  details?: Record<string, unknown>;
}

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);
const isYamlPath = (rel: string) => /\.ya?ml$/i.test(rel);

/** Modeler model/diagram/glossary files: under Modeler/ (not Skills), or named *.model|diagram|glossary.yaml. */
export function isModelFile(rel: string): boolean {
  if (!isYamlPath(rel)) return false;
  if (rel.startsWith('Modeler/')) return !rel.startsWith('Modeler/Skills/');
  return /\.(model|diagram|glossary)\.ya?ml$/i.test(rel);
}

/** The layer a model file declares (header `layer`/`kind`, or top-level), else its Modeler/<layer>/ folder. */
export function fileLayer(rel: string, value: unknown): string | undefined {
  const v = isObject(value) ? value : {};
  const declared = [v.model?.layer, v.model?.kind, v.layer].find((x) => typeof x === 'string' && ['conceptual', 'logical', 'physical'].includes(x.toLowerCase()));
  if (declared) return declared.toLowerCase();
  const folder = /^Modeler\/(conceptual|logical|physical)\//i.exec(rel)?.[1];
  return folder?.toLowerCase();
}

// ---- WRONG_LAYER --------------------------------------------------------------------------

function physicalDetail(value: unknown): { path: PathSeg[]; what: string }[] {
  const out: { path: PathSeg[]; what: string }[] = [];
  if (!isObject(value)) return out;
  if (value.models !== undefined) out.push({ path: ['models'], what: 'dbt `models:`' });
  if (Array.isArray(value.indexes) && value.indexes.length) out.push({ path: ['indexes'], what: 'indexes' });
  (Array.isArray(value.entities) ? value.entities : []).forEach((e: unknown, ei: number) => {
    if (!isObject(e)) return;
    if (e.physical_name !== undefined) out.push({ path: ['entities', ei, 'physical_name'], what: `physical_name on entity '${e.name}'` });
    if (Array.isArray(e.indexes) && e.indexes.length) out.push({ path: ['entities', ei, 'indexes'], what: `indexes on entity '${e.name}'` });
    const key = Array.isArray(e.columns) ? 'columns' : 'fields';
    (Array.isArray(e[key]) ? e[key] : []).forEach((c: unknown, ci: number) => {
      if (!isObject(c)) return;
      for (const k of ['data_type', 'type']) {
        if (c[k] !== undefined) out.push({ path: ['entities', ei, key, ci, k], what: `a data type on '${e.name}.${c.name}'` });
      }
      if (c.physical_name !== undefined) out.push({ path: ['entities', ei, key, ci, 'physical_name'], what: `physical_name on '${e.name}.${c.name}'` });
    });
  });
  return out;
}

export function wrongLayer(rel: string, before: unknown, after: unknown): Finding | undefined {
  if (!isYamlPath(rel) || fileLayer(rel, after) !== 'conceptual') return undefined;
  const had = new Set(fileLayer(rel, before) === 'conceptual' ? physicalDetail(before).map((d) => toPointer(d.path)) : []);
  const added = physicalDetail(after).find((d) => !had.has(toPointer(d.path)));
  if (!added) return undefined;
  return {
    code: 'WRONG_LAYER', path: added.path,
    message: `${rel} is a conceptual-layer file, but the change adds ${added.what}; conceptual models name business things, physical detail belongs in a logical or physical model`,
    details: { layer: 'conceptual', detail: added.what, pointer: toPointer(added.path) },
  };
}

// ---- DOC_BLOCK_OVERWRITE --------------------------------------------------------------------

const DOC_CALL = /\{\{-?\s*doc\(\s*(?:(['"])[^'"]*\1\s*,\s*)?(['"])([^'"]+)\2\s*\)\s*-?\}\}/;
const PURE_DOC_CALL = new RegExp(`^\\s*${DOC_CALL.source}\\s*$`);

interface Bound { key: string; path: PathSeg[]; node: Record<string, any> }

/**
 * Every mapping with a description or description_ref, keyed by where it sits: list items with
 * a `name` by that name (so reordering a list does not pair different columns), others by index.
 */
function describedNodes(value: unknown): Map<string, Bound> {
  const out = new Map<string, Bound>();
  const visit = (v: unknown, key: string, path: PathSeg[]) => {
    if (Array.isArray(v)) {
      v.forEach((item, i) => visit(item, `${key}[${isObject(item) && typeof item.name === 'string' ? `name=${item.name}` : i}]`, [...path, i]));
    } else if (isObject(v)) {
      if (v.description !== undefined || v.description_ref !== undefined) out.set(key, { key, path, node: v });
      for (const [k, child] of Object.entries(v)) if (child !== null && typeof child === 'object') visit(child, `${key}.${k}`, [...path, k]);
    }
  };
  visit(value, '', []);
  return out;
}

function bindingOf(node: Record<string, any>): string | undefined {
  const ref = node.description_ref;
  if (isObject(ref) && typeof ref.doc === 'string') return ref.doc;
  return typeof node.description === 'string' ? DOC_CALL.exec(node.description)?.[3] : undefined;
}

/**
 * A description bound to a doc block (by description_ref or a `{{ doc("…") }}` in it) that the
 * change rewrites. Allowed: removing the description, rebinding it to a doc call, removing the
 * description_ref in the same change (an explicit unbinding), deleting the whole node, and editing
 * the prose of a description that mixes prose and doc calls, the calls kept as they were.
 */
export function docBlockOverwrite(before: unknown, after: unknown, docFile: (name: string) => { file: string; line: number } | undefined): Finding | undefined {
  const now = describedNodes(after);
  for (const b of describedNodes(before).values()) {
    const name = bindingOf(b.node);
    if (!name) continue;
    const a = now.get(b.key);
    if (!a) continue;
    const was = b.node.description, is = a.node.description;
    if (is === undefined || same(was, is)) continue;
    if (typeof is === 'string' && PURE_DOC_CALL.test(is)) continue;
    // prose beside its doc calls, edited around them: the calls (and so the binding) stay as they were
    if (typeof was === 'string' && typeof is === 'string' && !PURE_DOC_CALL.test(was) && sameDocCalls(was, is)) continue;
    if (b.node.description_ref !== undefined && a.node.description_ref === undefined) continue;
    const where = docFile(name);
    const pointer = toPointer([...a.path, 'description']);
    return {
      code: 'DOC_BLOCK_OVERWRITE', path: [...a.path, 'description'],
      message: `the change rewrites the description at ${pointer}, which is bound to the doc block '${name}'${where ? ` in ${where.file}:${where.line}` : ''}; edit the doc block in the .md file, or remove the description_ref first`,
      details: { path: pointer, yaml_path: b.key.replace(/^\./, '') + '.description', doc: name, doc_file: where?.file, doc_line: where?.line, before: was, after: is },
    };
  }
  return undefined;
}

const ANY_DOC_CALL = /\{\{\s*doc\(\s*(['"])[^'"]+\1\s*\)\s*\}\}/g;
function sameDocCalls(a: string, b: string): boolean {
  const calls = (s: string) => [...s.matchAll(ANY_DOC_CALL)].map((m) => m[0].replace(/\s+/g, ''));
  const x = calls(a);
  return x.length > 0 && JSON.stringify(x) === JSON.stringify(calls(b));
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

// ---- DUPLICATE_RELATIONSHIP -----------------------------------------------------------------

/** A relationship's identity: its endpoints (entity, columns, role) and cardinality, read in one direction. */
export function relationshipKey(r: unknown): string | undefined {
  if (!isObject(r) || r.from === undefined || r.to === undefined) return undefined;
  let from, to;
  try { from = endpoint(r.from); to = endpoint(r.to); } catch { return undefined; }
  if (typeof from.entity !== 'string' || typeof to.entity !== 'string') return undefined;
  const side = (e: typeof from) => `${e.entity.toLowerCase()}(${e.columns.map((c) => String(c).toLowerCase()).join(',')})${e.role ? `:${String(e.role).toLowerCase()}` : ''}`;
  let card = typeof r.cardinality === 'string' ? r.cardinality : 'one_to_many';
  let [a, b] = [side(from), side(to)];
  // many_to_one A→B is one_to_many B→A; symmetric kinds have no direction
  if (card === 'many_to_one') { [a, b] = [b, a]; card = 'one_to_many'; }
  if ((card === 'one_to_one' || card === 'many_to_many') && b < a) [a, b] = [b, a];
  return `${a}->${b}:${card}`;
}

function relationshipKeys(value: unknown): { key: string; index: number }[] {
  const rels = isObject(value) && Array.isArray(value.relationships) ? value.relationships : [];
  return rels.map((r: unknown, index: number) => ({ key: relationshipKey(r), index })).filter((x: { key?: string }): x is { key: string; index: number } => !!x.key);
}

/** Relationship keys the change adds to the file (one entry per added occurrence). */
export function addedRelationships(before: unknown, after: unknown): { key: string; index: number }[] {
  const had = new Map<string, number>();
  for (const { key } of relationshipKeys(before)) had.set(key, (had.get(key) ?? 0) + 1);
  const added: { key: string; index: number }[] = [];
  for (const r of relationshipKeys(after)) {
    const left = had.get(r.key) ?? 0;
    if (left > 0) had.set(r.key, left - 1); else added.push(r);
  }
  return added;
}

export function duplicateRelationship(rel: string, before: unknown, after: unknown): Finding | undefined {
  const all = relationshipKeys(after);
  const count = new Map<string, number>();
  for (const { key } of all) count.set(key, (count.get(key) ?? 0) + 1);
  const dup = addedRelationships(before, after).find((r) => (count.get(r.key) ?? 0) > 1);
  if (!dup) return undefined;
  const first = all.find((r) => r.key === dup.key && r.index !== dup.index)!;
  const rels = (after as any).relationships;
  const name = (i: number) => (isObject(rels[i]) && rels[i].name ? `'${rels[i].name}'` : `relationships[${i}]`);
  return {
    code: 'DUPLICATE_RELATIONSHIP', path: ['relationships', dup.index],
    message: `${rel}: relationship ${name(dup.index)} has the same endpoints and cardinality as ${name(first.index)} (${dup.key}); keep one of them`,
    details: { key: dup.key, index: dup.index, duplicates: first.index },
  };
}
