// Keys a model's SQL states by a join: `from candidats as c left join stg_organisations as o on o.id = c.id_auteur_prescripteur`
// says the FROM relation's id_auteur_prescripteur holds an organisation's id, whatever role its name gives it.
import type { DbtNode, Project } from '../core/project/types.js';
import { modelText } from './staging.js';

/** A relation read by ref() or source(). */
export type Relation = { ref: string } | { source: string };

const RELATION = String.raw`\{\{-?\s*(?:ref\s*\(\s*['"]([\w.]+)['"]\s*\)|source\s*\(\s*['"]([\w-]+)['"]\s*,\s*['"]([\w-]+)['"]\s*\))\s*-?\}\}`;
const READ = new RegExp(String.raw`\b(from|join)\s+${RELATION}(?:\s+(?:as\s+)?"?([A-Za-z_]\w*)"?)?`, 'gi');
const ON = /\b([A-Za-z_]\w*)\."?([\p{L}_][\p{L}\p{N}_]*)"?\s*=\s*([A-Za-z_]\w*)\."?([\p{L}_][\p{L}\p{N}_]*)"?/gu;
const NOT_ALIAS = new Set(['on', 'where', 'left', 'right', 'inner', 'full', 'cross', 'join', 'group', 'order', 'union', 'limit']);

const cache = new WeakMap<DbtNode, Map<string, Relation>>();

/** Columns of the model's FROM relation that a join matches to another relation's `id`: column (lower case) → that relation. */
export function joinedKeys(project: Project, node: DbtNode): Map<string, Relation> {
  let out = cache.get(node);
  if (out) return out;
  out = new Map();
  cache.set(node, out);
  if (!node.sqlPath) return out;
  let text = '';
  try { text = modelText(project, node.sqlPath); } catch { return out; }
  text = text.replace(/\/\*[\s\S]*?\*\/|\{#[\s\S]*?#\}|--[^\n]*/g, ' ');
  const aliases = new Map<string, Relation>();
  let base: string | undefined;
  for (const m of text.matchAll(READ)) {
    const rel: Relation = m[2] ? { ref: m[2] } : { source: `${m[3]}.${m[4]}` };
    const alias = m[5] && !NOT_ALIAS.has(m[5].toLowerCase()) ? m[5].toLowerCase() : undefined;
    if (!alias) continue;
    if (m[1].toLowerCase() === 'from') {
      // (one FROM only: a model of several SELECTs is not read for this)
      if (base) return out;
      base = alias;
    }
    aliases.set(alias, rel);
  }
  if (!base) return out;
  for (const m of text.matchAll(ON)) {
    const [a, ac, b, bc] = [m[1].toLowerCase(), m[2].toLowerCase(), m[3].toLowerCase(), m[4].toLowerCase()];
    const [other, col] = a === base && bc === 'id' ? [b, ac] : b === base && ac === 'id' ? [a, bc] : [];
    const rel = other && other !== base ? aliases.get(other) : undefined;
    if (rel && col) out.set(col, rel);
  }
  return out;
}
