// What a call and a resident index say to each other: one JSON line each way per message, a call
// per connection. Light on purpose (the calling side loads it before anything else).
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import type { ResidentAddress, ResidentKind } from './address.js';

export interface ResidentRequest {
  op: 'search' | 'ask' | 'stop';
  /** the address's key: what the resident must have been started with */
  key: string;
  /** a hash of the calling process's values of the variables the resident's read looked at */
  envHash: string;
  /** the calling process's folder (profiles.yml may be found there) */
  cwd: string;
  query?: string;
  limit?: number;
  message?: string;
  chatId?: string;
  /** send the answer's text as it is made */
  stream?: boolean;
}

export type ResidentReply =
  /** sent as soon as a call connects: a resident that is stopped or stuck never sends it */
  | { accepted: true }
  | { delta: string }
  | { warn: string }
  | { ok: true; result: unknown }
  /** this resident cannot answer the call as the call would answer itself: the call answers on its own */
  | { refused: string }
  | { error: { message: string; exitCode: number; code: string } };

/** A call's request is one line; a longer one is not a call. */
const MAX_LINE = 1 << 20;

/** The first line read from `conn`. */
export function readLine(conn: Socket): Promise<string> {
  return new Promise((ok, fail) => {
    let buf = '';
    const onData = (d: Buffer) => {
      buf += d.toString('utf8');
      const i = buf.indexOf('\n');
      if (i >= 0) { conn.off('data', onData); ok(buf.slice(0, i)); } else if (buf.length > MAX_LINE) { conn.off('data', onData); fail(new Error('line too long')); }
    };
    conn.on('data', onData);
    conn.once('error', fail);
    conn.once('end', () => fail(new Error('closed')));
  });
}

export interface LiveResident { pid: number; env: string[]; kind: ResidentKind }

/** The resident listening at `addr`, when its file says one is and its process is alive. */
export function liveResident(addr: ResidentAddress): LiveResident | undefined {
  let info: { pid?: unknown; key?: unknown; env?: unknown; kind?: unknown };
  try { info = JSON.parse(readFileSync(addr.info, 'utf8')); } catch { return undefined; }
  if (typeof info.pid !== 'number' || info.key !== addr.key || !Array.isArray(info.env)) return undefined;
  if (!alive(info.pid)) return undefined;
  return { pid: info.pid, env: info.env.filter((n): n is string => typeof n === 'string'), kind: info.kind === 'ask' ? 'ask' : 'search' };
}

export function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch (e) { return (e as NodeJS.ErrnoException).code === 'EPERM'; }
}
