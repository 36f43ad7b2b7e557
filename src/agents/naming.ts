// From a staging model's name to the business noun a data modeler would use:
//   stg_shop__order_items → order item → OrderItem
// The layer prefix, the source part and helper markers (base_, _tmp) are stripped; the head
// word is singularized; the result is PascalCase (with a spaced label for display).
import { singularPhrase, singularWord } from './inflection.js';

/** Name prefixes that mark a model as staging (spec §4.6). */
export const STAGING_PREFIXES = ['stg', 'staging', 'src', 'raw'] as const;
/** Prefixes of non-staging models, stripped only when resolving a reference to a business noun. */
const OTHER_LAYER_PREFIXES = ['dim', 'fct', 'fact', 'mart', 'rpt', 'agg'];
/** Layer prefixes that never belong to the noun (an intermediate model may live under staging/). */
const ALWAYS_STRIPPED = [...STAGING_PREFIXES, 'int'];
/** Markers of a model that only prepares another model of the same noun (dbt / Fivetran conventions). */
const HELPER_PREFIXES = ['base', 'deduped', 'dedup', 'merged'];
/** …and suffixes of one step of its preparation (events_merged, events_delta): plumbing words, not the noun. */
const HELPER_SUFFIXES = ['tmp', 'deduped', 'dedup', 'merged', 'delta', 'unioned', 'incremental', 'filtered'];
/**
 * Where and how a system stores its tables, never part of the business noun:
 * stg__mitxonline__app__postgres__auth_user is the auth_user of the mitxonline system.
 */
export const STORAGE_WORDS = new Set(['app', 'postgres', 'postgresql', 'mysql', 'mssql', 'sqlserver', 'oracle', 'mongo', 'mongodb', 'dynamodb',
  'api', 's3', 'gcs', 'bigquery', 'bq', 'snowflake', 'redshift', 'rds', 'studio', 'google_sheets', 'sheets', 'csv', 'sftp', 'ftp', 'db',
  'database', 'dbo', 'public', 'external', 'gdrive']);
/** Storage words that only name a database engine or store, never the end of a business noun. */
/** Loader words around a dbt source's name (Singer's tap_dynamodb, pc_raw): how it is loaded, not whose it is. */
export const LOADER_WORDS = new Set(['tap', 'src', 'raw', 'source', 'fivetran', 'airbyte', 'stitch']);

export const ENGINE_WORDS = new Set(['postgres', 'postgresql', 'mysql', 'mssql', 'sqlserver', 'oracle', 'mongo', 'mongodb', 'dynamodb', 'bigquery', 'bq',
  'snowflake', 'redshift', 'rds', 's3', 'gcs', 'csv', 'sftp']);
/**
 * Words after a dbt source's name that say how its tables are stored or what was done to them before loading (OLIDS_MASKED,
 * Dictionary_dbo), not whose they are: stg_olids_patient reads OLIDS_MASKED.PATIENT and is olids's patient.
 */
const SOURCE_TAIL_WORDS = new Set([...ENGINE_WORDS, 'dbo', 'db', 'database', 'public', 'masked', 'pseudonymised', 'pseudonymized', 'anonymised',
  'anonymized', 'deidentified', 'hashed', 'redacted']);
/** Words naming the storage of a table, not the thing (organizations_table, users_tbl). */
const TABLE_WORDS = new Set(['table', 'tbl']);
/** dbt's `<model>_base`: the base step the model of the same name selects from (issues_base feeds issues). */
const BASE_SUFFIX = '_base';
const ARCHIVED_SUFFIX = '_archived';
const RAW_SUFFIX = '_raw';
/** A calendar year or a rolling window of days in a table name (3d is a printing process, not a window): a per-period copy (agency_information_2023, mql_clv_90d), not a different thing. */
const PERIOD_RE = /^(?:(?:fy|cy|y)?(?:19[5-9]\d|20\d\d)|fy\d\d|l?(?:7|[1-9]\d{1,2})d)$/;

const STAGING_RE = new RegExp(`^(?:${STAGING_PREFIXES.join('|')})_`, 'i');

export function hasStagingPrefix(name: string): boolean {
  return STAGING_RE.test(name);
}

export interface ParsedName {
  /** Source system named in the model name (`stg_<source>__<table>`, or a known source prefix). */
  source?: string;
  /** The noun phrase, singular, lower snake tokens: ['order', 'item']. */
  tokens: string[];
  /** A helper that only feeds another staging model: `base_…`, `deduped_…`, `merged_…` or `…_tmp` (dbt / Fivetran conventions). */
  helper: boolean;
  /** The helper marker found (base, tmp, deduped, merged), for notes. */
  marker?: string;
  /** Further system words from a multi-part name (stg__mitxonline__openedx__mysql__auth_user → ['openedx']). */
  subsystem?: string[];
  /** The period of a per-period copy (stg_ntd__2023_agency_information → '2023'). */
  period?: string;
  /** The model a mart or tool prepares its staging copy for (cms_hcc in cms_hcc__stg_core__condition). */
  consumer?: string;
  /**
   * The model this one is a part of: stg_dora__services__thematiques beside stg_dora__services holds
   * values flattened out of a service (dbt's <table>__<part> for a nested list), not a system.
   */
  parent?: string;
}

/**
 * Parse a model name. `knownSources` are source-system names (dbt sources, staging folder
 * names) that may prefix a single-underscore name such as `stg_shopify_orders`.
 */
/** Does another model of the layer name the same table noun as `name` without its `_raw` (station_meta beside station_raw)? */
function sameNounBeside(name: string, siblings: ReadonlySet<string> | undefined): boolean {
  const lower = name.toLowerCase();
  const noun = lower.slice(0, -RAW_SUFFIX.length).split(/_{2,}/).pop()!.replace(/^(?:stg|staging|src)_/, '');
  return [...(siblings ?? [])].some((s) => s !== lower && s.split(/_{2,}/).pop()!.replace(/^(?:stg|staging|src)_/, '').startsWith(noun));
}

export function parseModelName(name: string, knownSources: readonly string[] = [], opts: { otherLayers?: boolean; folder?: string; siblings?: ReadonlySet<string>; folders?: readonly string[]; reads?: readonly string[]; placeWords?: ReadonlySet<string> } = {}): ParsedName {
  // letters beyond ASCII are letters (stg_erp__größen), not separators
  // a leading underscore marks a private helper (_stg_x__actions_filtered), not a word
  let rest = name.toLowerCase().replace(/[^\p{L}\p{N}_]+/gu, '_').replace(/^_+/, '');
  let marker: string | undefined;
  let consumer: string | undefined;
  // a mart's own staging copy of another model: cms_hcc__stg_core__condition is core's condition
  const inner = /^([\p{L}\p{N}_]+?)__((?:stg|staging)_.+)$/u.exec(rest);
  if (inner && !STAGING_RE.test(rest)) { consumer = inner[1]; rest = inner[2]; }
  const prefixes = opts.otherLayers ? [...ALWAYS_STRIPPED, ...OTHER_LAYER_PREFIXES] : ALWAYS_STRIPPED;
  for (let i = 0; i < 3; i++) {
    const layer = prefixes.find((p) => rest.startsWith(p + '_') && rest.length > p.length + 1);
    if (layer) { rest = rest.slice(layer.length + 1); continue; }
    // a storage word before the layer's prefix (tbl_stg_shipments, table_stg_x) names how it is kept, not the noun
    const storage = [...TABLE_WORDS].find((p) => rest.startsWith(p + '_') && prefixes.some((l) => rest.startsWith(`${p}_${l}_`)));
    if (storage) { rest = rest.slice(storage.length + 1); continue; }
    const helper = HELPER_PREFIXES.find((p) => rest.startsWith(p + '_') && rest.length > p.length + 1);
    if (helper) { rest = rest.slice(helper.length + 1); marker ??= helper; continue; }
    break;
  }
  // the layer's word after the system's (postgres_stg__campaigns, hubspot_stg_companies under hubspot/): the system, then the
  // layer, then the table — the word is neither the system's nor the noun's (one underscore after it only where the system
  // before it is the folder's or a dbt source's name)
  const layerAfter = /^([\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)*?)_(?:stg|staging)(__?)(?=[\p{L}\p{N}])/u.exec(rest);
  if (layerAfter && (layerAfter[2] === '__' || [opts.folder, ...knownSources].some((k) => k?.toLowerCase() === layerAfter[1]))) {
    rest = `${layerAfter[1]}__${rest.slice(layerAfter[0].length)}`;
  }
  const suffix = HELPER_SUFFIXES.find((s) => rest.endsWith('_' + s) && rest.length > s.length + 1);
  if (suffix) { rest = rest.slice(0, -suffix.length - 1); marker ??= suffix; }
  // …_base only beside the model it is the base of (a knowledge_base alone is a thing), or in a folder of base models
  // (staging/base/: a base view whose model the project disabled, personal_information_base, is still no thing)
  else if (rest.endsWith(BASE_SUFFIX) && (opts.siblings?.has(name.toLowerCase().slice(0, -BASE_SUFFIX.length)) || opts.folders?.some((f) => f.toLowerCase() === 'base'))) { rest = rest.slice(0, -BASE_SUFFIX.length); marker ??= 'base'; }
  // …_archived beside the model of the live rows (owners_archived beside owners): the same things, archived
  else if (rest.endsWith(ARCHIVED_SUFFIX) && opts.siblings?.has(name.toLowerCase().slice(0, -ARCHIVED_SUFFIX.length))) { rest = rest.slice(0, -ARCHIVED_SUFFIX.length); marker ??= 'archived'; }
  // …_raw names how the rows are kept (as landed), not what they are (token_transfers_raw: the token transfers); beside other
  // models of the same noun (station_raw beside station_meta and station_status: raw samples of a station) it stays a word
  else if (rest.endsWith(RAW_SUFFIX) && !rest.endsWith(`_${RAW_SUFFIX}`) && !sameNounBeside(name, opts.siblings)) rest = rest.slice(0, -RAW_SUFFIX.length);
  rest = rest.replace(/__c$/, '').replace(/^_+|_+$/g, ''); // Salesforce custom object: invoice__c
  let source: string | undefined;
  let subsystem: string[] | undefined;
  let table = rest;
  let parent: string | undefined;
  let parentTokens: string[] | undefined;
  const parts = rest.split(/_{2,}/).filter(Boolean);
  if (parts.length >= 2) {
    // stg_<system>__<table>, also stg__<system>__<db>__<engine>__<table>: storage words are not the system
    // a multi-word middle part names a family of tables (ntd__asset_inventory_time_series__active_fleet), a one-word part a sub-system (openedx)
    let last = parts.length - 1;
    // …unless the name without its last part is a model of the layer: then that model's table is this one's parent
    const lowerName = name.toLowerCase();
    const cut = lowerName.lastIndexOf('__');
    if (parts.length >= 3 && cut > 0 && opts.siblings?.has(lowerName.slice(0, cut))) {
      parent = lowerName.slice(0, cut);
      parentTokens = parts[last - 1].split('_').filter(Boolean);
      last--;
    }
    while (!parent && last > 1 && parts[last - 1].includes('_') && !STORAGE_WORDS.has(parts[last - 1])) last--;
    table = parts.slice(last).join('_');
    const systems = parts.slice(0, last).filter((p) => !STORAGE_WORDS.has(p) && p !== 'stg' && p !== 'staging'); // gsheets__stg__x: the layer's word
    source = systems[0] ?? parts[0];
    if (systems.length > 1) subsystem = systems.slice(1);
    // …unless the one word before the table is a word of the table the model reads (stg_ergast__standings__drivers over
    // ergast__driver_standings, stg_ergast__lap__timings over lap_times): a subject of the table's name, not a sub-system
    const word = subsystem?.length && last === parts.length - 1 ? subsystem[subsystem.length - 1] : undefined;
    if (word && !word.includes('_') && (opts.reads ?? []).some((r) => (r.split('.').pop() ?? '').toLowerCase().split(/_{2,}/).pop()!.split('_').includes(word))) {
      table = `${word}_${table}`;
      subsystem = subsystem!.length > 1 ? subsystem!.slice(0, -1) : undefined;
    }
    const inner = folderSystem(table, source, opts.folders ?? []);
    if (inner) { table = inner.table; source = inner.system; subsystem = undefined; }
  } else {
    // the longest matching source name wins (google_ads before google)
    let src: string | undefined;
    // (a source named with its loader's word, pc_raw, prefixes its models without it: stg_pc_user is pc's user)
    const bare = (s: string) => {
      const words = s.split('_').filter((w) => w && !LOADER_WORDS.has(w));
      while (words.length > 1 && SOURCE_TAIL_WORDS.has(words[words.length - 1])) words.pop();
      return words.join('_');
    };
    for (const cand of opts.folder ? [opts.folder, ...knownSources] : knownSources) {
      for (const s of new Set([cand.toLowerCase(), bare(cand.toLowerCase())])) {
        if (s && rest.startsWith(s + '_') && rest.length > s.length + 1 && (!src || s.length > src.length)) src = s;
      }
    }
    if (src) { source = src; table = rest.slice(src.length + 1); }
  }
  // helper markers also inside the table part: stg_shop__base_orders, stg_hubspot__merged_deal
  const innerHelper = HELPER_PREFIXES.find((p) => table.startsWith(p + '_') && table.length > p.length + 1);
  if (innerHelper) { table = table.slice(innerHelper.length + 1); marker ??= innerHelper; }
  let raw = table.split('_').filter(Boolean);
  while (raw.length > 1 && STORAGE_WORDS.has(raw[0])) raw = raw.slice(1);
  raw = withoutSourceWords(raw, opts.reads ?? []);
  // words that say where the table lives, not what it holds, after its noun: accruals_clean_insurance under
  // clean/insurance/ (its layer and system folders), broker_vc over a source whose every table ends _vc
  const place = opts.placeWords;
  if (place?.size && raw.length > 1 && !place.has(raw[0])) raw = raw.filter((t, i) => i === 0 || !place.has(t));
  // one letter before the noun says what kind of table it is, not what it holds: Sage's F_COMPTET and F_DOCLIGNE (a file),
  // d_product and f_sales (a dimension, a fact), t_, v_ (a table, a view)
  if (raw.length > 1 && /^\p{L}$/u.test(raw[0])) raw = raw.slice(1);
  // …and an engine's name after the noun (coupons_usage_mongo); not app, api or db, which end nouns (mobile_app)
  while (raw.length > 1 && ENGINE_WORDS.has(raw[raw.length - 1])) raw = raw.slice(0, -1);
  while (raw.length > 1 && TABLE_WORDS.has(raw[raw.length - 1])) raw = raw.slice(0, -1);
  const periods = raw.filter((t) => PERIOD_RE.test(t));
  if (periods.length && periods.length < raw.length) raw = raw.filter((t) => !PERIOD_RE.test(t));
  // nothing but a period after the system (stg_lovac_2019): the system's yearly file, named for the system
  else if (periods.length && source) raw = source.split('_').filter(Boolean);
  let tokens = nounTokens(raw);
  if (!tokens.length) tokens = (source ?? rest).split('_').filter(Boolean);
  if (!tokens.length) tokens = [name.toLowerCase()];
  // a part of a parent table: both nouns singular (services__thematiques → service thematique)
  if (parentTokens) tokens = [...singularPhrase(parentTokens), ...tokens.slice(parentTokens.length)];
  tokens = singularPhrase(tokens);
  // the noun said twice (promotions_promotions: a Django app's label before its model's name) is one noun
  if (tokens.length === 2 && singularWord(tokens[0]) === tokens[1]) tokens = tokens.slice(1);
  return { source, tokens, helper: !!marker, ...(marker ? { marker } : {}), ...(subsystem ? { subsystem } : {}),
    ...(periods.length ? { period: periods.join('_') } : {}), ...(consumer ? { consumer } : {}), ...(parent ? { parent } : {}) };
}

/**
 * Words before the table's name that abbreviate the name of the one dbt source the model reads: stg_olids_term_concept reads
 * OLIDS_TERMINOLOGY.CONCEPT, and term is that source's word (its terminology), not part of the noun, which is the table's.
 */
function withoutSourceWords(raw: string[], reads: readonly string[]): string[] {
  if (reads.length !== 1) return raw;
  const dot = reads[0].indexOf('.');
  if (dot <= 0) return raw;
  const words = (s: string) => s.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1_$2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const source = words(reads[0].slice(0, dot));
  const table = words(reads[0].slice(dot + 1));
  const lead = raw.length - table.length;
  if (lead < 1 || table.some((t, i) => raw[lead + i] !== t)) return raw;
  const ofSource = raw.slice(0, lead).every((w) => w.length >= 3 && source.some((s) => s.startsWith(w)));
  return ofSource ? raw.slice(lead) : raw;
}

/**
 * A loader's prefix shared by its systems (stg_airbyte_source__gp_api_db_campaign under
 * staging/airbyte_source/gp_api_db/) is no system: the folder the model sits in, whose words begin
 * the table part, is. Its words (and storage words: api, db, s3) leave the noun, and the system is
 * those words without the storage ones (gp_api_db → gp, ballotready_s3 → ballotready).
 */
function folderSystem(table: string, source: string, folders: readonly string[]): { table: string; system: string } | undefined {
  const tokens = table.split('_').filter(Boolean);
  for (const folder of [...folders].reverse()) {
    const words = folder.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
    if (folder === source || !words.length || tokens[0] !== words[0]) continue;
    let k = 0;
    while (k < tokens.length - 1 && (words.includes(tokens[k]) || STORAGE_WORDS.has(tokens[k]))) k++;
    // the system is what the name says of it (a misspelt folder, techspeed_grive, holds techspeed_gdrive_candidates)
    const system = tokens.slice(0, k).filter((w) => !STORAGE_WORDS.has(w)).join('_');
    if (system) return { table: tokens.slice(k).join('_'), system };
  }
  return undefined;
}

/**
 * Table-name tokens as a noun: version suffixes dropped (product_2, product2, events_v2 → product,
 * event) and leading numbers moved behind the noun (1099_forms → form 1099), since an entity
 * name cannot start with a digit.
 */
function nounTokens(tokens: string[]): string[] {
  let t = dropVersionSuffix(tokens);
  const last = t.length ? /^(\p{L}{3,})\d+$/u.exec(t[t.length - 1]) : null;
  if (last) t = [...t.slice(0, -1), last[1]];
  let lead = 0;
  while (lead < t.length - 1 && /^\d/.test(t[lead])) lead++;
  if (lead) t = [...t.slice(lead), ...t.slice(0, lead)];
  return t;
}

/**
 * Trailing numbers and version tags name a version of the thing, not the thing:
 * Salesforce `product_2` (Product2), `events_v2` → product, events.
 */
export function dropVersionSuffix(tokens: string[]): string[] {
  let end = tokens.length;
  while (end > 1 && /^(?:\d+|v\d+)$/.test(tokens[end - 1])) end--;
  // the tag written apart from its number (product_master_v_2, events_version_3) goes with it
  if (end < tokens.length && end > 1 && /^\d+$/.test(tokens[end]) && VERSION_WORDS.has(tokens[end - 1])) end--;
  return end === tokens.length ? tokens : tokens.slice(0, end);
}
const VERSION_WORDS = new Set(['v', 'ver', 'version']);

function cap(t: string): string {
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** ['order', 'item'] → OrderItem (the entity name). */
export function pascalName(tokens: readonly string[]): string {
  const name = tokens.map(cap).join('');
  return /^\p{N}/u.test(name) ? `Entity${name}` : name; // an entity name starts with a letter
}

/** ['order', 'item'] → "Order Item" (for display). */
export function labelOf(tokens: readonly string[]): string {
  return tokens.map(cap).join(' ');
}

/** ['order', 'item'] → order_item (file names, doc-block names). */
export function snakeOf(tokens: readonly string[]): string {
  return tokens.join('_');
}

/** OrderItem / "Order Item" / order_item → ['order', 'item']. */
export function tokensOfEntityName(name: string): string[] {
  return name.replace(/([\p{Ll}\p{N}])(\p{Lu})/gu, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}
