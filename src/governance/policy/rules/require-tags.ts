import type { RuleType } from '../types.js';

export const requireTags: RuleType = {
  type: 'require_tags',
  summary: 'objects carry tags: any/all of a list, or at least one tag when no list is given',
  params: { tags: { kind: 'strings', default: [] }, mode: { kind: 'enum', values: ['any', 'all'], default: 'any' } },
  check(s, p) {
    const want: string[] = p.tags;
    if (!want.length) return s.tags.length ? [] : [{ message: `${s.resource} '${s.name}' has no tags`, hint: 'add tags: [...]', at: ['name'] }];
    const has = (t: string) => s.tags.includes(t);
    if (p.mode === 'all') {
      const missing = want.filter((t) => !has(t));
      return missing.length ? [{ message: `${s.resource} '${s.name}' lacks tag(s) ${missing.join(', ')}`, hint: `add tags: [${want.join(', ')}]`, at: ['tags'] }] : [];
    }
    return want.some(has) ? [] : [{ message: `${s.resource} '${s.name}' needs one of the tags ${want.join(', ')}`, hint: `add one of ${want.join(', ')} to tags`, at: ['tags'] }];
  },
};
