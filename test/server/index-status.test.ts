// The assistant's index is built in the background once the project is served: the server answers
// (/api/health, the project's views) while it is building, GET /api/ai/index/status says building
// then ready, a question asked meanwhile waits for it, and a file changed during the build is in
// the index once it is ready. No snapshot is written when the server stops.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error the benchmarks' generator is plain JavaScript
import { generateProject } from '../../bench/lib/synthetic-project.mjs';
import { tempDir } from '../helpers/cli.js';
import { req, serveDir, type TestServer } from './helpers.js';

let s: TestServer;
let dir: string;
beforeAll(async () => {
  dir = join(tempDir('modeler-index-'), 'p');
  generateProject(dir, { models: 2000, columns: 6 });
  s = await serveDir(dir);
}, 180_000);
afterAll(async () => { await s?.close(); });

const status = async () => {
  const r = await req(s.port, 'GET', `/api/ai/index/status?projectId=${s.id}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
};

describe('the assistant index in the background', () => {
  it('is building while /api/health and the project answer, then ready; a file changed meanwhile is indexed', async () => {
    const first = await status();
    expect(first).toEqual({ state: 'building', source: 'built' });
    // the server answers while the index is being built
    const health = await req(s.port, 'GET', '/api/health');
    expect(health.status).toBe(200);
    expect((await req(s.port, 'GET', `/api/projects/${s.id}/status`)).status).toBe(200);
    const file = `models/marts/${readdirSync(join(dir, 'models/marts')).filter((f) => f.endsWith('.yml')).sort()[0]}`;
    const text = readFileSync(join(dir, file), 'utf8');
    expect(text).toMatch(/- name: attr_3\n/); // one column of the first model in the file
    writeFileSync(join(dir, file), text.replace(/- name: attr_3\n/, '- name: zebra_quota_cents\n'));
    s.session.refresh('files_changed', [file]);
    expect(s.session.changing()).toBe(true); // the build gives way to what a change prompts
    expect((await status()).state).toBe('building');
    // a question asked now waits for the index and finds the column renamed during the build
    const r = await req(s.port, 'POST', '/api/ai/context/preview', { body: { projectId: s.id, message: 'zebra_quota_cents' } });
    expect(r.status, r.text).toBe(200);
    expect(r.json.sources.map((x: any) => x.name)).toContainEqual(expect.stringMatching(/\.zebra_quota_cents$/));
    const ready = await status();
    expect(ready).toMatchObject({ state: 'ready', source: 'built' });
    expect(ready.records).toBeGreaterThan(2000);
  });

  it('writes no index snapshot when the server stops', async () => {
    await s.close();
    expect(existsSync(join(dir, '.modeler/agent/index.json'))).toBe(false);
    s = undefined as any;
  });
});
