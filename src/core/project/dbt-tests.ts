// dbt tests come in many shapes; normalise them all to {name, args, config}.
//   - unique                                   (string)
//   - relationships: {to: ref('x'), field: id} (name → args)
//   - relationships: {arguments: {to: …, field: …}, config: …}   (dbt ≥ 1.10)
//   - {test_name: relationships, to: …}        (rare)
// Config keys written beside the arguments (the pre-1.10 style: `severity`, `enabled`, …)
// are configs, as dbt reads them.
import type { DbtColumn, DbtNode, DbtTest } from './types.js';

/**
 * One frozen empty list and map stand for the empty ones of every column and test: a
 * 10,000-model project has ~130,000 columns, most without meta, tags, constraints or tests, and
 * an empty object or array each was ~20 MB of what a read keeps. Frozen, so a caller that
 * would add to one fails loudly instead of adding to all.
 */
export const EMPTY_LIST: never[] = Object.freeze([]) as unknown as never[];
export const EMPTY_MAP: Record<string, never> = Object.freeze({}) as Record<string, never>;

const TEST_CONFIG_KEYS = new Set(['enabled', 'severity', 'where', 'limit', 'warn_if', 'error_if', 'store_failures', 'store_failures_as', 'tags', 'meta', 'alias', 'schema', 'database', 'fail_calc']);

export function normalizeTests(list: unknown, key: 'tests' | 'data_tests', line?: number, lineOf?: (o: unknown) => number | undefined): DbtTest[] {
  if (!Array.isArray(list)) return EMPTY_LIST;
  // a test placed by a YAML alias (`data_tests: *key_tests`) is the anchor's object, whose line is where the anchor is
  // written, above this entry (another column's): it is cited at this entry instead (cal-itp's tests sat at their anchors)
  const lineAt = (o: unknown, or = line) => { const l = lineOf?.(o); return l === undefined ? or : line !== undefined && l < line ? line : l; };
  const out: DbtTest[] = [];
  for (const t of list) {
    if (typeof t === 'string') { out.push({ name: t, args: EMPTY_MAP, config: EMPTY_MAP, key, line }); continue; }
    if (!t || typeof t !== 'object') continue;
    const obj = t as Record<string, any>;
    const at = lineAt(obj);
    if (typeof obj.test_name === 'string') {
      const { test_name, arguments: a, ...rest } = obj;
      out.push({ name: test_name, args: { ...rest, ...(a ?? {}) }, config: configOf(rest), key, line: at });
      continue;
    }
    const names = Object.keys(obj);
    if (names.length !== 1) continue;
    const name = names[0];
    const body = obj[name];
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { arguments: a, config, ...rest } = body as Record<string, any>;
      out.push({ name, args: { ...rest, ...(a && typeof a === 'object' ? a : {}), ...(config ? { config } : {}) },
        config: orEmpty({ ...configOf(rest), ...(config && typeof config === 'object' ? config : {}) }), key, line: lineAt(body, at) });
    } else {
      out.push({ name, args: EMPTY_MAP, config: EMPTY_MAP, key, line: at });
    }
  }
  return out;
}

/** An empty config is the shared empty map (most tests have none). */
function orEmpty(c: Record<string, unknown>): Record<string, unknown> {
  for (const _ in c) return c;
  return EMPTY_MAP;
}

function configOf(rest: Record<string, unknown>): Record<string, unknown> {
  const c: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(rest)) if (TEST_CONFIG_KEYS.has(k)) c[k] = v;
  return c;
}

/** `ref('orders')`, `ref("pkg", "orders")`, `source('raw', 'orders')` → the target's name. */
export function parseRefTarget(to: unknown): { kind: 'ref' | 'source'; name: string } | undefined {
  if (typeof to !== 'string') return undefined;
  const s = to.trim().replace(/^\{\{\s*/, '').replace(/\s*\}\}$/, '');
  const ref = /^ref\(\s*(?:['"][^'"]+['"]\s*,\s*)?['"]([^'"]+)['"]\s*(?:,\s*v(?:ersion)?\s*=\s*[^)]*)?\)$/.exec(s);
  if (ref) return { kind: 'ref', name: ref[1] };
  const src = /^source\(\s*['"]([^'"]+)['"]\s*,\s*['"]([^'"]+)['"]\s*\)$/.exec(s);
  if (src) return { kind: 'source', name: `${src[1]}.${src[2]}` };
  return undefined;
}

/** Base name of a test (`dbt_utils.unique_combination_of_columns` keeps its package prefix). */
export function isTest(t: DbtTest, name: string): boolean {
  return t.name === name || t.name === `dbt.${name}`;
}

/** Tests that count: those dbt would run (a test disabled by config is not credited). */
export function activeTests(tests: readonly DbtTest[]): DbtTest[] {
  return tests.filter((t) => t.enabled !== false);
}

/**
 * Package tests with the meaning of dbt's own unique / not_null, as a data modeler reads them.
 * Column-level ones apply to their column; model-level ones name their columns in an argument.
 */
const UNIQUE_COLUMN_TESTS = new Set(['unique', 'dbt.unique', 'dbt_expectations.expect_column_values_to_be_unique', 'dbt_constraints.unique_key', 'dbt_constraints.primary_key']);
const NOT_NULL_COLUMN_TESTS = new Set(['not_null', 'dbt.not_null', 'dbt_expectations.expect_column_values_to_not_be_null', 'dbt_constraints.primary_key']);
const UNIQUE_COMBINATION_TESTS: Record<string, string> = {
  'dbt_utils.unique_combination_of_columns': 'combination_of_columns',
  'dbt_expectations.expect_compound_columns_to_be_unique': 'column_list',
  'dbt_constraints.primary_key': 'column_names',
  'dbt_constraints.unique_key': 'column_names',
};

/** Is the column proven unique (alone) by a test that runs? */
export function hasUniqueTest(col: DbtColumn, node?: DbtNode): boolean {
  if (activeTests(col.tests).some((t) => UNIQUE_COLUMN_TESTS.has(t.name))) return true;
  if (col.constraints.some((c) => c?.type === 'unique' || c?.type === 'primary_key')) return true;
  return !!node && keyCombinations(node).some((k) => k.length === 1 && k[0] === col.name);
}

export function hasNotNullTest(col: DbtColumn): boolean {
  return activeTests(col.tests).some((t) => NOT_NULL_COLUMN_TESTS.has(t.name)) ||
    col.constraints.some((c) => c?.type === 'not_null' || c?.type === 'primary_key');
}

/** The columns one model-level uniqueness test names (empty for any other test). */
export function testKeyColumns(t: DbtTest): string[] {
  const arg = UNIQUE_COMBINATION_TESTS[t.name];
  const cols = arg ? t.args[arg] : undefined;
  return Array.isArray(cols) ? cols.map((c) => String(c).trim()).filter(Boolean) : [];
}

/** Column sets a model-level test or constraint proves unique (composite keys). */
export function keyCombinations(node: DbtNode): string[][] {
  const out: string[][] = [];
  for (const t of activeTests(node.tests)) {
    const cols = testKeyColumns(t);
    if (cols.length) out.push(cols);
  }
  for (const c of Array.isArray(node.raw?.constraints) ? node.raw.constraints : []) {
    if ((c?.type === 'primary_key' || c?.type === 'unique') && Array.isArray(c.columns) && c.columns.length) out.push(c.columns.map(String));
  }
  return out;
}
