// Models known only from target/manifest.json (e.g. from packages or generated SQL) join the
// project; models also found in files get the 'manifest' origin.
import type { DbtColumn, DbtNode, DbtTest } from './types.js';

export function mergeManifestNodes(manifest: any, modelByName: Map<string, DbtNode>, projectName: string): void {
  const nodes = manifest?.nodes;
  if (!nodes || typeof nodes !== 'object') return;
  const testsByNode = new Map<string, { column?: string; test: DbtTest }[]>();
  for (const n of Object.values<any>(nodes)) {
    if (n?.resource_type !== 'test' || !n.test_metadata) continue;
    const attached: string | undefined = n.attached_node ?? n.depends_on?.nodes?.[0];
    if (!attached) continue;
    const { name, kwargs = {} } = n.test_metadata;
    const { column_name, model, ...args } = kwargs;
    const list = testsByNode.get(attached) ?? [];
    list.push({ column: column_name ?? n.column_name, test: { name: n.test_metadata.namespace ? `${n.test_metadata.namespace}.${name}` : name, args, key: 'data_tests' } });
    testsByNode.set(attached, list);
  }
  for (const [id, n] of Object.entries<any>(nodes)) {
    if (n?.resource_type !== 'model') continue;
    const existing = modelByName.get(n.name);
    if (existing) {
      if (!existing.origins.includes('manifest')) existing.origins.push('manifest');
      continue;
    }
    if (n.package_name && n.package_name !== projectName && !id.startsWith(`model.${projectName}.`)) {
      // package models are still models of the build; keep them (the conceptualizer may need them)
    }
    const tests = testsByNode.get(id) ?? [];
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
    modelByName.set(n.name, {
      resourceType: 'model', name: n.name, uniqueId: id, file: n.patch_path?.replace(/^[^:]+:\/\//, '') ?? n.original_file_path,
      sqlPath: n.original_file_path, description: n.description || undefined, config, meta, tags: n.tags ?? [], columns,
      tests: tests.filter((t) => !t.column).map((t) => t.test), materialized: config.materialized,
      contractEnforced: config.contract?.enforced === true, interface: meta?.modeler?.interface,
      origins: ['manifest'], raw: n,
    });
  }
}
