// All-or-nothing writes of several files, safe against a crash at any instant.
//
//   1. journal `preparing` (.modeler/journal/<id>/journal.json) lists every target, its staged
//      temp file (a sibling of the target, so the rename stays on one file system) and its backup
//   2. every target that exists is copied to its backup; every new text is written to its
//      staged file; all flushed to disk
//   3. journal `committing`; then the renames (and deletes) one by one
//   4. journal `committed`; the journal folder is removed
//
// A failure in step 2 or 3 rolls back at once. A crash (power, SIGKILL) leaves the journal;
// `recoverJournals` — run before a server reads the project — then finishes the job the same way:
// `preparing` → remove the staged files (nothing was replaced); `committing` → restore every
// target from its backup (or remove it when it did not exist) — so an apply that never answered
// is never half there; `committed` → only clean up. Recovery never fails: what it cannot finish
// (a file it cannot restore, a journal it cannot read) is moved, journal and backups, to
// `.modeler/quarantine/<id>/` with a report, and said — the server starts all the same.
//
// Staged and restore files have fixed-length names (`.<journal id>-<n>.modeler-tmp`) that never
// depend on the target's name, so any name the OS allows can be written.
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { randomBytes } from 'node:crypto';
import { refusePackageExample } from '../core/project-dir.js';
import { ensureRuntimeDir } from '../core/runtime-state.js';
import { ChangeError } from './errors.js';
import { projectPath } from './paths.js';

export const JOURNAL_DIR = join('.modeler', 'journal');
export const QUARANTINE_DIR = join('.modeler', 'quarantine');

export interface FileWrite {
  /** Project-relative path. */
  rel: string;
  /** New text, or null to delete the file. */
  content: string | null;
}

// Paths in the journal are relative to the project's real path, so a moved project still recovers.
interface Entry {
  rel: string;
  /** The file replaced: `rel` with every symlink resolved. */
  target: string;
  /** Staged new text (absent for a delete). */
  staged?: string;
  /** Copy of the file as it was, in the journal folder (absent when it did not exist). */
  backup?: string;
  existed: boolean;
}

interface Journal {
  version: 1;
  id: string;
  state: 'preparing' | 'committing' | 'committed';
  started: string;
  entries: Entry[];
  /** Folders created for new files, deepest last (removed again on roll back when empty). */
  createdDirs: string[];
}

export interface CommitResult { written: string[]; deleted: string[] }

export function commitFiles(root: string, writes: readonly FileWrite[]): CommitResult {
  if (!writes.length) return { written: [], deleted: [] };
  refusePackageExample(root);
  const real = realpathSync(root);
  const id = `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
  const dir = join(real, JOURNAL_DIR, id);
  const entries: Entry[] = writes.map((w, i) => {
    const { rel, abs } = projectPath(real, w.rel);
    const st = lstatSync(abs, { throwIfNoEntry: false });
    // found before anything is written: a folder or a device in the way would fail half-way
    if (st?.isDirectory()) throw new ChangeError('CONFLICT', `${rel} is a folder; give the path of a file`, { location: { file: rel } });
    if (st && !st.isFile()) throw new ChangeError('NOT_A_FILE', `${rel} is not a regular file (a device, FIFO or socket); modeler replaces only regular files`, { location: { file: rel } });
    const existed = !!st;
    const target = relative(real, abs);
    return {
      rel, target, existed,
      ...(w.content !== null ? { staged: join(dirname(target), `.${id}-${i}.modeler-tmp`) } : {}),
      ...(existed ? { backup: `backup-${i}` } : {}),
    };
  });
  ensureRuntimeDir(real); // .modeler/ ignores itself before anything is put there
  mkdirSync(dir, { recursive: true });
  const journal: Journal = { version: 1, id, state: 'preparing', started: new Date().toISOString(), entries, createdDirs: [] };
  for (const e of entries) if (e.staged) for (const d of missingDirs(real, dirname(e.target))) if (!journal.createdDirs.includes(d)) journal.createdDirs.push(d);
  saveJournal(dir, journal);
  const at = (p: string) => join(real, p);
  let committing = false;
  try {
    for (const d of journal.createdDirs) mkdirSync(at(d));
    writes.forEach((w, i) => {
      const e = entries[i];
      if (e.backup) { copyFileSync(at(e.target), join(dir, e.backup)); flush(join(dir, e.backup)); }
      if (e.staged) {
        writeDurably(at(e.staged), w.content!);
        if (e.existed) chmodSync(at(e.staged), statSync(at(e.target)).mode & 0o7777); // keep the file's mode
      }
    });
    saveJournal(dir, { ...journal, state: 'committing' });
    committing = true;
    const crashAfter = testCrashPoint();
    entries.forEach((e, n) => {
      if (n === crashAfter) process.kill(process.pid, 'SIGKILL');
      if (e.staged) renameSync(at(e.staged), at(e.target));
      else if (e.existed) unlinkSync(at(e.target));
    });
    saveJournal(dir, { ...journal, state: 'committed' });
  } catch (err) {
    // before `committing` no target was touched (and a backup may be incomplete): only clean up
    const left = committing ? rollBack(real, dir, { ...journal, state: 'committing' }) : removeStaged(real, journal);
    // what could not be undone stays for the next start's recovery (which quarantines it)
    if (!left.length) rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  rmSync(dir, { recursive: true, force: true });
  return {
    written: entries.filter((e) => e.staged).map((e) => e.rel),
    deleted: entries.filter((e) => !e.staged).map((e) => e.rel),
  };
}

export interface Recovered {
  id: string;
  state: string;
  files: string[];
  /** rolled_back (committing), cleaned (preparing, committed), quarantined (something could not be finished) */
  outcome: 'rolled_back' | 'cleaned' | 'quarantined';
  /** for quarantined: where the journal and its backups are now (project-relative), and why */
  quarantine?: string;
  problems?: string[];
}

/**
 * Finish every interrupted commit under `root` (see the top of this file); what was done, per
 * journal. Never throws for a journal: what cannot be finished is quarantined and reported.
 */
export function recoverJournals(root: string): Recovered[] {
  const real = realpathSync(root);
  const base = join(real, JOURNAL_DIR);
  let ids: string[];
  try { ids = readdirSync(base); } catch { return []; }
  const out: Recovered[] = [];
  for (const id of ids) {
    const dir = join(base, id);
    const problems: string[] = [];
    let journal: Journal | undefined;
    let readable = false;
    try {
      journal = JSON.parse(readFileSync(join(dir, 'journal.json'), 'utf8'));
      readable = true;
    } catch (e: any) {
      // no journal file: the crash came before anything was staged; anything else cannot be trusted
      if (e?.code !== 'ENOENT') problems.push(`its journal.json cannot be read: ${firstLine(e)}`);
    }
    const valid = readable && journal?.version === 1 && Array.isArray(journal.entries) && journal.entries.every(validEntry)
      && (journal.createdDirs === undefined || (Array.isArray(journal.createdDirs) && journal.createdDirs.every(safeRel)));
    if (readable && !valid) problems.push('its journal.json is not a journal this version of modeler wrote');
    if (valid) {
      if (journal!.state === 'committing') problems.push(...rollBack(real, dir, journal!));
      else problems.push(...removeStaged(real, journal!));
    }
    const files = valid ? journal!.entries.map((e) => e.rel) : [];
    const state = valid ? journal!.state : 'unknown';
    if (problems.length) {
      out.push({ id, state, files, outcome: 'quarantined', problems, ...quarantine(real, dir, id, problems) });
      continue;
    }
    try { rmSync(dir, { recursive: true, force: true }); } catch (e) { problems.push(`its folder cannot be removed: ${firstLine(e)}`); }
    if (problems.length) out.push({ id, state, files, outcome: 'quarantined', problems, ...quarantine(real, dir, id, problems) });
    else if (valid) out.push({ id, state, files, outcome: state === 'committing' ? 'rolled_back' : 'cleaned' });
  }
  return out;
}

/** Move a journal that could not be finished out of the way, with a report of why. */
function quarantine(real: string, dir: string, id: string, problems: string[]): { quarantine?: string } {
  const to = join(real, QUARANTINE_DIR, id);
  try {
    mkdirSync(dirname(to), { recursive: true });
    renameSync(dir, to);
    writeFileSync(join(to, 'quarantine.json'), JSON.stringify({ id, quarantined: new Date().toISOString(), problems }, null, 1));
    return { quarantine: relative(real, to).split('\\').join('/') };
  } catch (e) {
    problems.push(`it cannot be moved to ${QUARANTINE_DIR}: ${firstLine(e)}`);
    return {};
  }
}

/** A path a journal may name: relative to the project, never leading out of it. */
function safeRel(p: unknown): boolean {
  return typeof p === 'string' && p !== '' && !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split(/[\\/]/).includes('..');
}

function validEntry(e: unknown): e is Entry {
  const x = e as Entry;
  const rel = safeRel;
  return !!x && typeof x === 'object' && typeof x.rel === 'string' && rel(x.target) && (x.staged === undefined || rel(x.staged))
    && (x.backup === undefined || (typeof x.backup === 'string' && /^backup-\d+$/.test(x.backup))) && typeof x.existed === 'boolean';
}

function firstLine(e: unknown): string {
  return String((e as Error)?.message ?? e).split('\n')[0];
}

/** Put every target back as it was before the commit started; the problems of those it could not. */
function rollBack(real: string, dir: string, j: Journal): string[] {
  const problems: string[] = [];
  [...j.entries].reverse().forEach((e) => {
    const target = join(real, e.target);
    try {
      if (e.backup && existsSync(join(dir, e.backup))) {
        // restore through a staged copy too: the target is never half-written
        const tmp = join(dirname(target), `.${j.id}-restore.modeler-restore`);
        copyFileSync(join(dir, e.backup), tmp);
        flush(tmp);
        renameSync(tmp, target);
      } else if (!e.existed) {
        try { lstatSync(target); unlinkSync(target); } catch (x: any) { if (!gone(x)) throw x; }
      }
    } catch (x) {
      problems.push(`${e.rel} could not be restored: ${firstLine(x)}`);
    }
  });
  return [...problems, ...removeStaged(real, j)];
}

/** An error that means the file is not there (or never could have been). */
function gone(e: any): boolean {
  return e?.code === 'ENOENT' || e?.code === 'ENOTDIR' || e?.code === 'ENAMETOOLONG';
}

/** Remove staged files left behind, and the folders made for new files when they are empty. */
function removeStaged(real: string, j: Journal): string[] {
  const problems: string[] = [];
  for (const e of j.entries) {
    if (!e.staged) continue;
    // a name too long to create was never created (journals written before temp names had a fixed length)
    try { unlinkSync(join(real, e.staged)); } catch (x) { if (!gone(x)) problems.push(`the staged file of ${e.rel} could not be removed: ${firstLine(x)}`); }
  }
  for (const d of [...(Array.isArray(j.createdDirs) ? j.createdDirs : [])].reverse()) {
    try { rmdirSync(join(real, d)); } catch { /* not empty, or gone */ }
  }
  return problems;
}

/** Folders (relative to `real`) to create for `dir`, outermost first. */
function missingDirs(real: string, dir: string): string[] {
  const out: string[] = [];
  for (let d = dir; d && d !== '.' && !existsSync(join(real, d)); d = dirname(d)) out.unshift(d);
  return out;
}

function saveJournal(dir: string, j: Journal): void {
  const tmp = join(dir, 'journal.json.tmp');
  writeDurably(tmp, JSON.stringify(j, null, 1));
  renameSync(tmp, join(dir, 'journal.json'));
}

function writeDurably(path: string, text: string): void {
  const fd = openSync(path, 'w', 0o644);
  try {
    writeFileSync(fd, text);
    fsyncSync(fd);
  } finally { closeSync(fd); }
}

function flush(path: string): void {
  const fd = openSync(path, 'r+');
  try { fsyncSync(fd); } finally { closeSync(fd); }
}

/**
 * Fault injection for the crash test only: with MODELER_TEST_CRASH_AFTER_RENAMES=n the process
 * kills itself with SIGKILL after n renames of a commit. Unset in normal use.
 */
function testCrashPoint(): number {
  const v = process.env.MODELER_TEST_CRASH_AFTER_RENAMES;
  return v && /^\d+$/.test(v) ? Number(v) : -1;
}
