// The typed, in-memory view of a dbt-style (tform) project that every capability reads.
import type { Diagnostic } from '../diagnostics.js';
import type { LoadedModel } from '../model/load.js';

export type ResourceType = 'model' | 'source' | 'seed' | 'snapshot' | 'exposure' | 'semantic_model' | 'metric';

/** A dbt data test, normalised from every shape dbt accepts. */
export interface DbtTest {
  /** unique, not_null, relationships, accepted_values, or a package test such as dbt_utils.x */
  name: string;
  /** Arguments, with the `arguments:` nesting flattened (to, field, values, …). */
  args: Record<string, unknown>;
  /** `tests` or `data_tests` */
  key: 'tests' | 'data_tests';
  line?: number;
}

export interface DbtColumn {
  name: string;
  description?: string;
  description_ref?: { doc: string };
  data_type?: string;
  type?: string;
  tests: DbtTest[];
  constraints: Record<string, any>[];
  meta: Record<string, any>;
  tags: string[];
  binding?: { glossary_term: string; status?: string };
  terms?: string[];
  line?: number;
  raw: Record<string, any>;
}

export interface InterfaceMeta {
  enabled?: boolean;
  owner?: string;
  domain?: string;
  status?: string;
  version?: string;
  description?: string;
  unique_key?: string;
  freshness?: { warn_after?: { count?: number; period?: string } };
  stability?: string;
  [k: string]: unknown;
}

export interface DbtNode {
  resourceType: ResourceType;
  /** Model/seed/snapshot name; for a source table `source_name.table_name`. */
  name: string;
  /** dbt-style unique id, e.g. model.jaffle_shop.orders */
  uniqueId: string;
  /** Project-relative YAML file that describes it (or the SQL/manifest when only those exist). */
  file?: string;
  line?: number;
  sqlPath?: string;
  sourceName?: string;
  tableName?: string;
  description?: string;
  config: Record<string, any>;
  meta: Record<string, any>;
  tags: string[];
  columns: DbtColumn[];
  tests: DbtTest[];
  materialized?: string;
  contractEnforced: boolean;
  /** meta.modeler.interface, when present */
  interface?: InterfaceMeta;
  /** Where this node was found: yaml, sql, manifest (several when merged). */
  origins: ('yaml' | 'sql' | 'manifest')[];
  raw: Record<string, any>;
}

export interface DocBlock { name: string; body: string; file: string; line: number }

export interface Skill {
  file: string;
  name: string;
  description?: string;
  use_when: string[];
  tags: string[];
  layers: string[];
  agent_modes: string[];
  priority: number;
  body: string;
}

export interface TargetArtifacts {
  manifest?: any;
  catalog?: any;
  semanticManifest?: any;
  runResults?: any;
}

export type FileKind = 'dbt_project' | 'dbt_yaml' | 'sql' | 'docs_md' | 'target_json' | 'modeler_model' | 'skill' | 'other';

export interface Project {
  root: string;
  name: string;
  modelPaths: string[];
  models: DbtNode[];
  sources: DbtNode[];
  seeds: DbtNode[];
  snapshots: DbtNode[];
  exposures: DbtNode[];
  semanticModels: DbtNode[];
  metrics: DbtNode[];
  modelByName: Map<string, DbtNode>;
  docs: Map<string, DocBlock>;
  target: TargetArtifacts;
  /** Modeler/**: models, diagrams, glossary models (each loaded and validated). */
  modelerFiles: LoadedModel[];
  skills: Skill[];
  sqlFiles: string[];
  /** Every file the reader looked at, project-relative, with its kind. */
  files: Map<string, FileKind>;
  diagnostics: Diagnostic[];
  stats: { filesRead: number; loadMs: number };
  /** Re-read one changed (or deleted) file and update the views; returns the new diagnostics of that file. */
  reloadFile(rel: string): Diagnostic[];
  /** Read a project file's text (contained in the project). */
  readText(rel: string): string;
}
