// Hostile and oversized input on the CLI, as a user would meet it: each command runs the real
// binary under ulimit -v, a 256 MiB heap and a time-out (a run that grows or hangs is killed and
// fails here), answers one located line with the limit's code and exits 1 — and the folder it
// was pointed at is byte-for-byte as it was.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../helpers/cli.js';
import { aliasBomb, deepYaml, latin1Model, manyKeys, runBounded, treeHash } from '../helpers/hostile.js';

function scratch(files: Record<string, string | Buffer> = {}): string {
  const dir = tempDir('modeler-hostile-cli-');
  for (const [rel, text] of Object.entries(files)) { mkdirSync(join(dir, rel, '..'), { recursive: true }); writeFileSync(join(dir, rel), text); }
  return dir;
}

/** Run `args` in `dir` (paths relative to it) and check the tree is unchanged. */
function refused(dir: string, args: string[]) {
  const before = treeHash(dir);
  const r = runBounded(args, { cwd: dir });
  expect(r.signal, `${args.join(' ')} was killed by its bound: ${r.stderr.slice(0, 300)}`).toBeNull();
  expect(treeHash(dir)).toBe(before);
  expect(r.stderr + r.stdout).not.toMatch(/internal error|\n\s+at /);
  return r;
}

describe('hostile input on the CLI: a located refusal, exit 1, bounded, nothing written', () => {
  it('validate /dev/zero and a FIFO: refused by type before they are opened', () => {
    const zero = runBounded(['validate', '/dev/zero'], { timeoutMs: 20_000 });
    expect(zero.signal).toBeNull();
    expect(zero.code).toBe(1);
    expect(zero.stdout).toMatch(/\/dev\/zero: error\[NOT_A_FILE\]: \/dev\/zero is a character device, not a regular file/);
    const dir = scratch();
    execFileSync('mkfifo', [join(dir, 'pipe.model.yaml')]);
    const fifo = refused(dir, ['validate', 'pipe.model.yaml']);
    expect(fifo.code).toBe(1);
    expect(fifo.stdout).toMatch(/pipe\.model\.yaml: error\[NOT_A_FILE\]: .*FIFO/);
    expect(refused(dir, ['import', 'sql', 'pipe.model.yaml']).code).toBe(1);
  });

  it('a 600-byte alias bomb: YAML_ALIAS_LIMIT at its line, in validate, gate, migrate, generate, summary and policy-check (they exited 70)', () => {
    const dir = scratch({ 'bomb.model.yaml': aliasBomb(), 'p/dbt_project.yml': "name: p\nversion: '1.0'\n", 'p/models/bomb.yml': aliasBomb('version: 2'), 'p/Modeler/bomb.model.yaml': aliasBomb() });
    expect(Buffer.byteLength(aliasBomb())).toBeLessThan(700);
    for (const args of [['validate', 'bomb.model.yaml'], ['gate', 'bomb.model.yaml', 'bomb.model.yaml'], ['migrate', 'bomb.model.yaml', 'bomb.model.yaml'], ['generate', 'sql', 'bomb.model.yaml']]) {
      const r = refused(dir, args);
      expect(r.code, args.join(' ')).toBe(1);
      expect(r.stdout + r.stderr, args.join(' ')).toMatch(/bomb\.model\.yaml:8:\d+: (error\[)?YAML_ALIAS_LIMIT/);
    }
    const summary = refused(dir, ['summary', '--project-dir', 'p']);
    expect(summary.code).toBe(1);
    expect(summary.stdout + summary.stderr).toMatch(/models\/bomb\.yml:8:\d+: error\[YAML_ALIAS_LIMIT\]/);
    expect(summary.stdout + summary.stderr).toMatch(/Modeler\/bomb\.model\.yaml:8:\d+: error\[YAML_ALIAS_LIMIT\]/);
    expect(refused(dir, ['policy-check', '--policy', 'modeler/base', 'p']).code).toBe(1);
  });

  it('too many keys in one mapping, nesting too deep, a long line, a file over 10 MiB: each its own code, located', () => {
    const dir = scratch({
      'keys.model.yaml': manyKeys(40_000), 'deep.model.yaml': deepYaml(10_000),
      'line.model.yaml': `model: {name: m, version: 1.0.0, description: "${'x'.repeat(120_000)}"}\n`,
      'big.model.yaml': manyKeys(600_000),
    });
    const cases: [string, RegExp][] = [
      ['keys.model.yaml', /keys\.model\.yaml:10005:9: error\[TOO_MANY_KEYS\]/],
      ['deep.model.yaml', /deep\.model\.yaml:2:\d+: error\[NESTING_TOO_DEEP\]/],
      ['line.model.yaml', /line\.model\.yaml:1:100001: error\[LINE_TOO_LONG\]/],
      ['big.model.yaml', /big\.model\.yaml: error\[FILE_TOO_LARGE\]: big\.model\.yaml is [\d,]+ bytes, over the 10 MiB limit/],
    ];
    for (const [file, want] of cases) {
      const r = refused(dir, ['validate', file]);
      expect(r.code, file).toBe(1);
      expect(r.stdout, file).toMatch(want);
    }
  });

  it('bytes that are not UTF-8: INVALID_UTF8 at the line and column', () => {
    const dir = scratch({ 'latin1.model.yaml': latin1Model() });
    const r = refused(dir, ['validate', 'latin1.model.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/latin1\.model\.yaml:3:14: error\[INVALID_UTF8\]: byte 0xe9/);
  });

  it('unknown keys are all reported, every one located (the check is linear; bench/hostile-input.mjs has the figures)', () => {
    const dir = scratch({ 'keys.model.yaml': manyKeys(9_000) });
    const r = refused(dir, ['validate', 'keys.model.yaml']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/keys\.model\.yaml: 9000 errors/);
    expect(r.stdout).toMatch(/keys\.model\.yaml:9005:9: error\[SCHEMA\]: unknown key 'k8999'/);
  });

  it('import sql on binary input says it is not SQL, exit 1, nothing written', () => {
    const dir = scratch({ 'garbage.sql': Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0xff, 0xfe, 0x5b, 0x5d, 0x00, 0x80]), 'nul.sql': 'create table a (id int);\0\n' });
    const g = refused(dir, ['import', 'sql', 'garbage.sql', '--out', 'out.model.yaml']);
    expect(g.code).toBe(1);
    expect(g.stderr).toMatch(/garbage\.sql is not SQL text/);
    const n = refused(dir, ['import', 'sql', 'nul.sql', '--out', 'out.model.yaml']);
    expect(n.code).toBe(1);
    expect(n.stderr).toMatch(/nul\.sql: holds a NUL byte \(offset 24\), so it is not SQL text/);
  });

  it('an output name up to NAME_MAX is written (temp names no longer grow with it); an output that is a folder is one line, exit 64', () => {
    const dir = scratch();
    cpSync(join(REPO, 'examples', 'shop', 'v1.model.yaml'), join(dir, 'v1.model.yaml'));
    const long = `${'n'.repeat(251)}.sql`;
    const ok = runBounded(['generate', 'sql', 'v1.model.yaml', '--dialect', 'postgres', '--out', long], { cwd: dir });
    expect(ok.code, ok.stderr).toBe(0);
    expect(readdirSync(dir)).toContain(long);
    mkdirSync(join(dir, 'a-folder'));
    const before = treeHash(dir);
    const folder = runBounded(['generate', 'sql', 'v1.model.yaml', '--dialect', 'postgres', '--out', 'a-folder'], { cwd: dir });
    expect(folder.code).toBe(64);
    expect(folder.stderr.trim().split('\n')).toHaveLength(1);
    expect(folder.stderr).toMatch(/a-folder.*is a directory/);
    expect(treeHash(dir)).toBe(before);
  });
});
