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
 * @param {{models?: number, columns?: number, perFile?: number, stagingShare?: number, manifest?: boolean | 'dbt', shape?: 'wide' | 'chain'}} opts
 *   manifest: false none; 'dbt' one the size and shape `dbt parse` writes; else a lean one.
 *   shape: 'wide' (default) lineage as real projects have it — staging models over sources, intermediate
 *   models joining 2–3 staging models, marts joining an intermediate model with 1–2 others (fan-in and
 *   fan-out); 'chain' each model over the one before it (a 10,000-deep chain: a worst case, not a project).
 */
export function generateProject(dir, opts = {}) {
  const n = opts.models ?? 1000;
  const ncols = opts.columns ?? 8;
  const perFile = opts.perFile ?? 50;
  const stagingShare = opts.stagingShare ?? 0.6;
  const wide = (opts.shape ?? 'wide') === 'wide';
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), stringify({ name: 'synthetic', version: '1.0.0', 'config-version': 2, profile: 'synthetic', 'model-paths': ['models'] }));
  const models = planModels(n, stagingShare, wide, ncols);
  const docs = [];
  const manifestNodes = {};
  const byFile = new Map();
  const sqlByName = new Map();
  for (const m of models) {
    mkdirSync(join(dir, 'models', m.folder), { recursive: true });
    const parent = m.fkTo;
    const text = m.source ? stagingSql(m, ncols) : modelSql(m, ncols);
    sqlByName.set(m.name, text);
    writeFileSync(join(dir, 'models', m.folder, `${m.name}.sql`), text);
    const columns = [];
    for (let c = 0; c < ncols; c++) {
      const cname = c === 0 ? `${m.noun}_id` : c === 1 && parent ? m.fkCol : `attr_${c}`;
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
      tags: [], depends_on: { nodes: m.parents.map((x) => `model.synthetic.${x.name}`) },
      columns: Object.fromEntries(columns.map((c) => [c.name, { name: c.name, description: c.description, data_type: c.data_type, meta: {}, tags: [], constraints: [] }])),
    };
  }
  for (const [file, list] of byFile) writeFileSync(join(dir, 'models', file), stringify({ version: 2, models: list }, { lineWidth: 0 }));
  writeSources(dir, models, ncols);
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

/** A small deterministic generator (mulberry32), so the same options give the same project. */
function random(seed) {
  let a = seed >>> 0;
  return () => { a = (a + 0x6d2b79f5) >>> 0; let t = a; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}

/** Names, layers and lineage of every model: `parents` (first: the one its key column 1 refers to), `source` for staging models over a source. */
function planModels(n, stagingShare, wide, ncols) {
  const models = [];
  const nStaging = Math.max(1, Math.floor(n * stagingShare));
  const nInt = wide ? Math.floor(n * 0.15) : 0;
  const rnd = random(20261125);
  const pick = (lo, hi, k, avoid) => {
    const out = [];
    for (let tries = 0; out.length < k && tries < 20 && hi > lo; tries++) {
      const x = models[lo + Math.floor(rnd() * (hi - lo))];
      if (!out.includes(x) && x !== avoid) out.push(x);
    }
    return out;
  };
  for (let i = 0; i < n; i++) {
    const noun = NOUNS[i % NOUNS.length];
    const system = SOURCES[i % SOURCES.length];
    const staging = i < nStaging;
    const layer = staging ? 'staging' : i < nStaging + nInt ? 'intermediate' : 'marts';
    const name = staging ? `stg_${system}__${noun}s_${i}` : layer === 'intermediate' ? `int_${noun}_${i}` : `${i % 2 ? 'fct' : 'dim'}_${noun}_${i}`;
    const folder = staging ? `staging/${system}` : layer;
    const m = { i, name, noun, staging, folder, system, parents: [] };
    if (!wide) m.parents = i > 0 ? [models[i - 1]] : [];
    else if (staging) m.source = { system, table: `${noun}s_${i}` };
    else if (layer === 'intermediate') m.parents = pick(0, nStaging, 2 + Math.floor(rnd() * 2));
    else {
      const first = nInt ? pick(nStaging, nStaging + nInt, 1) : pick(0, i, 1);
      m.parents = [...first, ...pick(0, i, 1 + Math.floor(rnd() * 2), first[0])];
    }
    m.parents = m.parents.slice(0, Math.max(1, ncols - 2));
    // column 1 is a key of another table: the first parent's, or (staging) the previous table of the same system
    m.fkTo = m.source ? (i >= SOURCES.length ? models[i - SOURCES.length] : undefined) : m.parents[0];
    if (m.fkTo) m.fkCol = m.fkTo.noun === noun ? `parent_${noun}_id` : `${m.fkTo.noun}_id`;
    models.push(m);
  }
  return models;
}

/** Source tables of the staging models, one YAML per system, with the columns the staging SQL reads. */
function writeSources(dir, models, ncols) {
  const bySystem = new Map();
  for (const m of models) {
    if (!m.source) continue;
    const cols = ['id', ...(m.fkTo ? [m.fkCol] : []), ...Array.from({ length: ncols - (m.fkTo ? 2 : 1) }, (_, k) => `attr_${k + (m.fkTo ? 2 : 1)}`)];
    if (!bySystem.has(m.system)) bySystem.set(m.system, []);
    bySystem.get(m.system).push({ name: m.source.table, columns: cols.map((name) => ({ name })) });
  }
  for (const [system, tables] of bySystem) {
    mkdirSync(join(dir, 'models', 'staging', system), { recursive: true });
    writeFileSync(join(dir, 'models', 'staging', system, `_${system}__sources.yml`), stringify({ version: 2, sources: [{ name: system, tables }] }, { lineWidth: 0 }));
  }
}

/** A staging model as real projects write it: the source, renamed and cast, `select *` from the last CTE. */
function stagingSql(m, ncols) {
  const cols = [`cast(id as integer) as ${m.noun}_id`];
  for (let c = 1; c < ncols; c++) {
    if (c === 1 && m.fkTo) cols.push(m.fkCol);
    else if (c === 5) cols.push(`{{ cents_to_dollars('attr_${c}') }} as attr_${c}`);
    else if (c % 3 === 0) cols.push(`lower(attr_${c}) as attr_${c}`);
    else cols.push(`attr_${c}`);
  }
  return `with source as (\n\n    select * from {{ source('${m.source.system}', '${m.source.table}') }}\n\n),\n\nrenamed as (\n\n    select\n        ${cols.join(',\n        ')}\n    from source\n\n)\n\nselect * from renamed\n`;
}

/**
 * A model's SQL as real projects write it: an import CTE per parent (ref), a CTE that renames,
 * casts, calls a project macro and joins the other parents (each gives one column), a filter, and
 * `select *` from the last CTE. Its output columns are the ones its YAML lists.
 */
function modelSql(m, ncols) {
  const [parent, ...others] = m.parents;
  const fromOther = new Map(others.map((o, k) => [ncols - 1 - k, `other_${k + 1}`]));
  const cols = [];
  for (let c = 0; c < ncols; c++) {
    if (c === 0) cols.push(parent ? `cast(upstream.${parent.noun}_id * 100 + ${m.i % 100} as integer) as ${m.noun}_id` : `cast(1 as integer) as ${m.noun}_id`);
    else if (c === 1 && parent) cols.push(m.fkCol === `${parent.noun}_id` ? `upstream.${parent.noun}_id` : `upstream.${parent.noun}_id as ${m.fkCol}`);
    else if (!parent) cols.push(`'value ${c}' as attr_${c}`);
    else if (fromOther.has(c)) cols.push(`${fromOther.get(c)}.attr_${c}`);
    else if (c === 5) cols.push(`{{ cents_to_dollars('upstream.attr_${c}') }} as attr_${c}`);
    else if (c % 3 === 0) cols.push(`lower(upstream.attr_${c}) as attr_${c}`);
    else if (c % 3 === 1) cols.push(`coalesce(upstream.attr_${c}, 'n/a') as attr_${c}`);
    else cols.push(`upstream.attr_${c}`);
  }
  const body = `    select\n        ${cols.join(',\n        ')}\n`;
  if (!parent) return `with final as (\n${body})\n\nselect * from final\n`;
  const imports = [`upstream as (\n\n    select * from {{ ref('${parent.name}') }}\n\n)`, ...others.map((o, k) => `other_${k + 1} as (\n\n    select * from {{ ref('${o.name}') }}\n\n)`)];
  const joins = others.map((o, k) => `    left join other_${k + 1} on other_${k + 1}.attr_2 = upstream.attr_2\n`).join('');
  return `{{ config(materialized='${m.staging ? 'view' : 'table'}') }}\n\nwith ${imports.join(',\n\n')},\n\nfinal as (\n\n${body}    from upstream\n${joins}    where upstream.${parent.noun}_id is not null\n\n)\n\nselect * from final\n`;
}
