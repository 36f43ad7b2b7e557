// A server on a real socket for tests: in this process (buildApp + listen on an ephemeral port)
// or as a `modeler serve` child process; raw HTTP requests whose every header and byte the test
// chooses (fetch would not let a test send a foreign Host).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { ProjectSession } from '../../src/server/session.js';
import { BIN, EXAMPLE, tempDir } from '../helpers/cli.js';

export interface TestServer {
  url: string;
  port: number;
  id: string;
  root: string;
  session: ProjectSession;
  app: FastifyInstance;
  logs: string[];
  close(): Promise<void>;
}

/** A copy of the example project (or `files`) in a fresh temp folder, served in-process. */
export async function startTestServer(o: { files?: Record<string, string>; example?: boolean; watch?: boolean; env?: Record<string, string>; webRoot?: string; setup?: (app: FastifyInstance) => void } = {}): Promise<TestServer> {
  const base = tempDir('modeler-server-');
  const root = join(base, 'project');
  if (o.example !== false) cpSync(EXAMPLE, root, { recursive: true }); else mkdirSync(root, { recursive: true });
  for (const [rel, text] of Object.entries(o.files ?? {})) { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), text); }
  return serveDir(root, o);
}

export async function serveDir(root: string, o: { watch?: boolean; env?: Record<string, string>; webRoot?: string; setup?: (app: FastifyInstance) => void } = {}): Promise<TestServer> {
  const logs: string[] = [];
  const session = new ProjectSession(root, { watch: o.watch ?? false, log: (l) => logs.push(l) });
  const app = await buildApp(session, { host: '127.0.0.1', port: 0, log: (l) => logs.push(l), env: o.env ?? {}, webRoot: o.webRoot ?? join(tempDir('modeler-noweb-'), 'web') });
  o.setup?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const port = (app.server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`, port, id: session.id, root: session.root, session, app, logs,
    async close() { session.close(); await app.close(); },
  };
}

export interface Res { status: number; headers: Record<string, string | string[] | undefined>; text: string; json: any }

/** One HTTP request; `body` objects are sent as JSON with Content-Type application/json unless headers say otherwise. */
export function req(port: number, method: string, path: string, o: { body?: unknown; headers?: Record<string, string>; raw?: string | Buffer } = {}): Promise<Res> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, ...o.headers };
    let data: string | Buffer | undefined = o.raw;
    if (o.body !== undefined && data === undefined) {
      data = JSON.stringify(o.body);
      if (!Object.keys(headers).some((k) => k.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    if (data !== undefined) headers['content-length'] = String(Buffer.byteLength(data));
    let answered = false;
    const r = httpRequest({ host: '127.0.0.1', port, method, path, headers, setHost: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        if (!r.writableEnded) r.destroy(); // answered before the whole body went: send no more
        const text = Buffer.concat(chunks).toString('utf8');
        let json: any;
        try { json = JSON.parse(text); } catch { json = undefined; }
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Res['headers'], text, json });
      });
    });
    // a server refuses an oversized body from its Content-Length and closes the connection: a
    // client still writing then meets EPIPE/ECONNRESET. Like a browser, this one writes a large
    // body a piece at a time and stops once the answer has come, and keeps the answer it got.
    r.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
      else if (!answered) setTimeout(() => { if (!answered) reject(e); }, 1000);
    });
    if (data === undefined || Buffer.byteLength(data) <= 1024 * 1024) {
      if (data !== undefined) r.write(data);
      r.end();
      return;
    }
    const bytes = Buffer.isBuffer(data) ? data : Buffer.from(data);
    let at = 0;
    const more = () => {
      while (!answered && !r.destroyed && at < bytes.length) {
        const piece = bytes.subarray(at, at + 64 * 1024);
        at += piece.length;
        if (!r.write(piece)) { r.once('drain', more); return; }
      }
      if (at >= bytes.length && !answered) r.end();
    };
    more();
  });
}

/** `change` for a proposal, with the rationale every change carries. */
export function change(c: Record<string, unknown>): Record<string, unknown> {
  return { rationale: 'test', ...c };
}

/**
 * Resolves once the server's column checks (read in the background after it starts) are in; a
 * stream opened after that carries only the project's changes.
 */
export function columnChecksDone(s: TestServer): Promise<void> {
  return new Promise((resolve, reject) => {
    const onChange = (ev: { type: string }) => { if (ev.type === 'columns_checked') { s.session.events.off('change', onChange); resolve(); } };
    s.session.events.on('change', onChange);
    req(s.port, 'GET', `/api/projects/${s.id}/validation`).then((r) => {
      if (r.json?.column_checks === 'done') { s.session.events.off('change', onChange); resolve(); }
    }, reject);
  });
}

/** Collect server-sent events of an in-process server (parsed `data:` JSON). */
export function collectEvents(port: number): Promise<{ events: any[]; close(): void }> {
  return new Promise((resolve, reject) => {
    const events: any[] = [];
    const r = httpRequest({ host: '127.0.0.1', port, path: '/api/events', headers: { host: `127.0.0.1:${port}` } }, (res) => {
      let buf = '';
      res.on('data', (c) => {
        buf += c;
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const line = block.split('\n').find((l) => l.startsWith('data: '));
          if (line) events.push(JSON.parse(line.slice(6)));
        }
      });
      resolve({ events, close: () => r.destroy() });
    });
    r.on('error', (e) => { if ((e as any).code !== 'ECONNRESET') reject(e); });
    r.end();
  });
}

export async function until(cond: () => boolean, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** `modeler serve` as a child process; resolves with its URL once it listens. */
export function spawnServe(args: string[], env: Record<string, string> = {}, cwd?: string): Promise<{ child: ChildProcess; url: string; port: number; out: () => string; err: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, [BIN, 'serve', '--no-open', ...args], { env: { ...process.env, ...env }, ...(cwd ? { cwd } : {}) });
  let out = '', err = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (err += d));
  let signal: string | null = null;
  const exited = new Promise<number | null>((r) => child.on('exit', (code, sig) => { signal = sig; r(code); }));
  return new Promise((resolve, reject) => {
    const check = () => {
      const m = /at http:\/\/[^:]+:(\d+)\//.exec(out);
      if (m) resolve({ child, url: `http://127.0.0.1:${m[1]}`, port: Number(m[1]), out: () => out, err: () => err, exited });
    };
    child.stdout!.on('data', check);
    exited.then((code) => reject(new Error(`serve exited ${code ?? `on ${signal}`} before listening: ${err}${out}`)));
  });
}
