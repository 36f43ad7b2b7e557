// How `python -m modeler_core.agents` finds the modeler (Node) package without MODELER_HOME:
// the checkout `pip install ./python` was run in (recorded at build time), a `modeler` command on
// PATH, then `npm root -g`/modeler; when all fail, one line naming what was searched, exit 70.
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, REPO, runCliAsync, tempDir } from '../helpers/cli.js';
import { PYTHON, run } from '../helpers/python.js';

const ARGS = ['-m', 'modeler_core.agents', 'conceptualize', '--project', EXAMPLE];

/** modeler_core copied alone into a temp dir: no recorded checkout, no repository around it. */
function bareCopy(): string {
  const site = tempDir('modeler-site-');
  cpSync(join(REPO, 'python', 'modeler_core'), join(site, 'modeler_core'), { recursive: true, filter: (p) => !/(__pycache__|_home\.py)$/.test(p) });
  return site;
}

/** A PATH holding only the named programs (symlinks to the real ones). */
function pathWith(programs: Record<string, string>): string {
  const bin = tempDir('modeler-bin-');
  for (const [name, target] of Object.entries(programs)) symlinkSync(target, join(bin, name));
  return bin;
}

const NODE = process.execPath;
const NPM = (process.env.PATH ?? '').split(delimiter).map((d) => join(d, 'npm')).find((f) => existsSync(f));
const whichNpm = () => { if (!NPM) throw new Error('npm is not on PATH'); return NPM; };

describe('python launcher: finding the modeler package', () => {
  let node: string;
  beforeAll(async () => {
    const r = await runCliAsync(['agents', 'conceptualize', '--project', EXAMPLE]);
    expect(r.code, r.stderr).toBe(0);
    node = r.stdout;
  });

  it('pip install ./python into a venv: works without MODELER_HOME, from any directory', async () => {
    const venv = join(tempDir('modeler-venv-'), 'venv');
    const mk = await run(PYTHON, ['-m', 'venv', venv]);
    expect(mk.code, mk.stderr).toBe(0);
    const py = join(venv, 'bin', 'python');
    const pip = await run(py, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', join(REPO, 'python')]);
    expect(pip.code, pip.stderr).toBe(0);
    const home = await run(py, ['-c', 'from modeler_core._home import HOME; print(HOME)']);
    expect(home.stdout.trim()).toBe(REPO);
    // the command as the README gives it, from the checkout, then from elsewhere with PATH holding
    // only node: the recorded checkout is what finds the package
    const [inRepo, elsewhere] = await Promise.all([
      run(py, ['-m', 'modeler_core.agents', 'conceptualize', '--project', 'examples/jaffle_shop'], { cwd: REPO, env: { MODELER_HOME: undefined, PYTHONPATH: undefined } }),
      run(py, ARGS, { cwd: tempDir(), env: { MODELER_HOME: undefined, PYTHONPATH: undefined, PATH: pathWith({ node: NODE }) } }),
    ]);
    expect(inRepo.code, inRepo.stderr).toBe(0);
    expect(inRepo.stdout).toBe(node);
    expect(elsewhere.code, elsewhere.stderr).toBe(0);
    expect(elsewhere.stdout).toBe(node);
  }, 180_000);

  it('a `modeler` command on PATH leads to its package (the symlink is followed)', async () => {
    const r = await run(PYTHON, ARGS, { cwd: tempDir(), env: { MODELER_HOME: undefined, PYTHONPATH: bareCopy(), MODELER_NODE: NODE, PATH: pathWith({ modeler: join(REPO, 'bin', 'modeler.js') }) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(node);
  });

  it('`npm root -g`/dbt-modeler (npm install -g dbt-modeler) is found', async () => {
    const prefix = tempDir('modeler-prefix-');
    mkdirSync(join(prefix, 'lib', 'node_modules'), { recursive: true });
    symlinkSync(REPO, join(prefix, 'lib', 'node_modules', 'dbt-modeler'));
    const r = await run(PYTHON, ARGS, { cwd: tempDir(), env: { MODELER_HOME: undefined, PYTHONPATH: bareCopy(), npm_config_prefix: prefix, PATH: pathWith({ node: NODE, npm: whichNpm() }) } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toBe(node);
  });

  it('nothing found: one line naming every place searched, exit 70; a recorded checkout that moved is named', async () => {
    const prefix = tempDir('modeler-prefix-');
    const site = bareCopy();
    const moved = bareCopy();
    writeFileSync(join(moved, 'modeler_core', '_home.py'), "HOME = '/nonexistent/modeler-checkout'\n");
    const env = { MODELER_HOME: undefined, npm_config_prefix: prefix, PATH: pathWith({ node: NODE, npm: whichNpm() }) };
    const [lost, gone, noNpm] = await Promise.all([
      run(PYTHON, ARGS, { cwd: tempDir(), env: { ...env, PYTHONPATH: site } }),
      run(PYTHON, ARGS, { cwd: tempDir(), env: { ...env, PYTHONPATH: moved } }),
      run(PYTHON, ARGS, { cwd: tempDir(), env: { ...env, PYTHONPATH: site, PATH: pathWith({ node: NODE }) } }),
    ]);
    for (const r of [lost, gone, noNpm]) {
      expect(r.code).toBe(70);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^python -m modeler_core\.agents: cannot find the modeler package: set MODELER_HOME to the directory that holds bin\/modeler\.js, or install it with `npm install -g dbt-modeler` \(searched: /);
    }
    expect(lost.stderr).toContain(`(searched: no checkout recorded at install; ${dirname(site)} (around this launcher): not the modeler package; no \`modeler\` on PATH; ${join(prefix, 'lib', 'node_modules', 'dbt-modeler')} (npm root -g): not found)`);
    expect(gone.stderr).toContain('/nonexistent/modeler-checkout (recorded at install): not the modeler package any more');
    expect(noNpm.stderr).toContain('; npm not on PATH)');
  });

  it('the build step records nothing when python/ is not inside a modeler checkout', async () => {
    const src = tempDir('modeler-src-');
    cpSync(join(REPO, 'python'), join(src, 'python'), { recursive: true, filter: (p) => !/(build|egg-info|__pycache__)$/.test(p) });
    const target = tempDir('modeler-target-');
    const pip = await run(PYTHON, ['-m', 'pip', 'install', '--quiet', '--disable-pip-version-check', '--no-deps', '--target', target, join(src, 'python')]);
    expect(pip.code, pip.stderr).toBe(0);
    expect(readFileSync(join(target, 'modeler_core', '_home.py'), 'utf8')).toContain('HOME = None');
  }, 120_000);
});
