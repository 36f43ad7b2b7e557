// Start and stop a server: pick the project (--project-dir, else the dbt project in `.` or the
// nearest folder above holding dbt_project.yml, as dbt finds it; only where there is none, the
// writable copy of the example), take its serve lock, recover an interrupted apply, listen, open
// the browser, and shut down cleanly — children included — on Ctrl-C or SIGTERM.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { acquireServeLock, dbtProjectDir, ensureRuntimeDir, exampleCopy, findDbtProject, packageExample, refuseUnknownTarget, UserError, type ReadOptions } from '../api.js';
import { buildApp } from './app.js';
import { ProjectSession } from './session.js';

export interface StartOptions {
  projectDir?: string;
  /** dbt's --vars, --profiles-dir and --target for reading the project, as every command that reads one takes them */
  read?: ReadOptions;
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
  const dir = pickProject(o);
  refuseUnknownTarget(dir, o.read ?? {}); // before the lock: nothing is taken or written for a refused start
  const shownHost = o.host.includes(':') ? `[${o.host}]` : o.host;
  const url = `http://${shownHost}:${o.port}/`;
  const release = acquireServeLock(dir, { url });
  let session: ProjectSession | undefined;
  const children = new Set<ChildProcess>();
  try {
    ensureRuntimeDir(dir);
    session = new ProjectSession(dir, { log: o.verbose ? o.log : () => {}, read: o.read });
    for (const r of session.recovered) {
      if (r.outcome === 'quarantined') o.log(`modeler serve: warning: an apply interrupted earlier (${r.state}) could not be finished${r.quarantine ? `; its journal and backups are in ${r.quarantine}` : ''}: ${(r.problems ?? []).join('; ')}${r.files.length ? ` (files: ${r.files.join(', ')})` : ''}`);
      else o.log(`modeler serve: an apply interrupted earlier (${r.state}) was ${r.outcome === 'rolled_back' ? 'rolled back' : 'cleaned up'}; its files are as they were before it: ${r.files.join(', ')}`);
    }
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

/** The folder to serve, said on stdout when it was not given. */
function pickProject(o: StartOptions): string {
  const found = o.projectDir !== undefined ? resolve(dbtProjectDir(o.projectDir)) : findDbtProject(process.cwd());
  const example = found === undefined ? 'jaffle_shop' : packageExample(found);
  if (found !== undefined && example === undefined) {
    if (o.projectDir === undefined) o.say(`modeler serve: serving the dbt project at ${found} (found from ${process.cwd()}; pass --project-dir DIR to serve another)`);
    return found;
  }
  const copy = exampleCopy(process.env, example);
  o.say(found === undefined
    ? `modeler serve: no dbt project here (no dbt_project.yml in ${process.cwd()} or above it), so serving a writable copy of the example project ${copy.created ? 'made now' : 'made earlier'} at ${copy.dir} (your changes stay there; run it in your dbt project, or pass --project-dir DIR)`
    : `modeler serve: ${found} is part of the modeler package, which is never written; serving a writable copy of it ${copy.created ? 'made now' : 'made earlier'} at ${copy.dir}`);
  return copy.dir;
}

function openBrowser(url: string, log: (l: string) => void): ChildProcess {
  const [cmd, args] = process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  const child = spawn(cmd, args, { stdio: 'ignore' });
  child.on('error', () => log(`modeler serve: could not open a browser (${cmd}); open ${url} yourself`));
  return child;
}
