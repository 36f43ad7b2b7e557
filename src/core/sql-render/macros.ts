// The macros a dbt project's SQL can call: its own (macro-paths) and those of the packages
// installed under packages-install-path (each package's own dbt_project.yml gives its name and
// macro-paths), read into template trees. `adapter.dispatch` picks an implementation as dbt does:
// `<adapter>__name`, then `default__name`, in the packages of the namespace's search order.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load as parseYaml } from 'js-yaml';
import { parseTemplate, TemplateError, type TNode } from './template.js';
import { dbtAdapterParents } from '../../sql/dialects/index.js';

export type MacroDef = Extract<TNode, { k: 'macro' }> & { package: string; file: string };

/** A package's macros by name; a file is read into a template only when one of its macros is used. */
export class MacroTable {
  private files = new Map<string, { base: string; rel: string; shown: string; defs?: Map<string, MacroDef>; names: string[]; text: string }>();
  private where = new Map<string, string>();
  constructor(private pkg: string, private problems: MacroLibrary['problems']) {}
  addFile(base: string, rel: string, shown: string, text: string): void {
    const names: string[] = [];
    for (const m of text.matchAll(/\{%-?\s*(macro|test)\s+([A-Za-z_][A-Za-z0-9_]*)/g)) {
      const name = m[1] === 'test' ? `test_${m[2]}` : m[2];
      this.where.set(name, shown);
      names.push(name);
    }
    // the text is kept to find the macros that may call another without parsing every file
    this.files.set(shown, { base, rel, shown, names, text });
  }
  /** The macros defined in files whose text `words` matches (with a word alternation: a superset of the macros that call one of them). */
  mentioning(words: RegExp): string[] {
    const out: string[] = [];
    for (const f of this.files.values()) if (words.test(f.text)) out.push(...f.names);
    return out;
  }
  has(name: string): boolean { return this.where.has(name); }
  keys(): IterableIterator<string> { return this.where.keys(); }
  get(name: string): MacroDef | undefined {
    const shown = this.where.get(name);
    const f = shown ? this.files.get(shown) : undefined;
    if (!f) return undefined;
    if (!f.defs) {
      f.defs = new Map();
      try {
        for (const n of parseTemplate(readFileSync(join(f.base, f.rel), 'utf8'))) if (n.k === 'macro') f.defs.set(n.name, { ...n, package: this.pkg, file: f.shown });
      } catch (e) {
        this.problems.push({ file: f.shown, line: e instanceof TemplateError ? e.line : 1, message: (e as Error).message });
      }
    }
    return f.defs.get(name);
  }
}

export interface MacroLibrary {
  root: string;
  /** package name → its macros */
  packages: Map<string, MacroTable>;
  /** `dispatch:` in dbt_project.yml: namespace → packages to search, in order */
  searchOrder: Map<string, string[]>;
  /** Files that could not be read as templates (their macros are unknown). */
  problems: { file: string; line: number; message: string }[];
  /** Packages packages.yml / dependencies.yml lists (hub `org/name` → name) that are not installed: a call into one says `dbt deps`. */
  missing?: Set<string>;
}

const paths = (x: unknown): string[] => (Array.isArray(x) ? x.filter((p): p is string => typeof p === 'string').map((p) => p.replace(/^\.\//, '').replace(/\/+$/, '')) : ['macros']);

function readYaml(file: string): Record<string, any> | undefined {
  try {
    // json: a repeated key is read as dbt reads it (the last one wins), not refused
    const v = parseYaml(readFileSync(file, 'utf8'), { json: true });
    return v && typeof v === 'object' ? (v as Record<string, any>) : undefined;
  } catch { return undefined; }
}

function sqlFiles(dir: string, rel: string, out: string[]): void {
  let entries;
  try { entries = readdirSync(join(dir, rel), { withFileTypes: true }); } catch { return; }
  for (const e of entries) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) sqlFiles(dir, r, out);
    else if (e.isFile() && e.name.toLowerCase().endsWith('.sql')) out.push(r);
  }
}

function addFile(lib: MacroLibrary, pkg: string, base: string, rel: string, shown: string): void {
  let text: string;
  try { text = readFileSync(join(base, rel), 'utf8'); } catch { return; }
  if (!text.includes('macro') && !text.includes('test')) return;
  let table = lib.packages.get(pkg);
  if (!table) { table = new MacroTable(pkg, lib.problems); lib.packages.set(pkg, table); }
  table.addFile(base, rel, shown, text);
}

/**
 * Read the macros of a project at `root` (its settings give the macro paths and where packages
 * are installed). `rootName` is the project's name (its namespace in `adapter.dispatch`).
 */
export function readMacroLibrary(root: string, rootName: string, macroPaths: readonly string[], packagesInstallPath: string): MacroLibrary {
  const lib: MacroLibrary = { root: rootName, packages: new Map(), searchOrder: new Map(), problems: [] };
  lib.packages.set(rootName, new MacroTable(rootName, lib.problems));
  const project = readYaml(join(root, 'dbt_project.yml'));
  for (const d of Array.isArray(project?.dispatch) ? project!.dispatch : []) {
    if (d && typeof d.macro_namespace === 'string' && Array.isArray(d.search_order)) lib.searchOrder.set(d.macro_namespace, d.search_order.map(String));
  }
  for (const mp of macroPaths) {
    const files: string[] = [];
    sqlFiles(root, mp, files);
    for (const f of files) addFile(lib, rootName, root, f, f);
  }
  const pkgDir = join(root, packagesInstallPath);
  if (existsSync(pkgDir)) {
    for (const e of readdirSync(pkgDir, { withFileTypes: true })) {
      if (!e.isDirectory()) continue;
      const base = join(pkgDir, e.name);
      const conf = readYaml(join(base, 'dbt_project.yml'));
      const name = typeof conf?.name === 'string' ? conf.name : e.name;
      if (name === rootName) continue;
      for (const mp of paths(conf?.['macro-paths'])) {
        const files: string[] = [];
        sqlFiles(base, mp, files);
        for (const f of files) addFile(lib, name, base, f, `${packagesInstallPath}/${e.name}/${f}`);
      }
    }
  }
  const missing = declaredPackageNames(root).filter((n) => !lib.packages.has(n));
  if (missing.length) lib.missing = new Set(missing);
  return lib;
}

/** The names hub packages are known by in packages.yml and dependencies.yml (`fivetran/fivetran_utils` → fivetran_utils). */
function declaredPackageNames(root: string): string[] {
  const out: string[] = [];
  for (const f of ['packages.yml', 'dependencies.yml']) {
    const y = readYaml(join(root, f));
    for (const p of Array.isArray(y?.packages) ? y!.packages : []) {
      if (p && typeof p.package === 'string' && /^[\w.-]+\/[\w.-]+$/.test(p.package)) out.push(p.package.split('/')[1].replace(/-/g, '_'));
    }
  }
  return out;
}


export type Dispatched = { def: MacroDef } | { unknown: string };

/**
 * dbt's `adapter.dispatch(name, namespace)`: the packages searched (the project's `dispatch:`
 * order for that namespace, else the namespace itself; with no namespace, the root project and
 * the calling macro's package), and in each `<adapter>__name`, its parents, then `default__name`.
 * With no adapter known, a macro that has adapter-specific versions cannot be chosen.
 */
export function dispatchMacro(lib: MacroLibrary, name: string, namespace: string | undefined, callerPackage: string, adapter: string | undefined): Dispatched {
  const order = namespace ? lib.searchOrder.get(namespace) ?? [namespace] : [lib.root, callerPackage];
  const seen = new Set<string>();
  for (const pkg of order) {
    if (seen.has(pkg)) continue;
    seen.add(pkg);
    const macros = lib.packages.get(pkg);
    if (!macros) continue;
    if (!adapter) {
      const specific = [...macros.keys()].find((k) => k.endsWith(`__${name}`) && k !== `default__${name}` && /^[a-z0-9]+$/i.test(k.slice(0, -name.length - 2)));
      if (specific) return { unknown: `${namespace ? `${namespace}.` : ''}${name} has a version per adapter (${specific}) and the target's adapter is not known` };
    } else {
      for (const a of [adapter, ...dbtAdapterParents(adapter)]) {
        const d = macros.get(`${a}__${name}`);
        if (d) return { def: d };
      }
    }
    const d = macros.get(`default__${name}`);
    if (d) return { def: d };
  }
  if (namespace === 'dbt' || !namespace) return { unknown: `${name} is one of dbt's own macros, which are not rendered` };
  return { unknown: `no implementation of ${namespace}.${name} is installed (run \`dbt deps\`)` };
}
