import type { RuleType } from '../types.js';

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

export const requireOwner: RuleType = {
  type: 'require_owner',
  summary: 'objects need an owner (owner, meta.owner or the Interface owner); optionally an e-mail address',
  params: { require_email: { kind: 'boolean', default: false }, entity_types: { kind: 'strings', default: [] } },
  check(s, p) {
    if (p.entity_types.length && s.resource === 'entity' && !p.entity_types.includes(String(s.raw.type ?? 'table'))) return [];
    const owner = typeof s.owner === 'string' ? s.owner.trim() : '';
    if (!owner) return [{ message: `${s.resource} '${s.name}' has no owner`, hint: 'set meta.owner (or owner: on a model-file entity)', at: ['name'] }];
    if (p.require_email && !EMAIL.test(owner)) return [{ message: `owner '${owner}' of '${s.name}' is not an e-mail address`, hint: 'use a team mailbox such as data-team@example.com', at: ['meta', 'owner'] }];
    return [];
  },
};
