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
// Subtypes (email_event_bounce keyed by the event it specialises) stay entities.
import type { DbtNode } from '../core/project/types.js';
import { columnTokens, isTechnicalColumn } from './columns.js';
import { isUniqueColumn } from './keys.js';

export type ModelKind = 'entity' | 'helper' | 'bridge' | 'history' | 'tag' | 'technical' | 'log' | 'report';

export interface NameKind {
  kind: Exclude<ModelKind, 'helper' | 'bridge'>;
  why: string;
  /** Leading tokens that may name the entity it serves (company_property_history → company, property). */
  served: string[];
}

const HISTORY_WORDS = new Set(['history', 'snapshot', 'audit', 'changelog']);
const LOG_WORDS = new Set(['log']);
const REPORT_WORDS = new Set(['report', 'export', 'extract']);
/** Noun phrases that are always the source system's own bookkeeping or schema. */
const TECHNICAL_NOUNS = new Set(['migration', 'schema_migration', 'schema_version', 'schema_history', 'flyway_schema_history', 'metafield', 'custom_field',
  'custom_field_option', 'custom_field_value', 'field_definition', 'property_definition', 'metadata', 'picklist', 'picklist_value', 'record_type',
  'object_type', 'sobject', 'sync', 'sync_state', 'checkpoint', 'cursor', 'lock', 'sequence', 'fivetran_audit']);
const TOOL_PREFIXES = new Set(['fivetran', 'airbyte', 'stitch', 'dbt', 'meltano', 'singer', 'hevo']);
/** Nouns of tables that may describe the source system's fields rather than business things. */
const DEFINITION_HEADS = new Set(['property', 'field', 'attribute']);
/** Columns (own-noun prefix removed) that describe a field definition. */
const DEFINITION_COLUMNS = new Set(['type', 'field_type', 'data_type', 'label', 'group_name', 'group', 'calculated', 'is_calculated', 'hidden', 'is_hidden',
  'options', 'is_custom', 'custom', 'read_only', 'is_required', 'required', 'field_name', 'object_type', 'display_order', 'hubspot_defined', 'hubspot_object']);
/** Children of a technical table: property_option, field_value. */
const DETAIL_WORDS = new Set(['option', 'value', 'group', 'enum', 'choice']);

/** Kinds that can be told from the name (and, for field-definition tables, the columns) alone. */
export function nameKind(tokens: readonly string[], node: DbtNode, technicalNouns: ReadonlySet<string>): NameKind {
  const phrase = tokens.join('_');
  const last = tokens[tokens.length - 1];
  const lead = tokens.slice(0, -1);
  if (TECHNICAL_NOUNS.has(phrase) || (tokens.length > 1 && TOOL_PREFIXES.has(tokens[0]))) {
    return { kind: 'technical', why: 'the source system\'s own bookkeeping or schema', served: [] };
  }
  if (HISTORY_WORDS.has(last) && lead.length) return { kind: 'history', why: `a ${last} table`, served: lead };
  if (tokens.length > 2 && last === 'log' && tokens[tokens.length - 2] === 'change') return { kind: 'history', why: 'a change log', served: tokens.slice(0, -2) };
  if (LOG_WORDS.has(last)) return { kind: 'log', why: 'a log', served: lead };
  if (last === 'tag') return { kind: 'tag', why: lead.length ? 'tags of another entity' : 'a tag vocabulary', served: lead };
  // an aggregate has no key of its own; a keyed *_report (a spam report event) is a thing
  if (REPORT_WORDS.has(last) && !node.columns.some((c) => isUniqueColumn(node, c.name))) return { kind: 'report', why: `a ${last} table (aggregated rows, no key of its own)`, served: lead };
  if (DEFINITION_HEADS.has(last) && describesFields(node, tokens)) {
    return { kind: 'technical', why: 'it describes the source system\'s fields (labels, types, groups), not business things', served: [] };
  }
  if (lead.length && DETAIL_WORDS.has(last) && technicalNouns.has(lead.join('_'))) {
    return { kind: 'technical', why: `the ${last}s of a technical table`, served: [] };
  }
  return { kind: 'entity', why: '', served: [] };
}

function describesFields(node: DbtNode, tokens: readonly string[]): boolean {
  const own = tokens.join('_') + '_';
  let hits = 0;
  for (const c of node.columns) {
    let n = c.name.toLowerCase();
    if (n.startsWith(own)) n = n.slice(own.length);
    if (DEFINITION_COLUMNS.has(n) || n.endsWith('_object')) hits++;
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
  if (/^(is|has|was|can|should)_/.test(n)) return true;
  if (/(_at|_date|_timestamp|_time|_on)$/.test(n) || ['created', 'updated', 'deleted', 'date', 'timestamp', 'active', 'primary'].includes(n)) return true;
  if (CLASSIFIER_WORDS.has(n)) return true;
  const t = columnTokens(n).filter((x) => x !== 'id' && x !== 'code');
  return t.length > 0 && CLASSIFIER_HEADS.has(t[t.length - 1]);
}

/** A model whose own description says it holds the relationships / mapping between things. */
export function describedAsLink(description: string | undefined): boolean {
  return !!description && /\b(relationships?|mappings?|associations?|links?|junction|bridge)\b[^.]{0,40}\bbetween\b/i.test(description);
}

/** Columns marking rows as versions over time (Fivetran history mode, dbt snapshots, SCD2). */
export function hasValidityColumns(node: DbtNode): boolean {
  const names = new Set(node.columns.map((c) => c.name.toLowerCase()));
  const pair = (a: string, b: string) => names.has(a) && names.has(b);
  return names.has('_fivetran_active') || pair('_fivetran_start', '_fivetran_end') || pair('dbt_valid_from', 'dbt_valid_to')
    || pair('valid_from', 'valid_to') || pair('valid_starting_at', 'valid_ending_at') || pair('effective_from', 'effective_to');
}
