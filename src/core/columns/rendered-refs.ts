// ref() calls whose model name is built while the SQL renders — `{% set r = 'stg_' ~ feed %}{{ ref(r) }}`
// in a loop over a var, `ref(var('x'))` — name no model in the text; dbt renders them and depends
// on what they name. Only the models that hold such a call are rendered here (as `dbt compile`
// would, src/core/columns/model-sql.ts), once per state of the project.
import { modelSql } from './model-sql.js';
import type { DbtNode, Project } from '../project/types.js';
import { readMacroLibrary } from '../sql-render/macros.js';

/** A ref() call whose argument is not a quoted name: `ref(relation_source)`, `ref(var('x'))`. */
export const DYNAMIC_REF = /\bref\s*\(\s*[^'"\s)]/;

const held = new WeakMap<Project, { files: unknown; refs: Map<string, string[]> }>();

/** Each model (by unique id) with a ref() built at render time → the unique ids of the nodes those calls name. */
export function renderedRefs(p: Project): Map<string, string[]> {
  const h = held.get(p);
  if (h && h.files === p.files) return h.refs;
  const refs = new Map<string, string[]>();
  const text = (rel: string) => { try { return p.sqlText?.(rel) ?? p.readText(rel); } catch { return ''; } };
  const dynamic = [...p.models, ...p.snapshots].filter((n) => n.sqlPath && DYNAMIC_REF.test(text(n.sqlPath)));
  if (dynamic.length) {
    const lib = readMacroLibrary(p.root, p.name, p.macroPaths, p.packagesInstallPath);
    for (const n of dynamic) {
      let sql: ReturnType<typeof modelSql>;
      try {
        sql = modelSql(n, { project: p, lib, target: p.dbtTarget, columnsOf: () => undefined, compiledRelations: () => new Map() });
      } catch { continue; } // a template the renderer refuses: its static refs stay what is known
      const ids = [...new Set((sql?.relations() ?? []).filter((r) => r.kind === 'ref' && r.node && r.node !== n.uniqueId).map((r) => r.node!))];
      if (ids.length) refs.set(n.uniqueId, ids);
    }
  }
  held.set(p, { files: p.files, refs });
  return refs;
}

/** `n`'s rendered ref() targets that its static refs do not already name. */
export function renderedOnly(p: Project, n: DbtNode): DbtNode[] {
  const ids = renderedRefs(p).get(n.uniqueId);
  if (!ids) return [];
  const named = new Set(n.refs.map((r) => r.name));
  const byId = new Map([...p.models, ...p.seeds, ...p.snapshots].filter((m) => ids.includes(m.uniqueId)).map((m) => [m.uniqueId, m]));
  return ids.map((id) => byId.get(id)).filter((m): m is DbtNode => !!m && !named.has(m.name));
}
