// The staging layer seen as business entities. Every staging model gets the noun its name
// names; the same noun from several sources is one entity; helpers (base_, deduped_, merged_,
// _tmp) join the entity of the staging model that selects from them. Then a modeler's reading
// (model-kinds.ts): bridges become many-to-many relationships, histories / tags / logs / reports
// fold into the entity they serve, technical tables are left out, each with a reason. Shared by
// both agents so they always name the same concept the same way.
import { derivedParts } from './derived-parts.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { docReference } from '../core/project/docs.js';
import { declaredDomain, dictionaryDomain, FALLBACK_DOMAIN } from './domains.js';
import { isTechnicalColumn, keyShape, withoutTableName } from './columns.js';
import { foreignKeysOf, type ForeignKeyDecl } from './foreign-keys.js';
import { joinedColumns, joinedEntity, sharedKeys, uniqueDownstream, type JoinMap } from './join-evidence.js';
import { deliveryWordsByOwnKey, keyNamedThings, moduleWordsByOwnKey, namedByOwnKeys, singularByOwnKey } from './key-names.js';
import { configuredThings, pagedThings, pointedAtThings, translatedThings } from './named-things.js';
import { singularPhrase } from './inflection.js';
import { EntityIndex, ruleConfidence, type IndexedEntity, type KeyGuess } from './key-inference.js';
import { joinedKeys, keysReadFrom, stagerOf } from './join-keys.js';
import { gluedNames, gluedOfNames, gluedOfProse, gluedOfWords, subjectTails } from './subject-names.js';
import { tagDefinitions } from './tag-definitions.js';
import { inheritedKeys, isUniqueColumn, primaryKeyColumn } from './keys.js';
import { applySystemPrefixes, conformedTables, grainOf, mergePartitionCopies, markDuplicates, markJoinsAgain, markRestagings, markSameRows, markSubsets, nameForTheirBase, ownIdentifiers, systemOf } from './layer-systems.js';
import { describedAsLink, descriptionKind, isTransformationStep, nameKind, outcomesOfThings, placeKind, structureKind, type ModelKind } from './model-kinds.js';
import { holdsKeyOf, markPluralParts, nameByGrain, withoutLayerWords } from './layer-parts.js';
import { labelOf, parseModelName, pascalName, snakeOf, tokensOfEntityName, type ParsedName } from './naming.js';
import { columnsFromReadersOnly, columnsOf, notReturned, semanticKeys, type AgentColumn } from './node-columns.js';
import { sqlShape } from './sql-shape.js';
import { measuredReadings, sampledReadings, streamReadings } from './stream-tables.js';
import { sameSourceCopies } from './same-source-copies.js';
import { modelFolders, placeWords, sourceSystemNames, stagingFolder, stagingModels, stagingSubfolders, upstreamModels } from './staging.js';
import { nounKey, qualifyNouns, sourcedModels } from './systems.js';
import { declaredTargetResolver, type ResolvedTarget } from './targets.js';
import { columnKind, linkEnds, markSystemWide, markTenant, referenceColumns, singularAll } from './link-kinds.js';
import { familyKeys } from './family-keys.js';
import { describedKey, neighbourKey, neighbours, nounColumnKey, ownKeyColumn, semanticPrimary, soleKey } from './entity-keys.js';

export interface StagingModel {
  node: DbtNode;
  parsed: ParsedName;
  /** Source system (stg_<source>__, the folder under staging/, or the dbt source it reads); '' when nothing names one. */
  source: string;
  /** Its columns: YAML, catalog types, and the ones its SQL names (node-columns.ts). */
  columns: AgentColumn[];
  /** Its own description as dbt renders it: a whole-description `{{ doc("x") }}` read as the block's text. */
  description?: string;
  /** Its columns are known only as the models built on it read them (a select * of an undocumented source): some, not all. */
  partial?: boolean;
  /** Lower-case names of the columns that are the row's own identifier. */
  ownIds: Set<string>;
  kind: ModelKind;
  /** Why a model is not an entity of its own (bridge, history, …). */
  why?: string;
  /** The entity it belongs to (its own, a helper's consumer's, or the one a history/tag/log serves); undefined when left out or a bridge. */
  entity?: string;
  /** PascalCase of its own noun (a bridge is named by it). */
  noun: string;
  /** The model's foreign-key declarations (read once). */
  foreignKeys: ForeignKeyDecl[];
  /** Lower-case names of the columns unique on their own. */
  ownKeys: Set<string>;
  /** Where its rows are the elements of an array it unnests: the column holding an element's own id (sql-shape.ts elementIds). */
  elementIds: ReadonlySet<string>;
  /** Column (lower case) → where its name points, for models that are read for keys. */
  guesses: Map<string, KeyGuess>;
  /** Column (lower case) → the entity its declaration resolves to. */
  declared: Map<string, ResolvedTarget>;
  /** For a helper of a model that is not an entity (a bridge's _tmp): that model's name. */
  owner?: string;
  /** A link table's reference to what both its ends belong to (teams_users.organization_id): not an end of the link. */
  tenant?: string;  /** A link table of three or more ends named for one of them (invoice_linked_txn): that end's column; it links to each of the others. */
  anchor?: string;
  /** A membership table's ends (lower case): its other references are copies of what a member has, not ends. */
  ends?: string[];
  /** A link's name by its ends, where its own name is a join of them (students_join_address: StudentAddress). */
  linkName?: string;
  /** Columns (lower case) most tables of its system carry (a loader's lds_* stamps, the record's owner): bookkeeping, not its own values. */
  systemWide?: ReadonlySet<string>;
}

export interface EntityGroup {
  name: string;
  /** Lower snake tokens of the noun: ['order', 'item']. */
  tokens: string[];
  label: string;
  domain: string;
  /** Where the domain came from. */
  domainSource: 'model meta' | 'source meta' | 'dictionary' | 'fallback';
  description: string;
  /** Every model of the entity: staging models first, then helpers, then folded tables; each group sorted by name. */
  models: StagingModel[];
}

export interface Bridge {
  model: StagingModel;
  /** The references it links, in column order; with more than two, the end it is named for first (each of the others links to it). */
  ends: { column: string; entity: string }[];
}

export interface StagingLayer {
  models: StagingModel[];
  byModel: Map<string, StagingModel>;
  entities: Map<string, EntityGroup>;
  bridges: Bridge[];
  index: EntityIndex;
  /** Source-system names the project declares (for telling a source prefix from a role). */
  sourceNames: string[];
  /** Key-like columns whose declared type does not fit the key they name (model.column: why). */
  typeMismatches: string[];
  /** Key-shaped columns not drawn, per reason (attribute, other system, own id). */
  rejected: Map<string, string[]>;
  notes: string[];
}

/** Layer words of a mart's name (fact_user, dim_date), kept in a staging copy's name. */
const MART_WORDS = new Set(['fact', 'fct', 'dim']);

/** Kinds whose models belong to an entity without being one. */
const FOLDED: ReadonlySet<ModelKind> = new Set(['history', 'tag', 'attribute', 'log', 'report', 'duplicate', 'transformation']);

export function readStagingLayer(project: Project): StagingLayer {
  const notes: string[] = [];
  const sourceNames = sourceSystemNames(project);
  const nodes = [...stagingModels(project)].sort((a, b) => a.name.localeCompare(b.name));
  const siblings = new Set(nodes.map((n) => n.name.toLowerCase()));
  const models: StagingModel[] = nodes.map((node) => {
    const folder = stagingFolder(node);
    const parsed = parseModelName(node.name, sourceNames, { folder, siblings, folders: stagingSubfolders(node), reads: node.sourceRefs, placeWords: placeWords(project, node) });
    const columns = columnsOf(project, node);
    // unique as declared on the model (its YAML, constraints, unique_key), or on the one source table it renames
    // (a loader's row id, _airbyte_raw_id, is unique per load, not the thing's identity), or the id of each element of
    // the array it unnests (an order's line items: (li->>'id')::bigint as line_item_id)
    const { elementIds } = sqlShape(project, node);
    const ownKeys = new Set([...columns.filter((c) => isUniqueColumn(node, c.name) && !isTechnicalColumn(c.name)).map((c) => c.name.toLowerCase()),
      ...inheritedKeys(project, node, columns, sqlShape(project, node).renames), ...elementIds, ...clickIds(parsed.tokens, columns)]);
    // (Fivetran's packages describe every model by a doc block: the rules that read what a model says of itself read its text)
    const description = resolveDescription(project, node.description);
    return { node, parsed, source: systemOf(node, parsed, folder), columns, description, ownIds: ownKeys, kind: parsed.helper ? 'helper' : 'entity',
      noun: pascalName(parsed.tokens), foreignKeys: foreignKeysOf(node), ownKeys, elementIds, guesses: new Map(), declared: new Map(),
      ...(columnsFromReadersOnly(project, node) ? { partial: true } : {}) };
  });
  const byModel = new Map(models.map((m) => [m.node.name, m]));
  applySystemPrefixes(models);
  mergePartitionCopies(models);
  for (const m of models) singularByOwnKey(m);
  moduleWordsByOwnKey(models);
  deliveryWordsByOwnKey(models);
  namedByOwnKeys(models);
  translatedThings(models);
  subjectTails(models);
  gluedNames(models);
  gluedOfNames(models);
  gluedOfWords(models);
  gluedOfProse(models, [...project.models, ...project.sources]);
  for (const m of models) m.noun = pascalName(m.parsed.tokens);

  // 1. kinds told by the name, the place and the structure; field-definition tables first, so their option tables follow them
  const technical = new Set<string>();
  const seeds = new Set(project.seeds.map((n) => n.name));
  // built from the project's seeds alone (value sets, coefficients) with no identifier of its own (a seed of facilities
  // with their ids is business data loaded that way): reference data the project ships, no source system's things
  const layerNouns = new Set(models.map((m) => snakeOf(m.parsed.tokens)));
  const seedOnly = (n: DbtNode) => n.refs.length > 0 && !n.sourceRefs.length && n.refs.every((r) => seeds.has(r.name));
  for (const pass of [0, 1]) {
    for (const m of models) {
      if (m.kind === 'helper' || (pass === 1 && m.kind !== 'entity')) continue;
      const nounId = m.columns.some((c) => c.name.toLowerCase() === `${snakeOf(m.parsed.tokens)}_id`);
      let k = nameKind(m.parsed.tokens, m.node, technical, nounId, m.columns);
      // metadata of a thing the layer has no table of (workload_metadata_table) is that thing's table
      if (k.kind === 'attribute' && k.served.length && !layerNouns.has(snakeOf(singularPhrase(k.served)))) k = { kind: 'entity', why: '', served: [] };
      // …and so is a log of a thing the layer has no table of, one row per that thing's own id (maintenance_logs keyed by
      // maintenance_id, a job done on a vehicle): the records of those things; a log holding it on many rows (a scan session's
      // log lines, scan_session_id) is a log
      if (k.kind === 'log' && k.served.length && !layerNouns.has(snakeOf(singularPhrase(k.served))) && [...m.ownKeys].some((c) => c.toLowerCase() === `${snakeOf(singularPhrase(k.served))}_id`)) k = { kind: 'entity', why: '', served: [] };
      // …and the outcomes of a business thing, holding the key of one the layer keeps (a session's outcome notes: session_id), are
      // records about it, not a pipeline's load or parse outcomes (which hold no thing's key)
      if (k.kind === 'technical' && outcomesOfThings(m.parsed.tokens, m.columns, layerNouns)) k = { kind: 'entity', why: '', served: [] };
      // (…or its head word's, glued or not: an evacuation zone's zoneid)
      const head = m.parsed.tokens[m.parsed.tokens.length - 1];
      const identified = nounId || m.ownKeys.size > 0 || m.columns.some((c) => ['id', `${head}_id`, `${head}id`].includes(c.name.toLowerCase()));
      if (k.kind === 'entity' && pass === 0 && seedOnly(m.node) && !identified) k = { kind: 'technical', why: 'built only from the project\'s seeds (reference data it ships)', served: [] };
      if (k.kind === 'entity' && pass === 0) k = descriptionKind(m.description) ?? k;
      if (k.kind === 'entity' && pass === 0) k = placeKind(m.source, stagingFolder(m.node)) ?? structureKind(m.parsed.tokens, m.columns, sqlShape(project, m.node), grainOf(project, m.node), m.ownKeys.size > 0 || columnsFromReadersOnly(project, m.node)) ?? k;
      if (k.kind === 'entity') continue;
      m.kind = k.kind;
      m.why = k.why;
      (m as Served).served = k.served;
      if (k.kind === 'technical') technical.add(snakeOf(m.parsed.tokens));
    }
  }
  keyNamedThings(models, technical);
  configuredThings(models);
  pagedThings(models);
  pointedAtRecords(models);
  pointedAtThings(models);
  tagDefinitions(models);
  handKeptSheets(models, layerNouns);
  siblingKinds(models);
  for (const { model, of } of markDuplicates(models)) {
    model.kind = 'duplicate';
    model.why = `a filtered copy of ${of.node.name} (the same columns)`;
    (model as Served).served = of.parsed.tokens;
  }
  const conformed = new Set<StagingModel>();
  for (const { model, pieces } of conformedTables(models, (n) => upstreamModels(project, n))) {
    conformed.add(model);
    for (const p of pieces) {
      p.kind = 'duplicate';
      p.why = `the ${p.source} rows of ${model.node.name}, which conforms the ${model.parsed.tokens.join(' ')} of ${pieces.map((x) => x.source).join(' and ')} under one key`;
      (p as Served).served = model.parsed.tokens;
    }
  }
  for (const { model, stamp } of streamReadings(models)) {
    model.kind = 'log';
    model.why = `a stream of readings of the ${model.source} feed: stamped with ${stamp} (time elapsed in its parent, an interval most of the system's tables carry), no identifier of its own`;
    (model as Served).served = [];
  }
  for (const { model, stamp } of measuredReadings(models)) {
    model.kind = 'log';
    model.why = `readings over time: stamped with ${stamp}, measures named with their units, the key of the one thing measured`;
    (model as Served).served = [];
  }
  for (const { model, stamp } of sampledReadings(models)) {
    model.kind = 'log';
    model.why = `a device's readings taken at ${stamp}, with no identifier of their own: samples over time`;
    (model as Served).served = [];
  }
  for (const { model, of, via } of markSubsets(project, models, (n) => upstreamModels(project, n), conformed)) {
    model.kind = 'duplicate';
    model.why = `a filtered subset of ${via} (selects from it and returns only columns it has)`;
    (model as Served).served = of.parsed.tokens;
  }
  for (const { model, of, column } of derivedParts(models, (m) => (m.ownKeys.size === 1 ? [...m.ownKeys][0] : m.ownKeys.size ? undefined : sqlShape(project, m.node).dedupKey))) {
    model.kind = 'attribute';
    model.why = `built only on other models, one row per ${column} of ${of.node.name}: values of it, not a thing of its own`;
    (model as Served).served = of.parsed.tokens;
  }
  // a staging copy of a mart (stg_metrics__fact_user selects from fact_user) about a thing the layer has: that thing again
  const stagingNames = new Set(models.map((m) => m.node.name));
  const entityNouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  for (const m of models) {
    const t = m.parsed.tokens;
    if (m.kind !== 'entity' || t.length < 2 || !MART_WORDS.has(t[0]) || m.node.sourceRefs.length) continue;
    const ups = upstreamModels(project, m.node);
    if (!ups.length || ups.some((u) => stagingNames.has(u) || seeds.has(u))) continue;
    const noun = singularPhrase(t.slice(1));
    if (!entityNouns.has(snakeOf(noun))) continue;
    m.kind = 'duplicate';
    m.why = `a staging copy of the mart ${ups.join(', ')}, about ${labelOf(noun)}`;
    (m as Served).served = noun;
  }
  // a staging copy of a downstream model built from one staging model alone (stg_metrics__service_management over the
  // mart service_management, itself over stg_service_data__freshservice): that model's rows again, whatever its name
  markCopiesOfOne(project, models, seeds);
  // select * from {{ ref('stg_organisations') }} where …: another staging model's rows again, filtered
  const byName = new Map(models.map((m) => [m.node.name.toLowerCase(), m]));
  for (const m of models) {
    // (a model declaring a key of its own is a thing of its own, whatever it selects from; an unfiltered select * is the staging step over a base)
    const of = m.kind === 'entity' && !m.ownKeys.size ? byName.get(sqlShape(project, m.node).starCopyOf ?? '') : undefined;
    if (!of || of === m) continue;
    m.kind = 'duplicate';
    m.why = `every column of ${of.node.name} again (select * from it, filtered)`;
    (m as Served).served = of.parsed.tokens;
  }
  for (const { model, of, table } of markRestagings(models)) {
    model.kind = 'duplicate';
    model.why = `${table} again (${of.node.name} stages that table)`;
    (model as Served).served = of.parsed.tokens;
  }
  for (const { model, of, table, column } of markSameRows(project, models)) {
    model.kind = 'duplicate';
    model.why = `${table}'s rows again: it keeps the table's ${column} as its own identifier, as ${of.node.name} does`;
    (model as Served).served = of.parsed.tokens;
  }
  for (const { model, of, table } of sameSourceCopies(models)) {
    model.kind = 'duplicate';
    model.why = `${table}'s rows read again for other columns: no identifier of its own, and every key it holds ${of.node.name} holds too`;
    (model as Served).served = of.parsed.tokens;
  }
  for (const { model, of, things } of markJoinsAgain(models)) {
    model.kind = 'duplicate';
    model.why = `${things.join(' and ')} joined again (no key of its own)`;
    (model as Served).served = of.parsed.tokens;
  }
  markTransformations(project, models);
  nameForTheirBase(models, (n) => upstreamModels(project, n));
  // a subject-named consolidation layer: fact_orders is Order, companies_dimensions Company; orders_finance a part of Order
  for (const m of models) {
    if (m.kind !== 'entity') continue;
    const tokens = withoutLayerWords(m.parsed.tokens, (noun) => (m.ownKeys.size ? [...m.ownKeys].some((k) => keyShape(k)?.stem.at(-1) === noun) : !!holdsKeyOf(m, noun)));
    if (tokens.length < m.parsed.tokens.length) { m.parsed = { ...m.parsed, tokens }; m.noun = pascalName(tokens); }
  }
  nameByGrain(models, (m) => grainOf(project, m.node), new Set(sourceNames.flatMap((n) => n.split('_'))));
  markPluralParts(models);
  // the same noun in two source systems is two entities unless the project says they are one
  const qualify = () => qualifyNouns(project, models.filter((m) => m.kind === 'entity').map((m) => ({ node: m.node, source: m.source, tokens: m.parsed.tokens })), sourcedModels(project, models));
  let qualified = qualify();
  const entityName = (tokens: readonly string[], system: string) => pascalName(qualified.names.get(nounKey(tokens, system)) ?? tokens);
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  // (computed once per system: a layer has few systems and may have thousands of models)
  const bySystem = new Map<string, Set<string>>();
  const nounsIn = (system: string) => {
    let set = bySystem.get(system);
    if (!set) bySystem.set(system, (set = new Set(models.filter((m) => m.kind === 'entity' && (!system || !m.source || m.source === system)).map((m) => snakeOf(m.parsed.tokens)))));
    return set;
  };
  const keyColumns = new Set(models.flatMap((m) => m.columns.map((c) => c.name.toLowerCase())));
  const folded: [StagingModel, string[]][] = [];
  let histories = false;
  // histories holding their own noun's key first: a thing kept only as its history (page_history, page_id) is an entity
  // before the histories named after it (page_rule_history) look for the noun they serve
  const holdsNounKey = (m: StagingModel, full: readonly string[]) => m.columns.some((c) => c.name.toLowerCase() === `${snakeOf(full)}_id`);
  const ownKeyFirst = (m: StagingModel) => (m.kind === 'history' && holdsNounKey(m, singularPhrase((m as Served).served)) ? 0 : 1);
  for (const m of [...models].sort((a, b) => ownKeyFirst(a) - ownKeyFirst(b))) {
    if (!FOLDED.has(m.kind)) continue;
    const full = singularPhrase((m as Served).served);
    // the only table of a thing other models point at (ticket_form_history, and tickets have ticket_form_id) is that thing
    // (…not one named for two staged things whose keys it holds, opportunity_stage_history: the first's history of the second,
    // whatever an interview's opportunity_stage_id means)
    // (…holding that key itself: guide_step_history pairs a guide's versions with step_id, no guide_step_id of its own, so the
    // events' guide_step_id points at steps the layer has no table of)
    const holdsOwnKey = holdsNounKey(m, full);
    const pointedAt = m.kind === 'history' && full.length > 1 && !nouns.has(snakeOf(full)) && keyColumns.has(`${snakeOf(full)}_id`)
      && holdsOwnKey && !namesTwoHeldThings(full, m.columns, nouns);
    // what a history, tag or log records is a thing of its own system (iterable user_history is not the shop's users);
    // a duplicate or a transformation step is the same rows again, wherever the copy sits (stg_metrics__fact_user over
    // the app's users; transformed_pll over the loyalty events)
    const anySystem = m.kind === 'duplicate' || m.kind === 'transformation';
    // a history its description calls the links between two staged things whose keys it holds (visitor_account_history:
    // "associations between visitors and accounts") is that link kept over time, read by its columns below, not folded
    const link = m.kind === 'history' && describedAsLink(m.description) && namesTwoHeldThings(full, m.columns, nouns);
    let served = pointedAt || link ? undefined : servedNoun((m as Served).served, anySystem ? nouns : nounsIn(m.source));
    // a history's noun that only another system has an entity of (etablissement: the directory's, FINESS's) yields to the key it carries
    const ownSystem = served && models.some((e) => e.kind === 'entity' && e.source === m.source && snakeOf(e.parsed.tokens) === snakeOf(served!));
    // (…when what it records is a business thing: plugin_settings_snapshot records settings, whatever key it carries)
    // (…not one keyed by its own noun's key: page_history holds page_id beside the product area's group_id, a page's versions)
    const keyed = m.kind === 'history' && !link && !ownSystem && !holdsOwnKey && (m as Served).served.length && nameKind(singularPhrase((m as Served).served), m.node, technical).kind === 'entity'
      ? keyedEntity(m, models) : undefined;
    if (keyed) served = undefined;
    if (served) folded.push([m, served]);
    else if (keyed) folded.push([m, keyed.parsed.tokens]);
    else if (m.kind === 'history' && (m as Served).served.length && !technical.has(snakeOf((m as Served).served)) && !isChangeTable(m.parsed.tokens)) {
      // the only model of its noun is its history (Fivetran ad_history): the history is the entity
      // (a full version of each row; a status-change table holds only the changes, not the thing)
      const tokens = singularPhrase((m as Served).served);
      // …unless what it records is itself not a business thing (plugin_settings_snapshot)
      const recorded = nameKind(tokens, m.node, technical);
      if (recorded.kind !== 'entity') { m.kind = recorded.kind; m.why = `${m.why}; ${recorded.why}`; continue; }
      // …nor while its rows are figures per another thing's key and a period (a census's population per commune and year,
      // a historical series): a report
      const figures = structureKind(tokens, m.columns, sqlShape(project, m.node), grainOf(project, m.node), m.ownKeys.size > 0 || !!m.partial);
      if (figures?.kind === 'report') { m.kind = 'report'; m.why = figures.why; (m as Served).served = []; continue; }
      // …a version of a row has the row's identity: one with none (no id, no key named for its noun, nothing unique) that holds
      // the key of one thing of its system (requested_reviewer_history: pull_request_id, requested_id, created_at, removed) is
      // that thing's values over time
      const holder = identityless(m, tokens) ? heldEntity(m, models) : undefined;
      if (holder) { folded.push([m, holder.parsed.tokens]); continue; }
      m.kind = 'entity';
      m.parsed = { ...m.parsed, tokens };
      m.noun = pascalName(tokens);
      m.why = undefined;
      nouns.add(snakeOf(tokens));
      for (const [system, set] of bySystem) if (!system || !m.source || system === m.source) set.add(snakeOf(tokens));
      histories = true;
    }
  }
  // a history that is its system's only table of a noun another system also has (iterable user_history, cc users): qualified too
  if (histories) qualified = qualify();
  for (const [m, served] of folded) m.entity = entityName(served, m.source);
  if (qualified.split.length) notes.push(`${qualified.split.length} noun(s) name different things in different source systems and are kept apart, qualified by system: ${qualified.split.slice(0, 10).join('; ')}${qualified.split.length > 10 ? `; and ${qualified.split.length - 10} more` : ''}.`);
  if (qualified.merged.length) notes.push(`${qualified.merged.length} noun(s) from several source systems are one entity because the project says so: ${qualified.merged.slice(0, 10).join('; ')}.`);
  for (const m of models) if (m.kind === 'entity') m.entity = entityName(m.parsed.tokens, m.source);
  resolveHelpers(project, models, byModel, notes, entityName);
  // a helper no staging model selects from stands for itself: an id map or a log is still not an entity
  const entityNames = new Set(models.filter((m) => m.kind === 'entity').map((m) => m.entity));
  const tableNouns = new Set(models.filter((m) => m.kind !== 'helper').map((m) => snakeOf(m.parsed.tokens)));
  for (const h of models) {
    if (h.kind !== 'helper' || !h.entity || entityNames.has(h.entity)) continue;
    // …over one raw table its name calls a history (personal_information_base over Fivetran's personal_information_history,
    // read only by a model the project disabled): that history, which no staging model reads, left out
    const raw = h.node.sourceRefs.length === 1 ? h.node.sourceRefs[0].split('.').pop()!.toLowerCase() : undefined;
    if (raw && nameKind(raw.split('_').filter(Boolean), h.node, technical).kind === 'history') {
      h.kind = 'history';
      h.why = `a view of the history table ${raw} that no staging model reads`;
      h.entity = undefined;
      continue;
    }
    const k = nameKind(h.parsed.tokens, h.node, technical);
    // …and a business thing it stages is an entity like any other (base_ahoy_visits, read only by a report): its keys are read
    // (one that prepares a table of its own noun left out, property_tmp of a technical property, follows that table)
    if (k.kind === 'entity') {
      if (!tableNouns.has(snakeOf(h.parsed.tokens))) h.kind = 'entity';
      continue;
    }
    if (k.kind === 'history' || k.kind === 'tag') continue;
    h.kind = k.kind;
    h.why = k.why;
    h.entity = undefined;
  }
  const semantic = semanticKeys(project);
  // (…and, where it declares none, the grain a model built on it tests unique on a column it passes on)
  const graded = uniqueDownstream(project, new Set(models.map((m) => m.node.name)));
  for (const m of models) {
    m.ownIds = ownIdentifiers(project, m, semantic);
    const grain = m.ownKeys.size ? undefined : graded.get(m.node.name);
    if (grain) m.ownIds.add(grain);
  }

  // 2. references: declared ones resolved, the others read off the column names
  let index = buildIndex(project, models, sourceNames, semantic);
  const rejected = new Map<string, string[]>();
  const joins = joinedColumns(project, new Set(models.map((m) => m.node.name)));
  let typeMismatches = readReferences(project, models, byModel, index, rejected, joins);

  // 3. bridges and histories told by their columns; then read again without them
  const removed = classifyByColumns(project, models);
  if (removed) {
    index = buildIndex(project, models, sourceNames, semantic);
    rejected.clear();
    typeMismatches = readReferences(project, models, byModel, index, rejected, joins);
  }

  settleHelpers(models);

  const bridges: Bridge[] = [];
  for (const m of models) {
    if (m.kind !== 'bridge') continue;
    const ends = linkEnds(m).filter((e) => !m.ends || m.ends.includes(e.column.toLowerCase()));
    if (ends.length === 2) bridges.push({ model: m, ends });
    else if (ends.length > 2 && m.anchor) bridges.push({ model: m, ends: [...ends.filter((e) => e.column === m.anchor), ...ends.filter((e) => e.column !== m.anchor)] });
  }
  return { models, byModel, entities: groupEntities(project, models, notes), bridges, index, sourceNames, typeMismatches, rejected, notes };
}

type Served = StagingModel & { served: string[] };



/**
 * A history whose name names no entity (etablissement_historique beside stock_etablissement) records the one entity of
 * its system whose own key it carries under that key's name (siret, unique there, repeated here): that entity's history.
 */
function keyedEntity(m: StagingModel, models: StagingModel[]): StagingModel | undefined {
  const cols = new Set(m.columns.map((c) => c.name.toLowerCase()));
  const hits = models.filter((e) => e !== m && e.kind === 'entity' && e.source === m.source
    && [...e.ownKeys].some((k) => k !== 'id' && !m.ownKeys.has(k) && cols.has(k)));
  return hits.length === 1 ? hits[0] : undefined;
}

/** A model with no identifier of its own: nothing unique, no `id`, no key named for its noun (`tokens`). */
function identityless(m: StagingModel, tokens: readonly string[]): boolean {
  const own = new Set(['id', `${snakeOf(tokens)}_id`, `${snakeOf(m.parsed.tokens)}_id`]);
  return !m.ownKeys.size && !m.columns.some((c) => own.has(c.name.toLowerCase()));
}

/** The one entity of `m`'s system whose noun's key (`<noun>_id`) `m` holds. */
function heldEntity(m: StagingModel, models: StagingModel[]): StagingModel | undefined {
  const cols = new Set(m.columns.map((c) => c.name.toLowerCase()));
  const hits = models.filter((e) => e !== m && e.kind === 'entity' && e.source === m.source && cols.has(`${snakeOf(e.parsed.tokens)}_id`));
  return hits.length === 1 ? hits[0] : undefined;
}

/**
 * A transformation step (isTransformationStep) is folded into the entity of the one staging model it reads
 * (transformed_pll over the hermes events); reading several, or one that is no entity, it is left out.
 */
function markTransformations(project: Project, models: StagingModel[]): void {
  const staging = new Map(models.map((m) => [m.node.name, m]));
  // a source table a plain staging model (reading sources only) stages: a step that also joins it (a lookup) reads no source of its own
  const staged = new Set(models.filter((m) => !m.node.refs.length).flatMap((m) => m.node.sourceRefs));
  for (const m of models) {
    if (m.kind !== 'entity') continue;
    let inputs: StagingModel[] = [];
    const read = () => (inputs = upstreamModels(project, m.node).map((u) => staging.get(u)).filter((u): u is StagingModel => !!u && u !== m)).length;
    const ownSource = m.node.sourceRefs.some((r) => !staged.has(r) || !m.node.refs.length);
    if (!isTransformationStep(m.parsed.tokens, modelFolders(m.node), ownSource, read)) continue;
    m.kind = 'transformation';
    m.why = `a transformation step over ${inputs.map((u) => u.node.name).join(', ')} (it reads no source of its own, and its name or folder says it transforms them)`;
    const one = inputs.length === 1 && inputs[0].kind === 'entity' ? inputs[0] : undefined;
    (m as Served).served = one ? one.parsed.tokens : [];
  }
}

/**
 * A staging model reading no source, only downstream models (marts) whose staging ancestry is one staging
 * model that is an entity, is a copy of that model's rows: marked a duplicate served by it.
 */
function markCopiesOfOne(project: Project, models: StagingModel[], seeds: ReadonlySet<string>): void {
  const staging = new Map(models.map((m) => [m.node.name, m]));
  const nodes = new Map(project.models.map((n) => [n.name, n]));
  const ancestry = new Map<string, Set<string>>();
  // the staging models a downstream model is built from (walking through other downstream models)
  const stagingAncestors = (name: string, seen: Set<string>): Set<string> => {
    const hit = ancestry.get(name);
    if (hit) return hit;
    const out = new Set<string>();
    const node = nodes.get(name);
    if (node && !seen.has(name)) {
      seen.add(name);
      for (const u of upstreamModels(project, node)) {
        if (staging.has(u)) out.add(u);
        else for (const a of stagingAncestors(u, seen)) out.add(a);
      }
    }
    ancestry.set(name, out);
    return out;
  };
  // (a copy sharing its noun with another staging model already joins that noun's entity: chains of copies
  // of one noun, as in layered packages, are left as they are)
  const nounCount = new Map<string, number>();
  for (const m of models) if (m.kind === 'entity') nounCount.set(snakeOf(m.parsed.tokens), (nounCount.get(snakeOf(m.parsed.tokens)) ?? 0) + 1);
  for (const m of models) {
    if (m.kind !== 'entity' || m.node.sourceRefs.length || (nounCount.get(snakeOf(m.parsed.tokens)) ?? 0) > 1) continue;
    const ups = upstreamModels(project, m.node);
    if (!ups.length || ups.some((u) => staging.has(u) || seeds.has(u) || !nodes.has(u))) continue;
    const from = new Set(ups.flatMap((u) => [...stagingAncestors(u, new Set())]));
    if (from.size !== 1) continue;
    const of = staging.get([...from][0])!;
    if (of === m || of.kind !== 'entity') continue;
    // …and its rows are that model's rows: its identifier is one of that model's columns (a mart of transactions built
    // from users alone, keyed by a transaction_id users do not have, is other rows)
    const originColumns = new Set(of.columns.map((c) => c.name.toLowerCase()));
    const noun = snakeOf(m.parsed.tokens.filter((t) => !MART_WORDS.has(t)));
    const ids = m.columns.map((c) => c.name.toLowerCase()).filter((n) => m.ownKeys.has(n) || n === 'id' || n === `${noun}_id`);
    if (ids.some((n) => !originColumns.has(n))) continue;
    m.kind = 'duplicate';
    m.why = `a staging copy of ${ups.join(', ')}, which is built from ${of.node.name} alone: its rows again`;
    (m as Served).served = of.parsed.tokens;
  }
}

/** pll_link_status_change, order_state_changes: rows of from/to values, not versions of the whole row. */
const isChangeTable = (tokens: readonly string[]) => ['change', 'changes'].includes(tokens[tokens.length - 1]);

/**
 * The same table in sibling pipelines (activity, plugin in each product's telemetry) is the same
 * kind of table: where at least half the systems' copies of a noun are reports or configuration
 * by their structure, the others are too — in systems that share at least three table names with them.
 */
function siblingKinds(models: StagingModel[]): void {
  const byNoun = new Map<string, StagingModel[]>();
  for (const m of models) {
    if (m.kind === 'helper' || !m.source) continue;
    const k = snakeOf(m.parsed.tokens);
    const l = byNoun.get(k);
    if (l) l.push(m); else byNoun.set(k, [m]);
  }
  const pairKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);
  const shared = new Map<string, number>();
  for (const list of byNoun.values()) {
    const systems = [...new Set(list.map((m) => m.source))];
    for (let i = 0; i < systems.length; i++) for (let j = i + 1; j < systems.length; j++) shared.set(pairKey(systems[i], systems[j]), (shared.get(pairKey(systems[i], systems[j])) ?? 0) + 1);
  }
  for (const list of byNoun.values()) {
    if (new Set(list.map((m) => m.source)).size < 2) continue;
    for (const kind of ['report', 'configuration'] as const) {
      const like = list.filter((m) => m.kind === kind);
      if (!like.length || like.length * 2 < list.length) continue;
      for (const m of list) {
        // …of a sibling pipeline: a system with several tables of the same names (not a licensing system that shares one noun)
        if (m.kind !== 'entity' || !like.some((l) => (shared.get(pairKey(l.source, m.source)) ?? 0) >= 3)) continue;
        m.kind = kind;
        m.why = `the same table as ${like[0].node.name} in a sibling pipeline (${like[0].why})`;
        (m as Served).served = [];
      }
    }
  }
}

/**
 * Whether a history's noun is two staged things' nouns whose keys it holds, and no key of the pair's own
 * (opportunity_stage_history: opportunity_id, stage_id): the first thing's values of the second over time.
 */
function namesTwoHeldThings(full: readonly string[], columns: readonly { name: string }[], nouns: ReadonlySet<string>): boolean {
  const held = new Set(columns.map((c) => c.name.toLowerCase()));
  if (held.has(`${snakeOf(full)}_id`)) return false;
  for (let i = 1; i < full.length; i++) {
    const [a, b] = [snakeOf(full.slice(0, i)), snakeOf(full.slice(i))];
    if (nouns.has(a) && nouns.has(b) && held.has(`${a}_id`) && held.has(`${b}_id`)) return true;
  }
  return false;
}

/** The longest leading run of `tokens` that names an entity noun (company_property_history → company). */
function servedNoun(tokens: readonly string[], nouns: ReadonlySet<string>): string[] | undefined {
  for (let n = tokens.length; n >= 1; n--) {
    const t = singularPhrase(tokens.slice(0, n));
    if (nouns.has(snakeOf(t))) return t;
  }
  return undefined;
}

/** Helpers join the entity of the staging model(s) that select from them, else their own noun's. */
function resolveHelpers(project: Project, models: StagingModel[], byModel: Map<string, StagingModel>, notes: string[],
  entityName: (tokens: readonly string[], system: string) => string): void {
  const helpers = models.filter((m) => m.kind === 'helper');
  if (!helpers.length) return;
  const consumers = new Map<string, string[]>();
  const helperNames = new Set(helpers.map((h) => h.node.name));
  for (const m of models) {
    for (const up of upstreamModels(project, m.node)) {
      if (!helperNames.has(up) || up === m.node.name) continue;
      const list = consumers.get(up);
      if (list) list.push(m.node.name); else consumers.set(up, [m.node.name]);
    }
  }
  const resolved = new Map<string, string | undefined>();
  const entityOf = (name: string, seen: Set<string>): string | undefined => {
    if (resolved.has(name)) return resolved.get(name);
    const m = byModel.get(name)!;
    let entity = m.kind === 'helper' ? entityName(m.parsed.tokens, m.source) : m.entity;
    if (m.kind === 'helper' && !seen.has(name)) {
      seen.add(name);
      const via = new Set((consumers.get(name) ?? []).map((c) => entityOf(c, seen)).filter((e): e is string => !!e));
      // a helper prepares a model of its own thing (base_ahoy_events → Event); one that only feeds a
      // model of another noun (base_ahoy_visits read by suspicious_ips) is that thing's own staging model
      if (via.size === 1 && entity && !sameHeadNoun(entity, [...via][0])) via.clear();
      if (via.size === 1) entity = [...via][0];
      else if (via.size > 1) {
        // plumbing shared by several entities (a filtered copy of a whole feed) stands for none of them
        const own = models.some((o) => o.kind === 'entity' && entityName(o.parsed.tokens, o.source) === entity);
        notes.push(`Helper model ${name} feeds several entities (${[...via].sort().join(', ')}); ${own ? `it is listed under ${entity}` : 'it is left out'}.`);
        if (!own) entity = undefined;
      }
    }
    resolved.set(name, entity);
    return entity;
  };
  for (const h of helpers) h.entity = entityOf(h.node.name, new Set());
}

/**
 * A table another thing of its system points at by key is a thing, whatever its name says: bids carry
 * from_sms_log_entry_id, so user_sms_log_entries (the texts sent) are records, not a log. Only a
 * business entity's pointing counts (one log pointing at another is the job's own bookkeeping). So is a ledger, and a
 * log of the messages sent (from and to whom).
 */
function pointedAtRecords(models: StagingModel[]): void {
  // (…and a row per thing per day with an identifier of its own, attendance_day's id, that another table holds as
  // attendance_day_id: a record of that day, not a report)
  const perPeriod = (m: StagingModel) => m.kind === 'report' && /\(a per-period grain\)$/.test(m.why ?? '') && m.ownKeys.size > 0;
  const logs = models.filter((m) => (m.kind === 'log' && m.why === 'a log') || perPeriod(m));
  if (!logs.length) return;
  // every tail of every key stem business entities carry, per system (read once: a layer may hold thousands of models)
  const tails = new Map<string, Set<string>>();
  for (const o of models) {
    if (o.kind !== 'entity') continue;
    let set = tails.get(o.source);
    if (!set) tails.set(o.source, (set = new Set()));
    for (const c of o.columns) {
      const k = keyShape(c.name);
      if (!k || k.suffix === 'code') continue;
      for (let i = 0; i < k.stem.length; i++) set.add(snakeOf(k.stem.slice(i)));
    }
  }
  const nouns = new Set(models.filter((o) => o.kind === 'entity').map((o) => nounKey(o.parsed.tokens, o.source)));
  for (const m of logs) {
    const noun = m.parsed.tokens;
    // the column may leave out a leading qualifier of the table's name (sms_log_entry_id → user_sms_log_entries)
    const names = noun.length > 2 ? [noun, noun.slice(1)] : [noun];
    const keyed = tails.get(m.source);
    if (!(keyed && names.some((t) => keyed.has(snakeOf(t)))) && (perPeriod(m) || (!ledger(m, nouns) && !messagesSent(m)))) continue;
    m.kind = 'entity';
    m.why = undefined;
    (m as Served).served = [];
  }
}

/**
 * A log whose rows tie together five or more things of its own system by key (inventory_logs: the sku, box, vendor,
 * warehouse, order and user of each stock movement) is the business's ledger, not a job's or a device's bookkeeping.
 */
function ledger(m: StagingModel, nouns: ReadonlySet<string>): boolean {
  const named = new Set<string>();
  for (const c of m.columns) {
    const stem = keyShape(c.name)?.stem;
    if (!stem?.length || keyShape(c.name)!.suffix !== 'id') continue;
    for (let i = 0; i < stem.length; i++) if (nouns.has(nounKey(stem.slice(i), m.source))) { named.add(snakeOf(stem.slice(i))); break; }
  }
  return named.size >= 5;
}

/** How a message names its sender or recipient: a user, an email address, a phone number. */
const ADDRESS = /^(?:user_id|user|email|email_address|address|number|phone|phone_number|str)$/;

/**
 * A log of messages (user_mail_log_entries: from_email, to_email, to_user_id; sms_log_entries: from_number, to_number)
 * names who each row went from and to: its rows are the emails and texts the business sent, not a job's bookkeeping.
 * (from_status/to_status are a change's two values, not its parties.)
 */
function messagesSent(m: StagingModel): boolean {
  const party = (side: string) => m.columns.some((c) => { const n = c.name.toLowerCase(); return n.startsWith(side) && ADDRESS.test(n.slice(side.length)); });
  return party('from_') && party('to_');
}

/** Names of a spreadsheet system (a source, folder or stg_<system>__ part): tables typed in by hand. */
const SHEET_SYSTEM = /^(?:g?sheets?|gs|google_?sheets?|g_?sheets?|spreadsheets?|excel)$/;


/** An ad platform's click identifiers (Google's gclid, Meta's fbclid, Microsoft's msclkid): one per click. */
const CLICK_ID = /^(?:gclid|fbclid|msclkid|dclid|gbraid|wbraid|ttclid|li_fat_id)$/;

/**
 * The click identifier of a table named for clicks (click_stats: gclid, campaign_id) is the row's own id — one row per click,
 * not values of the campaign whose key it holds.
 */
function clickIds(tokens: readonly string[], columns: readonly AgentColumn[]): string[] {
  if (!tokens.some((t) => t === 'click' || t === 'clicks')) return [];
  return columns.map((c) => c.name.toLowerCase()).filter((n) => CLICK_ID.test(n));
}
/**
 * A table of a spreadsheet system (Google Sheets) is a hand-kept list, map or annotation (items flagged always in stock,
 * a classification per cut, privacy requests typed in), not a business entity, unless another table points at it by
 * key (a product master the inventory rows name).
 */
function handKeptSheets(models: StagingModel[], layerNouns: ReadonlySet<string>): void {
  const sheets = models.filter((m) => m.kind === 'entity' && [m.source, stagingFolder(m.node) ?? '', ...m.node.sourceRefs.map((r) => r.split('.')[0])]
    .some((w) => SHEET_SYSTEM.test(w.toLowerCase())));
  if (!sheets.length) return;
  // the columns and key stems of the tables that are not typed in (read once)
  const columns = new Map<string, number>();
  const stems = new Map<string, number>();
  const count = (map: Map<string, number>, k: string) => map.set(k, (map.get(k) ?? 0) + 1);
  const typedIn = new Set(sheets);
  for (const o of models) {
    if ((o.kind !== 'entity' && o.kind !== 'helper') || typedIn.has(o)) continue;
    const mine = new Set<string>();
    for (const c of o.columns) {
      const n = c.name.toLowerCase();
      count(columns, n);
      const k = keyShape(n);
      if (k?.stem.length && k.suffix !== 'code') mine.add(snakeOf(k.stem));
    }
    for (const st of mine) count(stems, st);
  }
  for (const m of sheets) {
    const noun = snakeOf(m.parsed.tokens);
    // pointed at: a table of another kind carries one of its keys, or a key named for its noun
    const pointed = [...m.ownKeys].some((k) => k !== 'id' && !!keyShape(k)?.stem.length && columns.has(k)) || stems.has(noun);
    // (…nor outcomes of a thing the layer keeps, typed in by hand: a therapist's notes on each session are records about it)
    if (pointed || outcomesOfThings(m.parsed.tokens, m.columns, layerNouns)) continue;
    m.kind = 'configuration';
    m.why = 'a hand-kept spreadsheet no other table points at by key (a list, map or annotation typed in by hand)';
    (m as Served).served = [];
  }
}

/** Is one entity name's head noun among the other's words (AhoyEvent and CcEvent, OrderArchive and Order)? */
function sameHeadNoun(a: string, b: string): boolean {
  const x = singularAll(tokensOfEntityName(a)), y = singularAll(tokensOfEntityName(b));
  return x.includes(y[y.length - 1]) || y.includes(x[x.length - 1]);
}

/**
 * A helper whose entity turned out not to be one follows the model it prepares: into the entity
 * a history serves, or out with a bridge or a technical table.
 */
function settleHelpers(models: StagingModel[]): void {
  const entities = new Set<string>();
  const owners = new Map<string, StagingModel>();
  for (const m of models) {
    if (m.kind === 'entity') entities.add(m.entity!);
    else if (m.kind !== 'helper' && !owners.has(m.noun)) owners.set(m.noun, m);
  }
  for (const h of models) {
    if (h.kind !== 'helper' || (h.entity && entities.has(h.entity))) continue;
    const owner = owners.get(h.entity ?? h.noun);
    if (!owner) continue;
    h.entity = owner.kind === 'bridge' || owner.kind === 'technical' ? undefined : owner.entity;
    h.owner = owner.node.name;
  }
}

function buildIndex(project: Project, models: StagingModel[], sourceNames: string[], semantic: ReturnType<typeof semanticKeys>): EntityIndex {
  const nextTo = neighbours(project);
  const nouns = new Set(models.filter((m) => m.kind === 'entity').map((m) => nounKey(m.parsed.tokens, m.source)));
  const anySystem = new Set(models.filter((m) => m.kind === 'entity').map((m) => snakeOf(m.parsed.tokens)));
  const byName = new Map<string, IndexedEntity>();
  for (const m of models) {
    if (m.kind !== 'entity') continue;
    let e = byName.get(m.entity!);
    if (!e) byName.set(m.entity!, (e = { name: m.entity!, tokens: m.parsed.tokens, sources: new Set() }));
    e.sources.add(m.source);
    const folder = stagingFolder(m.node);
    if (folder) (e.folders ??= new Set()).add(folder);
    for (const c of m.columns) (e.columns ??= new Set()).add(c.name.toLowerCase());
    for (const n of [m.node.name.toLowerCase(), m.node.name.toLowerCase().split('__').pop()!]) (e.models ??= new Set()).add(n);
    // the first model with evidence names the key; every model whose evidence names the same column supports it
    const key = primaryKeyColumn(m.node, snakeOf(m.parsed.tokens)) ?? ownKeyColumn(m) ?? semanticPrimary(m, semantic) ?? describedKey(m) ?? neighbourKey(m, nextTo)
      ?? soleKey(m, (stem) => nouns.has(nounKey(stem, m.source)), (words) => anySystem.has(snakeOf(words))) ?? ownKeyColumn(m, m.ownIds);
    if (key && !e.key) e.key = { column: key.toLowerCase(), type: m.columns.find((c) => c.name.toLowerCase() === key.toLowerCase())?.data_type, support: 0 };
    if (key && e.key?.column === key.toLowerCase()) e.key.support = (e.key.support ?? 0) + 1;
    e.holds ??= new Set();
    for (const c of m.columns) { const n = c.name.toLowerCase(); if (!m.ownIds.has(n) && !m.ownKeys.has(n) && keyShape(n)?.stem.length) e.holds.add(n); }
  }
  // (…and, where none of its models gives evidence, the column named for its noun: districts' district)
  for (const m of models) {
    const e = m.kind === 'entity' ? byName.get(m.entity!) : undefined;
    const key = e && !e.key ? nounColumnKey(m) : undefined;
    if (e && key) e.key = { column: key.toLowerCase(), type: m.columns.find((c) => c.name.toLowerCase() === key.toLowerCase())?.data_type, support: 1 };
  }
  // the key names the layer's own relationships tests tie to a model of an entity (claimproc's insurance_subscriber_id → inssub)
  const entityOf = new Map(models.filter((m) => m.kind === 'entity').map((m) => [m.node.name.toLowerCase(), byName.get(m.entity!)]));
  for (const m of models) {
    for (const d of m.foreignKeys) {
      const e = d.target.kind === 'ref' ? entityOf.get(d.target.name.toLowerCase()) : undefined;
      if (e && e.sources.has(m.source)) (e.declaredAs ??= new Set()).add(d.column.toLowerCase());
    }
  }
  return new EntityIndex(byName.values(), sourceNames, semantic);
}

/** Fill each model's declared targets and column-name guesses (helpers and technical tables are not read). */
function readReferences(project: Project, models: StagingModel[], byModel: Map<string, StagingModel>, index: EntityIndex, rejected: Map<string, string[]>, joins: JoinMap): string[] {
  const resolve = declaredTargetResolver(project, byModel, index);
  const mismatches: string[] = [];
  const reject = (reason: string, what: string) => { const l = rejected.get(reason); if (l) l.push(what); else rejected.set(reason, [what]); };
  const renamedTests: { m: StagingModel; column: string; entity: string }[] = [];
  for (const m of models) {
    m.declared.clear();
    m.guesses.clear();
    // documented, but the SQL (read completely) no longer returns it: no key, declared or not
    const gone = new Set(notReturned(project, m.node).map((c) => c.toLowerCase()));
    for (const d of m.foreignKeys) {
      const t = resolve(d.target, d.column);
      if (!t || gone.has(d.column.toLowerCase()) || reverseCheck(m, d, t, byModel)) continue;
      m.declared.set(d.column.toLowerCase(), t);
      if (d.targetColumn && d.targetColumn.toLowerCase() !== d.column.toLowerCase() && (m.kind === 'entity' || m.kind === 'bridge')) renamedTests.push({ m, column: d.column.toLowerCase(), entity: t.entity });
    }
  }
  const tested = testedKeyNames(renamedTests);
  // (per system: column → the other system's entity a consumer joins it to)
  const sharedBySystem = new Map<string, Map<string, string>>();
  for (const [k, entity] of sharedKeys(models, joins, byModel)) {
    const [system, column] = [k.slice(0, k.lastIndexOf('|')), k.slice(k.lastIndexOf('|') + 1)];
    sharedBySystem.set(system, (sharedBySystem.get(system) ?? new Map()).set(column, entity));
  }
  const family = familyKeys(models);
  for (const m of models) {
    if (m.kind === 'helper' || m.kind === 'technical') continue;
    for (const c of notReturned(project, m.node)) if (keyShape(c)?.stem.length) reject('not returned', `${m.node.name}.${c}`);
    const columns = new Set(m.columns.map((c) => c.name.toLowerCase()));
    const reads = new Set(m.node.refs.map((r) => snakeOf(parseModelName(r.name, [], { otherLayers: true }).tokens)));
    const aliases = sqlShape(project, m.node).ownIdAliases;
    const child = { entity: m.entity ?? m.noun, tokens: m.parsed.tokens, source: m.source, ownKeys: m.ownKeys, ownIds: m.ownIds, columns, reads,
      keyReadFrom: keysReadFrom(project, m, models), sharedKeys: sharedBySystem.get(m.source), folder: stagingFolder(m.node), ...(aliases.size === 1 ? { rowId: [...aliases][0] } : {}) };
    for (const c of m.columns) {
      const lower = c.name.toLowerCase();
      if (m.guesses.has(lower) || m.declared.has(lower)) continue; // what the project declares needs no guess
      // a key every table of a family holds names the family's thing, whatever its own words say (agentcode in brokeraddress,
      // brokercontract, brokeremail … and in broker_vc: the broker's)
      const named = family.get(`${m.source}|${lower}`);
      if (named && named === child.entity) continue;
      if (named) { m.guesses.set(lower, { entity: named, rule: 'family', role: [], confidence: ruleConfidence('family'), lookup: false }); continue; }
      // a field nested under another system's name (the sale document's payment.stripe.subscriptionid) holds that system's key
      const nestedIn = sqlShape(project, m.node).paths.get(lower)?.find((w) => w !== m.source && index.sourceNames.has(w));
      const stem = nestedIn ? keyShape(c.name)?.stem : undefined;
      const g = index.guess(child, stem?.length ? { ...c, name: [nestedIn, ...stem, 'id'].join('_') } : c, c.description ? resolveDescription(project, c.description, c.description_ref) : undefined, (reason, why) => {
        if (reason === 'type') mismatches.push(`${m.node.name}.${why}`);
        else reject(reason, `${m.node.name}.${why}`);
      });
      // a role's guess from the name alone (billing_account_id → the ledger's Account) yields to a consumer's join to the id of
      // a more specific thing of that noun (dim_vehicles joins it to the analytic accounts' id: AnalyticAccount)
      const narrower = g?.role.length ? joinedEntity(m, lower, joins, byModel) : undefined;
      if (g && narrower && narrower !== g.entity && narrower.endsWith(g.entity)) { m.guesses.set(lower, { ...g, entity: narrower, rule: 'join', role: [] }); continue; }
      if (g) { m.guesses.set(lower, g); continue; }
      if (m.ownIds.has(lower) || m.ownKeys.has(lower)) continue;
      // a key its SQL renames into a code of the same noun that reads as no staged thing's key (associated_worker_id as
      // organization_worker_code) is read by the name its source gives it
      // — and so is a key renamed from a column its loader named with its table's name after it (location_id_table_stafflocations
      // as facility_id): the rename is the project's, the source's name the system's own (read on every renamed id, the
      // source's name misled more than it helped)
      const raw = sqlShape(project, m.node).renames.get(lower);
      const from = withoutTableName(raw, m.node.sourceRefs);
      const fromShape = from && from !== lower ? keyShape(from) : undefined;
      const ownShape = keyShape(lower);
      const recoded = fromShape?.suffix === 'id' && fromShape.stem.length && ownShape
        && (ownShape.suffix !== 'id' ? ownShape.stem.includes(fromShape.stem[fromShape.stem.length - 1]) : from !== raw);
      const was = recoded && from ? index.guess(child, { ...c, name: from }, undefined, () => {}) : undefined;
      if (was && was.entity !== child.entity) { m.guesses.set(lower, was); continue; }
      const joined = joinedEntity(m, lower, joins, byModel);
      if (joined) { m.guesses.set(lower, { entity: joined, rule: 'join', role: [], confidence: 0.8, lookup: false }); continue; }
      // a key name whose words name no staged thing (staff_id beside users keyed user_id) that a relationships test on another
      // model of the same system ties to a thing's id means that thing wherever the system uses the name
      const tie = keyShape(c.name)?.stem.length ? tested.get(`${m.source}|${lower}`) : undefined;
      if (tie && tie.size === 1) {
        const [entity] = tie;
        if (entity !== child.entity) { m.guesses.set(lower, { entity, rule: 'tested', role: [], confidence: ruleConfidence('tested'), lookup: false }); continue; }
      }
      // a key whose name says only a role (id_auteur_diagnostic_prescripteur) that its own SQL joins to a staged thing's id
      const own = keyShape(c.name)?.stem.length ? joinedKeys(project, m.node).get(lower) : undefined;
      const target = own && ('ref' in own ? byModel.get(own.ref) : stagerOf(models, own.source, m));
      if (target?.kind === 'entity' && target.entity && target.entity !== child.entity) m.guesses.set(lower, { entity: target.entity, rule: 'sqljoin', role: [], confidence: ruleConfidence('sqljoin'), lookup: false });
    }
  }
  return mismatches;
}


/**
 * Per system and column name, the things its relationships tests tie that name to under another name: staff_id tested
 * on the staff's facility links against the users' user_id names a user in the census too. A test to a column of the
 * same name (aggregation_id → aggregation_id) says nothing of what the name means, nor does one on a history or copy of
 * a thing (an appointment's past rows, whose assistants were checked against providers); a name tested towards two
 * things is read by neither.
 */
function testedKeyNames(tests: { m: StagingModel; column: string; entity: string }[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const { m, column, entity } of tests) {
    const key = `${m.source}|${column}`;
    out.set(key, (out.get(key) ?? new Set<string>()).add(entity));
  }
  return out;
}

/**
 * A relationships test from the model's own unique key to a column of another model that is not
 * unique there (actions.numero → actions__publics.numero_action) checks that every row has a child:
 * the child references this model, not the other way round.
 */
function reverseCheck(m: StagingModel, d: ForeignKeyDecl, t: ResolvedTarget, byModel: Map<string, StagingModel>): boolean {
  if (!d.targetColumn || !t.node || !m.ownKeys.has(d.column.toLowerCase())) return false;
  const target = byModel.get(t.node.name);
  const col = d.targetColumn.toLowerCase();
  return !(target ? target.ownKeys.has(col) : isUniqueColumn(t.node, col));
}


/**
 * Bridges (exactly two references and nothing but link columns, or described as a mapping; no
 * other model points at them) and histories (validity columns, no key of their own, rows of one
 * other entity). Returns whether anything stopped being an entity.
 */
function classifyByColumns(project: Project, models: StagingModel[]): boolean {
  const referenced = new Set<string>();
  for (const m of models) {
    if (m.kind === 'helper' || m.kind === 'technical') continue;
    for (const r of referenceColumns(m)) referenced.add(r.entity);
  }
  const modelsOf = new Map<string, StagingModel[]>();
  const tokensOf = (name: string) => modelsOf.get(name)?.[0].parsed.tokens ?? [];
  for (const m of models) if (m.kind === 'entity') { const l = modelsOf.get(m.entity!); if (l) l.push(m); else modelsOf.set(m.entity!, [m]); }
  const parentsOf = new Map<string, Set<string>>();
  for (const [entity, list] of modelsOf) parentsOf.set(entity, new Set(list.flatMap((m) => referenceColumns(m).map((r) => r.entity))));
  const byLowerName = new Map(models.map((m) => [m.node.name.toLowerCase(), m]));
  // a part's parent entity, and what that one belongs to (a formation's structure)
  const partOf = (m: StagingModel) => {
    const parent = m.parsed.parent ? byLowerName.get(m.parsed.parent)?.entity : undefined;
    return parent ? { entity: parent, above: parentsOf.get(parent) ?? new Set<string>() } : undefined;
  };
  // the other entity whose noun ends a key's stem (hubspot_company_id → Company) and whose models hold that very column
  const byNoun = new Map([...modelsOf.keys()].map((e) => [snakeOf(tokensOf(e)), e]));
  const keyOwner = (m: StagingModel, column: string) => {
    const stem = keyShape(column)?.stem ?? [];
    for (let k = stem.length; k >= 1; k--) {
      const e = byNoun.get(snakeOf(stem.slice(stem.length - k)));
      if (e && e !== m.entity) return modelsOf.get(e)!.some((o) => o.columns.some((c) => c.name.toLowerCase() === column)) ? e : undefined;
    }
    return undefined;
  };
  // a staged thing of m's own system named by that noun
  const stagedNoun = (m: StagingModel, noun: string) => {
    const e = byNoun.get(noun);
    return e && e !== m.entity && modelsOf.get(e)!.some((o) => o.source === m.source) ? e : undefined;
  };
  markSystemWide(models);
  let removed = false;
  for (const [entity, list] of modelsOf) {
    if (referenced.has(entity)) continue;
    for (const m of list) markTenant(m, (e) => parentsOf.get(e) ?? new Set(), tokensOf);
    const verdicts = list.map((m) => columnKind(m, tokensOf, partOf(m), keyOwner, (o, c) => sqlShape(project, o.node).ownIdAliases.has(c), stagedNoun));
    if (!verdicts.every((v) => v && v.kind === verdicts[0]!.kind)) for (const m of list) m.tenant = undefined;
    if (!verdicts.every((v) => v && v.kind === verdicts[0]!.kind)) continue;
    list.forEach((m, i) => {
      const v = verdicts[i]!;
      m.kind = v.kind;
      m.why = v.why;
      m.entity = v.kind === 'history' || v.kind === 'attribute' || v.kind === 'duplicate' ? v.served : undefined;
    });
    removed = true;
  }
  return removed;
}

function groupEntities(project: Project, models: StagingModel[], notes: string[]): Map<string, EntityGroup> {
  const grouped = new Map<string, StagingModel[]>();
  for (const m of models) {
    if (!m.entity || m.kind === 'bridge' || m.kind === 'technical') continue;
    const list = grouped.get(m.entity);
    if (list) list.push(m); else grouped.set(m.entity, [m]);
  }
  const order = (m: StagingModel) => (m.kind === 'entity' ? 0 : m.kind === 'helper' ? 1 : 2);
  const sourceDomains = sourceMetaDomains(project);
  const entities = new Map<string, EntityGroup>();
  for (const name of [...grouped.keys()].sort()) {
    const list = grouped.get(name)!.sort((a, b) => order(a) - order(b) || a.node.name.localeCompare(b.node.name));
    const own = list.filter((m) => m.kind === 'entity' || m.kind === 'helper');
    if (!own.length) continue; // folded tables whose entity is not in the project were left out
    // (…and so are the helpers that only prepare them: contact_email_tmp under contact_email, values of a contact the layer
    // has no table of)
    if (!own.some((m) => m.kind === 'entity') && own.length < list.length) continue;
    // the entity's noun is the one its (non-helper) models are named after
    const tokens = (own.find((m) => m.kind === 'entity' && m.noun === name) ?? own[0]).parsed.tokens;
    const declared = own.map((m) => ({ model: m.node.name, domain: declaredDomain(m.node) })).filter((d) => d.domain);
    const distinct = [...new Set(declared.map((d) => d.domain!))];
    if (distinct.length > 1) notes.push(`Entity ${name}: its models declare different domains (${declared.map((d) => `${d.model}: ${d.domain}`).join(', ')}); using ${distinct[0]}.`);
    const fromSource = own.map((m) => sourceDomains.get(m.source)).find((d) => d);
    const dict = dictionaryDomain(tokens);
    entities.set(name, {
      name, tokens, label: name === pascalName(tokens) ? labelOf(tokens) : labelOf(tokensOfEntityName(name)),
      domain: distinct[0] ?? fromSource ?? dict ?? FALLBACK_DOMAIN,
      domainSource: distinct.length ? 'model meta' : fromSource ? 'source meta' : dict ? 'dictionary' : 'fallback',
      description: describe(project, name, labelOf(tokens), own),
      models: list,
    });
  }
  return entities;
}

/** `meta.domain` declared on a dbt source (and so on each of its tables), per source system. */
function sourceMetaDomains(project: Project): Map<string, string> {
  const out = new Map<string, string>();
  for (const s of project.sources) {
    const d = s.sourceName && declaredDomain(s);
    if (d && !out.has(s.sourceName!.toLowerCase())) out.set(s.sourceName!.toLowerCase(), d);
  }
  return out;
}

/** A description text, with a whole-description `{{ doc("x") }}` resolved to the block's body. */
export function resolveDescription(project: Project, description: string | undefined, ref?: { doc: string }): string | undefined {
  const doc = ref?.doc ?? docReference(description);
  if (doc) return project.docs.get(doc)?.body ?? (description && !docReference(description) ? description : undefined);
  // a doc block used as a phrase inside the text ("{{ doc('id') }} purchase record associated with …", Fivetran's shared
  // "Unique identifier of the" opener) reads as the sentence dbt renders
  const text = description?.includes('doc(')
    ? description.replace(/\{\{\s*doc\(\s*['"]([^'"]+)['"]\s*\)\s*\}\}/g, (all, name: string) => project.docs.get(name)?.body ?? all)
    : description;
  return text?.trim() || undefined;
}

function describe(project: Project, name: string, label: string, list: StagingModel[]): string {
  const texts = list.filter((m) => m.kind === 'entity').map((m) => resolveDescription(project, m.node.description)).filter((t): t is string => !!t);
  if (texts.length) return texts.reduce((a, b) => (b.length > a.length ? b : a));
  const names = list.map((m) => m.node.name).join(', ');
  return `${label}: business entity derived from staging model${list.length > 1 ? 's' : ''} ${names}.`;
}
