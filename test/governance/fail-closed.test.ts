// Gates fail closed (issue 21): a CI step pointed at the wrong folder — one with no
// dbt_project.yml, given with --project-dir or found from the current folder — is an error naming
// that folder (exit 1), never a passed gate on zero files. Inside a dbt project the folder is
// found as dbt finds it: the nearest one upwards that holds dbt_project.yml.
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';

const COMMANDS: string[][] = [
  ['readiness-gate', '--min-score', '0'],
  ['mesh', 'check', '--strict'],
  ['modeler', 'mesh', 'check'],
  ['summary'],
  ['agents', 'conceptualize'],
  ['ai', 'search', 'orders'],
  ['ask', 'which models lack owners'],
  ['contracts', 'enforce', '--layer', 'marts', '--dry-run'],
];

describe('project commands on a folder without dbt_project.yml', () => {
  const empty = tempDir('modeler-empty-');
  mkdirSync(join(empty, 'models'));

  it.each(COMMANDS.map((c) => [c.join(' '), c]))('%s in it: exit 1 naming the folder, nothing passed', (_name, args) => {
    const r = runCli(args as string[], { cwd: empty });
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr.trim()).toBe(`modeler: no dbt project here: ${empty} has no dbt_project.yml, nor has any folder above it; run the command in your dbt project, or pass --project-dir DIR`);
    expect(r.stdout).not.toMatch(/passed|ready/);
  });

  it.each([...COMMANDS, ['policy-check', '--policy', 'modeler/base']].map((c) => [c.join(' '), c]))('%s --project-dir at it: exit 1 naming the folder', (_name, args) => {
    const r = runCli([...(args as string[]), '--project-dir', join(empty, 'models')]);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr.trim()).toBe(`modeler: not a dbt project: ${join(empty, 'models')} has no dbt_project.yml; pass --project-dir the folder that holds it`);
    expect(r.stdout).not.toMatch(/passed|ready/);
  });

  it('a missing folder is a usage error (exit 64) naming it', () => {
    const r = runCli(['readiness-gate', '--project-dir', join(empty, 'nope')]);
    expect([r.code, r.stderr.trim()]).toEqual([64, `modeler: project directory not found: ${join(empty, 'nope')}`]);
  });

  it('inside a dbt project (a subfolder), the project above is found, as dbt finds it', () => {
    const dir = join(tempDir('modeler-inside-'), 'shop');
    cpSync(EXAMPLE, dir, { recursive: true });
    const r = runCli(['readiness-gate', '--min-score', '0'], { cwd: join(dir, 'models', 'marts') });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/readiness: score=\d+ files=7 /);
    const named = runCli(['readiness-gate', '--min-score', '0', '--project-dir', join(dir, 'models')]);
    expect([named.code, named.stderr.trim()]).toEqual([1, `modeler: not a dbt project: ${join(dir, 'models')} has no dbt_project.yml (the nearest one above is ${dir}); pass --project-dir the folder that holds it`]);
  });
});
