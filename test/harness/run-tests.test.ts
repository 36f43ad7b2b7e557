// scripts/run-tests.mjs (the `npm test` runner) on scratch suites: its closing summary counts a
// test file that cannot load as a failure, lists skipped tests under their reason, and its exit
// code is 0 exactly when the summary says 0 failed.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../helpers/cli.js';

function suite(files: Record<string, string>): string {
  const dir = tempDir('modeler-runner-');
  mkdirSync(join(dir, 't'));
  // globals: the scratch files need no import, so they resolve nothing outside their folder
  writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['t/**/*.test.mjs'], globals: true, pool: 'forks' } };\n");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, 't', name), text);
  return dir;
}

function runner(dir: string): Promise<{ code: number; out: string }> {
  // the nested vitest must not think it is a worker of this one
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST')));
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [join(REPO, 'scripts', 'run-tests.mjs'), '--no-build', '--root', dir, '--config', join(dir, 'vitest.config.mjs')], { cwd: REPO, env });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code: code ?? -1, out }));
  });
}

const summary = (out: string) => out.trim().split('\n').at(-1);

describe('scripts/run-tests.mjs', () => {
  it('counts an unloadable file, a failing test and a throw at top level as failures; skips are listed by reason', async () => {
    const dir = suite({
      'pass.test.mjs': "it('adds', () => expect(1 + 1).toBe(2));\n",
      'fail.test.mjs': "it('is wrong', () => expect(1).toBe(2));\n",
      'skip.test.mjs': "it.skip('needs the moon [skipped: the moon is not here]', () => {});\nit.skip('no reason', () => {});\nit('runs', () => {});\n",
      'unloadable.test.mjs': "import './missing-module.mjs';\nit('never collected', () => {});\n",
      'syntax.test.mjs': "it('broken', () => { ) ;\n",
      'throws.test.mjs': "throw new Error('boom at top level');\n",
    });
    const r = await runner(dir);
    expect(summary(r.out)).toBe('tests: 2 passed, 4 failed, 2 skipped');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/skipped 1 \(the moon is not here\) in .*t\/skip\.test\.mjs/);
    expect(r.out).toMatch(/skipped 1 \(no reason given\) in .*t\/skip\.test\.mjs\n  .*skip\.test\.mjs > no reason/);
    expect(r.out).toMatch(/failed to load or failed outside its tests: .*t\/unloadable\.test\.mjs: .*missing-module\.mjs/);
    expect(r.out).toMatch(/failed to load or failed outside its tests: .*t\/syntax\.test\.mjs: /);
    expect(r.out).toMatch(/failed to load or failed outside its tests: .*t\/throws\.test\.mjs: boom at top level/);
  });
  it('exit 0 and "0 failed" together when everything passes or is skipped', async () => {
    const r = await runner(suite({
      'pass.test.mjs': "it('adds', () => expect(1 + 1).toBe(2));\n",
      'skip.test.mjs': "describe.skip('later', () => { it('a', () => {}); it('b', () => {}); });\n",
    }));
    expect([summary(r.out), r.code]).toEqual(['tests: 1 passed, 0 failed, 2 skipped', 0]);
  });
  it('a run vitest fails with no failed test (an error after the tests) is still counted as a failure', async () => {
    const r = await runner(suite({
      'late.test.mjs': "it('passes, then throws later', () => { setTimeout(() => { throw new Error('late boom'); }, 0); });\nit('waits', () => new Promise((r) => setTimeout(r, 50)));\n",
    }));
    expect(r.code).toBe(1);
    expect(summary(r.out)).toMatch(/^tests: 2 passed, [1-9]\d* failed, 0 skipped$/);
  });
});
