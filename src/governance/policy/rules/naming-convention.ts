import type { RuleType } from '../types.js';

export const namingConvention: RuleType = {
  type: 'naming_convention',
  summary: 'names match a regular expression per object kind (object/entity, column/field)',
  params: {
    object_pattern: { kind: 'regex' }, column_pattern: { kind: 'regex' },
    // peer spellings, accepted as aliases
    entity_pattern: { kind: 'regex' }, field_pattern: { kind: 'regex' },
    relationship_pattern: { kind: 'regex' }, index_pattern: { kind: 'regex' },
  },
  check(s, p) {
    const out = [];
    const obj = p.object_pattern ?? p.entity_pattern;
    const col = p.column_pattern ?? p.field_pattern;
    if (obj && !new RegExp(obj).test(s.name)) out.push({ message: `${s.resource} name '${s.name}' does not match ${obj}`, hint: 'rename it to follow the convention', at: ['name'] });
    if (col) for (const c of s.columns) if (!new RegExp(col).test(c.name)) out.push({ column: c, message: `column name '${s.name}.${c.name}' does not match ${col}`, hint: 'rename the column (declare previous_name to keep the gate green)' });
    return out;
  },
};
