// readinessGate: score the project's files, apply thresholds, and produce the SARIF and PR
// comment as data; writeReadinessArtifacts writes them where the caller says.
import { UserError } from '../../core/diagnostics.js';
import { count } from '../../core/count.js';
import { toolVersion } from '../../core/paths.js';
import { loadProject } from '../../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../../core/project/settings.js';
import type { Project } from '../../core/project/types.js';
import { loadPacks } from '../policy/packs.js';
import { changedFiles, repoPrefix } from './changed.js';
import { projectFindings } from './findings.js';
import { prComment } from './pr-comment.js';
import { toSarif } from './sarif.js';
import { scoreFile, type FileScore } from './score.js';
import { opt } from '../../core/option-names.js';
import { selectNodes } from '../../core/select/evaluate.js';
import { hasSelection, type SelectionOptions } from '../../core/select/restrict.js';

export interface ReadinessOptions extends ReadOptions, SelectionOptions {
  project: string;
  minScore?: number;
  maxRed?: number;
  maxYellow?: number;
  changedOnly?: boolean;
  baseRef?: string;
  policy?: string[];
  inherit?: boolean;
  /** the tool version SARIF names (default: this package's) */
  version?: string;
  /** progress lines (the CLI sends them to stderr) */
  progress?: (line: string) => void;
  /** the project already read (the server keeps it in memory); default: read `project` */
  loaded?: Project;
  /** false: leave the SARIF and the PR comment empty (they ask git for the repository prefix) */
  artifacts?: boolean;
}

export interface ReadinessResult {
  project: string;
  scope: 'all' | 'changed';
  /** dbt's --select/--exclude, when given: the selected nodes' unique ids (their files are the ones scored). */
  selected?: string[];
  baseRef?: string;
  /** every threshold met */
  ok: boolean;
  /** @deprecated the same as `ok`; kept for one release of the printed JSON */
  passed: boolean;
  /** one sentence per threshold not met */
  failures: string[];
  thresholds: { minScore: number; maxRed: number; maxYellow?: number };
  summary: { score: number; files: number; red: number; yellow: number; green: number; findings: number; errors: number; warnings: number; infos: number };
  files: FileScore[];
  sarif: object;
  prComment: string;
}

export function readinessGate(o: ReadinessOptions): ReadinessResult {
  checkOptions(o);
  const progress = o.progress ?? (() => {});
  const t0 = performance.now();
  const project = o.loaded ?? loadProject(o.project, readOptionsOf(o));
  if (!project.isDbtProject) progress(`readiness: ${o.project} is not a dbt project root (no dbt_project.yml); scoring it with dbt's default paths — run it on the folder that holds dbt_project.yml`);
  progress(`readiness: read ${count(project.models.length, 'model')} in ${Math.round(performance.now() - t0)} ms`);
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
  let selected: string[] | undefined;
  if (hasSelection(o)) {
    // dbt's --select/--exclude: only the files that define or describe a selected node
    const ids = selectNodes(project, o.select, o.exclude).ids;
    const nodes = [...project.models, ...project.sources, ...project.seeds, ...project.snapshots, ...project.exposures, ...project.semanticModels, ...project.metrics].filter((n) => ids.has(n.uniqueId));
    selected = nodes.map((n) => n.uniqueId).sort();
    const keep = new Set(nodes.flatMap((n) => [n.file, n.sqlPath]).filter((f): f is string => !!f));
    for (const p of [...paths]) if (!keep.has(p)) paths.delete(p);
    progress(`readiness: ${selected.length} node(s) selected; scoring ${paths.size} file(s)`);
  }
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
  if (summary.score < thresholds.minScore) failures.push(`score ${summary.score} is below ${opt('min_score')} ${thresholds.minScore}`);
  if (summary.red > thresholds.maxRed) failures.push(`${summary.red} red file(s), more than ${opt('max_red')} ${thresholds.maxRed}`);
  if (thresholds.maxYellow !== undefined && summary.yellow > thresholds.maxYellow) failures.push(`${summary.yellow} yellow file(s), more than ${opt('max_yellow')} ${thresholds.maxYellow}`);
  progress(`readiness: scored ${files.length} file(s) in ${Math.round(performance.now() - t0)} ms`);
  const partial: Omit<ReadinessResult, 'sarif' | 'prComment'> = { project: o.project, scope, ...(selected ? { selected } : {}), baseRef: o.baseRef, ok: !failures.length, passed: !failures.length, failures, thresholds, summary, files };
  const result = partial as ReadinessResult;
  if (o.artifacts === false) return Object.assign(result, { sarif: {}, prComment: '' });
  result.sarif = toSarif(files, { version: o.version ?? toolVersion(), uriPrefix: repoPrefix(project.root) ?? '' });
  result.prComment = prComment(result);
  return result;
}

/** Thresholds in range, and a base ref exactly when only changed files are scored. */
function checkOptions(o: ReadinessOptions): void {
  if (o.minScore !== undefined && (o.minScore < 0 || o.minScore > 100)) throw new UserError(`${opt('min_score')} must be between 0 and 100, got ${o.minScore}`);
  for (const k of ['max_red', 'max_yellow'] as const) {
    const v = k === 'max_red' ? o.maxRed : o.maxYellow;
    if (v !== undefined && v < 0) throw new UserError(`${opt(k)} must not be negative`);
  }
  if (o.baseRef && !o.changedOnly) throw new UserError(`${opt('base_ref')} only applies with ${opt('changed_only')}`);
  if (o.changedOnly && !o.baseRef) throw new UserError(`${opt('changed_only')} needs ${opt('base_ref')} <ref> (e.g. origin/main)`);
}
