// The canvas's own graph: tables (dbt models, sources, seeds, snapshots, or a model file's
// entities) with their columns, and edges that are keys (relationships tests, foreign keys,
// model relationships) or lineage (ref/source). Plain data, built from the server's views.
export type Cardinality = 'one_to_one' | 'one_to_many' | 'many_to_one' | 'many_to_many';

export type ColumnOrigin = 'yaml' | 'sql' | 'catalog';
export const ORIGIN_WORDS: Record<ColumnOrigin, string> = { yaml: 'YAML', sql: 'SQL', catalog: 'catalog' };

export interface CColumn {
  name: string;
  type?: string;
  /** where the column is known from (yaml: documented; sql: the model's SQL returns it; catalog: target/catalog.json) */
  origin?: ColumnOrigin;
  origins?: ColumnOrigin[];
  /** where its type comes from */
  typeOrigin?: ColumnOrigin;
  /** line of the model's SQL file that returns it */
  sqlLine?: number;
  pk: boolean;
  /** the column references another table (an edge starts here) */
  fk: boolean;
  /** a key the project does not declare but the Conceptualizer infers (an inferred edge starts here) */
  inferredKey?: InferredKey;
  unique: boolean;
  notNull: boolean;
  tests: string[];
  description?: string;
  /** the doc block its description is bound to */
  doc?: string;
  glossary?: string;
  line?: number;
}

export interface CNode {
  id: string;
  name: string;
  /** model, source, seed, snapshot (dbt) or the entity's type in a model file (table, concept, …) */
  kind: string;
  layer?: string;
  folder?: string;
  domain?: string;
  tags: string[];
  file?: string;
  sqlPath?: string;
  line?: number;
  description?: string;
  owner?: string;
  materialized?: string;
  contract?: boolean;
  interface?: { status?: string; stability?: string; version?: string };
  columns: CColumn[];
  /** how much of the table the canvas draws (unset: every column) */
  detail?: Detail;
  /** columns a drawn edge meets, kept in the keys-only detail */
  linked?: string[];
  /** room kept for the name at this many times its size: a first screen read zoomed out draws names larger (TableNode) */
  nameScale?: number;
}

/** Where an inferred key points and why: the inferred edge that starts at the column. */
export interface InferredKey {
  edge: string;
  table: string;
  column: string;
  rule: string;
  confidence: number;
}

/** A table drawn with every column, with its keys only, or as its title bar. */
export type Detail = 'all' | 'keys' | 'collapsed';

export type EdgeKind = 'relationship' | 'foreign_key' | 'ref' | 'source' | 'model' | 'inferred';

export interface CEdge {
  id: string;
  kind: EdgeKind;
  /** for key edges the cardinality reads from `from` to `to` (many orders to one customer) */
  from: { node: string; column?: string };
  to: { node: string; column?: string };
  cardinality?: Cardinality;
  verb?: string;
  name?: string;
  via?: string;
  file?: string;
  line?: number;
  /** an inferred key: the Conceptualizer's rule and confidence (the project does not declare it) */
  evidence?: { rule: string; confidence: number };
}

export type CanvasSource = { kind: 'project' } | { kind: 'model'; path: string };

export interface CanvasGraph {
  source: CanvasSource;
  /** the file whose display.positions keeps hand-placed positions */
  layoutPath: string;
  nodes: CNode[];
  edges: CEdge[];
  /** positions placed by hand, as the layout file holds them */
  pinned: Record<string, { x: number; y: number }>;
  /** only part of a big project, fetched by level of detail: the tables it has, and the focus it was fetched for */
  partOf?: { total: number; focus: string[]; hops: number };
}

/** Why a key is inferred, in words: the edge's tooltip and the inspector say the same. */
export const inferredHint = (e: { rule: string; confidence: number }) => `not declared; inferred from the column name (${e.rule}, confidence ${e.confidence})`;

export const isKeyEdge = (e: CEdge) => e.kind !== 'ref' && e.kind !== 'source';

export function sourceKey(s: CanvasSource): string {
  return s.kind === 'project' ? 'project' : `model:${s.path}`;
}
