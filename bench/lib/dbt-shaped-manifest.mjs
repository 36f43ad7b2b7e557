// A target/manifest.json the size and shape `dbt parse` writes (≈10 kB per model with its tests,
// the macro library, parent/child maps) for the synthetic project: each node takes the members
// of a real node of the shipped example's manifest (written by a real `dbt parse`), with the
// synthetic model's names, SQL, columns and parents.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const REAL = JSON.parse(readFileSync(fileURLToPath(new URL('../../examples/jaffle_shop/target/manifest.json', import.meta.url)), 'utf8'));
const MODEL = Object.values(REAL.nodes).find((n) => n.resource_type === 'model');
const TEST = Object.values(REAL.nodes).find((n) => n.resource_type === 'test' && n.test_metadata?.name === 'not_null');

/** nodes: the generator's lean manifest nodes; sql: model name → SQL text. */
export function dbtShapedManifest(project, nodes, sql) {
  const out = { ...REAL, metadata: { ...REAL.metadata, project_name: project }, nodes: {}, sources: {}, parent_map: {}, child_map: {}, docs: REAL.docs };
  for (const [id, lean] of Object.entries(nodes)) {
    const name = lean.name;
    out.nodes[id] = {
      ...MODEL, ...lean, unique_id: id, package_name: project, fqn: [project, ...lean.original_file_path.split('/').slice(1, -1), name], alias: name,
      path: lean.original_file_path.replace(/^models\//, ''), relation_name: `"dev"."main"."${name}"`, raw_code: sql.get(name) ?? '',
      checksum: { name: 'sha256', checksum: String(name.length).padStart(64, 'a') }, build_path: null, compiled_path: null,
      config: { ...MODEL.config, ...lean.config }, unrendered_config: { materialized: lean.config?.materialized ?? 'view' },
      refs: lean.depends_on.nodes.map((d) => ({ name: d.split('.')[2], package: null, version: null })),
    };
    out.parent_map[id] = lean.depends_on.nodes;
    out.child_map[id] = [];
    for (const [ci, col] of Object.keys(lean.columns).slice(0, 3).entries()) {
      const tid = `test.${project}.${ci === 0 ? 'unique' : 'not_null'}_${name}_${col}.${String(ci).padStart(10, '0')}`;
      out.nodes[tid] = { ...TEST, unique_id: tid, name: tid.split('.')[2], package_name: project, attached_node: id, column_name: col,
        fqn: [project, tid.split('.')[2]], depends_on: { macros: TEST.depends_on.macros, nodes: [id] },
        test_metadata: { ...TEST.test_metadata, name: ci === 0 ? 'unique' : 'not_null', kwargs: { column_name: col, model: `{{ get_where_subquery(ref('${name}')) }}` } } };
      out.parent_map[tid] = [id];
      out.child_map[id].push(tid);
    }
  }
  for (const [id, parents] of Object.entries(out.parent_map)) if (id.startsWith('model.')) for (const p of parents) out.child_map[p]?.push(id);
  return out;
}
