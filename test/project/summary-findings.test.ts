// `modeler summary` on a real-sized project: every error, then the first 20 warnings and notes, the
// rest counted by code — Crowd Cow's warehouse printed 2,900 lines of findings and the summary
// scrolled away under them. --all-findings prints them all.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';

let dir: string;
const MODELS = 30;
beforeAll(() => {
  dir = join(tempDir('modeler-summary-findings-'), 'p');
  mkdirSync(join(dir, 'models'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
  const yml = ['version: 2', 'models:'];
  for (let i = 0; i < MODELS; i++) {
    // each model's YAML lists a column its SQL does not return (a warning) and misses one it does (a note)
    writeFileSync(join(dir, 'models', `m${i}.sql`), `select 1 as id, 2 as extra_${i}\n`);
    yml.push(`  - name: m${i}`, '    columns:', '      - name: id', `      - name: gone_${i}`);
  }
  writeFileSync(join(dir, 'models', '_models.yml'), yml.join('\n') + '\n');
  // one error: a property file that is not YAML
  writeFileSync(join(dir, 'models', 'broken.yml'), 'version: 2\nmodels: [\n');
});

const findings = (text: string) => text.split('\n').filter((l) => /^\S+:\d+:\d+: (error|warning|info)\[/.test(l));

describe('modeler summary', () => {
  it('prints every error, then 20 warnings before any note, and counts the rest by code', () => {
    const r = runCli(['summary', '--project-dir', dir]);
    expect(r.code, r.stderr).toBe(1);
    const shown = findings(r.stdout);
    const errors = shown.filter((l) => / error\[/.test(l));
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/^models\/broken\.yml:/);
    expect(shown.length - errors.length).toBe(20);
    expect(shown.slice(1).every((l) => / warning\[YAML_COLUMN_NOT_IN_SQL\]/.test(l))).toBe(true);
    expect(r.stdout).toContain(`… and ${2 * MODELS - 20} more findings not shown (${MODELS} info[SQL_COLUMN_NOT_IN_YAML], ${MODELS - 20} warning[YAML_COLUMN_NOT_IN_SQL]): add --all-findings to list them all`);
    // the summary follows the findings, last
    expect(r.stdout.trimEnd().split('\n').pop()).toMatch(/loaded in \d+ ms/);
  });

  it('--all-findings prints every one, in file order, with no count line', () => {
    const r = runCli(['summary', '--project-dir', dir, '--all-findings']);
    expect(findings(r.stdout).length).toBe(1 + 2 * MODELS);
    expect(r.stdout).not.toContain('more findings not shown');
  });

  it('--output-json lists every finding', () => {
    const r = runCli(['summary', '--project-dir', dir, '--output-json']);
    expect(JSON.parse(r.stdout).diagnosticsList.length).toBe(1 + 2 * MODELS);
  });
});
