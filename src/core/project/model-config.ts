// A model's effective config as dbt resolves it: the YAML entry wins over the SQL file's
// `{{ config(...) }}` call, which wins over folder-level `+key:` settings in dbt_project.yml,
// which win over dbt's default (materialized: view).
import { parseYamlSource } from '../yaml-source.js';
import type { DbtNode, Project } from './types.js';

export interface EffectiveConfig {
  materialized: string;
  contractEnforced: boolean;
  /** where the materialization came from */
  materializedFrom: 'yaml' | 'sql' | 'dbt_project' | 'default';
}

const CONFIG_KEYS = new Set(['materialized', 'contract', 'enabled', 'schema', 'database', 'alias', 'tags', 'meta', 'docs', 'persist_docs', 'full_refresh', 'grants', 'access', 'group']);
const projectTrees = new WeakMap<Project, Record<string, any> | null>();
const cache = new WeakMap<DbtNode, EffectiveConfig>();

export function effectiveConfig(project: Project, node: DbtNode): EffectiveConfig {
  let c = cache.get(node);
  if (c) return c;
  const folder = folderConfig(project, node);
  const sql = node.materialized === undefined || node.config?.contract === undefined ? sqlConfig(project, node) : {};
  const yamlContract = node.config?.contract?.enforced ?? node.raw?.contract?.enforced;
  const materialized = node.materialized ?? sql.materialized ?? folder.materialized;
  c = {
    materialized: materialized ?? 'view',
    materializedFrom: node.materialized ? 'yaml' : sql.materialized ? 'sql' : folder.materialized ? 'dbt_project' : 'default',
    contractEnforced: (yamlContract ?? sql.contractEnforced ?? folder.contract?.enforced) === true,
  };
  cache.set(node, c);
  return c;
}

/** Settings from dbt_project.yml `models:` that apply to the node's folder. */
function folderConfig(project: Project, node: DbtNode): Record<string, any> {
  let tree: Record<string, any> | null | undefined = projectTrees.get(project);
  if (tree === undefined) {
    tree = null;
    try {
      const v = parseYamlSource(project.readText('dbt_project.yml'), 'dbt_project.yml').value as any;
      if (v && typeof v.models === 'object') tree = v.models;
    } catch { /* no dbt_project.yml: nothing to inherit */ }
    projectTrees.set(project, tree ?? null);
  }
  if (!tree) return {};
  const root: Record<string, any> = tree;
  const path = node.sqlPath ?? node.file ?? '';
  const modelPath = project.modelPaths.find((p) => path.startsWith(p + '/'));
  const segs = modelPath ? path.slice(modelPath.length + 1).split('/').slice(0, -1) : [];
  const out: Record<string, any> = {};
  const apply = (level: any) => {
    if (!level || typeof level !== 'object') return;
    for (const [k, v] of Object.entries(level)) {
      if (k.startsWith('+')) out[k.slice(1)] = v;
      else if (CONFIG_KEYS.has(k) && (typeof v !== 'object' || k === 'contract' || k === 'meta')) out[k] = v;
    }
  };
  let level = root[project.name];
  apply(level);
  for (const s of segs) {
    level = level && typeof level === 'object' ? level[s] : undefined;
    if (!level) break;
    apply(level);
  }
  return out;
}

/** `{{ config(materialized='table', contract={'enforced': true}) }}` at the top of a model's SQL. */
function sqlConfig(project: Project, node: DbtNode): { materialized?: string; contractEnforced?: boolean } {
  if (!node.sqlPath) return {};
  let text: string;
  try { text = project.readText(node.sqlPath); } catch { return {}; }
  const call = /\{\{\s*config\s*\(([\s\S]*?)\)\s*\}\}/.exec(text)?.[1];
  if (!call) return {};
  const mat = /\bmaterialized\s*=\s*['"]([A-Za-z_]+)['"]/.exec(call)?.[1];
  const enforced = /\bcontract\s*=\s*\{\s*['"]enforced['"]\s*:\s*(true|false|True|False)/.exec(call)?.[1];
  return { materialized: mat, contractEnforced: enforced === undefined ? undefined : enforced.toLowerCase() === 'true' };
}
