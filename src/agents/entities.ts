// The staging layer seen as business entities: every staging model gets the entity its noun
// names; the same noun from several sources is one entity; helpers (base_…, …_tmp) join the
// entity of the staging model that selects from them. Shared by both agents so they always
// name the same concept the same way.
import type { DbtNode, Project } from '../core/project/types.js';
import { docReference } from '../core/project/docs.js';
import { declaredDomain, dictionaryDomain, FALLBACK_DOMAIN } from './domains.js';
import { foreignKeysOf, type ForeignKeyDecl } from './foreign-keys.js';
import { labelOf, parseModelName, pascalName, type ParsedName } from './naming.js';
import { isStagingModel, sourceSystemNames, stagingFolder, upstreamModels } from './staging.js';

export interface StagingModel {
  node: DbtNode;
  parsed: ParsedName;
  /** Name of the entity the model belongs to. */
  entity: string;
  /** The model's foreign-key declarations (read once). */
  foreignKeys: ForeignKeyDecl[];
}

export interface EntityGroup {
  name: string;
  /** Lower snake tokens of the noun: ['order', 'item']. */
  tokens: string[];
  label: string;
  domain: string;
  /** Where the domain came from. */
  domainSource: 'model meta' | 'dictionary' | 'fallback';
  description: string;
  /** Every model of the entity, staging models first, then helpers; each group sorted by name. */
  models: StagingModel[];
}

export interface StagingLayer {
  models: StagingModel[];
  byModel: Map<string, StagingModel>;
  entities: Map<string, EntityGroup>;
  notes: string[];
}

export function readStagingLayer(project: Project): StagingLayer {
  const notes: string[] = [];
  const sources = sourceSystemNames(project);
  const nodes = project.models.filter(isStagingModel).sort((a, b) => a.name.localeCompare(b.name));
  const parsed = new Map<string, ParsedName>();
  for (const n of nodes) {
    parsed.set(n.name, parseModelName(n.name, sources, { folder: stagingFolder(n) }));
  }
  const helpers = nodes.filter((n) => parsed.get(n.name)!.helper);
  const consumers = new Map<string, string[]>();
  if (helpers.length) {
    const helperNames = new Set(helpers.map((h) => h.name));
    for (const n of nodes) {
      for (const up of upstreamModels(project, n)) {
        if (!helperNames.has(up) || up === n.name) continue;
        const list = consumers.get(up);
        if (list) list.push(n.name); else consumers.set(up, [n.name]);
      }
    }
  }
  const own = (name: string) => pascalName(parsed.get(name)!.tokens);
  const resolved = new Map<string, string>();
  const entityOf = (name: string, seen: Set<string>): string => {
    const hit = resolved.get(name);
    if (hit) return hit;
    let entity = own(name);
    if (parsed.get(name)!.helper && !seen.has(name)) {
      seen.add(name);
      const via = new Set((consumers.get(name) ?? []).map((c) => entityOf(c, seen)));
      if (via.size === 1) entity = [...via][0];
      else if (via.size > 1) notes.push(`Helper model ${name} feeds several entities (${[...via].sort().join(', ')}); it is listed under ${entity}.`);
    }
    resolved.set(name, entity);
    return entity;
  };

  const models: StagingModel[] = nodes.map((node) => ({ node, parsed: parsed.get(node.name)!, entity: entityOf(node.name, new Set()), foreignKeys: foreignKeysOf(node) }));
  const byModel = new Map(models.map((m) => [m.node.name, m]));
  const grouped = new Map<string, StagingModel[]>();
  for (const m of models) {
    const list = grouped.get(m.entity);
    if (list) list.push(m); else grouped.set(m.entity, [m]);
  }

  const entities = new Map<string, EntityGroup>();
  for (const name of [...grouped.keys()].sort()) {
    const list = grouped.get(name)!.sort((a, b) => Number(a.parsed.helper) - Number(b.parsed.helper) || a.node.name.localeCompare(b.node.name));
    // the entity's noun is the one its (non-helper) models are named after
    const tokens = (list.find((m) => !m.parsed.helper && pascalName(m.parsed.tokens) === name) ?? list[0]).parsed.tokens;
    const declared = list.map((m) => ({ model: m.node.name, domain: declaredDomain(m.node) })).filter((d) => d.domain);
    const distinct = [...new Set(declared.map((d) => d.domain!))];
    if (distinct.length > 1) notes.push(`Entity ${name}: its models declare different domains (${declared.map((d) => `${d.model}: ${d.domain}`).join(', ')}); using ${distinct[0]}.`);
    const dict = dictionaryDomain(tokens);
    entities.set(name, {
      name, tokens, label: labelOf(tokens),
      domain: distinct[0] ?? dict ?? FALLBACK_DOMAIN,
      domainSource: distinct.length ? 'model meta' : dict ? 'dictionary' : 'fallback',
      description: describe(project, name, labelOf(tokens), list),
      models: list,
    });
  }
  return { models, byModel, entities, notes };
}

/** A description text, with a whole-description `{{ doc("x") }}` resolved to the block's body. */
export function resolveDescription(project: Project, description: string | undefined, ref?: { doc: string }): string | undefined {
  const doc = ref?.doc ?? docReference(description);
  if (doc) return project.docs.get(doc)?.body ?? (description && !docReference(description) ? description : undefined);
  return description?.trim() || undefined;
}

function describe(project: Project, name: string, label: string, list: StagingModel[]): string {
  const texts = list.filter((m) => !m.parsed.helper).map((m) => resolveDescription(project, m.node.description)).filter((t): t is string => !!t);
  if (texts.length) return texts.reduce((a, b) => (b.length > a.length ? b : a));
  const names = list.map((m) => m.node.name).join(', ');
  return `${label}: business entity derived from staging model${list.length > 1 ? 's' : ''} ${names}.`;
}
