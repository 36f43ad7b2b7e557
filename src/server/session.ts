// The one project a server serves, held in memory: read once, kept current by the watcher and
// by the server's own writes (which go one at a time through the write lock), with the
// validation and readiness summaries brought up to date after every change and an event for
// every subscriber (GET /api/events).
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { readFileSync, realpathSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import {
  etagOf, loadProject, readinessGate, recoverJournals, SKIP_DIRS, validationCounts,
  type Project, type ReadOptions, type Recovered, type ValidateContext,
} from '../api.js';
import type { ServerEvent, StatusResponse } from './contract.js';
import { filesUnder, watchProject, type Watcher } from './watcher.js';

const TARGET_ARTIFACTS = new Set(['target/manifest.json', 'target/catalog.json', 'target/semantic_manifest.json', 'target/run_results.json']);
/** How long after a change background work keeps waiting: the requests a change event prompts come first. */
const CHANGE_GRACE_MS = 100;
const TEMP_FILE = /(\.modeler-tmp|\.modeler-restore|\.tmp|~|\.swp|\.swx)$|(^|\/)(\.#|#)[^/]*$|(^|\/)4913$/;

/** How long the packages folder stays quiet before a change there is read (`dbt deps` rewrites it file by file), and the longest wait. */
const PACKAGES_QUIET_MS = 300;
const PACKAGES_MAX_WAIT_MS = 3000;

/** The installed package (`dbt_packages/name`) a path is in, or the packages folder itself; undefined outside it. */
export function packageOf(rel: string, packagesDir: string): string | undefined {
  if (rel === packagesDir) return rel;
  if (!rel.startsWith(`${packagesDir}/`)) return undefined;
  return rel.split('/').slice(0, packagesDir.split('/').length + 1).join('/');
}

/**
 * Paths the watcher leaves alone: VCS and runtime folders, build output, editors' temp files.
 * The installed packages (`packagesDir`) are watched — an edit there, or `dbt deps`, changes what
 * lineage reads — but not the folders in them dbt does not read (their own packages, their
 * integration tests, build output).
 */
export function ignoredPath(rel: string, packagesDir = 'dbt_packages'): boolean {
  const pkg = packageOf(rel, packagesDir);
  if (pkg !== undefined) {
    const inner = rel.slice(pkg.length + 1).split('/');
    return rel.length > pkg.length && (inner.some((s) => SKIP_DIRS.has(s)) || ['integration_tests', 'target', 'docs'].includes(inner[0]) || TEMP_FILE.test(rel));
  }
  const segs = rel.split('/');
  if (segs.some((s) => SKIP_DIRS.has(s))) return true;
  if (segs[0] === 'target' && segs.length > 1 && !TARGET_ARTIFACTS.has(rel)) return true;
  return TEMP_FILE.test(rel);
}

export type ChangeType = ServerEvent['type'];

export interface SessionOptions {
  watch?: boolean;
  /** dbt's --vars, --profiles-dir and --target, as `modeler serve` was given them (what `{{ target.* }}` and var() are in the SQL lineage reads) */
  read?: ReadOptions;
  log?: (line: string) => void;
}

export class ProjectSession {
  readonly root: string;
  readonly id: string;
  readonly events = new EventEmitter();
  project: Project;
  version = 1;
  recovered: Recovered[];
  /** computed when first asked for (not before the server listens), then after every change */
  private summary?: StatusResponse;
  /** the project's views the last summary was computed from (see computeStatus) */
  private summaryOf?: { diagnostics: readonly unknown[]; status: StatusResponse };
  private lock: Promise<unknown> = Promise.resolve();
  private watcher?: Watcher;
  /** etag (null: deleted) of what the server last wrote, so the watcher's echo of it is not a change */
  private ownWrites = new Map<string, string | null>();
  private log: (line: string) => void;
  /** when the last change was announced (performance.now()) */
  private changedAt = -Infinity;

  constructor(dir: string, o: SessionOptions = {}) {
    this.log = o.log ?? (() => {});
    this.root = realpathSync(dir);
    this.id = `p_${createHash('sha256').update(this.root).digest('hex').slice(0, 12)}`;
    // an apply interrupted by a crash is rolled back before anything reads the files
    this.recovered = recoverJournals(this.root);
    this.project = loadProject(this.root, o.read);
    this.events.setMaxListeners(0);
    if (o.watch !== false) this.watcher = watchProject(this.root, { ignore: (rel) => ignoredPath(rel, this.project.packagesInstallPath), onChange: (rels) => this.onDiskChange(rels) });
  }

  get name(): string { return this.project.name || basename(this.root); }

  status(): StatusResponse { return (this.summary ??= this.computeStatus()); }

  /** Requests and changes wait for `p` (the SQL parser loading while the server already answers /api/health). */
  waitFor(p: Promise<unknown>): void {
    const run = this.lock.then(() => p);
    this.lock = run.catch((e) => this.log(`start: ${e?.message ?? e}`));
  }

  /** What proposal validation needs from the project. */
  validateContext(): ValidateContext {
    return { root: this.root, docFile: (name) => { const d = this.project.docs.get(name); return d && { file: d.file, line: d.line }; } };
  }

  /**
   * Run a write under the project's lock (one write at a time, in arrival order); then read the
   * files it changed again, refresh the summaries and announce the change.
   */
  write<T>(type: ChangeType, fn: () => T | Promise<T>, changed: (r: T) => string[]): Promise<T> {
    const run = this.lock.then(async () => {
      const r = await fn();
      const paths = changed(r);
      if (paths.length) {
        for (const p of paths) this.ownWrites.set(p, currentEtag(this.root, p));
        this.refresh(type, paths);
      }
      return r;
    });
    this.lock = run.catch(() => {});
    return run;
  }

  /** Run a write that may change any file (git checkout, pull), then read the whole project again. */
  writeAll<T>(fn: () => T | Promise<T>, changed: (r: T) => boolean): Promise<T> {
    const run = this.lock.then(async () => {
      const r = await fn();
      if (changed(r)) {
        const t0 = performance.now();
        this.project.reloadAll();
        this.ownWrites.clear();
        this.version++;
        this.summary = this.computeStatus();
        const ev: ServerEvent = { type: 'files_changed', paths: [...this.project.files.keys()], version: this.version, summary: { validation: this.summary.validation, readiness: this.summary.readiness } };
        this.changedAt = performance.now();
        this.events.emit('change', ev);
        this.log(`files_changed: the project was read again in ${Math.round(performance.now() - t0)} ms (version ${this.version})`);
      }
      return r;
    });
    this.lock = run.catch(() => {});
    return run;
  }

  /** Re-read `paths`, bring validation and readiness up to date, bump the version, emit. */
  refresh(type: ChangeType, paths: string[]): void {
    const t0 = performance.now();
    this.project.reloadFiles(paths);
    this.version++;
    this.summary = this.computeStatus();
    const ev: ServerEvent = { type, paths, version: this.version, summary: { validation: this.summary.validation, readiness: this.summary.readiness } };
    this.changedAt = performance.now();
    this.events.emit('change', ev);
    this.log(`${type}: ${paths.length} file(s) re-read, validation and readiness refreshed in ${Math.round(performance.now() - t0)} ms (version ${this.version})`);
  }

  private computeStatus(): StatusResponse {
    // a re-read that changed no node nor finding (the reader kept its views: the same diagnostics
    // array) leaves validation and readiness as they were: only the version moves on
    const held = this.summaryOf;
    if (held && held.diagnostics === this.project.diagnostics && held.status.project === this.name) return { ...held.status, version: this.version };
    const r = readinessGate({ project: this.root, loaded: this.project, artifacts: false });
    const status = { project: this.name, version: this.version, validation: validationCounts(this.project), readiness: r.summary };
    this.summaryOf = { diagnostics: this.project.diagnostics, status };
    return status;
  }

  /** installed packages changed on disk, read once the packages folder is quiet */
  private packagesChanged = new Set<string>();
  private packagesTimer?: NodeJS.Timeout;
  private packagesSince = 0;

  /** A package edited or installed again: read once the folder is quiet (one re-read for a whole `dbt deps`). */
  private onPackageChange(pkgs: string[]): void {
    if (!this.packagesChanged.size) this.packagesSince = performance.now();
    for (const p of pkgs) this.packagesChanged.add(p);
    if (this.packagesTimer) clearTimeout(this.packagesTimer);
    const wait = Math.max(0, Math.min(PACKAGES_QUIET_MS, this.packagesSince + PACKAGES_MAX_WAIT_MS - performance.now()));
    this.packagesTimer = setTimeout(() => {
      this.packagesTimer = undefined;
      const changed = [...this.packagesChanged].sort();
      this.packagesChanged.clear();
      const run = this.lock.then(() => this.refresh('files_changed', changed));
      this.lock = run.catch((e) => this.log(`watch: could not re-read ${changed.join(', ')}: ${e?.message ?? e}`));
    }, wait);
    this.packagesTimer.unref?.();
  }

  private onDiskChange(all: string[]): void {
    const dir = this.project.packagesInstallPath;
    const pkgs = [...new Set(all.map((r) => packageOf(r, dir)).filter((x): x is string => x !== undefined))];
    if (pkgs.length) this.onPackageChange(pkgs);
    const rels = pkgs.length ? all.filter((r) => packageOf(r, dir) === undefined) : all;
    // a folder stands for the files under it: those the project had (removed) and has (added)
    const paths = new Set<string>();
    for (const rel of rels) {
      let st;
      try { st = statSync(`${this.root}/${rel}`); } catch { st = undefined; }
      if (st?.isDirectory()) { for (const f of filesUnder(this.root, rel, ignoredPath)) paths.add(f); continue; }
      if (!st) for (const f of this.project.files.keys()) if (f.startsWith(rel + '/')) paths.add(f);
      paths.add(rel);
    }
    const changed = [...paths].filter((p) => {
      if (!this.ownWrites.has(p)) return true;
      const mine = this.ownWrites.get(p) === currentEtag(this.root, p);
      this.ownWrites.delete(p);
      return !mine;
    });
    if (!changed.length) return;
    // a change on disk waits for a write in progress, so the project is never read half-way through it
    const run = this.lock.then(() => this.refresh('files_changed', changed));
    this.lock = run.catch((e) => this.log(`watch: could not re-read ${changed.join(', ')}: ${e?.message ?? e}`));
  }

  /**
   * Whether a change is on its way (noticed by the watcher, or announced less than CHANGE_GRACE_MS
   * ago: the UI asks for what it shows next): work in the background waits meanwhile.
   */
  changing(): boolean {
    return !!this.watcher?.pending() || this.packagesChanged.size > 0 || performance.now() - this.changedAt < CHANGE_GRACE_MS;
  }

  /** Read what the watcher has noticed but not yet reported, and wait for it (and any write in progress). */
  catchUp(): Promise<unknown> {
    this.watcher?.flush();
    return this.lock;
  }

  close(): void {
    if (this.packagesTimer) clearTimeout(this.packagesTimer);
    this.watcher?.close();
    this.events.emit('close');
    this.events.removeAllListeners();
  }
}

function currentEtag(root: string, rel: string): string | null {
  try { return etagOf(readFileSync(`${root}/${rel}`, 'utf8')); } catch { return null; }
}
