// The dbt target, found as dbt finds it (profiles.yml by its search order, the project's profile,
// --target else the profile's own), and only its non-secret fields ever evaluated or shown.
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveTarget } from '../../src/core/project/target.js';
import { formatLocation } from '../../src/core/diagnostics.js';
import { REPO, runCli, tempDir } from '../helpers/cli.js';

const SECRET = 'hunter2-do-not-print';
const profile = (schema: string, extra = '') =>
  `shop:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: 'data/shop.duckdb'\n      schema: ${schema}\n      password: ${SECRET}\n${extra}`;

function setup() {
  const root = tempDir('target-');
  const dirs = { project: join(root, 'project'), flag: join(root, 'flag'), env: join(root, 'env'), cwd: join(root, 'cwd'), home: join(root, 'home') };
  for (const d of Object.values(dirs)) mkdirSync(d, { recursive: true });
  mkdirSync(join(dirs.home, '.dbt'));
  writeFileSync(join(dirs.project, 'dbt_project.yml'), 'name: shop\nprofile: shop\n');
  writeFileSync(join(dirs.flag, 'profiles.yml'), profile('from_flag'));
  writeFileSync(join(dirs.env, 'profiles.yml'), profile('from_env'));
  writeFileSync(join(dirs.project, 'profiles.yml'), profile('from_project'));
  writeFileSync(join(dirs.cwd, 'profiles.yml'), profile('from_cwd'));
  writeFileSync(join(dirs.home, '.dbt', 'profiles.yml'), profile('from_home'));
  return dirs;
}

describe('resolveTarget: dbt\'s search order for profiles.yml', () => {
  it('--profiles-dir, then DBT_PROFILES_DIR, then the project folder, then the current folder, then ~/.dbt', () => {
    const d = setup();
    const at = (o: { profilesDir?: string; env?: NodeJS.ProcessEnv }) =>
      resolveTarget({ projectDir: d.project, projectProfile: 'shop', cwd: d.cwd, home: d.home, env: o.env ?? {}, profilesDir: o.profilesDir }).target?.schema;
    expect(at({ profilesDir: d.flag, env: { DBT_PROFILES_DIR: d.env } })).toBe('from_flag');
    expect(at({ env: { DBT_PROFILES_DIR: d.env } })).toBe('from_env');
    expect(at({})).toBe('from_project');
    rmSync(join(d.project, 'profiles.yml'));
    expect(at({})).toBe('from_cwd');
    rmSync(join(d.cwd, 'profiles.yml'));
    expect(at({})).toBe('from_home');
    rmSync(join(d.home, '.dbt', 'profiles.yml'));
    expect(resolveTarget({ projectDir: d.project, projectProfile: 'shop', cwd: d.cwd, home: d.home, env: {} })).toEqual({ diagnostics: [] });
  });

  it('the named profile folder decides alone, as in dbt: no falling back when it has no profiles.yml', () => {
    const d = setup();
    const r = resolveTarget({ projectDir: d.project, projectProfile: 'shop', cwd: d.cwd, home: d.home, env: {}, profilesDir: d.cwd + '/nowhere' });
    expect(r.target).toBeUndefined();
    expect(r.diagnostics[0]).toMatchObject({ code: 'TARGET_NOT_FOUND', severity: 'warning' });
    // the file is not there: no line 1 of it to point at
    expect(formatLocation(r.diagnostics[0])).toBe(join(d.cwd, 'nowhere', 'profiles.yml'));
  });

  it('--target, else DBT_TARGET, else the profile\'s target; the fields dbt gives target.*', () => {
    const d = setup();
    writeFileSync(join(d.project, 'profiles.yml'), `shop:\n  target: "{{ env_var('SHOP_TARGET', 'dev') }}"\n  outputs:\n` +
      `    dev: {type: duckdb, path: ':memory:'}\n` +
      `    bq: {type: bigquery, project: my-gcp, dataset: "{{ env_var('BQ_DATASET', 'analytics') }}", keyfile: "{{ env_var('BQ_KEYFILE') }}"}\n` +
      `    pg: {type: postgres, dbname: warehouse, schema: "{{ var('pg_schema', 'public') }}", password: "{{ env_var('PG_PASSWORD') }}"}\n`);
    const at = (o: { target?: string; env?: NodeJS.ProcessEnv; vars?: Record<string, unknown> }) =>
      resolveTarget({ projectDir: d.project, projectProfile: 'shop', cwd: d.cwd, home: d.home, env: o.env ?? {}, target: o.target, cliVars: o.vars }).target;
    expect(at({})).toEqual({ name: 'dev', type: 'duckdb', schema: 'main', database: 'memory', profile_name: 'shop' });
    expect(at({ env: { SHOP_TARGET: 'bq' } })).toEqual({ name: 'bq', type: 'bigquery', schema: 'analytics', database: 'my-gcp', profile_name: 'shop' });
    expect(at({ env: { DBT_TARGET: 'pg', SHOP_TARGET: 'bq' } })).toMatchObject({ name: 'pg', type: 'postgres', database: 'warehouse', schema: 'public' });
    expect(at({ target: 'pg', env: { DBT_TARGET: 'bq' }, vars: { pg_schema: 'marts' } })).toMatchObject({ name: 'pg', schema: 'marts' });
    // dbt's --profile (DBT_PROFILE) overrides the project's profile
    expect(resolveTarget({ projectDir: d.project, projectProfile: 'other', cwd: d.cwd, home: d.home, env: { DBT_PROFILE: 'shop' } }).target?.name).toBe('dev');
  });

  it('never evaluates a secret: env_var() calls of other fields are not even looked up', () => {
    const d = setup();
    writeFileSync(join(d.project, 'profiles.yml'), `shop:\n  target: pg\n  outputs:\n` +
      `    pg: {type: postgres, host: "{{ env_var('PG_HOST') }}", user: "{{ env_var('PG_USER') }}", password: "{{ env_var('PG_PASSWORD') }}", dbname: db, schema: s}\n`);
    const asked: string[] = [];
    const env = new Proxy({} as NodeJS.ProcessEnv, { get: (_t, k) => { asked.push(String(k)); return undefined; } });
    const r = resolveTarget({ projectDir: d.project, projectProfile: 'shop', cwd: d.cwd, home: d.home, env });
    expect(r.target).toMatchObject({ type: 'postgres', database: 'db', schema: 's' });
    expect(asked.filter((k) => k.startsWith('PG_'))).toEqual([]);
    expect(Object.keys(r.target!).sort()).toEqual(['database', 'name', 'profile_name', 'schema', 'type']);
  });
});

describe('modeler reads the target as dbt does, and never prints a secret', () => {
  it('summary shows the target; --target and --profiles-dir change it; no secret in any output', () => {
    const d = setup();
    const proj = join(tempDir('target-cli-'), 'shop');
    cpSync(join(REPO, 'examples', 'jaffle_shop'), proj, { recursive: true });
    writeFileSync(join(proj, 'dbt_project.yml'), `name: jaffle_shop\nprofile: shop\nconfig-version: 2\nmodels:\n  jaffle_shop:\n    marts:\n      +enabled: "{{ target.schema != 'from_flag' }}"\n`);
    writeFileSync(join(proj, 'profiles.yml'), profile('from_project', `    prod:\n      type: duckdb\n      path: ':memory:'\n      schema: prod\n      password: "${SECRET}"\n`));
    const env = { HOME: d.home, DBT_PROFILES_DIR: '', DBT_TARGET: '', DBT_PROFILE: '' };
    const plain = runCli(['summary', '--project-dir', proj], { env });
    expect(plain.stdout).toMatch(/dbt target: +dev \(duckdb, schema from_project, profile shop\)/);
    // no profile anywhere: said, with where it was looked for
    const bare = join(tempDir('target-none-'), 'shop');
    cpSync(proj, bare, { recursive: true });
    rmSync(join(bare, 'profiles.yml'));
    expect(runCli(['summary', '--project-dir', bare], { env: { ...env, HOME: tempDir('target-home-') } }).stdout).toContain('  dbt target:    none (no profile found in --profiles-dir, DBT_PROFILES_DIR, the project folder or ~/.dbt/profiles.yml; target.* is unknown where configs read it)');
    const json = JSON.parse(runCli(['summary', '--project-dir', proj, '--target', 'prod', '--output-json'], { env }).stdout);
    expect(json.dbtTarget).toEqual({ name: 'prod', type: 'duckdb', schema: 'prod', database: 'memory', profile_name: 'shop' });
    const flagged = runCli(['summary', '--project-dir', proj, '--profiles-dir', d.flag, '--output-json'], { env });
    const fj = JSON.parse(flagged.stdout);
    expect(fj.dbtTarget.schema).toBe('from_flag');
    expect(fj.models.disabled).toBeGreaterThan(0); // marts switched off by target.schema
    // an unknown --target is refused as dbt refuses it; DBT_TARGET stays a warning, as before
    const missing = runCli(['summary', '--project-dir', proj, '--target', 'nope'], { env });
    expect([missing.code, missing.stdout, missing.stderr]).toEqual([64, '', `modeler: ${join(proj, 'profiles.yml')}: the profile 'shop' has no target 'nope' (its targets: dev, prod); pass one of them with --target\n`]);
    const fromEnv = runCli(['summary', '--project-dir', proj], { env: { ...env, DBT_TARGET: 'nope' } });
    expect(fromEnv.stdout).toContain("warning[TARGET_NOT_FOUND]: the profile 'shop' does not have a target named 'nope' (its targets: dev, prod)");
    // a broken profiles.yml is located, never quoted
    writeFileSync(join(proj, 'profiles.yml'), `shop:\n  outputs:\n    dev: {type: duckdb, password: ${SECRET}\n  target: [dev\n`);
    const broken = runCli(['summary', '--project-dir', proj, '--output-json'], { env });
    expect(JSON.parse(broken.stdout).diagnosticsList).toContainEqual(expect.objectContaining({ code: 'PROFILE_INVALID' }));
    for (const r of [plain, flagged, missing, fromEnv, broken, runCli(['summary', '--project-dir', proj], { env })]) {
      expect(r.stdout + r.stderr).not.toContain(SECRET);
      expect(r.stdout + r.stderr).not.toMatch(/password/i);
    }
  });
});
