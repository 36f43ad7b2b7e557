import { describe, expect, it } from 'vitest';
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, REPO } from '../helpers/cli.js';
import { describeShared, itShared, PEER } from '../helpers/shared.js';
import { loadModelFile, loadModelText } from '../../src/core/model/load.js';

function peerModels(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.model.yaml')) out.push(join(d, e.name));
    }
  };
  walk(PEER);
  return out.sort();
}

describeShared('model loader on the peer fixtures', () => {
  const files = peerModels();
  it('finds the peer fixtures', () => expect(files.length).toBeGreaterThanOrEqual(12));
  for (const f of files.filter((f) => !f.endsWith('invalid.model.yaml'))) {
    it(`loads ${f.slice(PEER.length + 1)} without errors and normalises fields→columns`, () => {
      const lm = loadModelFile(f);
      expect(lm.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
      expect(lm.model!.entities.length).toBeGreaterThan(0);
      for (const e of lm.model!.entities) {
        expect(Array.isArray(e.columns)).toBe(true);
        expect((e as any).fields).toBeUndefined();
      }
    });
  }
  it('rejects invalid.model.yaml with a located UNKNOWN_ENTITY error', () => {
    const lm = loadModelFile(join(PEER, 'tests/scenarios/invalid.model.yaml'));
    expect(lm.ok).toBe(false);
    const e = lm.diagnostics.find((d) => d.code === 'UNKNOWN_ENTITY')!;
    expect(e.line).toBe(23);
    expect(e.message).toContain("'Order'");
  });
});

describe('schema and semantic checks', () => {
  const check = (yaml: string) => loadModelText(yaml, 'm.yaml').diagnostics;
  const base = 'model: {name: m, version: 1.0.0}\n';
  it('closed keys with did-you-mean at the key position', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns:\n      - name: id\n        nulable: false\n');
    expect(ds).toHaveLength(1);
    expect(ds[0]).toMatchObject({ code: 'SCHEMA', line: 6, column: 9 });
    expect(ds[0].message).toContain("did you mean 'nullable'");
  });
  it('meta stays open', () => {
    expect(check(base + 'entities:\n  - name: A\n    meta: {anything: [1, {x: y}]}\n    columns:\n      - name: id\n        meta: {glossary_term: x, other: 1}\n')
      .filter((d) => d.severity === 'error')).toEqual([]);
  });
  it('semver version is required', () => {
    const ds = check('model: {name: m, version: "1.0"}\n');
    expect(ds[0].message).toContain('does not match');
  });
  it('duplicate entity and column names', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns: [{name: id}, {name: id}]\n  - name: A\n');
    expect(ds.map((d) => d.code).sort()).toEqual(['DUPLICATE_COLUMN', 'DUPLICATE_ENTITY']);
    expect(ds.find((d) => d.code === 'DUPLICATE_ENTITY')!.line).toBe(5);
  });
  it('relationship and index endpoints must exist', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns: [{name: id, primary_key: true}]\n  - name: B\n    columns: [{name: a_id}]\n' +
      'relationships:\n  - {name: r, from: A.id, to: B.aid, cardinality: one_to_many}\n  - {name: s, from: A.id, to: C.a_id}\n' +
      'indexes:\n  - {name: i, entity: B, columns: [a_idd]}\n  - {name: j, entity: Bb, columns: [a_id]}\n');
    expect(ds.map((d) => d.code)).toEqual(['UNKNOWN_COLUMN', 'UNKNOWN_ENTITY', 'INDEX_UNKNOWN_COLUMN', 'INDEX_UNKNOWN_ENTITY']);
    expect(ds[0].message).toContain("did you mean 'a_id'");
  });
  it('two columns renamed from the same previous_name', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns:\n      - {name: a, previous_name: old}\n      - {name: b, previous_name: old}\n');
    expect(ds.map((d) => [d.code, d.line])).toEqual([['DUPLICATE_PREVIOUS_NAME', 6]]);
  });
  it('a previous_name that still exists renames nothing (warning); two entities from one previous_name (error)', () => {
    const ds = check(base + 'entities:\n  - name: A\n    previous_name: Old\n    columns: [{name: a}, {name: b, previous_name: a}]\n  - name: B\n    previous_name: Old\n  - name: Old\n');
    expect(ds.map((d) => [d.code, d.severity, d.line])).toEqual([
      ['PREVIOUS_NAME_EXISTS', 'warning', 4], ['PREVIOUS_NAME_EXISTS', 'warning', 5],
      ['DUPLICATE_PREVIOUS_NAME', 'error', 7], ['PREVIOUS_NAME_EXISTS', 'warning', 7],
    ]);
  });
  it('primary key declared nullable', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns: [{name: id, primary_key: true, nullable: true}]\n');
    expect(ds[0].code).toBe('PK_NULLABLE');
  });
  it('binding to an undefined glossary term (all three shapes)', () => {
    const ds = check(base + 'glossary: [{term: customer, definition: x}]\nentities:\n  - name: A\n    columns:\n' +
      '      - {name: a, binding: {glossary_term: custmer, status: approved}}\n      - {name: b, terms: [customer, order]}\n      - {name: c, meta: {glossary_term: nope}}\n');
    expect(ds.map((d) => [d.code, d.severity])).toEqual([['UNKNOWN_GLOSSARY_TERM', 'error'], ['UNKNOWN_GLOSSARY_TERM', 'error'], ['UNKNOWN_GLOSSARY_TERM', 'error']]);
    expect(ds[0].message).toContain("did you mean 'customer'");
  });
  it('cardinality that contradicts the keys', () => {
    const ds = check(base + 'entities:\n  - name: A\n    columns: [{name: id, primary_key: true}, {name: code}]\n  - name: B\n    columns: [{name: id, primary_key: true}, {name: a_code}]\n' +
      'relationships:\n  - {name: r, from: A.code, to: B.a_code, cardinality: one_to_many}\n  - {name: s, from: A.id, to: B.a_code, cardinality: one_to_one}\n');
    expect(ds.map((d) => d.code)).toEqual(['CARDINALITY_KEYS', 'CARDINALITY_KEYS']);
    expect(ds[0].message).toContain('A.code is not a primary key or unique');
  });
  it('YAML syntax errors are located, not crashes', () => {
    const ds = check('model:\n  name: [x\n');
    expect(ds[0]).toMatchObject({ code: 'YAML_SYNTAX', severity: 'error' });
    expect(ds[0].line).toBeGreaterThan(0);
  });
  it('a dbt property file given as a model gets one clear error, not a flood of unknown keys', () => {
    const ds = check('version: 2\nmodels:\n  - name: customers\n    columns: [{name: id}]\n');
    expect(ds.map((d) => [d.code, d.line, d.message])).toEqual([['MODEL_SHAPE', 1, 'this is a dbt property file (models:/sources:), not a model file']]);
  });
  it('a second YAML document is located and explained without naming the library\'s API', () => {
    const ds = check('model: {name: a, version: 1.0.0}\n---\nentities: []\n');
    expect(ds[0]).toMatchObject({ code: 'YAML_SYNTAX', line: 2, column: 1 });
    expect(ds[0].message).not.toMatch(/parseAllDocuments/);
    expect(ds[0].hint).toContain("remove the '---' line");
  });
  it('a key given twice is located at the second one with a hint that says so', () => {
    const ds = check('model: {name: a, version: 1.0.0}\nentities:\n  - name: A\n    name: B\n');
    expect(ds[0]).toMatchObject({ code: 'YAML_SYNTAX', line: 4, column: 5, hint: 'this key already appears in the same mapping; keep one of them' });
  });
});

describe('modeler validate (CLI)', () => {
  itShared('exit 0 on a valid peer model', () => {
    const r = runCli(['validate', join(PEER, 'tests/scenarios/base.model.yaml')]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('valid');
  });
  itShared('exit 1 with file:line:col: error[CODE] lines and a hint', () => {
    const r = runCli(['validate', join(PEER, 'tests/scenarios/invalid.model.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/invalid\.model\.yaml:23:\d+: error\[UNKNOWN_ENTITY\]: /);
    expect(r.stdout).toContain('  hint: ');
  });
  itShared('--output-json gives the same fields', () => {
    const r = runCli(['validate', join(PEER, 'tests/scenarios/invalid.model.yaml'), '--output-json']);
    expect(r.code).toBe(1);
    const j = JSON.parse(r.stdout);
    expect(j.valid).toBe(false);
    expect(j.diagnostics[0]).toMatchObject({ code: 'UNKNOWN_ENTITY', severity: 'error', line: 23 });
    expect(j.diagnostics[0].hint).toBeTruthy();
  });
  it('a YAML syntax error exits 1 with a located message', () => {
    const d = tempDir();
    writeFileSync(join(d, 'bad.yaml'), 'model:\n  name: "x\n');
    const r = runCli(['validate', join(d, 'bad.yaml')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/bad\.yaml:\d+:\d+: error\[YAML_SYNTAX\]/);
  });
  it('a directory is a usage error; an empty file is a located error; BOM + CRLF files read as plain ones', () => {
    const d = tempDir();
    const dir = runCli(['validate', d]);
    expect(dir.code).toBe(64);
    expect(dir.stderr).toBe(`modeler: cannot read ${d}: is a directory\n`);
    writeFileSync(join(d, 'empty.yaml'), '');
    const empty = runCli(['validate', join(d, 'empty.yaml')]);
    expect(empty.code).toBe(1);
    expect(empty.stdout).toContain(`${join(d, 'empty.yaml')}:1:1: error[MODEL_SHAPE]`);
    const text = 'model: {name: a, version: 1.0.0}\nentities:\n  - name: A\n    columns:\n      - {name: id, data_type: integer, nulable: false}\n';
    writeFileSync(join(d, 'bom.yaml'), '\uFEFF' + text.replace(/\n/g, '\r\n'));
    const bom = runCli(['validate', join(d, 'bom.yaml'), '--output-json']);
    expect(bom.code).toBe(1);
    expect(JSON.parse(bom.stdout).diagnostics.map((x: any) => [x.code, x.line, x.column])).toEqual([['SCHEMA', 5, text.split('\n')[4].indexOf('nulable') + 1]]);
    writeFileSync(join(d, 'ok.yaml'), '\uFEFF' + text.replace('nulable', 'nullable').replace(/\n/g, '\r\n'));
    expect(runCli(['validate', join(d, 'ok.yaml')]).code).toBe(0);
  });
  it('an unknown key named like an Object member (constructor, toString) is located as any unknown key, not an internal error', () => {
    const d = tempDir();
    writeFileSync(join(d, 'o.model.yaml'), 'model: {name: o, version: 1.0.0}\nconstructor: 1\nentities:\n  - name: a\n    toString: 2\n    columns: [{name: id, data_type: int}]\n');
    const r = runCli(['validate', join(d, 'o.model.yaml')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/o\.model\.yaml:2:1: error\[SCHEMA\]: unknown key 'constructor'/);
    expect(r.stdout).toMatch(/o\.model\.yaml:5:5: error\[SCHEMA\]: unknown key 'toString'/);
  });
  it('missing file is a usage error (64)', () => {
    const r = runCli(['validate', '/nonexistent/x.yaml']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});

describe('CLI surface', () => {
  it('--version and --help', () => {
    expect(runCli(['--version']).stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
    const h = runCli(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('validate');
    expect(runCli(['validate', '--help']).stdout).toContain('--output-json');
  });
  it('unknown command: exit 64, one line, did you mean', () => {
    const r = runCli(['valdate', 'x']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("did you mean 'validate'");
  });
  // dental-clinic: 'modeler --project-dir . summary' said only "unknown option '--project-dir'; see 'modeler --help'",
  // and 'modeler --json ask x' suggested the very flag typed ("did you mean '--json'?")
  it('an option before its command: exit 64, one line, the command line with the option after the command', () => {
    const dir = runCli(['--project-dir', 'examples/jaffle_shop', 'summary']);
    expect([dir.code, dir.stderr]).toEqual([64, "modeler: '--project-dir' is an option of 'modeler summary' and goes after it: modeler summary --project-dir examples/jaffle_shop\n"]);
    const json = runCli(['--json', 'ask', 'what feeds orders?']);
    expect([json.code, json.stderr]).toEqual([64, "modeler: '--json' is an option of 'modeler ask' and goes after it: modeler ask --json 'what feeds orders?'\n"]);
    // an option no command has is still unknown, with where to look
    expect(runCli(['--nope', 'summary']).stderr).toBe("modeler: unknown option '--nope'; see 'modeler summary --help'\n");
  });
  it('an argument too many: exit 64, one line, with the fix (a folder goes in --project-dir; a question in quotes)', () => {
    const folder = runCli(['summary', 'examples/jaffle_shop']);
    expect(folder.code).toBe(64);
    expect(folder.stderr.trim().split('\n')).toHaveLength(1);
    expect(folder.stderr).toContain("'examples/jaffle_shop' is a folder; give it as --project-dir examples/jaffle_shop; see 'modeler summary --help'");
    const nested = runCli(['agents', 'conceptualize', 'examples/jaffle_shop', '--declared-only']);
    expect(nested.code).toBe(64);
    expect(nested.stderr).toContain("give it as --project-dir examples/jaffle_shop; see 'modeler agents conceptualize --help'");
    const words = runCli(['ask', 'what', 'feeds', 'orders']);
    expect(words.code).toBe(64);
    expect(words.stderr.trim().split('\n')).toHaveLength(1);
    expect(words.stderr).toContain('put the question in quotes, e.g. modeler ask "what feeds orders?"');
    // a word that is no folder: still where to look
    expect(runCli(['summary', 'no-such-folder']).stderr).toMatch(/Expected 0 arguments but got 1; see 'modeler summary --help'\n$/);
    // --select takes every word after it, as dbt's does: a project folder after it became a selector
    const selected = runCli(['summary', '--select', 'orders', 'examples/jaffle_shop']);
    expect([selected.code, selected.stdout, selected.stderr]).toEqual([64, '',
      "modeler: --select took 'examples/jaffle_shop' as a selector (it takes every word after it, as dbt's does), but it is a dbt project folder; give it as --project-dir examples/jaffle_shop\n"]);
    // inside a project a folder is dbt's path selector, and read as one
    const path = runCli(['summary', '--select', 'models/marts'], { cwd: join(REPO, 'examples', 'jaffle_shop') });
    expect([path.code, path.stdout]).toEqual([0, expect.stringMatching(/models: +3 enabled/)]);
  });
  it('a missing argument or option, a value not among the choices: exit 64, one line, where the usage is', () => {
    for (const [args, said] of [
      [['ask'], "missing required argument 'question'; see 'modeler ask --help'"],
      [['generate', 'dbt', 'examples/shop/v1.model.yaml'], "required option '--out-dir <dir>' not specified; see 'modeler generate dbt --help'"],
      [['summary', '--output', 'yaml'], "Allowed choices are json, text; see 'modeler summary --help'"],
      // a provider kind typed wrong was AI_PROVIDER_UNSUPPORTED, exit 1, after the project was read
      [['ask', 'what is orders', '--provider', 'locl'], "Allowed choices are local, openai, anthropic, google, openai-compatible (did you mean 'local'?); see 'modeler ask --help'"],
    ] as const) {
      const r = runCli([...args]);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
      expect(r.stderr.trim().endsWith(said), r.stderr).toBe(true);
    }
  });
  it('unknown flag: exit 64, one line, did you mean', () => {
    const r = runCli(['validate', 'x.yaml', '--output-jsn']);
    expect(r.code).toBe(64);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain("did you mean '--output-json'");
  });
});
