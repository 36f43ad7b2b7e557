// The columns an agent reads for a model: the project's columns (src/core/columns — property
// YAML, what the model's rendered SQL returns, target/catalog.json) with each one's type and where
// it was read, plus the YAML entry (tests, meta, description) where the column is documented.
// When the SQL parser is not loaded (initSqlColumns), the SQL part is simply absent.
// Reading a model's SQL costs a render and a parse (about 2 ms a model), so it is read only where
// the YAML leaves something to learn: a model that documents no column, or whose SQL names a
// key-shaped column (…_id, …_key, …_fk) the YAML does not list, or whose YAML documents a
// key-shaped column its SQL text, comments left out, never names, or whose SQL names another table of its
// folder by its noun alone (an API's bare reference: Stripe's charge.invoice). Catalog columns are always used.
// A documented column that the SQL, read completely (no `*` left unresolved), does not return is
// not a column of the model: the YAML kept an entry the code dropped (Fivetran Salesforce's
// user_role.forecast_user_id). It is left out, and notReturned() lists it for the notes.
import { catalogColumns } from '../core/columns/catalog-columns.js';
import { projectColumns } from '../core/columns/project-columns.js';
import type { DbtColumn, DbtNode, Project } from '../core/project/types.js';
import { isTechnicalColumn, keyShape } from './columns.js';
import { singularPhrase } from './inflection.js';
import { modelText } from './staging.js';

export type ColumnOrigin = 'yaml' | 'catalog' | 'sql';

export interface AgentColumn extends DbtColumn {
  origin: ColumnOrigin;
  /** where its type comes from (YAML data_type, the catalog, a cast in the SQL) */
  type_origin?: ColumnOrigin;
  /** the SQL line that returns it (origin sql) */
  sql_line?: number;
}

const cache = new WeakMap<DbtNode, AgentColumn[]>();
const absent = new WeakMap<DbtNode, string[]>();
const readersOnly = new WeakSet<DbtNode>();

/** The model's columns with their type and where they were read; read once per node. */
export function columnsOf(project: Project, node: DbtNode): AgentColumn[] {
  let out = cache.get(node);
  if (out) return out;
  const yaml = new Map(node.columns.map((c) => [c.name.toLowerCase(), c]));
  let read: ReturnType<typeof withoutSql>;
  const cols_partial = (p: Project, n: DbtNode) => sqlWorthReading(p, n, yaml) && projectColumns(p).sql(n)?.status !== 'complete' && !!n.sqlPath;
  if (sqlWorthReading(project, node, yaml)) {
    const cols = projectColumns(project);
    const all = cols.of(node);
    // the column is known not to exist only when every column the SQL returns is known
    const gone = cols.sql(node)?.status === 'complete' ? all.filter((c) => c.origins.includes('yaml') && !c.origins.includes('sql')) : [];
    if (gone.length) absent.set(node, gone.map((c) => c.name));
    read = gone.length ? all.filter((c) => !gone.includes(c)) : all;
  } else read = withoutSql(project, node);
  // a star of a relation whose columns nobody lists (dbt_utils.star of an undocumented source): the columns the project's SQL
  // names on that relation, or on this model downstream, are columns it returns
  if (cols_partial(project, node)) {
    const have = new Set(read.map((c) => c.name.toLowerCase()));
    const before = read.length;
    for (const name of starredColumns(project, node)) if (!have.has(name.toLowerCase())) { have.add(name.toLowerCase()); read.push({ name, origin: 'sql' }); }
    if (read.length > before && !before) readersOnly.add(node);
  }
  out = read.map((c) => {
    const y = yaml.get(c.name.toLowerCase());
    const base: DbtColumn = y ?? { name: c.name, tests: [], constraints: [], meta: {}, tags: [], raw: {} };
    return { ...base, ...(c.data_type ? { data_type: c.data_type } : {}), origin: c.origin, ...(c.type_origin ? { type_origin: c.type_origin } : {}),
      ...(c.sql_line ? { sql_line: c.sql_line } : {}) };
  });
  cache.set(node, out);
  return out;
}

/**
 * Are the model's columns known only as the models built on it read them (a `select *` of an undocumented source)? Then
 * they are some of its columns, not all: a key nobody downstream reads is no evidence of a table without a key.
 */
export function columnsFromReadersOnly(project: Project, node: DbtNode): boolean {
  columnsOf(project, node);
  return readersOnly.has(node);
}

/** Columns the model's YAML documents that its SQL, read completely, does not return (left out of columnsOf). */
export function notReturned(project: Project, node: DbtNode): string[] {
  columnsOf(project, node);
  return absent.get(node) ?? [];
}

/**
 * Does the model's SQL name a key-shaped column its YAML does not document (or does it document
 * none), or does its YAML document a key-shaped column the SQL's text never names?
 */
function sqlWorthReading(project: Project, node: DbtNode, yaml: ReadonlyMap<string, DbtColumn>): boolean {
  if (!node.sqlPath || !node.origins.includes('sql')) return false;
  // a YAML that documents only the loader's columns (_airbyte_raw_id …) documents none of the model's own
  if (![...yaml.keys()].some((n) => !isTechnicalColumn(n))) return true;
  let text = '';
  try { text = modelText(project, node.sqlPath); } catch { return false; }
  // a column named only in a comment (`--,pipeline_actor_id`) is one the SQL dropped
  text = text.replace(/\/\*[\s\S]*?\*\/|\{#[\s\S]*?#\}|--[^\n]*/g, ' ');
  // (id_structure, code_region: the key word first, as French or Spanish names put it)
  for (const m of text.matchAll(/\b([A-Za-z_][A-Za-z0-9_]*?_(?:id|key|fk|uuid)|(?:id|code)_[A-Za-z][A-Za-z0-9_]*)\b/gi)) if (!yaml.has(m[1].toLowerCase())) return true;
  // (…or glued to its noun, as Oracle schemas name keys: idcompany, idcompany_customer, company_idcompany)
  for (const m of text.matchAll(/\b((?:[A-Za-z][A-Za-z0-9]*_)*id[A-Za-z]{3,}(?:_[A-Za-z0-9]+)*)\b/gi)) if (!yaml.has(m[1].toLowerCase()) && keyShape(m[1])?.stem.length) return true;
  const named = new Set(text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []);
  for (const [name] of yaml) if (!named.has(name) && keyShape(name)?.stem.length) return true;
  // an API's bare reference (Stripe's charge.invoice): the SQL names a sibling table's noun the YAML does not document
  const nouns = folderNouns(project, node);
  const mine = new Set(tailNouns(node.name));
  for (const w of named) if (nouns.has(w) && !mine.has(w) && !yaml.has(w)) return true;
  return false;
}

const nounsByFolder = new WeakMap<Project, Map<string, Set<string>>>();
const folderOf = (n: DbtNode) => (n.sqlPath ?? '').replace(/[^/]*$/, '');
/** A model name's last one or two words, singular (stg_stripe__invoice_items → item, invoice_item). */
const tailNouns = (name: string) => {
  const words = name.toLowerCase().split(/_+/).filter(Boolean);
  return words.slice(-2).map((_, i, tail) => singularPhrase(tail.slice(i)).join('_'));
};

/** The singular nouns the models of a node's folder are named for (…_invoice_items → invoice_item, item), read once per project. */
function folderNouns(project: Project, node: DbtNode): ReadonlySet<string> {
  let byFolder = nounsByFolder.get(project);
  if (!byFolder) {
    byFolder = new Map();
    for (const m of project.models) {
      const f = folderOf(m);
      const set = byFolder.get(f) ?? new Set<string>();
      for (const n of tailNouns(m.name)) set.add(n);
      byFolder.set(f, set);
    }
    nounsByFolder.set(project, byFolder);
  }
  return byFolder.get(folderOf(node)) ?? new Set();
}

/** The YAML's columns, typed by the catalog where the YAML gives no type, then the catalog's others (the SQL left unread). */
function withoutSql(project: Project, node: DbtNode): { name: string; origin: ColumnOrigin; data_type?: string; type_origin?: ColumnOrigin; sql_line?: number }[] {
  const cat = new Map((catalogColumns(project, node.uniqueId) ?? []).map((c) => [c.name.toLowerCase(), c]));
  const out: { name: string; origin: ColumnOrigin; data_type?: string; type_origin?: ColumnOrigin }[] = node.columns.map((c) => {
    const t = c.data_type ?? c.type;
    const k = cat.get(c.name.toLowerCase());
    return { name: c.name, origin: 'yaml' as const, ...(t ? { data_type: String(t), type_origin: 'yaml' as const } : k?.type ? { data_type: k.type, type_origin: 'catalog' as const } : {}) };
  });
  const have = new Set(node.columns.map((c) => c.name.toLowerCase()));
  for (const [k, c] of cat) if (!have.has(k)) out.push({ name: c.name, origin: 'catalog', ...(c.type ? { data_type: c.type, type_origin: 'catalog' as const } : {}) });
  return out;
}

/**
 * Keys that semantic models declare: a column expression → the entity it is the primary or a
 * foreign key of (`entities: [{name: customer, type: foreign, expr: customer_id}]`). dbt's
 * entity names are nouns (customer) or, now and then, the key itself (order_id).
 */
export function semanticKeys(project: Project): Map<string, { type: 'primary' | 'foreign' | 'unique' | 'natural'; noun: string; model?: string }[]> {
  const out = new Map<string, { type: 'primary' | 'foreign' | 'unique' | 'natural'; noun: string; model?: string }[]>();
  for (const sm of project.semanticModels) {
    const entities = sm.raw?.entities;
    if (!Array.isArray(entities)) continue;
    const model = /ref\(\s*['"]([^'"]+)['"]/.exec(String(sm.raw?.model ?? ''))?.[1];
    for (const e of entities) {
      if (!e || typeof e.name !== 'string' || !['primary', 'foreign', 'unique', 'natural'].includes(e.type)) continue;
      const expr = (typeof e.expr === 'string' && /^\w+$/.test(e.expr.trim()) ? e.expr.trim() : e.name).toLowerCase();
      const noun = e.name.toLowerCase().replace(/_(?:id|key)$/, '');
      const list = out.get(expr) ?? [];
      list.push({ type: e.type, noun, model });
      out.set(expr, list);
    }
  }
  return out;
}

const STAR_OF = /\{\{-?\s*[\w.]*star\s*\(\s*(?:from\s*=\s*)?(?:source\s*\(\s*['"]([\w-]+)['"]\s*,\s*['"]([^'"]+)['"]\s*\)|ref\s*\(\s*['"]([^'"]+)['"]\s*\))([^{}]*)\}\}/g;

/**
 * The columns a model's star macros return (`{{ dbt_utils.star(source('app', 'users'), except=[…]) }}`) when the starred
 * relation's columns are not listed: those other models' SQL names on that relation (a join on users.account_id), and those
 * the models built on this one read from it. Only relations the model stars are looked at, so the cost stays with them.
 * A plain `select *` whose columns the SQL reader could not list (an undocumented source: Odoo's tables staged as
 * `select * from source`) returns what the models built on it read from it (`a.vehicle_id` of `ref('stg_odoo__rentals') a`).
 */
function starredColumns(project: Project, node: DbtNode): string[] {
  let text = '';
  try { text = modelText(project, node.sqlPath!); } catch { return []; }
  const stars = [...text.matchAll(STAR_OF)];
  // (a plain `select *` of a relation whose columns nobody lists counts too: only the models built on this one are read then)
  if (!stars.length && !/\bselect\s+(?:distinct\s+)?(?:\w+\.)?\*/i.test(text.replace(/\/\*[\s\S]*?\*\/|\{#[\s\S]*?#\}|--[^\n]*/g, ' '))) return [];
  const cols = projectColumns(project);
  const out: string[] = [];
  const named = (relation: string, readers: readonly DbtNode[], except: ReadonlySet<string>, model?: string) => {
    for (const r of readers) {
      const sql = cols.sql(r);
      for (const i of sql?.influence ?? []) if (i.relation === relation && !except.has(i.column.toLowerCase())) out.push(i.column);
      for (const c of sql?.columns ?? []) for (const src of c.sources) if (src.relation === relation && !except.has(src.column.toLowerCase())) out.push(src.column);
      // a reader whose one unknown is its star over this model (pc.* beside named columns of others): the columns its YAML
      // documents beyond those its SQL names come through that star (a mart's relationships test on group_id)
      if (model && sql?.gaps.length === 1 && UNKNOWN_STAR.exec(sql.gaps[0])?.[1] === model) {
        const returned = new Set(sql.columns.map((c) => c.name.toLowerCase()));
        for (const c of r.columns) if (!returned.has(c.name.toLowerCase()) && !except.has(c.name.toLowerCase())) out.push(c.name);
      }
    }
  };
  for (const [, system, table, model, rest] of stars) {
    const except = new Set([.../except\s*=\s*\[([^\]]*)\]/.exec(rest)?.[1].matchAll(/['"]([^'"]+)['"]/g) ?? []].map((m) => m[1].toLowerCase()));
    const target = model ? project.modelByName.get(model) : project.sources.find((x) => x.name === `${system}.${table}`);
    if (!target || (target.columns?.length ?? 0) > 0) continue;
    // (the model's own SQL among them: a join on the starred relation's column names one it returns)
    const readers = model ? project.models.filter((n) => n.refs.some((r) => r.name === model)) : project.models.filter((n) => n.sourceRefs.includes(`${system}.${table}`));
    named(target.uniqueId, readers, except);
  }
  const readersOf = (name: string) => project.models.filter((n) => n.refs.some((r) => r.name === name));
  named(node.uniqueId, readersOf(node.name), new Set(), node.name);
  // …and what is named on a model that passes this one on whole (int_x: select * from stg_x alone, nothing joined): its
  // columns are this one's, except those the copy computes itself (a few levels; a join would bring other relations' columns)
  const seen = new Set([node.uniqueId]);
  let copies = passThroughCopies(project, node, readersOf(node.name));
  for (let depth = 0; depth < 3 && copies.length; depth++) {
    const next: DbtNode[] = [];
    for (const copy of copies) {
      if (seen.has(copy.uniqueId)) continue;
      seen.add(copy.uniqueId);
      const own = new Set((cols.sql(copy)?.columns ?? []).map((c) => c.name.toLowerCase()));
      const readers = readersOf(copy.name);
      named(copy.uniqueId, readers, own, copy.name);
      next.push(...passThroughCopies(project, copy, readers));
    }
    copies = next;
  }
  return out;
}

/** The relation a star's columns are unknown of, as the columns reader words the gap. */
const UNKNOWN_STAR = /the columns of (\S+) are not known$/;

/** Models among `readers` that select * from `node` alone (no other ref, no source): copies passing its rows on whole. */
function passThroughCopies(project: Project, node: DbtNode, readers: readonly DbtNode[]): DbtNode[] {
  const cols = projectColumns(project);
  return readers.filter((r) => {
    // (…or beside columns of others it names, its one unknown the star over node: ph.*, c.city_code from a join)
    const gaps = cols.sql(r)?.gaps ?? [];
    if (gaps.length === 1 && UNKNOWN_STAR.exec(gaps[0])?.[1] === node.name) return true;
    if (r.refs.length !== 1 || r.refs[0].name !== node.name || r.sourceRefs.length || !r.sqlPath) return false;
    let text = '';
    try { text = modelText(project, r.sqlPath); } catch { return false; }
    // (a star anywhere in its select list: select c.id as campaign_id, *, … passes every column on too)
    return /(?:\bselect\s+(?:distinct\s+)?|,\s*)(?:\w+\.)?\*\s*(?:,|\bfrom\b)/i.test(text.replace(/\/\*[\s\S]*?\*\/|\{#[\s\S]*?#\}|--[^\n]*/g, ' '));
  });
}
