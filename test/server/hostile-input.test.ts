// Hostile and oversized input through a real `modeler serve` (a child process, a real socket):
// each case is refused with the error envelope, the limit's code and status, and the project
// tree hashed before and after is unchanged; after each case the server is stopped and started
// again on the same project, and it starts and answers — whatever was left on disk.
import { execFileSync } from 'node:child_process';
import { connect } from 'node:net';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, REPO, tempDir } from '../helpers/cli.js';
import { aliasBomb, latin1Model, manyKeys, treeHash } from '../helpers/hostile.js';
import { req, spawnServe, type Res } from './helpers.js';

type Served = Awaited<ReturnType<typeof spawnServe>>;

function project(files: Record<string, string | Buffer> = {}): string {
  const dir = join(tempDir('modeler-hostile-'), 'project');
  cpSync(EXAMPLE, dir, { recursive: true });
  for (const [rel, text] of Object.entries(files)) { mkdirSync(dirname(join(dir, rel)), { recursive: true }); writeFileSync(join(dir, rel), text); }
  return dir;
}

const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };

/** Serve `dir`, run the case, stop; then start again on the same project: it must start and answer. */
async function servedCase(dir: string, fn: (s: Served, id: string) => Promise<void>, env: Record<string, string> = {}): Promise<void> {
  const s = await spawnServe(['--project-dir', dir, '--port', '0'], env);
  try {
    const id = (await req(s.port, 'GET', '/api/projects')).json.projects[0].id;
    await fn(s, id);
  } finally {
    s.child.kill('SIGTERM');
    await s.exited;
  }
  expect(s.err()).not.toMatch(/^error [0-9a-f]{8} /m); // no 500 was logged
  const again = await spawnServe(['--project-dir', dir, '--port', '0'], env);
  const h = await req(again.port, 'GET', '/api/health');
  expect(h.status).toBe(200);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);
}

/** The request is refused with `status` and `code` in the envelope, and nothing under `dir` changed. */
async function refusedUnchanged(dir: string, send: () => Promise<Res>, status: number, code: string): Promise<Res> {
  const before = treeHash(dir);
  const r = await send();
  expect(r.status, r.text.slice(0, 300)).toBe(status);
  expect(r.json?.error?.code, r.text.slice(0, 300)).toBe(code);
  expect(typeof r.json.error.message).toBe('string');
  expect(treeHash(dir)).toBe(before);
  return r;
}

const post = (s: Served, path: string, body: unknown, headers?: Record<string, string>) => req(s.port, 'POST', path, { body, headers });

/** A raw request line and headers on a socket (for what an HTTP client would not send). */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const c = connect(port, '127.0.0.1', () => c.write(text));
    let out = '';
    c.on('data', (d) => (out += d));
    c.on('end', () => resolve(out));
    c.on('close', () => resolve(out));
    c.on('error', reject);
  });
}

describe('hostile input through the socket: refused, nothing written, and the server starts again', () => {
  it('names up to NAME_MAX are written by the file API and proposals (the temp name no longer grows with them); one byte more is 422 NAME_TOO_LONG', async () => {
    const dir = project();
    await servedCase(dir, async (s, id) => {
      const file = `/api/projects/${id}/file`;
      const name = `models/${'n'.repeat(251)}.sql`; // a 255-byte name
      const w = await post(s, file, { path: name, content: 'select 1 as id\n' });
      expect(w.status, w.text).toBe(201);
      expect((await req(s.port, 'GET', `${file}?path=${encodeURIComponent(name)}`)).json.content).toBe('select 1 as id\n');
      const p = await post(s, '/api/ai/proposals/apply', { projectId: id, changes: [{ op: 'create_file', path: `Modeler/${'p'.repeat(252)}.md`, content: '# x\n', rationale: 'r' }] });
      expect(p.status, p.text).toBe(200);
      const r = await refusedUnchanged(dir, () => post(s, file, { path: `models/${'n'.repeat(252)}.sql`, content: 'select 1' }), 422, 'NAME_TOO_LONG');
      expect(r.json.error.details).toMatchObject({ limit: 'name_length', max: 255 });
      // under the schema's 1,024 characters, over the 1,024-byte limit
      await refusedUnchanged(dir, () => post(s, file, { path: `${`${'é'.repeat(100)}/`.repeat(6)}x.sql`, content: 'select 1' }), 422, 'PATH_TOO_LONG');
      expect(readdirSync(join(dir, '.modeler', 'journal'))).toEqual([]);
    });
  });

  it('leftovers recovery cannot finish never stop a start: rolled back where it can, quarantined under .modeler/, said in the log and /api/health', async () => {
    const dir = project();
    const journal = (id: string, j: unknown) => { mkdirSync(join(dir, '.modeler', 'journal', id), { recursive: true }); writeFileSync(join(dir, '.modeler', 'journal', id, 'journal.json'), typeof j === 'string' ? j : JSON.stringify(j)); };
    const long = `models/${'m'.repeat(250)}.sql`;
    // what the old temp names left: a `preparing` journal whose staged name is over NAME_MAX
    journal('old-long-name', { version: 1, id: 'old-long-name', state: 'preparing', started: 'x', createdDirs: [],
      entries: [{ rel: long, target: long, staged: `models/.${'m'.repeat(250)}.sql.old-long-name.modeler-tmp`, existed: false }] });
    journal('torn', '{"version": 1, "state": "commit');
    // a committing journal: one target restores, the other cannot (its folder is now a file)
    const marts = 'models/marts/_marts.yml';
    const martsBefore = readFileSync(join(dir, marts), 'utf8');
    writeFileSync(join(dir, marts), 'half-applied: true\n');
    mkdirSync(join(dir, '.modeler', 'journal', 'stuck'), { recursive: true });
    writeFileSync(join(dir, '.modeler', 'journal', 'stuck', 'backup-0'), martsBefore);
    writeFileSync(join(dir, '.modeler', 'journal', 'stuck', 'backup-1'), 'gone: true\n');
    writeFileSync(join(dir, 'blocked'), 'a file where a folder was\n');
    journal('stuck', { version: 1, id: 'stuck', state: 'committing', started: 'x', createdDirs: [],
      entries: [{ rel: marts, target: marts, staged: 'models/marts/.stuck-0.modeler-tmp', backup: 'backup-0', existed: true },
        { rel: 'blocked/x.yml', target: 'blocked/x.yml', staged: 'blocked/.stuck-1.modeler-tmp', backup: 'backup-1', existed: true }] });
    await servedCase(dir, async (s) => {
      expect(s.err()).toMatch(/warning: an apply interrupted earlier \(committing\) could not be finished; its journal and backups are in \.modeler\/quarantine\/stuck: blocked\/x\.yml could not be restored/);
      expect(s.err()).toMatch(/warning: an apply interrupted earlier \(unknown\) could not be finished; its journal and backups are in \.modeler\/quarantine\/torn/);
      expect(s.err()).toMatch(/\(preparing\) was cleaned up/);
      const h = (await req(s.port, 'GET', '/api/health')).json;
      const by = Object.fromEntries(h.recovery.map((r: any) => [r.id, r]));
      expect(by['old-long-name']).toMatchObject({ state: 'preparing', outcome: 'cleaned' });
      expect(by.torn).toMatchObject({ outcome: 'quarantined', quarantine: '.modeler/quarantine/torn' });
      expect(by.stuck).toMatchObject({ state: 'committing', outcome: 'quarantined', quarantine: '.modeler/quarantine/stuck' });
      expect(readFileSync(join(dir, marts), 'utf8')).toBe(martsBefore); // what could be rolled back was
      expect(readdirSync(join(dir, '.modeler', 'quarantine', 'stuck')).sort()).toEqual(['backup-0', 'backup-1', 'journal.json', 'quarantine.json']);
      expect(JSON.parse(readFileSync(join(dir, '.modeler', 'quarantine', 'stuck', 'quarantine.json'), 'utf8')).problems[0]).toMatch(/blocked\/x\.yml could not be restored/);
      expect(readdirSync(join(dir, '.modeler', 'journal'))).toEqual([]);
    });
  });

  it('project files the server cannot read (an alias bomb, bytes that are not UTF-8, over 10 MiB, a FIFO) are findings naming them; the server starts', async () => {
    const dir = project({
      'Modeler/bomb.model.yaml': aliasBomb(), 'models/bomb.yml': aliasBomb('version: 2'), 'models/latin1.yml': Buffer.concat([Buffer.from('version: 2\nmodels:\n  - name: caf'), Buffer.from([0xe9]), Buffer.from('\n')]),
      'models/huge.yml': `version: 2\nmodels:\n${'  - name: m\n    description: padding padding padding padding padding padding padding\n'.repeat(150_000)}`,
    });
    execFileSync('mkfifo', [join(dir, 'models', 'pipe.sql')]);
    await servedCase(dir, async (s, id) => {
      const v = (await req(s.port, 'GET', `/api/projects/${id}/validation`)).json;
      const all = [...v.loader.diagnostics, ...v.files.flatMap((f: any) => f.diagnostics)];
      const find = (file: string) => all.find((d: any) => d.file === file && d.severity === 'error');
      expect(find('Modeler/bomb.model.yaml')).toMatchObject({ code: 'YAML_ALIAS_LIMIT', line: 8 });
      expect(find('models/bomb.yml')).toMatchObject({ code: 'YAML_ALIAS_LIMIT', line: 8 });
      expect(find('models/latin1.yml')).toMatchObject({ code: 'INVALID_UTF8', line: 3, column: 14 });
      expect(find('models/huge.yml')).toMatchObject({ code: 'FILE_TOO_LARGE' });
      const file = `/api/projects/${id}/file?path=`;
      await refusedUnchanged(dir, () => req(s.port, 'GET', `${file}models/pipe.sql`), 422, 'NOT_A_FILE');
      const bad = await refusedUnchanged(dir, () => req(s.port, 'GET', `${file}models/latin1.yml`), 422, 'INVALID_UTF8');
      expect(bad.json.error.details.location).toEqual({ file: 'models/latin1.yml', line: 3, column: 14 });
      await refusedUnchanged(dir, () => req(s.port, 'GET', `${file}models/huge.yml`), 413, 'FILE_TOO_LARGE');
      const v2 = await post(s, '/api/ai/proposals/validate', { projectId: id, changes: [{ op: 'update_file', path: 'models/pipe.sql', content: 'select 1', rationale: 'r' }] });
      expect(v2.json.results[0]).toMatchObject({ valid: false, code: 'NOT_A_FILE' });
    });
  });

  it('writes and proposals holding an alias bomb, too-deep JSON, too much content: the limit\'s code and status, nothing written', async () => {
    const dir = project({ 'Modeler/v1.model.yaml': readFileSync(join(REPO, 'examples', 'shop', 'v1.model.yaml'), 'utf8') });
    await servedCase(dir, async (s, id) => {
      const file = `/api/projects/${id}/file`;
      const bomb = await refusedUnchanged(dir, () => post(s, file, { path: 'models/bomb.yml', content: aliasBomb('version: 2') }), 422, 'YAML_ALIAS_LIMIT');
      expect(bomb.json.error.details).toMatchObject({ limit: 'yaml_alias_expansion', location: { file: 'models/bomb.yml', line: 8 } });
      const changes = [{ op: 'create_file', path: 'Modeler/bomb.model.yaml', content: aliasBomb(), rationale: 'r' }];
      const v = await post(s, '/api/ai/proposals/validate', { projectId: id, changes });
      expect(v.json.results[0]).toMatchObject({ valid: false, code: 'YAML_ALIAS_LIMIT', location: { file: 'Modeler/bomb.model.yaml', line: 8 } });
      await refusedUnchanged(dir, () => post(s, '/api/ai/proposals/apply', { projectId: id, changes }), 422, 'PROPOSAL_INVALID');
      const keys = await refusedUnchanged(dir, () => post(s, file, { path: 'Modeler/keys.model.yaml', content: manyKeys(40_000) }), 422, 'TOO_MANY_KEYS');
      expect(keys.json.error.details.location).toMatchObject({ file: 'Modeler/keys.model.yaml' });
      // a patch value nested 10,000 deep (written as text: JSON.stringify itself would overflow the stack)
      const deep = `{"projectId": "${id}", "changes": [{"op": "patch_yaml", "path": "models/marts/_marts.yml", "rationale": "r", "patch": [{"op": "add", "path": "/models/0/meta", "value": {"deep": ${'['.repeat(10_000)}1${']'.repeat(10_000)}}}]}]}`;
      const d = await refusedUnchanged(dir, () => req(s.port, 'POST', '/api/ai/proposals/apply', { raw: deep, headers: { 'content-type': 'application/json' } }), 422, 'NESTING_TOO_DEEP');
      expect(d.json.error.details).toMatchObject({ limit: 'nesting_depth', max: 100 });
      const big = await refusedUnchanged(dir, () => post(s, file, { path: 'models/big.sql', content: 'x'.repeat(11 * 1024 * 1024) }), 413, 'FILE_TOO_LARGE');
      expect(big.json.error.details).toMatchObject({ limit: 'file_size', max: 10 * 1024 * 1024 });
      const body = await refusedUnchanged(dir, () => post(s, file, { path: 'models/big.sql', content: 'x'.repeat(33 * 1024 * 1024) }), 413, 'BODY_TOO_LARGE');
      expect(body.json.error.details).toMatchObject({ limit: 'request_body_content', max: 32 * 1024 * 1024 });
      const small = await refusedUnchanged(dir, () => post(s, '/api/ai/context/preview', { projectId: id, message: 'x'.repeat(2 * 1024 * 1024) }), 413, 'BODY_TOO_LARGE');
      expect(small.json.error.details).toMatchObject({ limit: 'request_body', max: 1024 * 1024 });
      await refusedUnchanged(dir, () => post(s, '/api/forward/generate-sql', { model_path: 'Modeler/v1.model.yaml', dialect: 'postgres', out: 'models' }), 409, 'CONFLICT');
    });
  }, 120_000);

  it('names git or the OS would choke on are 400 with a code; git still commits afterwards; a git path through a symlink into .git/ is 400 PATH_ESCAPE', async () => {
    const dir = project();
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '-A'], { cwd: dir });
    execFileSync('git', ['commit', '-qm', 'init'], { cwd: dir, env: { ...process.env, ...GIT_ENV } });
    symlinkSync(join(dir, '.git'), join(dir, 'gitlink'));
    await servedCase(dir, async (s, id) => {
      const file = `/api/projects/${id}/file`;
      for (const p of ['.git./config', '.git /config', '.GIT/config', 'GIT~1/config', '.git::$INDEX_ALLOCATION/config', '.g\u200cit/config', 'models/.modeler./x.yml']) {
        await refusedUnchanged(dir, () => post(s, file, { path: p, content: '[core]\n' }), 400, 'PATH_ESCAPE');
      }
      for (const p of ['models/a\r\nb.sql', 'models/a\u001b[31m.sql', 'models/trailing./x.sql', 'models/x.sql ']) {
        await refusedUnchanged(dir, () => post(s, file, { path: p, content: 'select 1' }), 400, 'NAME_INVALID');
      }
      await refusedUnchanged(dir, () => req(s.port, 'GET', `/api/git/diff?projectId=${id}&path=gitlink/config`), 400, 'PATH_ESCAPE');
      expect((await post(s, file, { path: 'models/ok.sql', content: 'select 1 as id\n' })).status).toBe(201);
      const c = await post(s, '/api/git/commit', { projectId: id, message: 'ok', paths: ['models/ok.sql'] });
      expect(c.status, c.text).toBe(200);
    }, GIT_ENV);
  });

  it('policy packs stay in the project: modeler/<name> is a name, and extends outside the project is refused with one answer whether or not the file exists', async () => {
    const dir = project({ 'Modeler/v1.model.yaml': readFileSync(join(REPO, 'examples', 'shop', 'v1.model.yaml'), 'utf8'), 'Modeler/v2.model.yaml': readFileSync(join(REPO, 'examples', 'shop', 'v2.model.yaml'), 'utf8') });
    writeFileSync(join(dirname(dir), 'outside.policy.yaml'), 'pack: {name: outside, version: 1.0.0}\nrules: []\n');
    const pack = (name: string, ext: string) => writeFileSync(join(dir, `${name}.policy.yaml`), `pack:\n  name: ${name}\n  version: 1.0.0\n  extends: ${ext}\nrules: []\n`);
    pack('exists', '../outside.policy.yaml');
    pack('missing', '../missing.policy.yaml');
    pack('passwd', '/etc/passwd');
    await servedCase(dir, async (s) => {
      const apply = (policy_pack: string) => post(s, '/api/forward/apply', { old_model: 'Modeler/v1.model.yaml', new_model: 'Modeler/v2.model.yaml', connector: 'duckdb', path: 'w.duckdb', dry_run: true, policy_pack });
      const answers: string[] = [];
      for (const name of ['exists', 'missing', 'passwd']) {
        const r = await refusedUnchanged(dir, () => apply(`${name}.policy.yaml`), 422, 'POLICY_FAILED');
        expect(r.json.error.message).toMatch(/is refused: it is not inside the project/);
        answers.push(r.json.error.message.replaceAll(name, 'X').replace(/base pack '[^']*'/, "base pack '…'"));
      }
      expect(new Set(answers).size).toBe(1);
      const named = await refusedUnchanged(dir, () => apply('modeler/../../../../etc/passwd'), 400, 'BAD_REQUEST');
      expect(named.json.error.message).toMatch(/policy pack not found: modeler\/\.\.\/\.\.\/\.\.\/\.\.\/etc\/passwd \(bundled packs:/);
    }, { DM_ENABLE_DIRECT_APPLY: 'true' });
  });

  it('the HTTP layer answers the envelope too: 404, 405 (TRACE, with Allow), 414, 415, 431, and bodies that are not UTF-8', async () => {
    const dir = project();
    await servedCase(dir, async (s, id) => {
      const t = await refusedUnchanged(dir, () => req(s.port, 'TRACE', '/api/projects'), 405, 'METHOD_NOT_ALLOWED');
      expect(t.headers.allow).toBe('GET, HEAD');
      await refusedUnchanged(dir, () => req(s.port, 'DELETE', '/api/health', { body: {} }), 405, 'METHOD_NOT_ALLOWED');
      await refusedUnchanged(dir, () => req(s.port, 'GET', '/api/nope'), 404, 'ROUTE_NOT_FOUND');
      const long = await refusedUnchanged(dir, () => req(s.port, 'GET', `/api/projects/${id}/file?path=${'a'.repeat(9000)}`), 414, 'URL_TOO_LONG');
      expect(long.json.error.details).toMatchObject({ limit: 'url_length', max: 8192 });
      await refusedUnchanged(dir, () => req(s.port, 'POST', `/api/projects/${id}/file`, { raw: 'x', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
      const big = await raw(s.port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${s.port}\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.slice(big.indexOf('\r\n\r\n') + 4)).error).toMatchObject({ code: 'HEADERS_TOO_LARGE', details: { limit: 'header_size' } });
      const latin1 = Buffer.concat([Buffer.from('{"path": "models/caf'), Buffer.from([0xe9]), Buffer.from('.sql", "content": "select 1"}')]);
      await refusedUnchanged(dir, () => req(s.port, 'POST', `/api/projects/${id}/file`, { raw: latin1, headers: { 'content-type': 'application/json' } }), 400, 'INVALID_UTF8');
      await refusedUnchanged(dir, () => req(s.port, 'POST', `/api/projects/${id}/file`, { raw: '{"path": "models/x.sql", "content": "select \\ud800"}', headers: { 'content-type': 'application/json' } }), 400, 'INVALID_UTF8');
    });
  });

  it('a file with 40,000 keys dropped into the watched project: the server keeps answering and reports it', async () => {
    const dir = project();
    await servedCase(dir, async (s, id) => {
      writeFileSync(join(dir, 'models', 'dropped.yml'), `version: 2\nmodels:\n  - name: x\n    meta:\n${Array.from({ length: 40_000 }, (_, i) => `      k${i}: ${i}\n`).join('')}`);
      let found: any;
      const end = Date.now() + 30_000;
      while (!found && Date.now() < end) {
        const h = await req(s.port, 'GET', '/api/health');
        expect(h.status).toBe(200);
        const v = (await req(s.port, 'GET', `/api/projects/${id}/validation`)).json;
        found = v.loader.diagnostics.find((d: any) => d.file === 'models/dropped.yml');
        if (!found) await new Promise((r) => setTimeout(r, 200));
      }
      expect(found).toMatchObject({ code: 'TOO_MANY_KEYS', severity: 'error' });
    });
  });
});
