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
  const testsByNode = new Map<string, { column?: string; test: DbtTest }[]>();
  for (const n of Object.values<any>(nodes)) {
    if (n?.resource_type !== 'test' || !n.test_metadata) continue;
    const attached: string | undefined = n.attached_node ?? n.depends_on?.nodes?.[0];
    if (!attached) continue;
    const { name, kwargs = {} } = n.test_metadata;
    const { column_name, model, ...args } = kwargs;
    const list = testsByNode.get(attached) ?? [];
    list.push({ column: column_name ?? n.column_name, test: { name: n.test_metadata.namespace ? `${n.test_metadata.namespace}.${name}` : name, args, config: n.config ?? {}, key: 'data_tests', enabled: n.config?.enabled !== false } });
    testsByNode.set(attached, list);
  }
  const visit = (id: string, n: any, type: ResourceType) => {
    const mine = n.package_name === projectName || (!n.package_name && id.split('.')[1] === projectName);
    if (mine) {
      out.own.push({ id, name: n.name ?? id, type,
        dependsOnModels: Array.isArray(n.depends_on?.nodes) ? n.depends_on.nodes.filter((d: string) => d.startsWith('model.')).map((d: string) => d.split('.')[2]) : undefined });
      return;
    }
    out.packageNodes.push(packageNode(id, n, type, testsByNode.get(id) ?? []));
  };
  for (const [id, n] of Object.entries<any>(nodes)) if (n && TYPES.has(n.resource_type)) visit(id, n, n.resource_type);
  for (const [id, n] of Object.entries<any>(manifest.sources ?? {})) if (n && n.package_name && n.package_name !== projectName) visit(id, n, 'source');
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
