// Columns a package declares a source has. Fivetran-style packages stage each source table as
//   stg_x_tmp: select * from source('x', 't')      (or dbt_utils.star / a union of connections)
//   stg_x:     fivetran_utils.fill_staging_columns(source_columns=adapter.get_columns_in_relation(ref('stg_x_tmp')),
//                                                   staging_columns=get_t_columns())
// where get_t_columns() lists, with types, the columns the package expects the connector to have
// written. dbt compares the two at run time: a listed column the table has is selected, one it
// lacks becomes `cast(null as type)`. Offline, when the source's YAML lists few or no columns, that
// list is the package's own documented schema of the table: its columns are taken as the source's
// (with the evidence), so the `select *` and the staging model trace to them instead of reading as
// nulls with no parent. Only when the relation fill_staging_columns reads is the source itself,
// or a model reading nothing but that one source; target/catalog.json, when it has the table, wins.
import type { DbtNode, Project } from '../project/types.js';
import type { MacroLibrary } from '../sql-render/macros.js';
import type { CallOrigins } from '../sql-render/render.js';
import type { Relation } from '../sql-render/values.js';
import { modelSql, type SqlInputs } from './model-sql.js';

/** A source's columns as a package declares them, and where. */
/** `by`: the evidence, in a sentence; `macro`: the macro that lists them (`get_group_columns()`). */
export interface Declared { names: string[]; by: string; macro: string }

const MACRO = 'fill_staging_columns';

const callers = new WeakMap<MacroLibrary, RegExp | null>();
/**
 * Whether a model's text may call fill_staging_columns: by name, or through a macro of the project or
 * a package that calls it, at any depth (a project's own `stage_table(...)` wrapping it). Only such a
 * model is told of macro calls: binding every call's arguments costs.
 */
export function mayFillStaging(text: string, lib: MacroLibrary): boolean {
  if (text.includes(MACRO)) return true;
  if (!callers.has(lib)) {
    // the macros whose files name fill_staging_columns, then those whose files name one of them, …
    const names = new Set([MACRO]);
    for (let grew = true; grew;) {
      grew = false;
      const re = new RegExp(`\\b(?:${[...names].join('|')})\\b`);
      for (const t of lib.packages.values()) for (const n of t.mentioning(re)) if (!names.has(n)) { names.add(n); grew = true; }
    }
    names.delete(MACRO);
    callers.set(lib, names.size ? new RegExp(`\\b(?:${[...names].join('|')})\\s*\\(`) : null);
  }
  return callers.get(lib)?.test(text) ?? false;
}

/**
 * Per macro library, the models whose SQL cannot call fill_staging_columns: a node object stands
 * for one reading of its file (a changed file gives a new node, renew-nodes.ts), so after a
 * change only the new nodes' text is searched again — not 10,000 models' SQL after every edit.
 */
const notFilling = new WeakMap<MacroLibrary, WeakSet<DbtNode>>();

/**
 * Each source (by unique id) whose columns a model's fill_staging_columns call declares.
 * `involved` gets the models the answer read (those that may call it, and the relations they
 * read): a change to no other model leaves it as it is.
 */
export function stagingDeclarations(p: Project, lib: MacroLibrary, inputs: Omit<SqlInputs, 'columnsOf' | 'onMacro' | 'probe'>, involved?: Set<string>): Map<string, Declared> {
  const out = new Map<string, Declared>();
  // an installed package's staging models declare its sources' columns as the project's own do
  const models = [...p.models, ...p.packageNodes.filter((n) => n.resourceType === 'model')];
  let byIdMap: Map<string, DbtNode> | undefined;
  const byId = () => (byIdMap ??= new Map<string, DbtNode>(models.map((m) => [m.uniqueId, m])));
  const textOf = (n: DbtNode) => { try { return n.sqlPath ? p.sqlText?.(n.sqlPath) ?? p.readText(n.sqlPath) : undefined; } catch { return undefined; } };
  const probe = { ...inputs, lib, columnsOf: () => undefined, probe: true };
  let skip = notFilling.get(lib);
  if (!skip) notFilling.set(lib, (skip = new WeakSet()));
  for (const m of models) {
    if (skip.has(m)) continue;
    const text = textOf(m);
    if (!text) continue;
    if (!mayFillStaging(text, lib)) { skip.add(m); continue; }
    involved?.add(m.uniqueId);
    const calls: { rel: Relation; names: string[]; macro?: { name: string; file: string } }[] = [];
    modelSql(m, {
      ...probe,
      onMacro: (def, bound, from) => {
        if (def.name !== MACRO) return;
        const rel = from.relationOf(bound.source_columns), list = bound.staging_columns;
        if (!rel?.node || !Array.isArray(list)) return;
        // an entry marked `is_rename` is another spelling of a listed column (salesforce_source adds the
        // connector's camelCase one for each; the table has one or the other): not a column it declares
        const names = list.map((c) => (c && typeof c === 'object' && (c as { is_rename?: unknown }).is_rename !== true ? (c as { name?: unknown }).name : undefined))
          .filter((x): x is string => typeof x === 'string' && !!x);
        const made = from.macroOf(list);
        if (names.length) calls.push({ rel, names, ...(made ? { macro: { name: made.name, file: made.file } } : {}) });
      },
    });
    for (const c of calls) {
      if (c.rel.node) involved?.add(c.rel.node);
      const source = sourceBehind(c.rel, byId(), probe);
      if (!source) continue;
      const via = c.rel.kind === 'source' ? '' : ` through ${c.rel.name}`;
      const by = `${c.macro ? `${c.macro.name}()${c.macro.file ? ` (${c.macro.file})` : ''}` : 'the staging column list'} declares the columns ${m.name} expects of it${via} (fivetran_utils.${MACRO})`;
      const had = out.get(source);
      if (!had) { out.set(source, { names: [...c.names], by, macro: c.macro ? `${c.macro.name}()` : `${m.name}'s staging column list` }); continue; }
      const seen = new Set(had.names.map((x) => x.toLowerCase()));
      for (const x of c.names) if (!seen.has(x.toLowerCase())) { had.names.push(x); seen.add(x.toLowerCase()); }
      if (!had.by.includes(by)) had.by += `; ${by}`;
    }
  }
  return out;
}

/** The staging columns a fill_staging_columns call fills with null (its relation has no such column among those known), by output name. */
export function filledNulls(name: string, bound: Record<string, unknown>, from: CallOrigins): { column: string; relation: string }[] {
  const rel = name === MACRO ? from.relationOf(bound.source_columns) : undefined;
  const list = bound.staging_columns, have = bound.source_columns;
  if (!rel || !Array.isArray(list) || !Array.isArray(have)) return [];
  const known = new Set(have.map((c) => String((c as { name?: unknown })?.name ?? '').toLowerCase()));
  const out: { column: string; relation: string }[] = [];
  for (const c of list) {
    const col = c && typeof c === 'object' ? c as { name?: unknown; alias?: unknown } : undefined;
    if (typeof col?.name !== 'string' || known.has(col.name.toLowerCase())) continue;
    out.push({ column: typeof col.alias === 'string' ? col.alias : col.name, relation: rel.name });
  }
  return out;
}

/** The source a relation reads: itself, or the one source a model reads and nothing else. */
function sourceBehind(rel: Relation, models: Map<string, DbtNode>, probe: SqlInputs): string | undefined {
  if (rel.kind === 'source') return rel.node;
  const m = rel.node ? models.get(rel.node) : undefined;
  if (!m) return undefined;
  const read = modelSql(m, probe);
  if (!read || read.via !== 'rendered' || read.error) return undefined;
  const rels = new Set([...read.relations()].filter((r) => r.kind !== 'this').map((r) => `${r.kind}\u0000${r.node ?? r.name}`));
  if (rels.size !== 1) return undefined;
  const [only] = [...read.relations()].filter((r) => r.kind !== 'this');
  return only.kind === 'source' ? only.node : undefined;
}
