// target/catalog.json (what `dbt docs generate` writes): each node's columns as the warehouse
// describes them, with their types, in the warehouse's order.
import type { Project } from '../project/types.js';

export interface CatalogColumn { name: string; type?: string; index: number }

/** The catalog's columns of a node (model, seed, snapshot or source), or undefined when it has none. */
export function catalogColumns(p: Project, uniqueId: string): CatalogColumn[] | undefined {
  const c = p.target.catalog;
  const entry = c?.nodes?.[uniqueId] ?? c?.sources?.[uniqueId];
  const cols = entry?.columns;
  if (!cols || typeof cols !== 'object') return undefined;
  return Object.values<any>(cols)
    .filter((x) => x && typeof x.name === 'string')
    .map((x, i) => ({ name: x.name as string, type: typeof x.type === 'string' ? x.type : undefined, index: typeof x.index === 'number' ? x.index : i }))
    .sort((a, b) => a.index - b.index);
}
