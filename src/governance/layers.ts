// Layers of a dbt-style project (stg, int, fct, dim, mart): declared in meta, else from the
// name prefix, else from the folder. Selectors of policies and `contracts enforce` use this.
export const LAYERS = ['stg', 'int', 'fct', 'dim', 'mart'] as const;
export type LayerKey = (typeof LAYERS)[number];

const ALIASES: Record<string, LayerKey> = {
  stg: 'stg', staging: 'stg', int: 'int', intermediate: 'int', fct: 'fct', fact: 'fct', facts: 'fct',
  dim: 'dim', dimension: 'dim', dimensions: 'dim', mart: 'mart', marts: 'mart',
};

export function normalizeLayer(s: string): LayerKey | undefined {
  return ALIASES[s.trim().toLowerCase()];
}

const PREFIXES: [RegExp, LayerKey][] = [
  [/^(stg|staging|src|raw)_/, 'stg'], [/^int_/, 'int'], [/^(fct|fact)_/, 'fct'], [/^dim_/, 'dim'], [/^marts?_/, 'mart'],
];

/** Every layer an object belongs to: declared/prefix layer first, then its folder's layer. */
export function inferLayers(o: { name: string; path?: string; declared?: unknown }): LayerKey[] {
  const out: LayerKey[] = [];
  const add = (l: LayerKey | undefined) => { if (l && !out.includes(l)) out.push(l); };
  if (typeof o.declared === 'string') add(normalizeLayer(o.declared));
  if (!out.length) for (const [re, l] of PREFIXES) if (re.test(o.name.toLowerCase())) { add(l); break; }
  for (const seg of (o.path ?? '').split('/').slice(0, -1)) add(normalizeLayer(seg));
  return out;
}
