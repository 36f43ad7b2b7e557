// What a staging model's SQL text says about its rows, read the way a modeler skims it: which
// column is the source row's own id renamed (`id as event_id`), whether it aggregates (GROUP BY
// with sum/count/avg), how many of its casts are numeric (a table of measures), and the columns
// of its surrogate key (its grain). A skim of the template text, not a parse: column lists and
// types come from node-columns.ts.
import type { DbtNode, Project } from '../core/project/types.js';
import { modelText } from './staging.js';

export interface SqlShape {
  /** Aliases the source's own `id` is given (`id as event_id`, `id::bigint as event_id` → event_id; an element's id where it unnests: elementIds). */
  ownIdAliases: Set<string>;
  /** Where its rows are the elements of an array (`jsonb_array_elements(line_items) as item`): the aliases of an element's own id (`item->>'id'`, `item->>'name'`). */
  elementIds: Set<string>;
  /** It unnests an array (`unnest(json_extract_array(tags)) as tag`): its rows are elements, with an id of theirs or not. */
  unnests: boolean;
  /** GROUP BY together with an aggregate function. */
  aggregates: boolean;
  /** Casts to a numeric type, and casts in all. */
  numericCasts: number;
  casts: number;
  /** Inputs of `generate_surrogate_key([...])` (the model's grain), lower case. */
  grain: string[];
  /** Output column → the input column it renames (`client_id::varchar as channel_id`, `cast(id as int) as user_id`), lower case. */
  renames: Map<string, string>;
  /** Output column → the words of the nested field path it is read from (`payment.stripe.chargeid` → chargeid: [payment, stripe]), lower case. */
  paths: Map<string, string[]>;
  /** Its rows are written in the SQL itself (a VALUES list, or SELECTs of literals), reading no source or model. */
  literalRows: boolean;
  /** The column names a VALUES list is given (`) AS x (raw, value)`), lower case. */
  literalColumns: string[];
  /** Columns its SELECTs write as string constants (`'Cross Docking' as otr_source`): labels of one slice of a union. */
  constantColumns: number;
  /** It selects only aggregates over its whole input, with no GROUP BY (`select max(year) as current_year from …`): one row of constants. */
  singleRow: boolean;
  /** Its rows are some of another relation's, every column (`select * from x where …`, or a star macro of it), with no join and no GROUP BY: the relation it filters. */
  starCopyOf?: string;
  /** The one column a `row_number() over (partition by x …)` kept at 1 dedups on (`where rn = 1`, `qualify … = 1`), lower case. */
  dedupKey?: string;
  /** Its rows are made by a date-spine macro (`dbt_utils.date_spine`, `dbt_date.get_date_dimension`): generated days. */
  dateSpine?: boolean;
}

const EMPTY: SqlShape = { ownIdAliases: new Set(), elementIds: new Set(), unnests: false, aggregates: false, numericCasts: 0, casts: 0, grain: [], renames: new Map(), paths: new Map(), literalRows: false, literalColumns: [], constantColumns: 0, singleRow: false };
const cache = new WeakMap<DbtNode, SqlShape>();

function sqlText(project: Project, node: DbtNode): string {
  if (node.sqlPath && node.origins.includes('sql')) {
    try { return modelText(project, node.sqlPath); } catch { /* unreadable: fall back to the manifest */ }
  }
  const raw = node.raw?.raw_code ?? node.raw?.compiled_code;
  return typeof raw === 'string' ? raw : '';
}

export function sqlShape(project: Project, node: DbtNode): SqlShape {
  let out = cache.get(node);
  if (out) return out;
  const text = sqlText(project, node).replace(/--[^\n]*/g, ' ').replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\{#[\s\S]*?#\}/g, ' ');
  if (!text) { cache.set(node, EMPTY); return EMPTY; }
  const { ownIdAliases, elementIds } = ownIdentifiers(text);
  // only the statement that produces the rows counts: a GROUP BY inside a dedup CTE does not make a report
  const tail = text.slice(Math.max(0, text.search(/\)\s*select\b(?![\s\S]*\)\s*select\b)/i)));
  // (or min/max made into a figure: (max(month) + 1) - min(month) as nombre_mois_saisis, a count per group; a max(updated_at) kept per id is a dedup)
  const aggregates = /\bgroup\s+by\b/i.test(tail) && (/\b(?:sum|count|avg|average|approx_count_distinct)\s*\(/i.test(tail)
    || /\b(?:max|min)\s*\([^;]*?\bas\s+"?(?:(?:nombre|nb|total|count|num|number)_\w+|\w+_(?:count|total))"?/i.test(tail));
  const casts = [...text.matchAll(/\b(?:safe_)?cast\s*\([^()]*?\bas\s+([a-z0-9_]+)/gi)].map((m) => m[1].toLowerCase());
  casts.push(...[...text.matchAll(/::\s*([a-z0-9_]+)/gi)].map((m) => m[1].toLowerCase()));
  const numericCasts = casts.filter((t) => /^(?:numeric|bignumeric|decimal|float|float64|double|real|int|int64|integer|bigint|smallint|number)$/.test(t)).length;
  const grain = surrogateKeyInputs(text);
  // a bare column renamed, maybe cast on the way: x as y, x::t as y, cast(x as t) as y (expressions are not renames)
  const renames = new Map<string, string>();
  const bare = String.raw`(?:\w+\.)?"?([A-Za-z_]\w*)"?`;
  const re = new RegExp(String.raw`(?:^|[\s,(])(?:${bare}(?:\s*::\s*\w+(?:\s*\([\d\s,]*\))?)?|(?:try_|safe_)?cast\s*\(\s*${bare}\s+as\s+\w+(?:\s*\([\d\s,]*\))?\s*\))\s+as\s+"?([A-Za-z_]\w*)"?(?=\s*(?:,|$|\bfrom\b))`, 'gim');
  for (const m of text.matchAll(re)) {
    const from = (m[1] ?? m[2]).toLowerCase(), to = m[3].toLowerCase();
    if (from !== to && !renames.has(to) && !['as', 'select', 'distinct', 'null', 'true', 'false'].includes(from)) renames.set(to, from);
  }
  // a field read out of a nested record, named by its last part or given an alias
  const paths = new Map<string, string[]>();
  for (const m of text.matchAll(/(?:^|[\s,(])((?:[A-Za-z_]\w*\.)+)([A-Za-z_]\w*)(?:\s+as\s+"?([A-Za-z_]\w*)"?)?(?=\s*(?:,|$|\bfrom\b))/gim)) {
    const to = (m[3] ?? m[2]).toLowerCase();
    if (!paths.has(to)) paths.set(to, m[1].toLowerCase().split('.').filter(Boolean));
  }
  // rows typed into the model (VALUES ('Famille', 'famille'), …, or literal SELECTs joined by UNION): no source()/ref()
  // and no macro that could read one (a lone `select 1 as x` is a stub, not a list)
  const calls = [...text.matchAll(/\{\{\s*([\w.]+)\s*\(/g)].map((m) => m[1].toLowerCase()).filter((n) => n !== 'config');
  const dateSpine = /\{\{-?\s*(?:\w+\.)?(?:date_spine|get_date_dimension|get_base_dates)\s*\(/i.test(text);
  const literalRows = !calls.length && /\bselect\b/i.test(text) && (/\bvalues\s*\(/i.test(text) || (!/\bfrom\b/i.test(text) && /\bunion\b/i.test(text)));
  const named = literalRows ? /\)\s*(?:as\s+)?"?\w+"?\s*\(\s*("?[A-Za-z_]\w*"?(?:\s*,\s*"?[A-Za-z_]\w*"?)*)\s*\)/i.exec(text.slice(text.search(/\bvalues\s*\(/i))) : null;
  const literalColumns = named ? named[1].split(',').map((c) => c.trim().replace(/"/g, '').toLowerCase()) : [];
  const constants = new Set([...text.matchAll(/(?:,|\bselect\b(?:\s+distinct\b)?)\s*'[^'\n]*'\s+(?:as\s+)?"?([A-Za-z_]\w*)"?(?=\s*(?:,|$|\bfrom\b))/gim)].map((m) => m[1].toLowerCase()));
  constants.delete('from');
  const singleRow = !/\bgroup\s+by\b|\bover\s*\(/i.test(tail) && selectItems(tail).every((i) => AGGREGATE_CALL.test(i)) && selectItems(tail).length > 0;
  const copy = /^\s*select\s+(?:distinct\s+)?(?:\*|\{\{[^{}]*?\w*star\s*\([^{}]*\}\})\s+from\s+\{\{\s*ref\s*\(\s*['"]([\w.]+)['"]\s*\)\s*\}\}(?:\s+(?:as\s+)?\w+)?\s*where\b(?![\s\S]*\b(?:join|group\s+by|union|select)\b)[\s\S]*$/i.exec(text);
  out = { ownIdAliases, elementIds, unnests: UNNEST_CALL.test(text), aggregates, singleRow, ...(copy ? { starCopyOf: copy[1].toLowerCase() } : {}), numericCasts, casts: casts.length, grain, renames, paths, literalRows, literalColumns, constantColumns: constants.size, ...dedup(text), ...(dateSpine ? { dateSpine } : {}) };
  cache.set(node, out);
  return out;
}

/**
 * The columns a surrogate key is made of: `generate_surrogate_key(['ad_id', 'date_start'])`, or a hash of them written
 * out (`md5(concat(d.ad_id, '_', d.date_start))`, `md5(a || '-' || b)`), lower case; [] when there is none.
 */
function surrogateKeyInputs(text: string): string[] {
  const macro = /generate_surrogate_key\s*\(\s*\[([^\]]*)\]/i.exec(text);
  if (macro) return [...macro[1].matchAll(/['"]([^'"]+)['"]/g)].map((x) => x[1].toLowerCase());
  const hash = /\b(?:md5|sha1|sha2|sha256|farm_fingerprint)\s*\(\s*(?:concat(?:_ws)?\s*\(([^()]*)\)|([^()]*\|\|[^()]*))\s*\)/i.exec(text);
  if (!hash) return [];
  const parts = (hash[1] ?? hash[2]).split(hash[1] !== undefined ? ',' : '||').map((p) => p.trim());
  const columns = parts.filter((p) => !/^'/.test(p)).map((p) => /^(?:\w+\.)?"?([A-Za-z_]\w*)"?$/.exec(p)?.[1]?.toLowerCase());
  return columns.length >= 2 && columns.every(Boolean) ? columns as string[] : [];
}

const UNNEST_CALL = /\b(?:jsonb?_array_elements|unnest|flatten|explode|posexplode)\s*\(/i;
/** Set-returning functions over an array whose rows are its elements, and the alias each element is given. */
const UNNEST = /\b(?:jsonb?_array_elements|unnest|flatten|explode|posexplode)\s*\((?:[^()]|\([^()]*\))*\)\s*(?:with\s+ordinality\s+)?(?:as\s+)?"?([A-Za-z_]\w*)"?/gi;
// (an optional cast after an element's id: `(li->>'id')::bigint as x`)
const CAST = String.raw`(?:\s*::\s*\w+(?:\s*\([\d\s,]*\))?)?`;

/**
 * The aliases a row's own identifier is given: the source's `id` (`id as event_id`), a document store's `_id`, a `name`
 * given a key's name (Frappe's documents are keyed by their name: `name as lead_id`). Where the rows are the elements of
 * an array the model unnests whose elements carry an id, the element's `id` or `name` field is the row's own
 * (`(li->>'id')::bigint as line_item_id`) and the source row's id is the parent's key (`id as order_id` beside
 * `jsonb_array_elements(line_items) as li`).
 */
function ownIdentifiers(text: string): { ownIdAliases: Set<string>; elementIds: Set<string> } {
  const ownIdAliases = new Set<string>();
  // the id of a JOINed relation renamed (`left join structures as s … s.id as id_structure`) is that relation's key: a reference
  const joined = new Set([...text.matchAll(/\bjoin\s+(?:\{\{[^}]*\}\}|[\w."]+)\s+(?:as\s+)?"?([A-Za-z_]\w*)"?/gi)].map((m) => m[1].toLowerCase()));
  const elements = new Set([...text.matchAll(UNNEST)].map((m) => m[1].toLowerCase()).filter((a) => a !== 'as' && a !== 'from'));
  const elementIds = new Set<string>();
  for (const a of elements) {
    const re = new RegExp(String.raw`\(?\s*"?${a}"?\s*->>?\s*'(id|name)'\s*\)?${CAST}\s+as\s+"?([A-Za-z_]\w*)"?`, 'gi');
    for (const m of text.matchAll(re)) if (m[1].toLowerCase() === 'id' || /_(?:id|key)$/i.test(m[2])) elementIds.add(m[2].toLowerCase());
  }
  for (const a of elementIds) ownIdAliases.add(a);
  if (!elementIds.size) {
    for (const m of text.matchAll(/(?:^|[\s,(])(?:(\w+)\.)?"?id"?\s+as\s+"?([A-Za-z_][\w]*)"?/gi)) if (!m[1] || !joined.has(m[1].toLowerCase())) ownIdAliases.add(m[2].toLowerCase());
    // a row named by a key-shaped name (Frappe's documents: `name as lead_id`); `name as lead_name` is a label
    for (const m of text.matchAll(/(?:^|[\s,(])(?:(\w+)\.)?"?name"?\s+as\s+"?([A-Za-z_]\w*_id)"?(?=\s*(?:,|$|\bfrom\b))/gim)) if (!m[1] || !joined.has(m[1].toLowerCase())) ownIdAliases.add(m[2].toLowerCase());
  }
  // a document store's own id (MongoDB's `_id as sale_id`); a nested one (`user._id as user_id`) is the embedded document's, a reference
  for (const m of text.matchAll(/(?:^|[\s,(])"?_id"?\s+as\s+"?([A-Za-z_][\w]*)"?/gi)) ownIdAliases.add(m[1].toLowerCase());
  return { ownIdAliases, elementIds };
}

/** One row kept per value of one column: `row_number() over (partition by x order by …) as rn … where rn = 1`, or `qualify`. */
function dedup(text: string): { dedupKey?: string } {
  for (const m of text.matchAll(/\brow_number\s*\(\s*\)\s*over\s*\(\s*partition\s+by\s+(?:\w+\.)?"?(\w+)"?\s+order\s+by\b(?:[^()]|\([^()]*\))*\)\s*(?:(?:as\s+)?"?(\w+)"?|=\s*1\b)/gi)) {
    const [whole, key, alias] = m;
    const kept = /=\s*1\b\s*$/.test(whole) || (!!alias && new RegExp(String.raw`\b(?:where|and)\s+(?:\w+\.)?"?${alias}"?\s*=\s*1\b`, 'i').test(text));
    if (kept && !/^(?:as|from)$/i.test(alias ?? '')) return { dedupKey: key.toLowerCase() };
  }
  return {};
}

const AGGREGATE_CALL = /\b(?:max|min|sum|count|avg)\s*\(/i;

/** The items of the last statement's select list, split at its top-level commas (empty when there is none to read). */
function selectItems(tail: string): string[] {
  const m = /\bselect\s+(?:distinct\s+)?([\s\S]*?)\bfrom\b/i.exec(tail);
  if (!m || /\{\{|\*/.test(m[1])) return [];
  const out: string[] = [];
  let depth = 0, cur = '';
  for (const ch of m[1]) {
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    if (ch === ',' && depth === 0) { out.push(cur); cur = ''; } else cur += ch;
  }
  if (cur.trim()) out.push(cur);
  return out.map((x) => x.trim()).filter(Boolean);
}
