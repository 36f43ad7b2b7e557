import type { RuleType } from '../types.js';
import { keyColumnNames } from './keys.js';

export const requirePrimaryKey: RuleType = {
  type: 'require_primary_key',
  summary: 'objects need a primary key (primary_key flag or constraint, an Interface unique_key, or a column tested unique + not_null)',
  params: { accept_tests: { kind: 'boolean', default: true } },
  check(s, p) {
    if (keyColumnNames(s).length) return [];
    if (p.accept_tests && s.columns.some((c) => c.tests.includes('unique') && c.tests.includes('not_null'))) return [];
    return [{ message: `${s.resource} '${s.name}' has no primary key`, hint: 'mark the key column primary_key (or add a primary_key constraint / unique + not_null tests)', at: ['name'] }];
  },
};
