// target/manifest.json adds facts about the project's own nodes (lineage from `depends_on`,
// the 'manifest' origin); nodes of other packages become package context — lineage endpoints
// with their columns and tests — never the project's own models.
import type { DbtColumn, DbtNode, DbtTest, ResourceType } from './types.js';

export interface ManifestFacts {
  packageNodes: DbtNode[];
  /** Own models the manifest lists but no file defines (a stale manifest). */
  stale: string[];
}

const TYPES = new Set<ResourceType>(['model', 'seed', 'snapshot']);

export function applyManifest(manifest: any, projectName: string, own: Map<string, DbtNode>, disabledIds: Set<string>): ManifestFacts {
  return applyManifestIndex(indexManifest(manifest, projectName), own, disabledIds);
}

/** What the manifest says, read once per manifest: other packages' nodes, and the project's own node ids. */
export interface ManifestIndex {
  packageNodes: DbtNode[];
  own: { id: string; name: string; type: ResourceType; dependsOnModels?: string[] }[];
}

export function indexManifest(manifest: any, projectName: string): ManifestIndex {
  const out: ManifestIndex = { packageNodes: [], own: [] };
  const nodes = manifest?.nodes;
  if (!nodes || typeof nodes !== 'object') return out;
  const sources = manifest.sources && typeof manifest.sources === 'object' ? manifest.sources : {};
  // other packages' nodes first: only the tests of those are read (an own node's tests come from its files)
  const others: { id: string; n: any; type: ResourceType }[] = [];
  for (const id in nodes) {
    if (!Object.hasOwn(nodes, id)) continue;
    const n = nodes[id];
    if (!n || !TYPES.has(n.resource_type)) continue;
    const mine = n.package_name === projectName || (!n.package_name && id.split('.')[1] === projectName);
    if (!mine) { others.push({ id, n, type: n.resource_type }); continue; }
    out.own.push({ id, name: n.name ?? id, type: n.resource_type,
      dependsOnModels: Array.isArray(n.depends_on?.nodes) ? n.depends_on.nodes.filter((d: string) => d.startsWith('model.')).map((d: string) => d.split('.')[2]) : undefined });
  }
  for (const id in sources) {
    const n = sources[id];
    if (Object.hasOwn(sources, id) && n && n.package_name && n.package_name !== projectName) others.push({ id, n, type: 'source' });
  }
  if (!others.length) return out;
  const wanted = new Set(others.map((o) => o.id));
  const testsByNode = new Map<string, { column?: string; test: DbtTest }[]>();
  for (const id in nodes) {
    const n = Object.hasOwn(nodes, id) ? nodes[id] : undefined;
    if (n?.resource_type !== 'test' || !n.test_metadata) continue;
    const attached: string | undefined = n.attached_node ?? n.depends_on?.nodes?.[0];
    if (!attached || !wanted.has(attached)) continue;
    const { name, kwargs = {} } = n.test_metadata;
    const { column_name, model, ...args } = kwargs;
    const list = testsByNode.get(attached) ?? [];
    list.push({ column: column_name ?? n.column_name, test: { name: n.test_metadata.namespace ? `${n.test_metadata.namespace}.${name}` : name, args, config: n.config ?? {}, key: 'data_tests', enabled: n.config?.enabled !== false } });
    testsByNode.set(attached, list);
  }
  for (const o of others) out.packageNodes.push(packageNode(o.id, o.n, o.type, testsByNode.get(o.id) ?? []));
  return out;
}

/** Add the manifest's facts to the project's own nodes (idempotent) and list the stale ones. */
export function applyManifestIndex(idx: ManifestIndex, own: Map<string, DbtNode>, disabledIds: Set<string>): ManifestFacts {
  const stale: string[] = [];
  for (const m of idx.own) {
    const node = own.get(m.id);
    if (node) {
      if (!node.origins.includes('manifest')) node.origins.push('manifest');
      if (!node.refs.length && m.dependsOnModels) node.refs = m.dependsOnModels.map((name) => ({ name }));
    } else if (m.type === 'model' && !disabledIds.has(m.id)) stale.push(m.name);
  }
  return { packageNodes: idx.packageNodes, stale };
}

function packageNode(id: string, n: any, type: ResourceType, tests: { column?: string; test: DbtTest }[]): DbtNode {
  const columns: DbtColumn[] = Object.values<any>(n.columns ?? {}).map((c) => ({
    name: c.name, description: c.description || undefined, data_type: c.data_type ?? undefined,
    tests: tests.filter((t) => t.column === c.name).map((t) => t.test),
    constraints: c.constraints ?? [], meta: c.meta ?? {}, tags: c.tags ?? [], raw: c,
  }));
  for (const t of tests) {
    if (t.column && !columns.some((c) => c.name === t.column)) {
      columns.push({ name: t.column, tests: tests.filter((x) => x.column === t.column).map((x) => x.test), constraints: [], meta: {}, tags: [], raw: {} });
    }
  }
  const config = n.config ?? {};
  const meta = { ...(config.meta ?? {}), ...(n.meta ?? {}) };
  const name = type === 'source' ? `${n.source_name}.${n.name}` : n.name;
  return {
    resourceType: type, enabled: true, fqn: n.fqn ?? [], packageName: n.package_name ?? id.split('.')[1], name, uniqueId: id,
    file: n.patch_path?.replace(/^[^:]+:\/\//, '') ?? n.original_file_path, sqlPath: n.original_file_path,
    sourceName: n.source_name, tableName: type === 'source' ? n.name : undefined,
    description: n.description || undefined, config, meta, tags: n.tags ?? [], columns,
    tests: tests.filter((t) => !t.column).map((t) => t.test), materialized: config.materialized,
    contractEnforced: config.contract?.enforced === true, interface: meta?.modeler?.interface,
    refs: (n.depends_on?.nodes ?? []).filter((d: string) => d.startsWith('model.')).map((d: string) => ({ name: d.split('.')[2], package: d.split('.')[1] })),
    sourceRefs: [], origins: ['manifest'], raw: n,
  };
}
