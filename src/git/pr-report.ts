// The optional report a pull request body carries: the breaking-change gate over every model
// file the branch changes (base version vs head version, from git, the same gateModels the
// `modeler gate` command runs) and the readiness summary of the changed files (the same
// readinessGate as `modeler readiness-gate --changed-only`).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadModelText } from '../core/model/load.js';
import { gateModels } from '../governance/gate.js';
import { readinessGate } from '../governance/readiness/gate.js';
import { loadProject } from '../core/project/load.js';
import { initSqlColumns } from '../core/sql-columns/query-shape.js';
import { droppedColumns } from '../lineage/dropped.js';
import { projectPath } from './paths.js';
import type { Repo } from './repo.js';

export interface GateFileReport {
  /** project-relative */
  path: string;
  status: 'pass' | 'breaking' | 'added' | 'removed' | 'invalid';
  breaking: string[];
  changes: number;
}

export interface PrReport {
  markdown: string;
  gate: { status: 'pass' | 'breaking'; files: GateFileReport[] };
  readiness?: { score: number; passed: boolean; files: number; red: number; yellow: number; green: number };
  /** columns of dbt models, snapshots or seeds the branch drops, and what each breaks downstream (column lineage) */
  dropped?: { node: string; column: string; summary: string; breaks: string[] }[];
  notes: string[];
}

const MARKER = '<!-- modeler-pr-report -->';

async function show(repo: Repo, rev: string, path: string): Promise<string | undefined> {
  try { return await repo.local.raw(['show', `${rev}:${path}`]); } catch { return undefined; }
}

function isModel(text: string | undefined, name: string): boolean {
  if (text === undefined) return false;
  return loadModelText(text, name).ok;
}

/**
 * Build the report for merging `head` into `base` (commits; `baseRef` is what the base is
 * known as locally, e.g. origin/main). Readiness scores the work tree, so it runs only when
 * `headIsCheckedOut`.
 */
export async function prReport(repo: Repo, o: { baseRef: string; headRef: string; headIsCheckedOut: boolean }): Promise<PrReport> {
  const notes: string[] = [];
  const mergeBase = (await repo.local.raw(['merge-base', o.baseRef, o.headRef]).catch(() => '')).trim();
  const from = mergeBase || o.baseRef;
  const scope = repo.prefix ? ['--', repo.prefix.slice(0, -1)] : [];
  const changed = (await repo.local.raw(['diff', '--name-only', '--no-renames', '-z', from, o.headRef, ...scope])).split('\0').filter(Boolean);
  const files: GateFileReport[] = [];
  const tmp = mkdtempSync(join(tmpdir(), 'modeler-pr-'));
  try {
    for (const file of changed.filter((p) => /\.ya?ml$/i.test(p))) {
      const before = await show(repo, from, file);
      const after = await show(repo, o.headRef, file);
      const path = projectPath(repo, file);
      const wasModel = isModel(before, path);
      const isNow = isModel(after, path);
      if (!wasModel && !isNow) {
        if (after !== undefined && /^\s*entities\s*:/m.test(after) && /^\s*model\s*:/m.test(after)) files.push({ path, status: 'invalid', breaking: [], changes: 0 });
        continue;
      }
      if (!wasModel && before === undefined) { files.push({ path, status: 'added', breaking: [], changes: 0 }); continue; }
      if (after === undefined) { files.push({ path, status: 'removed', breaking: ['the model file is removed'], changes: 1 }); continue; }
      const a = join(tmp, `${files.length}-old.yaml`);
      const b = join(tmp, `${files.length}-new.yaml`);
      writeFileSync(a, before ?? '');
      writeFileSync(b, after);
      const g = gateModels(a, b);
      if (g.status === 'invalid') { files.push({ path, status: 'invalid', breaking: [], changes: 0 }); continue; }
      const breaking = g.changes.filter((c) => c.breaking).map((c) => c.message);
      files.push({ path, status: breaking.length ? 'breaking' : 'pass', breaking, changes: g.summary.changes });
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  let dropped: PrReport['dropped'];
  if (changed.some((p) => /\.(sql|ya?ml|csv)$/i.test(p))) {
    try {
      dropped = await droppedByBranch(repo, from, o.headRef, o.headIsCheckedOut);
    } catch (e) {
      notes.push(`dropped columns were not computed: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
    }
  }
  const gateStatus = files.some((f) => f.status === 'breaking' || f.status === 'removed') || dropped?.some((d) => d.breaks.length) ? 'breaking' : 'pass';

  let readiness: PrReport['readiness'];
  let readinessMd = '';
  if (o.headIsCheckedOut) {
    try {
      const r = readinessGate({ project: repo.projectDir, changedOnly: true, baseRef: from });
      readiness = { score: r.summary.score, passed: r.passed, files: r.summary.files, red: r.summary.red, yellow: r.summary.yellow, green: r.summary.green };
      readinessMd = r.prComment;
    } catch (e) {
      notes.push(`readiness was not computed: ${e instanceof Error ? e.message : String(e)}`);
    }
  } else {
    notes.push(`readiness was not computed: ${o.headRef} is not the checked-out branch (readiness scores the work tree)`);
  }

  const md = [MARKER, '## modeler: breaking-change gate', ''];
  if (!files.length) md.push('_No model file changes._');
  else {
    md.push(gateStatus === 'breaking' ? `❌ **${files.filter((f) => f.status === 'breaking' || f.status === 'removed').length} model file(s) with breaking changes**` : '✅ **No breaking changes**', '');
    for (const f of files) {
      const label = { pass: '✅ no breaking change', breaking: '❌ breaking', added: '🆕 new model', removed: '❌ removed', invalid: '⚠️ not a valid model (run modeler validate)' }[f.status];
      md.push(`- \`${f.path}\` — ${label}${f.changes && f.status === 'pass' ? ` (${f.changes} change(s))` : ''}`);
      for (const m of f.breaking) md.push(`  - ${m}`);
    }
  }
  if (dropped?.length) {
    md.push('', '### Columns dropped (column lineage)', '');
    for (const d of dropped) md.push(`- ${d.breaks.length ? '❌' : 'ℹ️'} ${d.summary}`);
  }
  md.push('');
  if (readinessMd) md.push(readinessMd);
  for (const n of notes) md.push(`_${n}_`);
  return { markdown: md.join('\n').trimEnd() + '\n', gate: { status: gateStatus, files }, ...(readiness ? { readiness } : {}), ...(dropped?.length ? { dropped } : {}), notes };
}

/** The project's tree at a commit, extracted into `dir` (git archive of the project folder). */
function extract(repo: Repo, rev: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const tar = join(dir, '..', `${rev.replace(/[^A-Za-z0-9]/g, '_')}.tar`);
  const a = spawnSync('git', ['archive', '--format=tar', '-o', tar, rev, ...(repo.prefix ? [repo.prefix] : [])], { cwd: repo.root, encoding: 'utf8' });
  if (a.status !== 0) throw new Error(`git archive ${rev}: ${a.stderr.trim()}`);
  const x = spawnSync('tar', ['-xf', tar, '-C', dir], { encoding: 'utf8' });
  if (x.status !== 0) throw new Error(`tar: ${x.stderr.trim()}`);
  return repo.prefix ? join(dir, repo.prefix) : dir;
}

/** Columns the branch drops from dbt models, snapshots and seeds, each with what it breaks. */
async function droppedByBranch(repo: Repo, base: string, head: string, headIsCheckedOut: boolean): Promise<PrReport['dropped']> {
  await initSqlColumns();
  const tmp = mkdtempSync(join(tmpdir(), 'modeler-pr-lineage-'));
  try {
    const before = loadProject(extract(repo, base, join(tmp, 'base')));
    if (!before.isDbtProject) return undefined;
    const after = loadProject(headIsCheckedOut ? repo.projectDir : extract(repo, head, join(tmp, 'head')));
    return droppedColumns(before, after).map((d) => ({ node: d.node, column: d.column, summary: d.impact.summary,
      breaks: d.impact.columns.map((c) => `${c.node}.${c.column}`) }));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The user's body, then the report, cut to fit the host's limit. */
export function bodyWithReport(body: string | undefined, report: string, limit: number): string {
  const head = body ? `${body.trimEnd()}\n\n` : '';
  const full = head + report;
  if (full.length <= limit) return full;
  const cut = '\n\n_(report truncated to fit the pull request body limit)_\n';
  return (head + report).slice(0, Math.max(head.length, limit - cut.length)) + cut;
}
