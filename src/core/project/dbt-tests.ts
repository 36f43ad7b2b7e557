// dbt tests come in many shapes; normalise them all to {name, args}.
//   - unique                                   (string)
//   - relationships: {to: ref('x'), field: id} (name → args)
//   - relationships: {arguments: {to: …, field: …}, config: …}   (dbt ≥ 1.10)
//   - {test_name: relationships, to: …}        (rare)
import type { DbtTest } from './types.js';

export function normalizeTests(list: unknown, key: 'tests' | 'data_tests', line?: number): DbtTest[] {
  if (!Array.isArray(list)) return [];
  const out: DbtTest[] = [];
  for (const t of list) {
    if (typeof t === 'string') { out.push({ name: t, args: {}, key, line }); continue; }
    if (!t || typeof t !== 'object') continue;
    const obj = t as Record<string, any>;
    if (typeof obj.test_name === 'string') {
      const { test_name, arguments: a, ...rest } = obj;
      out.push({ name: test_name, args: { ...rest, ...(a ?? {}) }, key, line });
      continue;
    }
    const names = Object.keys(obj);
    if (names.length !== 1) continue;
    const name = names[0];
    const body = obj[name];
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const { arguments: a, config, ...rest } = body as Record<string, any>;
      out.push({ name, args: { ...rest, ...(a && typeof a === 'object' ? a : {}), ...(config ? { config } : {}) }, key, line });
    } else {
      out.push({ name, args: {}, key, line });
    }
  }
  return out;
}

/** `ref('orders')`, `ref("pkg", "orders")`, `source('raw', 'orders')` → the target's name. */
export function parseRefTarget(to: unknown): { kind: 'ref' | 'source'; name: string } | undefined {
  if (typeof to !== 'string') return undefined;
  const s = to.trim();
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
