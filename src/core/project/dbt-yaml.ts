// One dbt property file (schema.yml, _sources.yml, …) → nodes with line numbers.
import type { Diagnostic } from '../diagnostics.js';
import { NameLocator } from '../yaml-fast.js';
import { normalizeTests } from './dbt-tests.js';
import type { DbtColumn, DbtNode, ResourceType } from './types.js';

const SECTIONS: Record<string, ResourceType> = {
  models: 'model', seeds: 'seed', snapshots: 'snapshot', exposures: 'exposure',
  semantic_models: 'semantic_model', metrics: 'metric',
};
export const DBT_SECTION_KEYS = ['version', 'models', 'sources', 'seeds', 'snapshots', 'exposures', 'semantic_models', 'metrics', 'macros', 'analyses', 'saved_queries', 'unit_tests', 'data_tests', 'groups'];

/** Does this parsed YAML look like a dbt property file? */
export function isDbtPropertyFile(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) &&
    Object.keys(value).some((k) => k in SECTIONS || k === 'sources');
}

export function parseDbtProperties(value: unknown, text: string, file: string, projectName: string): { nodes: DbtNode[]; diagnostics: Diagnostic[] } {
  const nodes: DbtNode[] = [];
  const diagnostics: Diagnostic[] = [];
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { nodes, diagnostics };
  const loc = new NameLocator(text);
  for (const [key, list] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'sources') {
      if (!Array.isArray(list)) { diagnostics.push(shape(file, keyLine(text, key), `'sources' must be a list`)); continue; }
      for (const [i, s] of (list as any[]).entries()) {
        if (!s || typeof s !== 'object' || typeof s.name !== 'string') { diagnostics.push(shape(file, keyLine(text, key), `entry ${i + 1} of 'sources' needs a name`)); continue; }
        loc.next(s.name);
        for (const t of Array.isArray(s.tables) ? s.tables : []) {
          if (!t || typeof t !== 'object' || typeof t.name !== 'string') { diagnostics.push(shape(file, keyLine(text, key), `a table of source '${s.name}' needs a name`)); continue; }
          const n = makeNode('source', `${s.name}.${t.name}`, `source.${projectName}.${s.name}.${t.name}`, t, file, loc);
          n.sourceName = s.name;
          n.tableName = t.name;
          n.meta = { ...(s.meta ?? {}), ...(s.config?.meta ?? {}), ...n.meta };
          nodes.push(n);
        }
      }
      continue;
    }
    const type = SECTIONS[key];
    if (!type) continue;
    if (!Array.isArray(list)) { if (list != null) diagnostics.push(shape(file, keyLine(text, key), `'${key}' must be a list`)); continue; }
    for (const [i, obj] of (list as any[]).entries()) {
      if (!obj || typeof obj !== 'object' || typeof obj.name !== 'string') { diagnostics.push(shape(file, keyLine(text, key), `entry ${i + 1} of '${key}' needs a name`)); continue; }
      nodes.push(makeNode(type, obj.name, `${type}.${projectName}.${obj.name}`, obj, file, loc));
    }
  }
  return { nodes, diagnostics };
}

/** Line of a top-level `key:` (shape errors point at their section rather than at 1:1). */
function keyLine(text: string, key: string): number | undefined {
  const m = new RegExp(`^${key}[ \\t]*:`, 'm').exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}

function shape(file: string, line: number | undefined, message: string): Diagnostic {
  return { code: 'DBT_YAML_SHAPE', severity: 'error', file, line: line ?? 1, column: 1, message, hint: 'see https://docs.getdbt.com/reference/model-properties for the expected shape' };
}

function makeNode(type: ResourceType, name: string, uniqueId: string, obj: Record<string, any>, file: string, loc: NameLocator): DbtNode {
  const line = loc.next(obj.name);
  const config = (obj.config && typeof obj.config === 'object') ? obj.config : {};
  // dbt >= 1.10 moves meta under config; read both, top-level wins.
  const meta = { ...(config.meta ?? {}), ...(obj.meta ?? {}) };
  const columns: DbtColumn[] = [];
  const afterNode = loc.position;
  for (const c of Array.isArray(obj.columns) ? obj.columns : []) {
    if (!c || typeof c !== 'object' || typeof c.name !== 'string') continue;
    const cLine = loc.next(c.name) ?? line;
    const cConfig = c.config && typeof c.config === 'object' ? c.config : {};
    columns.push({
      name: c.name, description: c.description, description_ref: c.description_ref,
      data_type: c.data_type, type: c.type,
      tests: [...normalizeTests(c.tests, 'tests', cLine), ...normalizeTests(c.data_tests, 'data_tests', cLine)],
      constraints: Array.isArray(c.constraints) ? c.constraints : [],
      meta: { ...(cConfig.meta ?? {}), ...(c.meta ?? {}) }, tags: [...toArray(c.tags), ...toArray(cConfig.tags)],
      binding: c.binding, terms: c.terms, line: cLine, raw: c,
    });
  }
  if (!columns.length) loc.position = afterNode;
  const contract = config.contract ?? obj.contract;
  const iface = meta?.modeler?.interface;
  return {
    resourceType: type, name, uniqueId, file, line, description: obj.description, config, meta,
    tags: [...toArray(obj.tags), ...toArray(config.tags)],
    columns,
    tests: [...normalizeTests(obj.tests, 'tests', line), ...normalizeTests(obj.data_tests, 'data_tests', line)],
    materialized: config.materialized ?? obj.materialized,
    contractEnforced: contract?.enforced === true,
    interface: iface && typeof iface === 'object' ? iface : undefined,
    origins: ['yaml'], raw: obj,
  };
}

function toArray(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
}
