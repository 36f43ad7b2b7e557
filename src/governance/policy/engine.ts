// checkPolicies: packs + a target (a model, a model file, a dbt property file or a project
// directory) → located violations. Rules are data; nothing from a pack is ever evaluated.
import { statSync } from 'node:fs';
import { countBySeverity, sortDiagnostics, UserError, type Diagnostic, type Severity } from '../../core/diagnostics.js';
import { loadModelFile } from '../../core/model/load.js';
import type { Model } from '../../core/model/types.js';
import { isDbtPropertyFile } from '../../core/project/dbt-yaml.js';
import { readPropertyFileAlone } from '../../core/project/build-nodes.js';
import { loadProject } from '../../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../../core/project/settings.js';
import { matchGlob } from '../../core/glob.js';
import { parseYamlSource } from '../../core/yaml-source.js';
import { readFileSync } from 'node:fs';
import { normalizeLayer } from '../layers.js';
import { loadPacks, type PackInfo } from './packs.js';
import { RULE_TYPES } from './rules/index.js';
import { dbtSubjects, modelSubjects, projectSubjects } from './subjects.js';
import type { PolicyRule, PolicyViolation, Selector, Subject } from './types.js';
import { opt } from '../../core/option-names.js';

export interface PolicyTarget extends ReadOptions {
  model?: Model;
  /** a model file, a dbt property file, or a project directory */
  modelFile?: string;
  projectDir?: string;
}

export interface PolicyResult {
  target: string;
  packs: PackInfo[];
  rules: { id: string; type: string; severity: string; enabled: boolean; pack: string }[];
  /** pack problems, target loading problems and violations, sorted by location */
  diagnostics: Diagnostic[];
  violations: PolicyViolation[];
  errorCount: number;
  warningCount: number;
  infoCount: number;
  objectsChecked: number;
  ok: boolean;
}

const SEVERITY: Record<string, Severity> = { error: 'error', warn: 'warning', info: 'info' };

export function checkPolicies(target: PolicyTarget, packPaths: string[], opts: { inherit?: boolean; root?: string } = {}): PolicyResult {
  if (!packPaths.length) throw new UserError(`no policy pack given: pass ${opt('policy')} <pack.yaml> (or a bundled pack such as modeler/base)`);
  const set = loadPacks(packPaths, opts);
  const { subjects, diagnostics: loadDiags, label } = resolveTarget(target);
  const violations = evaluateRules(set.rules, subjects);
  const diagnostics = sortDiagnostics([...set.diagnostics, ...loadDiags, ...violations]);
  const counts = countBySeverity(diagnostics);
  return {
    target: label, packs: set.packs,
    rules: set.rules.map((r) => ({ id: r.id, type: r.type, severity: r.severity, enabled: r.enabled, pack: r.pack })),
    diagnostics, violations, errorCount: counts.error, warningCount: counts.warning, infoCount: counts.info,
    objectsChecked: subjects.length, ok: counts.error === 0,
  };
}

/** Run rules over subjects (also used by the readiness gate). */
export function evaluateRules(rules: PolicyRule[], subjects: Subject[]): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  for (const rule of rules) {
    if (!rule.enabled) continue;
    const rt = RULE_TYPES.get(rule.type);
    if (!rt) continue;
    for (const s of subjects) {
      if (!selects(rule.selector, s)) continue;
      for (const v of rt.check(s, rule.params, subjects)) {
        // paths are relative to the subject; a column violation's own path extends the column's
        const rel = v.at ? (v.column && v.at[0] !== 'columns' ? [...v.column.at, ...v.at] : v.at) : v.column ? v.column.at : [];
        const pos = s.locate(rel);
        const message = rule.message ? rule.message.replaceAll('{object}', s.name).replaceAll('{column}', v.column?.name ?? '') : v.message;
        out.push({ code: `POLICY_${rule.id}`, severity: SEVERITY[rule.severity], message: `${message} [${rule.id}]`, hint: v.hint,
          file: s.file, line: pos.line, column: pos.column, path: '/' + [...s.at, ...rel].join('/'),
          ruleId: rule.id, ruleType: rule.type, object: s.name, objectColumn: v.column?.name });
      }
    }
  }
  return out;
}

function selects(sel: Selector, s: Subject): boolean {
  const resources = sel.resource ?? ['entity', 'model'];
  if (!resources.includes(s.resource)) return false;
  if (sel.layer && !sel.layer.some((l) => s.layers.includes(normalizeLayer(l) ?? (l as any)))) return false;
  if (sel.tag && !sel.tag.some((t) => s.tags.includes(t))) return false;
  if (sel.path && !(s.file && sel.path.some((g) => matchGlob(g, s.file!)))) return false;
  if (sel.name && !sel.name.some((g) => matchGlob(g, s.name))) return false;
  if (sel.interface !== undefined) {
    if (sel.interface === false) return !s.interfaceEnabled;
    if (!s.interfaceEnabled) return false;
    if (typeof sel.interface === 'string' && s.interface?.stability !== sel.interface) return false;
  }
  return true;
}

function resolveTarget(t: PolicyTarget): { subjects: Subject[]; diagnostics: Diagnostic[]; label: string } {
  if (t.model) return { subjects: modelSubjects(t.model), diagnostics: [], label: t.model.model.name };
  const path = t.projectDir ?? t.modelFile;
  if (!path) throw new UserError('nothing to check: give a model, a model file or a project directory');
  let st;
  try { st = statSync(path); } catch { throw new UserError(`cannot read ${path}: no such file or directory`); }
  if (st.isDirectory()) {
    const p = loadProject(path, readOptionsOf(t));
    return { subjects: projectSubjects(p), diagnostics: p.diagnostics, label: path };
  }
  // a single file: a model file, or a dbt property file
  const text = readFileSync(path, 'utf8');
  const src = parseYamlSource(text, path);
  if (!src.diagnostics.some((d) => d.severity === 'error') && isDbtPropertyFile(src.value) && !(src.value as any).model) {
    const { nodes, diagnostics } = readPropertyFileAlone(text, path);
    return { subjects: dbtSubjects(nodes), diagnostics: [...src.diagnostics, ...diagnostics], label: path };
  }
  const lm = loadModelFile(path);
  return { subjects: lm.model && lm.ok ? modelSubjects(lm.model, lm) : [], diagnostics: lm.diagnostics, label: path };
}
