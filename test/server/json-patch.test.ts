// RFC 6902 on YAML text (src/proposals/json-patch.ts): the RFC's rules, JSON Pointer escapes,
// and the file's comments and layout kept around what changes.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { anchorOf, applyJsonPatch, parsePointer, resolveAnchor, toPointer } from '../../src/api.js';
import { itShared, REAL_DBT } from '../helpers/shared.js';

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
      { op: 'replace', path: '/models/0/meta/a~1b', value: 3 },
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
    // removing a list item that is not the last: the items after it move up (its index is not left empty)
    const rm = run([{ op: 'remove', path: '/models/0/columns/0' }]);
    expect(parse(rm.text).models[0].columns).toEqual([{ name: 'amount' }]);
    expect(rm.text).toContain('- name: orders # inline comment');
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

  it('an add never replaces what is there: an equal value is a no-op, another value is refused; an equal list item is not added twice', () => {
    expect(() => run([{ op: 'add', path: '/models/0/description', value: 'Other.' }])).toThrow(/would replace the value already at \/models\/0\/description \("Orders\."\); an add never overwrites: use replace/);
    const same = run([{ op: 'add', path: '/models/0/description', value: 'Orders.' }, { op: 'add', path: '/models/0/columns/-', value: { name: 'id', description: 'Key.' } }]);
    expect(same.text).toBe(TEXT);
    expect(same.noops).toEqual([0, 1]);
    expect(() => run([{ op: 'add', path: '/models/0/columns/-', value: { name: 'id', description: 'Another id.' } }])).toThrow(/already has one \(item 0\); change that entry instead/);
  });

  it('an anchored operation acts where its element is now; gone or named by position in a changed file, it is refused STALE_PROPOSAL', () => {
    const value = parse(TEXT);
    const anchor = anchorOf(value, parsePointer('/models/0/columns/1/description'));
    expect(anchor).toBe('models[name=orders].columns[name=amount].description');
    expect(resolveAnchor(value, anchor).tokens).toEqual(['models', '0', 'columns', '1', 'description']);
    // someone adds a column at the top: the pointer now names `id`, the anchor still `amount`
    const shifted = TEXT.replace('      - name: id\n', '      - name: created_at\n      - name: id\n');
    const r = run([{ op: 'add', path: '/models/0/columns/1/description', value: 'Amount.', anchor }], shifted);
    expect(parse(r.text).models[0].columns.map((c: any) => [c.name, c.description])).toEqual([['created_at', undefined], ['id', 'Key.'], ['amount', 'Amount.']]);
    expect(r.reanchored).toEqual([{ op: 0, anchor, from: '/models/0/columns/1/description', to: '/models/0/columns/2/description' }]);
    const gone = TEXT.replace('      - name: amount\n', '      - name: total\n');
    expect(() => run([{ op: 'add', path: '/models/0/columns/1/description', value: 'Amount.', anchor }], gone)).toThrow(/STALE|no longer in the file/);
    expect(() => applyJsonPatch(shifted, parse(shifted), [{ op: 'replace', path: '/models/0/columns/1/description', value: 'X' }], 'f.yml', { stale: true }))
      .toThrow(/counts list items by position, and the file changed since/);
  });

  it('a column listed twice is changed in its last entry, the one dbt keeps, and says so', () => {
    const twice = TEXT + '      - name: id\n        description: Kept by dbt.\n';
    const r = run([{ op: 'add', path: '/models/0/columns/0/data_tests', value: ['unique'] }], twice);
    expect(parse(r.text).models[0].columns.map((c: any) => c.data_tests ?? null)).toEqual([null, null, ['unique']]);
    expect(r.reanchored[0]).toMatchObject({ from: '/models/0/columns/0/data_tests', to: '/models/0/columns/2/data_tests', note: expect.stringMatching(/listed 2 times; dbt keeps the last entry/) });
  });

  itShared('touches only the lines of the node it changes in a real file (Stripe\'s src_stripe.yml), and a second apply changes nothing', () => {
    const text = readFileSync(join(REAL_DBT, 'dbt_stripe_source', 'models', 'src_stripe.yml'), 'utf8');
    const value = parse(text);
    const table = value.sources[0].tables.findIndex((t: any) => t.columns?.length > 3);
    const ops = [{ op: 'replace', path: `/sources/0/tables/${table}/columns/1`, value: { name: value.sources[0].tables[table].columns[1].name, description: 'Replaced.' } }];
    const r = applyJsonPatch(text, value, ops as any);
    const a = text.split('\n'), b = r.text.split('\n');
    let p = 0, q = 0;
    while (a[p] === b[p]) p++;
    while (q < a.length - p && a[a.length - 1 - q] === b[b.length - 1 - q]) q++;
    // everything outside the replaced item is byte for byte what it was (folded text, trailing spaces, comments)
    const name = value.sources[0].tables[table].columns[1].name;
    expect(b.slice(p, b.length - q).map((l) => l.trim())).toEqual([`- name: ${name}`, 'description: Replaced.'].slice(a[p].trim().startsWith('- name') ? 0 : 1));
    expect(a.length - p - q).toBeLessThanOrEqual(4);
    expect(applyJsonPatch(r.text, parse(r.text), ops as any).text).toBe(r.text);
  }, 30_000, 'real-dbt');
});
