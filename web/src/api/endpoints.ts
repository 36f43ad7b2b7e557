// Typed calls for each route the UI uses (types from the generated OpenAPI types).
import { projectPath, request, requestRaw, getProjectId } from './client';
import type {
  InferredReply,
  AgentProposal, ApplyReply, CanvasEdit, Change, EditReply, DocBlocksReply, FileListReply, FileReadReply, FileWrittenReply, GenerateSqlReply, GraphDiffReply, GraphQuery, GraphReply, IndexStatusReply, TableListReply,
  LayoutBody, LineageReply, MeshReply, ModelReply, ReadinessReply, StatusReply, ValidateReply, ValidationReply,
} from './types';

export const api = {
  health: () => request<{ status: string; version: string; project: { id: string; name: string } }>('GET', '/api/health'),
  files: () => request<FileListReply>('GET', projectPath('files')),
  status: () => request<StatusReply>('GET', projectPath('status')),
  /** The whole project, or (with a query) the part the canvas shows: a focus, a folder, a layer. */
  graph: (query?: GraphQuery) => request<GraphReply>('GET', projectPath('graph'), query ? { query } : {}),
  tables: () => request<TableListReply>('GET', projectPath('graph/tables')),
  indexStatus: () => request<IndexStatusReply>('GET', '/api/ai/index/status', { query: { projectId: getProjectId() } }),
  graphInferred: () => request<InferredReply>('GET', projectPath('graph/inferred')),
  graphDiff: (ref: string) => request<GraphDiffReply>('GET', projectPath('graph/diff'), { query: { ref } }),
  model: (path: string) => request<ModelReply>('GET', projectPath('model'), { query: { path } }),
  validation: () => request<ValidationReply>('GET', projectPath('validation')),
  readiness: () => request<ReadinessReply>('GET', projectPath('readiness')),
  mesh: () => request<MeshReply>('GET', projectPath('mesh')),
  lineage: (column: string, depth?: number) => request<LineageReply>('GET', projectPath('lineage'), { query: { column, ...(depth ? { depth: String(depth) } : {}) } }),
  docBlocks: () => request<DocBlocksReply>('GET', projectPath('doc-blocks')),
  readFile: (path: string) => request<FileReadReply>('GET', projectPath('file'), { query: { path } }),
  /** Replace a file while it still has `etag` (409 CONFLICT otherwise). */
  writeFile: async (path: string, content: string, etag: string) =>
    (await requestRaw<FileWrittenReply>('PUT', projectPath('file'), { body: { path, content }, headers: { 'if-match': etag } })).json,
  createFile: (path: string, content: string) => request<FileWrittenReply>('POST', projectPath('file'), { body: { path, content } }),
  renameFile: (path: string, to: string) => request<unknown>('POST', projectPath('file/rename'), { body: { path, to } }),
  deleteFile: (path: string) => request<unknown>('DELETE', projectPath('file'), { body: { path } }),
  saveLayout: (body: LayoutBody) => request<unknown>('POST', projectPath('layout'), { body }),
  conceptualize: () => request<AgentProposal>('POST', '/api/ai/conceptualize', { body: { projectId: getProjectId() } }),
  canonicalize: (minRecurrence?: number) => request<AgentProposal>('POST', '/api/ai/canonicalize', { body: { projectId: getProjectId(), ...(minRecurrence ? { minRecurrence } : {}) } }),
  validateProposal: (changes: Change[]) => request<ValidateReply>('POST', '/api/ai/proposals/validate', { body: { projectId: getProjectId(), changes, preview: true } }),
  editProposal: (edit: CanvasEdit, model_path?: string) => request<EditReply>('POST', '/api/ai/proposals/edit', { body: { projectId: getProjectId(), edit, ...(model_path ? { model_path } : {}) } }),
  applyProposal: (changes: Change[]) => request<ApplyReply>('POST', '/api/ai/proposals/apply', { body: { projectId: getProjectId(), changes } }),
  generateSql: (model_path: string, dialect: string) => request<GenerateSqlReply>('POST', '/api/forward/generate-sql', { body: { projectId: getProjectId(), model_path, dialect } }),
};
