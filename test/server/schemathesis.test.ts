// Schemathesis over the server's own OpenAPI document (configuration: test/server/schemathesis.toml):
// generated and mutated requests to every operation that stays on this machine, against a real
// `modeler serve` on loopback and a scratch copy of the example project. It fails on any answer
// the document does not declare (status, content type, body shape, the error envelope) and on
// any 5xx. Schemathesis is a Python tool: `npm run test:deps` installs it into .ci/venv
// (MODELER_SCHEMATHESIS may name another `st`); without it the test is skipped, saying so.
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, REPO, tempDir } from '../helpers/cli.js';
import { req, spawnServe } from './helpers.js';

const ST = process.env.MODELER_SCHEMATHESIS ?? join(REPO, '.ci', 'venv', 'bin', 'st');
const CONFIG = join(REPO, 'test', 'server', 'schemathesis.toml');
const GIT_ENV = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.com', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.com' };
const reason = existsSync(ST) ? undefined : `schemathesis not installed (${ST.replace(REPO + '/', '')}; npm run test:deps installs it)`;

function run(cmd: string, args: string[], o: { cwd: string; env: Record<string, string> }): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { cwd: o.cwd, env: { ...process.env, ...o.env } });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.stderr.on('data', (d) => (out += d));
    p.on('close', (code) => resolve({ code, out }));
  });
}

describe('the API matches its OpenAPI document (Schemathesis)', () => {
  (reason ? it.skip : it)(`every local operation answers only what the document declares, and never a 5xx${reason ? ` [skipped: ${reason}]` : ''}`, async () => {
    const dir = join(tempDir('modeler-schemathesis-'), 'project');
    cpSync(EXAMPLE, dir, { recursive: true });
    execFileSync('git', ['init', '-q'], { cwd: dir });
    execFileSync('git', ['add', '-A'], { cwd: dir });
    execFileSync('git', ['commit', '-qm', 'init'], { cwd: dir, env: { ...process.env, ...GIT_ENV } });
    const s = await spawnServe(['--project-dir', dir, '--port', '0'], GIT_ENV);
    let r: { code: number | null; out: string };
    try {
      const id = (await req(s.port, 'GET', '/api/projects')).json.projects[0].id;
      const doc = (await req(s.port, 'GET', '/api/openapi.json')).json;
      const operations = Object.values(doc.paths).reduce((n: number, p: any) => n + Object.keys(p).length, 0);
      r = await run(ST, ['--config-file', CONFIG, 'run', `${s.url}/api/openapi.json`], { cwd: tempDir('modeler-st-run-'), env: { MODELER_PROJECT_ID: id, NO_COLOR: '1' } });
      // the figures of the run, for whoever reads the test output
      const tested = /Tested: (\d+)/.exec(r.out)?.[1];
      const cases = /(\d+) generated, (\d+) passed/.exec(r.out) ?? /(\d+) generated, (\d+) found/.exec(r.out);
      console.log(`schemathesis: ${tested} of ${operations} operations tested, ${cases?.[1]} cases, exit ${r.code}`);
      expect(r.code, r.out.slice(-6000)).toBe(0);
      // every operation but those excluded in the configuration (remotes, providers, the event stream)
      expect(Number(tested)).toBe(operations - 7);
    } finally {
      s.child.kill('SIGTERM');
      await s.exited;
    }
    expect(s.err()).not.toMatch(/^error [0-9a-f]{8} /m);
    // and the project it was thrown at still starts
    const again = await spawnServe(['--project-dir', dir, '--port', '0'], GIT_ENV);
    expect((await req(again.port, 'GET', '/api/health')).status).toBe(200);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 600_000);
});
