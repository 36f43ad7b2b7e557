// Small dbt projects written by tests. In dbt a model exists because a SQL file defines it;
// a YAML entry only describes it. Tests that write property YAML get the matching SQL files.
import { load } from 'js-yaml';

/**
 * `files` plus a one-line SQL file beside each YAML `models:` entry that has none. With `columns`, the
 * SQL returns the entry's documented columns (as nulls), so a reader of the SQL finds what the YAML says.
 */
export function withModelFiles(files: Record<string, string>, opts: { columns?: boolean } = {}): Record<string, string> {
  const out = { ...files };
  const sqlNames = new Set(Object.keys(files).filter((f) => /\.(sql|py)$/.test(f)).map((f) => f.split('/').pop()!.replace(/\.(sql|py)$/, '')));
  for (const [rel, text] of Object.entries(files)) {
    if (!/\.ya?ml$/.test(rel) || rel.startsWith('Modeler/') || rel === 'dbt_project.yml') continue;
    let v: any;
    try { v = load(text); } catch { continue; }
    for (const m of Array.isArray(v?.models) ? v.models : []) {
      if (typeof m?.name !== 'string' || sqlNames.has(m.name)) continue;
      const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : 'models';
      const cols: string[] = opts.columns && Array.isArray(m.columns) ? m.columns.map((c: any) => c?.name).filter((n: unknown) => typeof n === 'string') : [];
      out[`${dir}/${m.name}.sql`] = cols.length ? `select ${cols.map((c) => `null as ${c}`).join(', ')}\n` : 'select 1 as placeholder\n';
      sqlNames.add(m.name);
    }
  }
  return out;
}
