import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { compileSchema, loadSchemaJson } from '../../src/core/json-schema.js';
import { checkManifestText } from '../../src/manifest/validate.js';
import { runCli } from '../helpers/cli.js';
import { describeShared } from '../helpers/shared.js';
import { peerExample, VECTORS, vector, writeJson } from './helpers.js';

const found = (text: string, name: string) => checkManifestText(text, name).diagnostics
  .filter((d) => d.severity !== 'info').map((d) => ({ code: d.code, path: d.path })).sort((a, b) => (a.path! + a.code).localeCompare(b.path! + b.code));
const sorted = (xs: { code: string; path: string }[]) => [...xs].sort((a, b) => (a.path + a.code).localeCompare(b.path + b.code));

describe('qlang manifest schema', () => {
  it('is a valid JSON Schema 2020-12 document that compiles', () => {
    const s = loadSchemaJson('qlang-manifest.schema.json');
    expect(s.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(() => compileSchema({ ...s, $id: undefined })).not.toThrow();
  });
  it('accepts the full and the minimal valid vectors without a finding', () => {
    for (const f of ['valid-full.json', 'valid-minimal.json']) {
      const r = checkManifestText(readFileSync(join(VECTORS, f), 'utf8'), f);
      expect(r.diagnostics, f).toEqual([]);
      expect(r.ok).toBe(true);
    }
  });
  for (const c of vector('schema-cases.json').cases) {
    it(`schema: ${c.name}`, () => {
      expect(found(JSON.stringify(c.manifest, null, 2), 'm.json')).toEqual(sorted(c.expect));
    });
  }
});

describe('semantic checks', () => {
  for (const c of vector('semantic-cases.json').cases) {
    it(c.name, () => {
      const r = checkManifestText(JSON.stringify(c.manifest, null, 2), 'm.json');
      expect(r.readable).toBe(true);
      expect(found(JSON.stringify(c.manifest, null, 2), 'm.json')).toEqual(sorted(c.expect));
    });
  }
  it('severities: structural problems are errors, missing column lineage and missing query/metric are warnings', () => {
    const sev = new Map<string, Set<string>>();
    for (const c of vector('semantic-cases.json').cases) {
      for (const d of checkManifestText(JSON.stringify(c.manifest), 'm.json').diagnostics) {
        if (!sev.has(d.code)) sev.set(d.code, new Set());
        sev.get(d.code)!.add(d.severity);
      }
    }
    for (const code of ['DUPLICATE_BLOCK', 'DUPLICATE_APP', 'LINEAGE_UNKNOWN_BLOCK', 'LINEAGE_UNKNOWN_APP', 'LINEAGE_CYCLE', 'APP_UNKNOWN_DASHBOARD', 'APP_UNKNOWN_NOTEBOOK', 'APP_UNKNOWN_BLOCK', 'CERTIFIED_NO_OWNER']) {
      expect([...sev.get(code)!], code).toEqual(['error']);
    }
    for (const code of ['CERTIFIED_NO_LINEAGE', 'CUSTOM_NO_QUERY', 'SEMANTIC_NO_METRIC']) expect([...sev.get(code)!], code).toEqual(['warning']);
  });
  it('a cycle report names the edge and the whole cycle', () => {
    const c = vector('semantic-cases.json').cases.find((x: any) => x.name === 'cycle through models');
    const d = checkManifestText(JSON.stringify(c.manifest), 'm.json').diagnostics[0];
    expect(d.message).toBe('lineage edge tform_model:c -> tform_model:a closes a cycle: tform_model:a -> tform_model:b -> tform_model:c -> tform_model:a');
  });
  it('a 20,000-edge chain is checked without recursion', () => {
    const m = vector('valid-minimal.json');
    m.lineage = { edges: Array.from({ length: 20_000 }, (_, i) => ({ from: { kind: 'tform_model', ref: `m${i}` }, to: { kind: 'tform_model', ref: `m${i + 1}` } })) };
    m.lineage.edges.push({ from: { kind: 'tform_model', ref: 'm20000' }, to: { kind: 'tform_model', ref: 'm0' } });
    const r = checkManifestText(JSON.stringify(m), 'chain.json');
    expect(r.diagnostics.map((d) => [d.code, d.path])).toEqual([['LINEAGE_CYCLE', '/lineage/edges/20000']]);
  });
});

describeShared('the peer examples, renamed to the spec identifiers', () => {
  it('the qlang example validates', () => {
    const r = checkManifestText(JSON.stringify(peerExample('dql')), 'peer-qlang.json');
    expect(r.diagnostics).toEqual([]);
  });
  it('unrenamed, it fails with a hint about the naming', () => {
    const r = checkManifestText(JSON.stringify(peerExample('dql', false)), 'peer-raw.json');
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0].hint).toContain('dqlVersion→qlangVersion');
    expect(r.diagnostics.map((d) => d.path)).toContain('/lineage/edges/0/from/kind');
  });
});

describe('modeler manifest validate (CLI)', () => {
  it('exit 0 with a summary on a valid manifest', () => {
    const r = runCli(['manifest', 'validate', join(VECTORS, 'valid-full.json')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid (4 blocks, 2 apps, 9 lineage edges, 0 warnings)');
  });
  it('exit 1 with file:line:col and the JSON path', () => {
    const m = vector('valid-full.json');
    m.blocks[1].status = 'approved';
    m.apps[0].blocks.push('ghost');
    const f = writeJson({ 'bad.json': m });
    const r = runCli(['manifest', 'validate', f['bad.json']]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad\.json:\d+:\d+: error\[SCHEMA\]: value "approved" at \/blocks\/1\/status is not one of draft, review, certified/);
    const j = JSON.parse(runCli(['manifest', 'validate', f['bad.json'], '--output-json']).stdout);
    expect(j.valid).toBe(false);
    expect(j.diagnostics[0]).toMatchObject({ code: 'SCHEMA', path: '/blocks/1/status', severity: 'error' });
    expect(j.diagnostics[0].line).toBeGreaterThan(1);
  });
  it('semantic errors are located too, and JSON output counts them', () => {
    const m = vector('valid-full.json');
    m.apps[0].blocks.push('ghost');
    const f = writeJson({ 'sem.json': m });
    const r = runCli(['manifest', 'validate', f['sem.json'], '--output-json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j).toMatchObject({ valid: false, errors: 1, warnings: 0 });
    expect(j.diagnostics[0]).toMatchObject({ code: 'APP_UNKNOWN_BLOCK', path: '/apps/0/blocks/1' });
    expect(j.diagnostics[0].line).toBeGreaterThan(1);
  });
  it('warnings alone keep exit 0', () => {
    const m = vector('valid-full.json');
    delete m.blocks[3].outputs[0].lineage;
    const f = writeJson({ 'w.json': m });
    const r = runCli(['manifest', 'validate', f['w.json']]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('warning[CERTIFIED_NO_LINEAGE]');
  });
  it('broken JSON is exit 1 with a position; a missing file is exit 64', () => {
    const f = writeJson({ 'broken.json': '{\n  "blocks": [\n    {"name": "x",}\n  ]\n}\n' });
    const r = runCli(['manifest', 'validate', f['broken.json']]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/broken\.json:3:\d+: error\[JSON_SYNTAX\]/);
    // a UTF-8 byte-order mark and CRLF line ends are accepted, and errors after them are still located
    const bom = writeJson({ 'bom.json': '\uFEFF' + readFileSync(join(VECTORS, 'valid-full.json'), 'utf8').replace(/\n/g, '\r\n') });
    expect(runCli(['manifest', 'validate', bom['bom.json']]).code).toBe(0);
    const bomBroken = writeJson({ 'bb.json': '\uFEFF{\r\n  "blocks": [\r\n    {"name": "x",}\r\n  ]\r\n}\r\n' });
    expect(runCli(['manifest', 'validate', bomBroken['bb.json']]).stdout).toMatch(/bb\.json:3:\d+: error\[JSON_SYNTAX\]/);
    const missing = runCli(['manifest', 'validate', '/nonexistent/m.json']);
    expect(missing.code).toBe(64);
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
  });
});
