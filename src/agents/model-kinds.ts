// Which staging models are business entities, read as a data modeler reads a staging layer.
// Not every table is a thing the business talks about:
//   bridge     two foreign keys and little else (deal_company, team_user), or a model described as
//              the relationships/mapping between two things → a many-to-many relationship
//   history    *_history, *_snapshot, *_audit, or rows that are versions of another entity
//              (validity columns, no key of their own) → folded into the entity they record
//   tag        *_tag(s) → folded into the entity they label
//   technical  the source system's own metadata (properties/fields and their options, record
//              types, metafields, migrations) → left out
//   log        *_log(s) → folded into the entity they log, else left out
//   report     *_report, *_export, *_extract → folded or left out
//   attribute  one thing's multi-valued values (its key, a few values, no identity) → folded into it
//   configuration  settings sections (LDAP, SAML, OAuth, config) or tables made of settings → left out
//   duplicate  a filtered copy of another model of the same system (same columns) → folded into it
//   transformation  a pipeline step over other staging models (transformed_pll: link periods built from status
//              events), named for what it did to them or kept in a transformation folder → folded into what it reads
// Reports are also told by structure: a grain of another thing's key plus a period (ntd_id +
// report_year), or SQL that aggregates (GROUP BY with sum/count).
// Subtypes (email_event_bounce keyed by the event it specialises) stay entities.
import type { DbtNode } from '../core/project/types.js';
import { columnTokens, isTechnicalColumn, keyShape, typeFamily } from './columns.js';
import { singularPhrase, singularWord } from './inflection.js';
import { snakeOf } from './naming.js';
import { isUniqueColumn } from './keys.js';
import type { SqlShape } from './sql-shape.js';

export type ModelKind = 'entity' | 'helper' | 'bridge' | 'history' | 'tag' | 'attribute' | 'technical' | 'log' | 'report' | 'configuration' | 'duplicate' | 'transformation';

export interface NameKind {
  kind: Exclude<ModelKind, 'helper' | 'bridge'>;
  why: string;
  /** Leading tokens that may name the entity it serves (company_property_history → company, property). */
  served: string[];
}

// (and the same word in the languages projects are written in: SIRENE's etablissement_historique)
const HISTORY_WORDS = new Set(['history', 'hist', 'snapshot', 'audit', 'changelog', 'historique', 'historial', 'historico', 'historie', 'verlauf', 'storico']);
const LOG_WORDS = new Set(['log']);
/** A word that says, after a table's name, that the rows are not things of their own (a history, a log, settings). */
export function isKindWord(word: string): boolean {
  return HISTORY_WORDS.has(word) || LOG_WORDS.has(word) || CONFIG_NOUNS.has(word);
}
/** Words after a history word that name things of their own: the model's name ends in a plural noun, no kind word after the
 * history word (test_history_scores; opportunity_field_history_migrated's qualifier, account_history_snapshots' kind word name none). */
function namesThingsAfter(rest: readonly string[], modelName: string): boolean {
  const raw = modelName.toLowerCase().split('_').filter(Boolean).pop() ?? '';
  return rest.length > 0 && !rest.some(isKindWord) && /^[a-z]+$/.test(raw) && singularWord(raw) !== raw;
}
/** Rows that failed validation or loading, kept aside by the pipeline (events_bad, rejected_rows): dead letters. */
const FAILED_WORDS = new Set(['bad', 'invalid', 'rejected', 'quarantine', 'quarantined', 'deadletter', 'dlq']);
// (a thing's metrics or insights: a social platform's figures per post or media item, its lifetime counts per day)
const REPORT_WORDS = new Set(['report', 'export', 'extract', 'metric', 'metrics', 'insight', 'insights']);
/** Noun phrases that are always the source system's own bookkeeping or schema. */
const TECHNICAL_NOUNS = new Set(['migration', 'schema_migration', 'schema_version', 'schema_history', 'flyway_schema_history', 'metafield', 'custom_field',
  'custom_field_option', 'custom_field_value', 'field_definition', 'property_definition', 'metadata', 'picklist', 'picklist_value', 'record_type',
  'object_type', 'sobject', 'sync', 'sync_state', 'checkpoint', 'cursor', 'lock', 'sequence', 'fivetran_audit',
  // what the application deleted, kept so loads can drop it (Frappe's deleted_documents): tombstones
  'deleted_document', 'deleted_record', 'deleted_object', 'deleted_row', 'deletion', 'tombstone']);
/** Web frameworks whose own tables sit beside an application's, by the word their tables are named with. */
const FRAMEWORK_WORDS = new Map([['django', 'Django'], ['wagtail', 'Wagtail'], ['wagtailcore', 'Wagtail'], ['wagtailimages', 'Wagtail'],
  ['wagtaildocs', 'Wagtail'], ['reversion', 'django-reversion']]);
/** 'an audit', 'a history': the article a word takes (by its first letter; good enough for the kind words named here). */
const withArticle = (word: string) => `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
/** The technical nouns of two words or more, which may begin the name of another table of the same schema. */
const SCHEMA_PHRASES = [...TECHNICAL_NOUNS].filter((n) => n.includes('_'));
const TOOL_PREFIXES = new Set(['fivetran', 'airbyte', 'stitch', 'dbt', 'meltano', 'singer', 'hevo']);
/** Systems, folders and name words of a pipeline's own bookkeeping (load outcomes, validator output, id maps, audit logs). */
const PIPELINE_WORDS = new Set(['outcome', 'outcomes', 'validation', 'download', 'unzip', 'scraped', 'scrape', 'ingestion', 'invocation', 'idmap', 'cloudaudit']);
const TECHNICAL_SYSTEMS = new Set(['audit', 'logs', 'logging', 'monitoring', 'elementary', 'fivetran', 'airbyte', 'stitch', 'dbt']);
/**
 * A table named for outcomes (and no other word of a pipeline's bookkeeping) that holds the key of a thing the layer keeps
 * (session_outcome, evaluation_outcome: session_id, a therapist's notes): the outcomes of those things, not load outcomes.
 */
export function outcomesOfThings(tokens: readonly string[], columns: readonly { name: string }[], layerNouns: ReadonlySet<string>): boolean {
  if (!tokens.some((t) => t === 'outcome' || t === 'outcomes') || tokens.some((t) => PIPELINE_WORDS.has(t) && t !== 'outcome' && t !== 'outcomes')) return false;
  return columns.some((c) => { const stem = keyShape(c.name)?.stem; return !!stem?.length && layerNouns.has(stem.join('_')); });
}
/** Configuration sections of an application. */
const CONFIG_NOUNS = new Set(['ldap', 'saml', 'oauth', 'sso', 'smtp', 'config', 'configs', 'configuration', 'setting', 'settings', 'preference', 'preferences',
  'pref', 'prefs', 'param', 'params']);
/** Words of an aggregate: a breakdown by something, a time series, a distribution, per-period figures. */
const AGGREGATE_WORDS = new Set(['timeseries', 'summary', 'summaries', 'distribution', 'stats', 'statistic', 'statistics', 'kpi', 'kpis', 'aggregate',
  'aggregates', 'aggregated', 'rollup', 'daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual',
  // a league table: running totals ranked (a championship's standings after each race), not things
  'standings', 'leaderboard', 'leaderboards',
  // active users counted per day, week or month (legacy_daus): a product metric, not users
  'dau', 'daus', 'wau', 'waus', 'mau', 'maus']);
/** A summary of one thing (a feedback summary): a record when it has an identifier of its own, an aggregate when not. */
const SUMMARY_WORDS = new Set(['summary', 'summaries']);
/**
 * Words of a period (daily_active_users): figures per period, unless the rows are things made each period with an
 * identifier named for them (a weekly purchase order's purchase_order_id, a weekly menu's weekly_menu_id).
 */
const PERIOD_WORDS = new Set(['daily', 'weekly', 'monthly', 'quarterly', 'yearly', 'annual']);
/** Words of rows delivered as a file (an upload, an import): a period word before one says how often it comes. */
const DELIVERY_WORDS = new Set(['upload', 'uploads', 'uploaded', 'import', 'imports', 'file', 'files', 'drop', 'drops']);
/** Planned or predicted figures: rows of numbers about other things, not things. */
const FORECAST_WORDS = new Set(['forecast', 'forecasts', 'projection', 'projections']);
/** The set-up of a chart in a dashboard (a Sankey diagram's flows), not business things. */
const PRESENTATION_WORDS = new Set(['sankey', 'visualisation', 'visualisations', 'visualization', 'visualizations', 'viz']);
/** Lists a pipeline uses to keep rows in or out (test accounts, block lists). */
const FILTER_LIST_WORDS = new Set(['tester', 'testers', 'exclusion', 'exclusions', 'blocklist', 'blacklist', 'allowlist', 'whitelist', 'denylist']);
/** The choices a form offers for one of its fields (a survey's department dropdown): how the form is set up, not things. */
const FORM_CHOICE_WORDS = new Set(['dropdown', 'dropdowns']);
/** Rows a team labelled by hand (themes coded onto comments): labels applied to other tables' rows, not things. */
const LABELLED_WORDS = new Set(['labelled', 'labeled', 'annotated', 'annotation', 'annotations']);
/** What changes in a *_status_change table. */
const STATE_WORDS = new Set(['status', 'state', 'stage']);
/** Columns of a calendar: the parts of a date (year, quarter, month, dayofweek, weekofyear, monthname …). */
const DATE_PART_RE = /^(?:(?:financial|fiscal|iso)_)?(?:year|quarter|month|week|day|weekday|weekpart|dayofweek|dayofmonth|dayofyear|weekofyear|monthname|dayname|daynumber|yearnumber|quarternumber|monthnumber|weeknumber|year_quarter|year_month|year_week|is_weekend|is_holiday|(?:start|end|first_day|last_day)_of_(?:(?:financial|fiscal)_)?(?:week|month|quarter|year))$/;
/** Columns of a request log: an HTTP request's method, path and outcome. */
const REQUEST_LOG_COLUMNS = new Set(['method', 'http_method', 'path', 'url', 'endpoint', 'status_code', 'http_status', 'response_time', 'response_time_ms', 'latency', 'latency_ms',
  'user_agent', 'client_ip', 'ip_address', 'remote_addr', 'referrer', 'referer', 'request_id']);
/** Columns naming a month, quarter or year (not a day: dated rows are records of their own). */
const PERIOD_LEVEL = new Set(['year_month', 'month', 'year', 'report_year', 'fiscal_year', 'quarter', 'period', 'month_start', 'period_start', 'yr', 'mo']);
/** Head words of a per-period grain (member_month). */
const PERIOD_HEADS = new Set(['day', 'week', 'month', 'quarter', 'year']);
// (date_start: the day an ad platform's insights row covers, Facebook's name for it)
const PERIOD_COLUMNS = new Set(['year', 'report_year', 'yr', 'fiscal_year', 'month', 'mo', 'year_month', 'period', 'week', 'quarter', 'date_day', 'date_month',
  'date', 'day', 'report_date', 'month_start', 'period_start', 'date_start']);
/** Nouns of tables that may describe the source system's fields rather than business things. */
const DEFINITION_HEADS = new Set(['property', 'field', 'attribute']);
/** Columns (own-noun prefix removed) that describe a field definition. */
const DEFINITION_COLUMNS = new Set(['type', 'field_type', 'data_type', 'label', 'group_name', 'group', 'calculated', 'is_calculated', 'hidden', 'is_hidden', 'is_array',
  'options', 'is_custom', 'custom', 'read_only', 'is_required', 'required', 'field_name', 'object_type', 'display_order', 'hubspot_defined', 'hubspot_object']);
/** Children of a technical table: property_option, field_value. */
const DETAIL_WORDS = new Set(['option', 'value', 'group', 'enum', 'choice']);
/**
 * Words of a list of codes grouped for a purpose (a clinical code set: cluster, SNOMED code, description), which a pipeline
 * keeps rows in or out by: the team's reference lists, not things of the business (stg_codesets_ltc_lcs_codes, a refset).
 */
const CODE_LIST_WORDS = new Set(['codeset', 'codesets', 'refset', 'refsets', 'valueset', 'valuesets', 'codelist', 'codelists']);
/** Last words of a table of a hierarchy's lines of descent. */
const LINEAGE_WORDS = new Set(['descendant', 'descendent', 'ancestor', 'ancestry', 'lineage']);
/** Words of a system of rules a pipeline applies (thresholds, coefficients, a schedule of doses): its configuration. */
const RULE_SET_WORDS = new Set(['ruleset', 'rulesets']);

/** Words saying a model is a step applied to other models' rows (a name's first word, or its folder). */
const TRANSFORM_WORDS = new Set(['transformed', 'transformation', 'transformations', 'derived', 'enriched', 'processed', 'prepared', 'reshaped', 'intermediate',
  'consolidation', 'consolidations', 'consolidated', 'cleanup', 'cleaned', 'final', 'combined']);

/**
 * A step of the pipeline, not rows of a source: the model reads no source, only other staging models, and a word of
 * its name or of its folders says it transforms them (transformed_pll, charges_consolidation, place_final,
 * models/staging/transformation/, models/consolidation/). Its rows are theirs, reshaped.
 */
export function isTransformationStep(tokens: readonly string[], folder: string | undefined, readsSource: boolean, stagingInputs: () => number): boolean {
  if (readsSource || !(tokens.some((t) => TRANSFORM_WORDS.has(t)) || (folder ?? '').toLowerCase().split(/[/_.\s-]/).some((w) => TRANSFORM_WORDS.has(w)))) return false;
  return stagingInputs() > 0;
}

/** Last words of a table that maps codes or labels to their meaning. */
const VALUE_MAP_WORDS = new Set(['dictionary', 'dict', 'map', 'mapping', 'mappings']);

/** Words of a table that sets two sets of rows side by side. */
const COMPARISON_WORDS = new Set(['vs', 'versus', 'reconciliation', 'reconciliations', 'recon', 'comparison', 'comparisons']);

/**
 * `<a>_to_<b>` said of one thing (path_to_victory: its own id, campaign_id, data) rather than a lookup from a's to b's
 * (position_to_place lists places; ipv4_to_country has no id of its own): the table has an `id` and no column names either side,
 * and no verb comes before the `to` (records_sent_to_hubspot, users_mapped_to_accounts say what was done with rows).
 */
function nounPhrase(tokens: readonly string[], to: number, columns: readonly { name: string }[] | undefined): boolean {
  if (!columns?.some((c) => c.name.toLowerCase() === 'id') || /(?:ed|sent)$/.test(tokens[to - 1])) return false;
  const sides = new Set([singularWord(tokens[to - 1]), singularWord(tokens[to + 1])]);
  return !columns.some((c) => c.name.toLowerCase().split('_').some((w) => sides.has(singularWord(w))));
}

/** Kinds that can be told from the name (and, for field-definition tables, the columns) alone. */
export function nameKind(tokens: readonly string[], node: DbtNode, technicalNouns: ReadonlySet<string>, ownNounId = false, columns?: readonly { name: string; data_type?: string }[]): NameKind {
  const phrase = tokens.join('_');
  const last = tokens[tokens.length - 1];
  const lead = tokens.slice(0, -1);
  // mongo_vs_hubspot, orders_reconciliation: the rows of two systems set side by side, a check, not a thing
  if (tokens.length > 1 && tokens.some((t) => COMPARISON_WORDS.has(t))) return { kind: 'report', why: 'a comparison of two sets of rows (its name says vs, reconciliation)', served: [] };
  // the one source table it reads is named as a value map (code_promo_dictionary): codes typed against their meaning by hand
  const table = node.sourceRefs.length === 1 ? (node.sourceRefs[0].split('.').pop() ?? '').toLowerCase().split('_') : [];
  if (table.length > 1 && VALUE_MAP_WORDS.has(table[table.length - 1])) {
    return { kind: 'technical', why: `its source table (${table.join('_')}) is a value map, not business things`, served: [] };
  }
  // (…or a table named with one of those nouns of two words or more first: custom_field_categories, custom_field_select_options,
  // custom_fields_join_categories — the catalog's other tables)
  const words = tokens.map(singularWord).join('_');
  const schemaFirst = SCHEMA_PHRASES.some((n) => words.startsWith(`${n}_`));
  if (TECHNICAL_NOUNS.has(phrase) || schemaFirst || (tokens.length > 1 && TOOL_PREFIXES.has(tokens[0]))) {
    return { kind: 'technical', why: 'the source system\'s own bookkeeping or schema', served: [] };
  }
  // a web framework's own tables, named with the framework's word by the name or its source table (django_contenttype,
  // wagtailcore_page, reversion_version): the application's machinery, not its business things — but an application's own
  // model whose name only begins with the framework's word (chatbots_djangocheckpoint, a glued class name) is the application's
  const gluedOnly = table.length > 0 && !table.some((t) => FRAMEWORK_WORDS.has(t))
    && table.some((t) => [...FRAMEWORK_WORDS.keys()].some((w) => t.startsWith(w)));
  const framework = gluedOnly ? undefined : [...tokens, ...table].find((t) => FRAMEWORK_WORDS.has(t));
  if (framework) return { kind: 'technical', why: `a table of ${FRAMEWORK_WORDS.get(framework)}'s own machinery (content types, pages, revisions), not a business thing`, served: [] };
  // an entity–attribute–value store: its attribute definitions, option labels and sets (eav_attribute, eav_attribute_set) are
  // the system's own schema, and a table of values (catalog_product_entity_int: value_id, entity_id, attribute_id, store_id,
  // value) holds one thing's attributes, a row per attribute, not things of its own
  if (tokens.length > 1 && tokens[0] === 'eav') return { kind: 'technical', why: 'the definitions of an entity–attribute–value store (its attributes, options, sets): the system\'s own schema', served: [] };
  // (which thing the generic entity_id keys, the name says only in the store's own words: served by none)
  if (columns && isEavValueTable(columns)) return { kind: 'attribute', why: 'entity–attribute–value rows (an entity key, an attribute key and a value): attribute values of the thing it keys', served: [] };
  // links between records of any table (objecttoobject: object1_view_id, object1_record_id, object2_…), or an integration's
  // data per record of a named table (plugininfo: record_id, related_table_name): every record key typed by the table it is
  // in, no key of one kind of thing — the system's own bookkeeping
  if (columns && recordsOfAnyTable(columns)) return { kind: 'technical', why: 'its keys are records of any table, each typed by a table column beside it: links or data the system keeps about records, not things', served: [] };
  // what a system posted to another (Fishbowl's postpo: external_transaction_id, external_transaction_hash, journal flags): an
  // integration's record of each row it sent, with the other system's id and a hash of what was sent — its bookkeeping
  if (columns && syncedOut(columns)) return { kind: 'technical', why: 'a record of rows sent to another system (that system\'s transaction id and a hash of what was sent): the integration\'s bookkeeping', served: [] };
  if (CONFIG_NOUNS.has(phrase) || (tokens.length <= 2 && CONFIG_NOUNS.has(last))) return { kind: 'configuration', why: 'configuration settings, not business things', served: [] };
  // organisation_descendent (child code, role, path): a hierarchy flattened into paths; with two keys of one thing it is a
  // closure table, a link, which the columns tell
  if (lead.length && LINEAGE_WORDS.has(last) && !(columns ?? []).some((c) => /_id$/.test(c.name.toLowerCase()))) {
    return { kind: 'technical', why: `the hierarchy of ${lead.join(' ')} flattened into paths (its ${last}s), not things of their own`, served: [] };
  }
  if (tokens.some((t) => CODE_LIST_WORDS.has(t))) return { kind: 'technical', why: 'a code set: codes grouped for a purpose, which a pipeline filters rows by, not business things', served: [] };
  // ipv4_to_country: a lookup from one thing to another
  const to = tokens.indexOf('to');
  if (to > 0 && to < tokens.length - 1 && !nounPhrase(tokens, to, columns)) return { kind: 'technical', why: `a lookup from ${tokens.slice(0, to).join(' ')} to ${tokens.slice(to + 1).join(' ')}`, served: [] };
  // practice_neighbourhood_lookup (practice_code, practice_name, local_authority, neighbourhood): values looked up by another
  // thing's code, kept by hand; a lookup with an identifier of its own (a status list others point at) is a thing
  if (lead.length && (last === 'lookup' || last === 'lookups') && columns?.length
    && !columns.some((c) => { const n = c.name.toLowerCase(); return n === 'id' || n === `${phrase}_id` || n === `${lead.join('_')}_id` || isUniqueColumn(node, c.name); })) {
    return { kind: 'technical', why: `a lookup of values by another thing's code (no identifier of its own)`, served: [] };
  }
  if (tokens.some((t) => PIPELINE_WORDS.has(t)) || (tokens.length > 1 && (last === 'map' || last === 'mapping')) || tokens[0] === 'relationships') {
    return { kind: 'technical', why: 'the pipeline\'s own bookkeeping (load outcomes, validator output, id maps)', served: [] };
  }
  // a table named after a key (patient_data_source_id): which id goes with which, an id map
  // (api_keys, license_keys are things: only an _id names a key column)
  if (lead.length && (last === 'id' || last === 'ids')) return { kind: 'technical', why: 'a table named after a key: an id map', served: [] };
  if (HISTORY_WORDS.has(last) && lead.length) return { kind: 'history', why: `${withArticle(last)} table`, served: lead };
  // featured_events_changelog read from the featured_events system: the history word alone is left once the system's words leave
  // the name; holding keys of things and no identifier of its own (no id, no changelog_id, nothing unique), it is the history of
  // a thing of its system, as the word says — an audit or a snapshot with an id of its own is left to the rest
  if (HISTORY_WORDS.has(last) && !lead.length && columns?.some((c) => /_id$/i.test(c.name))
    && !columns.some((c) => { const n = c.name.toLowerCase(); return n === 'id' || n === `${last}_id` || isUniqueColumn(node, c.name); })) {
    return { kind: 'history', why: `${withArticle(last)} table of its system's things (their keys, no identifier of its own)`, served: [] };
  }
  // product_version holding product_id (couponpayment_id of couponpaymentversion): versions of the thing it keys, which the
  // rows of others may point at as they were then; a version list without its thing's key (app_version) is left to the rest
  if ((last === 'version' || last === 'versions') && lead.length && columns?.some((c) => [lead.join('_'), lead.join('')].map((k) => `${k}_id`).includes(c.name.toLowerCase()))) {
    return { kind: 'history', why: `versions of its ${lead.join(' ')} (each holds the ${lead.join(' ')}'s key)`, served: lead };
  }
  // patient_contact holding patient_id and a contact type (phone, email) with its value: the thing's contact details, a value
  // of it with several rows; so are its addresses by type (patient_address holding address_type) — a contact or an address
  // of no type is left to the rest (an account's contacts are people)
  if (['contact', 'contacts', 'address', 'addresses'].includes(last) && lead.length && columns) {
    const names = columns.map((c) => c.name.toLowerCase());
    const typed = names.some((n) => new RegExp(`(?:^|_)${singularWord(last)}_type(?:_|$)`).test(n));
    const of = lead.slice(-1);
    // (…unless it has an identifier named for itself, as a quote's addresses quote_address_id, which other rows hold)
    const named = [last, singularWord(last)].some((w) => names.includes(`${snakeOf([...lead, w])}_id`));
    if (typed && !named && names.some((n) => n === `${snakeOf(lead)}_id` || n === `${of[0]}_id`)) {
      return { kind: 'attribute', why: `the ${snakeOf(lead).replace(/_/g, ' ')}'s ${singularWord(last)} details by type (it holds the ${of[0]}'s key): values of it`, served: names.includes(`${snakeOf(lead)}_id`) ? lead : of };
    }
  }
  // cms_coursepage holding course_id: a thing's page on the site (its marketing texts, one per course), part of the thing;
  // a page with no thing's key (an instructor's page) is the page's own subject
  if ((last === 'page' || last === 'pages') && lead.length) {
    for (let k = lead.length - 1; k >= 0; k--) {
      const of = lead.slice(k);
      if (columns?.some((c) => [of.join('_'), of.join('')].map((x) => `${x}_id`).includes(c.name.toLowerCase()))) {
        return { kind: 'attribute', why: `the ${of.join(' ')}'s page (it holds the ${of.join(' ')}'s key): part of the ${of.join(' ')}`, served: of };
      }
    }
  }
  // hist_appointment (OpenDental's histappointment): the abbreviation before the noun it keeps versions of
  if (tokens.length > 1 && tokens[0] === 'hist') return { kind: 'history', why: 'a hist table (versions of another table\'s rows)', served: tokens.slice(1) };
  // opportunity_field_history_migrated: a history with a qualifier after it
  // (test_history_scores: a plural noun after the word names the things, a module's scores, not versions of a test)
  const hist = tokens.findIndex((t, i) => i > 0 && i < tokens.length - 1 && HISTORY_WORDS.has(t));
  if (hist > 0 && !namesThingsAfter(tokens.slice(hist + 1), node.name)) return { kind: 'history', why: `${withArticle(tokens[hist])} table`, served: tokens.slice(0, hist) };
  if (tokens.length > 2 && last === 'log' && tokens[tokens.length - 2] === 'change') return { kind: 'history', why: 'a change log', served: tokens.slice(0, -2) };
  // lc_status_change, order_state_changes: the changes of a thing's status over time
  // (email_event_status_change is an event of that type, a subtype of the event, not changes of one)
  if (tokens.length > 2 && last === 'change' && STATE_WORDS.has(tokens[tokens.length - 2]) && tokens[tokens.length - 3] !== 'event') return { kind: 'history', why: `${tokens[tokens.length - 2]} changes of another thing`, served: tokens.slice(0, -2) };
  // plan_changes holding plan beside oldplan (or previous_plan): each row a value of another thing going from the old to the
  // new, that thing's history whatever identifier each change is given
  if (tokens.length >= 2 && last === 'change' && columns && heldWithOld(tokens[tokens.length - 2], columns.map((c) => c.name.toLowerCase()))) {
    return { kind: 'history', why: `changes of a ${tokens[tokens.length - 2]} (its old value beside the new)`, served: tokens.slice(0, -2) };
  }
  // plan_changes_from_usage: changes of a value read out of another record (the shop's usage periods), with no key of their
  // own — the history of the thing whose key they hold, not a thing named for the value
  const chg = tokens.findIndex((t, i) => i > 0 && (t === 'change' || t === 'changes') && tokens[i + 1] === 'from');
  if (chg > 0 && !node.columns.some((c) => isUniqueColumn(node, c.name))) return { kind: 'history', why: `changes of a ${tokens.slice(0, chg).join(' ')} read from ${tokens.slice(chg + 2).join(' ')}`, served: [] };
  if (tokens.some((t) => FAILED_WORDS.has(t))) return { kind: 'log', why: 'rows that failed validation or loading (the pipeline\'s dead letters)', served: [] };
  if (LOG_WORDS.has(last)) return { kind: 'log', why: 'a log', served: lead };
  if (tokens.includes('log') || tokens.includes('logs')) return { kind: 'log', why: 'a log', served: [] };
  // (an inventory system's tag — part_id, location_id, a quantity on it — is stock held under a tag number, not a label)
  // (a hashtag is a tag: a campaign task's hashtags, campaign_task_hashtags: id, value, the task's and campaign's keys)
  if ((last === 'tag' || last === 'hashtag') && !(!lead.length && columns && holdsStock(columns))) return { kind: 'tag', why: lead.length ? 'tags of another entity' : 'a tag vocabulary', served: lead };
  // opportunity_applicant_meta: more columns of an application, in a table of their own
  if (lead.length && (last === 'meta' || last === 'metadata')) return { kind: 'attribute', why: `metadata of ${lead.join(' ')} in a table of its own`, served: lead };
  // shop_infos keyed by shop_subdomain (or shop_id): one row of details per shop, under the shop's own key — values of the shop
  if (lead.length && INFO_WORDS.has(last) && node.columns.some((c) => isUniqueColumn(node, c.name) && keyOfLead(c.name.toLowerCase(), lead))) {
    return { kind: 'attribute', why: `the ${lead.join(' ')}'s ${last}, one row per ${lead.join(' ')} under its key: values of it`, served: lead };
  }
  // an aggregate has no key of its own; a keyed *_report (a spam report event) is a thing, and so is a report whose columns,
  // all read, hold no figure to aggregate (Google Ads' click performance report: a click's gclid, page, slot, device, campaign)
  // (a loader's row id, _fivetran_id as an incremental model's unique_key, is no key of the table's own)
  if (REPORT_WORDS.has(last) && !node.columns.some((c) => !isTechnicalColumn(c.name.toLowerCase()) && isUniqueColumn(node, c.name)) && !figureless(columns)) return { kind: 'report', why: `${withArticle(last)} table (aggregated rows, no key of its own)`, served: lead };
  const by = tokens.indexOf('by');
  if (by > 0 && by < tokens.length - 1) return { kind: 'report', why: `a breakdown by ${tokens.slice(by + 1).join(' ')} (aggregated rows)`, served: [] };
  // member_months, patient_days: one row per thing per period
  // (…not a period that is a thing of its own: academic_year with its academic_year_id, which others point at)
  if (lead.length && PERIOD_HEADS.has(last) && !ownNounId) return { kind: 'report', why: `one row per ${lead.join(' ')} per ${last} (a per-period grain)`, served: [] };
  if (tokens.some((t) => FORECAST_WORDS.has(t))) return { kind: 'report', why: 'a forecast: planned or predicted figures, not business things', served: [] };
  if (tokens.some((t) => PRESENTATION_WORDS.has(t))) return { kind: 'configuration', why: 'the set-up of a chart (a Sankey diagram, a visualisation), not business things', served: [] };
  if (tokens.some((t) => FILTER_LIST_WORDS.has(t)) || (tokens.includes('test') && tokens.some((t) => t === 'user' || t === 'users' || t === 'account' || t === 'accounts'))) {
    return { kind: 'configuration', why: 'a list the pipeline uses to keep rows in or out (test users, block lists), not business things', served: [] };
  }
  if (tokens.some((t) => FORM_CHOICE_WORDS.has(t))) return { kind: 'configuration', why: 'the choices a form offers for one of its fields (a dropdown list), not business things', served: [] };
  if (tokens.some((t) => LABELLED_WORDS.has(t))) return { kind: 'tag', why: 'labels applied by hand to other rows (themes coded onto comments), not things of their own', served: [] };
  const ts = tokens.findIndex((t, i) => t === 'time' && tokens[i + 1]?.startsWith('serie'));
  // an aggregate has no key of its own: customer_feedback_summaries with a unique id are records (one summary each), and so are
  // weekly_purchase_orders with their purchase_order_id
  const identified = node.columns.some((c) => isUniqueColumn(node, c.name) && (c.name.toLowerCase() === 'id' || !!keyShape(c.name)));
  // (…a surrogate of a thing's key and a date, a daily forecast's forecast_id, is not named for the rows)
  const thing = singularPhrase(tokens.filter((t) => !PERIOD_WORDS.has(t))).join('_');
  const namedId = ownNounId || node.columns.some((c) => isUniqueColumn(node, c.name) && [thing, `${singularPhrase(tokens).join('_')}`].includes(singularPhrase(keyShape(c.name)?.stem ?? []).join('_')));
  // (…and a period word before a file's delivery word, monthly_claims_upload, says how often the rows come, not that they are summed)
  const delivered = (i: number) => PERIOD_WORDS.has(tokens[i]) && tokens.slice(i + 1).some((w) => DELIVERY_WORDS.has(w));
  if (ts >= 0 || tokens.some((t, i) => AGGREGATE_WORDS.has(t) && !(identified && SUMMARY_WORDS.has(t)) && !(namedId && PERIOD_WORDS.has(t)) && !delivered(i))) return { kind: 'report', why: 'a time series or per-period summary (aggregated rows)', served: [] };
  if (DEFINITION_HEADS.has(last) && describesFields(node, tokens)) {
    return { kind: 'technical', why: 'it describes the source system\'s fields (labels, types, groups), not business things', served: [] };
  }
  if (lead.length && DETAIL_WORDS.has(last) && technicalNouns.has(lead.join('_'))) {
    return { kind: 'technical', why: `the ${last}s of a technical table`, served: [] };
  }
  return { kind: 'entity', why: '', served: [] };
}

/** Last words of a table of a thing's texts (course_name, field_label). */
const TEXT_HEADS = new Set(['name', 'label', 'title', 'text', 'translation', 'description']);
/** A column saying which language a row's text is in. */
const LANGUAGE_COLUMN = /^(?:\w+_)?(?:language|lang|locale)(?:_code)?$/;

/**
 * A table of a thing's texts in several languages (course_name: id, text, language_code): translations of
 * the thing's name, an attribute of it, not a thing of its own. Told by its name (a text word last) and its
 * columns (a language and one text, besides ids, flags and stamps).
 */
function translationOf(tokens: readonly string[], columns: readonly { name: string }[]): NameKind | undefined {
  const last = tokens[tokens.length - 1];
  if (tokens.length < 2 || !TEXT_HEADS.has(last)) return undefined;
  const names = columns.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n));
  if (!names.some((n) => LANGUAGE_COLUMN.test(n))) return undefined;
  const texts = names.filter((n) => !LANGUAGE_COLUMN.test(n) && !keyShape(n) && n !== 'id' && !isLinkFiller(n) && !/(?:^|_)(?:deleted|active|rn|date_?time)$/.test(n));
  if (texts.length !== 1) return undefined;
  return { kind: 'attribute', why: `the texts of ${tokens.slice(0, -1).join(' ')} per language (${texts[0]} by language): translations of its ${last}`, served: tokens.slice(0, -1) };
}

/** A column naming the unit of a value beside it: a currency, a unit of measure. */
const UNIT_COLUMN = /^(?:\w+_)?(?:currency|currency_code|uom|uom_code|unit|unit_code|unit_of_measure)$/;

/**
 * A table of one measured value and its unit, besides its id and flags (final_amount: currency, value; work experience:
 * value, uom_code): a value another table holds by key (a payment's amount), not a thing of its own.
 */
function measuredValue(columns: readonly { name: string; data_type?: string }[], isOwnId: (c: string) => boolean): NameKind | undefined {
  const rest = columns.filter((c) => { const n = c.name.toLowerCase(); return !isTechnicalColumn(n) && !isOwnId(n) && !isLinkFiller(n) && !/(?:^|_)(?:deleted|active)$/.test(n); });
  if (rest.length !== 2) return undefined;
  const unit = rest.find((c) => UNIT_COLUMN.test(c.name.toLowerCase()));
  const value = rest.find((c) => c !== unit);
  if (!unit || !value || !(/(?:^|_)(?:value|amount)$/.test(value.name.toLowerCase()) || isFigureColumn(value.name.toLowerCase(), value.data_type))) return undefined;
  return { kind: 'attribute', why: `one measured value and its unit (${value.name}, ${unit.name}): a value another table holds by key, not a thing`, served: [] };
}

/** Kinds told by where a model sits: a bookkeeping system or folder (audit, validation, monitoring). */
export function placeKind(system: string, folder: string | undefined): NameKind | undefined {
  const words = [...system.split('_'), ...(folder ?? '').split(/[_/]/)];
  if (TECHNICAL_SYSTEMS.has(system) || words.some((w) => w === 'validation' || w === 'audit' || w === 'monitoring')) {
    return { kind: 'technical', why: `the pipeline's own bookkeeping (${system || folder})`, served: [] };
  }
  // a system named as code sets or rule sets (its models' prefix or source: codesets, rulesets)
  const own = system.split('_');
  if (own.some((w) => CODE_LIST_WORDS.has(w))) return { kind: 'technical', why: `a code set of ${system}: codes grouped for a purpose, which a pipeline filters rows by`, served: [] };
  if (own.some((w) => RULE_SET_WORDS.has(w))) return { kind: 'configuration', why: `a rule set of ${system}: thresholds, coefficients or schedules a pipeline applies, not business things`, served: [] };
  return undefined;
}

/** Columns a learned model writes: embeddings, an LLM's answer or reasoning … */
const ML_OUTPUT = /(?:^|_)(?:embeddings?|llm)(?:_|$)/;
/** … and how sure it was. */
const ML_SCORE = /(?:^|_)(?:confidence|similarity|reasoning|reason|probability)(?:_|$)/;
/** A connector's credential and its sync state (never a user's password: that sits beside no sync state). */
const CREDENTIAL_COLUMN = /^(?:api_?key|api_token|access_token|refresh_token|client_secret|webhook_secret|secret_key)$/;
const SYNC_COLUMN = /^(?:last_sync(?:ed)?(?:_at|_time)?|sync_status|sync_error|last_sync_error|next_sync(?:_at)?)$/;
/** Words of a calendar's name (a holiday list is a date and a name, not a figure per day). */
const CALENDAR_WORDS = new Set(['calendar', 'holiday', 'holidays', 'spine', 'date', 'day']);

/** The two ends of the period a reporting API's row covers (date_start and date_stop in Google's and Meta's ad reports). */
const WINDOW_START = /^(?:date_start|start_date|period_start|report_start_date|date_from)$/;
const WINDOW_END = /^(?:date_stop|date_end|end_date|period_end|report_end_date|date_to)$/;

/** An ad platform's figures: clicks, impressions, spend, conversions (and their values, costs and rates). */
const AD_FIGURE = /^(?:clicks?|impressions?|impr|cost|spend|reach|views?|conversions?|purchases?|subscriptions|ctr|cpc|cpm|cpa|roas)$|(?:^|_)(?:clicks|impressions|conversions?|spend|cost|views|purchases?)(?:_|$)|_value$/;

/**
 * Kinds told by structure: rows that aggregate (GROUP BY with sum/count), rows keyed by another
 * thing's key plus a period and no identifier of their own (ntd_id + report_year + mode: a
 * periodic statement), or columns that are mostly settings (enable_*, isdefault_*).
 */
export function structureKind(tokens: readonly string[], columns: readonly { name: string; data_type?: string }[], sql: SqlShape, grain: readonly string[], keyed: boolean): NameKind | undefined {
  // a list typed into the SQL whose columns are all values (raw label → schema value): the project's own value map, not a
  // source system's rows; a typed list with a code or id (a taxonomy's id + name) is a reference list others point at
  if (sql.literalRows) {
    const typed = columns.length ? columns.map((c) => c.name.toLowerCase()) : sql.literalColumns;
    if (typed.length >= 2 && !typed.some((n) => n === 'id' || n === 'code' || n === 'key' || n === 'uuid' || keyShape(n) || /_(?:code|key|uuid)$/.test(n))) {
      return { kind: 'technical', why: `its rows are written in its SQL (${typed.join(', ')}: a VALUES list or literal SELECTs without a key): a hand-made value map, not a source system's data`, served: [] };
    }
  }
  // days a date-spine macro makes, whatever columns it is given: a calendar, not a source system's rows
  if (sql.dateSpine) return { kind: 'technical', why: 'its rows are days a date-spine macro generates: a calendar', served: [] };
  if (sql.aggregates) return { kind: 'report', why: 'its SQL aggregates (GROUP BY with sum/count)', served: [] };
  // select max(year) as current_year from …: every column an aggregate over the whole input, so one row — the pipeline's constants
  if (sql.singleRow) return { kind: 'technical', why: 'its SQL selects only aggregates with no GROUP BY: one row of constants, not business things', served: [] };
  const own = tokens.join('_');
  // (a key named for the last words of the noun is its own too: donor_payment_id of opportunity_donor_payment)
  const tailId = (c: string) => { const m = /^([a-z0-9]+_[a-z0-9_]+)_id$/.exec(c); return !!m && own.endsWith('_' + m[1]); };
  // (…and the number word first, as French names put it: n_de_sinistre, numero_facture in the claims, the invoices)
  const numberOfOwn = (c: string) => { const m = /^(?:n|no|num|numero|nr)_(?:(?:de|du|of)_)?([a-z]+)$/.exec(c); return !!m && tokens.some((t) => singularWord(t) === singularWord(m[1])); };
  const isOwnId = (c: string) => c === 'id' || c === 'key' || c === 'uuid' || c === `${own}_id` || c === `${own}_key` || tailId(c) || /_(?:number|no|num|uuid)$/.test(c) || numberOfOwn(c);
  const translated = translationOf(tokens, columns) ?? measuredValue(columns, isOwnId);
  if (translated) return translated;
  if (grain.length >= 2 && grain.some((c) => PERIOD_COLUMNS.has(c)) && !grain.some(isOwnId)) {
    return { kind: 'report', why: `its grain is ${grain.join(' + ')}: figures per period, no identifier of its own`, served: [] };
  }
  const names = columns.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n) && !n.startsWith('context_'));
  // a verb done to a thing of any kind (verb, subject_id + subject_type): an application's activity feed of changes to its
  // objects (a shop's events: 'create' product 123), a log, not business events of one kind
  const polymorphic = names.find((n) => /^(?:subject|object|target|resource|entity|record|item)_id$/.test(n) && names.includes(n.replace(/_id$/, '_type')));
  if (polymorphic && names.some((n) => n === 'verb' || n === 'action')) {
    return { kind: 'log', why: `an activity feed: each row a verb done to a thing of any kind (${polymorphic} and its type)`, served: [] };
  }
  // several columns written as constants ('Cross Docking' as otr_source, 'Tracking Number' as document_type), figures or
  // times, and no id of its own: one labelled slice of figures that a union downstream stacks (process times per order
  // and stage; its columns unread, the constants say it); constants alone label a copy of rows ('bink' as brand)
  // each name's type looked up once (a find per name was quadratic: minutes at 20,000 columns)
  const types = new Map<string, string | undefined>();
  for (const c of columns) { const k = c.name.toLowerCase(); if (!types.has(k)) types.set(k, c.data_type); }
  const timed = (n: string) => isFigureColumn(n, types.get(n)) || columnTokens(n).some((t) => DURATION_TOKENS.has(t));
  if (sql.constantColumns >= 3 && !keyed && !names.some((n) => n === 'id' || n === `${own}_id`) && (!names.length || names.some(timed))) {
    return { kind: 'report', why: `${sql.constantColumns} of its columns are constants written in its SQL and it has no identifier of its own: one labelled slice of a report`, served: [] };
  }
  // no key, another thing's key and a month or year (person_id + year_month): figures or assignments per period
  const period = names.find((n) => PERIOD_LEVEL.has(n));
  const refKey = names.find((n) => keyShape(n)?.stem.length && !isOwnId(n));
  if (!keyed && !grain.length && period && refKey && !names.some(isOwnId)) {
    return { kind: 'report', why: `no key of its own: rows per ${refKey} per ${period}`, served: [] };
  }
  // a metric's name beside its value and no identifier of its own (metric_name, metric_value: a feed's session data, a
  // KPI export): figures published as name and value pairs, a report
  const metricName = names.find((n) => /^(?:metric|measure|kpi)(?:_(?:name|label|lable|key))?$/.test(n));
  if (metricName && names.some((n) => /^(?:metric|measure|kpi)_value$/.test(n)) && !keyed && !names.some((n) => n === 'id' || n === `${own}_id`)) {
    return { kind: 'report', why: `figures as name and value pairs (${metricName}, ${names.find((n) => /_value$/.test(n))}), no identifier of its own`, served: [] };
  }
  // rows of figures: most columns are counts (count_posts, daily_active_users, num_members) — a metrics report
  const measures = names.filter((n) => /^(?:count|num|total|sum|avg)_|_(?:count|total)$|^(?:daily|weekly|monthly)_active_/.test(n)).length;
  // …and an ad platform's figures (clicks, impressions, spend, conversions and their values)
  const adFigures = names.filter((n) => AD_FIGURE.test(n)).length;
  if (measures >= 8 && measures * 2 >= names.length) return { kind: 'report', why: `${measures} of its ${names.length} columns are counts or totals (a metrics report)`, served: [] };
  // no key, nothing it refers to, and counts among its columns: a summary (a sprint's ticket counts)
  const unkeyed = !keyed && !grain.length && !names.some((n) => keyShape(n) || /(?:^|_)(?:uuid|number|no|num|guid)$/.test(n));
  // figures per another thing's code and nothing of its own (rents predicted per commune, tax rates per commune: open data
  // keyed by the commune's code, maybe its EPCI's and département's too): a report of that thing, not a thing
  const keyCols = names.filter((n) => !!keyShape(n) || /_(?:code|siren|siret)$/.test(n));
  // (a surrogate key with its role after the id, sk_organisation_id_practice, is no figure whatever its type)
  const figureCols = names.filter((n) => !columnTokens(n).some((t) => t === 'id' || t === 'key' || t === 'sk') && (isFigureColumn(n, types.get(n)) || OPEN_DATA_FIGURE.test(n)));
  if (!keyed && !grain.length && !names.some(isOwnId) && keyCols.length && figureCols.length >= 4 && figureCols.length * 2 >= names.length - keyCols.length) {
    return { kind: 'report', why: `figures per ${keyCols[0]} (${figureCols.slice(0, 3).join(', ')}${figureCols.length > 3 ? ', …' : ''}), no identifier of its own`, served: [] };
  }
  if (unkeyed && measures >= 5 && measures * 4 >= names.length) return { kind: 'report', why: `no key of its own and ${measures} of its ${names.length} columns are counts or totals (a summary)`, served: [] };
  if (unkeyed && adFigures >= 4 && adFigures * 2 >= names.length) return { kind: 'report', why: `no key of its own and ${adFigures} of its ${names.length} columns are an ad platform's figures (clicks, impressions, spend: a performance report)`, served: [] };
  // …and, whatever ids its loader or its dimensions add (a row id, campaign_id, ad_id), figures over a reporting window
  // (date_start … date_stop): an ad platform's performance rows per campaign or ad and day, not campaigns or ads
  const windowed = names.some((n) => WINDOW_START.test(n)) && names.some((n) => WINDOW_END.test(n));
  if (windowed && adFigures >= 4 && adFigures * 4 >= names.length) return { kind: 'report', why: `${adFigures} of its ${names.length} columns are an ad platform's figures over a reporting window (${names.find((n) => WINDOW_START.test(n))} … ${names.find((n) => WINDOW_END.test(n))}): a performance report`, served: [] };
  const perDay = loaderRowsPerDay(columns, names, keyed, adFigures);
  if (perDay) return perDay;
  // figures per period: no identifier of its own, a day/week/month column, and counts, amounts and rates
  // (a web-analytics export: date, source, users, sessions; a spend sheet: channel, week, spend)
  if (!keyed && !grain.length) {
    const period = names.find(isPeriodColumn);
    const figures = names.filter((n) => (!isPeriodColumn(n) || PERIOD_COUNT.test(n)) && isFigureColumn(n, types.get(n)));
    // (with no key of any kind, not even another thing's, one count per period is enough: visitors per dashboard and week)
    const keyless = !names.some((n) => keyShape(n) || /(?:^|_)(?:id|code|key|uuid|number|no|num)$/.test(n));
    if (period && figures.length && (figures.length * 4 >= names.length || keyless) && !names.some((n) => !isPeriodColumn(n) && isOwnId(n))) {
      return { kind: 'report', why: `no key of its own: figures (${figures.slice(0, 3).join(', ')}${figures.length > 3 ? ', …' : ''}) per ${period}`, served: [] };
    }
    // a day and one or two values, nothing keyed (an analytics API's date + statistics): a figure per day, whatever the value's name
    if (period && keyless && names.length >= 2 && names.length <= 3 && !tokens.some((t) => CALENDAR_WORDS.has(t))) {
      return { kind: 'report', why: `no key of any kind: ${names.filter((n) => n !== period).join(', ')} per ${period}`, served: [] };
    }
  }
  // a matching or scoring model's output: embeddings or an LLM's answer beside a confidence (llm_best_match, llm_confidence,
  // match_similarity): predictions about other tables' rows, an id map at best, not things
  const learned = names.filter((n) => ML_OUTPUT.test(n));
  if (learned.length && names.some((n) => ML_SCORE.test(n))) {
    return { kind: 'technical', why: `a matching model's output (${[...learned, ...names.filter((n) => ML_SCORE.test(n) && !learned.includes(n))].slice(0, 3).join(', ')})`, served: [] };
  }
  // a connector's settings: a credential beside its sync state (api_key, last_sync): how an integration is configured, not a thing
  if (names.some((n) => CREDENTIAL_COLUMN.test(n)) && names.some((n) => SYNC_COLUMN.test(n))) {
    return { kind: 'configuration', why: `a connector's settings (${names.filter((n) => CREDENTIAL_COLUMN.test(n) || SYNC_COLUMN.test(n)).join(', ')})`, served: [] };
  }
  // a date dimension: most columns are parts of the date (year, quarter, monthname, dayofweek, calendar_week_of_year …)
  const parts = names.filter((n) => DATE_PART_RE.test(n) || isDatePart(n)).length;
  const calendarNamed = tokens.some((t) => t === 'calendar' || t === 'spine');
  if ((parts >= 6 || (calendarNamed && parts >= 2)) && parts * 2 >= names.length) return { kind: 'technical', why: `a calendar: ${parts} of its ${names.length} columns are parts of a date`, served: [] };
  // an HTTP request log (method, path, status_code, response_time, user_agent)
  const request = names.filter((n) => REQUEST_LOG_COLUMNS.has(n)).length;
  if (request >= 4) return { kind: 'log', why: `a request log (${names.filter((n) => REQUEST_LOG_COLUMNS.has(n)).join(', ')})`, served: [] };
  // a reporting API's rows (Google Analytics, ad platforms): a report period and counts, one row per combination of dimensions
  if (names.some((n) => /^report_(?:start_|end_)?(?:date|day|month|week|year|period)$|^report_(?:start|end)$/.test(n)) && names.some((n) => /_count$|^count_|^total_|^num_/.test(n))) {
    return { kind: 'report', why: 'a reporting API\'s rows: a report period and counts per combination of dimensions', served: [] };
  }
  // no key, and the columns that name a row name another thing (readme: repo_name, repo_url): values of that thing
  if (!keyed && !grain.length && !names.some((n) => keyShape(n) || /(?:^|_)(?:uuid|number|no|num|guid)$/.test(n))) {
    const naming = names.filter((n) => /_(?:name|url|namespace|slug|handle)$/.test(n));
    const others = naming.filter((n) => !tokens.includes(columnTokens(n)[0]));
    if (others.length && others.length === naming.length) {
      return { kind: 'attribute', why: `no key of its own, and the columns naming its rows (${others.join(', ')}) name another thing: values of that thing`, served: [] };
    }
  }
  // nothing but an e-mail address and a value or two (parent_email, insurance_name: each parent's insurance, mapped by hand):
  // values of the person with that address, looked up by it, not a thing of its own
  const emails = names.filter((n) => /(?:^|_)e_?mail(?:_address)?$/.test(n));
  if (!keyed && !grain.length && emails.length === 1 && names.length >= 2 && names.length <= 3 && !names.some((n) => keyShape(n) || isOwnId(n) || isFigureColumn(n, types.get(n)))) {
    return { kind: 'attribute', why: `no key of its own: ${names.filter((n) => n !== emails[0]).join(', ')} per ${emails[0]}, values of the person with that address`, served: [] };
  }
  const settings = names.filter((n) => /^(?:enable|enabled|isdefault|isnotempty|allow|use|max|min|experimental|restrict|show)_|_(?:enabled|enable|setting|settings)$/.test(n)).length;
  // a keyed thing with many feature flags (a license) is still a thing
  if (!keyed && settings >= 5 && settings >= names.length / 2) return { kind: 'configuration', why: 'its columns are settings (enable_*, isdefault_*, max_*)', served: [] };
  return undefined;
}

/** The row id a loader gives a table whose source has no primary key (Fivetran's _fivetran_id). */
const LOADER_ROW_ID = /^_fivetran_id$/;
/** A day column of a report row (date, date_day, report_date, date_start). */
const DAY_COLUMN = /^(?:date|day|date_day|report_date|date_start)$/;

/**
 * Rows the loader had to number itself (no primary key in the source) and stamped with a day: an ad platform's report per
 * thing and day, whatever ids of the thing they hold (Facebook Ads' basic_ad: ad_id, date, impressions, spend; Google Ads'
 * ad_group_stats, whose `id` is the ad group's, repeated each day — a source keyed by it would need no loader's row id),
 * its figures as type and value pairs (an ad's actions per day: action_type, value), or nothing but the thing's key and the day.
 */
function loaderRowsPerDay(columns: readonly { name: string }[], names: readonly string[], keyed: boolean, adFigures: number): NameKind | undefined {
  if (keyed || !columns.some((c) => LOADER_ROW_ID.test(c.name.toLowerCase()))) return undefined;
  const day = names.find((n) => DAY_COLUMN.test(n));
  if (!day) return undefined;
  if (adFigures >= 4 && adFigures * 4 >= names.length) return { kind: 'report', why: `${adFigures} of its ${names.length} columns are an ad platform's figures per ${day}, its rows numbered by the loader (no key of its own): a performance report`, served: [] };
  const typed = names.find((n) => n.endsWith('_type') && names.includes('value'));
  if (typed) return { kind: 'report', why: `figures as ${typed} and value pairs per ${day}, its rows numbered by the loader (no key of its own)`, served: [] };
  const rest = names.filter((n) => n !== day);
  if (rest.length && rest.every((n) => !!keyShape(n))) return { kind: 'report', why: `no key of its own: rows per ${rest.join(' and ')} per ${day}, numbered by the loader`, served: [] };
  return undefined;
}

/** Words of a column holding a time or a span of it (start_date, hours_in_type). */
const DURATION_TOKENS = new Set(['date', 'hours', 'minutes', 'seconds', 'days', 'duration']);

const DATE_PART_TOKENS = new Set(['year', 'quarter', 'month', 'week', 'wk', 'day', 'weekday', 'weekend', 'holiday']);
/** Words around a date part that do not change what it is (calendar_date_week, fiscal_year_start, day_of_week, is_53_wk_year). */
const DATE_PART_FILLER = new Set(['calendar', 'cal', 'date', 'fiscal', 'financial', 'iso', 'of', 'start', 'end', 'begin', 'number', 'num', 'name', 'is', 'sun', 'mon']);

/** A column holding a part of a date (its week, its month's name, whether it is a weekend), not the date itself. */
function isDatePart(name: string): boolean {
  const t = columnTokens(name).filter((x) => !DATE_PART_FILLER.has(x) && !/^\d+$/.test(x));
  return t.length > 0 && t.every((x) => DATE_PART_TOKENS.has(x));
}

/** A column naming the period a row is about: date, week_begining, month_of_costs, campaign_stat_date_utc (not created_at). */
function isPeriodColumn(name: string): boolean {
  // (and in French: jour, semaine, mois, trimestre)
  return columnTokens(name).some((t) => t === 'date' || t === 'day' || t === 'week' || t === 'month' || t === 'quarter' || t === 'jour' || t === 'semaine' || t === 'mois' || t === 'trimestre');
}

/** Things counted over a period named after them (users_last_month, orders_current_week): a figure, not the period. */
const PERIOD_COUNT = /^[a-z]+s_(?:last|current|this|previous|prev|next)_(?:day|week|month|quarter|year)$/;

/** A column of figures: a count, total, amount, rate or duration, by its name or its numeric type (never a key). */
/**
 * Columns known (three or more, read off the SQL or the YAML) of which none is a figure — no count, amount, cost, click or
 * impression total, nothing numeric by type: rows that aggregate nothing.
 */
function figureless(columns: readonly { name: string; data_type?: string }[] | undefined): boolean {
  const names = (columns ?? []).filter((c) => !isTechnicalColumn(c.name.toLowerCase()));
  return names.length >= 3 && !names.some((c) => isFigureColumn(c.name.toLowerCase(), c.data_type) || AD_FIGURE.test(c.name.toLowerCase()));
}

/** Rates, shares, populations and measures per unit of area (French and English): figures, whatever their type. */
const OPEN_DATA_FIGURE = /(?:^|_)(?:taux|pct|percent|pourcentage|proportion|population)(?:_|$)|_(?:m2|ha|km2)$/;

function isFigureColumn(name: string, type: string | undefined): boolean {
  if (keyShape(name) || /(?:^|_)(?:id|key|code|uuid|number|no)$/.test(name)) return false;
  if (/^(?:total|sum|avg|average|count|num|number_of)_|_(?:count|total|usd|amount|cost|costs|spend|revenue|rate|duration|hours|sessions|users|views|pageviews|clicks|impressions|conversions)$/.test(name)) return true;
  if (/^(?:spend|cost|revenue|amount|clicks|impressions|conversions|sessions|users|pageviews|bounces|entrances|transactions|visits|views|traffic)$/.test(name)) return true;
  // a quantity or an amount of money in French (quantite, montant, prix: the English ones are read by type or name above)
  if (/(?:^|_)(?:quantite|montant|prix)$/.test(name)) return true;
  // visitors counted (unique_visitors; French visiteurs_uniques, nombre_de_visites, nb_…)
  if (/(?:^|_)(?:visitors|visiteurs|visites)(?:_|$)|^(?:nombre|nb|somme|moyenne)_/.test(name)) return true;
  if (PERIOD_COUNT.test(name)) return true;
  return !!type && /^(?:int|integer|bigint|smallint|numeric|decimal|float|double|real|number|float64|int64)\b/i.test(type.trim());
}

function describesFields(node: DbtNode, tokens: readonly string[]): boolean {
  const own = tokens.join('_') + '_';
  let hits = 0;
  for (const c of node.columns) {
    const raw = c.name.toLowerCase();
    const n = raw.startsWith(own) ? raw.slice(own.length) : raw;
    // field_name of a field table reads either way (its name, or the field's name)
    if (DEFINITION_COLUMNS.has(n) || DEFINITION_COLUMNS.has(raw) || n.endsWith('_object')) hits++;
  }
  return hits >= 2;
}

const CLASSIFIER_WORDS = new Set(['type', 'kind', 'category', 'role', 'relationship', 'relation', 'position', 'index', 'sort_order', 'display_order', 'rank',
  'label', 'status', 'sequence', 'seq', 'order', 'association_type']);
const CLASSIFIER_HEADS = new Set(['type', 'kind', 'category', 'role', 'status', 'order', 'position']);

/**
 * Is a column "little else" in a bridge: bookkeeping, a flag, a time, or a classifier of the link
 * (type, category, role, position, status)? Anything else (an amount, a name, a measure) is a
 * business attribute that makes the table an entity.
 */
export function isLinkFiller(name: string): boolean {
  const n = name.toLowerCase();
  if (isTechnicalColumn(n)) return true;
  // load bookkeeping: the feed a row came in (base64_url, feed_key), its timestamps and partition (ts, dt), a surrogate key
  if (['ts', 'dt', 'key', 'base64_url', 'feed_key', 'extract_ts'].includes(n) || n.endsWith('_ts')) return true;
  // how far apart a closure table's two ends are (worknode_hierarchy: parent_worknode_id, worknode_id, depth)
  if (n === 'depth') return true;
  if (/^(is|has|was|can|should)_/.test(n)) return true;
  // (a timestamp may name its time zone: created_at_utc, updated_at_local)
  if (/(_at|_date|_timestamp|_time|_on)(?:_(?:utc|local|tz|gmt|pst|pt|est|et|cet))?$/.test(n) || ['created', 'updated', 'deleted', 'date', 'timestamp', 'active', 'primary'].includes(n)) return true;
  if (CLASSIFIER_WORDS.has(n)) return true;
  const t = columnTokens(n).filter((x) => x !== 'id' && x !== 'code');
  return t.length > 0 && CLASSIFIER_HEADS.has(t[t.length - 1]);
}

/** A model whose own description says it holds the relationships / mapping between things. */
/**
 * What the model's own description, in its first two sentences, says its rows are when they are no business things:
 * an audit trail (who did what and when: OpenDental's entrylog, its claims' tracking events). Later sentences only add
 * detail. (Saying a table holds configuration is no such sign: fee schedules and recall intervals are configured too.)
 */
export function descriptionKind(description: string | undefined): NameKind | undefined {
  const head = (description ?? '').split(/(?<=\.)\s+/).slice(0, 2).join(' ');
  if (/\baudit trail\b/i.test(head)) return { kind: 'log', why: 'its description calls it an audit trail', served: [] };
  return undefined;
}

export function describedAsLink(description: string | undefined): boolean {
  // ("the linkages between workers, organizations and roles"; "ties together workers to the positions they hold")
  return !!description && (/\b(relationships?|mappings?|associations?|links?|linkages?|junction|bridge)\b[^.]{0,40}\bbetween\b/i.test(description)
    || /\bties\s+together\b/i.test(description)
    // "which connect procedures to treatment plans", "a junction table that maps users to their views"
    || /\b(?:connects?|links?)\s+(?:\w+\s+){0,2}to\s+(?:\w+\s+){0,2}\w+s\b|\bjunction table\b/i.test(description));
}

/** A quantity and the keys of two other things (part_id, location_id): stock of one thing held somewhere. */
function holdsStock(columns: readonly { name: string }[]): boolean {
  const names = columns.map((c) => c.name.toLowerCase());
  return names.some((n) => /(?:^|_)(?:qty|quantity)(?:_|$)/.test(n)) && names.filter((n) => /^[a-z]\w*_id$/.test(n) && n !== 'tag_id').length >= 2;
}

/**
 * Every record key (record_id, object1_record_id) has a column beside it naming the table it is in (related_table_name,
 * object1_view_id, tableid1), and the table holds few other keys (its own id, a type, a grouping or two).
 */
function recordsOfAnyTable(columns: readonly { name: string }[]): boolean {
  const names = columns.map((c) => c.name.toLowerCase()).filter((n) => !n.startsWith('_'));
  const records = names.filter((n) => /(?:^|_)record_?id\d?$/.test(n) || /^recordid\d$/.test(n));
  if (!records.length) return false;
  const tableOf = (r: string) => {
    const head = r.replace(/_?record_?id(\d?)$/, '').replace(/^recordid(\d)$/, '');
    const digit = /(\d)$/.exec(r)?.[1] ?? '';
    return names.some((n) => n !== r && (new RegExp(`^${head ? head + '_' : '(?:\\w+_)?'}(?:table|view)_?(?:id|name)?${digit}$`).test(n)
      || (digit && new RegExp(`^(?:table|view)_?id${digit}$`).test(n))));
  };
  if (!records.every(tableOf)) return false;
  // (an inventory log's part_id, location ids and user beside its related record are keys of things: an event of its own)
  const others = names.filter((n) => /_id$/.test(n) && !records.includes(n) && !/(?:table|view)_?id\d?$/.test(n) && !/type_id$/.test(n));
  return others.length <= 3;
}

/** Another system's id (external_…_id, ext_txn_id) beside a hash of the row sent (external_transaction_hash, exttxnhash). */
function syncedOut(columns: readonly { name: string }[]): boolean {
  const names = columns.map((c) => c.name.toLowerCase());
  return names.some((n) => /^ext(?:ernal)?_?\w*_?id$/.test(n)) && names.some((n) => /^ext(?:ernal)?_?\w*_?hash$/.test(n));
}

/** Columns of an entity–attribute–value table: an entity key, an attribute key and a value, with at most a row id and a scope key beside them. */
function isEavValueTable(columns: readonly { name: string }[]): boolean {
  const names = columns.map((c) => c.name.toLowerCase()).filter((n) => !n.startsWith('_'));
  const has = (re: RegExp) => names.some((n) => re.test(n));
  if (!has(/^value$/) || !has(/^attribute(?:_id|_code)?$/) || !has(/^entity(?:_id)?$/)) return false;
  return names.every((n) => /^(?:value|value_id|id|attribute(?:_id|_code)?|entity(?:_id)?|store_id|website_id|scope(?:_id)?|row_id)$/.test(n));
}

/** Columns marking rows as versions over time (Fivetran history mode, dbt snapshots, SCD2). */
export function hasValidityColumns(node: DbtNode, columns: readonly { name: string }[] = node.columns): boolean {
  const names = new Set(columns.map((c) => c.name.toLowerCase()));
  const pair = (a: string, b: string) => names.has(a) && names.has(b);
  return names.has('_fivetran_active') || pair('_fivetran_start', '_fivetran_end') || pair('dbt_valid_from', 'dbt_valid_to')
    || pair('valid_from', 'valid_to') || pair('valid_starting_at', 'valid_ending_at') || pair('effective_from', 'effective_to')
    // a change and the next one (lead(changed_at) as next_changed_at): the interval a version of the row held
    || [...names].some((n) => CHANGE_STAMP.test(n) && names.has(`next_${n}`));
}

/** When a row changed (changed_at, updated_at_local, entered_stage_at): with its next_ twin, a version's interval. */
const CHANGE_STAMP = /^(?:changed|updated|modified|entered(?:_\w+)?)_(?:at|date|time|timestamp)(?:_(?:utc|local))?$/;

/** A flag's name: is_website, was_referred_to_customer_service, does_need_customer_confirmation, can_retry_payment. */
const FLAG_NAME = /^(?:is|has|have|was|were|can|could|does|did|do|should|needs?|allow|allows)_/;
/** When a row was written or something happened (created_at_utc, arrival_date_utc): bookkeeping or a date, not a flag. */
const STAMP_NAME = /(?:_at|_date|_timestamp|_time|_on)(?:_(?:utc|local|tz|gmt))?$|^(?:created|updated|deleted)$/;

/**
 * A thing's flags kept in a table of their own (product_sales_channel_lists: product_id and is_website, is_wholesale, …;
 * subscription_statuses), or its one value (user_referral_program: user_id, referral_program): named for the thing whose key
 * it carries, its values nearly all flags or that one value. Those are attributes of that thing, whatever id the table gives
 * its rows. Returns the reference it serves, or undefined.
 */
export function flagsOf<R extends { column: string; tokens: readonly string[] }>(tokens: readonly string[], columns: readonly { name: string; data_type?: string }[],
  refs: readonly R[], own: (column: string) => boolean): R | undefined {
  if (!refs.length || refs.length > 2) return undefined;
  const named = refs.find((r) => r.tokens.length < tokens.length && r.tokens.every((t, i) => singularWord(t) === singularWord(tokens[i])));
  if (!named) return undefined;
  const refCols = new Set(refs.map((r) => r.column.toLowerCase()));
  const values = columns.map((c) => ({ n: c.name.toLowerCase(), type: c.data_type })).filter(({ n }) => !refCols.has(n) && !own(n) && !isTechnicalColumn(n) && !STAMP_NAME.test(n));
  const isFlag = ({ n, type }: { n: string; type?: string }) => FLAG_NAME.test(n) || typeFamily(type) === 'bool';
  const flags = values.filter(isFlag);
  // …and what is not a flag is a figure of the thing (order_total_usd), never content (a comment's body is a thing's)
  const figures = values.filter((v) => !isFlag(v)).every(({ n }) => /(?:^|_)(?:usd|eur|amount|total|subtotal|count|quantity|qty)(?:_|$)/.test(n));
  if (values.length >= 3 && figures && flags.length * 4 >= values.length * 3) return named;
  // …or one value of the thing, named as the table's name goes on after the thing (user_referral_program: user_id, referral_program)
  const rest = tokens.slice(named.tokens.length).map(singularWord).join('_');
  return refs.length === 1 && values.length === 1 && columnTokens(values[0].n).map(singularWord).join('_') === rest ? named : undefined;
}

/** Does a table hold a value and its old value beside it (plan and oldplan, plan and previous_plan)? */
function heldWithOld(value: string, names: readonly string[]): boolean {
  return names.includes(value) && ['old', 'old_', 'previous_', 'prev_'].some((p) => names.includes(`${p}${value}`));
}

/** Words naming a thing's details kept in a table of their own (shop_infos, company_details). */
const INFO_WORDS = new Set(['info', 'infos', 'information', 'detail', 'details']);

/** Is the column a key named for the lead's thing: its words, then one word of the key's own (shop_subdomain, shop_id)? */
function keyOfLead(column: string, lead: readonly string[]): boolean {
  const words = column.split('_');
  return words.length === lead.length + 1 && lead.every((w, i) => singularWord(w) === singularWord(words[i]));
}
