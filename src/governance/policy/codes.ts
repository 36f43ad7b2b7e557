// Codes of policy packs and policy checks.
import type { CodeTable } from '../../core/codes.js';

export const POLICY_CODES: CodeTable = {
  'POLICY_<rule id>': { severity: 'the rule\'s (error, warn, info)', meaning: 'an object violates the rule with that id; the message ends with [rule id] and the hint says how to comply' },
  POLICY_PACK_INVALID: { severity: 'error', meaning: 'a policy pack does not match schemas/policy.schema.json (or is not a mapping)' },
  POLICY_UNKNOWN_RULE_TYPE: { severity: 'error', meaning: 'a rule names a type the registry does not have (with a did-you-mean, and the replacement for a peer tool\'s type)' },
  POLICY_PARAM_INVALID: { severity: 'error', meaning: "a rule's parameter is unknown for its type or has a wrong value" },
  POLICY_DUPLICATE_RULE: { severity: 'error', meaning: 'two rules of one pack have the same id' },
  POLICY_EXTENDS_IGNORED: { severity: 'info', meaning: 'the pack extends others, whose rules are left out unless inheritance is asked for' },
  POLICY_EXTENDS_CYCLE: { severity: 'error', meaning: 'packs extend each other in a cycle' },
  POLICY_BASE_NOT_FOUND: { severity: 'error', meaning: 'a pack named in extends cannot be found (paths are relative to the pack; bundled packs are modeler/<name>)' },
};
