// The calling side of the resident index (resident.ts): a CLI call asks the project's resident
// first and answers on its own when there is none or it refuses; a call on a big project that
// answered on its own starts one for the next calls.
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readdirSync, readFileSync, realpathSync, rmSync, statSync, writeSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { UserError } from '../../core/diagnostics.js';
import type { ReadOptions } from '../../core/project/settings.js';
import { PROVIDERS } from '../providers/index.js';
import { addressOf, envHashOf, residentAddress, residentIdleMs, residentMinFiles, residentsDir, residentsOn, unsafeSocketFolder, type ResidentAddress, type ResidentKind } from './address.js';
import type { ResidentInfo } from './resident.js';
import { liveResident, type ResidentReply, type ResidentRequest } from './wire.js';

const BIN = fileURLToPath(new URL('../../../bin/modeler.js', import.meta.url));
/** A start older than this whose resident never listened (it failed) no longer stops another. */
const START_MS = 5 * 60_000;

/**
 * Ask the project's resident. Undefined when there is none, it is not ready, or it refused (the
 * caller answers on its own); a UserError when it answered with one (the call's own error).
 */
export async function callResident(dir: string, read: ReadOptions, kind: ResidentKind, req: Omit<ResidentRequest, 'key' | 'envHash' | 'cwd'>,
  on: { delta?: (t: string) => void; warn?: (t: string) => void } = {}): Promise<{ result: unknown; pid: number } | undefined> {
  if (!residentsOn()) return undefined;
  const addr = residentAddress(dir, read, kind);
  const live = liveResident(addr);
  if (!live) return undefined;
  const r = await exchange(addr, { ...req, key: addr.key, envHash: envHashOf(live.env), cwd: process.cwd() }, on, () => forget(addr, live.pid));
  return r && { result: r.result, pid: live.pid };
}

/**
 * End every resident of the project folder, whatever options (or version of modeler) started it:
 * their files name the folder. Reached also once residents are turned off, or the folder is gone.
 */
export async function stopResidents(dir: string): Promise<number[]> {
  const root = resolve(dir);
  const real = (p: string) => { try { return realpathSync(p); } catch { return p; } };
  const ended: number[] = [];
  let names: string[] = [];
  try { names = readdirSync(residentsDir()).filter((n) => n.endsWith('.resident.json')); } catch { /* none ever ran */ }
  for (const n of names) {
    let info: Partial<ResidentInfo>;
    try { info = JSON.parse(readFileSync(join(residentsDir(), n), 'utf8')); } catch { continue; }
    if (typeof info.key !== 'string' || typeof info.root !== 'string' || (info.root !== root && real(info.root) !== real(root))) continue;
    const addr = addressOf(info.root, info.key);
    const live = liveResident(addr);
    if (live && await exchange(addr, { op: 'stop', key: addr.key, envHash: '', cwd: process.cwd() })) ended.push(live.pid);
  }
  return ended.sort((a, b) => a - b);
}

/** One request to the resident at `addr`: its result, or undefined when it is not listening or refused. */
function exchange(addr: ResidentAddress, full: ResidentRequest, on: { delta?: (t: string) => void; warn?: (t: string) => void } = {},
  gone?: () => void): Promise<{ result: unknown } | undefined> {
  if (unsafeSocketFolder(addr)) return Promise.resolve(undefined);
  return new Promise((ok, fail) => {
    const conn = connect(addr.socket);
    let settled = false;
    const done = (v: { result: unknown } | undefined, e?: Error) => { if (settled) return; settled = true; clearTimeout(waiting); conn.destroy(); if (e) fail(e); else ok(v); };
    // not listening (yet), or stopped or stuck (a socket accepts while its process does not run):
    // no word within a second and the call answers on its own
    const waiting = setTimeout(() => done(undefined), 1000);
    conn.once('connect', () => conn.write(`${JSON.stringify(full)}\n`));
    conn.once('error', (e: NodeJS.ErrnoException) => {
      // nothing listens where its file says a resident does: it ended without cleaning up
      if (e.code === 'ECONNREFUSED' || e.code === 'ENOENT') gone?.();
      done(undefined);
    });
    let buf = '';
    // once part of the answer is out, ending without the rest is an error: answering again would print it twice
    let partial = false;
    conn.on('data', (d) => {
      buf += d.toString('utf8');
      for (let i = buf.indexOf('\n'); i >= 0; i = buf.indexOf('\n')) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        clearTimeout(waiting);
        let r: ResidentReply;
        try { r = JSON.parse(line) as ResidentReply; } catch { return done(undefined); }
        if ('accepted' in r) continue;
        if ('delta' in r) { partial = true; on.delta?.(r.delta); } else if ('warn' in r) { partial = true; on.warn?.(r.warn); }
        else if ('refused' in r) return done(undefined);
        else if ('error' in r) return done(undefined, new UserError(r.error.message, r.error.exitCode, r.error.code));
        else return done({ result: r.result });
      }
    });
    // ended without an answer (the resident stopped meanwhile): the call answers on its own
    conn.once('close', () => done(undefined, partial ? new UserError('the resident index ended while answering; ask again', 70, 'AI_RESIDENT_FAILED') : undefined));
  });
}

/**
 * The file of a resident killed without cleaning up, whose process id another process took since:
 * removed, so that the next call starts a new one (only while it still names that process).
 */
function forget(addr: ResidentAddress, pid: number): void {
  if (liveResident(addr)?.pid === pid) rmSync(addr.info, { force: true });
}

/**
 * Start the project's resident for the next calls, when the project is big enough to be worth it
 * and none is there or starting. Returns its process id when one was started.
 */
export function startResident(dir: string, read: ReadOptions, kind: ResidentKind, files: number, opts: { keep?: boolean } = {}): number | undefined {
  if (!residentWillStart(dir, read, kind, files)) return undefined;
  const addr = residentAddress(dir, read, kind);
  const args = [BIN, 'ai', 'resident', '--kind', kind, '--project-dir', addr.root];
  if (opts.keep) args.push('--keep');
  if (read.vars !== undefined) args.push('--vars', JSON.stringify(read.vars));
  if (read.profilesDir !== undefined) args.push('--profiles-dir', resolve(read.profilesDir));
  if (read.target !== undefined) args.push('--target', read.target);
  try {
    mkdirSync(dirname(addr.starting), { recursive: true, mode: 0o700 });
    // taken whole and only if absent: two calls at once start one resident
    const fd = openSync(addr.starting, 'wx', 0o600);
    const child = spawn(process.execPath, args, { detached: true, stdio: 'ignore', env: withoutKeys(process.env), cwd: process.cwd(), windowsHide: true });
    writeSync(fd, String(child.pid ?? ''));
    closeSync(fd);
    child.unref();
    return child.pid;
  } catch {
    return undefined; // a cache folder that cannot be written: every call answers on its own
  }
}

/**
 * What a call does about residents once it answers on its own: `decide` (given as the index
 * cache's leaveKeeping, asked with the project's file count) says whether it leaves writing the
 * kept index to the resident it starts; `start` then starts that resident, told to keep the index
 * when the call left it. Returns the started process id.
 */
export function residentPlan(dir: string, read: ReadOptions, kind: ResidentKind, cache: boolean): { decide: (files: number) => boolean; start: (files: number) => number | undefined } {
  let left = false;
  return {
    decide: (files) => (left = cache && residentWillStart(dir, read, kind, files)),
    start: (files) => (cache ? startResident(dir, read, kind, files, { keep: left }) : undefined),
  };
}

/** Whether startResident would start one now (the project is big enough, none runs or is starting). */
export function residentWillStart(dir: string, read: ReadOptions, kind: ResidentKind, files: number): boolean {
  if (!residentsOn() || files < residentMinFiles()) return false;
  // the resident gets --vars as JSON: a value JSON does not keep (a YAML date) would read otherwise
  if (read.vars !== undefined && !isDeepStrictEqual(JSON.parse(JSON.stringify(read.vars)), read.vars)) return false;
  const addr = residentAddress(dir, read, kind);
  return !liveResident(addr) && !starting(addr) && !unsafeSocketFolder(addr);
}

/**
 * The environment without the hosted providers' keys: a resident answers only with the Local
 * provider, and a key should not outlive the call that had it in a process of its own.
 */
function withoutKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const keys = new Set(PROVIDERS.flatMap((p) => p.keyEnv));
  return Object.fromEntries(Object.entries(env).filter(([k]) => !keys.has(k)));
}

/**
 * Another call started this resident lately: it is reading the project, or it failed (a resident
 * removes the file once it listens), and then no call starts another before START_MS has passed.
 */
function starting(addr: ResidentAddress): boolean {
  let st;
  try { st = statSync(addr.starting); } catch { return false; }
  if (Date.now() - st.mtimeMs < START_MS) return true;
  rmSync(addr.starting, { force: true });
  return false;
}

/** The note a call prints when it starts a resident. */
export function startedNote(pid: number): string {
  const s = Math.round(residentIdleMs() / 1000);
  return `the index stays in memory for the next calls (process ${pid}; it ends after ${s % 60 ? `${s} seconds` : s === 60 ? 'a minute' : `${s / 60} minutes`} without a call; modeler ai stop ends it, MODELER_AI_RESIDENT=0 turns this off)`;
}
