// The public entry, governance: gate, policies, mesh, readiness (src/api.ts lists every area).
export { gateModels, type GateResult } from '../governance/gate.js';
export { formatGate, formatMesh } from '../governance/format.js';
export { checkPolicies } from '../governance/policy/engine.js';
export { RULE_TYPES } from '../governance/policy/rules/index.js';
export type { RuleType, ParamSpec } from '../governance/policy/types.js';
export { meshCheck, type MeshReport } from '../governance/mesh/check.js';
export { readinessGate, type ReadinessResult } from '../governance/readiness/gate.js';
export { writeReadinessArtifacts, type ReadinessArtifactPaths } from '../governance/readiness/artifacts.js';
