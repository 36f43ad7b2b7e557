// Start and stop a server: pick the project (or the writable example copy), take its serve lock,
// recover an interrupted apply, listen, open the browser, and shut down cleanly — children
// included — on Ctrl-C or SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { acquireServeLock, ensureRuntimeIgnored, exampleCopy, UserError } from '../api.js';
import { buildApp } from './app.js';
import { ProjectSession } from './session.js';

export interface StartOptions {
  projectDir?: string;
  port: number;
  host: string;
  open: boolean;
  verbose?: boolean;
  /** one line for the user (stdout) */
  say: (line: string) => void;
  /** log lines (stderr) */
  log: (line: string) => void;
}

export interface Running { url: string; stopped: Promise<void>; stop(): Promise<void> }

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export async function startServer(o: StartOptions): Promise<Running> {
  let dir: string;
  if (o.projectDir !== undefined) {
    dir = resolve(o.projectDir);
    let st;
    try { st = statSync(dir); } catch { throw new UserError(`project directory not found: ${o.projectDir}`); }
    if (!st.isDirectory()) throw new UserError(`not a directory: ${o.projectDir}`);
  } else {
    const copy = exampleCopy();
    dir = copy.dir;
    o.say(`modeler serve: no --project-dir, so serving a writable copy of the example project ${copy.created ? 'made now' : 'made earlier'} at ${dir} (your changes stay there; pass --project-dir DIR to serve your own project)`);
  }
  const shownHost = o.host.includes(':') ? `[${o.host}]` : o.host;
  const url = `http://${shownHost}:${o.port}/`;
  const release = acquireServeLock(dir, { url });
  let session: ProjectSession | undefined;
  const children = new Set<ChildProcess>();
  try {
    if (ensureRuntimeIgnored(dir)) o.say('modeler serve: added .modeler/ (runtime state) to the project\'s .gitignore');
    session = new ProjectSession(dir, { log: o.verbose ? o.log : () => {} });
    for (const r of session.recovered) o.log(`modeler serve: an apply interrupted earlier (${r.state}) was ${r.state === 'committing' ? 'rolled back' : 'cleaned up'}; its files are as they were before it: ${r.files.join(', ')}`);
    const app = await buildApp(session, { host: o.host, port: o.port, log: (l) => (o.verbose || l.startsWith('error ') ? o.log(l) : undefined) });
    try {
      await app.listen({ host: o.host, port: o.port });
    } catch (e: any) {
      await app.close();
      if (e?.code === 'EADDRINUSE') throw new UserError(`port ${o.port} is already in use on ${o.host}; pass another one with --port (e.g. --port ${o.port + 1})`, 1, 'PORT_IN_USE');
      if (e?.code === 'EADDRNOTAVAIL' || e?.code === 'ENOTFOUND') throw new UserError(`cannot listen on --host ${o.host}: not an address of this machine`, 1, 'HOST_UNAVAILABLE');
      if (e?.code === 'EACCES') throw new UserError(`port ${o.port} needs privileges on this system; choose one above 1023 with --port`, 1, 'PORT_DENIED');
      throw e;
    }
    const port = (app.server.address() as { port: number }).port;
    const realUrl = `http://${shownHost}:${port}/`;
    acquireServeLock(dir, { url: realUrl }); // the lock names the port really used (--port 0)
    if (!LOOPBACK.has(o.host)) o.log(`modeler serve: warning: listening on ${o.host}, not only this machine; anyone who can reach it can read and write ${dir} (there is no login)`);
    let done!: () => void;
    const stopped = new Promise<void>((r) => (done = r));
    let stopping: Promise<void> | undefined;
    const stop = () => (stopping ??= (async () => {
      session!.close();
      await app.close();
      for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
      release();
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      done();
    })());
    const onSignal = () => { o.log('modeler serve: stopping'); void stop(); };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
    // said only now: whoever reads the URL may stop the server at once
    o.say(`modeler serve: ${session.name} (${dir}) at ${realUrl}  — Ctrl-C stops`);
    if (o.open) children.add(openBrowser(realUrl, o.log));
    return { url: realUrl, stopped, stop };
  } catch (e) {
    session?.close();
    release();
    throw e;
  }
}

function openBrowser(url: string, log: (l: string) => void): ChildProcess {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args, { stdio: 'ignore' });
  child.on('error', () => log(`modeler serve: could not open a browser (${cmd}); open ${url} yourself`));
  return child;
}
