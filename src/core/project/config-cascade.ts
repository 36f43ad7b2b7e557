// How dbt combines configs: dbt_project.yml `+key` settings by resource path (general to
// specific), then the property YAML's `config:`, then the SQL file's `config()` call. Most
// keys are replaced by the more specific value; `tags` add up and `meta` dicts merge.
import { renderDeep, UNKNOWN, type JContext } from './jinja-expr.js';

/** Config keys dbt recognises without the `+` prefix in dbt_project.yml. */
const KNOWN_KEYS = new Set([
  'enabled', 'materialized', 'schema', 'database', 'alias', 'tags', 'meta', 'docs', 'persist_docs', 'full_refresh',
  'contract', 'grants', 'access', 'group', 'pre-hook', 'post-hook', 'quoting', 'column_types', 'unique_key',
  'incremental_strategy', 'on_schema_change', 'severity', 'store_failures', 'store_failures_as', 'where', 'limit',
  'warn_if', 'error_if', 'freshness', 'loaded_at_field', 'loaded_at_query', 'event_time', 'sql_header', 'transient', 'cluster_by',
  'partition_by', 'labels', 'file_format', 'location_root', 'strategy', 'target_schema', 'target_database',
  'check_cols', 'updated_at', 'invalidate_hard_deletes', 'hard_deletes', 'quote_columns', 'delimiter',
]);

export type Config = Record<string, unknown>;

/** `+key` settings along `fqn` (project name first, then folders, then the resource name). */
export function projectConfig(tree: unknown, fqn: readonly string[], ctx: JContext): Config {
  let out: Config = {};
  let level: unknown = tree;
  const take = (l: unknown) => {
    if (!l || typeof l !== 'object' || Array.isArray(l)) return;
    const here: Config = {};
    for (const [k, v] of Object.entries(l)) {
      if (k.startsWith('+')) here[k.slice(1)] = v;
      else if (KNOWN_KEYS.has(k) && (v === null || typeof v !== 'object' || Array.isArray(v) || k === 'meta' || k === 'contract' || k === 'docs' || k === 'freshness' || k === 'persist_docs' || k === 'grants' || k === 'quoting')) here[k] = v;
    }
    out = mergeConfig(out, renderDeep(here, ctx) as Config);
  };
  take(level);
  for (const seg of fqn) {
    level = level && typeof level === 'object' ? (level as Record<string, unknown>)[seg] : undefined;
    if (!level) break;
    take(level);
  }
  return out;
}

/** `over` on top of `base`, as dbt combines configs. */
export function mergeConfig(base: Config, over: Config | undefined): Config {
  if (!over) return base;
  const out: Config = { ...base };
  for (const [k, v] of Object.entries(over)) {
    if (v === undefined) continue;
    if (k === 'tags') {
      // a tag that could not be evaluated is no tag (not the text of the reader's marker)
      const add = Array.isArray(v) ? v.filter((x) => x !== UNKNOWN).map(String) : typeof v === 'string' ? [v] : [];
      out.tags = [...new Set([...(Array.isArray(out.tags) ? (out.tags as string[]) : []), ...add])];
    } else if (k === 'meta' && v && typeof v === 'object' && !Array.isArray(v)) {
      out.meta = { ...(out.meta && typeof out.meta === 'object' ? (out.meta as object) : {}), ...(v as object) };
    } else out[k] = v;
  }
  return out;
}

/** The `enabled` of a combined config: true unless it resolved to false ("false" strings too). */
export function isEnabled(config: Config): boolean | typeof UNKNOWN {
  const v = config.enabled;
  if (v === UNKNOWN) return UNKNOWN;
  if (v === undefined || v === null) return true;
  if (typeof v === 'string') return !/^\s*(false|0|no|off)\s*$/i.test(v);
  return v !== false && v !== 0;
}
