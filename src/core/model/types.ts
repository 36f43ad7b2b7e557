// The in-memory model: what schemas/model.schema.json describes, after normalisation
// (legacy `fields` → `columns`, header `kind` → `layer`, index `fields` → `columns`).

export type Layer = 'conceptual' | 'logical' | 'physical';
export type Cardinality = 'one_to_one' | 'one_to_many' | 'many_to_one' | 'many_to_many';
export type ReferentialAction = 'restrict' | 'cascade' | 'set_null' | 'set_default' | 'no_action';
export type TestSpec = string | Record<string, unknown>;

export interface Binding { glossary_term: string; status?: 'proposed' | 'approved' }

export interface Column {
  name: string;
  description?: string;
  description_ref?: { doc: string };
  data_type?: string;
  type?: string;
  nullable?: boolean;
  primary_key?: boolean;
  unique?: boolean;
  default?: string | number | boolean | null;
  check?: string;
  tags?: string[];
  tests?: TestSpec[];
  data_tests?: TestSpec[];
  constraints?: Record<string, unknown>[];
  binding?: Binding;
  terms?: string[];
  meta?: Record<string, any>;
  sensitivity?: 'public' | 'internal' | 'confidential' | 'restricted';
  previous_name?: string;
  enum?: string | (string | number)[];
  foreign_key?: boolean | Reference;
  references?: Reference;
  identity?: boolean;
  [peerKey: string]: unknown;
}

export interface Reference {
  entity?: string; column?: string; field?: string; model?: string; to?: string;
  on_delete?: ReferentialAction; on_update?: ReferentialAction; relationship?: Cardinality;
}

export interface Entity {
  name: string;
  type?: string;
  layer?: Layer;
  description?: string;
  database?: string;
  schema?: string;
  physical_name?: string;
  owner?: string;
  domain?: string;
  tags?: string[];
  columns: Column[];
  meta?: Record<string, any>;
  previous_name?: string;
  sources?: string[];
  [peerKey: string]: unknown;
}

export interface Endpoint { entity: string; columns: string[]; role?: string }

export interface Relationship {
  name?: string;
  from: string | { entity: string; column?: string; columns?: string[]; field?: string; role?: string };
  to: string | { entity: string; column?: string; columns?: string[]; field?: string; role?: string };
  cardinality?: Cardinality;
  verb?: string;
  description?: string;
  on_delete?: ReferentialAction;
  on_update?: ReferentialAction;
  previous_name?: string;
  [k: string]: unknown;
}

export interface Index {
  name?: string;
  entity: string;
  columns: string[];
  unique?: boolean;
  type?: string;
  description?: string;
  previous_name?: string;
}

export interface GlossaryTerm {
  term: string; definition?: string; tags?: string[]; synonyms?: string[]; owner?: string;
  related_fields?: string[]; abbreviation?: string; domain?: string; meta?: Record<string, any>;
}

export interface ModelHeader {
  name: string;
  version: string;
  domain?: string;
  owners?: string[];
  state?: 'draft' | 'approved' | 'deprecated';
  layer?: Layer;
  description?: string;
  dialect?: string;
  catalog?: Record<string, string>;
  meta?: Record<string, any>;
  [k: string]: unknown;
}

export interface Model {
  kind?: 'model' | 'diagram' | 'glossary';
  model: ModelHeader;
  entities: Entity[];
  relationships: Relationship[];
  indexes: Index[];
  glossary: GlossaryTerm[];
  domains: { name: string; description?: string; [k: string]: unknown }[];
  enums: { name: string; values: (string | number)[]; description?: string }[];
  [section: string]: unknown;
}
