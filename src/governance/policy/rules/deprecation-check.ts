import type { RuleType } from '../types.js';

export const deprecationCheck: RuleType = {
  type: 'deprecation_check',
  summary: 'deprecated objects and columns explain themselves; nothing references a deprecated object',
  params: { require_message: { kind: 'boolean', default: true }, check_references: { kind: 'boolean', default: true } },
  check(s, p, all) {
    const out = [];
    if (p.require_message) {
      if (s.deprecated && !s.deprecationMessage) out.push({ message: `${s.resource} '${s.name}' is deprecated without a message`, hint: 'add meta.deprecation_message naming the replacement', at: ['name'] });
      for (const c of s.columns) if (c.deprecated && !c.deprecationMessage) out.push({ column: c, message: `column '${s.name}.${c.name}' is deprecated without a message`, hint: 'add deprecated_message naming the replacement' });
    }
    if (p.check_references) {
      const deprecated = new Set(all.filter((x) => x.deprecated).map((x) => x.name));
      for (const c of s.columns) for (const r of c.references) {
        if (deprecated.has(r.to) && r.to !== s.name) out.push({ column: c, message: `column '${s.name}.${c.name}' references deprecated '${r.to}'`, hint: `point it at the replacement of ${r.to}` });
      }
    }
    return out;
  },
};
