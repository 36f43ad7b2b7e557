// The qlang project manifest (spec §2.1–§2.4) as TypeScript sees it after schema validation.

export type BlockStatus = 'draft' | 'review' | 'certified';
export type EndpointKind = 'tform_source' | 'tform_model' | 'modeler_contract' | 'qlang_block' | 'qlang_app';
export type ColumnLineageKind = 'tform_model_column' | 'tform_source_column' | 'block_column' | 'literal';

export interface BlockParam { name: string; type: string; default?: unknown; description?: string }
export interface ColumnLineage { kind: ColumnLineageKind; ref: string }
export interface BlockColumn { name: string; type?: string; description?: string; lineage?: ColumnLineage[] }

export interface Block {
  name: string;
  domain: string;
  type: 'custom' | 'semantic';
  status: BlockStatus;
  description?: string;
  owner?: string;
  tags?: string[];
  modeler_contract?: string;
  metric?: string;
  query?: string;
  params?: BlockParam[];
  outputs?: BlockColumn[];
  llmContext?: string;
  invariants?: string[];
  examples?: { question: string; sql?: string }[];
  [extra: string]: unknown;
}

export interface App {
  id: string; title: string; description?: string; owners?: string[];
  dashboards?: string[]; notebooks?: string[]; blocks?: string[];
  [extra: string]: unknown;
}
export interface Dashboard { id: string; title?: string; tiles?: unknown[]; [extra: string]: unknown }
export interface Notebook { id: string; title?: string; cells?: unknown[] }

export interface Endpoint { kind: EndpointKind; ref: string }
export interface LineageEdge { from: Endpoint; to: Endpoint; relationship?: 'uses' | 'implements' | 'renders' | 'derives_from' }
export interface ManifestDiagnostic { severity: 'info' | 'warning' | 'error'; message: string; path?: string; code?: string }

export interface QlangManifest {
  manifestSpecVersion: string;
  qlangVersion: string;
  generatedAt: string;
  project: { name: string; root?: string };
  blocks: Block[];
  apps?: App[];
  dashboards?: Dashboard[];
  notebooks?: Notebook[];
  lineage?: { edges?: LineageEdge[] };
  diagnostics?: ManifestDiagnostic[];
  [extra: string]: unknown;
}
