// The public entry, views: the JSON the faces show (Explorer, canvas, inspector, problems panel) (src/api.ts lists every area).
export { fileList, type FileEntry } from '../views/files.js';
export { modelView, type ModelView } from '../views/model-view.js';
export { saveLayout, MAX_POSITIONS, type LayoutRequest, type LayoutResult } from '../views/layout.js';
export { graphDiff, projectGraphDiff, type GraphDiff } from '../views/graph-diff.js';
export { projectGraph, type ProjectGraph } from '../views/project-graph.js';
export { projectEdges, projectGraphClusters, projectGraphLod, projectTables, type GraphLodQuery } from '../views/graph-lod.js';
export { inferredEdges, projectInferredEdges, type InferredEdge, type InferredEdges } from '../views/inferred-edges.js';
export { fileValidation, projectValidation, validationColumns, validationCounts, type FileValidation, type ProjectValidation } from '../views/validation.js';
