// The public entry, column-level lineage (src/api.ts lists every area).
export { lineageOf, impactOf, lineageGraph, columnLineage, nodeLineage, parseAddress, columnImpact, formatColumnLineage, formatNodeLineage, formatImpact as formatLineageImpact, lineageDepth, MAX_LINEAGE_DEPTH, type LineageGraph, type LineageEdge, type ColumnLineage, type NodeLineage, type ColumnImpact } from '../lineage/index.js';
export { gateWithLineage } from '../lineage/gate-impact.js';
export { droppedColumns } from '../lineage/dropped.js';
