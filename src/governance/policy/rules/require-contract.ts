import type { RuleType } from '../types.js';

export const requireContract: RuleType = {
  type: 'require_contract',
  summary: 'selected objects enforce their contract (config.contract.enforced, or meta.modeler.contracts: enforced)',
  params: { require_hint: { kind: 'boolean', default: false } },
  check(s, p) {
    if (!s.contractEnforced) return [{ message: `${s.resource} '${s.name}' does not enforce its contract`, hint: `set config.contract.enforced: true (modeler contracts enforce --file ${s.file ?? '<file>'})`, at: ['config', 'contract'] }];
    if (p.require_hint && !s.contractHint) return [{ message: `${s.resource} '${s.name}' enforces its contract but lacks meta.modeler.contracts: enforced`, hint: 'run modeler contracts enforce to set both', at: ['meta'] }];
    return [];
  },
};
