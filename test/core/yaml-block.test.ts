// The block YAML reader (core/yaml-block.ts) against js-yaml, the reader it stands in for: on
// every YAML file of every project here, on variants of them (line endings, indentation, lines
// left out) and on handwritten edge cases, parseYamlFast (block reader first, js-yaml when it
// gives up) must give exactly what parseYamlJs (js-yaml only) gives: the same values (deep and
// strict: a number stays a number, a date a Date), the same diagnostics and the same line for
// every mapping and sequence. And the block reader must really read the property files, not
// give every one up.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { readBlockYaml } from '../../src/core/yaml-block.js';
import { parseYamlFast, parseYamlJs, type FastYaml } from '../../src/core/yaml-fast.js';
import { EXAMPLE, REPO } from '../helpers/cli.js';
import { describeFetched, describeShared, fetchedProject, REAL_DBT, registeredProjects } from '../helpers/shared.js';

function yamlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === 'node_modules' || e.name === '.git') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...yamlFiles(p));
    else if (/\.ya?ml$/.test(e.name)) out.push(p);
  }
  return out;
}

/** Where the two readings differ (value, diagnostics or the line of a collection), or undefined. */
function difference(text: string, file = 'f.yml'): string | undefined {
  const fast = parseYamlFast(text, file);
  const ref = parseYamlJs(text, file);
  if (!isDeepStrictEqual(fast.diagnostics, ref.diagnostics)) return `diagnostics ${JSON.stringify(fast.diagnostics)} vs ${JSON.stringify(ref.diagnostics)}`;
  if (!isDeepStrictEqual(fast.value, ref.value)) return `value ${JSON.stringify(fast.value)} vs ${JSON.stringify(ref.value)}`;
  return lineDifference(fast, ref, fast.value, ref.value, '$');
}

function lineDifference(a: FastYaml, b: FastYaml, x: unknown, y: unknown, path: string): string | undefined {
  if (x === null || typeof x !== 'object' || x instanceof Date) return undefined;
  if (a.lineOf(x) !== b.lineOf(y)) return `line of ${path}: ${a.lineOf(x)} vs ${b.lineOf(y)}`;
  for (const k of Object.keys(x)) {
    const d = lineDifference(a, b, (x as Record<string, unknown>)[k], (y as Record<string, unknown>)[k], `${path}.${k}`);
    if (d) return d;
  }
  return undefined;
}

/** Every file of a corpus reads the same both ways; returns how many the block reader read itself. */
function expectSameOnFiles(files: string[]): number {
  let read = 0;
  const diffs: string[] = [];
  for (const f of files) {
    const text = readFileSync(f, 'utf8');
    const d = difference(text, f);
    if (d) diffs.push(`${f}: ${d}`);
    if (readBlockYaml(text)) read++;
  }
  expect(diffs).toEqual([]);
  return read;
}

describe('the block reader reads like js-yaml: every YAML file of the projects here', () => {
  it('the example project and the test fixtures', () => {
    const example = yamlFiles(EXAMPLE);
    expect(example.length).toBeGreaterThan(3);
    // the example's property files are plain block YAML: all of them are read without js-yaml
    expect(expectSameOnFiles(example)).toBe(example.length);
    const fixtures = yamlFiles(join(REPO, 'test', 'fixtures'));
    expect(expectSameOnFiles(fixtures)).toBeGreaterThan(fixtures.length * 0.8);
  });
  describeShared('../shared/fixtures/real-dbt', () => {
    it('every .yml of the real dbt projects', () => {
      const files = yamlFiles(REAL_DBT);
      expect(files.length).toBeGreaterThan(20);
      expect(expectSameOnFiles(files)).toBeGreaterThan(files.length * 0.9);
    });
  }, 'real-dbt');
  for (const { name } of registeredProjects()) {
    describeFetched(`fetched project ${name}`, name, () => {
      it(`every .yml of ${name} and its packages`, () => {
        const files = yamlFiles(fetchedProject(name).dir);
        const read = expectSameOnFiles(files);
        if (files.length > 0) expect(read).toBeGreaterThan(0);
      });
    });
  }
});

/** Variants of a text that keep most of it plain YAML and stress what the block reader decides. */
function* variants(text: string): Generator<string> {
  const lines = text.split('\n');
  yield text.replaceAll('\n', '\r\n');
  yield lines.map((l) => (l ? `${l}   ` : l)).join('\n');
  yield text.trimEnd();
  yield `${text}\n\n`;
  yield `---\n${text}`;
  for (let i = 0; i < Math.min(lines.length, 30); i++) {
    yield [...lines.slice(0, i), ...lines.slice(i + 1)].join('\n'); // a line left out
    yield [...lines.slice(0, i), ` ${lines[i]}`, ...lines.slice(i + 1)].join('\n'); // one deeper
    yield [...lines.slice(0, i), lines[i].replace(/^( *)  /, '$1'), ...lines.slice(i + 1)].join('\n'); // one shallower
    yield [...lines.slice(0, i), '', ...lines.slice(i)].join('\n'); // a blank line in
  }
}

describe('the block reader reads like js-yaml: variants of real files', () => {
  it('line endings, trailing blanks, document markers, lines left out, indentation changed', () => {
    const files = [...yamlFiles(EXAMPLE), ...yamlFiles(join(REPO, 'test', 'fixtures'))].slice(0, 60);
    const diffs: string[] = [];
    let n = 0;
    for (const f of files) {
      for (const v of variants(readFileSync(f, 'utf8'))) {
        n++;
        const d = difference(v);
        if (d && diffs.length < 5) diffs.push(`${f} variant: ${d}\n${v.slice(0, 400)}`);
      }
    }
    expect(n).toBeGreaterThan(500);
    expect(diffs).toEqual([]);
  });
});

/** A small random YAML-ish document from pieces the block reader meets (seeded: the same each run). */
function randomDoc(rand: () => number): string {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
  const scalars = ['a', 'yes', 'No', 'on', 'OFF', '~', 'null', '1e3', '0x1F', '.inf', '-.Inf', '.NaN', '00123', '0o17', '1_000',
    '+12', '-3.5', '2020-01-01', '2020-01-01 10:00:00', "'q ''x'' # y'", '"d \\"e\\" \\u00e9 \\x41 # z"', 'a b # c', 'x:y',
    'http://h/p', '[a, b]', '{k: v, n: 1}', '[]', '{}', '[[1, 2], {a: [b]}]', "''", '""', 'true', 'True', '<<', '- a', '&x a',
    '*x', '!!str 1', 'a: b', '"open', '{ a: }', '[a,]', "'it''s'", 'café', '#not', 'a #', '? x', ': x', '%x', '@x', '`x'];
  const keys = ['name', 'description', 'columns', '"quoted key"', "'k: v'", '1', 'null', 'yes', 'a b', 'tests', 'name'];
  const lines: string[] = [];
  const block = (indent: number, depth: number): void => {
    const pad = ' '.repeat(indent);
    const n = 1 + Math.floor(rand() * 4);
    const seq = depth > 0 && rand() < 0.4;
    for (let i = 0; i < n; i++) {
      const r = rand();
      const head = seq ? `${pad}- ` : `${pad}${pick(keys)}:`;
      const sep = seq ? '' : ' ';
      if (r < 0.45) lines.push(`${head}${sep}${pick(scalars)}${rand() < 0.2 ? '  # note' : ''}`);
      else if (r < 0.55) {
        lines.push(`${head}${sep}${pick(['|', '>', '|-', '>+', '|+', '>-', '|2'])}`);
        const deep = indent + 2 + Math.floor(rand() * 2);
        for (let k = Math.floor(rand() * 4); k >= 0; k--) lines.push(rand() < 0.2 ? ' '.repeat(Math.floor(rand() * 6)) : `${' '.repeat(deep + (rand() < 0.2 ? 2 : 0))}${pick(scalars)}`);
      } else if (r < 0.6) lines.push(`${head}${sep}${pick(scalars)}`, `${pad}   ${pick(scalars)}`); // a continuation line
      else if (depth < 4) {
        lines.push(seq ? `${pad}-` : head);
        if (rand() < 0.15) lines.push(`${pad}  # a comment`);
        block(indent + (seq || rand() < 0.8 ? 2 : 0), depth + 1);
      } else lines.push(`${head}`);
      if (rand() < 0.05) lines.push('');
    }
  };
  block(0, 0);
  return lines.join(pick(['\n', '\n', '\n', '\r\n'])) + pick(['\n', '', '\n\n']);
}

describe('the block reader reads like js-yaml: random documents', () => {
  it('2,000 seeded random documents', () => {
    let seed = 28;
    const rand = () => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed / 0x80000000; };
    const diffs: string[] = [];
    let read = 0;
    for (let i = 0; i < 2000; i++) {
      const doc = randomDoc(rand);
      if (readBlockYaml(doc)) read++;
      const d = difference(doc);
      if (d && diffs.length < 5) diffs.push(`${d}\n${doc}`);
    }
    expect(diffs).toEqual([]);
    expect(read).toBeGreaterThan(100); // the documents reach the block reader's own paths
  });
});

/** Reads the same both ways, and the block reader itself read it (undefined when it gave it to js-yaml). */
function readAlike(text: string): unknown {
  expect(difference(text)).toBeUndefined();
  return readBlockYaml(text)?.value;
}

describe('the block reader: handwritten cases', () => {
  it('scalars are typed as js-yaml types them (YAML 1.2 core: yes/no/on/off stay strings; dates become Dates)', () => {
    const v = readAlike('a: [yes, No, on, OFF, 1e3, 0x1F, .inf, -.Inf, .nan, 00123, 0o17, 1_000, ~, Null, TRUE, false]\n'
      + 'b: 2020-01-01\nc: ~\nd:\ne: null\nf: 1.5e-3\ng: +12\nh: -0\n') as Record<string, unknown>;
    expect(v.a).toEqual(['yes', 'No', 'on', 'OFF', 1000, 31, Infinity, -Infinity, NaN, 123, 15, 1000, null, null, true, false]);
    expect(v.b).toBeInstanceOf(Date);
    expect(v).toMatchObject({ c: null, d: null, e: null, f: 0.0015, g: 12 });
  });
  it('every first character, with endings the resolvers look for, is typed as js-yaml types it', () => {
    // the block reader skips js-yaml's resolvers for values that cannot match them: this checks that shortcut
    const endings = ['', '1', '_1', '.5', 'x1F', 'o7', 'b1', 'e3', 'inf', 'nan', 'ull', 'rue', 'alse', 'ULL', 'RUE', 'ALSE', '<',
      '020-01-01', '0:1', 'a', 'one'];
    const values: string[] = [];
    for (let c = 33; c < 127; c++) for (const e of endings) values.push(String.fromCharCode(c) + e);
    // one value per document, so that one the block reader gives up does not hide the others
    let read = 0;
    for (const v of values) {
      const text = `k: ${v}\nl: [${v}]\n${v}: 1\n`;
      expect(difference(text), v).toBeUndefined();
      if (readBlockYaml(text)) read++;
    }
    expect(read).toBeGreaterThan(values.length / 2);
  });
  it('keys: quoted, typed, with colons and hashes inside', () => {
    const v = readAlike(`"quoted: key": 1\n'it''s': 2\n1e3: x\nnull: y\nhttp://h/p: z\na#b: w\n`);
    expect(v).toEqual({ 'quoted: key': 1, "it's": 2, 1000: 'x', null: 'y', 'http://h/p': 'z', 'a#b': 'w' });
  });
  it('quoted values keep `: ` and `#`; a comment needs a blank before it', () => {
    const v = readAlike(`a: "x: y # z"\nb: 'p # q'  # a comment\nc: x#y\nd: x # y\ne: "\\t\\u00e9\\x41\\"\\\\"\nf: ''\ng: ""\n`);
    expect(v).toEqual({ a: 'x: y # z', b: 'p # q', c: 'x#y', d: 'x', e: '\té' + 'A"\\', f: '', g: '' });
  });
  it('trailing blanks, CRLF, blank lines and comments between entries', () => {
    const text = 'models:   \n  # c\n\n  - name: a   \n    description: b  \n\n  - name: c\n';
    const v = readAlike(text);
    expect(v).toEqual({ models: [{ name: 'a', description: 'b' }, { name: 'c' }] });
    expect(readAlike(text.replaceAll('\n', '\r\n'))).toEqual(v);
    // the line of each item is its `name:` line, also when name is not its first key
    const r = parseYamlFast('models:\n  - description: x\n    name: a\n', 'f.yml');
    expect(r.lineOf((r.value as { models: object[] }).models[0])).toBe(3);
  });
  it('text beyond ASCII is read as it is', () => {
    expect(readAlike('a: café 😀 ü\nb: "日本"\n')).toEqual({ a: 'café 😀 ü', b: '日本' });
  });
  it('a sequence at the same indentation as its key; an empty item; a nested mapping', () => {
    expect(readAlike('a:\n- x\n-\n- k: v\n  m:\n    n: 1\nb: 2\n')).toEqual({ a: ['x', null, { k: 'v', m: { n: 1 } }], b: 2 });
  });
  it('block scalars: literal and folded, every chomping indicator, more-indented and blank lines', () => {
    const body = '  line one\n  line two\n\n    indented\n  last\n\n\n';
    for (const h of ['|', '|-', '|+', '>', '>-', '>+']) {
      const v = readAlike(`a: ${h}\n${body}b: 1\n`) as Record<string, unknown>;
      expect(v).toBeDefined();
      expect(v.b).toBe(1);
    }
    expect(readAlike('a: |\n  x\n  y\n')).toEqual({ a: 'x\ny\n' });
    expect(readAlike('a: >-\n  x\n  y\n\n  z\n')).toEqual({ a: 'x y\nz' });
    expect(readAlike('a: |+\n  x\n\nb: 1')).toEqual({ a: 'x\n\n', b: 1 });
    expect(readAlike('- a: |  # c\n    x\n  b: 2\n')).toBeUndefined(); // a sequence at the top: js-yaml reads it
  });
  it('a plain scalar over several lines folds as js-yaml folds it', () => {
    expect(readAlike('a: one\n  two\n\n  three  # c\nb: x\n')).toEqual({ a: 'one two\nthree', b: 'x' });
    expect(readAlike('a:\n  "on its own line"\nb:\n  [x]\n')).toEqual({ a: 'on its own line', b: ['x'] });
    // a deeper comment line ends it; a deeper line after that is an error in js-yaml: the block reader gives it up
    expect(readAlike('a: x\n  # c\nb: 1\n')).toEqual({ a: 'x', b: 1 });
    expect(readAlike('a: x\n  # c\n  y\n')).toBeUndefined();
  });
  it('what it does not fully understand goes to js-yaml, with the same result or the same error', () => {
    const given = [
      'a: &x 1\nb: *x\n', 'a: !!str 1\n', '? a\n: b\n', 'a: 1\n---\nb: 2\n', 'a:\tb\n', '\ta: b\n', 'a: 1\na: 2\n',
      'a: "x\n  y"\n', 'a: [x,\n  y]\n', '<<: {a: 1}\n', '__proto__: 1\n', 'a: b: c\n', 'a: 1\n b: 2\n', '- a\n', 'x\n',
      '# only a comment\n', '', 'a: |2\n   x\n', '%YAML 1.2\n---\na: 1\n', 'a: "\\q"\n', 'a: [b,]\n', 'a: {b: }\n', 'a: "open\n',
      'a:\n  - b\n c: 1\n', 'a: 1\r b: 2\n', '\ufeffa: 1\n',
      // characters js-yaml refuses in a plain scalar
      'a: x\x7fy\n', 'a: |\n  x\x90\n', 'a: x\ud800y\n', 'a: \udc00\n', 'a: "\x85"\n',
    ];
    for (const text of given) {
      expect(readBlockYaml(text), JSON.stringify(text)).toBeUndefined();
      expect(difference(text), JSON.stringify(text)).toBeUndefined();
    }
    // errors keep js-yaml's message and position, duplicates dbt's last-wins warning
    const bad = parseYamlFast('models:\n  - name: a\n    description: x: y\n', 'm.yml');
    expect(bad.diagnostics).toMatchObject([{ code: 'YAML_SYNTAX', file: 'm.yml', line: 3 }]);
    const dup = parseYamlFast('a: 1\na: 2\n', 'd.yml');
    expect(dup.value).toEqual({ a: 2 });
    expect(dup.diagnostics).toMatchObject([{ code: 'YAML_DUPLICATE_KEY', line: 2, column: 1 }]);
  });
});
