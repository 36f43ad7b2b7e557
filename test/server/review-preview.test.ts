// The review plan's diff: validate with preview answers each touched file as it is and as the
// valid changes leave it (a patch made by the server's round-trip editor), and writes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { change, req, startTestServer, type TestServer } from './helpers.js';

let s: TestServer;
beforeAll(async () => { s = await startTestServer(); });
afterAll(async () => { await s.close(); });

it('answers every touched file before and after, null for what does not exist, and writes nothing', async () => {
  const marts = 'models/marts/_marts.yml';
  const disk = readFileSync(join(s.root, marts), 'utf8');
  const idx = parse(disk).models.findIndex((m: any) => m.name === 'rpt_daily_revenue');
  const r = await req(s.port, 'POST', '/api/ai/proposals/validate', { body: { projectId: s.id, preview: true, changes: [
    change({ op: 'patch_yaml', path: marts, patch: [{ op: 'replace', path: `/models/${idx}/description`, value: 'Daily revenue, reviewed.' }] }),
    change({ op: 'create_file', path: 'Modeler/docs/new.md', content: '{% docs x %}x{% enddocs %}\n' }),
    change({ op: 'update_file', path: 'models/missing.yml', content: 'a: 1\n' }),
  ] } });
  expect(r.status).toBe(200);
  const files = Object.fromEntries(r.json.files.map((f: any) => [f.path, f]));
  expect(files[marts].before).toBe(disk);
  expect(parse(files[marts].after).models[idx].description).toBe('Daily revenue, reviewed.');
  // the rest of the file is kept byte for byte: only the description line differs
  const diff = files[marts].after.split('\n').filter((l: string, i: number) => l !== disk.split('\n')[i]);
  expect(diff).toHaveLength(1);
  expect(files['Modeler/docs/new.md']).toEqual({ path: 'Modeler/docs/new.md', before: null, after: '{% docs x %}x{% enddocs %}\n' });
  expect(files['models/missing.yml']).toEqual({ path: 'models/missing.yml', before: null, after: null });
  expect(r.json.results[2]).toMatchObject({ valid: false, code: 'NOT_FOUND' });
  expect(readFileSync(join(s.root, marts), 'utf8')).toBe(disk);
  // without preview the answer is as before
  const plain = await req(s.port, 'POST', '/api/ai/proposals/validate', { body: { projectId: s.id, changes: [change({ op: 'create_file', path: 'Modeler/docs/new.md', content: 'x' })] } });
  expect(plain.json.files).toBeUndefined();
});
