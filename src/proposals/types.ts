// The change model every proposal uses (deterministic agents now, the AI assistant later):
// a proposal describes what it found and lists file changes; nothing is written until a user
// approves it. schemas/proposal.schema.json is the JSON Schema of the same shapes.
import type { Cardinality } from '../core/model/types.js';

export type ChangeOp = 'create_file' | 'update_file' | 'patch_yaml' | 'delete_file' | 'rename_file';

/**
 * One RFC 6902 operation on a YAML document: `path` is a JSON Pointer into the document
 * (`/models/0/columns/-` appends); `test` checks a value before the others apply.
 */
export interface YamlPatchOp {
  op: 'add' | 'replace' | 'remove' | 'test';
  path: string;
  value?: unknown;
  /**
   * The identity of the element `path` names when the change was made
   * (`models[name=orders].columns[name=customer_id].data_tests[-]`, anchor.ts): the operation acts
   * where that element is now, or is refused STALE_PROPOSAL when it is gone.
   */
  anchor?: string;
}

export interface ProposalChange {
  op: ChangeOp;
  /** Project-relative POSIX path, never absolute and never leaving the project. */
  path: string;
  /** Full new text (create_file, update_file; patch_yaml may give full content instead of a patch). */
  content?: string;
  patch?: YamlPatchOp[];
  /** rename_file: the new project-relative path. */
  to?: string;
  /**
   * The ETag of `path` when the change was made (bind.ts): applied to a file that has changed
   * since, whole-file content is refused STALE_PROPOSAL and a patch is re-anchored by identity.
   */
  base_etag?: string;
  /** Why this change is proposed. */
  rationale: string;
  /** Project-relative files the change was derived from. */
  source_context: string[];
  /** What validating the change found (e.g. "validates against schemas/model.schema.json"). */
  validation_impact: string;
  /** One line for the review list. */
  review_summary: string;
}

/**
 * A change as a face receives it (HTTP body, MCP call): what an agent emits, with the review
 * fields optional (validation fills in validation_impact).
 */
export type ChangeRequest = Omit<ProposalChange, 'source_context' | 'validation_impact' | 'review_summary'>
  & Partial<Pick<ProposalChange, 'source_context' | 'validation_impact' | 'review_summary'>>
  & ReviewFields;

/**
 * What a face returns beside a change for review (the assistant's verdict): accepted back as it
 * is and ignored, so a client passes a proposal through as it got it.
 */
export interface ReviewFields {
  valid?: boolean;
  blocked?: unknown;
  warnings?: unknown;
  reanchored?: unknown;
  already?: unknown;
}

export type ProposalKind = 'diagram' | 'canonical' | 'changes';

export interface ProposalBase {
  kind: ProposalKind;
  /** The agent or assistant mode that made it. */
  agent: string;
  notes: string[];
  changes: ProposalChange[];
}

export interface DiagramEntity {
  name: string;
  /** The name with spaces, for display ("Order Item"). */
  label: string;
  domain: string;
  description: string;
  /** Staging models (and their helpers) the entity was derived from. */
  sources: string[];
}

/**
 * Why a relationship is proposed (DESIGN.md): declared by the project (the YAML file and line of
 * the test, constraint or foreign_key), or inferred from the column names (the rule and a
 * confidence in 0..1). Declared evidence always wins over inferred.
 */
export interface RelationshipEvidence {
  kind: 'declared' | 'inferred';
  file?: string;
  line?: number;
  rule?: string;
  confidence?: number;
}

export interface DiagramRelationship {
  from: string;
  to: string;
  verb: string;
  cardinality: Cardinality;
  from_column: string;
  to_column: string;
  /** Role of the parent in this relationship (billing_address_id → "billing"), when the column names one. */
  role?: string;
  /** Staging models that declare it. */
  sources: string[];
  /** How it was declared (relationships test, foreign_key constraint, …) or inferred. */
  declared_by: string[];
  evidence: RelationshipEvidence;
  /** many_to_many: the association (bridge) table's noun, e.g. DealCompany. */
  through?: string;
}

/** The Conceptualizer's output (shape fixed in DESIGN.md). */
export interface DiagramProposal extends ProposalBase {
  kind: 'diagram';
  agent: 'conceptualizer';
  entities: DiagramEntity[];
  relationships: DiagramRelationship[];
  domains: string[];
}

export interface CanonicalColumn {
  name: string;
  data_type?: string;
  description: string;
  /** Name of the shared doc block the column binds to. */
  doc: string;
  primary_key?: boolean;
  /** Unique in every staging model but not the primary key: a candidate key. */
  unique?: boolean;
  /** Staging models in which the column occurs. */
  sources: string[];
}

export interface CanonicalEntity {
  name: string;
  label: string;
  domain: string;
  sources: string[];
  columns: CanonicalColumn[];
}

/** The Canonicalizer's output. */
export interface CanonicalProposal extends ProposalBase {
  kind: 'canonical';
  agent: 'canonicalizer';
  min_recurrence: number;
  entities: CanonicalEntity[];
}

export type Proposal = DiagramProposal | CanonicalProposal;
