// Keys a model's SQL states by a join: `from candidats as c left join stg_organisations as o on o.id = c.id_auteur_prescripteur`
// says the FROM relation's id_auteur_prescripteur holds an organisation's id, whatever role its name gives it; and
// `s.id as id_structure` read from a joined source table is the key of the one model that stages that table.
import { projectColumns } from '../core/columns/project-columns.js';
import type { DbtNode, Project } from '../core/project/types.js';
import type { StagingModel } from './entities.js';
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

/** The one entity model (other than `m`) that stages a source table and nothing else. */
export function stagerOf(models: readonly StagingModel[], table: string, m: StagingModel): StagingModel | undefined {
  const stagers = models.filter((o) => o !== m && o.kind === 'entity' && o.node.sourceRefs.length === 1 && o.node.sourceRefs[0] === table);
  return stagers.length === 1 ? stagers[0] : undefined;
}

/**
 * Columns the model's SQL reads from another source table's own id (`left join {{ source('emplois', 'structures') }} as s
 * … s.id as id_structure`) → the entity of the one staging model that stages that table: lineage says which system the key is of.
 */
export function keysReadFrom(project: Project, m: StagingModel, models: readonly StagingModel[]): Map<string, string> {
  const out = new Map<string, string>();
  // (a join is needed to read another table's id: a model reading one relation is not read again for it)
  if (new Set(m.node.sourceRefs).size + m.node.refs.length < 2) return out;
  for (const c of projectColumns(project).sql(m.node)?.columns ?? []) {
    if (c.sources.length !== 1 || !/^(?:id|uuid|_id)$/i.test(c.sources[0].column)) continue;
    const rel = c.sources[0].relation;
    if (!rel.startsWith('source.')) continue;
    const table = rel.split('.').slice(-2).join('.');
    const stager = stagerOf(models, table, m);
    if (stager) out.set(c.name.toLowerCase(), stager.entity ?? stager.noun);
  }
  return out;
}
