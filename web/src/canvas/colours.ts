// Colours by layer (the title bar's top edge) and by domain (the table's left edge), one set for
// the canvas, its legend and the exported SVG. A layer dbt projects commonly name gets a fixed
// colour; other layers and every domain take the next colour of a palette, in name order, so a
// table keeps its colour whatever the focus.
import type { CanvasGraph } from './model';

const KNOWN_LAYERS: Record<string, string> = {
  source: '#64748b', raw: '#64748b', stg: '#0ea5e9', staging: '#0ea5e9', base: '#0ea5e9', int: '#14b8a6', intermediate: '#14b8a6',
  mart: '#8b5cf6', marts: '#8b5cf6', fct: '#8b5cf6', dim: '#8b5cf6', core: '#8b5cf6', conceptual: '#f59e0b', logical: '#eab308', physical: '#a16207',
};
const PALETTE = ['#e11d48', '#2563eb', '#16a34a', '#d97706', '#7c3aed', '#0891b2', '#db2777', '#65a30d', '#ea580c', '#4f46e5', '#0d9488', '#9333ea'];

export interface Colours { layers: Map<string, string>; domains: Map<string, string> }

export function coloursOf(g: CanvasGraph): Colours {
  const layers = new Set<string>(), domains = new Set<string>();
  for (const n of g.nodes) { if (n.layer) layers.add(n.layer); if (n.domain) domains.add(n.domain); }
  const sorted = (s: Set<string>) => [...s].sort((a, b) => a.localeCompare(b));
  let i = 0;
  const l = new Map(sorted(layers).map((x) => [x, KNOWN_LAYERS[x.toLowerCase()] ?? PALETTE[i++ % PALETTE.length]]));
  const d = new Map(sorted(domains).map((x, j) => [x, PALETTE[(j + 3) % PALETTE.length]]));
  return { layers: l, domains: d };
}
