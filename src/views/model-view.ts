// A model or diagram file as the canvas and the inspector show it: entities with their columns,
// relationships with resolved endpoints, the file's layer and its diagnostics.
import { countBySeverity, type Diagnostic } from '../core/diagnostics.js';
import { columnType, endpoint, isNullable, modelLayer } from '../core/model/access.js';
import type { LoadedModel } from '../core/model/load.js';
import type { Cardinality } from '../core/model/types.js';

export interface ModelViewColumn {
  name: string;
  data_type?: string;
  description?: string;
  doc?: string;
  primary_key: boolean;
  nullable: boolean;
  unique: boolean;
  references?: { entity?: string; column?: string };
  /** test names (unique, not_null, relationships, …) */
  tests: string[];
  /** the glossary term it is bound to (binding, legacy terms or meta.glossary_term) */
  glossary_term?: string;
  line?: number;
}

export interface ModelViewEntity {
  name: string;
  type?: string;
  layer?: string;
  domain?: string;
  description?: string;
  physical_name?: string;
  owner?: string;
  tags: string[];
  line?: number;
  columns: ModelViewColumn[];
}

export interface ModelViewEnd { entity: string; columns: string[]; role?: string }

export interface ModelView {
  path: string;
  kind: 'model' | 'diagram' | 'glossary';
  name?: string;
  version?: string;
  layer?: string;
  valid: boolean;
  entities: ModelViewEntity[];
  relationships: { name?: string; from: ModelViewEnd; to: ModelViewEnd; cardinality: Cardinality; verb?: string; description?: string; line?: number }[];
  /** the file's free-form `display` settings (the canvas keeps node positions under display.positions) */
  display?: Record<string, unknown>;
  domains: { name: string; description?: string }[];
  counts: { entities: number; columns: number; relationships: number; errors: number; warnings: number };
  diagnostics: Diagnostic[];
}

/** `diagnostics`: what the project reader reports for the file (it adds project-wide binding checks). */
export function modelView(path: string, lm: LoadedModel, diagnostics: Diagnostic[] = lm.diagnostics): ModelView {
  const m = lm.model;
  const counts = countBySeverity(diagnostics);
  const kind = m?.kind ?? (/\.diagram\.ya?ml$/i.test(path) ? 'diagram' : /\.glossary\.ya?ml$/i.test(path) ? 'glossary' : 'model');
  const line = (path: (string | number)[]) => lm.source?.locate(path).line;
  const entities: ModelViewEntity[] = (m?.entities ?? []).map((e, i) => ({
    name: e.name, type: e.type, layer: e.layer, domain: e.domain, description: e.description, physical_name: e.physical_name,
    owner: e.owner, tags: e.tags ?? [], line: line(['entities', i]),
    columns: e.columns.map((c, j) => {
      const ref = typeof c.references === 'object' ? c.references : typeof c.foreign_key === 'object' ? c.foreign_key : undefined;
      const term = c.binding?.glossary_term ?? c.terms?.[0] ?? c.meta?.glossary_term;
      return {
        name: c.name, data_type: columnType(c), description: c.description, doc: c.description_ref?.doc,
        primary_key: !!c.primary_key, nullable: isNullable(c), unique: !!c.unique,
        ...(ref ? { references: { entity: ref.entity ?? ref.model ?? ref.to, column: ref.column ?? ref.field } } : {}),
        tests: [...(c.tests ?? []), ...(c.data_tests ?? [])].map(testName).filter((t): t is string => !!t),
        ...(typeof term === 'string' ? { glossary_term: term } : {}),
        line: line(['entities', i, 'columns', j]),
      };
    }),
  }));
  const end = (ref: Parameters<typeof endpoint>[0]): ModelViewEnd => {
    const ep = endpoint(ref);
    return { entity: ep.entity, columns: ep.columns, ...(ep.role ? { role: ep.role } : {}) };
  };
  const relationships = (m?.relationships ?? []).map((r, i) => ({
    name: r.name, from: end(r.from), to: end(r.to), cardinality: r.cardinality ?? 'one_to_many', verb: r.verb, description: r.description,
    line: line(['relationships', i]),
  }));
  return {
    path, kind, name: m?.model.name, version: m?.model.version, layer: m ? modelLayer(m) : undefined, valid: lm.ok,
    entities, relationships, ...(m?.display && typeof m.display === 'object' ? { display: m.display as Record<string, unknown> } : {}), domains: (m?.domains ?? []).map((d) => ({ name: d.name, description: d.description })),
    counts: {
      entities: entities.length, columns: entities.reduce((n, e) => n + e.columns.length, 0), relationships: relationships.length,
      errors: counts.error, warnings: counts.warning,
    },
    diagnostics,
  };
}

/** A test as written in a model file: a name, or a mapping whose one key is the name. */
function testName(t: unknown): string | undefined {
  if (typeof t === 'string') return t;
  if (t && typeof t === 'object') return Object.keys(t)[0];
  return undefined;
}
