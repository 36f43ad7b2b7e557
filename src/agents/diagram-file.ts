// The Conceptualizer's diagram as a model file (`kind: diagram`, layer conceptual) that the
// model loader accepts: entities without columns (a conceptual model names things, it does not
// list attributes), relationships with object endpoints, a role where two relationships join
// the same entities, and the key columns kept in the relationship's meta for traceability.
import { dump } from 'js-yaml';
import { countBySeverity, formatDiagnostic } from '../core/diagnostics.js';
import { schemaValidator } from '../core/json-schema.js';
import { loadModelText } from '../core/model/load.js';
import { normalizeModel } from '../core/model/normalize.js';
import { semanticChecks } from '../core/model/semantic.js';
import type { Model, Relationship } from '../core/model/types.js';
import { modelToPlain } from '../core/model/write.js';
import type { DiagramEntity, DiagramRelationship } from '../proposals/types.js';
import { tokensOfEntityName } from './naming.js';

export interface DiagramFile {
  text: string;
  /** One line saying what validating the text found. */
  validation: string;
  ok: boolean;
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'project';
}

export function diagramPath(projectName: string): string {
  return `Modeler/conceptual/${slug(projectName)}.diagram.yaml`;
}

export function buildDiagramModel(projectName: string, entities: DiagramEntity[], relationships: DiagramRelationship[], domains: string[]): Model {
  const names = new Set<string>();
  const pairs = new Set<string>();
  const rels: Relationship[] = relationships.map((r) => {
    const parentIsTo = r.cardinality === 'many_to_one';
    const base = [...tokensOfEntityName(r.from), ...slug(r.verb).split('_'), ...(r.role ? slug(r.role).split('_') : []), ...tokensOfEntityName(r.to)].join('_');
    let name = base;
    for (let i = 2; names.has(name); i++) name = `${base}_${i}`;
    names.add(name);
    // two relationships between the same entities need a role to tell them apart (the model checks
    // reject duplicates): the key column, or the association table of a many-to-many
    let roleText = r.role;
    const endpoints = (rt?: string) => `${r.from}${!parentIsTo && rt ? `(${rt})` : ''}->${r.to}${parentIsTo && rt ? `(${rt})` : ''}`;
    if (pairs.has(endpoints(roleText))) roleText = r.through ? `through ${r.through}` : `${roleText ? `${roleText} ` : ''}${r.cardinality === 'many_to_one' ? r.from_column : r.to_column}`;
    pairs.add(endpoints(roleText));
    const role = roleText ? { role: roleText } : {};
    const inferred = r.evidence.kind === 'inferred';
    return {
      name,
      from: { entity: r.from, ...(parentIsTo ? {} : role) },
      to: { entity: r.to, ...(parentIsTo ? role : {}) },
      cardinality: r.cardinality,
      verb: r.verb,
      description: describe(r),
      // a reviewer confirms inferred relationships: the model format's own flag, plus the evidence
      ...(inferred ? { inferred: true } : {}),
      sources: r.sources,
      // what to confirm travels with an inferred relationship; a declared one names its file:line in the description
      meta: { from_column: r.from_column, to_column: r.to_column, ...(r.through ? { through: r.through } : {}), ...(inferred ? { evidence: { ...r.evidence } } : {}) },
    };
  });
  return {
    kind: 'diagram',
    model: {
      name: `${slug(projectName)}_conceptual`, version: '1.0.0', layer: 'conceptual', state: 'draft',
      description: `Business entities and relationships of the ${projectName} staging layer, proposed by the Conceptualizer.`,
      meta: { generated_by: 'modeler agents conceptualize' },
    },
    entities: entities.map((e) => ({
      name: e.name, type: 'concept', description: e.description, domain: e.domain, sources: e.sources, columns: [], meta: { label: e.label },
    })),
    relationships: rels,
    domains: domains.map((d) => ({ name: d, entities: entities.filter((e) => e.domain === d).map((e) => e.name) })),
    indexes: [], glossary: [], enums: [],
  };
}

function describe(r: DiagramRelationship): string {
  const e = r.evidence;
  const where = e.kind === 'declared' ? `${e.file ?? 'the project'}${e.line ? `:${e.line}` : ''}` : '';
  if (r.cardinality === 'many_to_many') {
    return `${r.from} and ${r.to} are linked through ${r.through} (${r.sources.join(', ')}: ${r.from_column}, ${r.to_column}); ` +
      (e.kind === 'declared' ? `declared in ${where}.` : `inferred (${e.rule}, confidence ${e.confidence}); confirm when reviewing.`);
  }
  const child = r.cardinality === 'many_to_one' ? r.from : r.to;
  const column = r.cardinality === 'many_to_one' ? r.from_column : r.to_column;
  return e.kind === 'declared'
    ? `Declared on ${child}.${column} by ${r.sources.join(', ')} (${r.declared_by.join('; ')}; ${where}).`
    : `INFERRED from ${child}.${column} in ${r.sources.join(', ')} (${e.rule}, confidence ${e.confidence}); confirm when reviewing, or declare a relationships test.`;
}

/**
 * Serialise the diagram and validate it as the model loader does (schema, then the model
 * checks). A conceptual diagram of a 10,000-model project is megabytes of YAML, so it is written
 * with js-yaml and the value written is what gets validated (a plain-data dump re-reads as the
 * same value; tests load every generated diagram through the real loader and project reader).
 * Only if something is wrong is the text loaded again, to locate the first error.
 */
export function diagramFile(path: string, model: Model): DiagramFile {
  const plain = modelToPlain(model);
  for (const e of plain.entities ?? []) if (Array.isArray(e.columns) && e.columns.length === 0) delete e.columns;
  const text = `# Proposed by \`modeler agents conceptualize\`; review before applying.\n${dump(plain, { lineWidth: -1, noRefs: true })}`;
  const validate = schemaValidator('model.schema.json');
  let errors = 0;
  let warnings = 0;
  if (!validate(plain)) errors = validate.errors?.length ?? 1;
  else for (const f of semanticChecks(normalizeModel(plain))) f.severity === 'error' ? errors++ : f.severity === 'warning' && warnings++;
  if (!errors) {
    return { text, ok: true, validation: `Validates against schemas/model.schema.json and the model checks (kind: diagram, layer: conceptual): 0 errors, ${warnings} warning(s).` };
  }
  const lm = loadModelText(text, path);
  const first = lm.diagnostics.find((d) => d.severity === 'error');
  return { text, ok: false, validation: `Does NOT validate (${countBySeverity(lm.diagnostics).error} error(s))${first ? `; first: ${formatDiagnostic({ ...first, hint: undefined })}` : ''}` };
}
