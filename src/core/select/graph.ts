// The project as dbt's selection sees it: every enabled node (models, sources, seeds, snapshots,
// exposures, semantic models, metrics, and the data tests dbt generates) with its parents and
// children. Edges are what dbt draws: ref() and source() in SQL, a test's model and its
// relationships target, an exposure's depends_on, a semantic model's model, a metric's measures.
import { singularTestReads } from '../project/singular-tests.js';
import type { SqlRef } from '../project/sql-file.js';
import { renderedRefs } from '../columns/rendered-refs.js';
import type { DbtNode, DbtTest, Project } from '../project/types.js';

export type SelType = DbtNode['resourceType'] | 'test';

export interface SelNode {
  id: string;
  resourceType: SelType;
  name: string;
  fqn: string[];
  packageName: string;
  /** dbt's original_file_path (the SQL, CSV or YAML that defines it). */
  file?: string;
  /** dbt's patch_path: the YAML that describes a model, seed or snapshot. */
  patch?: string;
  tags: string[];
  config: Record<string, unknown>;
  node?: DbtNode;
  testName?: string;
  testType?: 'generic' | 'singular';
}

export interface SelectGraph {
  nodes: Map<string, SelNode>;
  parents: Map<string, Set<string>>;
  children: Map<string, Set<string>>;
  projectName: string;
  /** Every file and folder the project holds (project-relative), for `path:` globs. */
  paths: string[];
}

const REF_ARG = /\bref\s*\(\s*['"]([^'"]+)['"](?:\s*,\s*['"]([^'"]+)['"])?/;
const SOURCE_ARG = /\bsource\s*\(\s*['"]([^'"]+)['"]\s*,\s*['"]([^'"]+)['"]/;

export function buildSelectGraph(p: Project): SelectGraph {
  const nodes = new Map<string, SelNode>();
  const parents = new Map<string, Set<string>>();
  const children = new Map<string, Set<string>>();
  const add = (n: SelNode) => { nodes.set(n.id, n); parents.set(n.id, new Set()); children.set(n.id, new Set()); };
  const edge = (from: string | undefined, to: string) => {
    if (!from || !nodes.has(from) || from === to) return;
    parents.get(to)!.add(from); children.get(from)!.add(to);
  };
  const own = [...p.models, ...p.sources, ...p.seeds, ...p.snapshots, ...p.exposures, ...p.semanticModels, ...p.metrics];
  for (const n of [...own, ...p.packageNodes]) add(fromNode(n));

  // ref() targets: models (latest version unless one is named), seeds, snapshots, package models
  const byName = new Map<string, DbtNode[]>();
  for (const n of [...p.models, ...p.seeds, ...p.snapshots, ...p.packageNodes]) {
    if (!['model', 'seed', 'snapshot'].includes(n.resourceType)) continue;
    byName.set(n.name, [...(byName.get(n.name) ?? []), n]);
  }
  const refId = (r: SqlRef): string | undefined => {
    const cands = (byName.get(r.name) ?? []).filter((n) => !r.package || n.packageName === r.package);
    if (r.version !== undefined) return cands.find((n) => String(n.version) === String(r.version))?.uniqueId;
    const own = cands.filter((n) => n.packageName === p.name);
    const pool = own.length ? own : cands;
    return (pool.find((n) => n.version === undefined || n.latestVersion) ?? pool[0])?.uniqueId;
  };
  const sourceId = new Map<string, string>();
  for (const s of [...p.sources, ...p.packageNodes.filter((n) => n.resourceType === 'source')]) sourceId.set(`${s.sourceName}.${s.tableName}`, s.uniqueId);
  const jinjaDep = (text: unknown): string | undefined => {
    if (typeof text !== 'string') return undefined;
    const s = SOURCE_ARG.exec(text);
    if (s) return sourceId.get(`${s[1]}.${s[2]}`);
    const r = REF_ARG.exec(text);
    return r ? refId(r[2] ? { package: r[1], name: r[2] } : { name: r[1] }) : undefined;
  };

  const rendered = renderedRefs(p);
  for (const n of own) {
    for (const r of n.refs) edge(refId(r), n.uniqueId);
    // a ref() whose name is built while rendering: what dbt renders it to
    for (const id of rendered.get(n.uniqueId) ?? []) edge(id, n.uniqueId);
    for (const s of n.sourceRefs) edge(sourceId.get(s), n.uniqueId);
    if (n.resourceType === 'exposure') for (const d of asArray(n.raw.depends_on)) edge(jinjaDep(d), n.uniqueId);
    if (n.resourceType === 'semantic_model') edge(jinjaDep(n.raw.model), n.uniqueId);
  }
  metricEdges(p, edge);

  // the data tests dbt generates: a node per enabled test, child of what it tests
  const testedNodes = [...p.models, ...p.sources, ...p.seeds, ...p.snapshots];
  for (const n of testedNodes) {
    const tests: [DbtTest, string?][] = [...n.tests.map((t) => [t] as [DbtTest]), ...n.columns.flatMap((c) => c.tests.map((t) => [t, c.name] as [DbtTest, string]))];
    tests.forEach(([t, col], i) => {
      if (t.enabled === false) return;
      const id = `test.${n.packageName}.${t.name}_${n.name}${col ? '_' + col : ''}.${i}`;
      add({ id, resourceType: 'test', name: `${t.name}_${n.name}${col ? '_' + col : ''}`, fqn: [n.packageName, t.name], packageName: n.packageName,
        file: n.file, tags: [...n.tags, ...asArray(t.config.tags).map(String)], config: t.config, testName: t.name.replace(/^dbt\./, ''), testType: 'generic' });
      edge(n.uniqueId, id);
      if (t.args.to !== undefined) edge(jinjaDep(t.args.to), id);
    });
  }
  for (const t of singularTestReads(p)) {
    const id = `test.${p.name}.${t.name}`;
    add({ id, resourceType: 'test', name: t.name, fqn: [p.name, t.name], packageName: p.name, file: t.file, tags: [], config: {}, testName: t.name, testType: 'singular' });
    for (const r of t.refs) edge(refId(r), id);
    for (const s of t.sources) edge(sourceId.get(`${s.source}.${s.table}`), id);
  }

  const paths = new Set<string>();
  for (const f of [...p.files.keys(), ...p.sqlFiles]) {
    const parts = f.split('/');
    for (let i = 1; i <= parts.length; i++) paths.add(parts.slice(0, i).join('/'));
  }
  return { nodes, parents, children, projectName: p.name, paths: [...paths] };
}

function fromNode(n: DbtNode): SelNode {
  const original = n.resourceType === 'model' || n.resourceType === 'snapshot' ? n.sqlPath ?? n.file
    : n.resourceType === 'seed' ? n.sqlPath ?? n.raw?.original_file_path ?? n.file : n.file;
  const patch = ['model', 'seed', 'snapshot'].includes(n.resourceType) && n.origins.includes('yaml') ? n.file : undefined;
  return { id: n.uniqueId, resourceType: n.resourceType, name: n.name, fqn: n.fqn, packageName: n.packageName, file: original, patch,
    tags: n.tags, config: { ...n.config, ...(n.materialized ? { materialized: n.materialized } : {}) }, node: n };
}

/** A metric's parents: the semantic models whose measures it uses, and the metrics it derives from. */
function metricEdges(p: Project, edge: (from: string | undefined, to: string) => void): void {
  const measureOwner = new Map<string, string>();
  for (const s of p.semanticModels) for (const m of asArray(s.raw.measures)) if (m && typeof m === 'object' && typeof (m as any).name === 'string') measureOwner.set((m as any).name, s.uniqueId);
  const metricId = new Map(p.metrics.map((m) => [m.name, m.uniqueId]));
  const nameOf = (x: unknown) => (typeof x === 'string' ? x : x && typeof x === 'object' ? (x as any).name : undefined);
  for (const m of p.metrics) {
    const tp = (m.raw.type_params ?? {}) as Record<string, unknown>;
    for (const k of ['measure', 'numerator', 'denominator']) {
      const name = nameOf(tp[k]);
      if (name) edge(measureOwner.get(name) ?? metricId.get(name), m.uniqueId);
    }
    for (const x of [...asArray(tp.metrics), ...asArray((tp.conversion_type_params as any)?.base_measure), ...asArray((tp.conversion_type_params as any)?.conversion_measure)]) {
      const name = nameOf(x);
      if (name) edge(metricId.get(name) ?? measureOwner.get(name), m.uniqueId);
    }
  }
}

function asArray(x: unknown): unknown[] {
  return Array.isArray(x) ? x : x === undefined || x === null ? [] : [x];
}
