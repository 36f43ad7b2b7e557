import { looksSensitive, PERSONAL_DATA_NAMES } from '../../column-roles.js';
import type { RuleType } from '../types.js';

// Whole words of a column name (between underscores or its ends), in the languages real projects name columns in.
const DEFAULT = `(^|_)(${PERSONAL_DATA_NAMES.join('|')})($|_)`;

export const classificationRequired: RuleType = {
  type: 'classification_required',
  summary: 'columns that look sensitive (by name or tag) need a sensitivity/classification',
  params: {
    name_regex: { kind: 'regex', default: DEFAULT },
    tags: { kind: 'strings', default: ['pii', 'PII', 'pci', 'PCI', 'phi', 'PHI', 'sensitive'] },
    allowed: { kind: 'strings', default: [] },
  },
  check(s, p) {
    const out = [];
    const re = new RegExp(p.name_regex, 'i');
    for (const c of s.columns) {
      const tagged = c.tags.some((t) => p.tags.includes(t));
      if (!tagged && !looksSensitive(c.name, c.dataType, re)) continue;
      const value = c.sensitivity ?? (c.tags.find((t) => p.allowed.includes(t)));
      if (!value) {
        out.push({ column: c, message: `column '${s.name}.${c.name}' looks sensitive but has no classification`, hint: `set meta.sensitivity (${p.allowed.length ? p.allowed.join(', ') : 'public, internal, confidential, restricted'})` });
      } else if (p.allowed.length && !p.allowed.includes(String(value))) {
        out.push({ column: c, message: `column '${s.name}.${c.name}' is classified '${value}', not one of ${p.allowed.join(', ')}`, hint: `use one of ${p.allowed.join(', ')}` });
      }
    }
    return out;
  },
};
