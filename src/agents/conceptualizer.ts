// The Conceptualizer (spec §4.6): staging models → business entities, their domains and the
// relationships between them, as a `kind: diagram` proposal whose one change creates a
// conceptual diagram file. Relationships the project declares come first; the others are read
// off the column names the way a data modeler reads a staging layer, each marked inferred with
// its rule and confidence (--declared-only leaves them out). Deterministic; needs no AI provider.
import type { Project } from '../core/project/types.js';
import { fileChange } from '../proposals/file-change.js';
import type { DiagramEntity, DiagramProposal, DiagramRelationship } from '../proposals/types.js';
import { buildDiagramModel, diagramFile, diagramPath } from './diagram-file.js';
import { readStagingLayer, type StagingLayer } from './entities.js';
import { inProjectLanguage } from './language.js';
import { extractRelationships } from './relationships.js';
import { sourceFilesOf, unreadableFileNote } from './staging.js';

export interface ConceptualizeOptions {
  /** Draw only relationships the project declares; inferred ones are listed in a note. */
  declaredOnly?: boolean;
}

const MAX_LISTED = 10;

export function conceptualize(project: Project, opts: ConceptualizeOptions = {}): DiagramProposal {
  // names are singularised in the project's own language (adresses → Adresse in a French project)
  return inProjectLanguage(project, () => conceptualizeLayer(project, opts));
}

function conceptualizeLayer(project: Project, opts: ConceptualizeOptions): DiagramProposal {
  const layer = readStagingLayer(project);
  if (layer.models.length === 0) {
    return {
      kind: 'diagram', agent: 'conceptualizer', entities: [], relationships: [], domains: [], changes: [],
      notes: [`No staging models found in ${project.models.length} model(s): none is named stg_*, staging_*, src_* or raw_*, and none lives under a /staging/ folder (or, in a medallion layout, a /silver/ one).`, ...unreadableFileNote(project)],
    };
  }
  const { relationships: rels, notes: relNotes } = extractRelationships(project, layer, opts);
  const entities: DiagramEntity[] = [...layer.entities.values()].map((e) => ({
    name: e.name, label: e.label, domain: e.domain, description: e.description, sources: e.models.map((m) => m.node.name),
  }));
  const relationships: DiagramRelationship[] = rels.map(({ verb_origin: _o, ...r }) => r);
  const domains = [...new Set(entities.map((e) => e.domain))].sort();
  const declared = relationships.filter((r) => r.evidence.kind === 'declared').length;
  const inferred = relationships.length - declared;

  const notes = [...unreadableFileNote(project), ...layer.notes, ...notEntityNotes(layer), ...relNotes];
  if (!relationships.length) {
    notes.push(opts.declaredOnly
      ? 'No relationships are declared between the staging models (relationships tests, foreign_key/references, foreign-key constraints, also downstream); the diagram has entities only.'
      : 'No relationships are declared between the staging models, and no column name reads as a key of another entity; the diagram has entities only.');
  }
  if (inferred) notes.push(inferredNote(relationships));
  if (!opts.declaredOnly && layer.typeMismatches.length) {
    notes.push(`${layer.typeMismatches.length} column(s) are named like a key but their declared type does not fit that key, so they are not drawn: ${layer.typeMismatches.slice(0, MAX_LISTED).join('; ')}${layer.typeMismatches.length > MAX_LISTED ? ` and ${layer.typeMismatches.length - MAX_LISTED} more` : ''}.`);
  }
  if (!opts.declaredOnly) notes.push(...rejectedNote(layer));
  if (opts.declaredOnly) notes.push(...undrawnInferenceNote(project, layer, relationships));
  const fallbackVerbs = rels.filter((r) => r.verb_origin === 'fallback').length;
  if (fallbackVerbs) notes.push(`${fallbackVerbs} relationship(s) use a neutral verb ("references" / "relates to" / "is associated with"); rename them to a business verb when reviewing.`);

  const path = diagramPath(project.name);
  const file = diagramFile(path, buildDiagramModel(project.name, entities, relationships, domains));
  const sourceFiles = layer.models.flatMap((m) => sourceFilesOf(project, m.node));
  const merged = layer.entities.size ? [...layer.entities.values()].filter((e) => e.models.filter((m) => m.kind === 'entity').length > 1).length : 0;
  const change = fileChange(project.root, path, file.text, {
    rationale: `Derived from ${layer.models.length} staging model(s): ${entities.length} entities (${merged} merged from several models), ` +
      `${relationships.length} relationship(s) (${declared} declared, ${inferred} inferred from column names${inferred ? ', marked inferred: true' : ''}), across ${domains.length} domain(s).`,
    source_context: sourceFiles,
    validation_impact: file.validation,
    review_summary: `Conceptual diagram ${path}: ${entities.length} entities, ${relationships.length} relationships (${domains.join(', ')}).`,
  });
  return { kind: 'diagram', agent: 'conceptualizer', entities, relationships, domains, notes, changes: [change] };
}

function listed(items: string[]): string {
  return items.slice(0, 3 * MAX_LISTED).join('; ') + (items.length > 3 * MAX_LISTED ? `; and ${items.length - 3 * MAX_LISTED} more` : '');
}

/** Why each staging model that is not an entity of its own is not one. */
function notEntityNotes(layer: StagingLayer): string[] {
  const bridges = layer.bridges.map((b) => `${b.model.node.name} (${b.ends.map((e) => e.entity).join('–')}: ${b.model.why})`);
  const folded: string[] = [];
  const left: string[] = [];
  for (const m of layer.models) {
    if (m.kind === 'entity' || m.kind === 'helper' || m.kind === 'bridge') continue;
    if (m.entity && layer.entities.has(m.entity)) folded.push(`${m.node.name} → ${m.entity} (${m.why})`);
    else left.push(`${m.node.name} (${m.why})`);
  }
  const helpers = layer.models.filter((m) => m.kind === 'helper' && m.entity && layer.entities.has(m.entity)).map((m) => `${m.node.name} → ${m.entity}`);
  const lonelyBridges = layer.models.filter((m) => m.kind === 'bridge' && !layer.bridges.some((b) => b.model === m)).map((m) => `${m.node.name} (${m.why})`);
  const out: string[] = [];
  if (bridges.length) out.push(`${bridges.length} association table(s) are drawn as many-to-many relationships, not entities: ${listed(bridges)}.`);
  if (folded.length) out.push(`${folded.length} table(s) are folded into the entity they serve, not entities of their own: ${listed(folded)}.`);
  if (helpers.length) out.push(`${helpers.length} helper model(s) (base_, deduped_, merged_, _tmp) only prepare another model of the same noun and are folded into its entity: ${listed(helpers)}.`);
  if (left.length + lonelyBridges.length) out.push(`${left.length + lonelyBridges.length} table(s) are left out as not business entities: ${listed([...left, ...lonelyBridges])}.`);
  const counts = new Map<string, number>();
  for (const m of layer.models) if (m.kind !== 'entity' && m.kind !== 'helper') counts.set(m.kind, (counts.get(m.kind) ?? 0) + 1);
  if (counts.size) out.push(`Not entities, per reason: ${[...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([k, n]) => `${n} ${KIND_WORDS[k] ?? k}`).join(', ')}.`);
  return out;
}

const KIND_WORDS: Record<string, string> = { bridge: 'association', history: 'history/snapshot', tag: 'tag', attribute: 'multi-valued attribute', log: 'log',
  report: 'report/aggregate', technical: 'technical', configuration: 'configuration', duplicate: 'filtered copy', transformation: 'transformation step' };

/** Key-shaped columns not drawn, per reason: attribute values, another system's keys, the row's own identifier, columns gone from the SQL. */
function rejectedNote(layer: StagingLayer): string[] {
  const why: Record<string, string> = { attribute: 'are values (a date/time, number/count/amount, flag or free text), not keys',
    'other system': 'name an entity only another source system has, with nothing saying the reference crosses systems',
    'own id': "are the row's own identifier (grain, unique key, id renamed), not a reference",
    polymorphic: 'point into tables of several kinds (a sibling column names which), so their noun says nothing of where',
    'not returned': "are documented in YAML but the model's SQL, read completely, no longer returns them" };
  const out: string[] = [];
  for (const [reason, list] of [...layer.rejected].sort()) {
    out.push(`${list.length} key-shaped column(s) ${why[reason] ?? reason}; not drawn: ${list.slice(0, MAX_LISTED).join('; ')}${list.length > MAX_LISTED ? `; and ${list.length - MAX_LISTED} more` : ''}.`);
  }
  return out;
}

function inferredNote(relationships: DiagramRelationship[]): string {
  const byRule = new Map<string, number>();
  for (const r of relationships) {
    if (r.evidence.kind !== 'inferred') continue;
    const rule = r.evidence.rule!.replace(/ \(.*$/, '');
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  }
  const n = [...byRule.values()].reduce((a, b) => a + b, 0);
  const rules = [...byRule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([rule, k]) => `${k} ${rule}`).join(', ');
  return `${n} of ${relationships.length} relationship(s) are inferred from column names, not declared (evidence.kind inferred; the diagram marks them inferred: true): ${rules}. ` +
    'Confirm them, or declare relationships tests so they become declared; --declared-only proposes only declared ones.';
}

/** In --declared-only mode: what inference would have added, so a reviewer can declare it. */
function undrawnInferenceNote(project: Project, layer: StagingLayer, drawn: DiagramRelationship[]): string[] {
  const all = extractRelationships(project, layer).relationships.filter((r) => r.evidence.kind === 'inferred');
  const have = new Set(drawn.map((r) => `${r.from}|${r.to}|${r.from_column}|${r.to_column}`));
  const missing = all.filter((r) => !have.has(`${r.from}|${r.to}|${r.from_column}|${r.to_column}`));
  if (!missing.length) return [];
  const show = missing.slice(0, MAX_LISTED).map((r) => r.cardinality === 'many_to_many'
    ? `${r.from}–${r.to} through ${r.through}`
    : `${r.cardinality === 'many_to_one' ? `${r.from}.${r.from_column} → ${r.to}` : `${r.to}.${r.to_column} → ${r.from}`}`);
  return [`--declared-only: ${missing.length} relationship(s) that column names imply are not drawn: ${show.join(', ')}${missing.length > MAX_LISTED ? ` and ${missing.length - MAX_LISTED} more` : ''}. Declare them (relationships tests or foreign_key constraints) to include them.`];
}
