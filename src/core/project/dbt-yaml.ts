// One dbt property file (schema.yml, _sources.yml, …) → its entries with line numbers. The
// entries are patches: which model, seed or snapshot they describe (and whether that resource
// exists and is enabled) is decided when the whole project is assembled (build-nodes.ts).
import type { Diagnostic } from '../diagnostics.js';
import type { FastYaml } from '../yaml-fast.js';
import { EMPTY_LIST, EMPTY_MAP, normalizeTests } from './dbt-tests.js';
import { descriptionText } from './docs.js';
import type { YamlCall } from './jinja-calls.js';
import type { DbtColumn, DbtTest } from './types.js';

export type Section = 'models' | 'seeds' | 'snapshots' | 'analyses' | 'exposures' | 'semantic_models' | 'metrics' | 'saved_queries';
const SECTIONS: Section[] = ['models', 'seeds', 'snapshots', 'analyses', 'exposures', 'semantic_models', 'metrics', 'saved_queries'];
export const DBT_SECTION_KEYS = ['version', ...SECTIONS, 'sources', 'macros', 'unit_tests', 'data_tests', 'groups'];

export interface YamlEntry {
  section: Section;
  name: string;
  obj: Record<string, any>;
  file: string;
  line?: number;
  columns: DbtColumn[];
  tests: DbtTest[];
  /** Versioned models (`versions:`): one entry per version, in file order. */
  versions?: VersionEntry[];
}

export interface VersionEntry {
  v: string | number;
  obj: Record<string, any>;
  line?: number;
  /** Top-level columns kept for this version: include (`all` or names) minus exclude. */
  include: 'all' | string[];
  exclude: string[];
  /** The version's own column entries (added to, or replacing, the kept ones). */
  columns: DbtColumn[];
  tests: DbtTest[];
}

export interface SourceTableEntry {
  sourceName: string;
  tableName: string;
  source: Record<string, any>;
  table: Record<string, any>;
  file: string;
  line?: number;
  columns: DbtColumn[];
  tests: DbtTest[];
}

export interface PropertyFile {
  entries: YamlEntry[]; sourceTables: SourceTableEntry[];
  /** Groups and unit tests the file declares (counted as dbt counts them). */
  named: { section: 'groups' | 'unit_tests'; name: string; model?: string; line?: number }[];
  diagnostics: Diagnostic[];
  /** Set by the project reader: the file, and its var()/env_var() calls without a default that dbt renders. */
  file?: string;
  calls?: YamlCall[];
}

/** Does this parsed YAML look like a dbt property file? */
export function isDbtPropertyFile(value: unknown): boolean {
  return !!value && typeof value === 'object' && !Array.isArray(value) &&
    Object.keys(value).some((k) => (SECTIONS as string[]).includes(k) || k === 'sources' || k === 'groups' || k === 'unit_tests');
}

export function parseDbtProperties(parsed: FastYaml, text: string, file: string): PropertyFile {
  const out: PropertyFile = { entries: [], sourceTables: [], named: [], diagnostics: [] };
  const value = parsed.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return out;
  const lineOf = (o: unknown) => parsed.lineOf(o);
  for (const [key, list] of Object.entries(value as Record<string, unknown>)) {
    if (key === 'sources') {
      if (!Array.isArray(list)) { if (list != null) out.diagnostics.push(shape(file, keyLine(text, key), `'sources' must be a list`)); continue; }
      for (const [i, s] of (list as any[]).entries()) {
        if (!s || typeof s !== 'object' || typeof s.name !== 'string') { out.diagnostics.push(shape(file, lineOf(s) ?? keyLine(text, key), `entry ${i + 1} of 'sources' needs a name`)); continue; }
        for (const t of Array.isArray(s.tables) ? s.tables : []) {
          if (!t || typeof t !== 'object' || typeof t.name !== 'string') { out.diagnostics.push(shape(file, lineOf(t) ?? lineOf(s), `a table of source '${s.name}' needs a name`)); continue; }
          const line = lineOf(t);
          out.sourceTables.push({ sourceName: s.name, tableName: t.name, source: s, table: t, file, line,
            columns: columnsOf(t, file, line, lineOf, out.diagnostics), tests: testsOf(t, line, lineOf) });
        }
      }
      continue;
    }
    if (key === 'groups' || key === 'unit_tests') {
      for (const g of Array.isArray(list) ? list : []) {
        if (g && typeof g === 'object' && typeof g.name === 'string') out.named.push({ section: key, name: g.name, model: typeof g.model === 'string' ? g.model : undefined, line: lineOf(g) });
      }
      continue;
    }
    if (!(SECTIONS as string[]).includes(key)) continue;
    if (!Array.isArray(list)) { if (list != null) out.diagnostics.push(shape(file, keyLine(text, key), `'${key}' must be a list`)); continue; }
    for (const [i, obj] of (list as any[]).entries()) {
      if (!obj || typeof obj !== 'object' || typeof obj.name !== 'string') { out.diagnostics.push(shape(file, lineOf(obj) ?? keyLine(text, key), `entry ${i + 1} of '${key}' needs a name`)); continue; }
      const line = lineOf(obj);
      const entry: YamlEntry = { section: key as Section, name: obj.name, obj, file, line,
        columns: columnsOf(obj, file, line, lineOf, out.diagnostics), tests: testsOf(obj, line, lineOf) };
      if (key === 'models' && Array.isArray(obj.versions)) entry.versions = versionsOf(obj, file, lineOf, out.diagnostics);
      out.entries.push(entry);
    }
  }
  return out;
}

function versionsOf(obj: Record<string, any>, file: string, lineOf: (o: unknown) => number | undefined, diagnostics: Diagnostic[]): VersionEntry[] {
  const out: VersionEntry[] = [];
  for (const v of obj.versions as unknown[]) {
    if (!v || typeof v !== 'object' || (v as any).v === undefined || (v as any).v === null) {
      diagnostics.push(shape(file, lineOf(v) ?? lineOf(obj), `a version of model '${obj.name}' needs 'v'`));
      continue;
    }
    const vo = v as Record<string, any>;
    const line = lineOf(vo);
    let include: 'all' | string[] = 'all';
    let exclude: string[] = [];
    const own: unknown[] = [];
    for (const c of Array.isArray(vo.columns) ? vo.columns : []) {
      if (c && typeof c === 'object' && ('include' in c || 'exclude' in c) && !('name' in c)) {
        include = c.include === undefined || c.include === 'all' || c.include === '*' ? 'all' : toArray(c.include);
        exclude = toArray(c.exclude);
      } else own.push(c);
    }
    out.push({ v: vo.v, obj: vo, line, include, exclude,
      columns: columnsOf({ name: `${obj.name} v${vo.v}`, columns: own }, file, line, lineOf, diagnostics), tests: testsOf(vo, line, lineOf) });
  }
  return out;
}

function testsOf(obj: Record<string, any>, line: number | undefined, lineOf: (o: unknown) => number | undefined): DbtTest[] {
  return both(normalizeTests(obj.tests, 'tests', line, lineOf), normalizeTests(obj.data_tests, 'data_tests', line, lineOf));
}

/** Two lists as one, without a new array when one of them is empty (the shared empty list stays shared). */
function both<T>(a: T[], b: T[]): T[] {
  return !b.length ? a : !a.length ? b : [...a, ...b];
}

/**
 * Columns of an entry. A column listed twice is one column, as in dbt: the last entry's
 * properties win, while the tests of both entries are kept (dbt generates tests per entry).
 */
export function columnsOf(obj: Record<string, any>, file: string, parentLine: number | undefined,
  lineOf: (o: unknown) => number | undefined, diagnostics: Diagnostic[]): DbtColumn[] {
  const byName = new Map<string, DbtColumn>();
  for (const c of Array.isArray(obj.columns) ? obj.columns : []) {
    if (!c || typeof c !== 'object' || typeof c.name !== 'string') continue;
    const cLine = lineOf(c) ?? parentLine;
    const cConfig = c.config && typeof c.config === 'object' ? c.config : {};
    const col: DbtColumn = {
      name: c.name, description: descriptionText(c.description), description_ref: c.description_ref,
      data_type: c.data_type ?? cConfig.data_type, type: c.type,
      tests: both(normalizeTests(c.tests, 'tests', cLine, lineOf), normalizeTests(c.data_tests, 'data_tests', cLine, lineOf)),
      constraints: Array.isArray(c.constraints) ? c.constraints : EMPTY_LIST,
      meta: cConfig.meta == null && c.meta == null ? EMPTY_MAP : { ...(cConfig.meta ?? {}), ...(c.meta ?? {}) },
      tags: c.tags === undefined && cConfig.tags === undefined ? EMPTY_LIST : [...toArray(c.tags), ...toArray(cConfig.tags)],
      binding: c.binding, terms: c.terms, line: cLine, raw: c,
    };
    const prev = byName.get(c.name);
    if (prev) {
      diagnostics.push({ code: 'DUPLICATE_COLUMN', severity: 'warning', file, line: cLine, column: 1,
        message: `column '${c.name}' of '${obj.name}' is listed twice (also at line ${prev.line}); dbt keeps this last entry`,
        hint: 'merge the two entries into one' });
      col.tests = [...prev.tests, ...col.tests];
    }
    byName.set(c.name, col); // an existing key keeps its place, as a Python dict does
  }
  return [...byName.values()];
}

/** Line of a top-level `key:` (shape errors point at their section rather than at 1:1). */
function keyLine(text: string, key: string): number | undefined {
  const m = new RegExp(`^${key}[ \\t]*:`, 'm').exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}

function shape(file: string, line: number | undefined, message: string): Diagnostic {
  return { code: 'DBT_YAML_SHAPE', severity: 'error', file, line: line ?? 1, column: 1, message, hint: 'see https://docs.getdbt.com/reference/model-properties for the expected shape' };
}

export function toArray(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : [];
}
