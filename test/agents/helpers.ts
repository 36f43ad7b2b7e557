// Test helpers for the agents: small dbt projects written to temp dirs, and applying a
// proposal's file changes to a copy of a project (the way an approved proposal would).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import { withModelFiles } from '../helpers/dbt-project.js';
import type { ProposalChange } from '../../src/proposals/types.js';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents');

/** Write `files` (project-relative path → text) into a fresh temp directory. */
export function writeProject(files: Record<string, string>, name = 'agents_test'): string {
  const dir = tempDir('modeler-agents-');
  const all = withModelFiles({ 'dbt_project.yml': `name: ${name}\nversion: "1.0.0"\nconfig-version: 2\nmodel-paths: ["models"]\n`, ...files });
  for (const [rel, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, rel)), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

/** Copy a project to a temp dir and write the changes' contents into it. */
export function applyToCopy(projectDir: string, changes: ProposalChange[]): string {
  const dir = tempDir('modeler-agents-apply-');
  cpSync(projectDir, dir, { recursive: true });
  for (const c of changes) {
    if (c.op === 'patch_yaml' || c.content === undefined) throw new Error(`unexpected change ${c.op}`);
    mkdirSync(dirname(join(dir, c.path)), { recursive: true });
    writeFileSync(join(dir, c.path), c.content);
  }
  return dir;
}

/** A models YAML file with one model per entry: [name, columns YAML]. */
export function modelsYaml(models: [string, string][]): string {
  return 'version: 2\n\nmodels:\n' + models.map(([name, cols]) => `  - name: ${name}\n    columns:\n${cols.replace(/^/gm, '      ').trimEnd()}\n`).join('');
}
