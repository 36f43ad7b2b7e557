// What a question asks and what it is about: its kind (grain, lineage, where a column comes
// from, config, tests, …) and its subject (a table, a column of one, a group of models, two
// tables to compare, a finding code), resolved from the words of the question, then the object
// selected when asking, then the subject the chat was last about.
import { didYouMean, editDistance } from '../../core/suggest.js';
import { ALL_CODES } from '../../codes.js';
import { projectColumns } from '../../core/columns/project-columns.js';
import { inferLayers } from '../../governance/layers.js';
import { tableByNamePart } from './name-parts.js';
import type { DbtColumn, DbtNode, Project } from '../../core/project/types.js';

export type QuestionKind =
  | 'finding' | 'problems' | 'inventory' | 'column_usage' | 'lineage' | 'unused' | 'widest' | 'entities' | 'interface_howto' | 'enabled' | 'diff' | 'column_origin' | 'join_path' | 'references' | 'downstream' | 'upstream'
  | 'sensitive' | 'descriptions' | 'tests' | 'grain' | 'holds' | 'sql_columns' | 'config';

/** What a chat remembers of the subject of its last answer. */
export interface SubjectRef { node: string; resourceType: string; column?: string }

export interface Subject {
  /** The table asked about (the first one named). */
  node?: DbtNode;
  column?: DbtColumn;
  /** A column named that YAML does not document (known from SQL only). */
  columnName?: string;
  /** Every table the question names, in order (two for a comparison). */
  nodes: DbtNode[];
  /** How many words of the question name a table, a table named twice counted twice ("how are orders linked to orders?"). */
  mentions?: number;
  /** The selected table, or the chat's, when the question names another and says "it" ("how is it linked to customers?"). */
  it?: DbtNode;
  /** A plain word that names several source tables ("users" in eight sources): the one answered for was the first. */
  ambiguous?: { word: string; nodes: DbtNode[] };
  /** "the staging models", "the marts": a group instead of one table. */
  group?: { label: string; nodes: DbtNode[] };
  code?: string;
  /** A column-like name (with an underscore) the question asks about that the named table neither lists nor returns. */
  missingColumn?: string;
  /** The table was chosen for a column the question names alone ("which models use hubspot_deal_id?"): the tables that have it, the chosen one first. */
  columnAlone?: DbtNode[];
  /** Where the subject came from. */
  from: 'question' | 'context' | 'chat' | 'none';
}

const KINDS: [QuestionKind, RegExp][] = [
  ['interface_howto', /\bhow\b.*\binterface\b|\bmake\b.*\b(an? )?interface\b|\b(share|publish|expose)\b.*\b(as an? )?interface\b/i],
  // the findings open on a table, a column, a group or the project
  ['problems', /\b(what('?s| is| are) wrong|what (problems?|issues?|findings?|warnings?|errors?)\b|why (is|are|was) .* (flagged|red|yellow|failing|warned)|(any|open) (problems?|issues?|findings?|warnings?|errors?)\b|(problems?|issues?|findings?|warnings?|errors?) (with|in|on|of|for) |is .* (flagged|healthy)\b|anything wrong)/i],
  ['enabled', /\b(enabl\w*|disabl\w*|turn(s|ed)? (on|off)|switch(es|ed)? (on|off))|\bwhich var/i],
  ['diff', /\b(differ\w*|compare[sd]?|comparison|vs\.?|versus)\b/i],
  ['column_origin', /\b(where (does|do|is) .* (come|computed|calculated|made|derived|from)|comes? from|come from|derived|computed|calculated|originat\w*|what (does|do) .* feed|where does it go)\b/i],
  // two tables and how they join: "how are patients linked to appointments?", "how do I join orders and customers?"
  ['join_path', /\b(how (are|is|do|does|can|should|would) .*\b(linked|related|joined|connected|join|link|relate|connect)\b|join (path|paths) |(path|paths|route) (from|between)|what (connects|links|joins|relates)|relationships? between|how to join|joins? .* (to|with|and) )/i],
  // a key pointing at the table (to a modeler, what "references" means); ref() is 'downstream'
  ['references', /\b((what|who|which) (references|refers to|points to)\b(?! (do|does|did)\b)|(which|what) (other )?(foreign )?(tables?|models?|columns?|keys?|entities|fks?) (that )?(reference|references|refer to|refers to|point to|points to|link to|links to|relate to|relates to|have an? (foreign )?key to|has an? (foreign )?key to)|foreign keys? (that )?(to|points?|pointing|referenc\w*|into|on)|fks? (to|into)|referenced by|(reference|references|referencing|points? to|pointing to|links? to) (it|this|that)|related to|relationships? (to|with|of))\b/i],
  // the shape of the project: a table's lineage both ways, what nothing reads, the widest tables, the entities
  ['lineage', /\b(lineage|upstream and downstream|downstream and upstream|data flow)\b/i],
  ['unused', /\b(unused|not used|never used|orphan\w*|dead|nothing (reads|uses|depends on)|no (downstream|consumers|dependents|children)|(used|read) by nothing)\b/i],
  ['widest', /\b((most|many|widest|largest|biggest) (columns|fields)|widest|biggest (models|tables))\b/i],
  ['entities', /\b(entit(y|ies)|data model|conceptual( model| diagram)?|er diagram|erd|domain model|business objects?)\b/i],
  // a column name across the project: "where is patient_id used?", "which tables have a customer_id column?"
  ['column_usage', /\b(where\s+(is|are)\s+\S+\s+used\b|(which|what)\s+(tables|models|sources)\s+(have|has|contain|contains|carry|include)\s+(an?\s+|the\s+)?(\S+\s+(column|field)s?\b|(column|field)s?\s+\S+)|where\s+(does|do)\s+\S+\s+appear)/i],
  ['downstream', /\b(downstream|children|dependents?|(what|which) ((models?|tables?|nodes?) )?(depends?|depend|relies|rely) on|(depend|rely|relies)( on)? (it|this|that|them)\b|depends? on (it|this|that)\b|what uses|used by|uses (it|this)|consumers?|impact\w*|affected|breaks?|(read|reads|ref|refs|reference|references) (it|this|that)\b|(who|what) (reads|uses|consumes)\b|which (models?|tables?|nodes?) (read|reads|use|uses|ref|refs|reference|references|select from|selects from|query|queries))\b/i],
  ['upstream', /\b(feeds?|fed|feeding|upstream|parents?|built from|built on|reads? from|sources? (of|for|feeding)|which sources?|what sources?|inputs?|depends? on\b|depend on\??$|refs\b|references\b|(does|do)\b.*\breference\b|selects? from)\b/i],
  ['sensitive', /\b(sensitiv\w*|pii|personal|classif\w*|confidential|gdpr|privacy)\b/i],
  ['descriptions', /\b(descriptions?|described|documented|undocumented|documentation)\b/i],
  ['tests', /\b(tests?|tested|untested|testing|coverage)\b/i],
  ['grain', /\bis\b.*\b(unique|a key|the key|primary key)\b|\b(grain|granularit\w*|one row per|rows? (per|represent)|(primary|unique|natural|surrogate|compound|composite) key|keys?)\b/i],
  // a thing described in words: "which tables hold customer email addresses?", "where is the phone number stored?"
  ['holds', /\b(which|what) (tables?|models?|sources?|columns?|fields?) (holds?|stores?|contains?|keeps?|records?|carry|carries)\b|\bwhere (is|are) .+ (stored|kept|held|recorded)\b|\bwhere (do|does) (we|it|the project) (store|keep|hold|record)\b/i],
  ['sql_columns', /\bcolumns?\b|\bfields?\b|\bselect\b|\breturns?\b/i],
  ['config', /\b(materiali[sz]\w*|(models?|which|what) (are|is) (tables?|views?|ephemeral)\b|schema|database|alias|tags?|tagged|owners?|owns|owned|interfaces?|contracts?|loaded_at\w*|freshness|fresh|stale|config\w*|incremental|tables? or (an? )?views?|views? or (an? )?tables?|stability|domain|group|access)\b/i],
  // what the project holds: counts, or the tables of a group
  ['inventory', /\b(how many\b|(list|show)( me)?( all| the)* (models|tables|sources|seeds|snapshots|marts|mart models|staging models|facts?|fact tables|dimensions|dimension tables|intermediate models)\b|what (models|tables|sources|seeds|marts) (are|exist|do)\b|(which|what) are the (\w+ )?(models|tables|marts|facts|dimensions)\b|(which|what) (tables|models) (are )?in (the|this)\b|what('s| is) in (the|this) project)/i],
];

/** dbt's own words spelt as identifiers: they say what is asked. */
const DBT_WORDS = /^(loaded_at_field|not_null|unique_combination_of_columns|accepted_values|data_tests|data_type|unique_key|on_schema_change|incremental_strategy|generate_schema_name|meta\.\w+)$/i;

const CODE = /\b[A-Z][A-Z0-9]+(?:_[A-Z0-9]+){1,}\b/g;
const CODES = new Set(ALL_CODES.map((c) => c.code));

export function classify(message: string, context?: { kind?: string; code?: string }): QuestionKind | undefined {
  if ([...message.matchAll(CODE)].some((m) => CODES.has(m[0]))) return 'finding';
  if (context?.kind === 'validation' && /\b(mean|means|meaning|fix|why|what is this)\b/i.test(message)) return 'finding';
  // names (stg_orders, shop.orders) say what it is about, not what is asked: classify the words around them
  const words = message.replace(/\b[A-Za-z]\w*(?:_\w+|\.\w+)+\b/g, (w) => (DBT_WORDS.test(w) ? w : ' X '));
  for (const [k, re] of KINDS) if (re.test(words)) return k;
  return undefined;
}

/** A mart: under a marts folder (tuva's `data_marts/` too), or a fact, dimension or mart by its declared layer or prefix. */
const isMart = (n: DbtNode) => /(^|\/)(\w+_)?marts?\//i.test(n.sqlPath ?? n.file ?? '')
  || ['mart', 'fct', 'dim'].includes(inferLayers({ name: n.name, declared: n.meta?.layer })[0] ?? '');

const REQUEST_VERBS = new Set(['document', 'describe', 'test', 'add', 'fix', 'propose', 'update', 'create', 'generate', 'write', 'rename', 'remove',
  'classify', 'tag', 'check', 'explain', 'show', 'list', 'find', 'link', 'join', 'map', 'model', 'validate', 'review', 'improve', 'bind', 'set', 'mark']);
const PRONOUN = /\b(it|its|it's|this|that|them|they|their|same|there)\b/i;
const STAGING = /^stg_|\/staging\//i;

/** A name or dotted name in a question: letters of any script (clients_é, "prénom"), as the warehouses allow in identifiers. */
const NAME = /[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)*/gu;

export function resolveSubject(project: Project, message: string, selected: DbtNode | undefined, selectedColumn: string | undefined, last?: SubjectRef): Subject {
  const nodes: DbtNode[] = [];
  let column: DbtColumn | undefined;
  let columnName: string | undefined;
  const code = [...message.matchAll(CODE)].map((m) => m[0]).find((c) => CODES.has(c));
  const words = [...message.matchAll(NAME)].map((m) => m[0]);
  const unnamedColumns: string[] = [];
  let mentions = 0;
  let ambiguous: Subject['ambiguous'];
  let columnAlone: DbtNode[] | undefined;
  // "document the columns of …", "test orders": a request's first word is its verb, not a table named like it
  const verb = /^\s*(?:please\s+|(?:can|could|would) you\s+)?([a-z]+)\b/i.exec(message)?.[1]?.toLowerCase();
  for (const [i, w] of words.entries()) {
    if (i === words.findIndex((x) => x.toLowerCase() === verb) && REQUEST_VERBS.has(w.toLowerCase())) continue;
    const hit = tableNamed(project, w);
    if (hit) {
      mentions++;
      if (!nodes.includes(hit)) nodes.push(hit);
      const same = hit.resourceType === 'source' && !w.includes('.') ? sourcesNamed(project, hit) : [];
      if (same.length > 1) ambiguous ??= { word: w, nodes: same };
      continue;
    }
    const dot = w.lastIndexOf('.');
    if (dot > 0) {
      const t = tableNamed(project, w.slice(0, dot));
      if (t) { mentions++; if (!nodes.includes(t)) nodes.push(t); const c = w.slice(dot + 1); column ??= colOf(t, c); if (!column) columnName ??= c; continue; }
    }
    if (/_/.test(w) || /^[a-z]+$/.test(w)) unnamedColumns.push(w);
  }
  // "drop column siret", "the siret field": a one-word name the SQL alone returns is a column only when the question
  // says so (a plain word such as "source" is otherwise taken for what it says, not for a column of that name)
  const cued = new Set([...message.matchAll(/\b(?:columns?|fields?)\s+[`'"]?([a-z]\w*)/gi), ...message.matchAll(/\b([a-z]\w*)[`'"]?\s+(?:columns?|fields?)\b/gi)].map((m) => m[1].toLowerCase()));
  const columnLike = (w: string) => w.includes('_') || cued.has(w.toLowerCase());
  let from: Subject['from'] = nodes.length ? 'question' : 'none';
  // a group: "the staging models", "all marts"
  let group: Subject['group'];
  if (!nodes.length && /\bstaging\b|\bstg\b/i.test(message)) group = { label: 'staging models', nodes: project.models.filter((n) => STAGING.test(`${n.name} ${n.file ?? n.sqlPath ?? ''}`)) };
  else if (!nodes.length && /\bmarts?\b/i.test(message)) group = { label: 'mart models', nodes: project.models.filter(isMart) };
  // "the fact tables", "the dimensions", "the intermediate models": a layer by its declared layer, prefix or folder
  else if (!nodes.length && /\b(facts?|fct)\b( tables?| models?)?/i.test(message)) group = layerGroup(project, 'fct', 'fact tables');
  else if (!nodes.length && /\b(dimensions?|dims?)\b/i.test(message)) group = layerGroup(project, 'dim', 'dimension tables');
  else if (!nodes.length && /\b(intermediate|int)\b( tables?| models?)/i.test(message)) group = layerGroup(project, 'int', 'intermediate models');
  if (group && !group.nodes.length) group = undefined;
  if (group) from = 'question';
  if (!nodes.length && !group) {
    // unnamed: the selected object, else what the chat was about
    const fromChat = last ? findNode(project, last.node, last.resourceType) : undefined;
    const base = selected ?? fromChat;
    if (base) {
      nodes.push(base);
      from = selected ? 'context' : 'chat';
      const colName = selected ? selectedColumn : last?.column;
      if (colName && !(from === 'chat' && !PRONOUN.test(message) && unnamedColumns.some((w) => colOf(base, w)))) column = colOf(base, colName), columnName = column ? undefined : colName;
    }
  }
  let it: DbtNode | undefined;
  if (nodes.length && from === 'question' && PRONOUN.test(message)) {
    const base = selected ?? (last ? findNode(project, last.node, last.resourceType) : undefined);
    if (base && !nodes.includes(base)) it = base;
  }
  const node = nodes[0];
  // a column named beside its table, or alone ("where does order_total come from")
  if (node && !column) {
    for (const w of unnamedColumns) { const c = colOf(node, w); if (c) { column = c; columnName = undefined; break; } }
    if (!column && !columnName) for (const w of unnamedColumns) if (columnLike(w) && sqlOnly(project, node, w)) { columnName = w; break; }
  }
  // "how is order_value_usd calculated in fact_orders?" where fact_orders has no such column: said, not answered for the table
  const missingColumn = node && !column && !columnName && from === 'question'
    ? unnamedColumns.find((w) => w.includes('_') && !DBT_WORDS.test(w) && !tableNamed(project, w)) : undefined;
  if (!node && !group) {
    for (const w of unnamedColumns.filter((x) => x.includes('_'))) {
      const owners = project.models.filter((n) => colOf(n, w));
      if (owners.length) {
        const best = owners.find((n) => !STAGING.test(`${n.name} ${n.file ?? ''}`)) ?? owners[0];
        nodes.push(best); column = colOf(best, w); from = 'question'; columnAlone = [best, ...owners.filter((n) => n !== best)]; break;
      }
    }
    // a column only the SQL returns ("where does deal_amount come from?"): the models whose SQL names it, read
    // for their columns (a text search first, so a 10,000-model project reads the columns of a few)
    if (!nodes.length) {
      for (const w of unnamedColumns.filter(columnLike)) {
        const re = new RegExp(`\\b${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
        const owners = project.models.filter((n) => n.sqlPath && re.test(sqlTextOf(project, n.sqlPath))).slice(0, 50).filter((n) => sqlOnly(project, n, w));
        if (owners.length) {
          const best = owners.find((n) => !STAGING.test(`${n.name} ${n.file ?? ''}`)) ?? owners[0];
          nodes.push(best); columnName = w; from = 'question'; columnAlone = [best, ...owners.filter((n) => n !== best)]; break;
        }
      }
    }
  }
  // nothing named, selected or asked before: a word of one table's name alone ("customer ltv" → user_ltv)
  if (!nodes.length && !group) { const t = tableByNamePart(project, message); if (t) { nodes.push(t); from = 'question'; } }
  return { node: nodes[0], column, columnName, nodes, mentions, it, ambiguous, group, code, from, ...(columnAlone ? { columnAlone } : {}), ...(missingColumn ? { missingColumn } : {}) };
}

function layerGroup(project: Project, layer: string, label: string): Subject['group'] {
  return { label, nodes: project.models.filter((n) => inferLayers({ name: n.name, path: n.sqlPath ?? n.file, declared: n.meta?.layer })[0] === layer) };
}

export function subjectRef(s: Subject): SubjectRef | undefined {
  if (!s.node) return undefined;
  return { node: s.node.name, resourceType: s.node.resourceType, ...(s.column ? { column: s.column.name } : s.columnName ? { column: s.columnName } : {}) };
}

export function findNode(project: Project, name: string, resourceType?: string): DbtNode | undefined {
  if ((!resourceType || resourceType === 'model') && project.modelByName.has(name)) return project.modelByName.get(name);
  return [...project.sources, ...project.seeds, ...project.snapshots, ...project.models].find((n) => n.name === name && (!resourceType || n.resourceType === resourceType));
}

const sourceTables = new WeakMap<Project, Map<string, DbtNode>>();

/** A table the word names: a model, seed or snapshot by name; a source by `source.table` or its table name. */
function tableNamed(project: Project, word: string): DbtNode | undefined {
  const m = project.modelByName.get(word);
  if (m) return m;
  let byName = sourceTables.get(project);
  if (!byName) {
    byName = new Map();
    for (const n of [...project.seeds, ...project.snapshots]) byName.set(n.name.toLowerCase(), n);
    for (const s of project.sources) {
      byName.set(s.name.toLowerCase(), s);
      const t = (s.tableName ?? s.name.split('.').pop() ?? '').toLowerCase();
      if (t && !byName.has(t)) byName.set(t, s);
      const id = String(s.raw?.identifier ?? '').toLowerCase();
      if (id && !byName.has(id)) byName.set(id, s);
    }
    sourceTables.set(project, byName);
  }
  // a plain English word ("orders") names a table only when spelt exactly as one, or as its plural
  // ("patients" for OpenDental's `patient`)
  const lower = word.toLowerCase();
  const plain = (w: string) => byName!.get(w) ?? (w.length > 3 ? project.modelByName.get(w) : undefined);
  // "companies" for `company` too
  const singular = /^[a-z]{4,}s$/.test(lower) ? plain(lower.slice(0, -1)) ?? (lower.endsWith('es') ? plain(lower.slice(0, -2)) : undefined) ?? (lower.endsWith('ies') ? plain(`${lower.slice(0, -3)}y`) : undefined) : undefined;
  return plain(lower) ?? singular ?? disabledNamed(project, word);
}

/** Every source table with the same table name as this one (mattermost-analytics has `users` in eight sources). */
function sourcesNamed(project: Project, s: DbtNode): DbtNode[] {
  const t = (x: DbtNode) => (x.tableName ?? x.name.split('.').pop() ?? '').toLowerCase();
  return project.sources.filter((x) => t(x) === t(s));
}

const TABLE_TYPES = new Set(['model', 'seed', 'snapshot', 'source']);

/** A table dbt does not build, named exactly (an identifier, not a plain word): the answer is then why it is disabled. */
function disabledNamed(project: Project, word: string): DbtNode | undefined {
  if (!/[_.]/.test(word)) return undefined;
  return project.disabled.find((n) => TABLE_TYPES.has(n.resourceType) && (n.name === word || (n.resourceType === 'source' && `${n.sourceName}.${n.tableName ?? n.name}` === word)));
}

export const colOf = (n: DbtNode, name: string) => n.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());

function sqlTextOf(project: Project, rel: string): string {
  try { return project.sqlText?.(rel) ?? project.readText(rel); } catch { return ''; }
}

function sqlOnly(project: Project, node: DbtNode, w: string): boolean {
  if (node.resourceType !== 'model' && node.resourceType !== 'snapshot') return false;
  try { return projectColumns(project).of(node).some((c) => c.name.toLowerCase() === w.toLowerCase()); } catch { return false; }
}

/**
 * The table a name in the question was most likely meant to be, when it names none ("ordrs" in
 * `ordrs.customer_id`, "stg_shop__ordrs"): the word as typed and the nearest table's name.
 */
export function nearTable(project: Project, message: string): { typed: string; near: string } | undefined {
  const tables = [...project.models, ...project.seeds, ...project.snapshots].map((n) => n.name);
  for (const m of message.matchAll(NAME)) {
    const w = m[0];
    const typed = w.includes('.') ? w.slice(0, w.lastIndexOf('.')) : w;
    if (!/[_.]/.test(w) || tableNamed(project, typed) || tableNamed(project, w)) continue;
    const near = didYouMean(typed, tables);
    // a word alone may be a column's name typed wrong (customer_idd): a table only when it is at most two letters off
    if (near && (w.includes('.') || editDistance(typed.toLowerCase(), near.toLowerCase()) <= 2)) return { typed, near };
  }
  return nearPlainTable(project, message);
}

/**
 * The table part of a dotted name that names nothing and is near nothing ("how is zzzz.col
 * calculated?"): said so, not "name it" to one who did. A file's name (schema.yml) and
 * abbreviations (e.g) are not tables.
 */
export function unknownTable(project: Project, message: string): string | undefined {
  for (const [w] of message.matchAll(NAME)) {
    const dot = w.lastIndexOf('.');
    if (dot < 0 || w.split('.').some((p) => p.length < 2) || /\.(sql|ya?ml|md|csv|json|py|txt)$/i.test(w)) continue;
    const typed = w.slice(0, dot);
    if (!tableNamed(project, w) && !tableNamed(project, typed)) return typed;
  }
  return undefined;
}

// the words of a question about tables that are never a table's name typed wrong
const QUESTION_WORDS = new Set(['which', 'where', 'table', 'tables', 'model', 'models', 'column', 'columns', 'source', 'sources', 'tests',
  'tested', 'grain', 'linked', 'joined', 'depend', 'depends', 'reference', 'references', 'about', 'there', 'their', 'other', 'should']);

/**
 * A plain word typed wrong for a table a plain word names ("custmers" for `customers`, "patiens"
 * for OpenDental's `patient`): one letter off, two in a long word, the plural counted as the name.
 */
function nearPlainTable(project: Project, message: string): { typed: string; near: string } | undefined {
  const plain = [...project.models, ...project.seeds, ...project.snapshots].map((n) => n.name)
    .concat(project.sources.map((s) => s.tableName ?? s.name.split('.').pop() ?? ''))
    .filter((n) => /^[a-z]{4,}$/i.test(n));
  if (!plain.length) return undefined;
  for (const [w] of message.matchAll(/\b[a-z]{5,}\b/gi)) {
    const lower = w.toLowerCase();
    if (QUESTION_WORDS.has(lower) || REQUEST_VERBS.has(lower) || tableNamed(project, w)) continue;
    const limit = lower.length >= 8 ? 2 : 1;
    let best: { name: string; d: number } | undefined;
    for (const name of plain) {
      const n = name.toLowerCase();
      const d = Math.min(editDistance(lower, n), editDistance(lower, `${n}s`));
      if (d > 0 && d <= limit && (!best || d < best.d)) best = { name, d };
    }
    if (best) return { typed: w, near: best.name };
  }
  return undefined;
}
