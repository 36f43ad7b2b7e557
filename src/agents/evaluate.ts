// Score a Conceptualizer proposal against hand-written labels (test/fixtures/agents/*/expected.yaml),
// so accuracy is measured, not claimed. Relationships are compared as the fact a modeler would
// check: which entity is the parent, which the child, through which column, one-to-one or not —
// independent of which reading (from → to) the verb chose.
import type { Project } from '../core/project/types.js';
import type { DiagramProposal, DiagramRelationship } from '../proposals/types.js';
import { singularPhrase } from './inflection.js';
import { inProjectLanguage } from './language.js';
import { parseModelName, pascalName } from './naming.js';
import { placeWords, sourceSystemNames, stagingFolder, stagingModels } from './staging.js';

export interface ExpectedEntity { name: string; domain?: string; sources?: string[] }
export interface ExpectedRelationship { from: string; to: string; verb?: string; cardinality: DiagramRelationship['cardinality']; via: string; through?: string }
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

/** parent>child.via:one|many — the identity of a foreign-key relationship; A<>B@Through for a many-to-many. */
export function relationshipKey(r: { from: string; to: string; cardinality: string; via: string; through?: string }): string {
  if (r.cardinality === 'many_to_many') return `${[r.from, r.to].sort().join('<>')}@${r.through ?? ''}`;
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

// ---- Real projects: labels in the format of ../shared/fixtures/real-dbt/labels (and test/fixtures/agents-real)

export interface RealLabels {
  project: string;
  /**
   * Judged entity names. `aliases`: other names meaning the same thing; `systems`: source systems whose
   * qualified name (`<System><Name>`) also counts as this entity (test/fixtures/real-projects/RULES-conceptual.md).
   */
  entities: { name: string; verdict: 'TP' | 'FP'; kind?: string; aliases?: string[]; systems?: string[] }[];
  /** Real relationships: the child's column points at the parent. */
  relationships_gt: { parent: string; child: string; column: string }[];
  /** References a careful modeler could draw or leave out: counted neither way. */
  relationships_either?: { parent: string; child: string; column: string }[];
}

export interface RealScore {
  /** Precision over proposed entities (a name no label judges is wrong); recall over the TP labels matched. */
  entities: PR & { unjudged: string[] };
  /** parent>child.column, with a many-to-many through a bridge counting as its two references. */
  relationships: PR;
  /** parent>child only (the column not compared). */
  pairs: PR;
  /** Labels left out of scope because no staging model of that noun is in the project as read (e.g. disabled by dbt). */
  outOfScope: string[];
}

/** The references a proposal draws, as (parent, child, column); a many-to-many counts as the bridge's two references. */
export function drawnReferences(p: DiagramProposal): { parent: string; child: string; column: string }[] {
  return p.relationships.flatMap((r) => {
    if (r.cardinality === 'many_to_many') {
      const through = r.through ?? `${r.from}${r.to}`;
      return [{ parent: r.from, child: through, column: r.from_column }, { parent: r.to, child: through, column: r.to_column }];
    }
    const parentIsTo = r.cardinality === 'many_to_one';
    return [{ parent: parentIsTo ? r.to : r.from, child: parentIsTo ? r.from : r.to, column: viaColumn(r) }];
  });
}

/**
 * Which label a proposed entity name stands for: the entry of that exact name, else one listing it as an alias,
 * else one whose `systems` qualify it (`ElavonTransaction` for `Transaction` with system `elavon`).
 */
export function labelMatcher(labels: RealLabels): (name: string) => RealLabels['entities'][number] | undefined {
  const exact = new Map<string, RealLabels['entities'][number]>();
  for (const e of labels.entities) if (!exact.has(e.name)) exact.set(e.name, e);
  const alias = new Map<string, RealLabels['entities'][number]>();
  for (const e of labels.entities) for (const a of e.aliases ?? []) if (!alias.has(a) && !exact.has(a)) alias.set(a, e);
  const systemTokens = (e: RealLabels['entities'][number]) => new Set((e.systems ?? []).flatMap((s) => s.toLowerCase().split(/[^a-z0-9]+/)).filter(Boolean));
  const qualified = labels.entities.filter((e) => e.systems?.length).map((e) => ({ e, names: [e.name, ...(e.aliases ?? [])], tokens: systemTokens(e) }));
  return (name) => {
    const hit = exact.get(name) ?? alias.get(name);
    if (hit) return hit;
    for (const q of qualified) {
      for (const n of q.names) {
        if (name.length <= n.length || !name.endsWith(n)) continue;
        const prefix = name.slice(0, -n.length).replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/\s+/).filter(Boolean);
        if (prefix.length && prefix.every((t) => q.tokens.has(t))) return q.e;
      }
    }
    return undefined;
  };
}

/**
 * Score against real-project labels. `scope` is the set of entity names (PascalCase nouns of the
 * staging models the project really has); labels outside it are not counted (a model dbt disables
 * is not part of the project). Entities not judged by the labels count as wrong.
 */
export function scoreAgainstRealLabels(p: DiagramProposal, labels: RealLabels, scope?: ReadonlySet<string>): RealScore {
  const inScope = (n: string) => !scope || scope.has(n);
  const outOfScope = new Set<string>();
  const match = labelMatcher(labels);
  const wanted = labels.entities.filter((e) => e.verdict === 'TP' && (inScope(e.name) || !outOfScope.add(e.name)));
  const proposed = p.entities.map((e) => e.name);
  const judged = proposed.map((n) => ({ n, label: match(n) }));
  const right = judged.filter((j) => j.label?.verdict === 'TP');
  const found = new Set(right.map((j) => j.label!.name));
  const falseNegatives = wanted.filter((e) => !found.has(e.name)).map((e) => e.name).sort();
  const ent: PR = {
    tp: right.length, fp: proposed.length - right.length, fn: falseNegatives.length,
    precision: proposed.length ? right.length / proposed.length : 1,
    recall: wanted.length ? (wanted.length - falseNegatives.length) / wanted.length : 1,
    falsePositives: judged.filter((j) => j.label?.verdict !== 'TP').map((j) => j.n).sort(), falseNegatives,
  };
  const unjudged = judged.filter((j) => !j.label).map((j) => j.n);
  const gt = labels.relationships_gt.filter((r) => {
    const ok = inScope(r.parent) && inScope(r.child);
    if (!ok) outOfScope.add(`${r.parent}>${r.child}.${r.column}`);
    return ok;
  });
  const key = (r: { parent: string; child: string; column: string }) => `${r.parent}>${r.child}.${r.column.toLowerCase()}`;
  const pairKey = (r: { parent: string; child: string }) => `${r.parent}>${r.child}`;
  const either = new Set((labels.relationships_either ?? []).map(key));
  const named = (n: string) => match(n)?.name ?? n;
  const drawn = drawnReferences(p).map((r) => ({ ...r, parent: named(r.parent), child: named(r.child) })).filter((r) => !either.has(key(r)));
  return {
    entities: { ...ent, unjudged },
    relationships: pr(gt.map(key), drawn.map(key)),
    pairs: pr(gt.map(pairKey), drawn.map(pairKey)),
    outOfScope: [...outOfScope].sort(),
  };
}

/** PascalCase nouns of the project's staging models as read (the names labels use), for scoreAgainstRealLabels. */
export function labelScope(project: Project): Set<string> {
  return inProjectLanguage(project, () => scopeOf(project));
}

function scopeOf(project: Project): Set<string> {
  const sources = sourceSystemNames(project);
  const out = new Set<string>();
  for (const n of stagingModels(project)) {
    out.add(pascalName(parseModelName(n.name, sources, { folder: stagingFolder(n), reads: n.sourceRefs, placeWords: placeWords(project, n) }).tokens));
    // the plain table noun too (stg_hubspot__merged_deal is the labels' MergedDeal)
    const table = n.name.toLowerCase().replace(/^(stg|staging|src|raw)_/, '').replace(/^[a-z0-9_]+?__/, '').replace(/_tmp$/, '');
    out.add(pascalName(singularPhrase(table.split('_').filter(Boolean))));
  }
  return out;
}
