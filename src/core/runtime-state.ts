// Runtime state (chats, memory, the index snapshot, journals, the serve lock) lives under
// <project>/.modeler/, which ignores itself: a `.modeler/.gitignore` holding `*`, as pytest's and
// ruff's caches do. The project's own .gitignore and every tracked file are left alone. A project
// that is one of the package's own examples is never written: its runtime state goes to the
// user's data directory instead. A lock file keeps a second server off a project the first one
// is writing (its crash recovery would otherwise roll back a live apply).
import { createHash } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { UserError } from './diagnostics.js';
import { packageExample } from './project-dir.js';
import { userDataDir } from './user-data.js';

export const RUNTIME_DIR = '.modeler';

/** Where `root`'s runtime state lives: <root>/.modeler, or a folder in the user's data directory for the package's examples. */
export function runtimeDir(root: string): string {
  if (packageExample(root) === undefined) return join(root, RUNTIME_DIR);
  let real = root;
  try { real = realpathSync(root); } catch { /* not there yet */ }
  return join(userDataDir(), 'runtime', `${basename(real)}-${createHash('sha256').update(real).digest('hex').slice(0, 12)}`);
}

/** Create the runtime folder, ignored by git through its own .gitignore; returns its path. */
export function ensureRuntimeDir(root: string): string {
  const dir = runtimeDir(root);
  mkdirSync(dir, { recursive: true });
  const ignore = join(dir, '.gitignore');
  if (!existsSync(ignore)) writeFileSync(ignore, '# modeler\'s runtime state (chats, memory, index, journals); never committed\n*\n');
  return dir;
}

/** `root`: the project folder the server serves (real path), so a lock copied with the folder is known for another's */
export interface ServeLock { pid: number; url: string; started: string; root?: string }

/** Take the project's serve lock, or fail naming the server that holds it. */
export function acquireServeLock(root: string, info: Omit<ServeLock, 'pid' | 'started' | 'root'>): () => void {
  const file = join(ensureRuntimeDir(root), 'serve.lock');
  let real = root;
  try { real = realpathSync(root); } catch { /* kept as given */ }
  const mine = JSON.stringify({ pid: process.pid, started: new Date().toISOString(), root: real, ...info }) + '\n';
  // the lock appears whole or not at all (linked from a written file), and only if absent: of two servers
  // started at once one takes it and the other reads it
  for (let tries = 0; tries < 3; tries++) {
    if (createWhole(file, mine)) return releaser(file);
    let text: string;
    try { text = readFileSync(file, 'utf8'); } catch { continue; } // removed meanwhile: try to take it
    let held: ServeLock | undefined;
    try { held = JSON.parse(text); } catch { held = undefined; }
    if (held?.pid === process.pid) { replaceWhole(file, mine); return releaser(file); } // ours: now naming the port really used
    // a lock stays held while its server lives and serves this folder (not one it was copied from)
    if (held && alive(held.pid) && (held.root === undefined || held.root === real)) {
      throw new UserError(`another modeler serve (pid ${held.pid}) is serving this project at ${held.url}; stop it first, or open that URL`, 1, 'LOCKED');
    }
    removeStale(file, text);
  }
  throw new UserError(`cannot take the serve lock ${file}: another server keeps replacing it; stop the other modeler serve and start again`, 1, 'LOCKED');
}

/**
 * Remove the lock `file` only if it still holds `stale`. Another server may have removed the stale
 * lock and taken a fresh one since it was read: a plain unlink would delete that server's lock and
 * both would run. Renaming moves whatever lock is there now out of the way in one step; one that
 * is not the stale lock is linked back (its server keeps it) and the caller reads it again.
 */
function removeStale(file: string, stale: string): void {
  const aside = `${file}.${process.pid}.stale`;
  try { renameSync(file, aside); } catch (e: any) { if (e?.code === 'ENOENT') return; throw e; }
  try {
    let now: string | undefined;
    try { now = readFileSync(aside, 'utf8'); } catch { now = undefined; }
    if (now !== stale) {
      try { linkSync(aside, file); } catch (e: any) {
        if (e?.code === 'EEXIST') throw new UserError(`cannot take the serve lock ${file}: other modeler serve processes are starting on this project at once; stop them and start one`, 1, 'LOCKED');
        throw e;
      }
    }
  } finally { rmSync(aside, { force: true }); }
}

/** Put `text` in `file` in one step (rename over it), for the lock this server already holds. */
function replaceWhole(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

/** Create `file` holding `text`, whole, unless it exists: false when it does. */
function createWhole(file: string, text: string): boolean {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  try { linkSync(tmp, file); return true; } catch (e: any) { if (e?.code === 'EEXIST') return false; throw e; } finally { rmSync(tmp, { force: true }); }
}

function releaser(file: string): () => void {
  return () => {
    try {
      const held = JSON.parse(readFileSync(file, 'utf8')) as ServeLock;
      if (held.pid === process.pid) rmSync(file, { force: true });
    } catch { /* gone already */ }
  };
}

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e: any) { return e?.code === 'EPERM'; }
}
