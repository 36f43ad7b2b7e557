// The model-diff policy pre-flight: the new model against the policy pack (with the packs it
// extends), through the same engine as `modeler policy-check`. Error-severity findings stop the
// apply before any connection is made.
import { checkPolicies } from '../governance/policy/engine.js';
import type { PolicyPreflight } from './model-diff.js';

export const governancePreflight: PolicyPreflight = async ({ newPath, policyPack, packRoot }) => {
  const r = checkPolicies({ modelFile: newPath }, [policyPack!], { inherit: true, root: packRoot });
  return {
    checked: true,
    pack: r.packs.map((p) => `${p.name}@${p.version}`).join(', ') || policyPack,
    errors: r.errorCount,
    warnings: r.warningCount,
    results: r.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, file: d.file, line: d.line, column: d.column })),
  };
};
