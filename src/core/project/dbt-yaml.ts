// One dbt property file (schema.yml, _sources.yml, …) → nodes with line numbers.
import { isMap, isSeq, isScalar, type Node, type YAMLMap } from 'yaml';
import type { Diagnostic } from '../diagnostics.js';
import type { YamlSource } from '../yaml-source.js';
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

export function parseDbtProperties(src: YamlSource, projectName: string): { nodes: DbtNode[]; diagnostics: Diagnostic[] } {
  const nodes: DbtNode[] = [];
  const diagnostics: Diagnostic[] = [];
  const file = src.file;
  const root = src.doc.contents;
  if (!isMap(root)) return { nodes, diagnostics };
  const lineOf = (n: Node | null | undefined) => (n?.range ? src.lines.linePos(n.range[0]).line : undefined);
  for (const pair of (root as YAMLMap).items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const listNode = pair.value as Node | null;
    if (key === 'sources') {
      if (!isSeq(listNode)) { if (listNode) diagnostics.push(shape(file, lineOf(listNode), `'sources' must be a list`)); continue; }
      for (const srcItem of listNode.items as Node[]) {
        const s = isMap(srcItem) ? (srcItem.toJSON() as Record<string, any>) : undefined;
        if (!s?.name) { diagnostics.push(shape(file, lineOf(srcItem), 'a source needs a name')); continue; }
        const tablesNode = (srcItem as YAMLMap).get('tables', true) as Node | undefined;
        const tableItems = isSeq(tablesNode) ? (tablesNode.items as Node[]) : [];
        tableItems.forEach((tNode) => {
          const t = isMap(tNode) ? (tNode.toJSON() as Record<string, any>) : undefined;
          if (!t?.name) { diagnostics.push(shape(file, lineOf(tNode), `a table of source '${s.name}' needs a name`)); return; }
          const n = makeNode('source', `${s.name}.${t.name}`, `source.${projectName}.${s.name}.${t.name}`, t, file, lineOf(tNode), tNode as YAMLMap, lineOf);
          n.sourceName = s.name;
          n.tableName = t.name;
          n.meta = { ...(s.meta ?? {}), ...n.meta };
          nodes.push(n);
        });
      }
      continue;
    }
    const type = SECTIONS[key];
    if (!type) continue;
    if (!isSeq(listNode)) { if (listNode) diagnostics.push(shape(file, lineOf(listNode), `'${key}' must be a list`)); continue; }
    for (const item of listNode.items as Node[]) {
      const obj = isMap(item) ? (item.toJSON() as Record<string, any>) : undefined;
      if (!obj || typeof obj.name !== 'string') { diagnostics.push(shape(file, lineOf(item), `an entry of '${key}' needs a name`)); continue; }
      nodes.push(makeNode(type, obj.name, `${type}.${projectName}.${obj.name}`, obj, file, lineOf(item), item as YAMLMap, lineOf));
    }
  }
  return { nodes, diagnostics };
}

function shape(file: string, line: number | undefined, message: string): Diagnostic {
  return { code: 'DBT_YAML_SHAPE', severity: 'error', file, line, column: 1, message, hint: 'see https://docs.getdbt.com/reference/model-properties for the expected shape' };
}

function makeNode(type: ResourceType, name: string, uniqueId: string, obj: Record<string, any>, file: string, line: number | undefined,
  mapNode: YAMLMap, lineOf: (n: Node | null | undefined) => number | undefined): DbtNode {
  const config = (obj.config && typeof obj.config === 'object') ? obj.config : {};
  // dbt ≥ 1.10 moves meta under config; read both, top-level wins.
  const meta = { ...(config.meta ?? {}), ...(obj.meta ?? {}) };
  const colsNode = mapNode.get('columns', true) as Node | undefined;
  const colItems = isSeq(colsNode) ? (colsNode.items as Node[]) : [];
  const columns: DbtColumn[] = [];
  (Array.isArray(obj.columns) ? obj.columns : []).forEach((c: any, i: number) => {
    if (!c || typeof c !== 'object' || typeof c.name !== 'string') return;
    const cLine = lineOf(colItems[i]);
    const cConfig = c.config && typeof c.config === 'object' ? c.config : {};
    columns.push({
      name: c.name, description: c.description, description_ref: c.description_ref,
      data_type: c.data_type, type: c.type,
      tests: [...normalizeTests(c.tests, 'tests', cLine), ...normalizeTests(c.data_tests, 'data_tests', cLine)],
      constraints: Array.isArray(c.constraints) ? c.constraints : [],
      meta: { ...(cConfig.meta ?? {}), ...(c.meta ?? {}) }, tags: [...(c.tags ?? []), ...(cConfig.tags ?? [])],
      binding: c.binding, terms: c.terms, line: cLine, raw: c,
    });
  });
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
