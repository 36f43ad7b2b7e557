// The dbt target a project is read for, found as dbt finds it: profiles.yml from --profiles-dir,
// else DBT_PROFILES_DIR, else the project folder (or the current folder, where dbt looks), else
// ~/.dbt/; the profile named in dbt_project.yml (or --profile); --target (DBT_TARGET), else the
// profile's own `target:`. Only the fields the reader's Jinja needs are evaluated and kept —
// name, type, schema, database, profile_name. Passwords, tokens and keys in a profile are never
// rendered (their env_var() calls are not evaluated), kept, printed or stored.
import { readFileSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { dbtProfileDefaults } from '../../sql/dialects/index.js';
import type { Diagnostic } from '../diagnostics.js';
import { opt } from '../option-names.js';
import { renderValue, UNKNOWN, type JContext } from './jinja-expr.js';

/** What `{{ target.* }}` gives in a dbt project (only these fields). */
export interface DbtTarget {
  /** The output's name in the profile (`dev`, `prod`, …). */
  name: string;
  /** The adapter (`duckdb`, `snowflake`, `bigquery`, …). */
  type: string;
  schema?: string;
  database?: string;
  profile_name: string;
}

export interface TargetOptions {
  /** dbt's `--profiles-dir`. */
  profilesDir?: string;
  /** dbt's `--target` (else DBT_TARGET, else the profile's `target:`). */
  target?: string;
  /** dbt's `--profile` (else DBT_PROFILE, else dbt_project.yml's `profile:`). */
  profile?: string;
}

export interface ResolvedTarget {
  /** Undefined when no profile was found: `target.*` stays unknown, as before. */
  target?: DbtTarget;
  /** Where the profile was read (absolute path), when one was. */
  file?: string;
  /** --target names a target the profile found in profiles.yml does not have: dbt refuses it, and so do the commands. */
  unknownTarget?: string;
  diagnostics: Diagnostic[];
}

export interface TargetInputs extends TargetOptions {
  /** The project folder (holds dbt_project.yml). */
  projectDir: string;
  /** dbt_project.yml's `profile:`. */
  projectProfile?: string;
  /** Vars from --vars: dbt renders profiles with these (and env_var()). */
  cliVars?: Record<string, unknown>;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  home?: string;
}

/** Warehouse-specific spellings of database and schema, as each adapter aliases them. */
const DATABASE_KEYS = ['database', 'dbname', 'project', 'catalog'];
const SCHEMA_KEYS = ['schema', 'dataset'];

/** The folder whose profiles.yml dbt reads, and why (for messages). */
export function profilesDirFor(inp: Pick<TargetInputs, 'profilesDir' | 'projectDir' | 'env' | 'cwd' | 'home'>): { dir: string; from: string; explicit: boolean } {
  const env = inp.env ?? process.env;
  // a relative folder is the calling process's (`cwd`: a resident index answering another process)
  const cwd = resolve(inp.cwd ?? process.cwd());
  if (inp.profilesDir) return { dir: resolve(cwd, inp.profilesDir), from: opt('profiles_dir'), explicit: true };
  if (env.DBT_PROFILES_DIR) return { dir: resolve(cwd, env.DBT_PROFILES_DIR), from: 'DBT_PROFILES_DIR', explicit: true };
  const project = resolve(inp.projectDir);
  if (isFile(join(project, 'profiles.yml'))) return { dir: project, from: 'the project folder', explicit: false };
  if (isFile(join(cwd, 'profiles.yml'))) return { dir: cwd, from: 'the current folder', explicit: false };
  return { dir: join(inp.home ?? env.HOME ?? homedir(), '.dbt'), from: '~/.dbt', explicit: false };
}

/**
 * The target dbt would use for this project. A missing profiles.yml, profile or target gives no
 * target (and a diagnostic only when the user named the profiles folder, profile or target).
 */
export function resolveTarget(inp: TargetInputs): ResolvedTarget {
  const env = inp.env ?? process.env;
  const where = profilesDirFor(inp);
  const file = join(where.dir, 'profiles.yml');
  const out: ResolvedTarget = { diagnostics: [] };
  const asked = where.explicit || !!(inp.target || env.DBT_TARGET) || !!(inp.profile || env.DBT_PROFILE);
  // a file that is not there has no line to point at: located by its path alone
  const note = (message: string, hint: string, line: number | null = 1) => {
    if (asked) out.diagnostics.push({ code: 'TARGET_NOT_FOUND', severity: 'warning', file, ...(line === null ? {} : { line, column: 1 }), message, hint });
  };
  if (!isFile(file)) {
    note(`no profiles.yml in ${where.dir} (from ${where.from}); target.* in configs is not evaluated`, `point ${opt('profiles_dir')} at the folder that holds profiles.yml`, null);
    return out;
  }
  let doc: unknown;
  try { doc = parseYaml(readFileSync(file, 'utf8')); } catch (e: any) {
    // js-yaml's message quotes the offending lines, which may hold a secret: say only where
    const line = typeof e?.mark?.line === 'number' ? e.mark.line + 1 : 1;
    out.diagnostics.push({ code: 'PROFILE_INVALID', severity: 'warning', file, line, column: (e?.mark?.column ?? 0) + 1,
      message: `profiles.yml is not valid YAML (${String(e?.reason ?? 'syntax error')}); target.* in configs is not evaluated`, hint: 'fix the YAML at this line' });
    return out;
  }
  const ctx: JContext = {
    variable: (name) => (inp.cliVars && Object.prototype.hasOwnProperty.call(inp.cliVars, name) ? { found: true, value: inp.cliVars[name] } : { found: false }),
    env: (name) => env[name],
  };
  const render = (v: unknown): string | undefined => {
    const r = renderValue(v, ctx);
    return r === UNKNOWN || r === null || r === undefined ? undefined : typeof r === 'object' ? undefined : String(r);
  };
  const profileName = inp.profile || env.DBT_PROFILE || inp.projectProfile;
  if (!profileName) { note('dbt_project.yml names no profile (profile: NAME)', 'add `profile: NAME` to dbt_project.yml, as dbt requires'); return out; }
  const profile = isMap(doc) ? doc[profileName] : undefined;
  if (!isMap(profile)) { note(`profiles.yml has no profile named '${profileName}'`, `add the profile or pass ${opt('profile')}`); return out; }
  const targetName = inp.target || env.DBT_TARGET || render(profile.target) || 'default';
  const outputs = profile.outputs;
  const output = isMap(outputs) ? outputs[targetName] : undefined;
  if (!isMap(output)) {
    const names = isMap(outputs) ? Object.keys(outputs).join(', ') : 'none';
    if (inp.target) out.unknownTarget = `${file}: the profile '${profileName}' has no target '${targetName}' (its targets: ${names}); pass one of them with ${opt('target')}`;
    note(`the profile '${profileName}' does not have a target named '${targetName}' (its targets: ${names})`, `pass one of them with ${opt('target')}`);
    return out;
  }
  const type = render(output.type);
  if (!type) { note(`target '${targetName}' of profile '${profileName}' has no type`, 'set `type:` to the adapter name'); return out; }
  const first = (keys: string[]) => { for (const k of keys) { const v = render(output[k]); if (v !== undefined) return v; } return undefined; };
  let database = first(DATABASE_KEYS);
  const defaults = dbtProfileDefaults(type);
  if (database === undefined && defaults.databaseFromPath) database = databaseFromPath(render(output.path));
  let schema = first(SCHEMA_KEYS);
  if (schema === undefined) schema = defaults.schema;
  out.target = { name: targetName, type, schema, database, profile_name: profileName };
  out.file = file;
  return out;
}

/** dbt-duckdb names the database after the file the path points at (`memory` for `:memory:`). */
function databaseFromPath(path: string | undefined): string {
  if (path === undefined || path === ':memory:') return 'memory';
  const base = path.split('?')[0].split(/[\\/]/).pop() ?? '';
  if (/^md:|^motherduck:/i.test(path)) return base.replace(/^(md|motherduck):/i, '') || 'my_db';
  return base.replace(/^\.+/, '').split('.')[0] || 'memory';
}

function isFile(p: string): boolean {
  try { return statSync(p).isFile(); } catch { return false; }
}

function isMap(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

