// Where the resident index of a project listens (resident.ts), and the small file that says it
// does. Both are named by a hash of what the resident's answers depend on besides the project's
// files and the environment: the project's real path, the reading options, whether it reads
// models' SQL (`ask`) or not (`ai search`), and the code that runs it — so a call with other
// options, or after an upgrade, never talks to a resident that would answer differently. This
// module is loaded before anything else a call needs: it imports nothing heavy.
import { createHash } from 'node:crypto';
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { toolVersion } from '../../core/paths.js';
import type { ReadOptions } from '../../core/project/settings.js';
import { userCacheDir } from '../../core/user-data.js';

/** `search`: the index `ai search` uses; `ask`: the one `ask` uses (it holds the columns models' SQL returns). */
export type ResidentKind = 'search' | 'ask';

export interface ResidentAddress {
  /** The project folder, resolved. */
  root: string;
  /** What a resident must have been started with to answer this call. */
  key: string;
  /** Where it listens: a Unix socket (a named pipe on Windows). */
  socket: string;
  /** The file it writes once it listens: {pid, key, env}. */
  info: string;
  /** Written by the call that starts one, so two calls do not both start one. */
  starting: string;
}

/** The code a resident runs: a rebuilt or upgraded install makes a new key. */
const CODE = ['./resident.js', '../index/project-index.js', '../../core/project/load.js', '../ask.js'].map((p) => fileURLToPath(new URL(p, import.meta.url)));

export function residentAddress(dir: string, read: ReadOptions, kind: ResidentKind): ResidentAddress {
  const root = resolve(dir);
  let real = root;
  try { real = realpathSync(root); } catch { /* not there: the read says so */ }
  const code = CODE.map((f) => { try { const st = statSync(f); return `${st.size}:${st.mtimeMs}`; } catch { return '-'; } });
  // a relative --profiles-dir is another folder from another calling folder
  const options = { vars: read.vars ?? null, profilesDir: read.profilesDir === undefined ? null : resolve(read.profilesDir), profile: read.profile ?? null, target: read.target ?? null };
  const key = createHash('sha256').update(JSON.stringify([1, toolVersion(), code, real, options, kind])).digest('hex');
  return addressOf(root, key);
}

/** The folder of the residents' files (and sockets, unless its path is too long for one). */
export function residentsDir(): string {
  return join(userCacheDir(), 'ai-index');
}

/** The address of the resident with this key (read back from its info file by `ai stop`). */
export function addressOf(root: string, key: string): ResidentAddress {
  const name = key.slice(0, 20);
  const dirOf = residentsDir();
  // a Unix socket's path is limited (about 104 bytes): a long cache path listens in a private temp folder instead
  const inCache = join(dirOf, `${name}.sock`);
  const socket = process.platform === 'win32' ? `\\\\.\\pipe\\modeler-${name}` : Buffer.byteLength(inCache) <= 100 ? inCache : join(tmpdir(), `modeler-${process.getuid?.() ?? 'u'}`, `${name}.sock`);
  return { root, key, socket, info: join(dirOf, `${name}.resident.json`), starting: join(dirOf, `${name}.starting`) };
}

/**
 * Why the folder of a resident's socket is not this user's alone (undefined when it is): a folder
 * another user owns or may write — a temp folder someone made first — could hold their socket in
 * place of the resident's, so none listens nor is called there.
 */
export function unsafeSocketFolder(addr: ResidentAddress): string | undefined {
  if (process.platform === 'win32') return undefined;
  const dir = dirname(addr.socket);
  let st;
  try { st = lstatSync(dir); } catch { return undefined; } // made private by the resident that listens
  if (!st.isDirectory()) return `${dir} is not a folder`;
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return `${dir} belongs to another user`;
  if (st.mode & 0o022) return `${dir} may be written by other users`;
  return undefined;
}

/**
 * Whether calls may use and start residents: MODELER_AI_RESIDENT=0 turns them off, =1 on; unset,
 * they are off under a CI service (CI set), where a process left running after the job is unwelcome.
 */
export function residentsOn(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.MODELER_AI_RESIDENT === '0') return false;
  if (env.MODELER_AI_RESIDENT === '1') return true;
  return !env.CI || env.CI === 'false' || env.CI === '0';
}

/** A project this big (files the reader finds) is worth keeping in memory between calls. */
export function residentMinFiles(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.MODELER_AI_RESIDENT_MIN_FILES);
  return Number.isInteger(n) && n >= 0 ? n : 2000;
}

/** How long a resident waits for the next call before it ends (MODELER_AI_RESIDENT_IDLE, seconds). */
export function residentIdleMs(env: NodeJS.ProcessEnv = process.env): number {
  const s = Number(env.MODELER_AI_RESIDENT_IDLE);
  return (Number.isFinite(s) && s > 0 ? s : 600) * 1000;
}

/** A hash of the values of the environment variables the resident's read looked at. */
export function envHashOf(names: readonly string[], env: NodeJS.ProcessEnv = process.env): string {
  return createHash('sha256').update(JSON.stringify(names.map((n) => [n, env[n] ?? null]))).digest('base64');
}
