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
import type { DbtNode } from './types.js';
import { varContext, type DbtSettings } from './settings.js';


export interface RefusalInput {
  root: string;
  settings: DbtSettings;
  code: CodeFile[];
  props: PropertyFile[];
  built: Built;
  /** What the previous call of the same reader found (see RefusalMemo). */
  memo?: RefusalMemo;
}

/** The names refs and sources resolve against. */
interface Names {
  enabledFiles: Set<string>; disabledFiles: Set<string>; enabled: Set<string>; disabled: Set<string>;
  sources: Set<string>; sourcesDisabled: Set<string>;
}

/**
 * The project reader keeps each code file's facts until the file changes, and most changes leave
 * every node's name and file as they were: then the names are those of the previous call, and a
 * code file read before has the findings it had (the server checks every ref of a 10,000-model
 * project after each change; this keeps that to the changed files). Files with env_var() calls
 * (the environment) or whose check looked at installed packages are checked every time.
 */
export interface RefusalMemo {
  settings?: DbtSettings;
  lists?: readonly DbtNode[][];
  names?: Names;
  perFile: WeakMap<CodeFile, Diagnostic[]>;
}

export function newRefusalMemo(): RefusalMemo {
  return { perFile: new WeakMap() };
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
  const memo = input.memo ?? newRefusalMemo();
  const lists = [built.models, built.snapshots, built.seeds, built.sources, built.disabled];
  if (memo.settings !== s || !memo.lists || !memo.names || !sameNames(memo.lists, lists)) {
    memo.names = namesOf(built);
    memo.perFile = new WeakMap();
    memo.settings = s;
  }
  memo.lists = lists;
  const { enabledFiles, disabledFiles, enabled, disabled, sources, sourcesDisabled } = memo.names;
  let pkg: Packages | undefined;
  let usedPackages = false;
  const packages = () => { usedPackages = true; return (pkg ??= installedPackages(input.root, s.packagesInstallPath)); };
  for (const c of input.code) {
    const kept = memo.perFile.get(c);
    if (kept) { for (const d of kept) out.push(d); continue; }
    const mine: Diagnostic[] = [];
    let usesEnv = false;
    usedPackages = false;
    const checked = c.role !== 'test' && enabledFiles.has(c.rel) && !disabledFiles.has(c.rel);
    const kind = c.role === 'snapshot' ? 'Snapshot' : 'Model';
    for (const call of c.facts.calls ?? []) {
      if (call.kind === 'env_var') { usesEnv = true; if (!env(call.name)) mine.push(envMissing(c.rel, call.line, call.name)); continue; }
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
      mine.push({ code: isRef ? 'DBT_REF_NOT_FOUND' : 'DBT_SOURCE_NOT_FOUND', severity: 'error', file: c.rel, line: call.line, column: 1,
        message: `${kind} '${nodeId(c, s.name)}' (${c.rel}) depends on a ${target} named '${call.name}' which ${off ? 'is disabled' : 'was not found'} (dbt parse refuses the project)`,
        hint: off ? `enable '${call.name}', or disable this ${kind.toLowerCase()} too`
          : isRef ? `add the model, seed or snapshot '${call.name}', or correct the name in ref()` : `declare table '${call.name.split('.')[1]}' under source '${call.name.split('.')[0]}' in a property file, or correct the names in source()` });
    }
    if (!usesEnv && !usedPackages) memo.perFile.set(c, mine);
    for (const d of mine) out.push(d);
  }
  return out;
}

/** The names refs and sources resolve against (plain loops: 10,000 models after every change in the server). */
function namesOf(built: Built): Names {
  const n: Names = { enabledFiles: new Set(), disabledFiles: new Set(), enabled: new Set(), disabled: new Set(), sources: new Set(), sourcesDisabled: new Set() };
  for (const list of [built.models, built.snapshots]) for (const x of list) { n.enabled.add(x.name); if (x.sqlPath) n.enabledFiles.add(x.sqlPath); }
  for (const x of built.seeds) n.enabled.add(x.name);
  for (const x of built.sources) n.sources.add(x.name);
  for (const x of built.disabled) {
    if (x.sqlPath) n.disabledFiles.add(x.sqlPath);
    (x.resourceType === 'source' ? n.sourcesDisabled : n.disabled).add(x.name);
  }
  return n;
}

/** Whether the node lists give the same names as before: the same nodes (mostly the very same objects), or nodes of the same name, file and type. */
function sameNames(before: readonly DbtNode[][], now: readonly DbtNode[][]): boolean {
  for (let l = 0; l < now.length; l++) {
    const a = before[l], b = now[l];
    if (a.length !== b.length) return false;
    for (let i = 0; i < b.length; i++) {
      const x = a[i], y = b[i];
      if (x !== y && (x.name !== y.name || x.sqlPath !== y.sqlPath || x.resourceType !== y.resourceType)) return false;
    }
  }
  return true;
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
