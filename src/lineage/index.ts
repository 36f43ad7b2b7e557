// Column-level lineage: the graph (graph.ts), the questions asked of it (query.ts), impact
// (impact.ts) and text (format.ts). One entry point for every face.
import type { Project } from '../core/project/types.js';
import { lineageGraph } from './graph.js';
import { columnImpact, type ColumnImpact } from './impact.js';
import { columnLineage, nodeLineage, parseAddress, type ColumnLineage, type NodeLineage } from './query.js';

export { lineageGraph, type LineageGraph, type LineageEdge, type LineageKind } from './graph.js';
export { columnLineage, nodeLineage, parseAddress, downstreamColumns, type ColumnLineage, type NodeLineage, type LineageEntry } from './query.js';
export { columnImpact, rowReads, type ColumnImpact } from './impact.js';
export { lineageDepth, MAX_LINEAGE_DEPTH } from './depth.js';
export { formatColumnLineage, formatNodeLineage, formatImpact } from './format.js';

/** `NODE.COLUMN` → its lineage; `NODE` alone → each column's direct upstream. Unknown names throw a UserError (exit 1). */
export function lineageOf(p: Project, address: string, opts: { depth?: number } = {}): ColumnLineage | NodeLineage {
  const g = lineageGraph(p, { cache: true });
  const a = parseAddress(g, address, { allowNode: true });
  return a.column === undefined ? nodeLineage(g, a.id) : columnLineage(g, { id: a.id, column: a.column }, opts.depth);
}

/** What dropping or changing `NODE.COLUMN` affects. */
export function impactOf(p: Project, address: string): ColumnImpact {
  const g = lineageGraph(p, { cache: true });
  const a = parseAddress(g, address);
  return columnImpact(g, { id: a.id, column: a.column! }, [...p.models, ...p.snapshots, ...p.seeds, ...p.sources]);
}
