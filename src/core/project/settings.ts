// dbt_project.yml: the project's name, resource paths, vars and the `+config` trees that
// cascade onto resources by path — read once and kept for the rest of the reader.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { UserError, type Diagnostic } from '../diagnostics.js';
import { readTextOrFinding } from '../read-text.js';
import { parseYamlSource } from '../yaml-source.js';
import { UNKNOWN, type JContext } from './jinja-expr.js';
import { opt } from '../option-names.js';
import { PROJECT_NORENDER, yamlJinjaCalls, type YamlCall } from './jinja-calls.js';
import { resolveTarget, type DbtTarget, type TargetOptions } from './target.js';

export interface DbtSettings {
  /** Whether the folder holds a dbt_project.yml (else defaults are assumed and said). */
  isProject: boolean;
  name: string;
  modelPaths: string[];
  seedPaths: string[];
  snapshotPaths: string[];
  analysisPaths: string[];
  testPaths: string[];
  macroPaths: string[];
  targetPath: string;
  packagesInstallPath: string;
  /** The raw `vars:` block. */
  vars: Record<string, unknown>;
  /** Vars given on the command line (`--vars`), which win over everything. */
  cliVars: Record<string, unknown>;
  /** Names of installed packages (folders under packages-install-path): their var scopes are not ours. */
  packageNames: Set<string>;
  /** dbt_project.yml's `profile:`. */
  profile?: string;
  /** The target dbt would use (profiles.yml), when one was found: `{{ target.* }}` in configs. */
  target?: DbtTarget;
  /** The refusal of a --target the project's profile does not have (profiles.yml found, the profile in it). */
  unknownTarget?: string;
  /** dbt_project.yml's var()/env_var() calls without a default, in the parts dbt renders. */
  jinjaCalls?: YamlCall[];
  trees: { models?: unknown; seeds?: unknown; snapshots?: unknown; sources?: unknown; data_tests?: unknown; tests?: unknown };
  diagnostics: Diagnostic[];
}

export interface ReadOptions extends TargetOptions {
  /** dbt's `--vars`: a YAML or JSON mapping, e.g. `{stripe__using_invoices: false}`. */
  vars?: Record<string, unknown>;
}

/** The reading options among a command's options (vars, profiles folder, profile, target). */
export function readOptionsOf(o: ReadOptions): ReadOptions {
  return { vars: o.vars, profilesDir: o.profilesDir, profile: o.profile, target: o.target };
}

const paths = (x: unknown, def: string[]) =>
  (Array.isArray(x) ? x.filter((p) => typeof p === 'string').map((p) => String(p).replace(/^\.\//, '').replace(/\/+$/, '')) : def);

/** dbt's defaults, for a folder without dbt_project.yml (or a property file read alone). */
export function defaultSettings(name: string, opts: ReadOptions = {}): DbtSettings {
  return {
    isProject: false, name,
    modelPaths: ['models'], seedPaths: ['seeds'], snapshotPaths: ['snapshots'], analysisPaths: ['analyses'],
    testPaths: ['tests'], macroPaths: ['macros'], targetPath: 'target', packagesInstallPath: 'dbt_packages',
    vars: {}, cliVars: opts.vars ?? {}, packageNames: new Set(), trees: {}, diagnostics: [],
  };
}

export function readSettings(root: string, opts: ReadOptions, stats: { filesRead: number }): DbtSettings {
  const file = join(root, 'dbt_project.yml');
  const base = defaultSettings(root.split(/[\\/]/).pop() || 'project', opts);
  if (!existsSync(file)) {
    base.diagnostics.push({ code: 'PROJECT_NO_DBT_PROJECT', severity: 'warning', file: 'dbt_project.yml',
      message: 'not a dbt project root: there is no dbt_project.yml here; assuming model-paths [models]',
      hint: `run the command on the folder that holds dbt_project.yml (${opt('project_dir')} DIR)` });
    return base;
  }
  stats.filesRead++;
  base.isProject = true;
  const read = readTextOrFinding(file, 'dbt_project.yml');
  if (!read || 'finding' in read) {
    if (read) base.diagnostics.push(read.finding);
    return base;
  }
  // dbt reads a repeated key (a var listed twice is common) with the last one winning, and warns;
  // and, through PyYAML, a var list whose closing bracket is indented less than its key
  const src = parseYamlSource(read.text, 'dbt_project.yml', { duplicateKeys: 'last-wins', flowIndent: 'pyyaml' });
  base.diagnostics.push(...src.diagnostics);
  if (src.diagnostics.some((d) => d.severity === 'error') || !src.value || typeof src.value !== 'object') return base;
  const v = src.value as Record<string, any>;
  const s: DbtSettings = {
    ...base,
    name: typeof v.name === 'string' ? v.name : base.name,
    modelPaths: paths(v['model-paths'] ?? v['source-paths'], base.modelPaths),
    seedPaths: paths(v['seed-paths'] ?? v['data-paths'], base.seedPaths),
    snapshotPaths: paths(v['snapshot-paths'], base.snapshotPaths),
    analysisPaths: paths(v['analysis-paths'], base.analysisPaths),
    testPaths: paths(v['test-paths'], base.testPaths),
    macroPaths: paths(v['macro-paths'], base.macroPaths),
    targetPath: typeof v['target-path'] === 'string' ? v['target-path'].replace(/\/+$/, '') : base.targetPath,
    packagesInstallPath: typeof v['packages-install-path'] === 'string' ? v['packages-install-path'].replace(/\/+$/, '') : base.packagesInstallPath,
    vars: v.vars && typeof v.vars === 'object' && !Array.isArray(v.vars) ? v.vars : {},
    profile: typeof v.profile === 'string' ? v.profile : undefined,
    jinjaCalls: yamlJinjaCalls(read.text, PROJECT_NORENDER),
    trees: { models: v.models, seeds: v.seeds, snapshots: v.snapshots, sources: v.sources, data_tests: v.data_tests, tests: v.tests },
  };
  const found = resolveTarget({ projectDir: root, projectProfile: s.profile, cliVars: s.cliVars, profilesDir: opts.profilesDir, target: opts.target, profile: opts.profile });
  s.target = found.target;
  s.unknownTarget = found.unknownTarget;
  s.diagnostics.push(...found.diagnostics);
  try {
    for (const e of readdirSync(join(root, s.packagesInstallPath), { withFileTypes: true })) if (e.isDirectory()) s.packageNames.add(e.name);
  } catch { /* no packages installed */ }
  return s;
}

/**
 * dbt refuses a --target that the project's profile does not have; so does every face, before it
 * reads anything (usage, 64). Without profiles.yml or that profile it stays a warning, as before.
 */
export function refuseUnknownTarget(root: string, opts: ReadOptions): void {
  if (!opts.target) return;
  const refusal = readSettings(root, opts, { filesRead: 0 }).unknownTarget;
  if (refusal) throw new UserError(refusal);
}

/**
 * The Jinja context of a project resource: `var()` looks at --vars, then the project-scoped
 * block (`vars: {<project>: {...}}`), then global vars (not the blocks of other packages).
 * In dbt_project.yml itself dbt offers only --vars, so `scope: 'project-file'` does the same.
 */
export function varContext(s: DbtSettings, scope: 'resource' | 'project-file', note?: (r: string) => void): JContext {
  return {
    variable(name) {
      if (Object.prototype.hasOwnProperty.call(s.cliVars, name)) return { found: true, value: s.cliVars[name] };
      if (scope === 'project-file') return { found: false };
      const scoped = s.vars[s.name];
      if (scoped && typeof scoped === 'object' && !Array.isArray(scoped) && Object.prototype.hasOwnProperty.call(scoped, name)) {
        return { found: true, value: (scoped as Record<string, unknown>)[name] };
      }
      if (Object.prototype.hasOwnProperty.call(s.vars, name) && name !== s.name && !s.packageNames.has(name)) return { found: true, value: s.vars[name] };
      return { found: false };
    },
    env: (name) => process.env[name],
    note,
    globals: s.target ? { target: s.target } : undefined,
    markers: true,
  };
}

export { UNKNOWN };
