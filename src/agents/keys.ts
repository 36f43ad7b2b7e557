// Keys of a dbt model as its YAML/manifest declares them: which columns are unique, which one is
// the primary key. Used for cardinality (a unique foreign key is one-to-one) and default targets.
import { isTest } from '../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode, DbtTest, Project } from '../core/project/types.js';
import { isRowPositionColumn, isTechnicalColumn } from './columns.js';

function lower(s: unknown): string {
  return typeof s === 'string' ? s.toLowerCase() : '';
}

function modelConstraints(node: DbtNode): Record<string, any>[] {
  const c = node.raw?.constraints ?? node.config?.constraints;
  return Array.isArray(c) ? c.filter((x) => x && typeof x === 'object') : [];
}

function columnList(v: unknown): string[] {
  return (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []).map((x) => lower(x));
}

/**
 * A key's business columns: a combination with Fivetran's `source_relation` (or another loader
 * column) is unique per unioned source, so [charge_id, source_relation] is charge_id's key.
 */
function businessColumns(cols: string[]): string[] {
  const kept = cols.filter((c) => !isTechnicalColumn(c));
  // …but a loader's line number in its file (export_date + _sdc_source_lineno) is the row's position, not its source:
  // without it the rest identifies nothing (one row per line of each day's export)
  if (kept.length < cols.length && cols.some(isRowPositionColumn)) return cols;
  return kept.length ? kept : cols;
}

/** Is `column` unique on its own in `node` (unique test, primary/unique constraint, unique_key)? */
export function isUniqueColumn(node: DbtNode, column: string): boolean {
  return uniqueColumns(node).has(column.toLowerCase());
}

const uniqueCache = new WeakMap<DbtNode, Set<string>>();

/** Lower-case names of the columns unique on their own in `node`, read once per node. */
export function uniqueColumns(node: DbtNode): Set<string> {
  let out = uniqueCache.get(node);
  if (out) return out;
  out = new Set<string>();
  for (const c of node.columns) if (columnDeclaresUnique(c)) out.add(c.name.toLowerCase());
  for (const k of modelConstraints(node)) {
    const cols = businessColumns(columnList(k.columns));
    if ((k.type === 'primary_key' || k.type === 'unique') && cols.length === 1) out.add(cols[0]);
  }
  for (const t of node.tests) {
    if (isUniqueTest(t) && typeof t.args.column_name === 'string') out.add(t.args.column_name.toLowerCase());
    else if (/unique_combination_of_columns$/.test(t.name)) {
      const cols = businessColumns(columnList(t.args.combination_of_columns));
      if (cols.length === 1) out.add(cols[0]);
    }
  }
  const uk = lower(node.interface?.unique_key ?? node.config?.unique_key);
  if (uk) out.add(uk);
  uniqueCache.set(node, out);
  return out;
}

/**
 * dbt's unique test, or a project's own variant of it named for how it narrows the rows it checks (stellar's
 * `incremental_unique`: unique over the recent rows of an incremental model): the column is the row's key all the same.
 */
function isUniqueTest(t: DbtTest): boolean {
  return isTest(t, 'unique') || /^[a-z]+_unique$/.test(t.name);
}

function columnDeclaresUnique(c: DbtColumn): boolean {
  if (c.tests.some(isUniqueTest)) return true;
  if (c.constraints.some((k) => k?.type === 'primary_key' || k?.type === 'unique')) return true;
  return c.raw?.primary_key === true || c.raw?.unique === true || c.meta?.primary_key === true || c.meta?.unique === true;
}


/**
 * The model's primary key column when one is evident: a declared primary key, else the only
 * unique column, else the unique column named like `id` / `<noun>_id`.
 */
export function primaryKeyColumn(node: DbtNode, nounSnake?: string): string | undefined {
  const declared = node.columns.find((c) => c.constraints.some((k) => k?.type === 'primary_key') || c.raw?.primary_key === true || c.meta?.primary_key === true);
  if (declared) return declared.name;
  const pk = modelConstraints(node).find((k) => k.type === 'primary_key' && businessColumns(columnList(k.columns)).length === 1);
  if (pk) { const col = businessColumns(columnList(pk.columns))[0]; return node.columns.find((c) => c.name.toLowerCase() === col)?.name ?? col; }
  // a loader's row id (_airbyte_raw_id) is unique per load, not the thing's identity
  const unique = node.columns.filter((c) => isUniqueColumn(node, c.name) && !isTechnicalColumn(c.name));
  if (unique.length === 1) return unique[0].name;
  const named = unique.find((c) => c.name.toLowerCase() === 'id' || (nounSnake && c.name.toLowerCase() === `${nounSnake}_id`));
  return named?.name ?? unique[0]?.name;
}

const sourceKeyCache = new WeakMap<Project, Map<string, Set<string>>>();

/** `source.table` (lower case) → the columns its YAML declares unique, read once per project. */
function sourceUniqueColumns(project: Project): Map<string, Set<string>> {
  let out = sourceKeyCache.get(project);
  if (out) return out;
  out = new Map();
  for (const s of project.sources) {
    const u = uniqueColumns(s);
    if (u.size) out.set(s.name.toLowerCase(), u);
  }
  sourceKeyCache.set(project, out);
  return out;
}

/**
 * Columns of a model that are unique because the dbt source it selects from declares them so
 * (`- name: CLIENT_ID` with a unique test): the column itself, or its rename (`client_id as
 * channel_id`). Only for a model that reads exactly one source and no other model (a staging
 * model over one table), so that no join or union can repeat its rows.
 */
export function inheritedKeys(project: Project, node: DbtNode, columns: readonly { name: string }[], renames: ReadonlyMap<string, string>): Set<string> {
  const out = new Set<string>();
  if (node.sourceRefs.length !== 1 || node.refs.length) return out;
  const unique = sourceUniqueColumns(project).get(node.sourceRefs[0].toLowerCase());
  if (!unique) return out;
  for (const c of columns) {
    const n = c.name.toLowerCase();
    if (unique.has(renames.get(n) ?? n) && !isTechnicalColumn(n)) out.add(n);
  }
  return out;
}
