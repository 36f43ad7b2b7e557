// Relationships a data modeler reads off a staging layer that declares none: a column whose name
// is a key (<noun>_id, <noun>_key, <noun>_fk, <noun>id, <noun>_code, Salesforce <noun>__c) points
// at the entity its noun names. In order of trust:
//   noun     customer_id → Customer
//   role     converted_contact_id → Contact, default_card_id → Card (the words before the noun are a role)
//   context  pipeline_id in DealPipelineStage → DealPipeline; event_id in EmailEventBounce → EmailEvent
//            (the noun completed by the leading words of the model's own name)
//   head     variant_id → ProductVariant (the one entity that is a kind of that noun)
//   actor    created_by_id, owner_id, assignee_id → User (a person's role with no entity of its own)
//   self     parent_id → the model's own entity
// Candidates from the model's own source system (stg_<source>__) come before candidates from
// other sources; a model's own key never points at its own entity; declared column types must be
// compatible with the target's key.
import type { DbtColumn } from '../core/project/types.js';
import { attributeKind, columnTokens, compatibleTypes, isTechnicalColumn, keyShape, plainValueKind } from './columns.js';
import { DOMAIN_DICTIONARY } from './domains.js';
import { singularPhrase, singularWord } from './inflection.js';
import { snakeOf } from './naming.js';

export interface IndexedEntity {
  name: string;
  tokens: string[];
  /** Source systems of its models ('' for a model without one). */
  sources: Set<string>;
  /** Its key column (lower case) and declared type, when known. */
  key?: { column: string; type?: string; /** how many of its models give evidence for it */ support?: number };
  /** Key-shaped columns (lower case) its models hold besides their own key: references it makes itself. */
  holds?: Set<string>;
  /** Lower-case names of its models' columns. */
  columns?: Set<string>;
  /** Columns of its system's other models that relationships tests declare to hold its key. */
  declaredAs?: Set<string>;
  /** The folders under staging/ its models live in. */
  folders?: Set<string>;
  /** Lower-case names of its staging models and of the tables they stage (stg_sis__school_gradelevels, school_gradelevels). */
  models?: Set<string>;
}

export type InferenceRule = 'noun' | 'role' | 'context' | 'head' | 'actor' | 'self' | 'description' | 'semantic' | 'key' | 'synonym' | 'spelling' | 'bare' | 'join' | 'sqljoin' | 'tested' | 'family';

/** Why a key-shaped column was not drawn, for the proposal's notes (counted per reason). */
export type RejectReason = 'attribute' | 'other system' | 'own id' | 'type' | 'polymorphic';

export interface KeyGuess {
  entity: string;
  rule: InferenceRule;
  /** Role words in front of the noun (converted_contact_id → ['converted']). */
  role: string[];
  confidence: number;
  /** A Salesforce lookup (`account__c`) rather than an `_id` column. */
  lookup: boolean;
}

export interface ChildModel {
  entity: string;
  tokens: string[];
  source: string;
  /** Lower-case names of the columns unique on their own (its keys). */
  ownKeys: Set<string>;
  /** Lower-case names of the columns that are the row's own identifier (grain, unique/primary key, `id as x_id`). */
  ownIds?: ReadonlySet<string>;
  /** Lower-case names of all its columns (sibling evidence). */
  columns?: ReadonlySet<string>;
  /** Nouns (snake) of the models it selects from (lineage evidence). */
  reads?: ReadonlySet<string>;
  /** Lower-case column → the entity whose staged table's own id the child's SQL reads it from (`join structures as s … s.id as id_structure`). */
  keyReadFrom?: ReadonlyMap<string, string>;
  /** Lower-case column → the entity of another system a consumer joins the same column of the child's system to (sharedKeys). */
  sharedKeys?: ReadonlyMap<string, string>;
  /** Its folder under staging/, if any. */
  folder?: string;
  /** The column its SQL names the source's id (`id as user_address_id`): the row's identifier, where other columns are only unique. */
  rowId?: string;
}

/** Last words of a column that make it what a thing is called, never its key held elsewhere (shop_name, course_title). */
const NAME_WORDS = new Set(['name', 'title', 'label', 'description', 'display', 'text']);

/** Words before a key's noun that relate the row to it (for_slot_shift_id) without qualifying the noun. */
const PREPOSITIONS = new Set(['for', 'of', 'from', 'to', 'at', 'in', 'on', 'with']);

/** People roles that point at a person entity when no entity is named after the role itself. */
const ACTOR_ROLES = ['owner', 'creator', 'created_by', 'updated_by', 'modified_by', 'last_modified_by', 'deleted_by', 'closed_by', 'resolved_by',
  'assignee', 'assigned_to', 'reporter', 'requester', 'requested_by', 'submitter', 'submitted_by', 'author', 'approver', 'approved_by', 'reviewer',
  'reviewed_by', 'manager', 'supervisor', 'invited_by', 'inviter', 'referrer', 'referred_by', 'sender', 'editor', 'uploader', 'signer',
  // who wrote a comment or a post
  'posted_by', 'poster'];
const ACTOR_SET = new Set(ACTOR_ROLES);

/** Is a role a person acting on the row (created_by, approved_by, owner, assignee …)? */
export function isActorRole(role: readonly string[]): boolean {
  const snake = role.join('_');
  return !!snake && (ACTOR_SET.has(snake) || ACTOR_ROLES.some((r) => snake.endsWith('_' + r)));
}
/** Entities that are people, most specific first. */
// (a deliberation's or a study's people are its participants)
const PEOPLE = ['user', 'employee', 'person', 'people', 'member', 'staff', 'agent', 'participant'];
/** Roles that make a key point at a row of the same entity. */
const SELF_ROLES = new Set(['parent', 'previous', 'prior', 'next', 'original', 'root', 'master', 'predecessor', 'successor', 'superior', 'replaced_by', 'duplicate_of', 'merged_into',
  // a reporting line between rows of one entity (a contact's, an employee's)
  'reports_to',
  // the top of a hierarchy of rows of one entity, as root is (an organization's top_level_organization_id, ultimate parent)
  'top', 'top_level', 'ultimate', 'ultimate_parent',
  // abbreviated: a shop order's prev_order_id (the customer's order before it), ref_order_id (the order it refers to: a return's, an exchange's)
  'prev', 'ref']);
/**
 * Words that, after a noun, make a compound noun of a classifying table (device_type, task_status), never a role: with the
 * key word first (iddevice_type) the key is that table's, not the device's.
 */
const CLASSIFIER_WORDS = new Set(['type', 'types', 'status', 'statut', 'state', 'category', 'categorie', 'kind', 'class', 'family', 'famille', 'group',
  'groupe', 'level', 'niveau', 'mode', 'model', 'modele', 'code', 'unit', 'unite']);
/** Words after the noun that only say "a record of": product_data, agency_information. */
const DATA_WORDS = new Set(['data', 'datum', 'info', 'information', 'detail', 'details', 'record', 'master']);
/** Words of a source name that say how it is loaded, not which system it is (ext_hubspot, raw_stripe). */
const LOADING_WORDS = new Set(['ext', 'external', 'int', 'internal', 'raw', 'src', 'source', 'stg', 'staging', 'landing', 'lake', 'data']);

/** Words that, after a system's name, still name no thing: quick_books_internal_id, salesforce_record_id. */
const SYSTEM_ID_WORDS = new Set(['', 'internal', 'row', 'record', 'object']);

/** The key's words are its system's name, glued or not, and at most a word that names no thing. */
function namesOnlyItsSystem(stem: readonly string[], system: string | undefined): boolean {
  const sys = system?.replace(/_/g, '');
  const glued = stem.join('');
  return !!sys && sys.length > 2 && glued.startsWith(sys) && SYSTEM_ID_WORDS.has(glued.slice(sys.length));
}

/** Qualifiers that say the key belongs to another system or is not a reference at all. */
const NOT_A_REFERENCE = new Set(['external', 'unique', 'remote', 'hashed', 'hash', 'legacy', 'natural', 'alternate', 'alt', 'surrogate', 'raw']);

/**
 * Compound business nouns (the domain dictionary's multi-word phrases): a bank_account_id names a
 * bank account, not an Account with the role "bank".
 */
const COMPOUNDS = new Set(Object.values(DOMAIN_DICTIONARY).flat().filter((w) => w.includes('_')));
/** The dictionary's one-word business nouns: spelt as meant (contact is no Contract short of a letter). */
const KNOWN_NOUNS = new Set(Object.values(DOMAIN_DICTIONARY).flat().filter((w) => !w.includes('_')));

const CONFIDENCE: Record<InferenceRule, number> = { noun: 0.9, key: 0.8, semantic: 0.85, role: 0.8, context: 0.8, self: 0.75, description: 0.7, head: 0.65, actor: 0.6, synonym: 0.6, spelling: 0.55, bare: 0.6, join: 0.8, sqljoin: 0.75, tested: 0.8, family: 0.75 };

/**
 * Nouns a modeler reads as the same business thing when the layer has only the other one: a
 * provider_id points at Practitioner in a layer with no Provider, a client_id at Customer.
 */
const SYNONYMS: Record<string, string[]> = {
  provider: ['practitioner', 'clinician', 'physician'], practitioner: ['provider'], clinician: ['practitioner', 'provider'], physician: ['practitioner', 'provider'],
  client: ['customer'], customer: ['client'], vendor: ['supplier'], supplier: ['vendor'],
};

/** Roles under which a row points at another row of its own entity: parent_id, caused_by_event_id, renewed_from_…, manager_id. */
export function selfRole(role: readonly string[]): boolean {
  const snake = role.join('_');
  if (SELF_ROLES.has(snake) || role.some((r) => SELF_ROLES.has(r)) || isActorRole(role)) return true;
  // a relation spelled out: caused_by_, renewed_from_, aggregated_to_, schedule_to_use_for_…
  return role.some((r) => ['by', 'of', 'from', 'to', 'into', 'with', 'for'].includes(r)) || ['related', 'linked', 'child'].includes(role[0]);
}

/** How much a rule is trusted (0–1). */
export const ruleConfidence = (rule: InferenceRule) => CONFIDENCE[rule];

/** How one system names its keys (EntityIndex.keyStyle). */
interface KeyStyle { keyed: ReadonlySet<string>; bare: ReadonlySet<string>; single: readonly IndexedEntity[]; idKeyed: boolean }

export class EntityIndex {
  /** Noun → its entities (one per source system when the systems keep the noun apart). */
  private byNoun = new Map<string, IndexedEntity[]>();
  private byHead = new Map<string, IndexedEntity[]>();
  /** Key column (not named for its noun: person_id of Patient) → the entities keyed by it. */
  private byKey = new Map<string, IndexedEntity[]>();
  readonly sourceNames: Set<string>;
  private semantic: ReadonlyMap<string, { type: string; noun: string }[]>;

  constructor(entities: Iterable<IndexedEntity>, sourceNames: Iterable<string>, semantic: ReadonlyMap<string, { type: string; noun: string }[]> = new Map()) {
    this.semantic = semantic;
    for (const e of entities) {
      const same = this.byNoun.get(snakeOf(e.tokens));
      if (same) same.push(e); else this.byNoun.set(snakeOf(e.tokens), [e]);
      const t = e.tokens.length > 1 && DATA_WORDS.has(e.tokens[e.tokens.length - 1]) ? e.tokens.slice(0, -1) : e.tokens;
      if (e.key && e.key.column !== 'id' && e.key.column !== `${snakeOf(e.tokens)}_id`) {
        const l = this.byKey.get(e.key.column);
        if (l) l.push(e); else this.byKey.set(e.key.column, [e]);
      }
      if (t.length > 1 || t !== e.tokens) {
        const head = t[t.length - 1];
        const list = this.byHead.get(head);
        if (list) list.push(e); else this.byHead.set(head, [e]);
      }
    }
    this.sourceNames = new Set(sourceNames);
  }

  /** The entity a noun names; in `system` first when several systems have one. */
  get(tokens: readonly string[], system?: string): IndexedEntity | undefined {
    const list = this.byNoun.get(tokens.join('_'));
    if (!list || list.length === 1) return list?.[0];
    return (system ? list.find((e) => e.sources.has(system)) : undefined) ?? list.find((e) => e.sources.has('')) ?? list[0];
  }

  /**
   * Where a column points, or undefined. `why` receives a reason when a candidate was rejected
   * (type mismatch, ambiguity), for the proposal's notes.
   */
  guess(child: ChildModel, column: DbtColumn, description?: string, why?: (reason: RejectReason, text: string) => void): KeyGuess | undefined {
    const lower = column.name.toLowerCase();
    if (isTechnicalColumn(lower)) return undefined;
    const shape = keyShape(column.name);
    if (!shape) return this.numberKey(child, column) ?? this.bareNoun(child, column) ?? this.nounAndKey(child, column) ?? this.namedForKey(child, column) ?? this.addressKey(child, column, description);
    if (!shape.stem.length) return undefined;
    const type = column.data_type ?? column.type;
    const attribute = attributeKind(column.name, type, child.columns);
    if (attribute) { why?.('attribute', `${column.name} (${attribute === 'number' ? 'a number/count/amount' : attribute === 'time' ? 'a date/time' : attribute === 'flag' ? 'a flag' : 'free text'})`); return undefined; }
    // a preposition before the noun (for_slot_shift_id, of_user_id) says how the row relates to it, not which kind it is
    const stem = shape.stem.length > 1 && PREPOSITIONS.has(shape.stem[0]) ? shape.stem.slice(1) : shape.stem;
    // named for the row's own noun (users_permissions.user_permission_id): its own identifier, whatever words it contains
    if (stem.length > 1 && snakeOf(stem.map(singularWord)) === snakeOf(child.tokens.map(singularWord))) return undefined;
    // named for the row's own system (quick_books_internal_id, shopify_id): the id that system gives each of its rows, a
    // customer's in the customers and an item's in the items, never a reference to the one table keyed by it
    if (namesOnlyItsSystem(stem, child.source)) return undefined;
    const found = this.candidates(child, stem, lower);
    // the description names the key the column holds ("Co-teacher 1 staff id", "Focus staff id of the lead teacher"): the
    // one entity of its system keyed by that column (users' staff_id), whatever noun the column's own name completes to
    // …or the model it joins ("grade-level id (joins school_gradelevels.id)", "(joins `stg_focus__attendance_codes` on `id`)")
    const joined = description && !child.ownIds?.has(lower) && !child.ownKeys.has(lower) ? this.joinedEntity(description, child.source) : undefined;
    if (joined && joined.name !== child.entity && compatibleTypes(type, joined.key?.type)) {
      return { entity: joined.name, rule: 'description', role: stem, confidence: CONFIDENCE.description, lookup: false };
    }
    const told = description && !child.ownIds?.has(lower) && !child.ownKeys.has(lower) ? this.describedKeyOwner(description, child.source, child.entity, lower) : undefined;
    if (told && compatibleTypes(type, told.key?.type) && found[0]?.entity.name !== told.name) {
      return { entity: told.name, rule: 'description', role: stem, confidence: CONFIDENCE.description, lookup: false };
    }
    for (const c of found) {
      // a role guessed onto a head noun (source_transaction → BalanceTransaction) yields to what the description says
      // …as does a person's role (owner_id) whose description names what the owner is ("SKU vendor ID of the owner of the lot")
      if (c.rule === 'head' && c.role.length && description && this.describedEntity(description, child.source)) break;
      if (c.rule === 'actor' && description && ![c.entity.name, child.entity].includes((this.describedEntity(description, child.source) ?? c.entity).name)) break;
      const target = c.entity;
      if (shape.suffix === 'code' && target.key?.column !== lower && target.key?.column !== 'code') continue; // country_code is a value unless Country is keyed by it
      // workflow_step_key beside workflow_step_id, the key of the steps: the id is the reference, the key its code-friendly name
      if (lower.endsWith('_key') && target.key?.column === `${lower.slice(0, -4)}_id` && child.columns?.has(target.key.column)) continue;
      // sso_user_id beside user_id, where the users hold sso_user_id too: the user's own value copied onto the row, not a
      // second reference to the user (a role naming a person, manager_user_id, and a row's parent of its own table stay ones)
      if (c.role.length && target.name !== child.entity && target.key && target.key.column !== lower && target.columns?.has(lower) && child.columns?.has(target.key.column)
        && !isActorRole(c.role) && !selfRole(c.role)) continue;
      if (c.role.some((r) => NOT_A_REFERENCE.has(r))) return undefined;
      // a noun completed from the model's name or a head noun is weaker evidence: it must fit the target's key
      // (fact_user is keyed by event_id, so a user_id beside it is not a FactUser)
      if ((c.rule === 'context' || c.rule === 'head') && !fitsKey(lower, stem, target)) continue;
      // …and none where the description names the key's own words as the table it references (template_field_id: "the
      // TEMPLATE_FIELD that this form used"), a thing of its own the layer has no table of, not the form's fields
      if (c.rule === 'context' && c.role.length && description?.includes(stem.join('_').toUpperCase())) continue;
      // a Salesforce custom field names its lookup target exactly (account__c); named_account__c is a value
      if (shape.suffix === 'lookup' && c.rule !== 'noun' && c.rule !== 'semantic') continue;
      if (target.name === child.entity) {
        // a model's own key, or the same noun from another source system, is not a reference to itself
        // (…but a row's <noun> named again, company_idcompany or device_iddevice, is another row of it: its parent)
        const ownNoun = snakeOf(c.role.map(singularWord)) === snakeOf(child.tokens.map(singularWord));
        // (…and a role no word says relates rows of one table, follow_up_poll_id, is one where its description says so:
        // "Self-referencing id of the follow-up POLL")
        const saysSelf = !!description && /\bself[- ]?referen(?:cing|ces|ce|tial)\b/i.test(description);
        if (!c.role.length || child.ownKeys.has(lower) || (!ownNoun && (c.role.every((r) => this.sourceNames.has(r)) || (!selfRole(c.role) && !saysSelf)))) return undefined;
      } else if (child.ownIds?.has(lower) && (!containsRun(child.tokens, target.tokens) || c.role.length)
        // (…but beside the id its SQL names, a unique key of another thing is a one-to-one reference: a user's legal address's user_id)
        && !(child.rowId && child.rowId !== lower && !c.role.length)) {
        // (a subtype's key is its parent's noun alone: custom_subscription_items' own custom_subscription_id is not a Subscription)
        // the row's own identifier (id as event_id) names its own rows; only a subtype's key (email_event_bounce.event_id) is its parent's
        why?.('own id', `${column.name} is the row's own identifier, not a reference to ${target.name}`);
        return undefined;
      }
      // a key whose sibling names the table it points into (idproduct_source beside type_product_source: a device, a company …)
      // points at rows of several kinds; its noun is no evidence of which
      // …unless the thing it names carries that type itself (selling_asset_type beside selling_asset_id, where the assets hold
      // asset_type): then the sibling copies the row's own attribute beside its key, as it copies its code and issuer
      if (c.role.length && polymorphic(stem, child.columns) && !carriesOwnType(stem.slice(c.role.length), target)) {
        why?.('polymorphic', `${column.name} (its kind is in a sibling column)`);
        return undefined;
      }
      const crossing = this.crossesSystems(child, target);
      // …unless the child's own SQL takes the value from the id of the very table the target stages: the join says which system;
      // or both are kept in one staging folder and the column is named exactly as the target's own key (tenant_id in the app
      // database's invoices, the key of its provisioning database's tenants): one application's databases, side by side
      const besideKey = !!child.folder && !!target.folders?.has(child.folder) && target.key?.column === lower;
      if (crossing && !besideKey && !this.namesSystem(column.name, description, target) && child.keyReadFrom?.get(lower) !== target.name
        && child.sharedKeys?.get(lower) !== target.name) {
        why?.('other system', `${column.name} → ${target.name} (${[...target.sources].filter(Boolean).join(', ')}; the column is in ${child.source})`);
        continue;
      }
      if (!compatibleTypes(type, target.key?.type)) {
        why?.('type', `${column.name} (${type}) does not fit ${target.name}.${target.key!.column} (${target.key!.type})`);
        continue;
      }
      let confidence = CONFIDENCE[c.rule];
      if (crossing) confidence -= 0.1;
      if (shape.suffix === 'lookup') confidence = Math.min(confidence, 0.7);
      return { entity: target.name, rule: c.rule, role: c.role, confidence: Math.round(confidence * 100) / 100, lookup: shape.suffix === 'lookup' };
    }
    if ((!found.length || (found[0].rule === 'head' && found[0].role.length) || found[0].rule === 'actor') && description && shape.suffix !== 'code' && shape.suffix !== 'lookup' && !child.ownIds?.has(lower)) {
      // the column's own description names the entity: "ID of the charge or payment that funded the transfer"
      const target = this.describedEntity(description, child.source) ?? this.addressedEntity(description, child.source) ?? this.referencedTable(description, child.source);
      if (target && target.name !== child.entity && compatibleTypes(type, target.key?.type) && !this.crossesSystems(child, target)) {
        return { entity: target.name, rule: 'description', role: stem, confidence: CONFIDENCE.description, lookup: false };
      }
    }
    return undefined;
  }

  /**
   * A number column named exactly as the own key of one other entity of the child's system (Sage's ct_num, the key of its
   * third-party accounts, in its entries and document lines; n_planning, an intervention's number, in its articles) holds
   * that entity's key: such schemas name a key the same in every table that holds it.
   */
  private numberKey(child: ChildModel, column: DbtColumn): KeyGuess | undefined {
    const lower = column.name.toLowerCase();
    if (!child.source || child.ownIds?.has(lower) || child.ownKeys.has(lower)) return undefined;
    const type = column.data_type ?? column.type;
    if (attributeKind(column.name, type, child.columns)) return undefined;
    if (/^(?:n|no|num|numero|nr)_[a-z]|_(?:no|num|nr|numero|number)$/.test(lower)) {
      const keyed = this.keyedInSystem(new Set([lower]), child.source).filter((e) => e.name !== child.entity && e.key?.column === lower);
      if (keyed.length !== 1 || !compatibleTypes(type, keyed[0].key?.type)) return undefined;
      return { entity: keyed[0].name, rule: 'key', role: [], confidence: CONFIDENCE.key, lookup: false };
    }
    // …followed by a role, glued or apart (ct_numpayeur: the paying account; ec_no_link: the entry it comes from), which a
    // row of the key's own table holds for another of its rows
    const m = /^(.*?_(?:no|num|nr|numero|number))_?([a-z]{3,})$/.exec(lower);
    if (!m || plainValueKind(m[2], type)) return undefined;
    const keyed = this.keyedInSystem(new Set([m[1]]), child.source).filter((e) => e.key?.column === m[1]);
    if (keyed.length !== 1 || !compatibleTypes(type, keyed[0].key?.type)) return undefined;
    return { entity: keyed[0].name, rule: keyed[0].name === child.entity ? 'self' : 'role', role: [m[2]], confidence: CONFIDENCE.role, lookup: false };
  }

  /** The key columns of every entity (lower case), read once: a column's tail must be one to name a thing's key. */
  private keyColumns(): ReadonlySet<string> {
    return (this.keyColumnSet ??= new Set([...this.byNoun.values()].flat().map((e) => e.key?.column).filter((k): k is string => !!k)));
  }
  private keyColumnSet?: Set<string>;

  /**
   * A column named by an entity's noun and then that entity's own key column (ledger_sequence where the ledgers are keyed
   * by a unique `sequence`, order_number where orders are keyed by `number`) holds that key: the table it comes from,
   * named, and the column it is keyed by there. Only a key that is no bare `id` and not the child's own, in its own system.
   */
  private nounAndKey(child: ChildModel, column: DbtColumn): KeyGuess | undefined {
    const lower = column.name.toLowerCase();
    if (child.ownIds?.has(lower) || child.ownKeys.has(lower)) return undefined;
    const type = column.data_type ?? column.type;
    const words = lower.split('_').filter(Boolean);
    for (let i = 1; i < words.length; i++) {
      const key = words.slice(i).join('_');
      if (key === 'id' || !this.keyColumns().has(key)) continue;
      const noun = words.slice(0, i).map(singularWord);
      const byNoun = this.byNoun.get(snakeOf(noun)) ?? [];
      // …the noun itself, or the one entity it is the head of (history_ledgers' Ledger)
      const list = byNoun.length ? byNoun : i === 1 ? (this.byHead.get(noun[0]) ?? []) : [];
      const hits = list.filter((e) => e.key?.column === key && e.name !== child.entity && (!child.source || e.sources.has(child.source) || e.sources.has('')));
      if (hits.length === 1 && compatibleTypes(type, hits[0].key?.type)) {
        return { entity: hits[0].name, rule: 'key', role: [], confidence: CONFIDENCE.key, lookup: false };
      }
    }
    return undefined;
  }

  /**
   * A column named exactly as the own key of the thing whose noun that key begins with (shop_subdomain, the key of the Shop,
   * in the workflow steps, the e-mail events, the tracked events) holds that key: a natural key named for its thing is the
   * value every table and every system that holds it names so — no system's surrogate id. Other things keyed by it too (a
   * shop's one-row-per-shop extensions) are not named by it; a name or title of the thing (shop_name) is a value.
   */
  private namedForKey(child: ChildModel, column: DbtColumn): KeyGuess | undefined {
    const lower = column.name.toLowerCase();
    const keyed = this.byKey.get(lower);
    if (!keyed || child.ownIds?.has(lower) || child.ownKeys.has(lower)) return undefined;
    const type = column.data_type ?? column.type;
    const words = lower.split('_');
    if (words.length < 2 || attributeKind(column.name, type, child.columns) || NAME_WORDS.has(words[words.length - 1])) return undefined;
    const named = keyed.filter((e) => e.name !== child.entity && e.tokens.length === words.length - 1 && e.tokens.every((t, i) => t === words[i]));
    // (one noun in several systems: the child's own system's)
    const hits = named.length > 1 ? named.filter((e) => e.sources.has(child.source)) : named;
    if (hits.length !== 1 || !compatibleTypes(type, hits[0].key?.type)) return undefined;
    return { entity: hits[0].name, rule: 'key', role: [], confidence: CONFIDENCE.key, lookup: false };
  }

  /**
   * A column named by an entity's noun alone, singular (Stripe's `customer`, `invoice_item`, `balance_transaction`), holds
   * that entity's key when the entity is of the child's own system and keyed by a bare `id`, the child has no `<noun>_id`
   * or `<noun>_name` beside it, and nothing says it is a value (a date, number or flag type).
   */
  private bareNoun(child: ChildModel, column: DbtColumn): KeyGuess | undefined {
    if (!child.source) return undefined;
    const words = columnTokens(column.name);
    // a plural names a list of them (an Airtable linked-record field: components), not one key
    if (!words.length || singularWord(words[words.length - 1]) !== words[words.length - 1]) return undefined;
    const noun = snakeOf(words);
    const list = this.byNoun.get(noun);
    const target = list?.find((e) => e.sources.has(child.source));
    // …of an object its API keys by a bare `id` (Stripe's customers), as the raw field's own table is, or by its noun (districts.district)
    if (!target || target.name === child.entity || (target.key?.column !== 'id' && target.key?.column !== noun) || snakeOf(child.tokens.map(singularWord)) === noun) return undefined;
    // …by its noun only in a system of such code lists: where things are keyed <noun>_id or id (Zendesk's users), a bare
    // noun another table keys itself by is a value (a user's time_zone name)
    if (target.key.column === noun && this.keyStyle(child.source).idKeyed) return undefined;
    const siblings = child.columns;
    // beside a plural that names an entity of the system (an Airtable record's linked-record lists: services,
    // gtfs_datasets), a bare noun is one more link field, holding a list as often as one key
    if (this.linkLists(child)) return undefined;
    if (siblings && [`${noun}_id`, `${noun}_name`, `${noun}_key`, `${column.name.toLowerCase()}_id`, `${column.name.toLowerCase()}_name`].some((c) => siblings.has(c))) return undefined;
    // …nor in a system that keys its things as <noun>_id (OLIDS: patient_id, encounter_id, and location_id in its schedules)
    // and names no other of them by a bare noun: there the bare noun is a value (an encounter's location, as text); Stripe's
    // objects name each other bare (customer, invoice, charge), and one bare noun among them is one more key
    const style = this.keyStyle(child.source);
    if (style.keyed.has(`${noun}_id`) && ![...style.bare].some((n) => n !== noun)) return undefined;
    const type = column.data_type ?? column.type;
    if (attributeKind(column.name, type, child.columns) || !compatibleTypes(type, target.key?.type)) return undefined;
    if (type && !/char|text|string|int|uuid|varchar/i.test(type)) return undefined;
    return { entity: target.name, rule: 'bare', role: [], confidence: CONFIDENCE.bare, lookup: false };
  }

  /**
   * How a system's tables name its entities' keys: the columns of its tables (`keyed`, to look up <noun>_id), the bare
   * nouns of its entities they hold (`bare`: Stripe's customer, invoice), its one-word entities and whether any of its
   * entities is keyed `id` or `<noun>_id` (`idKeyed`), read once per system.
   */
  private keyStyle(system: string): KeyStyle {
    let style = this.keyStyles.get(system);
    if (!style) {
      const keyed = new Set<string>();
      const bare = new Set<string>();
      const single: IndexedEntity[] = [];
      let idKeyed = false;
      for (const list of this.byNoun.values()) for (const e of list) {
        if (!e.sources.has(system)) continue;
        if (e.tokens.length === 1) single.push(e);
        if (e.key?.column === 'id' || e.key?.column === `${snakeOf(e.tokens)}_id`) idKeyed = true;
        for (const c of e.columns ?? []) {
          keyed.add(c);
          if (c !== snakeOf(e.tokens) && this.byNoun.get(c)?.some((o) => o.sources.has(system))) bare.add(c);
        }
      }
      this.keyStyles.set(system, (style = { keyed, bare, single, idKeyed }));
    }
    return style;
  }

  /**
   * Does the child have a plural column naming an entity of its system (a list of links)? Read once per child. Airtable
   * links are lists both ways: a list of rows that name the child back by a key of their own (Stripe's charge.refunds,
   * each refund holding its `charge`), or rows that list nothing themselves (an application fee's refunds), is those rows
   * embedded, not links.
   */
  private linkLists(child: ChildModel): boolean {
    let hit = this.lists.get(child);
    if (hit === undefined) {
      const own = snakeOf(child.tokens.map(singularWord));
      hit = [...(child.columns ?? [])].some((c) => this.listed(c, child.source)
        .some((e) => !e.columns?.has(own) && !e.columns?.has(`${own}_id`) && [...(e.columns ?? [])].some((x) => this.listed(x, child.source).length > 0)));
      this.lists.set(child, hit);
    }
    return hit;
  }

  /** The entities of `system` a plural column names (services → Service), none for a singular one. */
  private listed(column: string, system: string): IndexedEntity[] {
    const w = columnTokens(column);
    const last = w[w.length - 1] ?? '';
    if (singularWord(last) === last) return [];
    return this.byNoun.get(snakeOf([...w.slice(0, -1), singularWord(last)]))?.filter((e) => e.sources.has(system)) ?? [];
  }
  private lists = new WeakMap<ChildModel, boolean>();
  private keyStyles = new Map<string, KeyStyle>();

  /** Is `target` only in systems other than the child's? (Models without a known system cross nothing.) */
  private crossesSystems(child: ChildModel, target: IndexedEntity): boolean {
    return !!child.source && !target.sources.has(child.source) && !target.sources.has('');
  }

  /** Explicit evidence for crossing systems: the column or its description names the target's system (stripe_customer_id). */
  private namesSystem(column: string, description: string | undefined, target: IndexedEntity): boolean {
    const tokens = columnTokens(column).join('_');
    const desc = description?.toLowerCase() ?? '';
    for (const sys of target.sources) {
      if (!sys) continue;
      if (tokens.startsWith(sys + '_')) return true;
      const words = sys.split('_').filter((w) => w.length > 2);
      // …or the system's own word among the column's (order_hubspot_deal_id, a system named ext_hubspot)
      const own = words.filter((w) => !LOADING_WORDS.has(w));
      if (own.length && own.every((w) => columnTokens(column).includes(w))) return true;
      if (desc && words.length && words.every((w) => new RegExp(`\\b${w}\\b`).test(desc))) return true;
    }
    return false;
  }

  /** The entity of `system` one of whose models (or the table it stages) a description says the column joins. */
  private joinedEntity(description: string, system: string): IndexedEntity | undefined {
    const m = /\bjoin(?:s|ed)?\s+(?:to\s+)?`?([a-z][a-z0-9_]*[a-z0-9])`?/.exec(description.toLowerCase());
    if (!m || !system) return undefined;
    const hits = new Set<IndexedEntity>();
    for (const list of this.byNoun.values()) for (const e of list) if (e.sources.has(system) && e.models?.has(m[1])) hits.add(e);
    return hits.size === 1 ? [...hits][0] : undefined;
  }

  /**
   * The entity of `system` whose own key the description names first, as "<words> id", when those words are none of the
   * column's own (a staff id in teacher_id: the users keyed staff_id); a leading article or the system's name is no part of them.
   */
  private describedKeyOwner(description: string, system: string, exclude: string, column: string): IndexedEntity | undefined {
    const m = /\b((?:[a-z]+ ){0,3}[a-z]+) id\b/.exec(description.toLowerCase().replace(/-/g, ' '));
    if (!m) return undefined;
    const words = m[1].split(' ');
    while (words.length > 1 && (['the', 'a', 'an'].includes(words[0]) || words[0] === system.toLowerCase().replace(/_/g, ''))) words.shift();
    const key = `${words.join('_')}_id`;
    // (a role's kind: the words share none of the column's own — teacher_id's staff id; a course readable id in
    // courserun_readable_id respells the column, loosely)
    const own = new Set(column.split('_'));
    if (key === column || words.some((w) => own.has(w))) return undefined;
    const keyed = this.keyedInSystem(new Set([key]), system).filter((e) => e.key?.column === key);
    return keyed.length === 1 && keyed[0].name !== exclude ? keyed[0] : undefined;
  }

  /** "ID of the <entity> …" / "Identifier of a <entity> …": the entity a description names, exactly. */
  // (the noun resolves in the child's own system first, as a column's noun does: "User ID of the idea author" in one
  // platform's ideas is its users', not another system's)
  private describedEntity(description: string, system?: string): IndexedEntity | undefined {
    // …or "<entity> ID …" opening the description ("SKU vendor ID of the owner of the lot")
    const named = (m: RegExpExecArray | null) => {
      const words = m?.[1].toLowerCase().split(/\s+/).filter((w) => w && w !== 'object' && w !== 'record') ?? [];
      // (the system's own name before the noun is no part of it: "the Bitly link" in Bitly's tables is its Link)
      if (words.length > 1 && system && words[0] === system.toLowerCase().replace(/_/g, '')) words.shift();
      return words.length && words.length <= 4 ? this.get(singularPhrase(words), system) : undefined;
    };
    // (…or "link to <ENTITY>", as schemas that name each key after its table describe them: "link to LABEL from …")
    // ("identifier for the Bitly link associated with the QR code" names it as well)
    // (…and "the id of the ARCHIVE_REASON", as schemas that write each key's table in capitals describe it)
    return named(/\b(?:id|identifier|key|reference)\s+(?:of|to|for)\s+(?:the|a|an)\s+([a-z][a-z ]*?)(?=\s+(?:or|that|which|who|whose|used|to|for|in|on|by|this|if|when|where|record|object|row|associated|linked|related|attached)\b|\s*[.,;:()]|$)/i.exec(description.replace(/\b([A-Z]+(?:_[A-Z]+)+)\b/g, (t) => t.replace(/_/g, ' '))))
      ?? named(/\blink\s+to\s+(?:the\s+|an?\s+)?([a-z][a-z_ ]*?)(?=\s+(?:from|for|of|where|with|in|on|by|when)\b|\s*[.,;:()]|$)/i.exec(description.replace(/_/g, ' ')))
      ?? named(/^\s*(?:the\s+|an?\s+)?([a-z][a-z ]*?)\s+(?:id|identifier)\b/i.exec(description))
      // (…or "Foreign key referencing the `APPLICATION` …", the table named in capitals, as such schemas describe a key whose
      // name abbreviates it: app_id)
      ?? named(/\b(?:foreign\s+key|key|id|identifier)\s+(?:referencing|referring\s+to)\s+(?:the\s+|an?\s+)?`?([A-Z][A-Z]*(?:_[A-Z]+)*)`?(?=[\s.,;:()]|$)/.exec(description)?.map((g) => g.replace(/_/g, ' ')) as RegExpExecArray | null);
  }

  /**
   * "Foreign key that references the repository table": the entity whose table a key's description names as the one it
   * references, where the column's name does not say it (head_repo_id, a short name of the repository under a role).
   */
  private referencedTable(description: string, system?: string): IndexedEntity | undefined {
    const m = /\breferenc(?:es|ing)\s+(?:the\s+)?([a-z][a-z_ ]*?)\s+(?:table|model)\b/i.exec(description);
    const words = m?.[1].toLowerCase().split(/[\s_]+/).filter(Boolean) ?? [];
    return words.length && words.length <= 3 ? this.get(singularPhrase(words), system) : undefined;
  }

  /**
   * The entity a description names by its address ("The account address of the sponsor", "The address of the account";
   * not "Email address of the user", an email),
   * where that thing keeps no address among its own columns: a ledger's accounts are their addresses (the key is the
   * address), while a customer with address columns is not named by "the customer address".
   */
  private addressedEntity(description: string, system?: string): IndexedEntity | undefined {
    const m = /^\s*(?:the\s+|an?\s+)?([a-z]+)\s+address\b/i.exec(description) ?? /^\s*(?:the\s+)?address\s+of\s+(?:the|an?)\s+([a-z]+)\b/i.exec(description);
    const e = m ? this.get([singularWord(m[1].toLowerCase())], system) : undefined;
    return e?.key && ![...(e.columns ?? [])].some((c) => c !== e.key!.column && c.includes('address')) ? e : undefined;
  }

  /**
   * A column with no key's shape (sponsor, op_source_account, selling_account_address) whose description names a thing by its
   * address: it holds that thing's key, the address (see addressedEntity). Not the row's own, nor a date, number or flag.
   */
  private addressKey(child: ChildModel, column: DbtColumn, description?: string): KeyGuess | undefined {
    const lower = column.name.toLowerCase();
    if (!description || !/address/i.test(description) || child.ownIds?.has(lower) || child.ownKeys.has(lower)) return undefined;
    const type = column.data_type ?? column.type;
    const kind = attributeKind(column.name, type, child.columns);
    if (kind && kind !== 'text') return undefined;
    const e = this.addressedEntity(description, child.source);
    if (!e || e.name === child.entity || !compatibleTypes(type, e.key?.type) || this.crossesSystems(child, e)) return undefined;
    // …unless it copies a column of another thing it names (selling_asset_issuer, where the assets hold asset_issuer): it
    // describes that asset, whose issuer it is, not the row
    const words = columnTokens(column.name);
    const last = words[words.length - 1];
    for (const w of words.slice(0, -1)) {
      const other = this.get([w], child.source) ?? (this.byHead.get(w)?.length === 1 ? this.byHead.get(w)![0] : undefined);
      if (other && other !== e && other.columns?.has(`${w}_${last}`)) return undefined;
    }
    return { entity: e.name, rule: 'description', role: columnTokens(column.name), confidence: CONFIDENCE.description, lookup: false };
  }

  /**
   * Is `e` a link of the thing its leading words name to what `column` keys (chapter_school: keyed by chapter_school_id,
   * holding chapter_id and school_id, and Chapter a thing of the layer)? Then it is neither the chapter's school nor the school.
   */
  private linkOf(e: IndexedEntity, lead: readonly string[], column: string, system?: string, keyless = false): boolean {
    // (with keyless, a table with no key of its own holding the two keys and at most two values: recipe_companies)
    const little = () => [...(e.columns ?? [])].filter((c) => c !== column && c !== `${snakeOf(lead)}_id` && !isTechnicalColumn(c)).length <= 2;
    return (e.key?.column === `${snakeOf(e.tokens)}_id` || (keyless && !e.key && little())) && !!e.holds?.has(column) && e.holds.has(`${snakeOf(lead)}_id`) && (system === undefined || !!this.get(lead, system));
  }

  /** Candidates in order: same source system first, then by rule. */
  /** Entities of `system` whose own key, or a column its relationships tests tie to them, is one of `names`. */
  private keyedInSystem(names: ReadonlySet<string>, system: string): IndexedEntity[] {
    if (!system) return [];
    if (!this.bySystemKey) {
      this.bySystemKey = new Map();
      const seen = new Set<IndexedEntity>();
      for (const list of this.byNoun.values()) for (const e of list) {
        if (seen.has(e)) continue;
        seen.add(e);
        for (const n of [...(e.key && e.key.column !== 'id' ? [e.key.column] : []), ...(e.declaredAs ?? [])]) {
          const l = this.bySystemKey.get(n);
          if (!l) this.bySystemKey.set(n, [e]); else if (!l.includes(e)) l.push(e);
        }
      }
    }
    const out = new Set<IndexedEntity>();
    for (const n of names) for (const e of this.bySystemKey.get(n) ?? []) if (e.sources.has(system)) out.add(e);
    return [...out];
  }
  private bySystemKey?: Map<string, IndexedEntity[]>;

  private candidates(child: ChildModel, stem: string[], column: string): { entity: IndexedEntity; rule: InferenceRule; role: string[] }[] {
    const out: { entity: IndexedEntity; rule: InferenceRule; role: string[]; rank: number }[] = [];
    const add = (entity: IndexedEntity | undefined, rule: InferenceRule, role: string[], rank: number) => {
      if (!entity) return;
      const other = child.source && !entity.sources.has(child.source) ? 100 : 0;
      out.push({ entity, rule, role, rank: rank + other });
    };
    // a semantic model declares the column a foreign key of an entity (entities: [{name: customer, type: foreign}])
    for (const k of this.semantic.get(column) ?? []) {
      if (k.type === 'foreign') add(this.get(singularPhrase(k.noun.split('_')), child.source), 'semantic', [], -1);
    }
    // a column whose whole stem names no entity but that is, by name, the key of one entity of the child's system — its
    // own key (fee_schedule_id of OpenDental's feesched) or a column its system's relationships tests tie to it — is that
    // entity's, numbered or not (insurance_plan_1_id), before its last word is read as a noun with a role (Schedule, role fee)
    // (…or after a role, secondary_insurance_subscriber_id, entered_by_user_id; or glued as that entity's key is, code_group_id
    // beside codegroup_id)
    const suffix = /_[a-z]+$/.exec(column)?.[0] ?? '_id';
    // (a one-word tail after a role is a compound of its own: payment_plan_id is no plan_id; a one-word tail is that key
    // only where it glues the entity's own words, Django's courserun_id of course runs keyed courserun_id, also after a role:
    // canceled_by_backofficer_id of back officers keyed backofficer_id)
    for (let k = stem.length; k >= 1; k--) {
      const tail = stem.slice(stem.length - k).filter((w) => !/^\d+$/.test(w));
      if (!tail.length || this.get(tail, child.source)) break;
      const names = new Set([`${tail.join('_')}${suffix}`, `${tail.join('')}${suffix}`]);
      const keyed = this.keyedInSystem(names, child.source).filter((e) => snakeOf(e.tokens) !== snakeOf(child.tokens)
        && (k > 1 || (e.tokens.length > 1 && e.tokens.join('') === tail[0])));
      if (keyed.length !== 1) continue;
      add(keyed[0], k === stem.length ? 'key' : 'role', stem.slice(0, stem.length - k), -2);
      break;
    }
    // the key word first (idcompany_customer, id_structure_mere): unless the whole stem names a thing, the noun is the first
    // words and what follows a role (the words after it are no noun of their own: idcompany_storehouse is a company) —
    // unless what follows makes a classifying table's name (iddevice_type is a device type's key, not a device's)
    if (!out.length && keyShape(column)?.first && !this.get(stem, child.source)) {
      for (let k = stem.length - 1; k >= 1; k--) {
        if (CLASSIFIER_WORDS.has(stem[k])) break;
        const e = this.get(stem.slice(0, k), child.source);
        if (e) { add(e, 'role', stem.slice(k), 0); break; }
      }
    }
    // a thing qualified by what it is for (worker_for_filled_position_id: the worker filling the position) is that thing,
    // whatever the words after "for" name
    const forAt = stem.indexOf('for');
    if (!out.length && forAt > 0 && forAt < stem.length - 1) add(this.get(stem.slice(0, forAt), child.source), 'role', stem.slice(forAt), 0);
    // noun / role / context: the longest tail of the stem that names an entity, alone or completed by
    // the leading words of the model's own name
    for (let k = stem.length; k >= 1 && !out.length; k--) {
      const noun = stem.slice(stem.length - k);
      const role = stem.slice(0, stem.length - k);
      // the words before the noun make a compound noun of their own: not this entity
      if (role.length && COMPOUNDS.has([role[role.length - 1], ...noun].join('_')) && !this.get([role[role.length - 1], ...noun], child.source)) break;
      // the words before the noun name the system that holds it (stripe_customer_id in the app's customer_info)
      // (…or one of them does, beside a role of its own: haravan_ref_order_id in the ERP's sales orders is a shop order's)
      const inNamed = (e: IndexedEntity) => (e.sources.has(role.join('_')) || role.some((r) => e.sources.has(r))) && !e.sources.has(child.source);
      // (…where that system's thing is named as a part of another of its things: haravan_variant_id is the shop's product
      // variant; a stripe_card_id is no payment method's card)
      const fuller = role.length && noun.length === 1 ? this.byHead.get(noun[0])?.filter((e) => inNamed(e)
        && [...e.sources].some((s) => this.get(e.tokens.slice(0, -1), s)?.sources.has(s))) : undefined;
      const named = role.length ? this.byNoun.get(noun.join('_'))?.find(inNamed) ?? (fuller?.length === 1 ? fuller[0] : undefined) : undefined;
      if (named) add(named, 'role', role, -100);
      add(this.get(noun, child.source), role.length ? 'role' : 'noun', role, 0);
      // a role that is itself an entity's noun (invoice_item_id) names a compound, not a role
      if (role.some((r) => this.get([r], child.source))) continue;
      for (let p = child.tokens.length; p >= 1; p--) {
        const prefix = child.tokens.slice(0, p);
        // (…not a link of this thing to the noun, chapter_school holding chapter_id and school_id: chapter.school_id is no chapter_school)
        const compound = prefix.join('_') !== noun.join('_') ? this.get([...prefix, ...noun], child.source) : undefined;
        if (compound && !this.linkOf(compound, prefix, column, child.source)) add(compound, 'context', role, 10 + (child.tokens.length - p));
      }
    }
    // synonym: the head word is another word for an entity's noun (attending_provider_id → Practitioner), when nothing else matched
    if (!out.length) {
      const head = stem[stem.length - 1];
      for (const syn of Object.hasOwn(SYNONYMS, head) ? SYNONYMS[head] : []) { // (constructor_id: an own key, not Object's member)
        const e = this.get([syn], child.source);
        if (e && (!child.source || e.sources.has(child.source) || e.sources.has(''))) { add(e, 'synonym', stem.slice(0, -1), 35); break; }
      }
    }
    // spelling: the head word is an entity's noun of the child's own system with a letter or two dropped (OLIDS's
    // practioner_id, parent_obervation_id), when nothing else matched, no other noun of the system reads so, and no other
    // column of the system uses the word (a word of its own, contact beside a Contract, is spelt as meant)
    if (!out.length && child.source) {
      const word = stem[stem.length - 1];
      const used = () => [...this.keyStyle(child.source).keyed].filter((c) => c.split('_').includes(word)).length;
      const near = word.length >= 6 && !KNOWN_NOUNS.has(word) && !this.get([word], child.source)
        ? this.keyStyle(child.source).single.filter((e) => misspelt(word, e.tokens[0])) : [];
      if (near.length === 1 && used() <= 1) add(near[0], 'spelling', stem.slice(0, -1), 40);
    }
    // key: the column is another entity's own key by name (person_id, the key of Patient), when no noun matched
    // in the child's own system (GTFS trips.service_id is the key of the GTFS calendar, not an Airtable Service)
    if (!out.some((c) => c.rank < 100)) {
      // the key of exactly one entity, whose words are not a qualifier (external_id, source_id name no thing)
      // several entities keyed by one column (a per-person copy keyed by person_id): the one most of whose models say so
      const keyed = [...(this.byKey.get(column) ?? [])].sort((a, b) => (b.key!.support ?? 0) - (a.key!.support ?? 0));
      if (keyed.length > 1 && (keyed[0].key!.support ?? 0) > 2 * (keyed[1].key!.support ?? 0)) keyed.length = 1;
      if (keyed.length === 1 && snakeOf(keyed[0].tokens) !== snakeOf(child.tokens) && !stem.some((w) => NOT_A_REFERENCE.has(w) || this.sourceNames.has(w) || w === 'source')) add(keyed[0], 'key', [], 5);
    }
    // head: variant_id → the one entity that is a kind of variant (in the model's own source first)
    // head: variant_id → ProductVariant, funding_source_id → CustomerFundingSource, incentive_product_id → ProductData:
    // the one entity of the child's system whose noun ends with the stem (else with its last word, the rest a role)
    if (!out.some((c) => c.rank < 100)) {
      const trimmed = (e: IndexedEntity) => (e.tokens.length > 1 && DATA_WORDS.has(e.tokens[e.tokens.length - 1]) ? e.tokens.slice(0, -1) : e.tokens);
      const endsWith = (t: readonly string[], tail: readonly string[]) => t.length >= tail.length && tail.every((w, i) => t[t.length - tail.length + i] === w);
      const kinds = (this.byHead.get(stem[stem.length - 1]) ?? []).filter((e) => !child.source || e.sources.has(child.source) || e.sources.has(''));
      // the last word alone only under a one-word role that names nothing itself (incentive_product, not invoice_item)
      const weakTail = stem.length === 2 && !this.get(stem.slice(0, 1), child.source) ? [stem.slice(-1)] : [];
      for (const tail of stem.length > 1 ? [stem, ...weakTail] : [stem]) {
        // with the role dropped, the entity must be the bare noun: stripe_card_id is not a GiftCard, price_list_id not a
        // ProductSalesChannelList (two qualifiers of one noun name two different kinds of it)
        // a kind qualified by several words (first_box_flow_session) is too particular for a bare noun (events.session_id)
        // unless the child is about it or built from it
        const particular = (e: IndexedEntity) => trimmed(e).length - tail.length > 1 && !e.tokens.some((t) => child.tokens.includes(t)) && !child.reads?.has(snakeOf(e.tokens));
        // (a table named for two things whose keys it holds, chapter_school with chapter_id and school_id, links them: it is
        // not the school — a medical claim line's claim_id is the claim it is a line of)
        // (…whether or not the layer has the first thing: manager_co holding manager_id and co_id is no co; a role before the
        // noun, littlepay_transaction_id, asks for it; nor is a link with no key at all, recipe_companies with recipe_id and
        // company_id, the one company of its system)
        const linksTo = (e: IndexedEntity) => trimmed(e).length > tail.length
          && this.linkOf(e, trimmed(e).slice(0, trimmed(e).length - tail.length), column, tail.length === stem.length ? undefined : child.source, true);
        const pool = kinds.filter((e) => endsWith(trimmed(e), tail) && !particular(e) && (tail.length === stem.length ? trimmed(e).length >= tail.length : trimmed(e).length === tail.length)
          && !linksTo(e));
        const role = stem.slice(0, stem.length - tail.length);
        const related = pool.filter((e) => e.tokens.some((t) => child.tokens.includes(t)));
        // …else the one the model is built from (a condition read off the medical claims: claim_id → MedicalClaim, not PharmacyClaim)
        const read = pool.filter((e) => child.reads?.has(snakeOf(e.tokens)));
        const pick = pool.length === 1 ? pool[0] : related.length === 1 ? related[0] : read.length === 1 ? read[0] : undefined;
        if (pick) { add(pick, 'head', role, role.length ? 25 : 20); break; }
      }
    }
    const snake = stem.join('_');
    // actor: created_by_id / owner_id / assignee_id → the people entity of the same source
    const actor = ACTOR_SET.has(snake) ? snake : ACTOR_ROLES.find((r) => snake.endsWith('_' + r));
    if (actor && !out.some((c) => c.rank < 100)) {
      for (const p of PEOPLE) {
        const e = this.get([p], child.source);
        if (e && (!child.source || e.sources.has(child.source))) { add(e, 'actor', stem, 30); break; }
      }
    }
    // self: parent_id, previous_id → a row of the same entity
    // (…also after the row's own key, as Django applications name a tree's parent: coursetopic_parent_id beside coursetopic_id)
    const ownParent = stem.length > 1 && stem[stem.length - 1] === 'parent' && [...(child.ownIds ?? child.ownKeys)].includes(`${stem.slice(0, -1).join('_')}_id`);
    if ((SELF_ROLES.has(snake) || ownParent) && !out.length) add(this.get(child.tokens, child.source), 'self', stem, 40);
    return out.sort((a, b) => a.rank - b.rank);
  }
}

/** Is `word` `noun` with one or two letters left out, its first two and last three kept (obervation, practioner)? */
function misspelt(word: string, noun: string): boolean {
  const short = noun.length - word.length;
  if (short < 1 || short > 2 || word.slice(0, 2) !== noun.slice(0, 2) || word.slice(-3) !== noun.slice(-3)) return false;
  let j = 0;
  for (const ch of noun) if (j < word.length && ch === word[j]) j++;
  return j === word.length;
}

/**
 * Does a sibling column say which table `column` points into (`type_product_source` beside `idproduct_source`,
 * `commentable_type` beside `commentable_id`)? Then the key is polymorphic.
 */
function polymorphic(stem: readonly string[], siblings: ReadonlySet<string> | undefined): boolean {
  const n = stem.join('_');
  return !!siblings && !!n && (siblings.has(`type_${n}`) || siblings.has(`${n}_type`));
}

/** Do the entity's own models hold `<noun>_type` (the assets' asset_type), the type a role's sibling copies? */
function carriesOwnType(noun: readonly string[], target: IndexedEntity): boolean {
  return noun.length > 0 && !!target.columns?.has(`${noun.join('_')}_type`);
}

/** Can `column` (stem `stem`) hold the key `key` of an entity? Unknown keys and generic ones (id) fit. */
function fitsKey(column: string, stem: readonly string[], target: IndexedEntity): boolean {
  const key = target.key?.column;
  if (!key || key === column || ['id', 'key', 'uuid', 'code'].includes(key)) return true;
  const k = keyShape(key)?.stem;
  // keyed by its own noun (customer_address_id of CustomerAddress), or by a key of the same head word, or of that word cut
  // short to its first letters (history_operations keyed op_id: an operation_id elsewhere is theirs)
  const head = k?.[k.length - 1] ?? '';
  const word = stem[stem.length - 1] ?? '';
  return !k?.length || snakeOf(k) === snakeOf(target.tokens) || head === word || (head.length >= 2 && head.length < word.length && word.startsWith(head));
}

/** Does `hay` contain `needle` as a run of consecutive tokens? */
export function containsRun(hay: readonly string[], needle: readonly string[]): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}
