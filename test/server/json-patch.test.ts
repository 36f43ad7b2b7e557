// RFC 6902 on YAML text (src/proposals/json-patch.ts): the RFC's rules, JSON Pointer escapes,
// and the file's comments and layout kept around what changes.
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyJsonPatch, parsePointer, toPointer } from '../../src/api.js';

const TEXT = `# header comment
version: 2
models:
  - name: orders # inline comment
    description: Orders.
    meta: {a/b: 1, "t~x": 2}
    columns:
      - name: id
        description: Key.
      # a comment between items
      - name: amount
`;
const run = (ops: any[], text = TEXT) => applyJsonPatch(text, parse(text), ops);

describe('RFC 6902 on YAML', () => {
  it('JSON Pointer: escapes ~0 and ~1, the empty pointer is the whole document', () => {
    expect(parsePointer('/a~1b/t~0x/0')).toEqual(['a/b', 't~x', '0']);
    expect(parsePointer('')).toEqual([]);
    expect(toPointer(['a/b', 't~x', 0])).toBe('/a~1b/t~0x/0');
    expect(() => parsePointer('a/b')).toThrow(/starts with/);
  });

  it('add/replace/remove/test, `-` appends, an index inserts; comments and layout elsewhere are kept byte for byte', () => {
    const r = run([
      { op: 'test', path: '/models/0/name', value: 'orders' },
      { op: 'replace', path: '/models/0/description', value: 'All orders.' },
      { op: 'add', path: '/models/0/columns/-', value: { name: 'status' } },
      { op: 'add', path: '/models/0/meta/a~1b', value: 3 },
      { op: 'remove', path: '/models/0/meta/t~0x' },
      { op: 'add', path: '/models/0/tags', value: ['core'] },
    ]);
    expect(r.value).toEqual({ version: 2, models: [{ name: 'orders', description: 'All orders.', meta: { 'a/b': 3 }, tags: ['core'],
      columns: [{ name: 'id', description: 'Key.' }, { name: 'amount' }, { name: 'status' }] }] });
    expect(parse(r.text)).toEqual(r.value);
    for (const kept of ['# header comment', '- name: orders # inline comment', '# a comment between items', '      - name: id\n        description: Key.\n']) expect(r.text).toContain(kept);
    const ins = run([{ op: 'add', path: '/models/0/columns/1', value: { name: 'customer_id' } }]);
    expect(parse(ins.text).models[0].columns.map((c: any) => c.name)).toEqual(['id', 'customer_id', 'amount']);
    expect(ins.text).toContain('# header comment');
  });

  it('follows the RFC: add needs the parent, replace/remove need the target, test compares deeply, ops apply in order', () => {
    const fails = (ops: any[], re: RegExp) => expect(() => run(ops)).toThrow(re);
    fails([{ op: 'add', path: '/models/0/nope/x', value: 1 }], /found nothing at \/models\/0\/nope/);
    fails([{ op: 'replace', path: '/models/0/nope', value: 1 }], /found nothing/);
    fails([{ op: 'remove', path: '/models/5' }], /found nothing at index 5/);
    fails([{ op: 'add', path: '/models/0/columns/9', value: {} }], /past the end/);
    fails([{ op: 'add', path: '/models/0/columns/x', value: {} }], /array index/);
    fails([{ op: 'test', path: '/models/0/columns/0', value: { name: 'id' } }], /failed/);
    fails([{ op: 'move', from: '/a', path: '/b' }], /not supported/);
    fails([{ op: 'replace', path: '/version' }], /needs a 'value'/);
    fails([{ op: 'remove', path: '' }], /whole document/);
    // the second op sees the first one's result; a failed patch leaves nothing half-done (the caller keeps the old text)
    const r = run([{ op: 'add', path: '/models/0/columns/0', value: { name: 'first' } }, { op: 'test', path: '/models/0/columns/1/name', value: 'id' }]);
    expect(parse(r.text).models[0].columns[0].name).toBe('first');
    expect(() => run([{ op: 'replace', path: '/version', value: 3 }, { op: 'test', path: '/version', value: 2 }])).toThrow(/failed/);
  });

  it('keeps CRLF files CRLF', () => {
    const crlf = TEXT.replace(/\n/g, '\r\n');
    const r = run([{ op: 'replace', path: '/models/0/description', value: 'X' }, { op: 'add', path: '/models/0/columns/0', value: { name: 'a' } }], crlf);
    expect(r.text.split('\n').length).toBe(r.text.split('\r\n').length);
    expect(parse(r.text).models[0].description).toBe('X');
  });
});
