// Test helpers for the agents: small dbt projects written to temp dirs, and applying a
// proposal's file changes to a copy of a project (the way an approved proposal would).
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tempDir } from '../helpers/cli.js';
import { withModelFiles } from '../helpers/dbt-project.js';
import { expect } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { schemaValidator } from '../../src/core/json-schema.js';
import { loadProject } from '../../src/core/project/load.js';
import type { DiagramProposal, ProposalChange } from '../../src/proposals/types.js';
import { drawnReferences } from '../../src/agents/evaluate.js';

export const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'agents');

/** Write `files` (project-relative path → text) into a fresh temp directory. */
export function writeProject(files: Record<string, string>, name = 'agents_test'): string {
  const dir = tempDir('modeler-agents-');
  // (the SQL written for a YAML-only model returns its documented columns: a column the SQL does not return is none)
  const all = withModelFiles({ 'dbt_project.yml': `name: ${name}\nversion: "1.0.0"\nconfig-version: 2\nmodel-paths: ["models"]\n`, ...files }, { columns: true });
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

const validProposal = schemaValidator('proposal.schema.json');

/**
 * Conceptualize a staging layer written as YAML, one model per entry: [name, columns as
 * name[!][:type] (! marks a unique key, :type a declared type)], plus any other files (SQL).
 * The proposal must validate.
 */
export function conceptualizeLayer(models: [string, string[]][], extra: Record<string, string> = {}): DiagramProposal {
  const yaml = modelsYaml(models.map(([name, cols]) => [name, cols.map((c) => {
    const [, col, key, type] = /^([^!:]+)(!?)(?::(.+))?$/.exec(c)!;
    return `- name: ${col}\n${type ? `  data_type: ${type}\n` : ''}${key ? '  data_tests: [unique, not_null]\n' : ''}`;
  }).join('')]));
  const p = conceptualize(loadProject(writeProject({ 'models/staging/_models.yml': yaml, ...extra })));
  expect(validProposal(p), JSON.stringify(validProposal.errors?.slice(0, 3))).toBe(true);
  return p;
}

/** A small project written to a temp dir and read by the real project reader. */
export const loadFiles = (files: Record<string, string>) => loadProject(writeProject(files));
/** The references a proposal draws, as `Parent>Child.column`, sorted. */
export const refs = (p: DiagramProposal) => drawnReferences(p).map((r) => `${r.parent}>${r.child}.${r.column}`).sort();
/** The proposal's entity names, sorted. */
export const names = (p: DiagramProposal) => p.entities.map((e) => e.name).sort();
/** One source block of a sources YAML, and the YAML around blocks. */
export const sources = (name: string, ...tables: string[]) => `  - name: ${name}\n    tables:\n${tables.map((t) => `      - name: ${t}\n`).join('')}`;
export const sourcesYaml = (...blocks: string[]) => `version: 2\nsources:\n${blocks.join('')}`;
