// Mesh Interface readiness (spec §4.7): every model whose meta.modeler.interface is enabled
// (explicitly, or by stability shared/contracted) is checked for the eight rule groups plus the
// two 1.4 contract rules. Each finding has a stable code, names the model and the fix, and
// points at file:line. Exemptions with a reason downgrade a code to info.
import type { CodeTable } from '../../core/codes.js';
import { countBySeverity, sortDiagnostics, type Diagnostic, type Severity } from '../../core/diagnostics.js';
import { effectiveConfig } from '../../core/project/model-config.js';
import { loadProject } from '../../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../../core/project/settings.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import { didYouMeanSuffix } from '../../core/suggest.js';
import { keyCombinations } from '../../core/project/dbt-tests.js';
import { ownKeyNames } from '../column-roles.js';
import { dbtSubjects, interfaceEnabled } from '../policy/subjects.js';
import type { Subject, SubjectColumn } from '../policy/types.js';

export interface MeshFinding extends Diagnostic {
  model: string;
  columnName?: string;
  exempted?: string;
}

export interface MeshReport {
  project: string;
  /** false when the folder holds no dbt_project.yml (defaults were assumed) */
  isDbtProject: boolean;
  strict: boolean;
  /** no Interface error (and, when strict, no project loader error) */
  ok: boolean;
  /** ok and not even a warning: every Interface is ready */
  ready: boolean;
  interfaces: { name: string; file?: string; line?: number; stability?: string; status?: string; version?: string }[];
  findings: MeshFinding[];
  loadDiagnostics: Diagnostic[];
  summary: { interfaces: number; error: number; warning: number; info: number; loadErrors: number };
}

/** blocking: error when strict, else warning; forced: always error; advisory: info. */
type Level = 'blocking' | 'forced' | 'advisory';

const rule = (level: Level, meaning: string) => ({ level, meaning });
/** Every mesh code: its level and what it means. */
export const MESH_CODES: Readonly<Record<string, { level: Level; meaning: string }>> = {
  MESH_INTERFACE_MISSING_OWNER: rule('blocking', 'an Interface has no owner (meta.modeler.interface.owner, else the model\'s owner)'),
  MESH_INTERFACE_MISSING_DOMAIN: rule('blocking', 'an Interface has no domain (interface.domain, else meta.domain)'),
  MESH_INTERFACE_MISSING_VERSION: rule('blocking', 'an Interface has no version'),
  MESH_INTERFACE_MISSING_DESCRIPTION: rule('blocking', 'an Interface has no description (interface.description, else the model\'s)'),
  MESH_INTERFACE_MISSING_UNIQUE_KEY: rule('blocking', 'an Interface names no unique_key'),
  MESH_INTERFACE_MISSING_FRESHNESS: rule('blocking', 'an Interface declares no freshness (warn_after)'),
  MESH_INTERFACE_MISSING_STATUS: rule('blocking', 'an Interface has no status (draft, active, deprecated)'),
  MESH_INTERFACE_MISSING_STABILITY: rule('blocking', 'an Interface has no stability (internal, shared, contracted)'),
  MESH_INTERFACE_INVALID_STATUS: rule('forced', 'an Interface\'s status is not draft, active or deprecated'),
  MESH_INTERFACE_INVALID_STABILITY: rule('forced', 'an Interface\'s stability is not internal, shared or contracted'),
  MESH_INTERFACE_INVALID_FRESHNESS: rule('blocking', 'an Interface\'s freshness is not {warn_after: {count: <positive integer>, period: minute|hour|day}}'),
  MESH_INTERFACE_EPHEMERAL: rule('blocking', 'an Interface is ephemeral, so consumers have no relation to read'),
  MESH_INTERFACE_CONTRACT_NOT_ENFORCED: rule('blocking', 'a contracted Interface does not enforce its dbt contract'),
  MESH_INTERFACE_DATA_TYPE_MISSING: rule('blocking', 'a contract-enforced Interface has a column without a data_type'),
  MESH_INTERFACE_NOT_CONTRACTED: rule('advisory', 'a shared Interface has no enforced contract (consider stability: contracted)'),
  MESH_INTERFACE_NO_COLUMNS: rule('blocking', 'an Interface declares no columns consumers may rely on'),
  MESH_INTERFACE_UNIQUE_KEY_NOT_FOUND: rule('blocking', 'unique_key names columns the Interface does not declare'),
  MESH_INTERFACE_UNIQUE_KEY_TESTS_MISSING: rule('blocking', 'a unique key column of a shared Interface lacks unique/not_null tests or constraints'),
  MESH_INTERFACE_COLUMN_DESCRIPTION_MISSING: rule('blocking', 'a column of a shared Interface has no description'),
  MESH_INTERFACE_RELATIONSHIP_TEST_MISSING: rule('blocking', 'a foreign-key-like column of a contracted Interface has no relationships test (info while only shared)'),
  MESH_INTERFACE_RELATIONSHIP_TARGET_UNKNOWN: rule('blocking', 'a relationships test points at a model the project does not have'),
  MESH_INTERFACE_PRESENTATION_LAYER: rule('blocking', 'a presentation/reporting model is shared as an Interface; share the mart under it'),
  MESH_INTERFACE_EXEMPTION_INVALID: rule('advisory', 'an exemption is not applied: no reason, an unknown code, or a code that cannot be exempted'),
};

/** The mesh codes with the severity they take. */
export const MESH_CODE_TABLE: CodeTable = Object.fromEntries(Object.entries(MESH_CODES).map(([code, r]) =>
  [code, { severity: r.level === 'blocking' ? 'warning; error when strict' : r.level === 'forced' ? 'error' : 'info', meaning: r.meaning }]));

const STATUSES = ['draft', 'active', 'deprecated'];
const STABILITIES = ['internal', 'shared', 'contracted'];
const PERIODS = ['minute', 'hour', 'day'];
const PRESENTATION = /^(rpt|report|reporting|dash|dashboard|presentation|viz)_/;

export function meshCheck(projectDir: string, opts: { strict?: boolean; project?: Project } & ReadOptions = {}): MeshReport {
  const project = opts.project ?? loadProject(projectDir, readOptionsOf(opts));
  const strict = !!opts.strict;
  const findings: MeshFinding[] = [];
  const models = project.models.filter((m) => m.origins.includes('yaml'));
  const ifaces = models.filter((m) => interfaceEnabled(m.interface));
  const subjects = dbtSubjects(ifaces, project);
  ifaces.forEach((node, i) => findings.push(...checkInterface(project, node, subjects[i], strict)));
  // §4.7.8 also covers presentation models that are shared without being enabled explicitly
  const loadDiagnostics = project.diagnostics;
  const counts = countBySeverity(findings);
  const loadErrors = loadDiagnostics.filter((d) => d.severity === 'error').length;
  const ok = counts.error === 0 && !(strict && loadErrors > 0);
  return {
    project: projectDir, isDbtProject: project.isDbtProject, strict, ok, ready: ok && counts.warning === 0,
    interfaces: ifaces.map((m) => ({ name: m.name, file: m.file, line: m.line, stability: m.interface?.stability, status: m.interface?.status, version: m.interface?.version })),
    findings: sortDiagnostics(findings), loadDiagnostics,
    summary: { interfaces: ifaces.length, error: counts.error, warning: counts.warning, info: counts.info, loadErrors },
  };
}

/** The findings of one Interface model (its subject as dbtSubjects makes it). */
export function checkInterface(project: Project, node: DbtNode, s: Subject, strict: boolean): MeshFinding[] {
  const iface = node.interface!;
  const out: MeshFinding[] = [];
  const name = node.name;
  const stability = iface.stability;
  const shared = stability === 'shared' || stability === 'contracted';
  const advisory = new Set<MeshFinding>();
  const add = (code: string, message: string, hint: string, col?: SubjectColumn, onlyAdvice = false) => {
    const f: MeshFinding = { code, severity: 'info', message: `Interface model '${name}' ${message}`, hint, file: node.file,
      line: (col ? s.locate(col.at).line : undefined) ?? node.line, column: 1, model: name, columnName: col?.name };
    if (onlyAdvice) advisory.add(f);
    out.push(f);
  };
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && !v.trim()) || (typeof v === 'object' && !Object.keys(v as object).length);
  const where = 'meta.modeler.interface';

  // 1. presence (owner, domain and description fall back to the model's own)
  const fallback: Record<string, unknown> = { owner: s.owner, domain: node.meta?.domain, description: node.description };
  for (const f of ['owner', 'domain', 'version', 'description', 'unique_key', 'freshness', 'status', 'stability']) {
    if (blank(iface[f]) && blank(fallback[f])) add(`MESH_INTERFACE_MISSING_${f.toUpperCase()}`, `is missing required ${f.replace('_', ' ')}`, `set ${where}.${f}${f === 'freshness' ? ' (warn_after: {count: 24, period: hour})' : ''}`);
  }
  // 2. allowed values
  if (!blank(iface.status) && !STATUSES.includes(String(iface.status))) add('MESH_INTERFACE_INVALID_STATUS', `has invalid status '${iface.status}'${didYouMeanSuffix(String(iface.status), STATUSES)}`, 'use draft, active or deprecated');
  if (!blank(stability) && !STABILITIES.includes(String(stability))) add('MESH_INTERFACE_INVALID_STABILITY', `has invalid stability '${stability}'${didYouMeanSuffix(String(stability), STABILITIES)}`, 'use internal, shared or contracted');
  if (!blank(iface.freshness)) {
    const w = (iface.freshness as any)?.warn_after;
    if (!w || !Number.isInteger(w.count) || w.count <= 0 || !PERIODS.includes(String(w.period))) {
      add('MESH_INTERFACE_INVALID_FRESHNESS', 'has an invalid freshness', `use freshness: {warn_after: {count: <positive integer>, period: ${PERIODS.join('|')}}}`);
    }
  }
  // 3. a stable relation
  const cfg = effectiveConfig(project, node);
  if (cfg.materialized === 'ephemeral') add('MESH_INTERFACE_EPHEMERAL', 'is ephemeral; shared Interfaces must produce a stable relation', 'materialize it as a table, incremental model or view');
  // 4. contracts (and the 1.4 rules require_contract / require_data_type_when_contracted)
  if (stability === 'contracted' && !cfg.contractEnforced) add('MESH_INTERFACE_CONTRACT_NOT_ENFORCED', 'is contracted but its contract is not enforced', `set config.contract.enforced: true (modeler contracts enforce --file ${node.file})`);
  if (stability === 'shared' && !cfg.contractEnforced) add('MESH_INTERFACE_NOT_CONTRACTED', 'is shared without an enforced contract', 'consider stability: contracted with config.contract.enforced: true');
  if (!s.columns.length) add('MESH_INTERFACE_NO_COLUMNS', 'declares no columns', 'list the columns consumers may rely on');
  if (cfg.contractEnforced) {
    for (const c of s.columns) {
      const t = c.dataType?.trim().toLowerCase();
      if (!t || t === 'unknown') add('MESH_INTERFACE_DATA_TYPE_MISSING', `enforces a contract but column '${c.name}' has ${t ? "data_type 'unknown'" : 'no data_type'}`, `set data_type on ${name}.${c.name}`, c);
    }
  }
  // 5. unique key
  const keys = typeof iface.unique_key === 'string' ? iface.unique_key.split(',').map((k) => k.trim()).filter(Boolean) : Array.isArray(iface.unique_key) ? (iface.unique_key as unknown[]).map(String) : [];
  const missing = keys.filter((k) => !s.columns.some((c) => c.name === k));
  if (missing.length) add('MESH_INTERFACE_UNIQUE_KEY_NOT_FOUND', `unique_key references missing column(s): ${missing.join(', ')}`, `declare the column(s) under columns: or fix ${where}.unique_key`);
  if (shared) {
    const combos = keyCombinations(node);
    for (const k of keys) {
      const c = s.columns.find((x) => x.name === k);
      if (!c) continue;
      const uniqueOk = c.unique || (keys.length > 1 && combos.some((combo) => keys.every((x) => combo.includes(x))));
      const lacks = [uniqueOk ? '' : 'unique', c.notNull ? '' : 'not_null'].filter(Boolean);
      if (lacks.length) add('MESH_INTERFACE_UNIQUE_KEY_TESTS_MISSING', `unique key column '${k}' lacks ${lacks.join(' and ')} (test or constraint)`, `add data_tests: [${lacks.join(', ')}] to ${name}.${k}`, c);
    }
    // 6. column descriptions
    for (const c of s.columns) if (!c.hasDescription) add('MESH_INTERFACE_COLUMN_DESCRIPTION_MISSING', `column '${c.name}' has no description`, `describe ${name}.${c.name} (or reference a doc block)`, c);
    // 7. foreign-key-like columns
    const ownKeys = ownKeyNames(node);
    for (const c of s.columns) {
      if (keys.includes(c.name) || c.primaryKey || ownKeys.has(c.name)) continue;
      const fkLike = /_id$/.test(c.name) || c.references.length > 0;
      if (!fkLike) continue;
      const tested = c.tests.includes('relationships') || c.constraints.includes('foreign_key');
      if (!tested) {
        const code = 'MESH_INTERFACE_RELATIONSHIP_TEST_MISSING';
        const msg = `column '${c.name}' looks like a foreign key but has no relationships test`;
        const hint = `add a relationships test (to: ref('…'), field: …) or a foreign_key constraint to ${name}.${c.name}`;
        if (stability === 'contracted') add(code, msg, hint, c);
        else add(code, `${msg} (required once it is contracted)`, hint, c, true);
      }
      for (const r of c.references) {
        if (r.to && !project.modelByName.has(r.to) && !project.sources.some((x) => x.name === r.to)) add('MESH_INTERFACE_RELATIONSHIP_TARGET_UNKNOWN', `column '${c.name}' references '${r.to}', which is not a model of the project${didYouMeanSuffix(r.to, project.modelByName.keys())}`, 'fix the ref() of the relationships test', c);
      }
    }
  }
  // 8. presentation / reporting layer
  const tags = node.tags.map((t) => t.toLowerCase());
  const layer = String(iface.layer ?? node.meta?.layer ?? '').toLowerCase();
  const folders = (node.sqlPath ?? node.file ?? '').split('/').slice(0, -1);
  if (shared && (['presentation', 'reporting'].includes(layer) || tags.includes('presentation') || tags.includes('reporting') || PRESENTATION.test(name) || folders.some((f) => f === 'reporting' || f === 'presentation'))) {
    add('MESH_INTERFACE_PRESENTATION_LAYER', 'is a presentation/reporting model marked as a shared Interface', 'share the underlying mart model instead, or set stability: internal');
  }
  return applySeverity(out, advisory, iface.exemptions, node, strict);
}

/** Severity by rule level, then exemptions with a reason downgrade a code to info. */
function applySeverity(out: MeshFinding[], advisory: Set<MeshFinding>, exemptions: unknown, node: DbtNode, strict: boolean): MeshFinding[] {
  const reasons = new Map<string, string>();
  const extra: MeshFinding[] = [];
  const bad = (message: string, hint: string) => extra.push({ code: 'MESH_INTERFACE_EXEMPTION_INVALID', severity: 'warning', message: `Interface model '${node.name}' ${message}`, hint, file: node.file, line: node.line, column: 1, model: node.name });
  for (const e of Array.isArray(exemptions) ? exemptions : exemptions === undefined ? [] : [exemptions]) {
    if (typeof e === 'string') { bad(`has exemption '${e}' without a reason; it is not applied`, `write it as {code: ${e}, reason: "why"}`); continue; }
    const code = String((e as any)?.code ?? '');
    const reason = String((e as any)?.reason ?? '').trim();
    if (!Object.hasOwn(MESH_CODES, code)) { bad(`exempts unknown code '${code}'${didYouMeanSuffix(code, Object.keys(MESH_CODES))}`, 'use a MESH_INTERFACE_* code from the report'); continue; }
    if (MESH_CODES[code].level === 'forced') { bad(`cannot exempt ${code}: an invalid value is never acceptable`, 'fix the value instead'); continue; }
    if (!reason) { bad(`exempts ${code} without a reason; it is not applied`, `add reason: "why" to the exemption of ${code}`); continue; }
    reasons.set(code, reason);
  }
  for (const f of out) {
    const level = MESH_CODES[f.code].level;
    const sev: Severity = advisory.has(f) || level === 'advisory' ? 'info' : level === 'forced' ? 'error' : strict ? 'error' : 'warning';
    f.severity = sev;
    const reason = reasons.get(f.code);
    if (reason && level !== 'forced') { f.severity = 'info'; f.exempted = reason; f.message = `Exempted (${reason}): ${f.message}`; }
  }
  return [...out, ...extra];
}
