// Generate a synthetic dbt project of N models for benchmarks: SQL files, property YAML
// (columns, tests in both syntaxes, Interface metadata), doc blocks and a target/manifest.json.
// Deterministic: the same options give the same files.
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { dbtShapedManifest } from './dbt-shaped-manifest.mjs';

const NOUNS = ['customer', 'order', 'order_item', 'product', 'payment', 'invoice', 'account', 'user', 'store', 'shipment', 'supplier', 'employee', 'campaign', 'lead', 'opportunity', 'ticket'];
const SOURCES = ['shop', 'stripe', 'hubspot', 'salesforce', 'zendesk', 'netsuite'];

/**
 * @param {string} dir target directory (emptied first)
 * @param {{models?: number, columns?: number, perFile?: number, stagingShare?: number, manifest?: boolean | 'dbt'}} opts
 *   manifest: false none; 'dbt' one the size and shape `dbt parse` writes; else a lean one
 */
export function generateProject(dir, opts = {}) {
  const n = opts.models ?? 1000;
  const ncols = opts.columns ?? 8;
  const perFile = opts.perFile ?? 50;
  const stagingShare = opts.stagingShare ?? 0.6;
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), stringify({ name: 'synthetic', version: '1.0.0', 'config-version': 2, profile: 'synthetic', 'model-paths': ['models'] }));
  const models = [];
  for (let i = 0; i < n; i++) {
    const noun = NOUNS[i % NOUNS.length];
    const staging = i < n * stagingShare;
    const name = staging ? `stg_${SOURCES[i % SOURCES.length]}__${noun}s_${i}` : `${i % 2 ? 'fct' : 'dim'}_${noun}_${i}`;
    const folder = staging ? `staging/${SOURCES[i % SOURCES.length]}` : 'marts';
    models.push({ i, name, noun, staging, folder });
  }
  const docs = [];
  const manifestNodes = {};
  const byFile = new Map();
  const sqlByName = new Map();
  for (const m of models) {
    mkdirSync(join(dir, 'models', m.folder), { recursive: true });
    const parent = m.i > 0 ? models[m.i - 1] : undefined;
    const text = modelSql(m, parent, ncols);
    sqlByName.set(m.name, text);
    writeFileSync(join(dir, 'models', m.folder, `${m.name}.sql`), text);
    const columns = [];
    for (let c = 0; c < ncols; c++) {
      const cname = c === 0 ? `${m.noun}_id` : c === 1 && parent ? `${parent.noun}_id` : `attr_${c}`;
      const col = { name: cname, description: `Column ${cname} of ${m.name}.`, data_type: c === 0 ? 'integer' : 'varchar' };
      if (c === 0) col.data_tests = ['unique', 'not_null'];
      if (c === 1 && parent) {
        col.data_tests = [m.i % 2
          ? { relationships: { arguments: { to: `ref('${parent.name}')`, field: `${parent.noun}_id` } } }
          : { relationships: { to: `ref('${parent.name}')`, field: `${parent.noun}_id` } }];
      }
      if (c === 2 && m.i % 10 === 0) {
        const doc = `doc_${m.i}`;
        docs.push(`{% docs ${doc} %}\nShared description number ${m.i}.\n{% enddocs %}\n`);
        col.description = `{{ doc("${doc}") }}`;
      }
      columns.push(col);
    }
    const entry = { name: m.name, description: `Model ${m.name}.`, columns };
    if (!m.staging && m.i % 5 === 0) {
      const contracted = m.i % 10 === 0;
      entry.config = { materialized: 'table', ...(contracted ? { contract: { enforced: true } } : {}) };
      entry.meta = { modeler: { interface: { owner: 'team@example.com', domain: 'sales', status: 'active', version: 'v1', description: `Interface ${m.name}`,
        unique_key: `${m.noun}_id`, stability: contracted ? 'contracted' : 'shared', freshness: { warn_after: { count: 24, period: 'hour' } } } } };
    }
    const fileKey = `${m.folder}/_models_${Math.floor(m.i / perFile)}.yml`;
    if (!byFile.has(fileKey)) byFile.set(fileKey, []);
    byFile.get(fileKey).push(entry);
    const id = `model.synthetic.${m.name}`;
    manifestNodes[id] = {
      unique_id: id, resource_type: 'model', name: m.name, package_name: 'synthetic', original_file_path: `models/${m.folder}/${m.name}.sql`,
      patch_path: `synthetic://models/${fileKey}`, description: entry.description, config: entry.config ?? { materialized: 'view' }, meta: entry.meta ?? {},
      tags: [], depends_on: { nodes: parent ? [`model.synthetic.${parent.name}`] : [] },
      columns: Object.fromEntries(columns.map((c) => [c.name, { name: c.name, description: c.description, data_type: c.data_type, meta: {}, tags: [], constraints: [] }])),
    };
  }
  for (const [file, list] of byFile) writeFileSync(join(dir, 'models', file), stringify({ version: 2, models: list }, { lineWidth: 0 }));
  writeFileSync(join(dir, 'models', '_docs.md'), docs.join('\n'));
  mkdirSync(join(dir, 'macros'), { recursive: true });
  writeFileSync(join(dir, 'macros', 'cents_to_dollars.sql'), '{% macro cents_to_dollars(column_name) -%}\n    ({{ column_name }} / 100)::numeric(16, 2)\n{%- endmacro %}\n');
  if (opts.manifest !== false) {
    mkdirSync(join(dir, 'target'), { recursive: true });
    const manifest = opts.manifest === 'dbt' ? dbtShapedManifest('synthetic', manifestNodes, sqlByName)
      : { metadata: { dbt_schema_version: 'https://schemas.getdbt.com/dbt/manifest/v12.json', project_name: 'synthetic' }, nodes: manifestNodes, sources: {}, docs: {} };
    writeFileSync(join(dir, 'target', 'manifest.json'), JSON.stringify(manifest));
  }
  return { dir, models: models.length, staging: models.filter((m) => m.staging).length, yamlFiles: byFile.size };
}

/**
 * A model's SQL as real projects write it: an import CTE over its parent (ref), a CTE that
 * renames, casts and calls a project macro, a filter, and `select *` from the last CTE. Its
 * output columns are the ones its YAML lists.
 */
function modelSql(m, parent, ncols) {
  const cols = [];
  for (let c = 0; c < ncols; c++) {
    if (c === 0) cols.push(parent ? `cast(upstream.${parent.noun}_id * 100 + ${m.i % 100} as integer) as ${m.noun}_id` : `cast(1 as integer) as ${m.noun}_id`);
    else if (c === 1 && parent) cols.push(`upstream.${parent.noun}_id`);
    else if (!parent) cols.push(`'value ${c}' as attr_${c}`);
    else if (c === 5) cols.push(`{{ cents_to_dollars('upstream.attr_${c}') }} as attr_${c}`);
    else if (c % 3 === 0) cols.push(`lower(upstream.attr_${c}) as attr_${c}`);
    else if (c % 3 === 1) cols.push(`coalesce(upstream.attr_${c}, 'n/a') as attr_${c}`);
    else cols.push(`upstream.attr_${c}`);
  }
  const body = `    select\n        ${cols.join(',\n        ')}\n`;
  if (!parent) return `with final as (\n${body})\n\nselect * from final\n`;
  return `{{ config(materialized='${m.staging ? 'view' : 'table'}') }}\n\nwith upstream as (\n\n    select * from {{ ref('${parent.name}') }}\n\n),\n\nfinal as (\n\n${body}    from upstream\n    where upstream.${parent.noun}_id is not null\n\n)\n\nselect * from final\n`;
}
