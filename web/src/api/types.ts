// Request and response types of the routes the UI calls, picked out of the generated OpenAPI
// types (schema.d.ts) — never written by hand for a route the server documents.
import type { paths } from './schema';

type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Content<R> = R extends { content: { 'application/json': infer J } } ? J : never;

/** The JSON of a route's success response (200 or 201). */
export type Reply<P extends keyof paths, M extends Method> =
  Op<P, M> extends { responses: infer R } ? (R extends { 200: infer A } ? Content<A> : R extends { 201: infer B } ? Content<B> : never) : never;
/** The JSON body a route takes. */
export type Body<P extends keyof paths, M extends Method> = Op<P, M> extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type FileListReply = Reply<'/api/projects/{id}/files', 'get'>;
export type FileEntry = FileListReply['files'][number];
export type FileReadReply = Reply<'/api/projects/{id}/file', 'get'>;
export type FileWrittenReply = Reply<'/api/projects/{id}/file', 'put'>;
export type StatusReply = Reply<'/api/projects/{id}/status', 'get'>;
export type GraphReply = Reply<'/api/projects/{id}/graph', 'get'>;
export type GraphNode = GraphReply['nodes'][number];
export type GraphEdge = GraphReply['edges'][number];
export type GraphColumn = GraphNode['columns'][number];
export type GraphQuery = NonNullable<Op<'/api/projects/{id}/graph', 'get'>['parameters']['query']>;
export type TableListReply = Reply<'/api/projects/{id}/graph/tables', 'get'>;
export type TableEntry = TableListReply['tables'][number];
export type IndexStatusReply = Reply<'/api/ai/index/status', 'get'>;
export type GraphDiffReply = Reply<'/api/projects/{id}/graph/diff', 'get'>;
export type InferredReply = Reply<'/api/projects/{id}/graph/inferred', 'get'>;
export type ModelReply = Reply<'/api/projects/{id}/model', 'get'>;
export type ModelEntity = ModelReply['entities'][number];
export type ModelColumn = ModelEntity['columns'][number];
export type ModelRelationship = ModelReply['relationships'][number];
// without ?path= the route answers the whole project (the document declares both shapes)
export type ValidationReply = Extract<Reply<'/api/projects/{id}/validation', 'get'>, { files: unknown }>;
export type ReadinessReply = Reply<'/api/projects/{id}/readiness', 'get'>;
export type MeshReply = Reply<'/api/projects/{id}/mesh', 'get'>;
export type DocBlocksReply = Reply<'/api/projects/{id}/doc-blocks', 'get'>;
export type DocBlock = DocBlocksReply['blocks'][number];
export type LayoutBody = Body<'/api/projects/{id}/layout', 'post'>;
export type ProposalBody = Body<'/api/ai/proposals/apply', 'post'>;
export type Change = ProposalBody['changes'][number];
export type ValidateReply = Reply<'/api/ai/proposals/validate', 'post'>;
export type ChangeResult = ValidateReply['results'][number];
export type ApplyReply = Reply<'/api/ai/proposals/apply', 'post'>;
export type EditBody = Body<'/api/ai/proposals/edit', 'post'>;
export type CanvasEdit = EditBody['edit'];
export type EditReply = Reply<'/api/ai/proposals/edit', 'post'>;
export type AgentProposal = Reply<'/api/ai/conceptualize', 'post'>;
export type GenerateSqlReply = Reply<'/api/forward/generate-sql', 'post'>;
export type Diagnostic = ModelReply['diagnostics'][number];

/** One server-sent event (GET /api/events), as schemas/server/ServerEvent.schema.json says. */
export interface ServerEvent {
  type: 'hello' | 'files_changed' | 'files_written' | 'proposal_applied' | 'columns_checked';
  paths: string[];
  version: number;
  summary?: { validation: StatusReply['validation']; readiness: StatusReply['readiness'] };
}
export type LineageReply = Reply<'/api/projects/{id}/lineage', 'get'>;
