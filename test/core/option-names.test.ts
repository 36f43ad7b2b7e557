// Core text names the caller's inputs through opt() markers; each face spells them its own way.
// The CLI prints flags, the HTTP-style default writes request keys — in printed text, printed
// JSON, and in files the core writes for the caller (apply's report, readiness's PR comment).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applySql, opt, readinessGate, renderOptionNames, writeReadinessArtifacts } from '../../src/api.js';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';

describe('option names', () => {
  it('render as flags or as request keys, and leave other braces alone', () => {
    const text = `pass ${opt('allow_destructive')} or ${opt('min_score')} 80; {key: value} {opt:Bad}`;
    expect(renderOptionNames(text, 'flag')).toBe('pass --allow-destructive or --min-score 80; {key: value} {opt:Bad}');
    expect(renderOptionNames(text, 'param')).toBe('pass allow_destructive or min_score 80; {key: value} {opt:Bad}');
  });

  it('a core error reaches the CLI user as a flag, and an API caller as the request key', async () => {
    await expect(applySql({ connector: 'postgres', account: 'x', sql: 'SELECT 1' })).rejects.toThrow(/^\{opt:account\} is not a postgres/);
    const r = runCli(['apply', 'postgres', '--account', 'x', '--sql', 'SELECT 1']);
    expect([r.code, r.stderr.split(';')[0]]).toEqual([64, 'modeler: --account is not a postgres connection parameter']);
  });

  it('files the core writes take the caller\'s spelling; printed JSON has no markers left', async () => {
    const dir = tempDir('modeler-optnames-');
    const apiReport = join(dir, 'api.json'), cliReport = join(dir, 'cli.json');
    await applySql({ sql: 'SELECT 1', skip_ledger: true, report_json: apiReport });
    expect(readFileSync(apiReport, 'utf8')).toContain('nothing persists after this run (give path or MODELER_DUCKDB_PATH)');
    const r = runCli(['apply', '--sql', 'SELECT 1', '--skip-ledger', '--report-json', cliReport, '--output-json']);
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(cliReport, 'utf8')).toContain('(give --path or MODELER_DUCKDB_PATH)');
    expect(r.stdout).toContain('(give --path or MODELER_DUCKDB_PATH)');
    expect(r.stdout).not.toContain('{opt:');
  });

  it('readiness failures name the thresholds in the PR comment as the caller spells them', () => {
    expect(() => readinessGate({ project: EXAMPLE, minScore: 101 })).toThrow(/^\{opt:min_score\} must be between 0 and 100, got 101$/);
    const g = readinessGate({ project: EXAMPLE, minScore: 100 }); // the example scores 90
    expect(g.ok).toBe(false);
    expect(g.failures[0]).toMatch(/is below \{opt:min_score\} 100$/);
    const dir = tempDir('modeler-optnames-');
    writeReadinessArtifacts(g, { prComment: join(dir, 'api.md') });
    writeReadinessArtifacts(g, { prComment: join(dir, 'cli.md') }, { optionStyle: 'flag' });
    expect(readFileSync(join(dir, 'api.md'), 'utf8')).toMatch(/- ❗ score \d+ is below min_score 100/);
    expect(readFileSync(join(dir, 'cli.md'), 'utf8')).toMatch(/- ❗ score \d+ is below --min-score 100/);
  });
});
