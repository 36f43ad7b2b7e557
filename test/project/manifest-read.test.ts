// dbt's manifest is read from its bytes, only the members modeler uses (src/core/project/manifest-read.ts):
// what it keeps must equal what JSON.parse of the whole file says, for dbt's own output and for
// any JSON (escapes, unicode, whitespace), and a damaged file is a warning that names where.
import { describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadProject } from '../../src/core/project/load.js';
import { readManifestBytes, readManifestChunks } from '../../src/core/project/manifest-read.js';
import { EXAMPLE, tempDir } from '../helpers/cli.js';

const MANIFEST = join(EXAMPLE, 'target', 'manifest.json'); // written by a real `dbt parse` (example-dbt.test.ts checks it)
const TOP = ['metadata', 'nodes', 'sources'];
const USED = ['unique_id', 'resource_type', 'name', 'package_name', 'depends_on', 'compiled_code', 'checksum', 'relation_name',
  'original_file_path', 'patch_path', 'source_name', 'test_metadata', 'attached_node', 'column_name', 'version'];

/** What a later reader asks of an own node: as JSON.parse gives it, with the parts named below left out. */
function ownExpected(full: any, project: string): Record<string, unknown> {
  const expected: Record<string, unknown> = {};
  for (const k of USED) if (k in full) expected[k] = full[k];
  // of depends_on only the nodes (the macros a node calls are never read)
  if (full.depends_on && typeof full.depends_on === 'object' && !Array.isArray(full.depends_on)) expected.depends_on = 'nodes' in full.depends_on ? { nodes: full.depends_on.nodes } : {};
  // checksum (and raw_code without a sha256) only say whether compiled_code is current: kept with it
  if (!('compiled_code' in full)) delete expected.checksum;
  else if (full.checksum?.name !== 'sha256' && 'raw_code' in full) expected.raw_code = full.raw_code;
  // a test's config only when it tests a node of another package (package context)
  const on = full.attached_node ?? full.depends_on?.nodes?.[0];
  if (full.resource_type === 'test' && 'config' in full && (typeof on !== 'string' || on.split('.')[1] !== project)) expected.config = full.config;
  return expected;
}

describe('reading dbt\'s manifest from its bytes', () => {
  const bytes = readFileSync(MANIFEST);
  const whole = JSON.parse(bytes.toString('utf8'));

  it('keeps of a real manifest the members modeler reads, equal to JSON.parse of the whole file, and nothing else', () => {
    const read = readManifestBytes(bytes, 'jaffle_shop');
    expect(Object.keys(read).sort()).toEqual(TOP.filter((k) => k in whole).sort());
    expect(read.metadata).toEqual(whole.metadata);
    for (const part of ['nodes', 'sources']) {
      expect(Object.keys(read[part]).sort()).toEqual(Object.keys(whole[part]).sort());
      for (const [id, n] of Object.entries<any>(read[part])) expect(n, id).toEqual(ownExpected(whole[part][id], 'jaffle_shop'));
    }
    // the macro library, doc blocks and the parent/child maps are not read at all
    expect(read.macros).toBeUndefined();
    expect(read.child_map).toBeUndefined();
  });

  it('a test of another package\'s node keeps its config; a node with compiled_code keeps what says whether it is current', () => {
    const m = { metadata: {}, sources: {}, nodes: {
      'test.p.t1': { resource_type: 'test', package_name: 'p', attached_node: 'source.other.s.t', config: { enabled: false, severity: 'warn' }, depends_on: { macros: ['m'], nodes: ['source.other.s.t'] } },
      'test.p.t2': { resource_type: 'test', package_name: 'p', attached_node: 'model.p.x', config: { enabled: false } },
      'model.p.x': { resource_type: 'model', package_name: 'p', compiled_code: 'select 1', checksum: { name: 'none', checksum: '' }, raw_code: 'select 1' },
      'model.p.y': { resource_type: 'model', package_name: 'p', checksum: { name: 'sha256', checksum: 'ab' }, raw_code: 'select 2' },
    } };
    const read = readManifestBytes(Buffer.from(JSON.stringify(m)), 'p');
    expect(read.nodes['test.p.t1']).toEqual({ resource_type: 'test', package_name: 'p', attached_node: 'source.other.s.t', config: { enabled: false, severity: 'warn' }, depends_on: { nodes: ['source.other.s.t'] } });
    expect(read.nodes['test.p.t2']).toEqual({ resource_type: 'test', package_name: 'p', attached_node: 'model.p.x' });
    expect(read.nodes['model.p.x']).toEqual(m.nodes['model.p.x']);
    expect(read.nodes['model.p.y']).toEqual({ resource_type: 'model', package_name: 'p' });
  });

  it('an own node\'s members read are as JSON.parse gives them, for any JSON in them: escapes, unicode, repeats, nesting', () => {
    // few distinct strings, so that values repeat (held once) and short ones share hashes
    // n3pvu and ne3ea: two strings of one length whose bytes hash alike (json-bytes.ts): still told apart
    const str = fc.oneof(fc.string({ unit: 'binary', maxLength: 6 }), fc.constantFrom('model.p.x', 'test', 'a\\"b', 'é', 'model.other.y', '', 'n3pvu', 'ne3ea'));
    const val = fc.oneof(str, fc.jsonValue({ maxDepth: 3 }), fc.array(str), fc.dictionary(str, fc.oneof(str, fc.jsonValue({ maxDepth: 2 }))));
    const own = fc.record({
      package_name: fc.constant('p'), resource_type: fc.constantFrom('model', 'test', 'seed'), name: str, unique_id: str,
      depends_on: fc.oneof(val, fc.record({ macros: fc.array(str), nodes: fc.array(str) }, { requiredKeys: [] })),
      test_metadata: val, attached_node: fc.oneof(str, val), column_name: val, original_file_path: str, patch_path: val,
      config: val, raw_code: str, compiled_code: str, checksum: fc.oneof(val, fc.record({ name: fc.constantFrom('sha256', 'none'), checksum: str })),
      relation_name: val, version: val, columns: val, other: val,
    }, { requiredKeys: ['package_name'] });
    fc.assert(fc.property(fc.dictionary(str, fc.oneof(own, fc.dictionary(str, val))), fc.constantFrom(undefined, 1), (nodes, indent) => {
      const text = JSON.stringify({ metadata: {}, nodes, sources: {} }, null, indent);
      const whole = JSON.parse(text);
      const read = readManifestBytes(Buffer.from(text, 'utf8'), 'p');
      expect(Object.keys(read.nodes)).toEqual(Object.keys(whole.nodes));
      for (const [id, n] of Object.entries<any>(whole.nodes)) {
        expect(read.nodes[id], id).toEqual(n?.package_name === 'p' ? ownExpected(n, 'p') : n);
      }
    }), { numRuns: 300, seed: 20261127 });
  });

  it('keeps the nodes of other packages whole (they are package context, with their raw entry)', () => {
    const read = readManifestBytes(bytes, 'some_other_project');
    expect(read.nodes).toEqual(whole.nodes);
    expect(read.sources).toEqual(whole.sources);
  });

  it('agrees with JSON.parse on any JSON: escapes, unicode, nesting and whitespace', () => {
    const anyNode = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(fc.property(
      fc.record({ metadata: fc.jsonValue({ maxDepth: 2 }), nodes: fc.dictionary(fc.string({ unit: 'binary' }), anyNode), sources: fc.jsonValue({ maxDepth: 3 }), macros: fc.jsonValue({ maxDepth: 2 }) }),
      fc.constantFrom(undefined, 0, 2, '\t'),
      (m, indent) => {
        const text = JSON.stringify(m, null, indent);
        const expected = JSON.parse(text);
        delete expected.macros;
        expect(readManifestBytes(Buffer.from(text, 'utf8'), undefined)).toEqual(expected);
      },
    ), { numRuns: 300, seed: 20261125 });
  });

  it('read through a small window (a file in pieces), any JSON reads as from the whole bytes', () => {
    /** A reader that hands out at most `piece` bytes a call, as a file read in chunks may. */
    const pieces = (b: Buffer, piece: number) => {
      let at = 0;
      return (into: Buffer, to: number, len: number) => { const n = Math.min(len, piece, b.length - at); b.copy(into, to, at, at + n); at += n; return n; };
    };
    expect(readManifestChunks(pieces(bytes, 977), 'jaffle_shop', 64)).toEqual(readManifestBytes(bytes, 'jaffle_shop'));
    const anyNode = fc.dictionary(fc.string({ unit: 'binary' }), fc.jsonValue({ maxDepth: 3 }));
    fc.assert(fc.property(
      fc.record({ metadata: fc.jsonValue({ maxDepth: 2 }), nodes: fc.dictionary(fc.string({ unit: 'binary' }), anyNode), macros: fc.jsonValue({ maxDepth: 2 }), sources: fc.jsonValue({ maxDepth: 3 }) }),
      fc.constantFrom(undefined, 1, '\t'), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 64 }),
      (m, indent, piece, window) => {
        const b = Buffer.from(JSON.stringify(m, null, indent), 'utf8');
        expect(readManifestChunks(pieces(b, piece), undefined, window)).toEqual(readManifestBytes(b, undefined));
      },
    ), { numRuns: 300, seed: 20261126 });
    // a break is named at its byte in the file, however the window lay
    const broken = Buffer.from('{"metadata":{},"nodes":{"a":{"name":"x"},"b":{"name" "y"}}}');
    expect(() => readManifestChunks(pieces(broken, 5), 'p', 8)).toThrow(/expected ":" at byte 53/);
    expect(() => readManifestBytes(broken, 'p')).toThrow(/expected ":" at byte 53/);
  });

  it('a node named __proto__ is a node, as JSON.parse reads it', () => {
    const text = '{"nodes":{"__proto__":{"name":"x","package_name":"p"}},"sources":{}}';
    const read = readManifestBytes(Buffer.from(text), 'p');
    expect(Object.keys(read.nodes)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(read.nodes)).toBe(Object.prototype);
  });

  it('a damaged manifest is a warning naming the byte where it breaks; the project\'s own files are still read', () => {
    const d = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, d, { recursive: true });
    writeFileSync(join(d, 'target', 'manifest.json'), bytes.subarray(0, Math.floor(bytes.length / 2)));
    const p = loadProject(d);
    const w = p.diagnostics.find((x) => x.code === 'TARGET_JSON');
    expect(w).toMatchObject({ severity: 'warning', file: 'target/manifest.json' });
    expect(w!.message).toMatch(/cannot parse target\/manifest\.json: unterminated .* at byte \d+/);
    expect(p.models.map((m) => m.name)).toContain('customers');
    expect(p.target.manifest).toBeUndefined();
  });

  it('a project read with the manifest pretty-printed is the same read', () => {
    const d = join(tempDir(), 'jaffle_shop');
    cpSync(EXAMPLE, d, { recursive: true });
    const a = loadProject(d);
    writeFileSync(join(d, 'target', 'manifest.json'), JSON.stringify(whole, null, 2));
    const b = loadProject(d);
    const view = (p: ReturnType<typeof loadProject>) => ({ models: p.models.map((m) => [m.uniqueId, m.origins, m.refs]), pkgs: p.packageNodes.map((n) => n.uniqueId), diags: p.diagnostics.map((x) => x.code) });
    expect(view(b)).toEqual(view(a));
    expect(a.models.every((m) => m.origins.includes('manifest'))).toBe(true);
  });
});
