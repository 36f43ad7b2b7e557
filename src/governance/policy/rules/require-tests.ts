import type { RuleType } from '../types.js';
import { keyColumns } from './keys.js';

export const requireTests: RuleType = {
  type: 'require_tests',
  summary: 'key columns carry unique and not_null tests (constraints count unless accept_constraints is false)',
  params: { accept_constraints: { kind: 'boolean', default: true }, tests: { kind: 'strings', default: ['unique', 'not_null'] } },
  check(s, p) {
    const out = [];
    const keys = keyColumns(s);
    const composite = keys.length > 1;
    for (const c of keys) {
      const missing = (p.tests as string[]).filter((t) => {
        if (c.tests.includes(t)) return false;
        if (t === 'unique' && composite) return false; // uniqueness of a composite key is not per column
        if (!p.accept_constraints) return true;
        if (t === 'unique') return !(c.constraints.includes('unique') || c.constraints.includes('primary_key') || (s.resource === 'entity' && c.unique));
        if (t === 'not_null') return !(c.constraints.includes('not_null') || c.constraints.includes('primary_key') || (s.resource === 'entity' && c.notNull));
        return true;
      });
      if (missing.length) out.push({ column: c, message: `key column '${s.name}.${c.name}' lacks test(s) ${missing.join(', ')}`, hint: `add data_tests: [${missing.join(', ')}]` });
    }
    return out;
  },
};
