import type { RuleType } from '../types.js';

export const requireDataTypeWhenContracted: RuleType = {
  type: 'require_data_type_when_contracted',
  summary: 'every column of a contract-enforced object declares a data_type (not empty, not unknown)',
  params: {},
  check(s) {
    if (!s.contractEnforced) return [];
    const out = [];
    if (!s.columns.length) out.push({ message: `${s.resource} '${s.name}' enforces a contract but declares no columns`, hint: 'list every column with its data_type', at: ['name'] });
    for (const c of s.columns) {
      const t = c.dataType?.trim().toLowerCase();
      if (!t || t === 'unknown') out.push({ column: c, message: `column '${s.name}.${c.name}' of a contracted ${s.resource} has ${t ? "data_type 'unknown'" : 'no data_type'}`, hint: 'set data_type to the warehouse type (dbt fails the build otherwise)', at: [...c.at, 'data_type'] });
    }
    return out;
  },
};
