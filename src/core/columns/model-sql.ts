// The SQL a model (or snapshot) runs, as `dbt compile` would give it: target/manifest.json's
// `compiled_code` when it holds one for the node and the file has not changed since (its sha256
// checksum still matches), else the file rendered here (src/core/sql-render). Either way, the
// tables its FROM clauses name are mapped back to the project's nodes.
import { createHash } from 'node:crypto';
import { renderValue } from '../project/jinja-expr.js';
import type { DbtNode, Project } from '../project/types.js';
import type { MacroLibrary } from '../sql-render/macros.js';
import { renderModelSql, type DbtTargetInfo, type Placeholder, type RelationTarget, type RenderInput } from '../sql-render/render.js';
import type { Relation } from '../sql-render/values.js';
import { filledNulls, mayFillStaging } from './staging-columns.js';

export interface ModelSql {
  via: 'compiled' | 'rendered';
  sql: string;
  placeholders: Placeholder[];
  /** Undecidable conditions met while rendering (each choice is rendered; see project-columns). */
  decisions: number;
  /** The node a table name in the SQL stands for (lower-cased dotted name → unique id, or undefined when not a node). */
  relationOf(name: string[]): string | undefined;
  /** Columns fivetran_utils.fill_staging_columns filled with null: the relation read has no such column among those known. */
  filled?: { column: string; relation: string }[];
  /** The relations ref()/source()/this made while rendering (none for compiled code). */
  relations(): Relation[];
  error?: { line: number; message: string };
}

export interface SqlInputs {
  project: Project;
  lib: MacroLibrary;
  target?: DbtTargetInfo;
  /** Columns of a node, when known (for `adapter.get_columns_in_relation`). */
  columnsOf(node: string): { name: string; data_type?: string }[] | undefined;
  /** Relation names in compiled_code (manifest `relation_name`, lower-cased, unquoted) → unique id. */
  compiledRelations(): Map<string, string>;
  /** What `ref()`/`source()` name (default: resolveRelation; project-columns records what each model asked); `from`: the calling node's package. */
  resolve?(kind: 'ref' | 'source', args: string[], kw: Record<string, unknown>, from?: string): RelationTarget | undefined;
  /** Read the model's own text for its macro calls (RenderInput.probe/onMacro), even where compiled code exists. */
  probe?: boolean;
  onMacro?: RenderInput['onMacro'];
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const unquote = (parts: string[]) => parts.map((p) => p.replace(/^["`[]|["`\]]$/g, '').toLowerCase()).join('.');

/** The text of `{% snapshot name %}…{% endsnapshot %}` in a file that may hold several. */
function snapshotBlock(text: string, name: string): string | undefined {
  const re = new RegExp(`\\{%-?\\s*snapshot\\s+${name}\\s*-?%\\}([\\s\\S]*?)\\{%-?\\s*endsnapshot\\s*-?%\\}`);
  return re.exec(text)?.[1];
}

/** The model's SQL; `decide` chooses undecidable conditions (see RenderInput.decide). */
export function modelSql(node: DbtNode, inp: SqlInputs, decide?: (n: number) => boolean | undefined): ModelSql | undefined {
  const p = inp.project;
  if (!node.sqlPath || !/\.sql$/i.test(node.sqlPath)) return undefined;
  let text: string;
  const asCompiled = (sql: string): ModelSql => {
    const rels = inp.compiledRelations();
    return { via: 'compiled', sql, placeholders: [], decisions: 0, relationOf: (name) => rels.get(unquote(name)), relations: () => [] };
  };
  // the text the project read (a read of 10,000 files again costs as much as parsing them)
  const held = p.sqlText?.(node.sqlPath);
  if (held !== undefined) text = held;
  else {
    try { text = p.readText(node.sqlPath); } catch {
      // a package node only target/manifest.json lists (the package is not installed here): the
      // code dbt compiled for it is the only SQL there is, and no file here can have changed it
      const orphan = inp.probe || !node.packageName || node.packageName === p.name ? undefined : p.target.manifest?.nodes?.[node.uniqueId]?.compiled_code;
      return typeof orphan === 'string' ? asCompiled(orphan) : undefined;
    }
  }
  if (node.resourceType === 'snapshot') text = snapshotBlock(text, node.name) ?? text;
  const compiled = inp.probe ? undefined : compiledCode(p, node, text);
  if (compiled !== undefined) return asCompiled(compiled);
  // an installed package's model renders with its package's macros first and the vars the project gives that package
  const pkg = node.packageName || p.name;
  const vars = (pkg !== p.name ? p.packageJinja?.(pkg) : undefined) ?? p.jinja;
  const filled: { column: string; relation: string }[] = [];
  const r = renderModelSql(text, {
    lib: inp.lib, package: pkg, target: inp.target,
    variable: (n) => vars.variable(n), env: (n) => vars.env(n),
    resolve: (kind, args, kw) => (inp.resolve ? inp.resolve(kind, args, kw, pkg) : resolveRelation(p, kind, args, kw, pkg)),
    self: { node: node.uniqueId, name: node.name },
    config: { ...node.config, ...(node.materialized ? { materialized: node.materialized } : {}) },
    columnsOf: inp.columnsOf,
    decide,
    // only a model that may call fill_staging_columns is told of macro calls (binding every call's arguments costs)
    probe: inp.probe, onMacro: inp.onMacro ?? (!inp.probe && mayFillStaging(text, inp.lib) ? (def, bound, from) => { filled.push(...filledNulls(def.name, bound, from)); } : undefined),
  });
  const byToken = r.relations;
  return {
    via: 'rendered', sql: r.sql, placeholders: r.placeholders, decisions: r.decisions.length, error: r.error,
    relationOf: (name) => (name.length >= 2 ? byToken.get(name[name.length - 2].toLowerCase())?.node : undefined),
    relations: () => [...byToken.values()],
    ...(filled.length ? { filled } : {}),
  };
}

/** compiled_code from target/manifest.json, when the node's file still has the checksum dbt saw. */
function compiledCode(p: Project, node: DbtNode, text: string): string | undefined {
  const m = p.target.manifest?.nodes?.[node.uniqueId];
  if (!m || typeof m.compiled_code !== 'string') return undefined;
  const sum = m.checksum;
  if (sum?.name === 'sha256' && typeof sum.checksum === 'string') return sum.checksum === sha256(text) || sum.checksum === sha256(p.readText(node.sqlPath!)) ? m.compiled_code : undefined;
  return typeof m.raw_code === 'string' && m.raw_code === text ? m.compiled_code : undefined;
}

type NodeIndex = { files: unknown; sources: Map<string, DbtNode[]>; byName: Map<string, DbtNode>; packaged: Map<string, DbtNode[]> };
const indexes = new WeakMap<Project, NodeIndex>();
/**
 * Sources by `source\0table` (the project's first, then the installed packages'), seeds/snapshots
 * by name (the first of each, as a search in list order finds), and other packages' models, seeds
 * and snapshots by name, per state of the project.
 */
function nodeIndex(p: Project): NodeIndex {
  const held = indexes.get(p);
  if (held && held.files === p.files) return held;
  const sources = new Map<string, DbtNode[]>(), byName = new Map<string, DbtNode>(), packaged = new Map<string, DbtNode[]>();
  const push = <K>(m: Map<K, DbtNode[]>, k: K, n: DbtNode) => { const l = m.get(k); if (l) l.push(n); else m.set(k, [n]); };
  for (const x of [...p.sources, ...p.packageNodes.filter((n) => n.resourceType === 'source')]) push(sources, `${x.sourceName}\u0000${x.tableName}`, x);
  for (const x of [...p.seeds, ...p.snapshots]) if (!byName.has(x.name)) byName.set(x.name, x);
  for (const x of p.packageNodes) if (x.resourceType !== 'source') push(packaged, x.name, x);
  const ix = { files: p.files, sources, byName, packaged };
  indexes.set(p, ix);
  return ix;
}

/** The seed (else snapshot) of that name. */
export const seedOrSnapshot = (p: Project, name: string): DbtNode | undefined => nodeIndex(p).byName.get(name);

/** Of several nodes answering a name, the one dbt picks for a call from package `from`: its own package's, then the root project's, then the first. */
const nearest = (list: DbtNode[] | undefined, from: string | undefined, root: string) =>
  list && (list.find((x) => x.packageName === from) ?? list.find((x) => x.packageName === root) ?? list[0]);

/** What `ref(...)` / `source(...)` names among the project's nodes; `from`: the package of the node that calls it (default: the project). */
export function resolveRelation(p: Project, kind: 'ref' | 'source', args: string[], kw: Record<string, unknown>, from: string = p.name): RelationTarget | undefined {
  const ix = nodeIndex(p);
  if (kind === 'source') {
    const [s, t] = args;
    const n = s === undefined || t === undefined ? undefined : nearest(ix.sources.get(`${s}\u0000${t}`), from, p.name);
    const vars = (n && n.packageName !== p.name ? p.packageJinja?.(n.packageName) : undefined) ?? p.jinja;
    const ident = n?.raw?.identifier === undefined ? undefined : renderValue(n.raw.identifier, vars);
    return n ? { node: n.uniqueId, name: t, identifier: typeof ident === 'string' && ident ? ident : t } : { name: t ?? s };
  }
  const name = args[args.length - 1];
  const version = kw.v ?? kw.version;
  const pkg = args.length > 1 ? args[0] : undefined;
  const other = (want: string | undefined) => {
    const list = ix.packaged.get(name);
    return want ? list?.find((x) => x.packageName === want) : undefined;
  };
  // a package's model asking ref('x') gets its own package's x first, as dbt resolves it
  const mine = !pkg && from !== p.name ? other(from) : undefined;
  if (!mine && (!pkg || pkg === p.name)) {
    const model = version !== undefined && version !== null
      ? p.models.find((m) => m.name === name && String(m.version) === String(version))
      : p.modelByName.get(name);
    const n = model ?? ix.byName.get(name);
    if (n) return { node: n.uniqueId, name, identifier: (n.config?.alias as string | undefined) ?? name };
  }
  const found = mine ?? (pkg ? other(pkg) : ix.packaged.get(name)?.[0]);
  return found ? { node: found.uniqueId, name, identifier: (found.config?.alias as string | undefined) ?? name } : { name };
}
