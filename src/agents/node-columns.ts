// The columns an agent reads for a model: one function, whatever knows them. Property YAML first
// (names, descriptions, tests, data_type), types from target/catalog.json where YAML has none,
// and the columns the model's SQL names that YAML leaves out (origin 'sql'). Until the project
// reader derives output columns from rendered SQL, the SQL part is a skim of the final select's
// aliases (`customer as customer_id`); sqlOutputColumns is the one place to swap for it.
import type { DbtColumn, DbtNode, Project } from '../core/project/types.js';

export type ColumnOrigin = 'yaml' | 'catalog' | 'sql';

export interface AgentColumn extends DbtColumn {
  origin: ColumnOrigin;
}

const cache = new WeakMap<DbtNode, AgentColumn[]>();

/** The model's columns with their type and where they were read; read once per node. */
export function columnsOf(project: Project, node: DbtNode): AgentColumn[] {
  let out = cache.get(node);
  if (out) return out;
  const catalog = catalogTypes(project, node);
  out = node.columns.map((c) => {
    const type = c.data_type ?? c.type ?? catalog.get(c.name.toLowerCase());
    return { ...c, ...(type ? { data_type: type } : {}), origin: 'yaml' as const };
  });
  const have = new Set(out.map((c) => c.name.toLowerCase()));
  for (const [name, type] of catalog) {
    if (have.has(name)) continue;
    have.add(name);
    out.push(bare(name, 'catalog', type));
  }
  for (const c of sqlOutputColumns(project, node)) {
    if (have.has(c.name.toLowerCase())) continue;
    have.add(c.name.toLowerCase());
    out.push(bare(c.name, 'sql', c.type));
  }
  cache.set(node, out);
  return out;
}

function bare(name: string, origin: ColumnOrigin, type?: string): AgentColumn {
  return { name, tests: [], constraints: [], meta: {}, tags: [], raw: {}, origin, ...(type ? { data_type: type } : {}) };
}

function catalogTypes(project: Project, node: DbtNode): Map<string, string> {
  const out = new Map<string, string>();
  const cols = project.target.catalog?.nodes?.[node.uniqueId]?.columns;
  if (cols && typeof cols === 'object') {
    for (const c of Object.values<any>(cols)) if (typeof c?.name === 'string') out.set(c.name.toLowerCase(), typeof c.type === 'string' ? c.type : '');
  }
  return out;
}

/**
 * Output columns named by the model's SQL: the aliases and bare columns of its last select (the
 * one after the final CTE), with a cast's type. Star selects and Jinja expressions name nothing.
 */
export function sqlOutputColumns(project: Project, node: DbtNode): { name: string; type?: string }[] {
  if (!node.sqlPath || !node.origins.includes('sql')) return [];
  let text = '';
  try { text = project.readText(node.sqlPath); } catch { return []; }
  text = text.replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\{#[\s\S]*?#\}/g, ' ').replace(/\{%[\s\S]*?%\}/g, ' ');
  // the select list that produces the rows: the last `select … from` whose list is not `*`
  const selects = [...text.matchAll(/\bselect\b([\s\S]*?)\bfrom\b/gi)].map((m) => m[1]).filter((l) => !/^\s*(?:distinct\s+)?\*\s*$/i.test(l));
  const list = selects.at(-1);
  if (!list) return [];
  const out: { name: string; type?: string }[] = [];
  for (const item of splitTopLevel(list)) {
    const t = item.trim();
    if (!t || t.includes('*')) continue;
    const alias = /\bas\s+"?([A-Za-z_]\w*)"?\s*$/i.exec(t);
    const name = alias?.[1] ?? /^(?:\w+\.)?"?([A-Za-z_]\w*)"?$/.exec(t)?.[1];
    if (!name) continue;
    const cast = /^(?:safe_)?cast\s*\([\s\S]*\bas\s+([A-Za-z_]\w*(?:\s*\([\d,\s]+\))?)\s*\)/i.exec(t)?.[1] ?? /::\s*([A-Za-z_]\w*)/.exec(t)?.[1];
    out.push({ name, ...(cast ? { type: cast.toLowerCase() } : {}) });
  }
  return out;
}

/** Split a select list at commas outside parentheses and Jinja braces. */
function splitTopLevel(list: string): string[] {
  const out: string[] = [];
  let depth = 0, start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(' || ch === '{' || ch === '[') depth++;
    else if (ch === ')' || ch === '}' || ch === ']') depth = Math.max(0, depth - 1);
    else if (ch === ',' && depth === 0) { out.push(list.slice(start, i)); start = i + 1; }
  }
  out.push(list.slice(start));
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
