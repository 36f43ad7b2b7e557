// The local API's safety hooks, over a real socket: DNS rebinding (Host), cross-site requests
// (Origin, Sec-Fetch-Site, content type), no CORS, the one error envelope (malformed JSON,
// oversized bodies, unknown routes and keys, real bugs with a log id), and logs without secrets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import { req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    setup: (app) => {
      // a route with a real bug in it, to see what a 500 looks like
      app.post('/api/test/bug', async () => { (undefined as any).boom(); });
    },
  });
});
afterAll(async () => { await s.close(); });

const envelope = (r: { json: any; text: string }) => {
  expect(Object.keys(r.json)).toEqual(['error']);
  expect(typeof r.json.error.code).toBe('string');
  expect(r.json.error.code).toMatch(/^[A-Z][A-Z_]+$/);
  expect(typeof r.json.error.message).toBe('string');
  expect(r.text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/); // never a stack trace
};

describe('Host header (DNS rebinding)', () => {
  it('refuses a foreign Host with 403 HOST_REFUSED, on reads and writes', async () => {
    for (const host of ['evil.example', 'evil.example:' + 3030, '192.168.1.10', 'localhost.evil.example', '127.0.0.1.nip.io']) {
      const r = await req(s.port, 'GET', '/api/health', { headers: { host } });
      expect(r.status, host).toBe(403);
      expect(r.json.error.code).toBe('HOST_REFUSED');
      envelope(r);
    }
    const w = await req(s.port, 'POST', '/api/ai/proposals/validate', { headers: { host: 'attacker.test' }, body: { projectId: s.id, changes: [] } });
    expect(w.status).toBe(403);
  });

  it('accepts loopback names with any port', async () => {
    for (const host of ['127.0.0.1', `127.0.0.1:${s.port}`, `localhost:${s.port}`, 'LOCALHOST', `[::1]:${s.port}`, '127.1.2.3', 'app.localhost']) {
      const r = await req(s.port, 'GET', '/api/health', { headers: { host } });
      expect(r.status, host).toBe(200);
    }
  });

  it('refuses a request without Host (HTTP/1.0)', async () => {
    const text = await new Promise<string>((resolve) => {
      const sock = connect(s.port, '127.0.0.1', () => sock.write('GET /api/health HTTP/1.0\r\n\r\n'));
      let buf = '';
      sock.on('data', (d) => (buf += d));
      sock.on('end', () => resolve(buf));
    });
    expect(text).toMatch(/^HTTP\/1\.[01] 4\d\d/);
    expect(text).not.toContain('"status":"ok"');
  });
});

describe('cross-site requests (CSRF) and CORS', () => {
  it('refuses a foreign Origin with 403 ORIGIN_REFUSED; nothing is written', async () => {
    for (const origin of ['https://evil.example', 'null', `http://localhost:${s.port + 1}`, 'http://127.0.0.1.evil.example', 'file://']) {
      const r = await req(s.port, 'POST', '/api/ai/proposals/apply', {
        headers: { origin }, body: { projectId: s.id, changes: [{ op: 'create_file', path: 'pwned.txt', content: 'x', rationale: 'r' }] },
      });
      expect(r.status, origin).toBe(403);
      expect(r.json.error.code).toBe('ORIGIN_REFUSED');
    }
    const after = await req(s.port, 'GET', `/api/projects/${s.id}/file?path=pwned.txt`);
    expect(after.status).toBe(404);
  });

  it('accepts its own origin', async () => {
    const r = await req(s.port, 'POST', '/api/ai/proposals/validate', {
      headers: { origin: `http://127.0.0.1:${s.port}` }, body: { projectId: s.id, changes: [{ op: 'create_file', path: 'a.txt', content: 'x', rationale: 'r' }] },
    });
    expect(r.status).toBe(200);
    const l = await req(s.port, 'GET', '/api/health', { headers: { origin: `http://localhost:${s.port}`, host: `localhost:${s.port}` } });
    expect(l.status).toBe(200);
  });

  it('refuses Sec-Fetch-Site: cross-site', async () => {
    const r = await req(s.port, 'GET', '/api/projects', { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(r.status).toBe(403);
    expect(r.json.error.code).toBe('ORIGIN_REFUSED');
  });

  it('state-changing requests must be application/json (a form post or text/plain is 415)', async () => {
    for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x', undefined]) {
      const r = await req(s.port, 'POST', '/api/ai/conceptualize', { raw: JSON.stringify({ projectId: s.id }), headers: type ? { 'content-type': type } : {} });
      expect(r.status, String(type)).toBe(415);
      expect(r.json.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const d = await req(s.port, 'DELETE', `/api/projects/${s.id}/file`, { raw: JSON.stringify({ path: 'dbt_project.yml' }), headers: { 'content-type': 'text/plain' } });
    expect(d.status).toBe(415);
    const still = await req(s.port, 'GET', `/api/projects/${s.id}/file?path=dbt_project.yml`);
    expect(still.status).toBe(200);
  });

  it('sends no CORS header, not even to a preflight', async () => {
    const pre = await req(s.port, 'OPTIONS', '/api/ai/proposals/apply', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBeGreaterThanOrEqual(400);
    for (const r of [pre, await req(s.port, 'GET', '/api/health'), await req(s.port, 'GET', '/api/health', { headers: { origin: 'https://evil.example' } })]) {
      expect(Object.keys(r.headers).filter((h) => h.startsWith('access-control-'))).toEqual([]);
    }
  });
});

describe('the error envelope', () => {
  it('malformed JSON is 400 MALFORMED_JSON', async () => {
    const r = await req(s.port, 'POST', '/api/ai/conceptualize', { raw: '{"projectId": ', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.json.error.code).toBe('MALFORMED_JSON');
    envelope(r);
  });

  it('an oversized body is 413 BODY_TOO_LARGE', async () => {
    const big = JSON.stringify({ projectId: s.id, changes: [{ op: 'create_file', path: 'big.txt', content: 'x'.repeat(40 * 1024 * 1024), rationale: 'r' }] });
    const r = await req(s.port, 'POST', '/api/ai/proposals/validate', { raw: big, headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(413);
    expect(r.json.error.code).toBe('BODY_TOO_LARGE');
  });

  it('an unknown route is 404 ROUTE_NOT_FOUND, an unknown key or a wrong type is 400 BAD_REQUEST', async () => {
    const nf = await req(s.port, 'GET', '/api/nothing-here');
    expect(nf.status).toBe(404);
    expect(nf.json.error.code).toBe('ROUTE_NOT_FOUND');
    envelope(nf);
    const extra = await req(s.port, 'POST', '/api/ai/conceptualize', { body: { projectId: s.id, projectid: 'typo' } });
    expect(extra.status).toBe(400);
    expect(extra.json.error.code).toBe('BAD_REQUEST');
    expect(extra.json.error.details.errors[0].message).toMatch(/additional/);
    const type = await req(s.port, 'POST', '/api/ai/canonicalize', { body: { projectId: s.id, minRecurrence: '2' } });
    expect(type.status).toBe(400);
    const zero = await req(s.port, 'POST', '/api/ai/canonicalize', { body: { projectId: s.id, minRecurrence: 0 } });
    expect(zero.status).toBe(400);
    const other = await req(s.port, 'POST', '/api/ai/conceptualize', { body: { projectId: 'p_other' } });
    expect(other.status).toBe(404);
    expect(other.json.error.code).toBe('PROJECT_NOT_FOUND');
  });

  it('a real bug is 500 INTERNAL with an id the log carries, and no stack trace in the response', async () => {
    const r = await req(s.port, 'POST', '/api/test/bug', { body: {} });
    expect(r.status).toBe(500);
    envelope(r);
    expect(r.json.error.code).toBe('INTERNAL');
    const id = r.json.error.details.id;
    expect(id).toMatch(/^[0-9a-f]{8}$/);
    expect(r.json.error.message).toContain(id);
    expect(s.logs.some((l) => l.includes(`error ${id}`) && l.includes('TypeError'))).toBe(true);
  });
});

describe('secrets', () => {
  it('never logs tokens or passwords from the query or the body', async () => {
    const secret = 'sekr3t-T0KEN-value';
    await req(s.port, 'GET', `/api/health?token=${secret}&api_key=${secret}`);
    await req(s.port, 'POST', '/api/forward/apply', { body: { connector: 'postgres', sql: 'select 1', password: secret, token: secret } });
    await req(s.port, 'POST', '/api/test/bug', { body: { token: secret } });
    expect(s.logs.length).toBeGreaterThan(3);
    expect(s.logs.join('\n')).not.toContain(secret);
    expect(s.logs.join('\n')).toContain('token=***');
  });
});

describe('security headers', () => {
  it('marks API responses no-store and nosniff, and pages unframeable', async () => {
    const api = await req(s.port, 'GET', '/api/health');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    const page = await req(s.port, 'GET', '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('web UI is not built');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });
});

describe('the web UI', () => {
  it('serves dist/web when it is built: its files, index.html for the UI\'s own paths, and still JSON 404s under /api', async () => {
    const web = join(tempDir('modeler-web-'), 'web');
    mkdirSync(join(web, 'assets'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>modeler UI</title>');
    writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');
    const ui = await startTestServer({ webRoot: web });
    const index = await req(ui.port, 'GET', '/');
    expect(index.status).toBe(200);
    expect(index.text).toContain('modeler UI');
    expect((await req(ui.port, 'GET', '/assets/app.js')).text).toBe('console.log(1)');
    const deep = await req(ui.port, 'GET', '/explorer/models/orders');
    expect(deep.status).toBe(200);
    expect(deep.text).toContain('modeler UI');
    const api = await req(ui.port, 'GET', '/api/nope');
    expect(api.status).toBe(404);
    expect(api.json.error.code).toBe('ROUTE_NOT_FOUND');
    expect((await req(ui.port, 'GET', '/', { headers: { host: 'evil.example' } })).status).toBe(403);
    await ui.close();
  });
});
