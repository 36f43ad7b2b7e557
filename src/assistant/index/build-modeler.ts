// Records of Modeler/ files (diagrams and their concepts, logical/physical models and their
// entities, relationships, glossary terms), doc blocks and skills.
import type { LoadedModel } from '../../core/model/load.js';
import type { Relationship } from '../../core/model/types.js';
import type { DocBlock, Skill } from '../../core/project/types.js';
import { columnRecordId, type BuildContext } from './context.js';
import { clip, recordId, type IndexRecord, type Layer } from './records.js';

export function docRecord(d: DocBlock, unit: string): IndexRecord {
  return {
    id: recordId('doc_block', d.name), kind: 'doc_block', name: d.name, file: d.file, line: d.line, unit,
    title: `doc block ${d.name} — ${clip(d.body, 110)}`, text: d.body, keywords: `doc ${d.name}`,
    links: [recordId('file', d.file)],
  };
}

export function skillRecord(s: Skill, unit: string): IndexRecord {
  return {
    id: recordId('skill', s.name), kind: 'skill', name: s.name, file: s.file, line: 1, unit,
    title: `skill ${s.name}${s.description ? ' — ' + clip(s.description, 110) : ''}`,
    text: [s.description, ...s.use_when, s.body].filter(Boolean).join('\n'),
    keywords: [...s.tags, ...s.layers, ...s.agent_modes].join(' '),
    links: [recordId('file', s.file)],
  };
}

const endpoint = (e: Relationship['from']): { entity: string; column?: string } => {
  if (typeof e === 'string') { const [entity, column] = e.split('.'); return { entity, column }; }
  return { entity: e.entity, column: e.column ?? e.columns?.[0] ?? e.field };
};

export function modelerRecords(ctx: BuildContext, lm: LoadedModel, unit: string): IndexRecord[] {
  const m = lm.model;
  if (!m) return [];
  const file = lm.file;
  const out: IndexRecord[] = [];
  const at = (path: (string | number)[]) => lm.source?.locate(path).line;
  const layer = (m.model.layer ?? (m.kind === 'diagram' ? 'conceptual' : undefined)) as Layer | undefined;
  const conceptual = m.kind === 'diagram' || layer === 'conceptual';
  const entityKind = conceptual ? 'concept' : 'entity';
  const entityId = (name: string) => recordId(entityKind, name, file);
  const fileId = recordId('file', file);
  const diagramId = recordId('diagram', file);
  const dbtColumn = (table: string, col: string) => columnRecordId(table, col);
  const known = (table: string) => ctx.tableIds.get(table);

  m.entities.forEach((e, i) => {
    const links = new Set<string>([m.kind === 'diagram' ? diagramId : fileId]);
    for (const s of e.sources ?? []) { const id = known(s); if (id) links.add(id); }
    const sameTable = known(e.name);
    if (sameTable) links.add(sameTable);
    out.push({
      id: entityId(e.name), kind: entityKind, name: e.name, file, line: at(['entities', i]), layer: e.layer ?? layer, unit,
      title: `${entityKind} ${e.name}${e.description ? ' — ' + clip(e.description, 110) : ''}`,
      text: [e.description, (e.meta as any)?.label].filter(Boolean).join('\n'),
      keywords: [e.domain, e.type, e.owner, ...(e.tags ?? []), ...e.columns.map((c) => `${c.name} ${c.data_type ?? c.type ?? ''}`), ...(e.sources ?? [])]
        .filter(Boolean).join(' '),
      links: [...links],
    });
  });

  m.relationships.forEach((r, i) => {
    const from = endpoint(r.from);
    const to = endpoint(r.to);
    const name = r.name ?? `${from.entity}${from.column ? '.' + from.column : ''} -> ${to.entity}${to.column ? '.' + to.column : ''}`;
    const links = [entityId(from.entity), entityId(to.entity), m.kind === 'diagram' ? diagramId : fileId];
    for (const ep of [from, to]) if (ep.column && known(ep.entity)) links.push(dbtColumn(ep.entity, ep.column));
    out.push({
      id: recordId('relationship', name, file), kind: 'relationship', name, file, line: at(['relationships', i]), layer, unit,
      title: `relationship ${name}: ${from.entity} ${r.verb ?? 'relates to'} ${to.entity} (${r.cardinality ?? 'cardinality not set'})`,
      text: [`${from.entity} ${r.verb ?? ''} ${to.entity}`, r.description].filter(Boolean).join('\n'),
      keywords: ['relationship', r.cardinality, r.verb, from.entity, to.entity, from.column, to.column].filter(Boolean).join(' '),
      links,
    });
  });

  // glossary terms, linked to the columns the file binds to them (any of the three binding shapes)
  const bound = new Map<string, string[]>();
  for (const e of m.entities) {
    for (const c of e.columns) {
      const terms = [c.binding?.glossary_term, ...(c.terms ?? []), c.meta?.glossary_term].filter((t): t is string => typeof t === 'string');
      const target = known(e.name) ? dbtColumn(e.name, c.name) : entityId(e.name);
      for (const t of terms) { const l = bound.get(t) ?? []; l.push(target); bound.set(t, l); }
    }
  }
  m.glossary.forEach((g, i) => {
    out.push({
      id: recordId('glossary_term', g.term), kind: 'glossary_term', name: g.term, file, line: at(['glossary', i]), layer, unit,
      title: `glossary term ${g.term}${g.definition ? ' — ' + clip(g.definition, 110) : ''}`,
      text: [g.definition, ...(g.synonyms ?? [])].filter(Boolean).join('\n'),
      keywords: ['glossary term', ...(g.tags ?? []), ...(g.synonyms ?? []), g.owner, g.domain, g.abbreviation].filter(Boolean).join(' '),
      aliases: [...(g.synonyms ?? []), ...(g.abbreviation ? [g.abbreviation] : [])],
      links: [fileId, ...(bound.get(g.term) ?? [])],
    });
  });

  if (m.kind === 'diagram') {
    out.push({
      id: diagramId, kind: 'diagram', name: m.model.name, file, line: 1, layer, unit,
      title: `diagram ${m.model.name}${m.model.description ? ' — ' + clip(m.model.description, 110) : ''}`,
      text: m.model.description ?? '',
      keywords: ['diagram', layer, m.model.domain, ...(m.model.owners ?? []), ...m.entities.map((e) => e.name), ...m.domains.map((d) => d.name)].filter(Boolean).join(' '),
      links: [fileId, ...m.entities.map((e) => entityId(e.name))],
    });
  }
  return out;
}
