import type { RuleType } from '../types.js';

export const requireDescription: RuleType = {
  type: 'require_description',
  summary: 'objects and their columns need a description (a doc block reference counts; primary keys can be exempted)',
  params: {
    objects: { kind: 'boolean', default: true },
    columns: { kind: 'boolean', default: true },
    exempt_primary_key: { kind: 'boolean', default: false },
  },
  check(s, p) {
    const out = [];
    if (p.objects && !s.hasDescription) out.push({ message: `${s.resource} '${s.name}' has no description`, hint: 'add a description (or a {{ doc("…") }} reference)', at: ['name'] });
    if (p.columns) {
      for (const c of s.columns) {
        if (c.hasDescription || (p.exempt_primary_key && c.primaryKey)) continue;
        out.push({ column: c, message: `column '${s.name}.${c.name}' has no description`, hint: 'add a description, or bind it to a doc block with description_ref' });
      }
    }
    return out;
  },
};
