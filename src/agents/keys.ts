// Keys of a dbt model as its YAML/manifest declares them: which columns are unique, which one is
// the primary key. Used for cardinality (a unique foreign key is one-to-one) and default targets.
import { isTest } from '../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode } from '../core/project/types.js';

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

/** Is `column` unique on its own in `node` (unique test, primary/unique constraint, unique_key)? */
export function isUniqueColumn(node: DbtNode, column: string): boolean {
  const name = column.toLowerCase();
  const col = node.columns.find((c) => c.name.toLowerCase() === name);
  if (col && columnDeclaresUnique(col)) return true;
  for (const k of modelConstraints(node)) {
    if ((k.type === 'primary_key' || k.type === 'unique') && sameSet(columnList(k.columns), [name])) return true;
  }
  for (const t of node.tests) {
    if (isTest(t, 'unique') && lower(t.args.column_name) === name) return true;
    if (/unique_combination_of_columns$/.test(t.name) && sameSet(columnList(t.args.combination_of_columns), [name])) return true;
  }
  const uk = node.interface?.unique_key ?? node.config?.unique_key;
  return lower(uk) === name;
}

function columnDeclaresUnique(c: DbtColumn): boolean {
  if (c.tests.some((t) => isTest(t, 'unique'))) return true;
  if (c.constraints.some((k) => k?.type === 'primary_key' || k?.type === 'unique')) return true;
  return c.raw?.primary_key === true || c.raw?.unique === true || c.meta?.primary_key === true || c.meta?.unique === true;
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

/**
 * The model's primary key column when one is evident: a declared primary key, else the only
 * unique column, else the unique column named like `id` / `<noun>_id`.
 */
export function primaryKeyColumn(node: DbtNode, nounSnake?: string): string | undefined {
  const declared = node.columns.find((c) => c.constraints.some((k) => k?.type === 'primary_key') || c.raw?.primary_key === true || c.meta?.primary_key === true);
  if (declared) return declared.name;
  const pk = modelConstraints(node).find((k) => k.type === 'primary_key' && columnList(k.columns).length === 1);
  if (pk) return node.columns.find((c) => c.name.toLowerCase() === columnList(pk.columns)[0])?.name ?? String(columnList(pk.columns)[0]);
  const unique = node.columns.filter((c) => isUniqueColumn(node, c.name));
  if (unique.length === 1) return unique[0].name;
  const named = unique.find((c) => c.name.toLowerCase() === 'id' || (nounSnake && c.name.toLowerCase() === `${nounSnake}_id`));
  return named?.name ?? unique[0]?.name;
}
