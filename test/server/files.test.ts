// The Explorer's and editor's file endpoints over a real socket, and a path-escape fuzz: no
// request reads or writes anything outside the project, however the path is spelled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
let outside: string;
const SENTINEL = 'outside the project — must never be read or changed\n';
beforeAll(async () => {
  s = await startTestServer();
  outside = join(dirname(s.root), 'outside');
  mkdirSync(outside);
  writeFileSync(join(outside, 'secret.txt'), SENTINEL);
  mkdirSync(join(s.root, '.git'));
  writeFileSync(join(s.root, '.git', 'config'), '[core]\n');
  symlinkSync(outside, join(s.root, 'models', 'link-out'));
  symlinkSync(join(outside, 'secret.txt'), join(s.root, 'secret-link.txt'));
  symlinkSync(join(s.root, '.git'), join(s.root, 'gitlink'));
  symlinkSync(join(outside, 'does-not-exist.txt'), join(s.root, 'dangling.txt'));
  fileApi = `/api/projects/${s.id}/file`;
});
afterAll(async () => { await s.close(); });

const file = (path: string) => `/api/projects/${s.id}/file?path=${encodeURIComponent(path)}`;
let fileApi = '';

describe('files', () => {
  it('lists every file with its kind and layer', async () => {
    const r = await req(s.port, 'GET', `/api/projects/${s.id}/files`);
    expect(r.status).toBe(200);
    const byPath = new Map(r.json.files.map((f: any) => [f.path, f]));
    expect(byPath.get('models/staging/shop/_shop__models.yml')).toEqual({ path: 'models/staging/shop/_shop__models.yml', kind: 'dbt_yaml', layer: 'stg' });
    expect(byPath.get('models/marts/orders.sql')).toMatchObject({ kind: 'sql', layer: 'mart' });
    expect(byPath.get('Modeler/glossary/commerce.glossary.yaml')).toMatchObject({ kind: 'modeler_model' });
    expect(byPath.get('dbt_project.yml')).toMatchObject({ kind: 'dbt_project' });
    expect([...byPath.keys()].some((p: any) => p.startsWith('.git/'))).toBe(false);
  });

  it('reads a file with its ETag, writes it back with If-Match, and refuses a stale ETag with 409 CONFLICT', async () => {
    const path = 'models/marts/_marts.yml';
    const r = await req(s.port, 'GET', file(path));
    expect(r.status).toBe(200);
    expect(r.json.content).toBe(readFileSync(join(s.root, path), 'utf8'));
    expect(r.headers.etag).toBe(r.json.etag);
    const edited = r.json.content.replace('version: 2', 'version: 2 # edited');
    const w = await req(s.port, 'PUT', fileApi, { body: { path, content: edited }, headers: { 'if-match': r.json.etag } });
    expect(w.status).toBe(200);
    expect(readFileSync(join(s.root, path), 'utf8')).toBe(edited);
    expect(w.json.etag).not.toBe(r.json.etag);
    const stale = await req(s.port, 'PUT', fileApi, { body: { path, content: 'version: 2\n' }, headers: { 'if-match': r.json.etag } });
    expect(stale.status).toBe(409);
    expect(stale.json.error.code).toBe('CONFLICT');
    expect(stale.json.error.details.etag).toBe(w.json.etag);
    expect(readFileSync(join(s.root, path), 'utf8')).toBe(edited);
  });

  it('a replace without If-Match is 428 IF_MATCH_REQUIRED (it could overwrite a change it has not seen); If-Match: * replaces whatever is there', async () => {
    const path = 'dbt_project.yml';
    const before = readFileSync(join(s.root, path), 'utf8');
    const r = await req(s.port, 'PUT', fileApi, { body: { path, content: 'overwritten: true\n' } });
    expect(r.status).toBe(428);
    expect(r.json.error.code).toBe('IF_MATCH_REQUIRED');
    expect(readFileSync(join(s.root, path), 'utf8')).toBe(before);
    const star = await req(s.port, 'PUT', fileApi, { body: { path, content: before }, headers: { 'if-match': '*' } });
    expect(star.status).toBe(200);
  });

  it('parses YAML before writing: 422 YAML_INVALID with the line, and the file unchanged', async () => {
    const path = 'models/staging/shop/_shop__models.yml';
    const before = readFileSync(join(s.root, path), 'utf8');
    const r = await req(s.port, 'PUT', fileApi, { body: { path, content: 'version: 2\nmodels:\n  - name: x\n   bad: indent\n' }, headers: { 'if-match': '*' } });
    expect(r.status).toBe(422);
    expect(r.json.error.code).toBe('YAML_INVALID');
    expect(r.json.error.details.location).toMatchObject({ file: path, line: 4 });
    expect(readFileSync(join(s.root, path), 'utf8')).toBe(before);
  });

  it('creates (201, 409 when it exists), renames and deletes', async () => {
    const c = await req(s.port, 'POST', fileApi, { body: { path: 'Modeler/notes/new.md', content: '# notes\n' } });
    expect(c.status).toBe(201);
    expect(readFileSync(join(s.root, 'Modeler/notes/new.md'), 'utf8')).toBe('# notes\n');
    expect((await req(s.port, 'POST', fileApi, { body: { path: 'Modeler/notes/new.md', content: 'x' } })).status).toBe(409);
    const m = await req(s.port, 'POST', `${fileApi}/rename`, { body: { path: 'Modeler/notes/new.md', to: 'Modeler/notes/renamed.md' } });
    expect(m.status).toBe(200);
    expect(m.json).toMatchObject({ path: 'Modeler/notes/renamed.md', from: 'Modeler/notes/new.md' });
    expect(existsSync(join(s.root, 'Modeler/notes/new.md'))).toBe(false);
    expect(readFileSync(join(s.root, 'Modeler/notes/renamed.md'), 'utf8')).toBe('# notes\n');
    const d = await req(s.port, 'DELETE', fileApi, { body: { path: 'Modeler/notes/renamed.md' } });
    expect(d.status).toBe(200);
    expect(existsSync(join(s.root, 'Modeler/notes/renamed.md'))).toBe(false);
    expect((await req(s.port, 'DELETE', fileApi, { body: { path: 'Modeler/notes/renamed.md' } })).status).toBe(404);
    expect((await req(s.port, 'GET', file('nope.yml'))).json.error.code).toBe('NOT_FOUND');
    // the served project follows: the list no longer has it
    const list = await req(s.port, 'GET', `/api/projects/${s.id}/files`);
    expect(list.json.files.some((f: any) => f.path.startsWith('Modeler/notes/'))).toBe(false);
  });

  it('keeps no temp files or journals behind', async () => {
    const all: string[] = [];
    const walk = (d: string) => { for (const e of readdirSync(d, { withFileTypes: true })) { if (e.isDirectory() && !e.isSymbolicLink()) walk(join(d, e.name)); else all.push(join(d, e.name)); } };
    walk(s.root);
    expect(all.filter((f) => /modeler-tmp|modeler-restore|\.tmp$/.test(f))).toEqual([]);
    expect(existsSync(join(s.root, '.modeler', 'journal')) ? readdirSync(join(s.root, '.modeler', 'journal')) : []).toEqual([]);
  });
});

describe('path-escape fuzz: nothing read or written outside the project', () => {
  // spellings of "outside" (before the query string is decoded once by the server)
  const ESCAPES = [
    '../outside/secret.txt', '..%2Foutside%2Fsecret.txt', '%2e%2e/outside/secret.txt', '%2E%2E%2Foutside%2Fsecret.txt',
    'models/../../outside/secret.txt', './../outside/secret.txt', '/etc/passwd', '%2Fetc%2Fpasswd', '//etc/passwd',
    'C:/Windows/win.ini', 'C:%5CWindows%5Cwin.ini', '..%5Coutside%5Csecret.txt', 'models\\..\\..\\outside\\secret.txt',
    'dbt_project.yml%00.txt', '%00', 'models/%00/../x', '~/.ssh/id_rsa', 'models/link-out/secret.txt', 'secret-link.txt',
    '.git/config', '.GIT/config', 'models/../.git/config', 'gitlink/config', '.modeler/serve.lock', 'dangling.txt', '..', '.', '',
  ];

  it('GET refuses every spelling with 400 PATH_ESCAPE (or 404 for a name that is only strange)', async () => {
    for (const p of ESCAPES) {
      const r = await req(s.port, 'GET', `/api/projects/${s.id}/file?path=${p}`);
      expect([400, 404], p).toContain(r.status);
      if (r.status === 400) expect(['PATH_ESCAPE', 'BAD_REQUEST'], p).toContain(r.json.error.code);
      expect(r.text, p).not.toContain('must never be read');
      expect(r.text, p).not.toContain('root:');
      expect(r.text, p).not.toContain('[core]');
    }
  });

  it('writes, creates, renames, deletes and proposals refuse them too; outside stays as it was', async () => {
    const bodies: [string, string, unknown, Record<string, string>?][] = [];
    for (const raw of ESCAPES) {
      let p: string;
      try { p = decodeURIComponent(raw); } catch { p = raw; }
      bodies.push(['PUT', fileApi, { path: p, content: 'pwned' }, { 'if-match': '*' }]);
      bodies.push(['POST', fileApi, { path: p, content: 'pwned' }]);
      bodies.push(['POST', `${fileApi}/rename`, { path: 'README-missing.md', to: p }]);
      bodies.push(['POST', `${fileApi}/rename`, { path: p, to: 'stolen.txt' }]);
      bodies.push(['DELETE', fileApi, { path: p }]);
      bodies.push(['POST', '/api/ai/proposals/apply', { projectId: s.id, changes: [{ op: 'create_file', path: p, content: 'pwned', rationale: 'r' }] }]);
      bodies.push(['POST', '/api/ai/proposals/apply', { projectId: s.id, changes: [{ op: 'update_file', path: p, content: 'pwned', rationale: 'r' }] }]);
      bodies.push(['POST', '/api/ai/proposals/apply', { projectId: s.id, changes: [{ op: 'rename_file', path: 'dbt_project.yml', to: p, rationale: 'r' }] }]);
      bodies.push(['POST', '/api/forward/generate-sql', { model_path: p, dialect: 'postgres' }]);
    }
    for (const [method, url, body, headers] of bodies) {
      const r = await req(s.port, method, url, { body, headers });
      expect(r.status, `${method} ${url} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(r.text).not.toContain('must never be read');
    }
    expect(readdirSync(outside).sort()).toEqual(['secret.txt']);
    expect(readFileSync(join(outside, 'secret.txt'), 'utf8')).toBe(SENTINEL);
    expect(readFileSync(join(s.root, '.git', 'config'), 'utf8')).toBe('[core]\n');
    expect(existsSync(join(s.root, 'stolen.txt'))).toBe(false);
    expect(statSync(join(s.root, 'dbt_project.yml')).isFile()).toBe(true);
    expect(existsSync(join(outside, 'does-not-exist.txt'))).toBe(false);
  });

  it('a proposal with an escaping change is refused as a whole with 400 PATH_ESCAPE', async () => {
    const r = await req(s.port, 'POST', '/api/ai/proposals/apply', { body: { projectId: s.id, changes: [
      { op: 'create_file', path: 'Modeler/ok.md', content: 'fine', rationale: 'r' },
      { op: 'create_file', path: '../outside/new.txt', content: 'pwned', rationale: 'r' },
    ] } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('PATH_ESCAPE');
    expect(r.json.error.details.results[1]).toMatchObject({ valid: false, code: 'PATH_ESCAPE' });
    expect(existsSync(join(s.root, 'Modeler/ok.md'))).toBe(false);
    expect(readdirSync(outside)).toEqual(['secret.txt']);
  });
});
