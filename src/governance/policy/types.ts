// What a policy rule sees (a Subject: a model-file entity or a dbt node, in one shape) and what
// a rule type declares (its parameters, checked before it runs, and its check).
import type { Diagnostic } from '../../core/diagnostics.js';
import type { InterfaceMeta } from '../../core/project/types.js';
import type { PathSeg } from '../../core/yaml-source.js';
import type { LayerKey } from '../layers.js';

export type PackSeverity = 'info' | 'warn' | 'error';
export type Resource = 'entity' | 'model' | 'source' | 'seed' | 'snapshot';

export interface SubjectColumn {
  name: string;
  description?: string;
  /** a description, a resolvable doc block reference, or description_ref */
  hasDescription: boolean;
  dataType?: string;
  primaryKey: boolean;
  unique: boolean;
  notNull: boolean;
  /** test names (unique, not_null, relationships, accepted_values, dbt_utils.x …) */
  tests: string[];
  /** relationship targets declared by tests, foreign keys or meta.references */
  references: { to: string; field?: string }[];
  /** constraint types (primary_key, unique, not_null, foreign_key, check) */
  constraints: string[];
  sensitivity?: string;
  tags: string[];
  meta: Record<string, any>;
  deprecated: boolean;
  deprecationMessage?: string;
  at: PathSeg[];
}

export interface Subject {
  resource: Resource;
  name: string;
  /** project-relative file (or the model file as given) */
  file?: string;
  layers: LayerKey[];
  tags: string[];
  description?: string;
  hasDescription: boolean;
  owner?: string;
  meta: Record<string, any>;
  materialized?: string;
  contractEnforced: boolean;
  /** meta.modeler.contracts == enforced */
  contractHint: boolean;
  deprecated: boolean;
  deprecationMessage?: string;
  interface?: InterfaceMeta;
  interfaceEnabled: boolean;
  /** the raw entity / dbt entry, for `requires` checks of layer_constraint */
  raw: Record<string, any>;
  columns: SubjectColumn[];
  /** key columns declared apart from column flags (interface unique_key, model-level constraints) */
  declaredKey: string[];
  at: PathSeg[];
  /** file:line of a path under this subject (`[]` = the subject itself) */
  locate(at: PathSeg[]): { line?: number; column?: number };
}

export interface Selector {
  layer?: string[];
  tag?: string[];
  path?: string[];
  name?: string[];
  resource?: string[];
  interface?: boolean | string;
}

export interface PolicyRule {
  id: string;
  type: string;
  severity: PackSeverity;
  enabled: boolean;
  description?: string;
  message?: string;
  selector: Selector;
  params: Record<string, any>;
  /** where the rule is defined */
  file: string;
  line?: number;
  column?: number;
  pack: string;
}

export type ParamSpec =
  | { kind: 'boolean'; default: boolean }
  | { kind: 'string'; default?: string }
  | { kind: 'regex'; default?: string }
  | { kind: 'strings'; default: string[] }
  | { kind: 'enum'; values: string[]; default: string }
  | { kind: 'regexMap'; default?: Record<string, string> }
  | { kind: 'object'; default?: Record<string, any> };

export interface Violation {
  subject: Subject;
  column?: SubjectColumn;
  message: string;
  hint?: string;
  /** path under the subject to locate (defaults to the column, else the subject) */
  at?: PathSeg[];
}

export interface RuleType {
  type: string;
  summary: string;
  params: Record<string, ParamSpec>;
  /** Extra validation of parameter values beyond their kinds (messages become POLICY_PARAM_INVALID). */
  validate?(params: Record<string, any>): string[];
  check(s: Subject, params: Record<string, any>, all: Subject[]): Omit<Violation, 'subject'>[];
}

export interface PolicyViolation extends Diagnostic {
  ruleId: string;
  ruleType: string;
  object: string;
  objectColumn?: string;
}
