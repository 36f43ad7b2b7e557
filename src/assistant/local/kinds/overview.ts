// Questions about the shape of the project rather than one fact of one table: "what is the lineage
// of fact_claim?" (both ways), "which models are unused?" (nothing reads them), "which models have
// the most columns?", "what are the entities of this project?" (the Conceptualizer's reading of the
// staging layer, the same the Agents panel proposes).
import { sqlColumnsReady } from '../../../core/sql-columns/query-shape.js';
import { columnFeedsAnswer, columnOriginAnswer } from './column-origin.js';
import { conceptual } from './conceptual.js';
import { downstreamAnswer, upstreamAnswer } from './lineage.js';
import { bullets, layerRank, list, plural, q, tableBullets, where, type Direct, type KindInput } from './shared.js';

const SHOWN = 20;

/** Upstream and downstream of a table together. */
export function lineageBothAnswer(input: KindInput): Direct | undefined {
  if (!input.subject.node) return undefined;
  // a column named: its own lineage, from the SQL, when the parser is loaded
  const column = (input.subject.column || input.subject.columnName) && sqlColumnsReady();
  const up = column ? columnOriginAnswer(input) : upstreamAnswer(input);
  const down = column ? columnFeedsAnswer(input) : downstreamAnswer(input);
  if (!up && !down) return undefined;
  const lead = [up?.lead, down?.lead].filter(Boolean).join(' ');
  return { lead, evidence: [...(up?.evidence ?? []), ...(down?.evidence ?? []), '`modeler lineage NODE.COLUMN` traces a column through every model.'] };
}

/** Models nothing reads: no model, snapshot, exposure, semantic model or metric refs them. */
export function unusedAnswer({ project, subject }: KindInput): Direct | undefined {
  const pool = (subject.group?.nodes ?? project.models).filter((n) => n.resourceType === 'model' && n.enabled !== false);
  // what anything reads, gathered once (asking each model's dependents is quadratic: seconds at 10,000 models)
  const read = new Set<string>();
  for (const m of [...project.models, ...project.snapshots, ...project.exposures, ...project.semanticModels, ...project.metrics]) {
    if (m.enabled === false) continue;
    for (const r of m.refs) if (r.name !== m.name) read.add(r.name);
  }
  const leaves = pool.filter((n) => !read.has(n.name))
    .sort((a, b) => layerRank(a) - layerRank(b) || (a.name < b.name ? -1 : 1));
  const label = subject.group?.label ?? 'models';
  if (!leaves.length) return { lead: `Every one of the ${plural(pool.length, label.replace(/s$/, ''), label)} is read by another model, an exposure or a semantic model.`, evidence: [] };
  // a leaf staging or intermediate model is likely unused; a leaf mart is what a dashboard reads outside dbt
  const early = leaves.filter((n) => layerRank(n) <= 1);
  const evidence = tableBullets(leaves, SHOWN);
  const note = early.length ? ` ${plural(early.length, 'of them is a staging or intermediate model', 'of them are staging or intermediate models')}: with nothing built on them, likely unused: ${list(early.map((n) => q(n.name)), 6)}.` : ' All are marts or reports, which tools outside dbt read (declare them as exposures to say so).';
  return { lead: `${plural(leaves.length, 'model')} of ${pool.length} ${leaves.length === 1 ? 'is' : 'are'} read by nothing in the project.${note}`, evidence };
}

/** The widest tables, by the columns their YAML lists. */
export function widestAnswer({ project, subject }: KindInput): Direct | undefined {
  const pool = (subject.group?.nodes ?? project.models).filter((n) => n.enabled !== false && n.columns.length);
  if (!pool.length) return undefined;
  const top = [...pool].sort((a, b) => b.columns.length - a.columns.length || (a.name < b.name ? -1 : 1)).slice(0, 10);
  return { lead: `The models with the most columns their YAML lists: ${list(top.map((n) => `${q(n.name)} ${n.columns.length}`), 10)}.`, evidence: top.map((n) => `- ${n.name}: ${n.columns.length} columns (${where(n)})`) };
}

/** The business entities and their relationships, as the Conceptualizer reads the staging layer. */
export function entitiesAnswer({ project }: KindInput): Direct | undefined {
  const c = conceptual();
  if (!c) return undefined;
  let d;
  try { d = c.conceptualize(project); } catch { return undefined; }
  if (!d.entities.length) return { lead: 'The Conceptualizer finds no business entity: the project has no staging model to read them from.', evidence: [] };
  const declared = d.relationships.filter((r) => r.evidence.kind === 'declared').length;
  // the most connected first: the entities a modeler draws at the centre
  const degree = new Map<string, number>();
  for (const r of d.relationships) for (const e of [r.from, r.to]) degree.set(e, (degree.get(e) ?? 0) + 1);
  const central = [...d.entities].sort((a, b) => (degree.get(b.name) ?? 0) - (degree.get(a.name) ?? 0) || (a.name < b.name ? -1 : 1));
  const byDomain = new Map<string, string[]>();
  for (const e of d.entities) byDomain.set(e.domain, [...(byDomain.get(e.domain) ?? []), e.name]);
  const lead = `The Conceptualizer reads ${plural(d.entities.length, 'business entity', 'business entities')} from the staging models, in ${plural(byDomain.size, 'domain')}: ${list(central.map((e) => q(e.name)), 12)} (the most connected first); ${plural(d.relationships.length, 'relationship')} (${declared} declared, ${d.relationships.length - declared} inferred from names).`;
  const evidence = [...byDomain].map(([dom, es]) => `- ${dom}: ${es.join(', ')}`);
  const rels = bullets(d.relationships.map((r) => `- ${r.from} ${r.verb} ${r.to} (${r.cardinality.replace(/_/g, ' ')}, ${r.from_column}${r.evidence.kind === 'declared' ? `, declared at ${r.evidence.file}:${r.evidence.line}` : ', inferred'})`), 12, ' (`modeler agents conceptualize` proposes them all as a diagram)');
  if (rels.length) evidence.push('Relationships:', ...rels);
  return { lead, evidence };
}

