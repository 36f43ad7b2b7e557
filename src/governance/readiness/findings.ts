// Readiness findings: what the gate scores, per project file. Each code has a documented
// severity, weight and category (docs/governance.md lists them).
import { sortDiagnostics, type Diagnostic, type Severity } from '../../core/diagnostics.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import { checkInterface, type MeshFinding } from '../mesh/check.js';
import { evaluateRules } from '../policy/engine.js';
import { classificationRequired } from '../policy/rules/classification-required.js';
import { keyColumnNames } from '../policy/rules/keys.js';
import { dbtSubjects, interfaceEnabled } from '../policy/subjects.js';
import { looksSensitive, ownKeyNames } from '../column-roles.js';
import type { PolicyRule, PolicyViolation, Subject } from '../policy/types.js';

export interface Finding {
  code: string;
  severity: Severity;
  category: 'metadata' | 'quality' | 'modeling' | 'governance' | 'interface' | 'file' | 'policy';
  weight: number;
  file: string;
  line: number;
  message: string;
  hint?: string;
  /** stable address of what the finding is about (model, model.column, file) — used for fingerprints */
  target: string;
}

export interface RuleInfo { severity: Severity; weight: number; category: Finding['category']; title: string }

/** The catalogue of readiness codes. */
export const READINESS_RULES: Record<string, RuleInfo> = {
  READINESS_YAML_INVALID: { severity: 'error', weight: 35, category: 'file', title: 'The file cannot be read as YAML / as a dbt property file' },
  READINESS_MODEL_FILE_INVALID: { severity: 'error', weight: 20, category: 'file', title: 'A Modeler/ model file does not validate' },
  READINESS_MODEL_DESCRIPTION_MISSING: { severity: 'warning', weight: 8, category: 'metadata', title: 'Model without a description' },
  READINESS_MODEL_NO_COLUMNS: { severity: 'warning', weight: 10, category: 'metadata', title: 'Model without documented columns' },
  READINESS_COLUMN_DESCRIPTION_COVERAGE: { severity: 'warning', weight: 6, category: 'metadata', title: 'Less than 80% of the columns are described (weight 10 below 40%)' },
  READINESS_COLUMN_DESCRIPTION_MISSING: { severity: 'info', weight: 1, category: 'metadata', title: 'Column without a description' },
  READINESS_KEY_TESTS_MISSING: { severity: 'warning', weight: 8, category: 'quality', title: 'Table model without a tested key (unique + not_null, or a primary key constraint)' },
  READINESS_COLUMN_TYPE_UNKNOWN: { severity: 'warning', weight: 5, category: 'modeling', title: "Column data_type is 'unknown'" },
  READINESS_RELATIONSHIP_TEST_MISSING: { severity: 'info', weight: 2, category: 'quality', title: 'Foreign-key-like column without a relationships test' },
  READINESS_SENSITIVE_UNCLASSIFIED: { severity: 'warning', weight: 6, category: 'governance', title: 'Sensitive-looking column without a sensitivity/classification' },
  READINESS_STAGING_MATERIALIZATION: { severity: 'info', weight: 2, category: 'modeling', title: 'Staging model not materialized as a view or ephemeral' },
  READINESS_SOURCE_DESCRIPTION_MISSING: { severity: 'info', weight: 2, category: 'metadata', title: 'Source table without a description' },
  READINESS_SOURCE_FRESHNESS_WITHOUT_LOADED_AT: { severity: 'warning', weight: 6, category: 'quality', title: 'Source freshness without loaded_at_field' },
  READINESS_INTERFACE_NOT_CONTRACTED: { severity: 'warning', weight: 6, category: 'interface', title: 'Interface without an enforced contract (require_contract)' },
  READINESS_CONTRACT_DATA_TYPE_MISSING: { severity: 'error', weight: 10, category: 'interface', title: 'Contract-enforced model column without a data_type (require_data_type_when_contracted)' },
};

/** Mesh findings join the score with these weights (by severity). */
const MESH_WEIGHT: Record<Severity, number> = { error: 12, warning: 6, info: 1 };
/** Policy pack violations (--policy) join with these weights. */
const POLICY_WEIGHT: Record<Severity, number> = { error: 8, warning: 4, info: 1 };

const BUILTIN_RULES: PolicyRule[] = [
  { id: 'READINESS_INTERFACE_NOT_CONTRACTED', type: 'require_contract', severity: 'warn', enabled: true, selector: { interface: true }, params: { require_hint: false }, file: '', pack: 'readiness' },
  { id: 'READINESS_CONTRACT_DATA_TYPE_MISSING', type: 'require_data_type_when_contracted', severity: 'error', enabled: true, selector: {}, params: {}, file: '', pack: 'readiness' },
];

/**
 * Per model node, what its readiness checks found. The project reader reuses a model's node
 * object while nothing it is built from changed, so after one file changed in a large project
 * only that file's models are checked again (the server refreshes readiness after every change).
 * A node's findings also depend on which doc blocks exist (descriptions that reference one) and
 * which models and sources exist (the mesh check's relationship targets): a change to either
 * checks every model again.
 */
interface NodeChecks {
  context: object; findings: Finding[]; mesh: MeshFinding[];
  /** the contract rules' violations, one list per rule of BUILTIN_RULES (the subject itself is not kept: at 10,000 models it is most of this cache's memory) */
  contract: PolicyViolation[][];
}
const checked = new WeakMap<DbtNode, NodeChecks>();
/** The names the last call's checks depended on, and the token that stands for them. */
let lastNames: string[] = [];
let lastContext = {};

type Push = (code: string, file: string | undefined, line: number | undefined, target: string, message: string, hint?: string, weight?: number) => void;

function findingPusher(out: Finding[]): Push {
  return (code, file, line, target, message, hint, weight) => {
    const r = READINESS_RULES[code];
    if (!file) return;
    out.push({ code, severity: r.severity, category: r.category, weight: weight ?? r.weight, file, line: line ?? 1, message, hint, target });
  };
}

export function projectFindings(p: Project, policyRules: PolicyRule[] = []): Finding[] {
  const out: Finding[] = [];
  const push = findingPusher(out);

  // files the reader could not take in
  for (const d of p.diagnostics) {
    if (d.severity !== 'error' || !d.file) continue;
    if (d.code === 'YAML_SYNTAX' || d.code === 'DBT_YAML_SHAPE') push('READINESS_YAML_INVALID', d.file, d.line, d.file, d.message, d.hint);
    else if (d.file.startsWith('Modeler/')) push('READINESS_MODEL_FILE_INVALID', d.file, d.line, `${d.file}#${d.code}`, `${d.code}: ${d.message}`, d.hint);
  }

  const models = p.models.filter((m) => m.origins.includes('yaml'));
  const check = nodeChecker(p);
  const meshFindings: MeshFinding[] = [];
  const perNode: NodeChecks[] = [];
  for (const n of models) {
    const c = check(n);
    perNode.push(c);
    for (const f of c.findings) out.push(f);
    for (const f of c.mesh) meshFindings.push(f);
  }

  for (const src of p.sources) {
    if (!src.description && !src.raw?.description) push('READINESS_SOURCE_DESCRIPTION_MISSING', src.file, src.line, src.name, `source table '${src.name}' has no description`, 'describe what the table holds');
    // resolved by the reader: a table inherits its source's freshness and loaded_at_field
    const fresh = src.freshness;
    const loadedAt = src.loadedAtField ?? src.config?.loaded_at_query;
    if (fresh && !loadedAt) push('READINESS_SOURCE_FRESHNESS_WITHOUT_LOADED_AT', src.file, src.line, src.name, `source table '${src.name}' has freshness but no loaded_at_field`, 'set loaded_at_field (dbt cannot check freshness without it)');
  }

  // the two 1.4 contract rules, through the policy engine
  // rule by rule, model by model: the order evaluateRules(BUILTIN_RULES, subjects) gives
  for (let i = 0; i < BUILTIN_RULES.length; i++) {
    for (const c of perNode) for (const v of c.contract[i]) push(v.ruleId, v.file, v.line, v.objectColumn ? `${v.object}.${v.objectColumn}` : v.object, v.message.replace(/ \[[A-Z_]+\]$/, ''), v.hint);
  }

  // Interface readiness (mesh, in the order meshCheck reports it), except the codes the contract rules above already score
  for (const f of sortDiagnostics(meshFindings)) {
    if (f.code === 'MESH_INTERFACE_CONTRACT_NOT_ENFORCED' || f.code === 'MESH_INTERFACE_DATA_TYPE_MISSING' || f.code === 'MESH_INTERFACE_NOT_CONTRACTED' || !f.file) continue;
    out.push({ code: f.code, severity: f.severity, category: 'interface', weight: MESH_WEIGHT[f.severity], file: f.file, line: f.line ?? 1,
      message: f.message, hint: f.hint, target: f.columnName ? `${f.model}.${f.columnName}` : f.model });
  }

  // user packs given with --policy
  if (policyRules.length) {
    const all = [...dbtSubjects(models, p), ...dbtSubjects(p.sources, p)];
    for (const v of evaluateRules(policyRules, all)) {
      if (!v.file) continue;
      out.push({ code: v.code, severity: v.severity, category: 'policy', weight: POLICY_WEIGHT[v.severity], file: v.file, line: v.line ?? 1,
        message: v.message, hint: v.hint, target: v.objectColumn ? `${v.object}.${v.objectColumn}` : v.object });
    }
  }
  return out;
}


/** One model's checks, kept per node object while the names they depend on are the same. */
function nodeChecker(p: Project): (n: DbtNode) => NodeChecks {
  // the names compared once here, one by one (after a change they are mostly the very same
  // strings; no 10,000-name string is built): per node the check is then an identity compare
  if (!sameNames(lastNames, p)) { lastNames = namesOf(p); lastContext = {}; }
  const context = lastContext;
  const sensitive = new RegExp(classificationRequired.params.name_regex.default as string, 'i');
  return (n) => {
    let c = checked.get(n);
    if (!c || c.context !== context) {
      const s = dbtSubjects([n], p)[0];
      // the contract rules check one subject at a time (neither looks at the others)
      c = { context, findings: modelFindings(n, s, sensitive), mesh: interfaceEnabled(n.interface) ? checkInterface(p, n, s, false) : [], contract: BUILTIN_RULES.map((r) => evaluateRules([r], [s])) };
      checked.set(n, c);
    }
    return c;
  };
}

/**
 * Check the models a few at a time (a step between yields), so that projectFindings after it
 * finds every model checked: a server building in slices keeps answering meanwhile.
 */
export function* checkModelsInSteps(p: Project, perStep = 50): Generator<void> {
  const check = nodeChecker(p);
  let i = 0;
  for (const n of p.models) {
    if (!n.origins.includes('yaml')) continue;
    check(n);
    if (++i % perStep === 0) yield;
  }
}

/** The doc block, model and source names a model's checks depend on, in order, separated by sections. */
function namesOf(p: Project): string[] {
  const out: string[] = [];
  for (const k of p.docs.keys()) out.push(k);
  out.push('\u0000');
  for (const k of p.modelByName.keys()) out.push(k);
  out.push('\u0000');
  for (const x of p.sources) out.push(x.name);
  return out;
}

function sameNames(before: readonly string[], p: Project): boolean {
  if (before.length !== p.docs.size + p.modelByName.size + p.sources.length + 2) return false;
  let i = 0;
  for (const k of p.docs.keys()) if (before[i++] !== k) return false;
  if (before[i++] !== '\u0000') return false;
  for (const k of p.modelByName.keys()) if (before[i++] !== k) return false;
  if (before[i++] !== '\u0000') return false;
  for (const x of p.sources) if (before[i++] !== x.name) return false;
  return true;
}

/** The readiness findings of one dbt model (its subject as dbtSubjects makes it). */
function modelFindings(n: DbtNode, s: Subject, sensitive: RegExp): Finding[] {
  const out: Finding[] = [];
  const push = findingPusher(out);
    const ownKeys = ownKeyNames(n);
    const file = n.file;
    const line = (at: Subject['at']) => s.locate(at).line ?? n.line;
    if (!s.hasDescription) push('READINESS_MODEL_DESCRIPTION_MISSING', file, n.line, s.name, `model '${s.name}' has no description`, 'describe what one row is and who uses it');
    if (!s.columns.length) push('READINESS_MODEL_NO_COLUMNS', file, n.line, s.name, `model '${s.name}' documents no columns`, 'list its columns with descriptions and data types');
    else {
      const described = s.columns.filter((c) => c.hasDescription).length;
      const share = described / s.columns.length;
      if (share < 0.8) push('READINESS_COLUMN_DESCRIPTION_COVERAGE', file, n.line, s.name, `model '${s.name}' describes ${described} of ${s.columns.length} columns (${Math.round(share * 100)}%)`, 'describe the remaining columns', share < 0.4 ? 10 : 6);
    }
    const keys = keyColumnNames(s);
    for (const c of s.columns) {
      const at = `${s.name}.${c.name}`;
      if (!c.hasDescription) push('READINESS_COLUMN_DESCRIPTION_MISSING', file, line(c.at), at, `column '${at}' has no description`, 'add a description or a doc block reference');
      if (c.dataType?.trim().toLowerCase() === 'unknown') push('READINESS_COLUMN_TYPE_UNKNOWN', file, line(c.at), at, `column '${at}' has data_type 'unknown'`, 'set the warehouse type');
      if (looksSensitive(c.name, c.dataType, sensitive) && !c.sensitivity) push('READINESS_SENSITIVE_UNCLASSIFIED', file, line(c.at), at, `column '${at}' looks sensitive but has no classification`, 'set meta.sensitivity (public, internal, confidential, restricted)');
      if (/_id$/.test(c.name) && !keys.includes(c.name) && !ownKeys.has(c.name) && !c.primaryKey && !(c.unique && c.notNull) && !c.tests.includes('relationships') && !c.constraints.includes('foreign_key')) {
        push('READINESS_RELATIONSHIP_TEST_MISSING', file, line(c.at), at, `column '${at}' looks like a foreign key but has no relationships test`, "add a relationships test (to: ref('…'), field: …)");
      }
    }
    const mat = s.materialized ?? 'view';
    const keyed = s.columns.some((c) => (c.unique && c.notNull) || c.primaryKey) || s.declaredKey.length > 0;
    if (!keyed && mat !== 'view' && mat !== 'ephemeral' && s.columns.length) push('READINESS_KEY_TESTS_MISSING', file, n.line, s.name, `model '${s.name}' (${mat}) has no column tested unique and not_null`, 'test its key column with unique and not_null');
    if (s.layers.includes('stg') && mat !== 'view' && mat !== 'ephemeral') push('READINESS_STAGING_MATERIALIZATION', file, n.line, s.name, `staging model '${s.name}' is materialized as ${mat}`, 'staging models are usually views');
  return out;
}

export function ruleInfo(code: string, f?: Finding): RuleInfo {
  return READINESS_RULES[code] ?? { severity: f?.severity ?? 'warning', weight: f?.weight ?? 1, category: f?.category ?? 'policy', title: code };
}

export type { Diagnostic };
