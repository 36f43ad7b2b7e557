// The Conceptualizer (spec §4.6): staging models → business entities, their domains and the
// relationships the project declares between them, as a `kind: diagram` proposal whose one
// change creates a conceptual diagram file. Deterministic; needs no AI provider.
import type { Project } from '../core/project/types.js';
import { fileChange } from '../proposals/file-change.js';
import type { DiagramEntity, DiagramProposal, DiagramRelationship } from '../proposals/types.js';
import { buildDiagramModel, diagramFile, diagramPath } from './diagram-file.js';
import { readStagingLayer } from './entities.js';
import { undeclaredKeyNotes } from './key-hints.js';
import { extractRelationships } from './relationships.js';
import { sourceFilesOf, unreadableFileNote } from './staging.js';

export function conceptualize(project: Project): DiagramProposal {
  const layer = readStagingLayer(project);
  if (layer.models.length === 0) {
    return {
      kind: 'diagram', agent: 'conceptualizer', entities: [], relationships: [], domains: [], changes: [],
      notes: [`No staging models found in ${project.models.length} model(s): none is named stg_*, staging_*, src_* or raw_*, and none lives under a /staging/ folder.`, ...unreadableFileNote(project)],
    };
  }
  const { relationships: rels, notes: relNotes } = extractRelationships(project, layer);
  const entities: DiagramEntity[] = [...layer.entities.values()].map((e) => ({
    name: e.name, label: e.label, domain: e.domain, description: e.description, sources: e.models.map((m) => m.node.name),
  }));
  const relationships: DiagramRelationship[] = rels.map(({ verb_origin: _o, ...r }) => r);
  const domains = [...new Set(entities.map((e) => e.domain))].sort();

  const notes = [...unreadableFileNote(project), ...layer.notes, ...relNotes];
  if (!relationships.length) notes.push('No relationships are declared between the staging models (relationships tests, foreign_key/references, foreign-key constraints); the diagram has entities only.');
  notes.push(...undeclaredKeyNotes(layer));
  const fallbackVerbs = rels.filter((r) => r.verb_origin === 'fallback').length;
  if (fallbackVerbs) notes.push(`${fallbackVerbs} relationship(s) use a neutral verb ("references" / "relates to"); rename them to a business verb when reviewing.`);

  const path = diagramPath(project.name);
  const file = diagramFile(path, buildDiagramModel(project.name, entities, relationships, domains));
  const sourceFiles = layer.models.flatMap((m) => sourceFilesOf(project, m.node));
  const merged = entities.filter((e) => e.sources.length > 1).length;
  const change = fileChange(project.root, path, file.text, {
    rationale: `Derived from ${layer.models.length} staging model(s): ${entities.length} entities (${merged} merged from several models), ` +
      `${relationships.length} relationship(s) from declared foreign keys, across ${domains.length} domain(s).`,
    source_context: sourceFiles,
    validation_impact: file.validation,
    review_summary: `Conceptual diagram ${path}: ${entities.length} entities, ${relationships.length} relationships (${domains.join(', ')}).`,
  });
  return { kind: 'diagram', agent: 'conceptualizer', entities, relationships, domains, notes, changes: [change] };
}
