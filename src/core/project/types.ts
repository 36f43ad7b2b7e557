// The typed, in-memory view of a dbt-style (tform) project that every capability reads.
import type { Diagnostic } from '../diagnostics.js';
import type { LoadedModel } from '../model/load.js';
import type { DbtTarget } from './target.js';
import type { JContext } from './jinja-expr.js';

export type ResourceType = 'model' | 'source' | 'seed' | 'snapshot' | 'exposure' | 'semantic_model' | 'metric';

/** A dbt data test, normalised from every shape dbt accepts. */
export interface DbtTest {
  /** unique, not_null, relationships, accepted_values, or a package test such as dbt_utils.x */
  name: string;
  /** Arguments, with the `arguments:` nesting flattened (to, field, values, …). */
  args: Record<string, unknown>;
  /** The test's own config (`config:` and the config keys written beside the arguments). */
  config: Record<string, unknown>;
  /** `tests` or `data_tests` */
  key: 'tests' | 'data_tests';
  line?: number;
  /** False when dbt would not run it (its config or dbt_project.yml `data_tests:` disables it). */
  enabled?: boolean;
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
  /** Whether dbt builds it, with every `enabled` source resolved (vars, env vars, cascade). */
  enabled: boolean;
  /** Where the deciding `enabled` came from, when disabled (file:line and the expression). */
  disabledBy?: string;
  /** dbt's fully qualified name: project, folders, name (and version). */
  fqn: string[];
  packageName: string;
  /** Model/seed/snapshot name; for a source table `source_name.table_name`. */
  name: string;
  /** Versioned models: this node's version (`v`), and whether it is the latest. */
  version?: string | number;
  latestVersion?: boolean;
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
  /** Resolved materialization (SQL config() over YAML config over dbt_project.yml; dbt's default is view). */
  materialized?: string;
  materializedFrom?: 'sql' | 'yaml' | 'dbt_project' | 'default';
  contractEnforced: boolean;
  /** ref() targets and source() calls in the SQL (lineage). */
  refs: { name: string; package?: string; version?: string }[];
  sourceRefs: string[];
  /** Sources: freshness and loaded_at_field, inherited from the source when the table has none. */
  freshness?: Record<string, any> | null;
  loadedAtField?: string;
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

export type FileKind = 'dbt_project' | 'dbt_yaml' | 'sql' | 'macro' | 'seed' | 'docs_md' | 'target_json' | 'modeler_model' | 'skill' | 'other';

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
  /** Resources dbt does not build (enabled resolved to false): known, reported, never counted. */
  disabled: DbtNode[];
  /**
   * Nodes of other packages: those installed under packages-install-path (read as dbt reads them,
   * paths relative to this project), and those target/manifest.json lists: lineage context, never
   * the project's own.
   */
  packageNodes: DbtNode[];
  /** Tests declared on YAML entries that no file defines: dbt keeps them as (disabled) test nodes. */
  orphanTests: { file: string; tests: DbtTest[] }[];
  /** Names of the project's saved queries, groups, unit tests and macros (as dbt lists them). */
  savedQueries: string[];
  groups: string[];
  unitTests: string[];
  macros: string[];
  /** Singular data tests (SQL files under test-paths). */
  singularTests: { name: string; file: string; enabled: boolean }[];
  /** Whether the folder is a dbt project root (holds dbt_project.yml). */
  isDbtProject: boolean;
  /** The dbt target the project was read for (profiles.yml, as dbt finds it); undefined when none was found. */
  dbtTarget?: DbtTarget;
  /** Vars in effect (dbt_project.yml `vars:` with --vars on top), for reports. */
  cliVars: Record<string, unknown>;
  /** `var()` and `env_var()` as dbt resolves them for the project's resources (for rendering its SQL). */
  jinja: JContext;
  /** dbt_project.yml's macro-paths and packages-install-path (where the macros its SQL calls live). */
  macroPaths: string[];
  packagesInstallPath: string;
  /** Latest version of each model (and every unversioned model) by name. */
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
  /** Read the whole project again (after a git checkout or pull). */
  reloadAll(): void;
  /** Re-read one changed (or deleted) file and update the views; returns the new diagnostics of that file. */
  reloadFile(rel: string): Diagnostic[];
  /** Re-read several changed (or deleted) files and update the views once; returns their new diagnostics. */
  reloadFiles(rels: readonly string[]): Diagnostic[];
  /** Read a project file's text (contained in the project). */
  readText(rel: string): string;
  /** The text of a model's, snapshot's or test's SQL file as this state of the project read it (undefined: not read). */
  sqlText?(rel: string): string | undefined;
  /** `var()`/`env_var()` for the resources of an installed package (the vars this project gives it). */
  packageJinja?(pkg: string): JContext | undefined;
  /**
   * The files re-read since the state whose `files` map was `since` (each reload makes a new
   * map), so derived views can update only what those files touch; undefined when not known
   * (the whole project was read again, or that state is too old).
   */
  changedSince?(since: Map<string, FileKind>): string[] | undefined;
}
