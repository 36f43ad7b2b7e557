// The faces of dbt's selection syntax and of the words dbt users know: --select/-s/--exclude on
// the project commands, the one-line usage error for a bad selector, dbt's "nothing to do",
// `--output json` as dbt spells it, colour on a terminal only (NO_COLOR and FORCE_COLOR respected).
import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { EXAMPLE, BIN, runCli } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';
import { parseSelection, selectNodes, SelectorError } from '../../src/core/select/index.js';

const NO_TTY = { NO_COLOR: '', FORCE_COLOR: '' };
const models = (ids: Iterable<string>) => [...ids].filter((x) => x.startsWith('model.')).map((x) => x.split('.').pop()).sort();

describe('selector grammar', () => {
  it('reads dbt\'s operators and methods', () => {
    const s = parseSelection(['@stg_orders 2+tag:nightly,config.materialized:table+3'], ['path:models/staging']);
    expect(s.select![0][0]).toMatchObject({ method: 'fqn', value: 'stg_orders', childrensParents: true, parents: false, children: false });
    expect(s.select![1][0]).toMatchObject({ method: 'tag', value: 'nightly', parents: true, parentsDepth: 2 });
    expect(s.select![1][1]).toMatchObject({ method: 'config', args: ['materialized'], value: 'table', children: true, childrenDepth: 3 });
    expect(s.exclude![0][0]).toMatchObject({ method: 'path', value: 'models/staging' });
    expect(parseSelection(['models/marts']).select![0][0].method).toBe('path');
    expect(parseSelection(['orders.sql']).select![0][0].method).toBe('file');
  });
  it('refuses what dbt refuses, naming the selector', () => {
    expect(() => parseSelection(['colour:red'])).toThrow(SelectorError);
    expect(() => parseSelection(['colour:red'])).toThrow(/'colour' is not a valid selector method \(in 'colour:red'\)/);
    expect(() => parseSelection(['@orders+'])).toThrow(/"@" prefix and a "\+" suffix/);
    expect(() => parseSelection(['a,,b'])).toThrow(/empty part/);
    expect(() => parseSelection(['state:modified'])).toThrow(/needs dbt's run state/);
  });
  it('evaluates union, intersection, exclusion and graph operators on the example', () => {
    const p = loadProject(EXAMPLE);
    expect(models(selectNodes(p, ['+customers']).ids)).toEqual(['customers', 'stg_shop__customers', 'stg_shop__orders', 'stg_stripe__payments']);
    expect(models(selectNodes(p, ['stg_*,+customers']).ids)).toEqual(['stg_shop__customers', 'stg_shop__orders', 'stg_stripe__payments']);
    expect(models(selectNodes(p, ['+customers'], ['stg_shop__*']).ids)).toEqual(['customers', 'stg_stripe__payments']);
    expect(models(selectNodes(p, ['customers orders']).ids)).toEqual(['customers', 'orders']);
    // tests follow the models they test; a relationships test also follows its target
    expect([...selectNodes(p, ['customers']).ids].some((x) => x.startsWith('test.'))).toBe(true);
  });
});

describe('the CLI faces', () => {
  it('summary --select counts only the selected nodes; -s and --exclude work too', () => {
    const all = JSON.parse(runCli(['summary', '--project-dir', EXAMPLE, '--output-json']).stdout);
    const r = runCli(['summary', '--project-dir', EXAMPLE, '-s', 'path:models/staging', '--exclude', 'stg_stores', '--output', 'json']);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.models.total).toBe(7);
    expect(all.models.total).toBe(11);
    expect(s.selection.select).toEqual(['path:models/staging']);
    expect(s.selection.nodes).not.toContain('model.jaffle_shop.stg_stores');
    expect(all.selection).toBeUndefined();
  });
  it('a bad selector is a one-line usage error naming it', () => {
    for (const cmd of [['summary'], ['readiness-gate'], ['contracts', 'enforce', '--dry-run'], ['agents', 'conceptualize']]) {
      const r = runCli([...cmd, '--project-dir', EXAMPLE, '--select', 'colour:red'], { env: NO_TTY });
      expect(r.code, cmd.join(' ')).toBe(64);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(/^modeler: 'colour' is not a valid selector method \(in 'colour:red'\)/);
      expect(r.stdout).toBe('');
    }
  });
  it('nothing selected: says so as dbt does, exit 0', () => {
    for (const cmd of [['summary'], ['readiness-gate'], ['contracts', 'enforce', '--dry-run'], ['agents', 'conceptualize']]) {
      const r = runCli([...cmd, '--project-dir', EXAMPLE, '--select', 'tag:no_such_tag'], { env: NO_TTY });
      expect(r.code, cmd.join(' ') + r.stderr).toBe(0);
      expect(r.stderr).toContain('modeler: warning: the selection criteria (--select tag:no_such_tag) do not match any enabled node; nothing to do');
    }
  });
  it('readiness-gate and contracts enforce work on the selection only', () => {
    const g = JSON.parse(runCli(['readiness-gate', '--project-dir', EXAMPLE, '--select', 'path:models/marts', '--output', 'json']).stdout);
    expect(g.selected).toContain('model.jaffle_shop.customers');
    expect(g.files.map((f: { path: string }) => f.path)).toEqual(['models/marts/_marts.yml']);
    const c = JSON.parse(runCli(['contracts', 'enforce', '--project-dir', EXAMPLE, '--select', 'customers', '--dry-run', '--output', 'json']).stdout);
    expect(c.selected.map((x: { model: string }) => x.model)).toEqual(['customers']);
  });
  it('agents conceptualize reads only the selected models', () => {
    const all = JSON.parse(runCli(['agents', 'conceptualize', '--project-dir', EXAMPLE]).stdout);
    const some = JSON.parse(runCli(['agents', 'conceptualize', '--project-dir', EXAMPLE, '-s', 'stg_shop__customers stg_shop__orders']).stdout);
    const sources = (d: any) => d.entities.flatMap((e: any) => e.sources ?? []).sort();
    expect(sources(some)).toEqual(['stg_shop__customers', 'stg_shop__orders']);
    expect(sources(all).length).toBeGreaterThan(2);
  });
  it('--output json is --output-json; --output text with --output-json is a usage error', () => {
    const a = runCli(['summary', '--project-dir', EXAMPLE, '--output', 'json']);
    const b = runCli(['summary', '--project-dir', EXAMPLE, '--output-json']);
    expect(a.code).toBe(0);
    expect({ ...JSON.parse(a.stdout), loadMs: 0 }).toEqual({ ...JSON.parse(b.stdout), loadMs: 0 });
    const bad = runCli(['summary', '--project-dir', EXAMPLE, '--output', 'yaml'], { env: NO_TTY });
    expect(bad.code).toBe(64);
    expect(bad.stderr).toMatch(/--output <format>' argument 'yaml' is invalid.*json, text/);
    expect(runCli(['summary', '--project-dir', EXAMPLE, '--output', 'text', '--output-json']).code).toBe(64);
  });
});

describe('colour', () => {
  const RED = '\x1b[31m';
  const tty = (args: string, env: Record<string, string> = {}) => spawnSync('script', ['-qc', `${JSON.stringify(process.execPath)} ${BIN} ${args}`, '/dev/null'],
    { encoding: 'utf8', env: { ...process.env, NO_COLOR: '', FORCE_COLOR: '', ...env } }).stdout;
  const hasScript = spawnSync('script', ['-qc', 'true', '/dev/null']).status === 0;
  it.skipIf(!hasScript)(`on a terminal errors are red and headers bold; NO_COLOR turns it off${hasScript ? '' : ' [skipped: the `script` command (util-linux) is not installed, so no terminal can be opened]'}`, () => {
    const err = tty(`summary --project-dir ${EXAMPLE} --select colour:red`);
    expect(err).toContain(`${RED}modeler:`);
    expect(tty(`summary --project-dir ${EXAMPLE}`)).toContain('\x1b[1mproject jaffle_shop');
    const plain = tty(`summary --project-dir ${EXAMPLE} --select colour:red`, { NO_COLOR: '1' });
    expect(plain).toContain('modeler: \'colour\' is not a valid selector method');
    expect(plain).not.toContain('\x1b[');
  });
  it('not a terminal: no colour, unless FORCE_COLOR asks', () => {
    const piped = runCli(['summary', '--project-dir', EXAMPLE, '--select', 'colour:red'], { env: NO_TTY });
    expect(piped.stderr).not.toContain('\x1b[');
    const forced = runCli(['summary', '--project-dir', EXAMPLE, '--select', 'colour:red'], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(forced.stderr).toContain(`${RED}modeler:`);
    const json = runCli(['summary', '--project-dir', EXAMPLE, '--output', 'json'], { env: { NO_COLOR: '', FORCE_COLOR: '1' } });
    expect(json.stdout).not.toContain('\x1b[');
  });
});
