// Lineage impact: given a changed source, model, column, contract or block, everything
// downstream of it — models, blocks, block columns, dashboards, notebooks and apps — each with
// one shortest path that reaches it.
//
// The graph is the manifest's lineage edges plus what the manifest implies:
//   app.blocks / app.dashboards / app.notebooks       block|dashboard|notebook -> app
//   dashboard tiles and notebook cells naming a block  block -> dashboard|notebook
//   block.modeler_contract                             contract -> block
//   output column lineage                              upstream column -> block column, and -> block
//   a block (model, source) owns its columns           block -> block column, model -> model column
// Blocks whose outputs all carry column lineage are precise: a column reaches them, and their
// columns are reached, only through that lineage. Everywhere else the impact is conservative: a
// column reaches what its parent reaches, and a reached block or model affects all its columns.
import { UserError } from '../core/diagnostics.js';
import { didYouMean, didYouMeanSuffix } from '../core/suggest.js';
import { Digraph } from './graph.js';
import type { QlangManifest } from './types.js';
import { opt } from '../core/option-names.js';

export const NODE_KINDS = [
  'tform_source', 'tform_source_column', 'tform_model', 'tform_model_column', 'modeler_contract',
  'qlang_block', 'block_column', 'dashboard', 'notebook', 'qlang_app',
] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

const ALIASES: Record<string, NodeKind> = {
  source: 'tform_source', model: 'tform_model', contract: 'modeler_contract', block: 'qlang_block', app: 'qlang_app',
  source_column: 'tform_source_column', model_column: 'tform_model_column',
};
const COLUMN_PARENT: Partial<Record<NodeKind, NodeKind>> = {
  tform_model_column: 'tform_model', tform_source_column: 'tform_source', block_column: 'qlang_block',
};

export interface ImpactedNode {
  kind: NodeKind;
  ref: string;
  depth: number;
  /** Node keys from the changed ref to this node. */
  path: string[];
  status?: string;
  domain?: string;
  owner?: string;
}

export interface ImpactResult {
  ref: string;
  /** False when nothing in the manifest mentions the ref (then nothing is downstream of it). */
  found: boolean;
  /** When not found: the closest ref of the same kind the manifest does mention (a likely typo). */
  suggestion?: string;
  impacted: ImpactedNode[];
  counts: Partial<Record<NodeKind, number>>;
}

export function parseRef(value: string): { kind: NodeKind; ref: string } {
  const cut = value.indexOf(':');
  if (cut <= 0 || cut === value.length - 1) throw new UserError(`${opt('ref')} must be <kind>:<ref> (e.g. tform_model:orders), got '${value}'`);
  const rawKind = value.slice(0, cut);
  const kind = (NODE_KINDS as readonly string[]).includes(rawKind) ? (rawKind as NodeKind) : ALIASES[rawKind];
  if (!kind) throw new UserError(`unknown ref kind '${rawKind}'${didYouMeanSuffix(rawKind, [...NODE_KINDS, ...Object.keys(ALIASES)])}; use one of ${NODE_KINDS.join(', ')}`);
  const ref = value.slice(cut + 1);
  // contract nodes are versionless (the lineage spec names contracts by id)
  return { kind, ref: kind === 'modeler_contract' ? ref.replace(/@[0-9]+$/, '') : ref };
}

/** The block a tile or cell names: `block: "x"`, `block: {blockId|name|id: "x"}` or `blockId: "x"`. */
function tileBlock(item: unknown): string | undefined {
  if (!item || typeof item !== 'object') return undefined;
  const t = item as Record<string, unknown>;
  const b = t.block ?? t.blockId ?? t.block_id;
  if (typeof b === 'string') return b;
  if (b && typeof b === 'object') {
    const o = b as Record<string, unknown>;
    const name = o.blockId ?? o.name ?? o.id;
    if (typeof name === 'string') return name;
  }
  return undefined;
}

export interface ImpactGraph {
  g: Digraph;
  /** Column node id -> its parent node id. */
  parentOf: Map<number, number>;
  /** Blocks every output of which carries column lineage. */
  preciseBlocks: Set<number>;
}

export function buildImpactGraph(m: QlangManifest): ImpactGraph {
  const g = new Digraph();
  const parentOf = new Map<number, number>();
  const column = (kind: NodeKind, ref: string, ownerLength?: number): number => {
    const known = g.find(kind, ref);
    if (known !== undefined) return known;
    const id = g.id(kind, ref);
    const cut = ownerLength ?? ref.lastIndexOf('.');
    if (cut > 0) {
      const parent = g.id(COLUMN_PARENT[kind]!, ref.slice(0, cut));
      g.addEdge(parent, id);
      parentOf.set(id, parent);
    }
    return id;
  };
  // Nodes first, in manifest order, so traversal and reports are deterministic.
  for (const b of m.blocks) g.id('qlang_block', b.name);
  for (const e of m.lineage?.edges ?? []) g.addEdge(g.id(e.from.kind, e.from.ref), g.id(e.to.kind, e.to.ref));
  const preciseBlocks = new Set<number>();
  for (const b of m.blocks) {
    const block = g.id('qlang_block', b.name);
    if (b.modeler_contract) g.addEdge(g.id('modeler_contract', b.modeler_contract.replace(/@[0-9]+$/, '')), block);
    const outs = b.outputs ?? [];
    if (outs.length && outs.every((o) => o.lineage?.length)) preciseBlocks.add(block);
    for (const o of outs) {
      const own = column('block_column', `${b.name}.${o.name}`, b.name.length);
      for (const l of o.lineage ?? []) {
        if (l.kind === 'literal') continue;
        const up = column(l.kind, l.ref);
        g.addEdge(up, own);
        g.addEdge(up, block);
      }
    }
  }
  for (const d of m.dashboards ?? []) for (const t of d.tiles ?? []) {
    const b = tileBlock(t);
    if (b) g.addEdge(g.id('qlang_block', b), g.id('dashboard', d.id));
  }
  for (const n of m.notebooks ?? []) for (const c of n.cells ?? []) {
    const b = tileBlock(c);
    if (b) g.addEdge(g.id('qlang_block', b), g.id('notebook', n.id));
  }
  for (const a of m.apps ?? []) {
    const app = g.id('qlang_app', a.id);
    for (const b of a.blocks ?? []) g.addEdge(g.id('qlang_block', b), app);
    for (const d of a.dashboards ?? []) g.addEdge(g.id('dashboard', d), app);
    for (const n of a.notebooks ?? []) g.addEdge(g.id('notebook', n), app);
  }
  return { g: g.freeze(), parentOf, preciseBlocks };
}

export function impactOf(m: QlangManifest, refValue: string, graph = buildImpactGraph(m)): ImpactResult {
  const { kind, ref } = parseRef(refValue);
  const { g, parentOf, preciseBlocks } = graph;
  const key = `${kind}:${ref}`;
  let start = g.find(kind, ref);
  const parentKind = COLUMN_PARENT[kind];
  if (start === undefined && parentKind) {
    // a column no lineage names still belongs to its model, source or block: start from it as
    // an (edge-less) column of that parent, so the parent's conservative reach applies
    const cut = kind === 'block_column' ? longestBlockPrefix(m, ref) : ref.lastIndexOf('.');
    const parentNode = cut > 0 ? g.find(parentKind, ref.slice(0, cut)) : undefined;
    if (parentNode !== undefined) {
      start = g.id(kind, ref);
      parentOf.set(start, parentNode);
    }
  }
  if (start === undefined) {
    const same = g.refs.filter((_, i) => g.kinds[i] === kind);
    const s = didYouMean(ref, same);
    return { ref: key, found: false, ...(s ? { suggestion: `${kind}:${s}` } : {}), impacted: [], counts: {} };
  }
  const parent = new Int32Array(g.size).fill(-2);
  const depth = new Int32Array(g.size);
  parent[start] = -1;
  const queue = [start];
  const visit = (u: number, v: number) => {
    if (parent[v] !== -2) return;
    parent[v] = u;
    depth[v] = depth[u] + 1;
    queue.push(v);
  };
  for (let head = 0; head < queue.length; head++) {
    const u = queue[head];
    // a block whose outputs all carry lineage has its columns reached through that lineage only
    // (unless the block itself is what changed)
    const ownColumnsByLineage = preciseBlocks.has(u) && u !== start;
    for (let k = g.first(u), end = g.end(u); k < end; k++) {
      const v = g.target(k);
      if (ownColumnsByLineage && parentOf.get(v) === u) continue;
      visit(u, v);
    }
    const p = parentOf.get(u);
    if (p === undefined) continue;
    // a column reaches what its parent reaches, minus the parent's own columns and the blocks
    // whose column lineage already answered the question precisely
    for (let k = g.first(p), end = g.end(p); k < end; k++) {
      const v = g.target(k);
      if (parentOf.get(v) === p || preciseBlocks.has(v)) continue;
      visit(u, v);
    }
  }
  const blocks = new Map(m.blocks.map((b) => [b.name, b]));
  const impacted: ImpactedNode[] = [];
  const counts: Partial<Record<NodeKind, number>> = {};
  for (let i = 1; i < queue.length; i++) {
    const n = queue[i];
    if (parentOf.get(n) === start) continue; // the changed thing's own columns are not "downstream" of it
    const nk = g.kinds[n] as NodeKind;
    const nref = g.refs[n];
    const path: string[] = [];
    for (let x = n; x >= 0; x = parent[x]) path.push(g.key(x));
    const node: ImpactedNode = { kind: nk, ref: nref, depth: depth[n], path: path.reverse() };
    if (nk === 'qlang_block') {
      const b = blocks.get(nref);
      if (b) Object.assign(node, { status: b.status, domain: b.domain, ...(b.owner ? { owner: b.owner } : {}) });
    }
    impacted.push(node);
    counts[nk] = (counts[nk] ?? 0) + 1;
  }
  const rank = (k: NodeKind) => NODE_KINDS.indexOf(k);
  impacted.sort((a, b) => rank(a.kind) - rank(b.kind) || a.depth - b.depth || (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
  return { ref: key, found: true, impacted, counts };
}

function longestBlockPrefix(m: QlangManifest, ref: string): number {
  let best = -1;
  for (const b of m.blocks) if (ref.startsWith(b.name + '.') && b.name.length > best) best = b.name.length;
  return best;
}

export function formatImpact(r: ImpactResult): string {
  if (!r.found) return `${r.ref}: not referenced anywhere in the manifest; nothing is downstream of it${r.suggestion ? ` (did you mean '${r.suggestion}'?)` : ''}`;
  const total = r.impacted.length;
  const parts = NODE_KINDS.filter((k) => r.counts[k]).map((k) => `${r.counts[k]} ${k}`);
  const lines = [`impact of ${r.ref}: ${total} downstream${parts.length ? ` (${parts.join(', ')})` : ''}`];
  for (const n of r.impacted) {
    const info = n.status ? ` [${n.status}${n.domain ? `, ${n.domain}` : ''}]` : '';
    lines.push(`  ${n.kind} ${n.ref}${info}`);
    lines.push(`    via ${n.path.join(' -> ')}`);
  }
  return lines.join('\n');
}
