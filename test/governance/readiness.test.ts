import { describe, expect, it } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import _Ajv2020 from 'ajv/dist/2020.js';
import _addFormats from 'ajv-formats';
import { EXAMPLE, REPO, runCli, tempDir } from '../helpers/cli.js';
import { readinessGate } from '../../src/governance/readiness/gate.js';
import { PR_MARKER } from '../../src/governance/readiness/pr-comment.js';
import { scoreFile } from '../../src/governance/readiness/score.js';
import type { Finding } from '../../src/governance/readiness/findings.js';
import { PR_MARKER } from '../../src/governance/readiness/pr-comment.js';

const Ajv2020 = ((_Ajv2020 as any).default ?? _Ajv2020) as any;
const addFormats = ((_addFormats as any).default ?? _addFormats) as any;

/** The official SARIF 2.1.0 schema as shipped by Microsoft's SARIF multitool (devDependency). */
function sarifValidator() {
  const require = createRequire(join(REPO, 'package.json'));
  const pkg = `@microsoft/sarif-multitool-${process.platform === 'win32' ? 'win32' : process.platform === 'darwin' ? 'darwin' : 'linux'}`;
  let file: string;
  try { file = join(require.resolve(`${pkg}/package.json`), '..', 'sarif-2.1.0.json'); } catch { file = ''; }
  if (!file || !existsSync(file)) throw new Error(`the SARIF 2.1.0 schema is missing: install devDependencies (npm install) so ${pkg}/sarif-2.1.0.json exists`);
  const schema = JSON.parse(readFileSync(file, 'utf8'));
  expect(schema.title).toContain('SARIF');
  expect(schema.title).toContain('2.1.0');
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schema);
}

function copyExample(): string {
  const dir = tempDir('ready-');
  cpSync(EXAMPLE, dir, { recursive: true, filter: (s) => !s.includes('/logs') && !s.endsWith('.duckdb') });
  return dir;
}

const f = (code: string, severity: Finding['severity'], weight: number, line = 1): Finding =>
  ({ code, severity, weight, line, category: 'metadata', file: 'x.yml', message: code, target: `t${line}` });

describe('readiness scoring', () => {
  it('info findings alone never make a file red (nor yellow)', () => {
    const s = scoreFile('x.yml', Array.from({ length: 60 }, (_, i) => f(`INFO_${i % 20}`, 'info', 2, i + 1)));
    expect(s.status).toBe('green');
    expect(s.score).toBe(90); // infos together cost at most 10 points
    const one = scoreFile('x.yml', Array.from({ length: 60 }, (_, i) => f('READINESS_COLUMN_DESCRIPTION_MISSING', 'info', 2, i + 1)));
    expect(one.score).toBe(94); // one code costs at most three times its weight
  });
  it('a code counts at most three times its weight; errors make a file red', () => {
    const w = scoreFile('x.yml', Array.from({ length: 10 }, (_, i) => f('READINESS_COLUMN_TYPE_UNKNOWN', 'warning', 5, i + 1)));
    expect(w.score).toBe(85);
    expect(w.status).toBe('yellow');
    const e = scoreFile('x.yml', [f('READINESS_CONTRACT_DATA_TYPE_MISSING', 'error', 10)]);
    expect(e).toMatchObject({ score: 90, status: 'red' });
    const many = scoreFile('x.yml', ['A', 'B', 'C', 'D', 'E'].map((c) => f(c, 'warning', 9)));
    expect(many).toMatchObject({ score: 55, status: 'red' });
    expect(scoreFile('x.yml', [])).toMatchObject({ score: 100, status: 'green' });
  });
});

describe('readiness gate on the example project', () => {
  const r = readinessGate({ project: EXAMPLE, minScore: 80, maxRed: 0, version: '1.2.3' });
  it('scores every YAML file and passes the reference thresholds', () => {
    expect(r.files.map((x) => x.path)).toContain('models/marts/_marts.yml');
    expect(r.summary.files).toBe(r.files.length);
    expect(r.summary.score).toBe(Math.round(r.files.reduce((n, x) => n + x.score, 0) / r.files.length));
    expect(r.passed).toBe(true);
    const marts = r.files.find((x) => x.path === 'models/marts/_marts.yml')!;
    // the shared Interface orders has no enforced contract (require_contract)
    expect(marts.findings.find((x) => x.code === 'READINESS_INTERFACE_NOT_CONTRACTED')).toMatchObject({ line: 46, target: 'orders' });
  });
  it('SARIF validates against the official SARIF 2.1.0 schema, with regions, stable ruleIds and fingerprints', () => {
    const validate = sarifValidator();
    const ok = validate(r.sarif);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
    const run = (r.sarif as any).runs[0];
    expect(run.results.length).toBe(r.summary.findings);
    for (const res of run.results) {
      expect(res.locations[0].physicalLocation.region.startLine).toBeGreaterThan(0);
      expect(res.locations[0].physicalLocation.artifactLocation.uri).toMatch(/^examples\/jaffle_shop\//);
      expect(res.ruleId).toMatch(/^(READINESS|MESH_INTERFACE)_[A-Z_]+$/);
      expect(run.tool.driver.rules[res.ruleIndex].id).toBe(res.ruleId);
      expect(res.partialFingerprints['modelerFinding/v1']).toMatch(/^[0-9a-f]{32}$/);
    }
    const fps = run.results.map((x: any) => x.partialFingerprints['modelerFinding/v1']);
    expect(new Set(fps).size).toBe(fps.length);
  });
  it('SARIF stays valid for file names with spaces, # and non-ASCII (URIs are percent-encoded)', () => {
    const dir = tempDir('ready-uri-');
    mkdirSync(join(dir, 'models', 'stg dir'), { recursive: true });
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: p\nversion: "1.0"\nconfig-version: 2\nprofile: p\n');
    writeFileSync(join(dir, 'models', 'stg dir', 'schéma #1.yml'), 'version: 2\nmodels:\n  - name: stg_x\n    columns:\n      - name: email\n');
    writeFileSync(join(dir, 'models', 'stg dir', 'stg_x.sql'), 'select 1 as email\n');
    const g = readinessGate({ project: dir });
    expect(g.summary.findings).toBeGreaterThan(0);
    const validate = sarifValidator();
    validate(g.sarif);
    expect(validate.errors ?? []).toEqual([]);
    const uri = (g.sarif as any).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri;
    expect(decodeURIComponent(uri).endsWith('models/stg dir/schéma #1.yml')).toBe(true);
  });
  it('fingerprints survive line moves; lines follow the file', () => {
    const dir = copyExample();
    const file = join(dir, 'models/staging/inventory/_inventory.yml');
    const before = readinessGate({ project: dir });
    writeFileSync(file, '# a new first line\n' + readFileSync(file, 'utf8'));
    const after = readinessGate({ project: dir });
    const pick = (x: any) => x.runs[0].results.filter((y: any) => y.locations[0].physicalLocation.artifactLocation.uri.endsWith('_inventory.yml'));
    const a = pick(before.sarif), b = pick(after.sarif);
    expect(b.map((x: any) => x.partialFingerprints['modelerFinding/v1'])).toEqual(a.map((x: any) => x.partialFingerprints['modelerFinding/v1']));
    expect(b.map((x: any) => x.locations[0].physicalLocation.region.startLine)).toEqual(a.map((x: any) => x.locations[0].physicalLocation.region.startLine + 1));
  });
  it('PR comment fits GitHub\'s 65,536-character limit on a large project: summary first, worst files, then "…and N more (see SARIF)"', () => {
    // 30 property files, each a model with 400 undocumented columns: 12,000+ findings
    const dir = tempDir('ready-big-');
    writeFileSync(join(dir, 'dbt_project.yml'), 'name: big\nversion: "1.0"\nconfig-version: 2\n');
    mkdirSync(join(dir, 'models'));
    for (let f = 0; f < 30; f++) {
      const cols = Array.from({ length: 400 }, (_, c) => `      - name: col_${c}_with_a_rather_long_name_id`).join('\n');
      writeFileSync(join(dir, 'models', `m${f}.yml`), `version: 2\nmodels:\n  - name: m${f}\n    columns:\n${cols}\n`);
      writeFileSync(join(dir, 'models', `m${f}.sql`), 'select 1 as x\n');
    }
    const g = readinessGate({ project: dir });
    expect(g.summary.findings).toBeGreaterThan(12_000);
    expect(g.prComment.length).toBeLessThanOrEqual(65_536);
    expect(g.prComment.startsWith(PR_MARKER)).toBe(true);
    expect(g.prComment).toMatch(/### Worst files/);
    expect(g.prComment).toMatch(/…and \d+ more (file\(s\)|findings?) .*\(see SARIF\)/);
    expect(g.prComment.trimEnd().endsWith('<sub>Generated by `modeler readiness-gate`.</sub>')).toBe(true);
    // every <details> that opens closes
    expect((g.prComment.match(/<details>/g) ?? []).length).toBe((g.prComment.match(/<\/details>/g) ?? []).length);
  }, 120_000);
  it('PR comment: marker line, badge, score, counts, worst files, collapsed findings', () => {
    const lines = r.prComment.split('\n');
    expect(lines[0]).toBe(PR_MARKER);
    expect(lines[1]).toMatch(/^## 🟡 modeler readiness: \d+\/100 \(gate passed\)$/);
    // counts with the noun's right form: never "1 warnings" or "warning(s)"
    const noun = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
    expect(r.prComment).toContain(`**Findings:** ${noun(r.summary.errors, 'error')} · ${noun(r.summary.warnings, 'warning')} · ${r.summary.infos} info`);
    expect(r.prComment).toContain('| 🟡 | `models/staging/inventory/_inventory.yml` |');
    expect(r.prComment).toMatch(/<details><summary>🟡 <code>models\/marts\/_marts\.yml<\/code>/);
  });
  it('a broken YAML file is red', () => {
    const dir = copyExample();
    writeFileSync(join(dir, 'models/staging/broken.yml'), 'version: 2\nmodels:\n  - name: x\n   oops: 1\n');
    const b = readinessGate({ project: dir, maxRed: 0 });
    expect(b.files.find((x) => x.path === 'models/staging/broken.yml')).toMatchObject({ status: 'red' });
    expect(b.passed).toBe(false);
    expect(b.failures[0]).toContain('red file(s)');
  });
});

describe('--changed-only on a real git repository', () => {
  it('scores only files changed against the base ref (and the YAML of a changed SQL model)', () => {
    const dir = copyExample();
    rmSync(join(dir, 'target'), { recursive: true, force: true });
    const git = (...a: string[]) => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    git('checkout', '-q', '-b', 'feature');
    const inv = join(dir, 'models/staging/inventory/_inventory.yml');
    writeFileSync(inv, readFileSync(inv, 'utf8').replace('      - name: store_name\n', '      - name: store_name\n        description: Name of the store.\n'));
    git('commit', '-q', '-am', 'describe store_name');
    writeFileSync(join(dir, 'models/staging/stripe/stg_stripe__payments.sql'), readFileSync(join(dir, 'models/staging/stripe/stg_stripe__payments.sql'), 'utf8') + '\n-- touched\n');
    const r = readinessGate({ project: dir, changedOnly: true, baseRef: 'main' });
    expect(r.scope).toBe('changed');
    expect(r.files.map((x) => x.path).sort()).toEqual(['models/staging/inventory/_inventory.yml', 'models/staging/stripe/_stripe__models.yml']);
    const all = readinessGate({ project: dir });
    expect(all.files.length).toBeGreaterThan(r.files.length);
    expect(() => readinessGate({ project: dir, changedOnly: true, baseRef: 'no-such-branch' })).toThrow(/\{opt:base_ref\} 'no-such-branch'/);
  });
  it('finds changed files whose names are not ASCII or contain spaces (git quotes those unless -z)', () => {
    const dir = copyExample();
    rmSync(join(dir, 'target'), { recursive: true, force: true });
    const git = (...a: string[]) => execFileSync('git', ['-C', dir, ...a], { encoding: 'utf8', env: { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@t', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@t' } });
    git('init', '-q', '-b', 'main');
    git('add', '.');
    git('commit', '-q', '-m', 'base');
    const committed = 'models/staging/schéma ü.yml', untracked = 'models/staging/naïve.yml';
    writeFileSync(join(dir, committed), 'version: 2\nmodels:\n  - name: stg_unicode_a\n');
    git('add', '.');
    git('commit', '-q', '-m', 'add');
    writeFileSync(join(dir, untracked), 'version: 2\nmodels:\n  - name: stg_unicode_b\n');
    const r = readinessGate({ project: dir, changedOnly: true, baseRef: 'HEAD~1' });
    expect(r.files.map((x) => x.path).sort()).toEqual([untracked, committed].sort());
  });
});

describe('readiness-gate CLI', () => {
  it('writes SARIF and the PR comment; --output-json is pure JSON with progress on stderr', () => {
    const dir = tempDir('ready-cli-');
    const sarif = join(dir, 'r.sarif'), md = join(dir, 'r.md');
    const r = runCli(['readiness-gate', '--project', EXAMPLE, '--min-score', '80', '--max-red', '0', '--sarif', sarif, '--pr-comment', md, '--output-json']);
    expect(r.code).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.passed).toBe(true);
    expect(r.stderr).toMatch(/^readiness: /m);
    expect(JSON.parse(readFileSync(sarif, 'utf8')).version).toBe('2.1.0');
    expect(readFileSync(md, 'utf8').startsWith(PR_MARKER + '\n')).toBe(true);
  });
  it('thresholds decide the exit code; bad options are usage errors and write nothing', () => {
    const fail = runCli(['readiness-gate', '--project', EXAMPLE, '--min-score', '99']);
    expect(fail.code).toBe(1);
    expect(fail.stdout).toContain('readiness-gate: failed: score');
    const dir = tempDir('ready-bad-');
    const sarif = join(dir, 'r.sarif');
    const bad = runCli(['readiness-gate', '--project', EXAMPLE, '--min-score', 'high', '--sarif', sarif]);
    expect(bad.code).toBe(64);
    expect(existsSync(sarif)).toBe(false);
    expect(runCli(['readiness-gate', '--project', EXAMPLE, '--changed-only']).code).toBe(64);
  });
  it('an unwritable --pr-comment leaves no fresh SARIF behind (both artifacts or neither)', () => {
    const dir = tempDir('ready-both-');
    const sarif = join(dir, 'r.sarif');
    const r = runCli(['readiness-gate', '--project', EXAMPLE, '--sarif', sarif, '--pr-comment', dir]);
    expect(r.code).toBe(64);
    expect(existsSync(sarif)).toBe(false);
  });
  it('an unwritable --sarif (a directory) is a one-line usage error, not an internal error', () => {
    const dir = tempDir('ready-dir-');
    const r = runCli(['readiness-gate', '--project', EXAMPLE, '--sarif', dir]);
    expect(r.code).toBe(64);
    expect(r.stderr.trim().split('\n').pop()).toBe(`modeler: cannot write ${dir}: it is a directory`);
  });
});
