import type { RuleType } from '../types.js';

export const requiredMetaKeys: RuleType = {
  type: 'required_meta_keys',
  summary: 'objects carry non-empty meta keys (meta or config.meta)',
  params: { keys: { kind: 'strings', default: [] } },
  check(s, p) {
    const missing = (p.keys as string[]).filter((k) => {
      const v = s.meta?.[k] ?? s.raw?.config?.meta?.[k];
      return v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (Array.isArray(v) && !v.length);
    });
    return missing.length ? [{ message: `${s.resource} '${s.name}' is missing meta key(s) ${missing.join(', ')}`, hint: `add meta: {${missing.map((k) => `${k}: …`).join(', ')}}`, at: ['meta'] }] : [];
  },
};
