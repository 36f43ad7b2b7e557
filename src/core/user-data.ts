// The user's data directory, and the writable copy of the embedded example project kept there,
// so a first `modeler serve` can try every write without touching the installed package.
import { cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { EXAMPLE_PROJECT } from './paths.js';

/** MODELER_DATA_DIR, else the platform's place for user data (XDG on Linux). */
export function userDataDir(env: Record<string, string | undefined> = process.env): string {
  if (env.MODELER_DATA_DIR) return env.MODELER_DATA_DIR;
  if (process.platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'modeler');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'modeler');
  return join(env.XDG_DATA_HOME || join(homedir(), '.local', 'share'), 'modeler');
}

/**
 * MODELER_CACHE_DIR, else the platform's place for caches (XDG on Linux): what is kept there can
 * be deleted at any time and is made again (the assistant's index for `modeler ai search`).
 */
export function userCacheDir(env: Record<string, string | undefined> = process.env): string {
  if (env.MODELER_CACHE_DIR) return env.MODELER_CACHE_DIR;
  if (process.platform === 'win32') return join(env.LOCALAPPDATA ?? join(homedir(), 'AppData', 'Local'), 'modeler', 'Cache');
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'modeler');
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'modeler');
}

/** A writable copy of one of the package's examples (default jaffle_shop): made once (atomically: copied aside, then renamed into place). */
export function exampleCopy(env: Record<string, string | undefined> = process.env, example = 'jaffle_shop'): { dir: string; created: boolean } {
  const dir = join(userDataDir(env), 'examples', ...example.split('/'));
  const from = join(EXAMPLE_PROJECT, '..', ...example.split('/'));
  if (existsSync(dir)) return { dir, created: false };
  const tmp = `${dir}.${process.pid}.partial`;
  mkdirSync(join(dir, '..'), { recursive: true });
  rmSync(tmp, { recursive: true, force: true });
  // the example's runtime state is not part of it
  cpSync(from, tmp, { recursive: true, filter: (p) => !p.split(/[\\/]/).includes('.modeler') });
  try { renameSync(tmp, dir); } catch (e) {
    rmSync(tmp, { recursive: true, force: true });
    if (!existsSync(dir)) throw e; // else another process made it first
  }
  return { dir, created: true };
}
