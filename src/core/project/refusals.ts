// Where `dbt parse` refuses the project, the reader says so, once per cause, at the file and line
// of the call, in dbt's own words: a ref() or source() (rendered whatever the vars are) to a node
// that does not exist or is disabled, an env_var() without a default that is not set, a var()
// without a default that dbt_project.yml or a property file uses and nothing defines. The rest of
// the project is read all the same.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';
import { opt } from '../option-names.js';
import type { Built, CodeFile } from './build-nodes.js';
import type { PropertyFile } from './dbt-yaml.js';
import { varContext, type DbtSettings } from './settings.js';


export interface RefusalInput {
  root: string;
  settings: DbtSettings;
  code: CodeFile[];
  props: PropertyFile[];
  built: Built;
}

const envMissing = (file: string, line: number, name: string): Diagnostic => ({
  code: 'DBT_ENV_VAR_MISSING', severity: 'error', file, line, column: 1,
  message: `Env var required but not provided: '${name}' (dbt parse refuses the project)`,
  hint: `set ${name} in the environment, or give env_var() a default: env_var('${name}', '...')`,
});

const varMissing = (file: string, line: number, name: string, where: string): Diagnostic => ({
  code: 'DBT_VAR_MISSING', severity: 'error', file, line, column: 1,
  message: `Required var '${name}' not found in config (dbt parse refuses the project)`,
  hint: where === 'dbt_project.yml'
    ? `dbt_project.yml sees only the vars given on the command line: pass ${opt('vars')} '{${name}: ...}', or give var() a default: var('${name}', ...)`
    : `define '${name}' under vars: in dbt_project.yml, pass ${opt('vars')} '{${name}: ...}', or give var() a default: var('${name}', ...)`,
});

export function refusals(input: RefusalInput): Diagnostic[] {
  const { settings: s, built } = input;
  const out: Diagnostic[] = [];
  const env = (name: string) => process.env[name] !== undefined;

  // dbt_project.yml and property files: var() sees --vars only in dbt_project.yml, the project's vars too in property files
  const fileVars = varContext(s, 'project-file');
  for (const c of s.jinjaCalls ?? []) {
    if (c.kind === 'env_var' && !env(c.name)) out.push(envMissing('dbt_project.yml', c.line, c.name));
    if (c.kind === 'var' && !fileVars.variable(c.name).found) out.push(varMissing('dbt_project.yml', c.line, c.name, 'dbt_project.yml'));
  }
  const resVars = varContext(s, 'resource');
  for (const p of input.props) {
    for (const c of p.calls ?? []) {
      if (c.kind === 'env_var' && !env(c.name)) out.push(envMissing(p.file ?? '', c.line, c.name));
      if (c.kind === 'var' && !resVars.variable(c.name).found) out.push(varMissing(p.file ?? '', c.line, c.name, p.file ?? ''));
    }
  }

  // SQL: every file is rendered (disabled ones too, to read their config); refs and sources are
  // resolved for the nodes dbt builds
  // plain loops, no intermediate arrays: the server runs this after every change of a 10,000-model project
  const enabledFiles = new Set<string>(), disabledFiles = new Set<string>(), enabled = new Set<string>(), disabled = new Set<string>();
  const sources = new Set<string>(), sourcesDisabled = new Set<string>();
  for (const list of [built.models, built.snapshots]) for (const n of list) { enabled.add(n.name); if (n.sqlPath) enabledFiles.add(n.sqlPath); }
  for (const n of built.seeds) enabled.add(n.name);
  for (const n of built.sources) sources.add(n.name);
  for (const n of built.disabled) {
    if (n.sqlPath) disabledFiles.add(n.sqlPath);
    (n.resourceType === 'source' ? sourcesDisabled : disabled).add(n.name);
  }
  let pkg: Packages | undefined;
  const packages = () => (pkg ??= installedPackages(input.root, s.packagesInstallPath));
  for (const c of input.code) {
    const checked = c.role !== 'test' && enabledFiles.has(c.rel) && !disabledFiles.has(c.rel);
    const kind = c.role === 'snapshot' ? 'Snapshot' : 'Model';
    for (const call of c.facts.calls ?? []) {
      if (call.kind === 'env_var') { if (!env(call.name)) out.push(envMissing(c.rel, call.line, call.name)); continue; }
      if (!checked) continue;
      if (call.package && call.package !== s.name) continue; // another package's node: not read here
      const isRef = call.kind === 'ref';
      if (isRef ? enabled.has(call.name) : sources.has(call.name)) continue;
      const off = isRef ? disabled.has(call.name) : sourcesDisabled.has(call.name);
      if (!off) {
        const p = packages();
        if (p === 'unknown' || (isRef ? p.nodes.has(call.name) : p.mentions(call.name))) continue;
      }
      const target = isRef ? 'node' : 'source';
      out.push({ code: isRef ? 'DBT_REF_NOT_FOUND' : 'DBT_SOURCE_NOT_FOUND', severity: 'error', file: c.rel, line: call.line, column: 1,
        message: `${kind} '${nodeId(c, s.name)}' (${c.rel}) depends on a ${target} named '${call.name}' which ${off ? 'is disabled' : 'was not found'} (dbt parse refuses the project)`,
        hint: off ? `enable '${call.name}', or disable this ${kind.toLowerCase()} too`
          : isRef ? `add the model, seed or snapshot '${call.name}', or correct the name in ref()` : `declare table '${call.name.split('.')[1]}' under source '${call.name.split('.')[0]}' in a property file, or correct the names in source()` });
    }
  }
  return out;
}

function nodeId(c: CodeFile, project: string): string {
  const base = c.rel.split('/').pop()!.replace(/\.(sql|py)$/i, '');
  return c.role === 'snapshot' ? `snapshot.${project}.${c.facts.snapshots[0]?.name ?? base}` : `model.${project}.${base}`;
}

type Packages = 'unknown' | { nodes: Set<string>; mentions(source: string): boolean };

/**
 * What installed packages define, for refs the project does not resolve itself: their models,
 * seeds and snapshots by file name, and their property files' text for sources. 'unknown' when
 * packages are declared but not installed (dbt would ask for `dbt deps` first).
 */
function installedPackages(root: string, installPath: string): Packages {
  const dir = join(root, installPath);
  const declared = ['packages.yml', 'dependencies.yml'].some((f) => existsSync(join(root, f)) && /^\s*-\s/m.test(readFileSync(join(root, f), 'utf8')));
  if (!existsSync(dir)) return declared ? 'unknown' : { nodes: new Set(), mentions: () => false };
  const nodes = new Set<string>();
  const yaml: string[] = [];
  const walk = (abs: string, depth: number) => {
    let entries;
    try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      if (e.isDirectory()) { if (depth < 12 && !e.name.startsWith('.')) walk(join(abs, e.name), depth + 1); continue; }
      const m = /^(.+)\.(sql|py|csv)$/i.exec(e.name);
      if (m) nodes.add(m[1]);
      else if (/\.ya?ml$/i.test(e.name)) { try { yaml.push(readFileSync(join(abs, e.name), 'utf8')); } catch { /* unreadable: not counted */ } }
    }
    // snapshots defined by blocks: their names are found through the file name only when equal; good enough for refs
  };
  walk(dir, 0);
  return { nodes, mentions: (source) => { const [a, b] = source.split('.'); return yaml.some((t) => t.includes(a) && t.includes(b)); } };
}
