// Every command that reads a project spells its folder `--project-dir DIR` (the spec's
// `--project DIR` and positional forms stay as aliases) and takes dbt's `--vars`, `--profiles-dir`
// and `--target` (which decide what `{{ target.* }}` is in configs). The folder is found as dbt
// finds it (core/project-dir.ts): without one, `.` or the nearest folder above it with
// dbt_project.yml; a folder without one is an error naming it, never an empty project.
import { Option, type Command } from 'commander';
import { load as parseYaml } from 'js-yaml';
import { statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { dbtProjectDir, findDbtProject } from '../api/runtime.js';
import { nothingSelectedMessage, parseSelection } from '../api/select.js';
import { err } from './io.js';
import { UserError } from '../api/base.js';
import { refuseUnknownTarget, type ReadOptions } from '../api/project.js';

export interface ProjectFlags { projectDir?: string; project?: string; vars?: string; profilesDir?: string; target?: string }
export interface ProjectRef { dir: string; vars?: Record<string, unknown>; read: ReadOptions }

/** Add --project-dir (with the hidden alias --project), --vars, --profiles-dir and --target to a command. */
export function projectOptions(cmd: Command, opts: { required?: boolean } = {}): Command {
  return dbtReadOptions(cmd
    .option('--project-dir <dir>', opts.required ? 'project directory' : 'project directory (default: ".")')
    .addOption(new Option('--project <dir>', 'alias of --project-dir').hideHelp()));
}

/** dbt's --vars, --profiles-dir and --target, for a command whose project folder is given its own way (serve, gate); read by readFlags. */
export function dbtReadOptions(cmd: Command): Command {
  return cmd
    .option('--vars <yaml>', "set project vars as dbt's --vars does, e.g. '{stripe__using_invoices: false}'")
    .option('--profiles-dir <dir>', 'the folder holding profiles.yml, as for dbt (default: DBT_PROFILES_DIR, the project folder, ~/.dbt)')
    .option('--target <name>', "the profile's target, as dbt's --target (default: DBT_TARGET, else the profile's target)");
}

/**
 * The dbt project from --project-dir, its alias, or a positional argument (else found from `.`);
 * and the parsed --vars. `files`: the positional may also name a file (policy-check's model file).
 */
export function projectRef(flags: ProjectFlags, positional?: string, opts: { required?: string; files?: boolean } = {}): ProjectRef {
  const given = [positional, flags.projectDir, flags.project].filter((x): x is string => typeof x === 'string');
  if (new Set(given).size > 1) throw new UserError(`the project folder is given twice (${given.join(' and ')}); use --project-dir once`);
  if (!given.length && opts.required) throw new UserError(`missing ${opts.required}`);
  if (!given.length) refuseFolderSelector(flags as SelectFlags);
  const read = readFlags(flags);
  const vars = read.vars;
  if (opts.files && given[0] !== undefined && isFile(given[0])) return { dir: given[0], vars, read };
  const dir = dbtProjectDir(given[0]);
  refuseUnknownTarget(dir, read);
  return { dir, vars, read };
}

/** dbt's --vars, --profiles-dir and --target as the project reader takes them (a bad one refused here). */
export function readFlags(flags: Pick<ProjectFlags, 'vars' | 'profilesDir' | 'target'>): ReadOptions {
  if (flags.profilesDir === '') throw new UserError('--profiles-dir needs a folder');
  if (flags.target === '') throw new UserError('--target needs a target name');
  return { vars: parseVars(flags.vars), profilesDir: flags.profilesDir, target: flags.target };
}

/**
 * `--select orders ./analytics`: --select takes every word after it (as dbt's does), so the
 * folder became a selector and the project is looked for in `.` — say so, with the fix.
 */
function refuseFolderSelector(flags: SelectFlags): void {
  if (!flags.select?.length && !flags.exclude?.length) return;
  // a folder inside the project found from `.` is dbt's path selector (`--select models/staging`)
  const here = findDbtProject(process.cwd());
  const inHere = (v: string) => here !== undefined && !relative(here, resolve(v)).startsWith('..');
  for (const [name, values] of [['--select', flags.select], ['--exclude', flags.exclude]] as const) {
    const dir = values?.flatMap((v) => v.split(/\s+/)).find((v) => { try { return statSync(v).isDirectory() && statSync(join(v, 'dbt_project.yml')).isFile() && !inHere(v); } catch { return false; } });
    if (dir !== undefined) throw new UserError(`${name} took '${dir}' as a selector (it takes every word after it, as dbt's does), but it is a dbt project folder; give it as --project-dir ${dir}`);
  }
}

function isFile(p: string): boolean {
  try { return statSync(p).isFile(); } catch { return false; }
}

function parseVars(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let v: unknown;
  try { v = parseYaml(text); } catch (e: any) {
    throw new UserError(`--vars is not valid YAML: ${String(e.reason ?? e.message).split('\n')[0]}; write a mapping such as '{key: value}'`);
  }
  if (v === null || v === undefined) return {};
  if (typeof v !== 'object' || Array.isArray(v)) throw new UserError(`--vars must be a mapping such as '{key: value}', got ${JSON.stringify(v)}`);
  return v as Record<string, unknown>;
}

export interface SelectFlags { select?: string[]; exclude?: string[] }

const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];

/**
 * dbt's `--select`/`-s` and `--exclude` (docs/cli.md, "Selecting nodes"): each takes one or more
 * selectors (`--select a b` or `--select "a b"`, repeatable); a space unites, a comma intersects.
 */
export function selectOptions(cmd: Command): Command {
  return cmd
    .option('-s, --select <selector...>', "select nodes as dbt does: names, path:, tag:, config.materialized:, resource_type:, source:, package:, wildcards, and +, n+, @ (e.g. 'stg_orders+' 'tag:nightly,path:models/marts')", collect)
    .option('--exclude <selector...>', "leave out nodes, in the same syntax as --select", collect);
}

/** The flags as the core takes them (undefined when not given); a bad selector fails here, before the project is read. */
export function selectionOf(f: SelectFlags): { select?: string[]; exclude?: string[] } {
  parseSelection(f.select ?? [], f.exclude ?? []);
  return { ...(f.select?.length ? { select: f.select } : {}), ...(f.exclude?.length ? { exclude: f.exclude } : {}) };
}

/** dbt's warning when a selection matches nothing (it then has nothing to do). */
export function warnNothingSelected(sel: { select?: readonly string[]; exclude?: readonly string[] }): void {
  err(`modeler: warning: ${nothingSelectedMessage(sel)}`);
}
