// Keys a downstream model joins: `left join user_map on raw.volunteer_id = user_map.uuid`, where raw is
// ref('stg_bubble__school_volunteer') and user_map selects `user_id as uuid` from ref('stg_bubble__user'), says that
// school_volunteer.volunteer_id holds a user's own id — evidence a modeler reads when the column's name (volunteer,
// co, school for a partner) names no table. Read from the SQL text: each CTE and the final query is a scope of its
// own; a side resolves to a staging model directly (a ref's alias) or through a CTE that selects from one ref alone.
import { projectColumns } from '../core/columns/project-columns.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { isTechnicalColumn, keyShape, plainValueKind } from './columns.js';
import type { StagingModel } from './entities.js';
import { isUniqueColumn } from './keys.js';
import { modelText } from './staging.js';

/** A staging model's column joined to another staging model's column, as a downstream model writes it. */
export interface JoinedColumn {
  model: string;
  column: string;
}

/** model name → lower column → the columns of other models it is joined to (each once). */
export type JoinMap = Map<string, Map<string, JoinedColumn[]>>;

const REF = /\{\{-?\s*ref\s*\(\s*(?:['"][^'"]+['"]\s*,\s*)?['"]([^'"]+)['"]\s*\)\s*-?\}\}/g;

/** Equalities between columns of the project's staging models that models outside `staging` write in their joins. */
export function joinedColumns(project: Project, staging: ReadonlySet<string>): JoinMap {
  const out: JoinMap = new Map();
  const add = (a: JoinedColumn, b: JoinedColumn) => {
    let cols = out.get(a.model);
    if (!cols) out.set(a.model, (cols = new Map()));
    const list = cols.get(a.column) ?? [];
    if (!list.some((x) => x.model === b.model && x.column === b.column)) list.push(b);
    cols.set(a.column, list);
  };
  // (a mart joining intermediate models built on staging ones, fct_sales_leads over int_crm__leads, counts too: its sides
  // are followed back to the staging models they pass on)
  for (const { a, b } of writtenEqualities(project, staging, 1)) {
    // (a staging model joined to itself, emp.parent_sales_person = par.sales_person_id, holds a key of its own rows)
    if (a.model !== b.model || a.column !== b.column) { add(a, b); add(b, a); }
  }
  return out;
}

/**
 * Each equality a model outside `models` writes in its SQL whose two sides are columns of `models` — directly, or a
 * column passed on from one of them (dim_stations' `id as station_id` is stg_stations' id) — with the model and its text.
 */
function* writtenEqualities(project: Project, models: ReadonlySet<string>, minRefs: number): Generator<{ node: DbtNode; text: string; a: JoinedColumn; b: JoinedColumn; raw: [JoinedColumn, JoinedColumn] }> {
  for (const node of project.models) {
    if (models.has(node.name) || !node.sqlPath || node.refs.length < minRefs) continue;
    let text = '';
    try { text = modelText(project, node.sqlPath); } catch { continue; }
    if (!/\bjoin\b/i.test(text)) continue;
    for (const [x, y] of equalities(text)) {
      const a = models.has(x.model) ? x : throughLineage(project, x, models);
      const b = models.has(y.model) ? y : throughLineage(project, y, models);
      if (a && b && models.has(a.model) && models.has(b.model)) yield { node, text, a, b, raw: [x, y] };
    }
  }
}

/** A join between two models one model's SQL writes: their columns set equal, and where. */
export interface WrittenJoin { model: DbtNode; a: string; b: string; line?: number }

/**
 * The joins the project's other models write between models `a` and `b` (`on o.order_uuid = i.order_uuid`), each side
 * followed back through the models that pass it on, as joinedColumns reads them: how the project itself joins two
 * tables no key declares.
 */
export function joinsBetween(project: Project, a: string, b: string): WrittenJoin[] {
  const out: WrittenJoin[] = [];
  for (const { node, text, a: p, b: q, raw: [x, y] } of writtenEqualities(project, new Set([a, b]), 2)) {
    if (p.model === q.model) continue;
    const [ca, cb] = p.model === a ? [p.column, q.column] : [q.column, p.column];
    if (out.some((j) => j.model === node && j.a === ca && j.b === cb)) continue;
    const re = new RegExp(`\\.${x.column}\\b[^\\n]*=|=[^\\n]*\\.${y.column}\\b`, 'i');
    const at = text.split('\n').findIndex((l) => re.test(l));
    out.push({ model: node, a: ca, b: cb, ...(at >= 0 ? { line: at + 1 } : {}) });
  }
  return out;
}

/**
 * The staging model's column a column of a model outside staging passes on unchanged (`id as station_id` in dim_stations,
 * read from ref('stg_odoo__stations')), followed through at most three such models; undefined where it is computed or
 * read from several relations.
 */
function throughLineage(project: Project, side: JoinedColumn, staging: ReadonlySet<string>, depth = 0): JoinedColumn | undefined {
  const node = project.modelByName.get(side.model);
  if (!node || depth > 2) return undefined;
  const col = projectColumns(project).sql(node)?.columns.find((c) => c.name.toLowerCase() === side.column);
  if (col?.sources.length !== 1) return undefined;
  // (a value computed from another column, a JSON array's field team->>'sales_person' out of sales_teams, is not that
  // column; a key cast or taken apart, operation_city_id[0], still is)
  const src = col.sources[0].column.toLowerCase();
  if (col.kind !== 'passthrough' && col.kind !== 'rename' && src !== side.column && !keyShape(src)) return undefined;
  const from = project.models.find((n) => n.uniqueId === col.sources[0].relation);
  if (!from) return undefined;
  const next = { model: from.name, column: col.sources[0].column.toLowerCase() };
  return staging.has(from.name) ? next : throughLineage(project, next, staging, depth + 1);
}

/**
 * The one entity whose own id downstream models join a column to (raw.volunteer_id = user_map.uuid, user_map being the
 * users' user_id): evidence for a key whose name names no table (volunteer, co, a school held as a partner), and for a
 * link column not named as a key at all (an ERP's leads.budget_lead = lead_budgets.lead_budget_id) whose name and type
 * say no value (a date, an amount, a name), to a thing of its own system. A join of a model to itself (a sales person's
 * parent_sales_person) is a key of its own rows.
 */
export function joinedEntity(m: StagingModel, column: string, joins: JoinMap, byModel: Map<string, StagingModel>): string | undefined {
  const stem = keyShape(column)?.stem;
  if (stem && !stem.length) return undefined;
  if (!stem) {
    const c = m.columns.find((x) => x.name.toLowerCase() === column);
    // (a thing's details joined to an own id are its details record's key — an application's provider_detail, the providers'
    // provider_id — not free text)
    const kind = c && plainValueKind(column, c.type);
    if (!c || isTechnicalColumn(column) || (kind && !(kind === 'text' && /_details?$/.test(column)))) return undefined;
  }
  // a key with its kind beside it (zone_diffusion_code + zone_diffusion_type) points at several kinds of thing: a join on one kind says nothing of the others
  if (m.columns.some((c) => c.name.toLowerCase() === `${(stem ?? [column]).join('_')}_type`)) return undefined;
  const hits = new Set<string>();
  for (const j of joins.get(m.node.name)?.get(column) ?? []) {
    const t = byModel.get(j.model);
    const self = t === m && j.column !== column;
    if (!t || (!stem && t.source !== m.source)) continue;
    if (t.kind === 'entity' && t.entity && (t.entity !== m.entity || self) && (t.ownIds.has(j.column) || t.ownKeys.has(j.column))) hits.add(t.entity);
  }
  return hits.size === 1 ? [...hits][0] : undefined;
}

/** Pairs of (model, column) the SQL sets equal, each side resolved to the ref it reads. */
function equalities(sql: string): [JoinedColumn, JoinedColumn][] {
  const text = sql.replace(/\{#[\s\S]*?#\}/g, ' ').replace(/--[^\n]*/g, ' ').replace(REF, (_m, name: string) => ` __ref__${name} `).replace(/"/g, '');
  // CTEs: name as ( body ) — bodies cut out so the rest is the final query's scope
  const ctes = new Map<string, string>();
  let rest = '';
  let at = 0;
  const head = /\b(\w+)\s+as\s*\(/gi;
  let m: RegExpExecArray | null;
  while ((m = head.exec(text))) {
    const open = m.index + m[0].length - 1;
    const close = matching(text, open);
    if (close < 0) break;
    ctes.set(m[1].toLowerCase(), text.slice(open + 1, close));
    rest += text.slice(at, m.index);
    at = close + 1;
    head.lastIndex = close + 1;
  }
  rest += text.slice(at);
  // a CTE that reads one ref and joins nothing: its columns are that ref's, renamed as its select says
  const single = new Map<string, { model: string; renames: Map<string, string> }>();
  for (const [name, body] of ctes) {
    const refs = [...body.matchAll(/__ref__(\w+)/g)];
    if (refs.length !== 1 || /\bjoin\b/i.test(body)) continue;
    const renames = new Map<string, string>();
    for (const r of body.matchAll(/\b(\w+)(?:::\w+(?:\(\d+(?:,\s*\d+)?\))?)?\s+as\s+(\w+)/gi)) renames.set(r[2].toLowerCase(), r[1].toLowerCase());
    single.set(name, { model: refs[0][1], renames });
  }
  const out: [JoinedColumn, JoinedColumn][] = [];
  for (const scope of [...ctes.values(), rest]) {
    const aliases = new Map<string, { model: string; renames?: Map<string, string> }>();
    for (const r of scope.matchAll(/\b(?:from|join)\s+(__ref__)?(\w+)(?:\s+(?:as\s+)?(\w+))?/gi)) {
      const target = r[1] ? { model: r[2] } : single.get(r[2].toLowerCase());
      if (!target) continue;
      const alias = r[3] && !/^(?:on|where|left|right|inner|full|cross|join|group|order|limit|union|using)$/i.test(r[3]) ? r[3] : r[2];
      aliases.set(alias.toLowerCase(), target);
    }
    // (a field read out of a column's JSON, tbl_user.meta_data:hubspotid or ->>'id', is not that column)
    for (const e of scope.matchAll(/\b(\w+)\.(\w+)\s*=\s*(\w+)\.(\w+)\b(?!\s*(?::(?!:)|->|\[))/g)) {
      const a = side(aliases, e[1], e[2]), b = side(aliases, e[3], e[4]);
      if (a && b) out.push([a, b]);
    }
  }
  return out;
}

function side(aliases: Map<string, { model: string; renames?: Map<string, string> }>, alias: string, column: string): JoinedColumn | undefined {
  const t = aliases.get(alias.toLowerCase());
  if (!t) return undefined;
  const c = column.toLowerCase();
  return { model: t.model, column: t.renames?.get(c) ?? c };
}

/** The index of the parenthesis closing the one at `open`, or -1. */
function matching(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
    else if (ch === "'") { const end = text.indexOf("'", i + 1); if (end < 0) return -1; i = end; }
  }
  return -1;
}

/**
 * Columns of staging models that a model built on them tests unique where it passes them on unchanged (dim_featured_event,
 * "one row per featured event", tests event_id unique and takes it from stg_featured_events): the staging model's own id, as a
 * modeler reads a dimension's grain back onto the table it is built from, when the staging model declares none. A model that
 * groups, takes distinct rows, unnests or filters (one row per customer built from the orders, the order events kept one
 * per order) says nothing of its input's grain, nor do several such columns of one staging model. Staging model name → its
 * lower column.
 */
export function uniqueDownstream(project: Project, staging: ReadonlySet<string>): Map<string, string> {
  const out = new Map<string, Set<string>>();
  for (const node of project.models) {
    if (staging.has(node.name) || !node.sqlPath || !node.refs.some((r) => staging.has(r.name))) continue;
    const unique = node.columns.filter((c) => isUniqueColumn(node, c.name));
    if (!unique.length) continue;
    let text = '';
    try { text = modelText(project, node.sqlPath); } catch { continue; }
    if (/\b(?:group\s+by|distinct|unnest|union|where|qualify)\b/i.test(text)) continue;
    for (const c of unique) {
      const at = throughLineage(project, { model: node.name, column: c.name.toLowerCase() }, staging);
      if (at) out.set(at.model, (out.get(at.model) ?? new Set()).add(at.column));
    }
  }
  return new Map([...out].filter(([, cols]) => cols.size === 1).map(([m, cols]) => [m, [...cols][0]]));
}

/**
 * Keys a consumer joins from one system's table to the own id of another system's thing under the same name (int_boost_artist
 * joins the artists' packages' artist_id to the platform's artists on artist_id): the two systems share that key, and the
 * same column in the first system's other tables points at that thing too (the featured events' artist_id), as one
 * company's databases name each other's rows. `${system}|${column}` → the entity.
 */
export function sharedKeys(models: readonly StagingModel[], joins: JoinMap, byModel: Map<string, StagingModel>): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of models) {
    if (!m.source || m.kind !== 'entity') continue;
    for (const [column, list] of joins.get(m.node.name) ?? []) {
      if (!keyShape(column)?.stem.length || m.ownIds.has(column) || m.ownKeys.has(column)) continue;
      for (const j of list) {
        const t = byModel.get(j.model);
        if (j.column === column && t?.kind === 'entity' && t.entity && t.source && t.source !== m.source && (t.ownIds.has(column) || t.ownKeys.has(column))) out.set(`${m.source}|${column}`, t.entity);
      }
    }
  }
  return out;
}
