// The resident index: a process that keeps one project read and indexed in memory between CLI
// calls (`modeler ai search`, `modeler ask` with the Local provider), as the MCP server does for
// its client. A call after files changed costs it the update of those files (tens of
// milliseconds), where a new process must read the whole project again (seconds at 10,000
// models). It is started by a call on a big project (client.ts), listens on a socket only its
// user can open (address.ts), brings itself up to date with the disk before each answer, refuses
// a call it cannot answer as that call would answer itself (another environment, profiles.yml or
// packages changed) and ends after a while without calls.
import { chmodSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { dirname, resolve } from 'node:path';
import { DiskStamps } from '../../core/disk-stamps.js';
import { UserError } from '../../core/diagnostics.js';
import { firstChange, stampFiles, stampsHold } from '../../core/file-stamps.js';
import { writeFileAtomic } from '../../core/fs-atomic.js';
import { readSettings, type ReadOptions } from '../../core/project/settings.js';
import { unreadableFileNote } from '../../core/project/unreadable.js';
import { SKIP_DIRS, walkProject } from '../../core/project/walk.js';
import { initSqlColumns } from '../../core/sql-columns/query-shape.js';
import { ask, previewIndex } from '../ask.js';
import { buildForResident, packagePaths, profilesFile, watchEnv } from '../index/index-cache.js';
import { ProviderError } from '../providers/types.js';
import { AssistantSession } from '../session.js';
import { envHashOf, residentIdleMs, unsafeSocketFolder, type ResidentAddress, type ResidentKind } from './address.js';
import { liveResident, readLine, type ResidentReply, type ResidentRequest } from './wire.js';

export interface ResidentInfo { pid: number; key: string; env: string[]; kind: ResidentKind; root: string }

/** Run the resident for `dir` until it has been idle long enough (or is told to stop). */
export async function runResident(addr: ResidentAddress, read: ReadOptions, kind: ResidentKind, opts: { keep?: boolean } = {}): Promise<void> {
  // one per address: a second start (two calls at once) leaves the first to answer
  if (liveResident(addr)) { rmSync(addr.starting, { force: true }); return; }
  if (process.platform !== 'win32') {
    mkdirSync(dirname(addr.socket), { recursive: true, mode: 0o700 });
    const unsafe = unsafeSocketFolder(addr);
    if (unsafe) throw new UserError(`the resident index does not listen there: ${unsafe}`, 1, 'AI_RESIDENT_FAILED');
  }
  const root = addr.root;
  await initSqlColumns(); // both kinds index the columns models' SQL returns, as a call building the index itself does
  const settings = readSettings(root, read, { filesRead: 0 });
  const skip = (rel: string) => rel.split('/').some((s) => SKIP_DIRS.has(s));
  // stamped before the read: a file changed while it is read is read again at the first call
  const walked = walkProject(root, settings);
  const disk = new DiskStamps(root, walked.files, skip, walked.dirs);
  const profilesPath = profilesFile(root, read);
  const profiles = stampFiles(root, [profilesPath]);
  const packages = stampFiles(root, packagePaths(root, settings.packagesInstallPath));
  // read and indexed as a first call does (and kept as it would keep it, below, when the call that started this left it to us)
  const built = buildForResident(root, read, kind);
  const names = built.envNames;
  const session = new AssistantSession(built.project, { index: built.index });
  const envHash = envHashOf(names);

  /** Why this resident cannot answer the call as the call would answer itself; `fatal`: nor any later call. */
  const refusal = (req: ResidentRequest): { why: string; fatal?: boolean } | undefined => {
    if (req.key !== addr.key) return { why: 'another project, option set or version' };
    if (req.envHash !== envHash) return { why: 'an environment variable the read uses differs' };
    if (resolve(profilesFile(root, read, req.cwd)) !== resolve(profilesPath)) return { why: 'another profiles.yml is found from the calling folder' };
    if (!stampsHold(root, profiles, [profilesPath])) return { why: 'profiles.yml changed', fatal: true };
    if (firstChange(root, packages, packagePaths(root, settings.packagesInstallPath)) !== undefined) return { why: 'the installed packages changed', fatal: true };
    return undefined;
  };

  /** The project brought up to date with the disk: the files changed since the last call read again and indexed. */
  const sync = (): { fatal?: string } => {
    const changed = disk.changes();
    if (!changed.length) return {};
    const seen = watchEnv(() => session.filesChanged(changed)).names;
    // a read that now looks at another variable (a new env_var()) is trusted by no call's stamps: the next call starts afresh
    if (seen.some((n) => !names.includes(n))) return { fatal: 'the project now reads another environment variable' };
    return {};
  };

  const answer = async (req: ResidentRequest, send: (r: ResidentReply) => void): Promise<boolean> => {
    // `ai stop` from any environment: the key says it is this project's
    if (req.op === 'stop' && req.key === addr.key) { send({ ok: true, result: { pid: process.pid } }); return false; }
    const no = refusal(req);
    if (no) { send({ refused: no.why }); return !no.fatal; }
    const s = sync();
    if (s.fatal) { send({ refused: s.fatal }); return false; }
    session.refreshMemory();
    try {
      if (req.op === 'search') {
        const r = previewIndex(session.index, session.project.skills, { message: req.query ?? '', limit: req.limit, field: 'query' });
        send({ ok: true, result: r.sources });
      } else {
        for (const n of unreadableFileNote(session.project, 'this answer')) send({ warn: n });
        const result = await ask(session, { message: req.message ?? '', provider: { kind: 'local' }, chatId: req.chatId }, req.stream ? { onDelta: (t) => send({ delta: t }) } : {});
        send({ ok: true, result });
      }
    } catch (e) {
      if (e instanceof ProviderError) send({ error: { message: `${e.code}: ${e.message}`, exitCode: 1, code: e.code } });
      else if (e instanceof UserError) send({ error: { message: e.message, exitCode: e.exitCode, code: e.code } });
      else send({ error: { message: `internal error: ${String((e as Error)?.message ?? e).split('\n')[0]}`, exitCode: 70, code: 'AI_RESIDENT_FAILED' } });
    }
    return true;
  };

  let idle: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const server = createServer((conn: Socket) => {
    clearTimeout(idle);
    // at once, before the calls ahead of it are answered: the caller knows this process runs
    conn.write(`${JSON.stringify({ accepted: true } satisfies ResidentReply)}\n`);
    readLine(conn).then((line) => {
      // one call at a time: the project and its index are one state
      queue = queue.then(async () => {
        const send = (r: ResidentReply) => { if (!conn.destroyed) conn.write(`${JSON.stringify(r)}\n`); };
        let req: ResidentRequest;
        try { req = JSON.parse(line) as ResidentRequest; } catch { send({ refused: 'a call this resident does not read' }); conn.end(); return; }
        const goOn = await answer(req, send);
        conn.end();
        if (goOn) rest(); else stop();
      });
    }, () => { conn.destroy(); rest(); }); // gone before it asked (a Ctrl-C): the idle time runs again
  });
  const rest = () => { clearTimeout(idle); idle = setTimeout(stop, residentIdleMs()); };
  let stopped: () => void = () => {};
  const done = new Promise<void>((r) => { stopped = r; });
  function stop(): void {
    clearTimeout(idle);
    server.close();
    // the info file is removed only while it is this process's (a newer resident may have replaced it)
    try { if ((JSON.parse(readFileSync(addr.info, 'utf8')) as ResidentInfo).pid === process.pid) rmSync(addr.info, { force: true }); } catch { /* gone */ }
    if (process.platform !== 'win32') rmSync(addr.socket, { force: true });
    stopped();
  }

  if (process.platform !== 'win32') {
    // a socket left by a resident that did not end cleanly (no live one answers: checked above)
    rmSync(addr.socket, { force: true });
  }
  await new Promise<void>((ok, fail) => { server.once('error', fail); server.listen(addr.socket, () => { server.off('error', fail); ok(); }); });
  if (process.platform !== 'win32') chmodSync(addr.socket, 0o600);
  mkdirSync(dirname(addr.info), { recursive: true, mode: 0o700 });
  writeFileAtomic(addr.info, JSON.stringify({ pid: process.pid, key: addr.key, env: names, kind, root } satisfies ResidentInfo));
  rmSync(addr.starting, { force: true });
  // written before any call is answered (an answer or an update would change what it holds); a
  // call arriving meanwhile waits for it, where without the info file above it would build on its own
  if (opts.keep) built.keep?.();
  for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.once(sig, stop);
  rest();
  await done;
}
