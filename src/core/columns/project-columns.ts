// The columns of every node of a project, with where each is known from: `yaml` (documented in
// property YAML — the columns dbt lists), `sql` (what the model's SQL returns, read by rendering
// it and parsing the result; a seed's CSV header), `catalog` (target/catalog.json, the
// warehouse's own description, with types). Models are read upstream first, so `select *` from
// an upstream model expands to the columns found for it. Computed on first use per state of the
// project (a file changed, the vars or target changed: computed again), parses cached by text.
import { closeSync, openSync, readSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import type { DbtNode, FileKind, Project } from '../project/types.js';
import { parserDialect, sqlColumnsReady } from '../sql-columns/query-shape.js';
import { dbtUnknownAdapterParsers } from '../../sql/dialects/index.js';
import { type BaseColumn, type EdgeKind, type Influence, type OutputColumn, type TableLookup } from '../sql-columns/scope.js';
import { readSqlColumns } from '../sql-columns/read-columns.js';
import { ShapeCache } from '../sql-columns/shape-cache.js';
import { readMacroLibrary, type MacroLibrary } from '../sql-render/macros.js';
import { PLACEHOLDER, type DbtTargetInfo, type Placeholder } from '../sql-render/render.js';
import { catalogColumns } from './catalog-columns.js';
import { columnFindings } from './findings.js';
import { modelSql, resolveRelation, seedOrSnapshot, type ModelSql, type SqlInputs } from './model-sql.js';
import { columnLineOf, type ColumnLines } from './select-lines.js';
import { snapshotMetaColumns, withSnapshotColumns } from './snapshot-columns.js';
import { mayFillStaging, stagingDeclarations, type Declared } from './staging-columns.js';

export type ColumnOrigin = 'yaml' | 'sql' | 'catalog';

/** One column of a node, as every face shows it. */
export interface NodeColumn {
  name: string;
  /** where it is known from first: yaml when documented, else sql, else catalog */
  origin: ColumnOrigin;
  /** every source that knows it */
  origins: ColumnOrigin[];
  data_type?: string;
  /** yaml: its data_type; catalog: the warehouse's type; sql: an explicit cast in the SQL */
  type_origin?: ColumnOrigin;
  description?: string;
  /** the line of its YAML entry (in the node's property file) */
  yaml_line?: number;
  /** the line of the SQL file where its select item defines it (select-lines.ts), and how its value is made */
  sql_line?: number;
  sql_kind?: EdgeKind;
}

/** How a model's SQL was read. */
export interface SqlReading {
  /** complete: every output column is known; partial: some are not (gaps); unknown: none could be read */
  status: 'complete' | 'partial' | 'unknown';
  via?: 'compiled' | 'rendered';
  columns: OutputColumn[];
  /** why some columns cannot be known */
  gaps: string[];
  /** base columns join conditions and filters read */
  influence?: Influence[];
  placeholders: Placeholder[];
  /** partial only because a source its `*` reads may have columns its YAML (or package) does not list: the columns are those the project knows */
  openSource?: boolean;
}

export interface ColumnsOptions {
  /** dbt's target: `target.*` and `adapter.dispatch` in macros (default: the project's, from profiles.yml). */
  target?: DbtTargetInfo;
  /** Keep parsed shapes in <project>/.modeler/cache/ (the faces ask for it; tests need not). */
  cache?: boolean;
}

export interface ProjectColumns {
  /** Columns of a node (model, seed, snapshot or source) with origin and type. */
  of(node: DbtNode | string): NodeColumn[];
  /** How a model's or snapshot's SQL was read (undefined for other nodes). */
  sql(node: DbtNode | string): SqlReading | undefined;
  /**
   * The SQL that reading read (compiled, or rendered as it was), made again when asked: a reading
   * does not keep it (8 MB at 10,000 models, in a server that rarely needs it).
   */
  sqlText(node: DbtNode | string): string | undefined;
  /** Columns SQL returns that YAML does not list, and the reverse (each with file and line). */
  findings(): Diagnostic[];
  /** A source's columns its YAML does not list but a package's staging macro declares (staging-columns.ts), with the evidence. */
  declared(node: DbtNode | string): Declared | undefined;
  /** Counts over the project (reads every model). */
  stats(): ColumnStats;
  /** Write the shapes parsed so far to the project's cache, when asked for (opts.cache): findings() and stats() do it themselves. */
  keep(): void;
}

export interface ColumnStats {
  models: number; complete: number; partial: number; unknown: number; compiled: number; rendered: number;
  columns: Record<ColumnOrigin, number>;
  /** parsed: SQL the full parser read; cached: full parses found in the cache; fast: SQL read from its tokens (static-shape.ts) */
  readMs: number; parsed: number; cached: number; fast: number;
}

/** A line holding nothing but placeholders of blocks not rendered. */
const STANDALONE_PLACEHOLDERS = /^[ \t]*(?:__modeler_unrendered_\d+__)+[ \t]*$/gm;

type Cols = { name: string; type?: string }[] | undefined;
/** What one model's reading looked at: the relations whose columns it read, and the names its ref()/source() calls asked for. */
interface Deps { rels: Set<string>; names: Set<string>; cycle: boolean }
/** A state's readings, kept so the next state (a few files changed) reads again only what those files touch. */
interface Memo {
  nodes: Map<string, DbtNode>;
  readings: Map<string, SqlReading | 'busy'>;
  /** models whose reading met a cycle (read again by the next state); what the others read is in readers/askers */
  cycles: Set<string>;
  relCols: Map<string, Cols>;
  relSig: Map<string, string>;
  /** relation id → the models whose reading read its columns; name → the models that asked ref()/source() for it (may hold models that no longer do) */
  readers: Map<string, Set<string>>;
  askers: Map<string, Set<string>>;
  undecided: WeakSet<SqlReading>;
  lib?: MacroLibrary;
  /** the sources' declared columns the readings used (staging-columns.ts), and the models they were read from */
  declared?: Map<string, Declared>;
  declaredFrom?: Set<string>;
  /** the next state took the tables over */
  retire(): void;
}
type State = { key: Map<string, FileKind>; target?: string; api: ProjectColumns; memo: Memo };
const states = new WeakMap<Project, State>();

/**
 * Files whose change may alter any model's reading: the project file, macros, dbt's artifacts
 * (compiled code, the catalog), and anything the reader does not know. Model SQL, property YAML,
 * seeds and docs change only the nodes they hold, and what reads those nodes' columns.
 */
function touchesAll(p: Project, before: Map<string, FileKind>, rel: string): boolean {
  const kind = p.files.get(rel) ?? before.get(rel);
  return kind === undefined || kind === 'dbt_project' || kind === 'macro' || kind === 'target_json' || rel === 'profiles.yml';
}

/** The columns of a project's nodes; one object per state of the project (cheap to call again). */
export function projectColumns(p: Project, options: ColumnsOptions = {}): ProjectColumns {
  // the target dbt would use (profiles.yml), unless the caller names one
  const opts = { ...options, target: options.target ?? p.dbtTarget };
  const key = p.files;
  const targetKey = JSON.stringify(opts.target ?? null);
  const held = states.get(p);
  if (held && held.key === key && held.target === targetKey) return held.api;
  // a few files changed since the last state: keep every reading they cannot have changed
  let prev: Memo | undefined;
  if (held && held.target === targetKey) {
    const changed = p.changedSince?.(held.key);
    if (changed && !changed.some((f) => touchesAll(p, held.key, f))) prev = held.memo;
  }
  prev?.retire();
  let built: ReturnType<typeof build>;
  try { built = build(p, opts, prev); } catch (e) {
    // an update that stopped half-way (withSqlParser loading the parser) is not built upon: the next call reads afresh
    if (prev) states.delete(p);
    throw e;
  }
  const { api, memo } = built;
  states.set(p, { key, target: targetKey, api, memo });
  return api;
}

/** Columns of one node with origin and type (see ProjectColumns.of). */
export function nodeColumns(p: Project, node: DbtNode | string, opts: ColumnsOptions = {}): NodeColumn[] {
  return projectColumns(p, opts).of(node);
}

function build(p: Project, opts: ColumnsOptions, prev?: Memo): { api: ProjectColumns; memo: Memo } {
  const byId = new Map<string, DbtNode>();
  for (const n of [...p.models, ...p.seeds, ...p.snapshots, ...p.sources, ...p.packageNodes]) byId.set(n.uniqueId, n);
  const dialect = parserDialect(opts.target?.type);
  // no profile says which warehouse runs the SQL: SQL the default dialect cannot parse is tried in the dialects of
  // the warehouses whose syntax projects use most (BigQuery's `* except(...)`, Snowflake's `:` paths)
  const fallbacks = opts.target?.type ? [] : dbtUnknownAdapterParsers().filter((d) => d !== dialect);
  const cache = ShapeCache.for(p.root, !!opts.cache, !!prev);
  let lib: MacroLibrary | undefined = prev?.lib;
  const library = () => (lib ??= readMacroLibrary(p.root, p.name, p.macroPaths, p.packagesInstallPath));
  let compiledRels: Map<string, string> | undefined;
  let declared: Map<string, Declared> | undefined;
  let declaredFrom: Set<string> | undefined;
  const declarations = () => (declared ??= stagingDeclarations(p, library(), { project: p, lib: library(), target: opts.target, compiledRelations: () => new Map() }, (declaredFrom = new Set())));
  // the previous state's tables are taken over, not copied (10,000 models: copying costs more than the update);
  // an object of an older state reads the newest one from then on
  const readings = prev?.readings ?? new Map<string, SqlReading | 'busy'>();
  const relCols = prev?.relCols ?? new Map<string, Cols>();
  const relSig = prev?.relSig ?? new Map<string, string>();
  const cycles = prev?.cycles ?? new Set<string>();
  const readers = prev?.readers ?? new Map<string, Set<string>>();
  const askers = prev?.askers ?? new Map<string, Set<string>>();
  let readMs = 0;
  /** readings whose SQL was rendered with placeholders for conditions that cannot be decided (rare; see readOne) */
  const renderedUndecided = prev?.undecided ?? new WeakSet<SqlReading>();
  /** what the reading in progress looks at (readings nest: a relation read on the way) */
  let current: Deps | undefined;

  const sigOf = (id: string): string => {
    let sig = relSig.get(id);
    if (sig === undefined) { sig = signature(relationColumns(id)); relSig.set(id, sig); }
    return sig;
  };
  const track = (id: string) => { current?.rels.add(id); };
  const index = (m: Map<string, Set<string>>, k: string, id: string) => { let x = m.get(k); if (!x) m.set(k, (x = new Set())); x.add(id); };

  const idOf = (n: DbtNode | string) => (typeof n === 'string' ? n : n.uniqueId);

  /**
   * Columns a downstream `select *` sees: a model's SQL when read completely (the code as it is
   * now; target/catalog.json may be older), typed by the catalog where it has the column; else the
   * catalog's; else a contract's or a source's YAML; a seed's CSV header.
   */
  const relationColumns = (id: string): Cols => {
    if (relCols.has(id)) return relCols.get(id);
    const n = byId.get(id);
    const cat = catalogColumns(p, id);
    let cols: { name: string; type?: string }[] | undefined;
    if (n && (n.resourceType === 'model' || n.resourceType === 'snapshot')) {
      const r = reading(id);
      if (r?.status === 'complete') {
        // without a catalog the reading's own columns serve (each has its name and type): no copy per relation
        if (!cat) cols = r.columns;
        else {
          const types = new Map(cat.map((c) => [c.name.toLowerCase(), c.type]));
          cols = r.columns.map((c) => ({ name: c.name, type: types.get(c.name.toLowerCase()) ?? c.type }));
        }
      }
    }
    if (!cols && cat) cols = cat.map((c) => ({ name: c.name, type: c.type }));
    if (!cols && n) {
      if (n.resourceType === 'seed') cols = seedHeader(p, n);
      else if ((n.resourceType === 'source' || n.contractEnforced) && n.columns.length) cols = n.columns.map((c) => ({ name: c.name, type: c.data_type ?? c.type }));
      // a package's declared staging columns of a source whose YAML lists fewer (or none)
      const d = n.resourceType === 'source' ? declarations().get(id) : undefined;
      if (d) {
        const have = new Set((cols ?? []).map((c) => c.name.toLowerCase()));
        cols = [...(cols ?? []), ...d.names.filter((x) => !have.has(x.toLowerCase())).map((name) => ({ name }))];
      }
    }
    relCols.set(id, cols);
    return cols;
  };

  /** Read one model, its upstream first (iteratively: chains of thousands of models are common in benches). */
  const reading = (id: string): SqlReading | undefined => {
    const have = readings.get(id);
    if (have === 'busy') { if (current) current.cycle = true; return undefined; } // a cycle: not kept for the next state
    if (have) return have;
    const root = byId.get(id);
    if (!root || (root.resourceType !== 'model' && root.resourceType !== 'snapshot')) return undefined;
    const stack: { id: string; expanded: boolean }[] = [{ id, expanded: false }];
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (readings.has(top.id) && readings.get(top.id) !== 'busy') { stack.pop(); continue; }
      const n = byId.get(top.id)!;
      if (!top.expanded) {
        top.expanded = true;
        readings.set(top.id, 'busy');
        for (const up of upstreamOf(p, n)) if (!readings.has(up) && byId.get(up) && ['model', 'snapshot'].includes(byId.get(up)!.resourceType)) stack.push({ id: up, expanded: false });
        continue;
      }
      stack.pop();
      const t0 = performance.now();
      const outer = current;
      const mine: Deps = current = { rels: new Set(), names: new Set(), cycle: false };
      try {
        const one = readOne(n);
        // a snapshot's table also has dbt's snapshot columns
        const r = withSnapshotColumns(n, one);
        if (r !== one && renderedUndecided.has(one)) renderedUndecided.add(r);
        readings.set(top.id, r);
      } catch (e) {
        // a read that stopped (withSqlParser loading the parser) leaves nothing half-read behind
        for (const [k, v] of readings) if (v === 'busy') readings.delete(k);
        relCols.clear();
        relSig.clear();
        throw e;
      } finally { current = outer; }
      if (mine.cycle) cycles.add(top.id); else cycles.delete(top.id);
      for (const r of mine.rels) index(readers, r, top.id);
      for (const k of mine.names) index(askers, k, top.id);
      readMs += performance.now() - t0;
    }
    const r = readings.get(id);
    return r === 'busy' ? undefined : r;
  };

  const sqlInputs = (): SqlInputs => ({
    project: p, lib: library(), target: opts.target,
    columnsOf: (nid: string) => {
      track(nid);
      const c = relationColumns(nid);
      if (c) return c.map((x) => ({ name: x.name, data_type: x.type }));
      // `adapter.get_columns_in_relation` of a model that selects * from a source: the columns the
      // project knows, as for the source itself (the warehouse may have more, as it may for the source)
      const r = byId.get(nid)?.resourceType === 'model' ? reading(nid) : undefined;
      return r?.openSource ? r.columns.map((x) => ({ name: x.name, data_type: x.type })) : undefined;
    },
    compiledRelations: () => (compiledRels ??= compiledRelationIndex(p)),
    resolve: (kind, args, kw, from) => {
      current?.names.add(String(kind === 'source' ? args[1] : args[args.length - 1]));
      return resolveRelation(p, kind, args, kw, from);
    },
  });

  const readOne = (n: DbtNode): SqlReading => {
    if (!sqlColumnsReady()) return { status: 'unknown', columns: [], gaps: ['the SQL parser is not loaded'], placeholders: [] };
    const inputs = sqlInputs();
    const first = modelSql(n, inputs, () => false);
    if (!first) {
      const absent = n.packageName && n.packageName !== p.name
        ? `the model has no SQL file: package ${n.packageName} is not installed here and target/manifest.json has no compiled_code for it (run \`dbt deps\`, or \`dbt compile\`)`
        : n.sqlPath?.toLowerCase().endsWith('.py') ? 'a Python model: Python code makes its columns, and only SQL is read here'
        : 'the model has no SQL file';
      return { status: 'unknown', columns: [], gaps: [absent], placeholders: [] };
    }
    if (!first.decisions) return readSql(first);
    // conditions that cannot be decided here: read every way they can go (up to 8), and keep
    // the columns only when all ways agree; more of them (one per loop turn: `{% if target.type == 'x' %}
    // union {% else %} union distinct {% endif %}` 25 times) are read all one way and all the other
    const ways: SqlReading[] = [];
    if (first.decisions > 3) ways.push(readSql(first), readSql(modelSql(n, inputs, () => true)!));
    else for (let bits = 0; bits < 1 << first.decisions; bits++) ways.push(readSql(modelSql(n, inputs, (i) => (i < first.decisions ? ((bits >> i) & 1) === 1 : undefined))!));
    const names = (r: SqlReading) => r.columns.map((c) => c.name.toLowerCase()).join('\0');
    // ways[0] is read with every condition false, as `first` was
    if (ways.every((w) => w.status === 'complete' && names(w) === names(ways[0]))) return ways[0];
    const placeholder = readSql(modelSql(n, inputs)!);
    const out = { ...placeholder, gaps: [...placeholder.gaps, `its columns depend on ${first.decisions} {% if %} condition(s) that cannot be decided without the warehouse or the target`] };
    renderedUndecided.add(out);
    return out;
  };

  /** The SQL a reading read: rendered with every undecidable condition false, or left as a placeholder (see readOne). */
  const sqlText = (id: string): string | undefined => {
    const r = reading(id);
    const n = byId.get(id);
    if (!r || !n || (r.status === 'unknown' && !r.via)) return undefined;
    return modelSql(n, sqlInputs(), renderedUndecided.has(r) ? undefined : () => false)?.sql;
  };

  const readSql = (ms: ModelSql): SqlReading => {
    const base = { via: ms.via, placeholders: ms.placeholders };
    if (ms.error) return { ...base, status: 'unknown', columns: [], gaps: [`line ${ms.error.line}: ${ms.error.message}`] };
    // the gaps that only say a source may have more columns than listed
    const more = new Set<string>();
    // a staging column the relation lacks is a null dbt fills in: said by it and by whatever reads it, not left a literal with no parent
    const filled = new Map((ms.filled ?? []).map((f) => [f.column.toLowerCase(), `fivetran_utils.fill_staging_columns fills ${f.column} with null: ${f.relation} has no column ${f.column} among those the project knows (YAML, SQL, catalog, the package's declared columns); the warehouse's table may have it`]));
    const lookup: TableLookup = (name) => {
      const nid = ms.relationOf(name);
      // a ref() to no node (a seed the checkout lacks): its columns are not known, and none is traced to it
      if (!nid) return { id: name.join('.'), reason: `${ms.via === 'rendered' ? name[name.length - 1] : name.join('.')} is not a node of the project`, untraced: true };
      const cols = relationColumns(nid);
      track(nid);
      const n = byId.get(nid);
      // a source's YAML lists the columns it documents; the table may have more
      const open = cols && n?.resourceType === 'source' && !catalogColumns(p, nid) ? `${n.name} may have columns its YAML ${declarations().has(nid) ? 'and its package\'s staging columns do' : 'does'} not list (no target/catalog.json entry)` : undefined;
      if (open) more.add(open);
      const unknown = n?.resourceType === 'source' ? `the columns of ${n.sourceName}.${n.tableName ?? n.name} are not listed in its YAML: dbt reads them from the warehouse at run time` : `the columns of ${n?.name ?? nid} are not known`;
      return { id: nid, columns: cols, reason: cols ? undefined : unknown, more: open };
    };
    if (filled.size) lookup.knownNull = (c) => filled.get(c.toLowerCase());
    const read = (sql: string) => {
      const first = readSqlColumns(sql, dialect, lookup, cache);
      if (!first.error) return first;
      for (const d of fallbacks) { const r = readSqlColumns(sql, d, lookup, cache); if (!r.error) return r; }
      return first;
    };
    let r = read(ms.sql);
    // a block not rendered (a loop over the warehouse's columns) left on a line of its own between select
    // items breaks the parse or reads as the previous column's alias: the other columns are still known
    // without it; what it makes is a gap
    const alone = [...ms.sql.matchAll(STANDALONE_PLACEHOLDERS)].flatMap((m) => [...m[0].matchAll(PLACEHOLDER)].map((x) => x[0]));
    if (alone.length && (r.error || r.named?.some((x) => alone.includes(x)) || r.columns.some((c) => alone.includes(c.name)))) {
      const retry = read(ms.sql.replace(STANDALONE_PLACEHOLDERS, ''));
      if (!retry.error) {
        const srcs = [...new Set(ms.placeholders.filter((x) => alone.includes(x.id)).map((x) => x.src))];
        r = { ...retry, gaps: [...retry.gaps, `the columns made by ${srcs.join('; ')} are not known (not rendered)`] };
      }
    }
    if (r.error) return { ...base, status: 'unknown', columns: [], gaps: [`the ${ms.via} SQL does not parse: ${r.error}${ms.placeholders.length ? ` (it holds ${ms.placeholders.length} macro call(s) not rendered: ${ms.placeholders[0].src})` : ''}`] };
    const openSource = r.gaps.length > 0 && r.columns.length > 0 && r.gaps.every((g) => more.has(g));
    return { ...base, status: r.gaps.length ? (r.columns.length ? 'partial' : 'unknown') : 'complete', columns: compact(r.columns), gaps: r.gaps, influence: r.influence, ...(openSource ? { openSource } : {}) };
  };

  const columnsOf = (node: DbtNode | string): NodeColumn[] => {
    const n = typeof node === 'string' ? byId.get(node) : node;
    if (!n) return [];
    const cat = catalogColumns(p, n.uniqueId);
    const sqlCols: { name: string; type?: string; line?: number; kind?: EdgeKind }[] | undefined =
      n.resourceType === 'seed' ? seedHeader(p, n) : n.resourceType === 'model' || n.resourceType === 'snapshot' ? reading(n.uniqueId)?.columns.map((c) => ({ name: c.name, type: c.typeFrom === 'cast' || c.typeFrom === 'source' ? c.type : undefined, kind: c.kind })) : undefined;
    // the lines are found when first asked for: reading the file again for every node would cost as much as the rest
    const sqlPath = n.resourceType !== 'seed' ? n.sqlPath : undefined;
    const lines: LineSource | undefined = sqlPath ? { text: () => safeRead(p, sqlPath), added: addedColumns(n) } : undefined;
    const out: NodeColumn[] = [];
    const seen = new Map<string, NodeColumn>();
    const add = (name: string, origin: ColumnOrigin) => {
      const k = name.toLowerCase();
      let c = seen.get(k);
      if (!c) { c = { name, origin, origins: [] }; seen.set(k, c); out.push(c); }
      if (!c.origins.includes(origin)) c.origins.push(origin);
      return c;
    };
    // origins are added yaml, then sql, then catalog: each column's list is in that order (no sort)
    for (const y of n.columns) {
      const c = add(y.name, 'yaml');
      c.description = y.description;
      c.yaml_line = y.line;
      const t = y.data_type ?? y.type;
      if (t) { c.data_type = String(t); c.type_origin = 'yaml'; }
    }
    for (const s of sqlCols ?? []) {
      const c = add(s.name, 'sql');
      if (lines) { lineSources.set(c, lines); Object.defineProperty(c, 'sql_line', SQL_LINE); }
      if (s.kind) c.sql_kind = s.kind;
      if (s.type && !c.data_type) { c.data_type = s.type; c.type_origin = 'sql'; }
    }
    for (const k of cat ?? []) {
      const c = add(k.name, 'catalog');
      if (k.type && c.type_origin !== 'yaml') { c.data_type = k.type; c.type_origin = 'catalog'; }
    }
    return out;
  };

  if (prev) update(prev);

  /**
   * From the previous state: read again the models whose node changed, those that asked ref() or
   * source() for a name that was added, removed or renamed, and — as their columns change — the
   * models that read those columns (select * through the graph), until nothing more changes.
   */
  function update(was: Memo): void {
    const queue: string[] = [];
    const before = new Map<string, string | undefined>();
    const invalidate = (id: string) => {
      if (!readings.has(id)) return;
      before.set(id, relCols.has(id) ? relSig.get(id) ?? signature(relCols.get(id)) : undefined);
      readings.delete(id); cycles.delete(id); relCols.delete(id); relSig.delete(id);
      queue.push(id);
    };
    const nameOf = (n: DbtNode) => (n.resourceType === 'source' ? n.tableName ?? n.name : n.name);
    const renamed = new Set<string>();
    const recheck: string[] = [];
    /** models changed, added or removed: what the packages declare is read again only when one of them may change it */
    const changedModels: DbtNode[] = [];
    let addedOrRemoved = false;
    for (const id of [...cycles]) invalidate(id);
    for (const n of byId.values()) {
      const old = was.nodes.get(n.uniqueId);
      if (old === n) continue;
      if (!old) { renamed.add(nameOf(n)); addedOrRemoved = true; continue; }
      if (n.resourceType === 'model') changedModels.push(n);
      if (n.resourceType === 'model' || n.resourceType === 'snapshot') { renamed.add(nameOf(n)); renamed.add(nameOf(old)); invalidate(n.uniqueId); continue; }
      // sources (a changed YAML entry), seeds and package nodes (made again on every read): compared by their columns
      if (n.resourceType === 'source' && old.raw === n.raw && old.columns === n.columns) continue;
      if (n.resourceType === 'source' ? old.raw?.identifier !== n.raw?.identifier : JSON.stringify(old.config?.alias) !== JSON.stringify(n.config?.alias)) renamed.add(nameOf(n));
      recheck.push(n.uniqueId);
    }
    for (const [id, old] of was.nodes) {
      if (byId.has(id)) continue;
      addedOrRemoved = true;
      renamed.add(nameOf(old));
      relCols.delete(id); relSig.delete(id); readings.delete(id); cycles.delete(id);
      for (const r of readers.get(id) ?? []) invalidate(r);
    }
    for (const k of renamed) for (const m of askers.get(k) ?? []) invalidate(m);
    // a staging model or its macro changed what a package declares of a source: its readers read again
    const mayDeclare = (n: DbtNode) => {
      if (was.declaredFrom?.has(n.uniqueId)) return true;
      const text = n.sqlPath ? safeRead(p, n.sqlPath) : undefined;
      return !!text && mayFillStaging(text, library());
    };
    if (was.declared && !addedOrRemoved && was.declaredFrom && !changedModels.some(mayDeclare)) {
      // no model that declares a source's columns (nor one it reads) changed: the same declarations
      declared = was.declared;
      declaredFrom = was.declaredFrom;
    } else if (was.declared) {
      const now = declarations();
      for (const id of new Set([...was.declared.keys(), ...now.keys()])) if (JSON.stringify(was.declared.get(id)) !== JSON.stringify(now.get(id))) recheck.push(id);
    }
    for (const id of recheck) {
      const old = relCols.has(id) ? relSig.get(id) ?? signature(relCols.get(id)) : undefined;
      relCols.delete(id); relSig.delete(id);
      if (old !== sigOf(id)) for (const r of readers.get(id) ?? []) invalidate(r);
    }
    while (queue.length) {
      const id = queue.pop()!;
      if (!byId.has(id)) continue;
      if (!readings.has(id)) reading(id); // else read again already, on the way to another model
      const old = before.get(id);
      if (old === undefined || old !== sigOf(id)) for (const r of readers.get(id) ?? []) invalidate(r);
    }
  }

  // once the next state has taken the tables over, this object answers from that state
  let retired = false;
  const live = () => (retired ? projectColumns(p, opts) : undefined);
  const api: ProjectColumns = {
    of: (node) => live()?.of(node) ?? columnsOf(node),
    sql: (node) => { const l = live(); return l ? l.sql(node) : reading(idOf(node)); },
    declared: (node) => { const l = live(); if (l) return l.declared(node); const id = idOf(node); return byId.get(id)?.resourceType === 'source' && !catalogColumns(p, id) ? declarations().get(id) : undefined; },
    sqlText: (node) => { const l = live(); return l ? l.sqlText(node) : sqlText(idOf(node)); },
    findings: () => {
      const l = live();
      if (l) return l.findings();
      const out = columnFindings(p, (id) => reading(id), (n) => columnsOf(n));
      cache.save();
      return out;
    },
    stats: () => {
      const l = live();
      if (l) return l.stats();
      const s: ColumnStats = { models: 0, complete: 0, partial: 0, unknown: 0, compiled: 0, rendered: 0, columns: { yaml: 0, sql: 0, catalog: 0 }, readMs: 0, parsed: 0, cached: 0, fast: 0 };
      for (const m of [...p.models, ...p.snapshots]) {
        const r = reading(m.uniqueId);
        s.models++;
        if (r) { s[r.status]++; if (r.via) s[r.via]++; }
        for (const c of columnsOf(m)) s.columns[c.origin]++;
      }
      for (const src of [...p.seeds, ...p.sources]) for (const c of columnsOf(src)) s.columns[c.origin]++;
      cache.save();
      return { ...s, readMs: Math.round(readMs), parsed: cache.misses, cached: cache.hits, fast: cache.fast };
    },
    keep: () => { const l = live(); if (l) l.keep(); else cache.save(); },
  };
  const memo: Memo = {
    nodes: byId, readings, cycles, relCols, relSig, readers, askers, undecided: renderedUndecided, get lib() { return lib; }, get declared() { return declared; }, get declaredFrom() { return declaredFrom; },
    retire: () => { retired = true; },
  };
  return { api, memo };
}


/** Where the columns of one node find their SQL line: its file's select items, read when first asked for. */
interface LineSource { text: () => string | undefined; added?: { names: ReadonlySet<string>; node: string }; lines?: ColumnLines }
const lineSources = new WeakMap<NodeColumn, LineSource>();
/**
 * `sql_line`, found when first read. One accessor shared by every column (not two closures each:
 * 128,000 columns at 10,000 models, made again for every node's columns a face asks for).
 */
const SQL_LINE: PropertyDescriptor = {
  enumerable: true, configurable: true,
  get(this: NodeColumn): number | undefined {
    const src = lineSources.get(this);
    if (!src) return undefined;
    return (src.lines ??= columnLineOf(src.text(), src.added)).column(this.name);
  },
  set(this: NodeColumn, v: number | undefined) { Object.defineProperty(this, 'sql_line', { value: v, enumerable: true, configurable: true, writable: true }); },
};

/** The columns dbt adds to a snapshot's select (found at the snapshot's definition, not in its select). */
export function addedColumns(n: DbtNode): { names: ReadonlySet<string>; node: string } | undefined {
  return n.resourceType === 'snapshot' ? { names: new Set(snapshotMetaColumns(n).map((m) => m.name.toLowerCase())), node: n.name } : undefined;
}

/** What a downstream `select *` sees of a relation (names and types), to tell whether it changed. */
const signature = (cols: Cols): string => JSON.stringify(cols?.map((c) => [c.name, c.type ?? null]) ?? null);

/**
 * A reading's columns as kept: arrays of their exact length (an array grown by push keeps room
 * for 17 entries: at 10,000 models, a third of the readings' memory).
 */
function compact(cols: OutputColumn[]): OutputColumn[] {
  const out = new Array<OutputColumn>(cols.length);
  for (let i = 0; i < cols.length; i++) out[i] = { ...cols[i], sources: cols[i].sources.slice() };
  return out;
}

/** The nodes a model reads: its ref()s and source()s that are nodes of the project. */
function upstreamOf(p: Project, n: DbtNode): string[] {
  const out: string[] = [];
  for (const r of n.refs) {
    const m = r.version !== undefined ? p.models.find((x) => x.name === r.name && String(x.version) === String(r.version)) : p.modelByName.get(r.name);
    const t = m ?? seedOrSnapshot(p, r.name);
    if (t) out.push(t.uniqueId);
  }
  return out;
}

function compiledRelationIndex(p: Project): Map<string, string> {
  const out = new Map<string, string>();
  const add = (n: any) => {
    if (typeof n?.relation_name === 'string' && typeof n.unique_id === 'string') out.set(n.relation_name.split('.').map((x: string) => x.replace(/^["`[]|["`\]]$/g, '').toLowerCase()).join('.'), n.unique_id);
  };
  for (const n of Object.values<any>(p.target.manifest?.nodes ?? {})) add(n);
  for (const n of Object.values<any>(p.target.manifest?.sources ?? {})) add(n);
  return out;
}

function safeRead(p: Project, rel: string): string | undefined {
  try { return p.sqlText?.(rel) ?? p.readText(rel); } catch { return undefined; }
}

/** A seed's columns: its CSV header, typed by `column_types` where the config gives them. */
function seedHeader(p: Project, n: DbtNode): { name: string; type?: string }[] | undefined {
  if (!n.sqlPath) return undefined;
  let head: string;
  try {
    // the header only: seeds can be large
    const fd = openSync(join(p.root, n.sqlPath), 'r');
    const buf = Buffer.alloc(65536);
    const len = readSync(fd, buf, 0, buf.length, 0);
    closeSync(fd);
    const text = buf.subarray(0, len).toString('utf8');
    head = text.slice(0, text.indexOf('\n') < 0 ? text.length : text.indexOf('\n')).replace(/^\uFEFF/, '').replace(/\r$/, '');
  } catch { return undefined; }
  if (!head.trim()) return undefined;
  const types = (n.config?.column_types ?? {}) as Record<string, unknown>;
  const names: string[] = [];
  let cur = '', q = false;
  for (let i = 0; i < head.length; i++) {
    const c = head[i];
    if (q) { if (c === '"' && head[i + 1] === '"') { cur += '"'; i++; } else if (c === '"') q = false; else cur += c; }
    else if (c === '"') q = true;
    else if (c === ',') { names.push(cur.trim()); cur = ''; }
    else cur += c;
  }
  names.push(cur.trim());
  return names.map((name) => ({ name, ...(typeof types[name] === 'string' ? { type: types[name] as string } : {}) }));
}

export type { BaseColumn };
