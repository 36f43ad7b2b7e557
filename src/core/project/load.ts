// The project reader: one pass over a dbt-style project into a typed Project that agrees with
// what `dbt parse` reads. Each file is parsed on its own into a cached result, so one changed
// file is re-read alone and the project views are rebuilt from the cache.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { pushAll, UserError, type Diagnostic } from '../diagnostics.js';
import { loadModelText, type LoadedModel } from '../model/load.js';
import { bindingFindings } from '../model/semantic.js';
import { containedPath } from '../paths.js';
import { readChunks, readFinding, ReadRefusal, readTextFile, readTextOrFinding } from '../read-text.js';
import { parseYamlFast } from '../yaml-fast.js';
import { buildNodes, clearBuildMemo, newBuildMemo, type CodeFile } from './build-nodes.js';
import { isDbtPropertyFile, parseDbtProperties, type PropertyFile } from './dbt-yaml.js';
import { parseDocBlocks } from './docs.js';
import { applyManifestIndex, indexManifest, type ManifestIndex } from './manifest-nodes.js';
import { readManifestChunks } from './manifest-read.js';
import { LimitError } from '../limits.js';
import { readSettings, varContext, type DbtSettings, type ReadOptions } from './settings.js';
import { parseSkill } from './skills.js';
import { macroNames, readSqlFacts } from './sql-file.js';
import { PROPERTY_NORENDER, yamlJinjaCalls } from './jinja-calls.js';
import { newRefusalMemo, refusals } from './refusals.js';
import { renewNodes } from './renew-nodes.js';
import type { DbtNode, DocBlock, FileKind, Project, Skill, TargetArtifacts } from './types.js';
import { packagesNotInstalled } from './declared-packages.js';
import { mergePackageNodes, readInstalledPackages, type InstalledPackage } from './installed-packages.js';
import type { DbtTarget } from './target.js';
import { isOutsideProject, TARGET_FILES, walkProject, type Walked } from './walk.js';

interface FileResult {
  kind: FileKind;
  code?: CodeFile;
  props?: PropertyFile;
  docs?: DocBlock[];
  modeler?: LoadedModel;
  skill?: Skill;
  json?: unknown;
  /** Macros a macro file (or a generic test file) defines. */
  macros?: string[];
  /** A SQL file's text, kept for what reads the SQL again (columns from SQL, lineage) */
  text?: string;
  diagnostics: Diagnostic[];
}

const NOT_PROPERTY_FILES = new Set(['dbt_project.yml', 'profiles.yml', 'packages.yml', 'dependencies.yml', 'selectors.yml', 'package-lock.yml']);

export type LoadOptions = ReadOptions;

/**
 * Read the project at `dir`. `asPackage`: it is a package installed in another project (read by
 * installed-packages.ts), so its own installed packages are not read, and dbt's target is the root
 * project's.
 */
export function loadProject(dir: string, opts: LoadOptions = {}, asPackage?: { target?: DbtTarget }): Project {
  const root = resolve(dir);
  let st;
  try { st = statSync(root); } catch { throw new UserError(`project directory not found: ${dir}`); }
  if (!st.isDirectory()) throw new UserError(`not a directory: ${dir}`);
  try { readdirSync(root); } catch (e: any) { throw new UserError(`cannot read project directory ${dir}: ${e.code ?? e.message}`); }
  const t0 = performance.now();
  const results = new Map<string, FileResult>();
  const stats = { filesRead: 0, loadMs: 0 };
  const settingsOf = (): DbtSettings => {
    const s = readSettings(root, opts, stats);
    // a package's own profile is not used: the root project's target is
    return asPackage ? { ...s, target: asPackage.target, diagnostics: [] } : s;
  };
  let settings: DbtSettings = settingsOf();
  let installed: InstalledPackage[] = [];
  let notInstalled: Diagnostic[] = [];
  let walked: Walked = { files: [], nestedProjects: [], dirs: [] };

  const under = (rel: string, roots: readonly string[]) => roots.some((p) => p === '.' || p === '' || rel.startsWith(p + '/'));
  const classify = (rel: string): FileKind => {
    if (rel === 'dbt_project.yml') return 'dbt_project';
    if (rel.startsWith(settings.targetPath + '/')) return TARGET_FILES.includes(rel.slice(settings.targetPath.length + 1)) ? 'target_json' : 'other';
    const lower = rel.toLowerCase();
    if (rel.startsWith('Modeler/')) {
      if (rel.startsWith('Modeler/Skills/') && lower.endsWith('.md')) return 'skill';
      if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'modeler_model';
      if (lower.endsWith('.md')) return 'docs_md';
      return 'other';
    }
    const s = settings;
    const resourcePaths = [...s.modelPaths, ...s.seedPaths, ...s.snapshotPaths, ...s.analysisPaths, ...s.macroPaths, ...s.testPaths];
    if (lower.endsWith('.yml') || lower.endsWith('.yaml')) return !NOT_PROPERTY_FILES.has(rel) && under(rel, resourcePaths) ? 'dbt_yaml' : 'other';
    if (lower.endsWith('.sql')) return under(rel, s.modelPaths) || under(rel, s.snapshotPaths) || under(rel, s.testPaths) ? 'sql' : under(rel, s.macroPaths) ? 'macro' : 'other';
    if (lower.endsWith('.py')) return under(rel, s.modelPaths) ? 'sql' : 'other';
    if (lower.endsWith('.csv')) return under(rel, s.seedPaths) ? 'seed' : 'other';
    if (lower.endsWith('.md')) return under(rel, resourcePaths) ? 'docs_md' : 'other';
    return 'other';
  };

  /** `listed`: the walk just listed it as a regular file (the target's artifacts it adds unlisted). */
  const readFile = (rel: string, listed = false): FileResult | undefined => {
    const kind = classify(rel);
    if (kind === 'other' || kind === 'dbt_project' || kind === 'seed') return { kind, diagnostics: [] };
    // a file that cannot be read (special, over a limit, not UTF-8) is a finding naming it, never a failed read of the project
    if (kind === 'target_json' && rel === `${settings.targetPath}/manifest.json`) return readManifestFile(rel);
    const read = readTextOrFinding(join(root, rel), rel, { size: kind === 'target_json' ? 'artifact_size' : 'file_size', lines: kind === 'sql' || kind === 'docs_md' || kind === 'skill', listedRegular: listed && kind !== 'target_json' });
    if (!read) return undefined;
    if ('finding' in read) return { kind, diagnostics: [read.finding] };
    const text = read.text;
    stats.filesRead++;
    try {
      const r = parseFile(rel, kind, text);
      if (r.kind === 'sql' && r.code) r.text = text;
      return r;
    } catch (e) {
      // a parser that gives up on a file (it should report instead) must not stop the project's read
      return { kind, diagnostics: [{ code: 'IO', severity: 'error', file: rel, line: 1, column: 1,
        message: `cannot read ${rel}: ${String((e as Error)?.message ?? e).split('\n')[0]}`, hint: 'fix or remove the file; please report this as a bug in modeler' }] };
    }
  };

  // dbt's manifest is read from its bytes, only the parts used (manifest-read.ts)
  const readManifestFile = (rel: string): FileResult | undefined => {
    try {
      const json = readChunks(join(root, rel), rel, { size: 'manifest_size' }, (read) => readManifestChunks(read, settings.name));
      stats.filesRead++;
      return { kind: 'target_json', json, diagnostics: [] };
    } catch (e: any) {
      if (e?.code === 'ENOENT' || e?.code === 'ENOTDIR') return undefined;
      // the file could not be read (a limit, a special file, permissions), else its JSON is broken
      const unread = e instanceof LimitError || e instanceof ReadRefusal || typeof e?.code === 'string';
      return { kind: 'target_json', diagnostics: [unread ? readFinding(e, rel) : targetJsonFinding(rel, e)] };
    }
  };

  const parseFile = (rel: string, kind: FileKind, text: string): FileResult => {
    switch (kind) {
      case 'sql': {
        if (rel.toLowerCase().endsWith('.py') && !/^\s*def\s+model\s*\(/m.test(text)) return { kind: 'other', diagnostics: [] };
        const role = under(rel, settings.modelPaths) ? 'model' : under(rel, settings.snapshotPaths) ? 'snapshot' : 'test';
        const facts = readSqlFacts(text, rel);
        return { kind, code: { rel, role, facts }, macros: role === 'test' ? macroNames(text) : undefined, diagnostics: facts.diagnostics };
      }
      case 'macro': return { kind, macros: macroNames(text), diagnostics: [] };
      case 'target_json': {
        try { return { kind, json: JSON.parse(text), diagnostics: [] }; } catch (e: any) {
          return { kind, diagnostics: [targetJsonFinding(rel, e)] };
        }
      }
      case 'docs_md': {
        if (!text.includes('docs')) return { kind, docs: [], diagnostics: [] };
        const { blocks, diagnostics } = parseDocBlocks(text, rel);
        return { kind, docs: blocks, diagnostics };
      }
      case 'skill': {
        const { skill, diagnostics } = parseSkill(text, rel);
        return { kind, skill, diagnostics };
      }
      case 'modeler_model': {
        const lm = loadModelText(text, rel);
        return { kind, modeler: lm, diagnostics: lm.diagnostics };
      }
      case 'dbt_yaml': {
        const parsed = parseYamlFast(text, rel);
        if (parsed.value === undefined) return { kind, diagnostics: parsed.diagnostics };
        if (!isDbtPropertyFile(parsed.value)) return { kind: 'other', diagnostics: [] };
        const props = parseDbtProperties(parsed, text, rel);
        props.file = rel;
        props.calls = yamlJinjaCalls(text, PROPERTY_NORENDER);
        return { kind, props, diagnostics: [...parsed.diagnostics, ...props.diagnostics] };
      }
    }
    return { kind, diagnostics: [] };
  };

  const readAll = () => {
    results.clear();
    walked = walkProject(root, { targetPath: settings.targetPath, packagesInstallPath: settings.packagesInstallPath });
    // dbt's manifest first: its bytes (≈100 MB at 10,000 models) are let go before the project's
    // own files fill the heap, so the two never add up in the peak memory
    const manifestRel = `${settings.targetPath}/manifest.json`;
    const early = walked.files.includes(manifestRel) ? readFile(manifestRel) : undefined;
    for (const rel of walked.files) {
      const r = rel === manifestRel ? early : readFile(rel, true);
      if (r) results.set(rel, r);
    }
    installed = asPackage ? [] : readInstalledPackages(root, settings, loadProject);
    notInstalled = asPackage ? [] : packagesNotInstalled(root, settings.packagesInstallPath, installed);
  };
  readAll();

  // the last reloads by state number, not by the `files` maps themselves: holding 64 maps of a
  // 10,000-model project's files kept ~30 MB alive for a question asked about one state at most
  const stateNo = new WeakMap<Map<string, FileKind>, number>();
  let states = 0;
  const numbered = (files: Map<string, FileKind>) => { let n = stateNo.get(files); if (n === undefined) stateNo.set(files, (n = ++states)); return n; };
  const reloads: { before: number; after: number; paths?: string[] }[] = [];
  const project: Project = {
    root, name: settings.name, modelPaths: settings.modelPaths, isDbtProject: settings.isProject, cliVars: settings.cliVars, dbtTarget: settings.target, jinja: varContext(settings, 'resource'),
    macroPaths: settings.macroPaths, packagesInstallPath: settings.packagesInstallPath,
    models: [], sources: [], seeds: [], snapshots: [], exposures: [], semanticModels: [], metrics: [], disabled: [], packageNodes: [], singularTests: [],
    orphanTests: [], savedQueries: [], groups: [], unitTests: [], macros: [],
    modelByName: new Map(), docs: new Map(), target: {}, modelerFiles: [], skills: [], sqlFiles: [],
    files: new Map(), diagnostics: [], stats,
    reloadFile(rel: string) {
      return project.reloadFiles([rel]);
    },
    reloadAll() {
      // after a git checkout or pull any file may have changed: read the project again
      project.reloadFiles(['dbt_project.yml']);
    },
    reloadFiles(rels: readonly string[]) {
      // several files changed at once (a proposal applied, a git checkout): read each, aggregate once
      const clean = rels.map((r) => r.replace(/^\.\//, ''));
      const before = project.files;
      const all = clean.includes('dbt_project.yml') || clean.includes('profiles.yml');
      let same = false;
      if (all) {
        // paths, vars, config trees or the target may all have changed: classify and read everything again
        settings = settingsOf();
        readAll();
      } else {
        let added = false;
        // a file whose new reading differs from the old only in its text (an edit inside a
        // model's SELECT) changes no node's content, index or finding: see renew-nodes.ts
        same = true;
        // an installed package edited, or installed again (`dbt deps`): its nodes are read again
        const pkgs = `${settings.packagesInstallPath}/`;
        if (!asPackage && clean.some((c) => c === settings.packagesInstallPath || c.startsWith(pkgs))) {
          installed = readInstalledPackages(root, settings, loadProject);
          same = false;
        }
        if (!asPackage && clean.some((c) => c === settings.packagesInstallPath || c.startsWith(pkgs) || c === 'packages.yml' || c === 'dependencies.yml')) {
          notInstalled = packagesNotInstalled(root, settings.packagesInstallPath, installed);
          same = false;
        }
        for (const c of clean) {
          if (isOutsideProject(c, walked, settings)) continue;
          const r = existsSync(join(root, c)) ? readFile(c) : undefined;
          const prev = results.get(c);
          if (r && prev && sameReading(prev, r)) { prev.text = r.text; continue; }
          same = false;
          if (r) { added ||= !prev; results.set(c, r); } else results.delete(c);
        }
        // keep the walk's order (sorted paths), so a new file lands where a fresh read puts it
        if (added) {
          const sorted = [...results.keys()].sort();
          const entries = sorted.map((k) => [k, results.get(k)!] as const);
          results.clear();
          for (const [k, v] of entries) results.set(k, v);
        }
      }
      // a new state all the same (a new `files`, for what asks changedSince)
      if (!all && same) {
        project.files = new Map(project.files);
        renewNodes(project, memo, new Set(clean));
      } else aggregate();
      reloads.push({ before: numbered(before), after: numbered(project.files), paths: all ? undefined : clean });
      if (reloads.length > 64) reloads.shift();
      const changed = new Set(clean);
      return project.diagnostics.filter((d) => d.file !== undefined && changed.has(d.file));
    },
    sqlText(rel) {
      const own = results.get(rel)?.text;
      if (own !== undefined) return own;
      // an installed package's SQL, as the package's read kept it
      const k = installed.find((x) => rel.startsWith(`${x.dir}/`));
      return k?.sqlText(rel.slice(k.dir.length + 1));
    },
    packageJinja(pkg) {
      return installed.find((x) => x.name === pkg)?.jinja;
    },
    changedSince(since) {
      if (since === project.files) return [];
      const paths = new Set<string>();
      const target = stateNo.get(since);
      let at = stateNo.get(project.files);
      if (target === undefined || at === undefined) return undefined;
      // walk back from the current state to `since`, one reload at a time
      for (let i = reloads.length - 1; at !== target; i--) {
        const r = reloads[i];
        if (!r || r.after !== at || !r.paths) return undefined;
        for (const x of r.paths) paths.add(x);
        at = r.before;
      }
      return [...paths];
    },
    readText(rel: string) {
      // files the walk found are regular files inside the project (it follows no symlinks);
      // anything else is resolved and checked for containment first
      const known = results.has(rel) && !rel.startsWith('/') && !rel.split('/').includes('..');
      const abs = known ? join(root, rel) : containedPath(root, rel);
      if (!abs) throw new UserError(`path escapes the project: ${rel}`);
      return readTextFile(abs, rel);
    },
  };

  const memo = newBuildMemo();
  const refusalMemo = newRefusalMemo();
  let memoManifest: unknown;
  let manifestIndex: { manifest: unknown; project: string; index: ManifestIndex } | undefined;
  const aggregate = () => {
    const docs = new Map<string, DocBlock>();
    const target: TargetArtifacts = {};
    const diagnostics: Diagnostic[] = [...settings.diagnostics, ...notInstalled];
    const modelerFiles: LoadedModel[] = [];
    const skills: Skill[] = [];
    const sqlFiles: string[] = [];
    const code: CodeFile[] = [];
    const props: PropertyFile[] = [];
    const seedFiles: string[] = [];
    const macros: string[] = [];
    const files = new Map<string, FileKind>();
    for (const [rel, r] of results) {
      files.set(rel, r.kind);
      if (r.diagnostics.length) pushAll(diagnostics, r.kind === 'modeler_model' ? r.diagnostics.filter((d) => d.code !== 'UNKNOWN_GLOSSARY_TERM') : r.diagnostics);
      if (r.code) { code.push(r.code); sqlFiles.push(rel); }
      if (r.props) props.push(r.props);
      if (r.kind === 'seed') seedFiles.push(rel);
      if (r.macros) macros.push(...r.macros);
      for (const d of r.docs ?? []) {
        const prev = docs.get(d.name);
        if (prev) diagnostics.push({ code: 'DOC_DUPLICATE', severity: 'error', file: d.file, line: d.line, column: 1,
          message: `doc block '${d.name}' is defined twice (also in ${prev.file}:${prev.line})`, hint: 'rename one of the blocks' });
        else docs.set(d.name, d);
      }
      if (r.modeler) modelerFiles.push(r.modeler);
      if (r.skill) skills.push(r.skill);
      if (r.kind === 'target_json' && r.json !== undefined) {
        const f = rel.slice(settings.targetPath.length + 1);
        if (f === 'manifest.json') target.manifest = r.json;
        else if (f === 'catalog.json') target.catalog = r.json;
        else if (f === 'semantic_manifest.json') target.semanticManifest = r.json;
        else target.runResults = r.json;
      }
    }
    // nodes reused from the previous build carry what the manifest added to them: a new manifest rebuilds all
    if (target.manifest !== memoManifest) { clearBuildMemo(memo); memoManifest = target.manifest; }
    const built = buildNodes({ settings, code, seedFiles, props, memo });
    diagnostics.push(...built.diagnostics);
    // where dbt refuses to parse (a ref() or source() to nothing, an unset env_var(), a missing var()): a located error each
    diagnostics.push(...refusals({ root, settings, code, props, built, memo: refusalMemo }));
    const modelByName = new Map<string, DbtNode>();
    for (const m of built.models) if (m.version === undefined || m.latestVersion || !modelByName.has(m.name)) modelByName.set(m.name, m);
    let packageNodes: DbtNode[] = [];
    if (target.manifest) {
      const own = new Map<string, DbtNode>();
      for (const list of [built.models, built.seeds, built.snapshots]) for (const n of list) own.set(n.uniqueId, n);
      // the manifest is read into an index once, not again for every file that changes
      if (!manifestIndex || manifestIndex.manifest !== target.manifest || manifestIndex.project !== settings.name) {
        manifestIndex = { manifest: target.manifest, project: settings.name, index: indexManifest(target.manifest, settings.name) };
      }
      const facts = applyManifestIndex(manifestIndex.index, own, new Set(built.disabled.map((n) => n.uniqueId)));
      packageNodes = facts.packageNodes;
      if (facts.stale.length) {
        diagnostics.push({ code: 'MANIFEST_STALE', severity: 'info', file: `${settings.targetPath}/manifest.json`, line: 1, column: 1,
          message: `target/manifest.json lists ${facts.stale.length} model(s) of this project that no file defines (${cut(facts.stale, 5)}); they are not read as models`,
          hint: 're-run `dbt parse` to refresh target/manifest.json' });
      }
    }
    packageNodes = mergePackageNodes(installed, packageNodes, settings.packagesInstallPath);
    // Glossary bindings in Modeler/ files may point at terms defined in any Modeler/ glossary.
    const terms = new Set<string>();
    for (const lm of modelerFiles) for (const t of lm.model?.glossary ?? []) terms.add(t.term);
    for (const lm of modelerFiles) {
      if (!lm.model) continue;
      for (const f of bindingFindings(lm.model, terms)) {
        const pos = lm.source!.locate(f.path);
        diagnostics.push({ code: f.code, severity: f.severity, message: f.message, hint: f.hint, file: lm.file, line: pos.line, column: pos.column });
      }
    }
    Object.assign(project, {
      name: settings.name, modelPaths: settings.modelPaths, isDbtProject: settings.isProject, cliVars: settings.cliVars, dbtTarget: settings.target, jinja: varContext(settings, 'resource'),
      macroPaths: settings.macroPaths, packagesInstallPath: settings.packagesInstallPath,
      models: built.models, modelByName, sources: built.sources, seeds: built.seeds, snapshots: built.snapshots,
      exposures: built.exposures, semanticModels: built.semanticModels, metrics: built.metrics,
      disabled: built.disabled, packageNodes, singularTests: built.singularTests, orphanTests: built.orphanTests,
      savedQueries: props.flatMap((f) => f.entries.filter((e) => e.section === 'saved_queries').map((e) => e.name)),
      groups: props.flatMap((f) => f.named.filter((n) => n.section === 'groups').map((n) => n.name)),
      // a unit test of a model dbt does not build is disabled with it
      unitTests: props.flatMap((f) => f.named.filter((n) => n.section === 'unit_tests' && (n.model === undefined || modelByName.has(n.model))).map((n) => n.name)),
      macros: macros.sort(),
      docs, target, modelerFiles, sqlFiles, files, diagnostics,
      skills: skills.sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name)),
    });
  };
  aggregate();
  stats.loadMs = performance.now() - t0;
  return project;
}

/**
 * Kinds whose reading is plain data the views only read (never mutate), so that an equal new
 * reading can stand for the old one; property files are not among them (test objects are
 * decided in place when the nodes are built), nor Modeler/ files (they hold their YAML source),
 * nor other files (packages.yml is read again by the refusals).
 */
const SAME_READING_KINDS = new Set<FileKind>(['sql', 'macro', 'seed']);

/** The new reading of a file equals the old one, but for the SQL text kept with it. */
function sameReading(a: FileResult, b: FileResult): boolean {
  if (a.kind !== b.kind || !SAME_READING_KINDS.has(a.kind)) return false;
  return isDeepStrictEqual({ ...a, text: undefined }, { ...b, text: undefined });
}

/** The first `n` items, then "and N more". */
export function cut(items: readonly string[], n: number): string {
  return items.length <= n ? items.join(', ') : `${items.slice(0, n).join(', ')} and ${items.length - n} more`;
}

/** A dbt artifact that does not parse: a warning (the project's own files are still read). */
function targetJsonFinding(rel: string, e: unknown): Diagnostic {
  return { code: 'TARGET_JSON', severity: 'warning', file: rel, line: 1, column: 1,
    message: `cannot parse ${rel}: ${String((e as Error)?.message ?? e).split('\n')[0]}`, hint: 're-run `dbt parse` to regenerate it' };
}
