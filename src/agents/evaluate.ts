// Score a Conceptualizer proposal against hand-written labels (test/fixtures/agents/*/expected.yaml),
// so accuracy is measured, not claimed. Relationships are compared as the fact a modeler would
// check: which entity is the parent, which the child, through which column, one-to-one or not —
// independent of which reading (from → to) the verb chose.
import type { DiagramProposal, DiagramRelationship } from '../proposals/types.js';

export interface ExpectedEntity { name: string; domain?: string; sources?: string[] }
export interface ExpectedRelationship { from: string; to: string; verb?: string; cardinality: DiagramRelationship['cardinality']; via: string }
export interface ExpectedLabels { project: string; entities: ExpectedEntity[]; relationships: ExpectedRelationship[] }

export interface PR { tp: number; fp: number; fn: number; precision: number; recall: number; falsePositives: string[]; falseNegatives: string[] }
export interface Score {
  entities: PR;
  relationships: PR;
  /** Of the matched entities: domain equal to the label. */
  domains: { agree: number; total: number; misses: string[] };
  /** Of the matched entities: the same set of source models. */
  sources: { agree: number; total: number; misses: string[] };
  /** Of the matched relationships: the same sentence "<from> <verb> <to>". */
  verbs: { agree: number; total: number; misses: string[] };
}

/** parent>child.via:one|many — the identity of a foreign-key relationship. */
export function relationshipKey(r: { from: string; to: string; cardinality: string; via: string }): string {
  const parentIsTo = r.cardinality === 'many_to_one';
  const parent = parentIsTo ? r.to : r.from;
  const child = parentIsTo ? r.from : r.to;
  return `${parent}>${child}.${r.via.toLowerCase()}:${r.cardinality === 'one_to_one' ? 'one' : 'many'}`;
}

/** The foreign-key column of a proposed relationship (on the child side). */
export function viaColumn(r: DiagramRelationship): string {
  return r.cardinality === 'many_to_one' ? r.from_column : r.to_column;
}

function pr(expected: string[], actual: string[]): PR {
  const e = new Set(expected);
  const a = new Set(actual);
  const tp = [...a].filter((x) => e.has(x)).length;
  const falsePositives = [...a].filter((x) => !e.has(x)).sort();
  const falseNegatives = [...e].filter((x) => !a.has(x)).sort();
  return { tp, fp: falsePositives.length, fn: falseNegatives.length, falsePositives, falseNegatives,
    precision: a.size ? tp / a.size : 1, recall: e.size ? tp / e.size : 1 };
}

export function scoreProposal(p: DiagramProposal, labels: ExpectedLabels): Score {
  const entities = pr(labels.entities.map((e) => e.name), p.entities.map((e) => e.name));
  const actualRels = new Map(p.relationships.map((r) => [relationshipKey({ ...r, via: viaColumn(r) }), r]));
  const relationships = pr(labels.relationships.map(relationshipKey), [...actualRels.keys()]);
  const byName = new Map(p.entities.map((e) => [e.name, e]));
  const domains = { agree: 0, total: 0, misses: [] as string[] };
  const sources = { agree: 0, total: 0, misses: [] as string[] };
  for (const e of labels.entities) {
    const got = byName.get(e.name);
    if (!got) continue;
    if (e.domain) {
      domains.total++;
      if (got.domain === e.domain) domains.agree++; else domains.misses.push(`${e.name}: ${got.domain} (label ${e.domain})`);
    }
    if (e.sources) {
      sources.total++;
      const same = [...got.sources].sort().join(',') === [...e.sources].sort().join(',');
      if (same) sources.agree++; else sources.misses.push(`${e.name}: [${got.sources.join(', ')}] (label [${e.sources.join(', ')}])`);
    }
  }
  const verbs = { agree: 0, total: 0, misses: [] as string[] };
  for (const r of labels.relationships) {
    const got = actualRels.get(relationshipKey(r));
    if (!got || !r.verb) continue;
    verbs.total++;
    const want = `${r.from} ${r.verb} ${r.to}`;
    const have = `${got.from} ${got.verb} ${got.to}`;
    if (want === have) verbs.agree++; else verbs.misses.push(`${have} (label: ${want})`);
  }
  return { entities, relationships, domains, sources, verbs };
}

/** Micro-average several scores (sum the counts, then divide). */
export function combineScores(scores: Score[]): Score {
  const sumPR = (k: 'entities' | 'relationships'): PR => {
    const tp = scores.reduce((n, s) => n + s[k].tp, 0);
    const fp = scores.reduce((n, s) => n + s[k].fp, 0);
    const fn = scores.reduce((n, s) => n + s[k].fn, 0);
    return { tp, fp, fn, precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1,
      falsePositives: scores.flatMap((s) => s[k].falsePositives), falseNegatives: scores.flatMap((s) => s[k].falseNegatives) };
  };
  const sumAgree = (k: 'domains' | 'sources' | 'verbs') => ({
    agree: scores.reduce((n, s) => n + s[k].agree, 0), total: scores.reduce((n, s) => n + s[k].total, 0), misses: scores.flatMap((s) => s[k].misses),
  });
  return { entities: sumPR('entities'), relationships: sumPR('relationships'), domains: sumAgree('domains'), sources: sumAgree('sources'), verbs: sumAgree('verbs') };
}
