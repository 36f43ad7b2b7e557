// Runtime state lives under <project>/.modeler/ and nowhere else in the project: the folder is
// added to the project's .gitignore, and a lock file there keeps a second server off a project
// the first one is writing (its crash recovery would otherwise roll back a live apply).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { UserError } from './diagnostics.js';
import { writeFileAtomic } from './fs-atomic.js';

export const RUNTIME_DIR = '.modeler';

/** Add `.modeler/` to the project's .gitignore (created if missing) unless a line already ignores it. */
export function ensureRuntimeIgnored(root: string): boolean {
  const file = join(root, '.gitignore');
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const ignored = text.split(/\r?\n/).some((l) => /^\/?\.modeler\/?(\*\*?)?\s*$/.test(l.trim()));
  if (ignored) return false;
  const nl = text.includes('\r\n') ? '\r\n' : '\n';
  writeFileAtomic(file, `${text}${text && !text.endsWith('\n') ? nl : ''}# modeler's runtime state (journals, caches)${nl}${RUNTIME_DIR}/${nl}`);
  return true;
}

export interface ServeLock { pid: number; url: string; started: string }

/** Take the project's serve lock, or fail naming the server that holds it. */
export function acquireServeLock(root: string, info: Omit<ServeLock, 'pid' | 'started'>): () => void {
  const dir = join(root, RUNTIME_DIR);
  const file = join(dir, 'serve.lock');
  mkdirSync(dir, { recursive: true });
  if (existsSync(file)) {
    let held: ServeLock | undefined;
    try { held = JSON.parse(readFileSync(file, 'utf8')); } catch { held = undefined; }
    if (held && held.pid !== process.pid && alive(held.pid)) {
      throw new UserError(`another modeler serve (pid ${held.pid}) is serving this project at ${held.url}; stop it first, or open that URL`, 1, 'LOCKED');
    }
  }
  writeFileSync(file, JSON.stringify({ pid: process.pid, started: new Date().toISOString(), ...info }) + '\n');
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
