// ref() and source() calls that name no relation in the model's text, which dbt renders and
// depends on: a ref() whose model name is built while the SQL renders — `{% set r = 'stg_' ~ feed
// %}{{ ref(r) }}` in a loop over a var, `ref(var('x'))`, a source() whose names come from a set list
// (`{% for src in sources %}{{ source(src.source, src.table) }}`) — and a call to one of the project's own
// macros that builds a ref()/source() from its arguments (`{{ stg_source_header('carif_oref',
// 'formations') }}`). Only the models that hold such a call are rendered here (as `dbt compile`
// would, src/core/columns/model-sql.ts), once per state of the project.
import { modelSql } from './model-sql.js';
import type { DbtNode, Project } from '../project/types.js';
import { readMacroLibrary } from '../sql-render/macros.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A ref() call whose argument is not a quoted name: `ref(relation_source)`, `ref(var('x'))`. */
export const DYNAMIC_REF = /\bref\s*\(\s*[^'"\s)]/;
/** A source() call whose source or table is not a quoted name: `source(src.source, src.table)` in a loop over a set list. */
const DYNAMIC_SOURCE = /\bsource\s*\(\s*(?:[^'"\s)]|['"][^'"]*['"]\s*,\s*[^'"\s)])/;

const MACRO = /\{%-?\s*macro\s+([A-Za-z_]\w*)\s*\(([\s\S]*?)\{%-?\s*endmacro/g;

/** The project's own macros whose body calls ref() or source(): a call to one may name a relation. */
function relationMacros(p: Project): { bare: RegExp; qualified?: RegExp } | undefined {
  const names: string[] = [];
  const walk = (rel: string) => {
    let entries;
    try { entries = readdirSync(join(p.root, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.isFile() && e.name.toLowerCase().endsWith('.sql')) {
        let text: string;
        try { text = readFileSync(join(p.root, r), 'utf8'); } catch { continue; }
        if (!text.includes('macro')) continue;
        for (const m of text.matchAll(MACRO)) {
          if (/\b(ref|source)\s*\(/.test(m[2])) names.push(m[1]);
          const d = /\badapter\s*\.\s*dispatch\s*\(\s*['"](\w+)['"]/.exec(m[2]);
          if (d) dispatchers.push([m[1], d[1]]);
        }
      }
    }
  };
  const dispatchers: [string, string][] = [];
  for (const dir of p.macroPaths) walk(dir.replace(/^\.\//, '').replace(/\/+$/, ''));
  if (!names.length) return undefined;
  // a macro that dispatches (adapter.dispatch('x', …)) to one that builds a relation, called under the project's own
  // name (`github.github_union_connections(…)`): rendered only for a model whose text names no relation at all, as
  // rendering a guarded macro (`{% if execute %}`) can pick a branch dbt's parse does not
  const dispatching = dispatchers.filter(([, t]) => names.some((n) => n === t || n.endsWith(`__${t}`))).map(([n]) => n);
  return { bare: new RegExp(`(?<![\\w.])(${names.join('|')})\\s*\\(`),
    qualified: dispatching.length ? new RegExp(`(?<![\\w.])${p.name.replace(/[^\w]/g, '\\$&')}\\s*\\.\\s*(${dispatching.join('|')})\\s*\\(`) : undefined };
}

const held = new WeakMap<Project, { files: unknown; refs: Map<string, string[]> }>();

/** Each model (by unique id) with a ref() built at render time → the unique ids of the nodes those calls name. */
export function renderedRefs(p: Project): Map<string, string[]> {
  const h = held.get(p);
  if (h && h.files === p.files) return h.refs;
  const refs = new Map<string, string[]>();
  const text = (rel: string) => { try { return p.sqlText?.(rel) ?? p.readText(rel); } catch { return ''; } };
  const viaMacro = relationMacros(p);
  const dynamic = [...p.models, ...p.snapshots].filter((n) => n.sqlPath && n.enabled !== false && (DYNAMIC_REF.test(text(n.sqlPath)) || DYNAMIC_SOURCE.test(text(n.sqlPath)) || !!viaMacro?.bare.test(text(n.sqlPath))
    || (!n.refs.length && !n.sourceRefs.length && !!viaMacro?.qualified?.test(text(n.sqlPath)))));
  if (dynamic.length) {
    const lib = readMacroLibrary(p.root, p.name, p.macroPaths, p.packagesInstallPath);
    for (const n of dynamic) {
      let sql: ReturnType<typeof modelSql>;
      try {
        sql = modelSql(n, { project: p, lib, target: p.dbtTarget, columnsOf: () => undefined, compiledRelations: () => new Map() });
      } catch { continue; } // a template the renderer refuses: its static refs stay what is known
      const ids = [...new Set((sql?.relations() ?? []).filter((r) => (r.kind === 'ref' || r.kind === 'source') && r.node && r.node !== n.uniqueId).map((r) => r.node!))];
      if (ids.length) refs.set(n.uniqueId, ids);
    }
  }
  held.set(p, { files: p.files, refs });
  return refs;
}

/** `n`'s rendered ref() and source() targets that its static refs and sources do not already name. */
export function renderedOnly(p: Project, n: DbtNode): DbtNode[] {
  const ids = renderedRefs(p).get(n.uniqueId);
  if (!ids) return [];
  const named = new Set([...n.refs.map((r) => r.name), ...n.sourceRefs]);
  const byId = new Map([...p.models, ...p.seeds, ...p.snapshots, ...p.sources].filter((m) => ids.includes(m.uniqueId)).map((m) => [m.uniqueId, m]));
  return ids.map((id) => byId.get(id)).filter((m): m is DbtNode => !!m && !named.has(m.name));
}
