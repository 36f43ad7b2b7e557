// Where a dbt resource and its columns sit inside its property YAML, as JSON pointers, so a
// proposal can patch exactly that entry (and follow the file's own style: `tests:` or
// `data_tests:`, classic or `arguments:`-nested test arguments).
import { parse } from '../../core/yaml-lib.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import { projectTestKey } from './test-key.js';

export interface NodeEntry {
  file: string;
  /** Pointer of the resource's mapping, e.g. /models/3 or /sources/0/tables/2. */
  pointer: string;
  entry: Record<string, any>;
  /** Whether the file nests test arguments under `arguments:` (dbt ≥ 1.10). */
  nestedArgs: boolean;
}

export interface ColumnEntry extends NodeEntry {
  columnPointer: string;
  column: Record<string, any>;
  /** The list key the column already uses for tests, else the file's habit, else the project's (test-key.ts). */
  testsKey: 'tests' | 'data_tests';
}

const SECTION: Record<string, string> = { model: 'models', seed: 'seeds', snapshot: 'snapshots' };

export function locateNode(project: Project, node: DbtNode): NodeEntry | undefined {
  if (!node.file || !/\.ya?ml$/.test(node.file)) return undefined;
  let text: string;
  let doc: any;
  try { text = project.readText(node.file); doc = parse(text); } catch { return undefined; }
  if (!doc || typeof doc !== 'object') return undefined;
  const nestedArgs = /^\s+arguments:\s*$/m.test(text);
  if (node.resourceType === 'source') {
    const sources: any[] = Array.isArray(doc.sources) ? doc.sources : [];
    for (let i = 0; i < sources.length; i++) {
      if (sources[i]?.name !== node.sourceName) continue;
      const tables: any[] = Array.isArray(sources[i].tables) ? sources[i].tables : [];
      const j = tables.findIndex((t) => t?.name === node.tableName);
      if (j >= 0) return { file: node.file, pointer: `/sources/${i}/tables/${j}`, entry: tables[j], nestedArgs };
    }
    return undefined;
  }
  const key = SECTION[node.resourceType];
  const list: any[] = key && Array.isArray(doc[key]) ? doc[key] : [];
  const i = list.findIndex((m) => m?.name === node.name); // a model listed twice is an error dbt reports; the change is refused then
  return i >= 0 ? { file: node.file, pointer: `/${key}/${i}`, entry: list[i], nestedArgs } : undefined;
}

export function locateColumn(project: Project, node: DbtNode, column: string): ColumnEntry | undefined {
  const n = locateNode(project, node);
  if (!n) return undefined;
  const cols: any[] = Array.isArray(n.entry.columns) ? n.entry.columns : [];
  // a column listed twice is one column whose last entry dbt keeps: that is the one to change
  const k = cols.map((c) => c?.name).lastIndexOf(column);
  if (k < 0) return undefined;
  const c = cols[k];
  // the file's habit, else the project's (its require-dbt-version and its other files)
  const habit = cols.some((x) => Array.isArray(x?.data_tests)) ? 'data_tests' : cols.some((x) => Array.isArray(x?.tests)) ? 'tests' : fileHabit(n.entry) ?? projectTestKey(project);
  const testsKey = Array.isArray(c.data_tests) ? 'data_tests' : Array.isArray(c.tests) ? 'tests' : habit;
  return { ...n, columnPointer: `${n.pointer}/columns/${k}`, column: c, testsKey };
}

/** The key the resource's own model-level tests use. */
function fileHabit(entry: Record<string, any>): 'tests' | 'data_tests' | undefined {
  return Array.isArray(entry?.data_tests) ? 'data_tests' : Array.isArray(entry?.tests) ? 'tests' : undefined;
}
