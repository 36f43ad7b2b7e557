// readinessGate: score the project's files, apply thresholds, and produce the SARIF and PR
// comment. Pure data in and out (the CLI writes files and prints).
import { UserError } from '../../core/diagnostics.js';
import { loadProject } from '../../core/project/load.js';
import { loadPacks } from '../policy/packs.js';
import { changedFiles, repoPrefix } from './changed.js';
import { projectFindings } from './findings.js';
import { prComment } from './pr-comment.js';
import { toSarif } from './sarif.js';
import { scoreFile, type FileScore } from './score.js';

export interface ReadinessOptions {
  project: string;
  minScore?: number;
  maxRed?: number;
  maxYellow?: number;
  changedOnly?: boolean;
  baseRef?: string;
  policy?: string[];
  inherit?: boolean;
  version?: string;
  /** progress lines (the CLI sends them to stderr) */
  progress?: (line: string) => void;
}

export interface ReadinessResult {
  project: string;
  scope: 'all' | 'changed';
  baseRef?: string;
  passed: boolean;
  failures: string[];
  thresholds: { minScore: number; maxRed: number; maxYellow?: number };
  summary: { score: number; files: number; red: number; yellow: number; green: number; findings: number; errors: number; warnings: number; infos: number };
  files: FileScore[];
  sarif: object;
  prComment: string;
}

export function readinessGate(o: ReadinessOptions): ReadinessResult {
  if (o.changedOnly && !o.baseRef) throw new UserError('--changed-only needs --base-ref <ref> (e.g. origin/main)');
  const progress = o.progress ?? (() => {});
  const t0 = performance.now();
  const project = loadProject(o.project);
  progress(`readiness: read ${project.models.length} models in ${Math.round(performance.now() - t0)} ms`);
  const rules = o.policy?.length ? loadPacks(o.policy, { inherit: o.inherit }) : undefined;
  if (rules?.diagnostics.some((d) => d.severity === 'error')) {
    const d = rules.diagnostics.find((x) => x.severity === 'error')!;
    throw new UserError(`invalid policy pack: ${d.file}:${d.line ?? 1}: ${d.message}`, 1, 'POLICY_PACK_INVALID');
  }
  const findings = projectFindings(project, rules?.rules ?? []);
  // every YAML file that describes something, plus any file with findings
  const paths = new Set<string>();
  for (const [rel, kind] of project.files) if (kind === 'dbt_yaml' || kind === 'modeler_model') paths.add(rel);
  for (const f of findings) paths.add(f.file);
  let scope: ReadinessResult['scope'] = 'all';
  if (o.changedOnly) {
    scope = 'changed';
    const changed = changedFiles(project.root, o.baseRef!);
    // a changed SQL file brings in the YAML that describes its model
    for (const m of project.models) if (m.sqlPath && changed.has(m.sqlPath) && m.file) changed.add(m.file);
    for (const p of [...paths]) if (!changed.has(p)) paths.delete(p);
    progress(`readiness: ${changed.size} file(s) changed since ${o.baseRef}; scoring ${paths.size}`);
  }
  const byFile = new Map<string, typeof findings>();
  for (const p of paths) byFile.set(p, []);
  for (const f of findings) byFile.get(f.file)?.push(f);
  const files = [...byFile].sort(([a], [b]) => a.localeCompare(b)).map(([p, fs]) => scoreFile(p, fs));
  const all = files.flatMap((f) => f.findings);
  const summary = {
    score: files.length ? Math.round(files.reduce((n, f) => n + f.score, 0) / files.length) : 100,
    files: files.length, red: files.filter((f) => f.status === 'red').length, yellow: files.filter((f) => f.status === 'yellow').length,
    green: files.filter((f) => f.status === 'green').length, findings: all.length,
    errors: all.filter((f) => f.severity === 'error').length, warnings: all.filter((f) => f.severity === 'warning').length, infos: all.filter((f) => f.severity === 'info').length,
  };
  const thresholds = { minScore: o.minScore ?? 0, maxRed: o.maxRed ?? 0, maxYellow: o.maxYellow };
  const failures: string[] = [];
  if (summary.score < thresholds.minScore) failures.push(`score ${summary.score} is below --min-score ${thresholds.minScore}`);
  if (summary.red > thresholds.maxRed) failures.push(`${summary.red} red file(s), more than --max-red ${thresholds.maxRed}`);
  if (thresholds.maxYellow !== undefined && summary.yellow > thresholds.maxYellow) failures.push(`${summary.yellow} yellow file(s), more than --max-yellow ${thresholds.maxYellow}`);
  progress(`readiness: scored ${files.length} file(s) in ${Math.round(performance.now() - t0)} ms`);
  const partial: Omit<ReadinessResult, 'sarif' | 'prComment'> = { project: o.project, scope, baseRef: o.baseRef, passed: !failures.length, failures, thresholds, summary, files };
  const result = partial as ReadinessResult;
  result.sarif = toSarif(files, { version: o.version ?? '0.0.0', uriPrefix: repoPrefix(project.root) ?? '' });
  result.prComment = prComment(result);
  return result;
}
