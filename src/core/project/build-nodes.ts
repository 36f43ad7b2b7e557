// Assemble the project's resources as dbt does at parse time: a model exists because a SQL
// (or Python) file defines it; property YAML patches it; configs cascade (dbt_project.yml by
// path → YAML `config:` → SQL `config()`); `enabled` decides whether dbt builds it. YAML entries
// with no file are not resources (dbt warns about them, and so do we).
import type { Diagnostic } from '../diagnostics.js';
import { isEnabled, mergeConfig, projectConfig, type Config } from './config-cascade.js';
import { activeTests, EMPTY_LIST } from './dbt-tests.js';
import { descriptionText } from './docs.js';
import { parseDbtProperties, toArray, type PropertyFile, type SourceTableEntry, type VersionEntry, type YamlEntry } from './dbt-yaml.js';
import { renderDeep, UNKNOWN, type JContext } from './jinja-expr.js';
import { defaultSettings, varContext, type DbtSettings } from './settings.js';
import { parseYamlFast } from '../yaml-fast.js';
import { relationsIn, sqlConfig, sqlConfigAt, type SqlFacts } from './sql-file.js';
import type { DbtColumn, DbtNode, DbtTest, ResourceType } from './types.js';
import { opt } from '../option-names.js';

export interface CodeFile { rel: string; role: 'model' | 'snapshot' | 'test'; facts: SqlFacts }
export interface BuildInput {
  settings: DbtSettings; code: CodeFile[]; seedFiles: string[]; props: PropertyFile[];
  /** Reading one property file on its own (policy-check FILE): its entries are the resources. */
  entriesAreResources?: boolean;
  /** Model nodes of an earlier call, reused while they are built from the same objects (see BuildMemo). */
  memo?: BuildMemo;
}

/**
 * The project reader keeps each file's parse until the file changes, so after one file changed
 * almost every model is built from the very same SQL facts and YAML entry objects as before:
 * such a model's node (and the diagnostics building it gave) is reused instead of built again,
 * which keeps re-reading one file of a 10,000-model project cheap. The owner clears it when the
 * settings (dbt_project.yml, vars) or the manifest change.
 */
export interface BuildMemo {
  settings?: DbtSettings;
  models: Map<string, { code?: CodeFile; entry?: YamlEntry; version?: VersionEntry; latest?: boolean; node: DbtNode; diagnostics: Diagnostic[]; build: number }>;
  /** Counts the builds: an entry not used by the latest build is dropped (no set of 10,000 names per build). */
  builds: number;
  /** Source table nodes by the YAML entry they were built from (a re-read file gives new entries). */
  sources: WeakMap<SourceTableEntry, { node: DbtNode; diagnostics: Diagnostic[] }>;
}

export function newBuildMemo(): BuildMemo {
  return { models: new Map(), sources: new WeakMap(), builds: 0 };
}

/** Forget every reused node (the settings or the manifest changed: every node is built again). */
export function clearBuildMemo(memo: BuildMemo): void {
  memo.models.clear();
  memo.sources = new WeakMap();
}
export interface Built {
  models: DbtNode[]; sources: DbtNode[]; seeds: DbtNode[]; snapshots: DbtNode[];
  exposures: DbtNode[]; semanticModels: DbtNode[]; metrics: DbtNode[];
  disabled: DbtNode[]; singularTests: { name: string; file: string; enabled: boolean }[];
  /** Tests declared on YAML entries no file defines: dbt still makes them test nodes (see orphanTests). */
  orphanTests: { file: string; tests: DbtTest[] }[];
  diagnostics: Diagnostic[];
}

const basename = (rel: string) => rel.split('/').pop()!.replace(/\.(sql|py|csv)$/i, '');
/** A code file's model name, once per file reading (the reader keeps it while the file is unchanged). */
const codeNames = new WeakMap<CodeFile, string>();
const codeName = (c: CodeFile) => { let n = codeNames.get(c); if (n === undefined) codeNames.set(c, (n = basename(c.rel))); return n; };

/** Nodes whose enabled setting could not be evaluated (read as enabled); kept with reused nodes. */
const ENABLED_UNKNOWN = new WeakSet<DbtNode>();

/** Folders of `rel` below the resource path that holds it (dbt's fqn middle part). */
function dirsUnder(rel: string, roots: readonly string[]): string[] {
  const root = roots.find((r) => r === '.' || r === '' || rel.startsWith(r + '/'));
  const inner = root === undefined || root === '.' || root === '' ? rel : rel.slice(root.length + 1);
  return inner.split('/').slice(0, -1);
}

export function buildNodes(input: BuildInput): Built {
  const { settings: s } = input;
  const out: Built = { models: [], sources: [], seeds: [], snapshots: [], exposures: [], semanticModels: [], metrics: [], disabled: [], singularTests: [], orphanTests: [], diagnostics: [] };
  let notes: string[] = [];
  const resCtx: JContext = varContext(s, 'resource', (r) => notes.push(r));
  const fileCtx: JContext = varContext(s, 'project-file', (r) => notes.push(r));
  const render = (c: Config): Config => renderDeep(c, resCtx) as Config;

  /** Decide enabled and record why (or that it could not be evaluated). */
  const settle = (node: DbtNode, layers: { config: Config | undefined; where: string }[], at: { file?: string; line?: number }) => {
    let config: Config = {};
    let decidedBy = 'dbt_project.yml';
    for (const l of layers) {
      config = mergeConfig(config, l.config);
      if (l.config && l.config.enabled !== undefined) decidedBy = l.where;
    }
    const en = isEnabled(config);
    if (en === UNKNOWN) ENABLED_UNKNOWN.add(node); else ENABLED_UNKNOWN.delete(node);
    if (en === UNKNOWN) {
      out.diagnostics.push({ code: 'CONFIG_NOT_EVALUATED', severity: 'info', file: at.file, line: at.line, column: 1,
        message: `cannot tell whether ${node.resourceType} '${node.name}' is enabled (${notes[0] ?? 'its enabled setting is not a constant'}); reading it as enabled`,
        hint: /^'target'/.test(notes[0] ?? '')
          ? `no profiles.yml was found for this project: put it where dbt looks, or pass ${opt('profiles_dir')} (and ${opt('target')})`
          : `pass the value with ${opt('vars')}, as for dbt` });
    }
    node.enabled = en !== false;
    if (!node.enabled) node.disabledBy = decidedBy;
    node.config = stripUnknown(config);
    node.meta = { ...(node.config.meta as object ?? {}) };
    node.tags = toArray(node.config.tags);
    const contract = node.config.contract as any;
    node.contractEnforced = contract?.enforced === true;
    const iface = (node.meta as any)?.modeler?.interface;
    node.interface = iface && typeof iface === 'object' ? iface : undefined;
    notes = [];
    return node;
  };

  // --- models: code files define them; YAML patches them ---------------------------------
  const codeByName = new Map<string, CodeFile>();
  // further files of a name (one per warehouse or loader, each disabled but where it applies):
  // dbt keeps every one as a node and refuses the project only when two of them are enabled
  const sameName = new Map<string, CodeFile[]>();
  for (const c of input.code) {
    if (c.role !== 'model') continue;
    const name = codeName(c);
    if (codeByName.has(name)) {
      const more = sameName.get(name);
      if (more) more.push(c); else sameName.set(name, [c]);
      continue;
    }
    codeByName.set(name, c);
  }
  // the property files' entries by section, in file order (one pass: a 10,000-model project has as many entries)
  const sections = new Map<string, YamlEntry[]>();
  for (const p of input.props) for (const e of p.entries) { const l = sections.get(e.section); if (l) l.push(e); else sections.set(e.section, [e]); }
  const bySection = (section: string): YamlEntry[] => sections.get(section) ?? [];
  const entries = new Map<string, YamlEntry>();
  for (const e of bySection('models')) {
    const first = entries.get(e.name);
    if (first) {
      out.diagnostics.push({ code: 'DUPLICATE_MODEL', severity: 'error', file: e.file, line: e.line, column: 1,
        message: `model '${e.name}' is described twice (also in ${first.file}:${first.line})`, hint: 'keep one YAML entry per model' });
      continue;
    }
    entries.set(e.name, e);
  }
  // dbt makes the tests of an entry with no node into test nodes all the same (they point at a
  // node it cannot find, so it disables them and warns, but lists them among its nodes)
  const orphan = (e: YamlEntry) => {
    const tests = [...e.tests, ...e.columns.flatMap((c) => c.tests)];
    if (tests.length) out.orphanTests.push({ file: e.file, tests });
  };
  const used = new Set<CodeFile>();
  const memo = input.memo;
  if (memo && memo.settings !== s) { clearBuildMemo(memo); memo.settings = s; }
  const built = new Set<DbtNode>(); // models and sources built now, not reused: their tests still need deciding
  const build = memo ? ++memo.builds : 0;
  const modelNode = (name: string, code: CodeFile | undefined, entry?: YamlEntry, version?: VersionEntry, latest?: boolean): DbtNode => {
    if (!memo) return buildModelNode(name, code, entry, version, latest);
    const key = version ? `${name}\u0000${version.v}` : name;
    const hit = memo.models.get(key);
    if (hit && hit.code === code && hit.entry === entry && hit.version === version && hit.latest === latest) {
      for (const d of hit.diagnostics) out.diagnostics.push(d);
      hit.build = build;
      return hit.node;
    }
    const before = out.diagnostics.length;
    const node = buildModelNode(name, code, entry, version, latest);
    memo.models.set(key, { code, entry, version, latest, node, diagnostics: out.diagnostics.slice(before), build });
    return node;
  };
  const buildModelNode = (name: string, code: CodeFile | undefined, entry?: YamlEntry, version?: VersionEntry, latest?: boolean): DbtNode => {
    const where = code?.rel ?? entry!.file;
    const fqn = [s.name, ...dirsUnder(where, s.modelPaths), name, ...(version ? [`v${version.v}`] : [])];
    const node = baseNode('model', name, `model.${s.name}.${name}${version ? `.v${version.v}` : ''}`, fqn, s.name);
    node.sqlPath = code?.rel;
    node.file = entry?.file ?? where;
    node.line = version?.line ?? entry?.line ?? 1;
    node.origins = entry ? (code ? ['sql', 'yaml'] : ['yaml']) : ['sql'];
    node.description = descriptionText(version?.obj.description ?? entry?.obj.description);
    node.raw = entry ? (version ? { ...entry.obj, ...version.obj } : entry.obj) : {};
    node.refs = code?.facts.refs ?? [];
    node.sourceRefs = code?.facts.sources.map((x) => `${x.source}.${x.table}`) ?? [];
    if (code?.facts.varNames) addVarRelations(node, code.facts.varNames, resCtx);
    if (version) { node.version = version.v; node.latestVersion = latest; }
    node.columns = version ? versionColumns(entry!, version) : entry?.columns ?? [];
    node.tests = [...(entry?.tests ?? []), ...(version?.tests ?? [])];
    const sql = code ? sqlConfigAt(code.facts, resCtx) : { config: {} };
    const sqlCfg = sql.config;
    const configLine = sql.enabledLine ?? code?.facts.configCalls[0]?.line ?? node.line ?? 1;
    settle(node, [
      { config: projectConfig(s.trees.models, fqn, fileCtx), where: 'dbt_project.yml' },
      { config: entry ? render(yamlConfig(entry.obj)) : undefined, where: `${entry?.file}:${entry?.line}` },
      { config: version ? render(yamlConfig(version.obj)) : undefined, where: `${entry?.file}:${version?.line}` },
      { config: sqlCfg, where: `${where}:${configLine}` },
    ], { file: where, line: configLine });
    const mat = node.config.materialized;
    node.materialized = typeof mat === 'string' ? mat : 'view';
    node.materializedFrom = sqlCfg.materialized !== undefined ? 'sql'
      : (entry && (entry.obj.config?.materialized !== undefined || version?.obj.config?.materialized !== undefined)) ? 'yaml'
        : mat !== undefined ? 'dbt_project' : 'default';
    built.add(node);
    return node;
  };

  /** Whether a code file is enabled by itself (dbt_project.yml and its config() call), before any YAML patches it: what dbt's lookup of a version's file sees. */
  const fileEnabled = (name: string, code: CodeFile): boolean => {
    const kept = notes;
    notes = [];
    try {
      const fqn = [s.name, ...dirsUnder(code.rel, s.modelPaths), name];
      return isEnabled(mergeConfig(projectConfig(s.trees.models, fqn, fileCtx), sqlConfigAt(code.facts, resCtx).config)) !== false;
    } finally { notes = kept; }
  };

  for (const [name, entry] of entries) {
    if (entry.versions?.length) {
      const latest = latestVersion(entry);
      for (const v of entry.versions) {
        const fileName = typeof v.obj.defined_in === 'string' ? v.obj.defined_in : `${name}_v${v.v}`;
        let code = codeByName.get(fileName);
        // dbt looks a version's file up as an enabled <name>_v<n> (or defined_in), else — for the latest version — the
        // enabled <name>, else a disabled <name>_v<n>; a disabled file passed over stays a (disabled) model of its own name
        if (String(v.v) === String(latest) && (!code || !fileEnabled(fileName, code))) {
          const plain = codeByName.get(name);
          if (plain && fileEnabled(name, plain)) code = plain;
        }
        if (!code && !input.entriesAreResources) {
          out.diagnostics.push(missingCode(entry.file, v.line ?? entry.line, `version ${v.v} of model '${name}'`, `${fileName}.sql`, s.modelPaths));
          continue;
        }
        if (code) used.add(code);
        place(out, modelNode(name, code, entry, v, String(v.v) === String(latest)));
      }
      continue;
    }
    const code = codeByName.get(name);
    if (!code && !input.entriesAreResources) {
      out.diagnostics.push(missingCode(entry.file, entry.line, `model '${name}'`, `${name}.sql`, s.modelPaths));
      orphan(entry);
      continue;
    }
    if (code) used.add(code);
    place(out, modelNode(name, code, entry));
  }
  for (const [name, code] of codeByName) if (!used.has(code)) place(out, modelNode(name, code));
  for (const [name, files] of sameName) {
    const entry = entries.get(name);
    const first = codeByName.get(name)!;
    let enabled = out.models.find((n) => n.sqlPath === first.rel);
    for (const c of files) {
      const node = buildModelNode(name, c, entry?.versions?.length ? undefined : entry);
      if (!node.enabled || !enabled) { place(out, node); if (node.enabled) enabled = node; continue; }
      const unsure = ENABLED_UNKNOWN.has(node) || ENABLED_UNKNOWN.has(enabled);
      out.diagnostics.push(unsure
        ? { code: 'DUPLICATE_MODEL_UNDECIDED', severity: 'warning', file: c.rel, line: 1, column: 1,
          message: `two files define model '${name}' (also ${enabled.sqlPath}); dbt refuses the project if both are enabled, which cannot be told here; reading the first`,
          hint: `give dbt's target (profiles.yml, ${opt('profiles_dir')}, ${opt('target')}) and the vars the files test, or rename one of the files` }
        : { code: 'DUPLICATE_MODEL', severity: 'error', file: c.rel, line: 1, column: 1,
          message: `two files define model '${name}' (also ${enabled.sqlPath}), both enabled; dbt refuses to parse the project`,
          hint: 'rename or remove one of the files, or disable all but one' });
    }
  }
  if (memo) for (const [k, e] of memo.models) if (e.build !== build) memo.models.delete(k);

  // --- seeds -------------------------------------------------------------------------------
  const seedEntries = new Map(bySection('seeds').map((e) => [e.name, e]));
  for (const rel of input.seedFiles) {
    const name = basename(rel);
    const e = seedEntries.get(name);
    seedEntries.delete(name);
    const fqn = [s.name, ...dirsUnder(rel, s.seedPaths), name];
    const node = baseNode('seed', name, `seed.${s.name}.${name}`, fqn, s.name);
    Object.assign(node, { file: e?.file ?? rel, line: e?.line ?? 1, sqlPath: rel, origins: e ? ['yaml'] : [], description: descriptionText(e?.obj.description), raw: e?.obj ?? {}, columns: e?.columns ?? [], tests: e?.tests ?? [] });
    place(out, settle(node, [{ config: projectConfig(s.trees.seeds, fqn, fileCtx), where: 'dbt_project.yml' }, { config: e ? render(yamlConfig(e.obj)) : undefined, where: `${e?.file}:${e?.line}` }], { file: rel, line: 1 }));
  }
  for (const e of seedEntries.values()) {
    if (input.entriesAreResources) {
      const node = baseNode('seed', e.name, `seed.${s.name}.${e.name}`, [s.name, e.name], s.name);
      Object.assign(node, { file: e.file, line: e.line, origins: ['yaml'], description: descriptionText(e.obj.description), raw: e.obj, columns: e.columns, tests: e.tests });
      place(out, settle(node, [{ config: render(yamlConfig(e.obj)), where: `${e.file}:${e.line}` }], e));
    } else {
      out.diagnostics.push(missingCode(e.file, e.line, `seed '${e.name}'`, `${e.name}.csv`, s.seedPaths));
      orphan(e);
    }
  }

  // --- snapshots: `{% snapshot %}` blocks, or YAML snapshots with a relation (dbt ≥ 1.9) ---
  const snapEntries = new Map(bySection('snapshots').map((e) => [e.name, e]));
  const snapshot = (name: string, rel: string, line: number, facts?: SqlFacts) => {
    const e = snapEntries.get(name);
    snapEntries.delete(name);
    const fqn = [s.name, ...dirsUnder(rel, s.snapshotPaths), name];
    const node = baseNode('snapshot', name, `snapshot.${s.name}.${name}`, fqn, s.name);
    Object.assign(node, { file: e?.file ?? rel, line: e?.line ?? line, sqlPath: facts ? rel : undefined, origins: [...(facts ? ['sql'] : []), ...(e ? ['yaml'] : [])],
      description: descriptionText(e?.obj.description), raw: e?.obj ?? {}, columns: e?.columns ?? [], tests: e?.tests ?? [], refs: facts?.refs ?? [], sourceRefs: facts?.sources.map((x) => `${x.source}.${x.table}`) ?? [] });
    const sql = facts ? sqlConfigAt(facts, resCtx) : undefined;
    place(out, settle(node, [
      { config: projectConfig(s.trees.snapshots, fqn, fileCtx), where: 'dbt_project.yml' },
      { config: e ? render(yamlConfig(e.obj)) : undefined, where: `${e?.file}:${e?.line}` },
      { config: sql?.config, where: `${rel}:${sql?.enabledLine ?? facts?.configCalls[0]?.line ?? line}` },
    ], { file: rel, line }));
  };
  // each block's own config() (the calls between its opening tag and the next block's) is its config
  for (const c of input.code) {
    if (c.role !== 'snapshot') continue;
    c.facts.snapshots.forEach((b, i) => {
      const next = c.facts.snapshots[i + 1]?.line ?? Infinity;
      snapshot(b.name, c.rel, b.line, { ...c.facts, configCalls: c.facts.configCalls.filter((k) => k.line >= b.line && k.line < next) });
    });
  }
  for (const e of [...snapEntries.values()]) {
    if (e.obj.relation !== undefined || input.entriesAreResources) snapshot(e.name, e.file, e.line ?? 1);
    else {
      out.diagnostics.push(missingCode(e.file, e.line, `snapshot '${e.name}'`, `a {% snapshot ${e.name} %} block`, s.snapshotPaths));
      orphan(e);
    }
  }

  // --- sources: tables inherit the source's config, meta, freshness and loaded_at_field -------
  for (const p of input.props) for (const t of p.sourceTables) place(out, memoSourceNode(t));
  function memoSourceNode(t: SourceTableEntry): DbtNode {
    if (!memo) return sourceNode(t);
    const hit = memo.sources.get(t);
    if (hit) { for (const d of hit.diagnostics) out.diagnostics.push(d); return hit.node; }
    const before = out.diagnostics.length;
    const node = sourceNode(t);
    memo.sources.set(t, { node, diagnostics: out.diagnostics.slice(before) });
    return node;
  }
  function sourceNode(t: SourceTableEntry): DbtNode {
    const name = `${t.sourceName}.${t.tableName}`;
    const fqn = [s.name, ...dirsUnder(t.file, s.modelPaths), t.sourceName, t.tableName];
    const node = baseNode('source', name, `source.${s.name}.${name}`, fqn, s.name);
    Object.assign(node, { file: t.file, line: t.line, sourceName: t.sourceName, tableName: t.tableName, origins: ['yaml'],
      description: descriptionText(t.table.description), raw: t.table, columns: t.columns, tests: t.tests });
    settle(node, [
      { config: projectConfig(s.trees.sources, fqn, fileCtx), where: 'dbt_project.yml' },
      { config: render(sourceConfig(t.source)), where: `${t.file}:source ${t.sourceName}` },
      { config: render(sourceConfig(t.table)), where: `${t.file}:${t.line}` },
    ], { file: t.file, line: t.line });
    node.freshness = node.config.freshness as any;
    node.loadedAtField = typeof node.config.loaded_at_field === 'string' ? node.config.loaded_at_field : undefined;
    built.add(node);
    return node;
  }

  // --- exposures, semantic models, metrics: defined in YAML ------------------------------
  const yamlOnly: [string, ResourceType][] = [['exposures', 'exposure'], ['semantic_models', 'semantic_model'], ['metrics', 'metric']];
  for (const [section, type] of yamlOnly) {
    for (const e of bySection(section)) {
      const node = baseNode(type, e.name, `${type}.${s.name}.${e.name}`, [s.name, ...dirsUnder(e.file, s.modelPaths), e.name], s.name);
      Object.assign(node, { file: e.file, line: e.line, origins: ['yaml'], description: descriptionText(e.obj.description), raw: e.obj, columns: e.columns, tests: e.tests });
      place(out, settle(node, [{ config: render(yamlConfig(e.obj)), where: `${e.file}:${e.line}` }], e));
    }
  }

  // a measure with `create_metric: true` makes a simple metric of the same name (unless one is declared)
  const metricNames = new Set(bySection('metrics').map((e) => e.name));
  for (const sm of [...out.semanticModels, ...out.disabled.filter((n) => n.resourceType === 'semantic_model')]) {
    for (const m of Array.isArray(sm.raw.measures) ? sm.raw.measures : []) {
      if (m?.create_metric !== true || typeof m.name !== 'string' || metricNames.has(m.name)) continue;
      metricNames.add(m.name);
      const node = baseNode('metric', m.name, `metric.${s.name}.${m.name}`, [s.name, ...sm.fqn.slice(1, -1), m.name], s.name);
      Object.assign(node, { file: sm.file, line: sm.line, origins: ['yaml'], description: descriptionText(m.description), raw: { name: m.name, type: 'simple', type_params: { measure: m.name } },
        enabled: sm.enabled, disabledBy: sm.disabledBy, config: sm.config, meta: sm.meta, tags: sm.tags });
      place(out, node);
    }
  }

  // --- tests: a test runs when its node is enabled and its own config does not disable it ---
  const testTree = s.trees.data_tests ?? s.trees.tests;
  for (const list of [out.models, out.sources, out.seeds, out.snapshots, out.disabled]) for (const n of list) {
    // a reused model's or source's tests were decided when it was built
    if ((n.resourceType === 'model' || n.resourceType === 'source') && memo && !built.has(n)) continue;
    const dirs = [s.name, ...dirsUnder(n.file ?? '', [...s.modelPaths, ...s.seedPaths, ...s.snapshotPaths])];
    const base = projectConfig(testTree, dirs, fileCtx);
    const decide = (t: DbtTest) => {
      const en = isEnabled(mergeConfig(base, render(t.config)));
      t.enabled = en !== false;
      notes = [];
    };
    n.tests.forEach(decide);
    for (const c of n.columns) c.tests.forEach(decide);
  }
  for (const o of out.orphanTests) {
    const base = projectConfig(testTree, [s.name, ...dirsUnder(o.file, [...s.modelPaths, ...s.seedPaths, ...s.snapshotPaths])], fileCtx);
    for (const t of o.tests) { t.enabled = isEnabled(mergeConfig(base, render(t.config))) !== false; notes = []; }
  }
  for (const c of input.code) {
    if (c.role !== 'test' || c.rel.split('/').includes('generic')) continue;
    const fqn = [s.name, ...dirsUnder(c.rel, s.testPaths), basename(c.rel)];
    const en = isEnabled(mergeConfig(projectConfig(testTree, fqn, fileCtx), sqlConfig(c.facts, resCtx)));
    notes = [];
    out.singularTests.push({ name: basename(c.rel), file: c.rel, enabled: en !== false });
  }
  shareEmptyLists(out);
  return out;
}

/**
 * A node's empty tags, tests, refs and source refs become the one frozen empty list (as its
 * columns' are: dbt-tests.ts): at 10,000 models ~50,000 of them are empty, each an array the
 * server would keep. Frozen, so a caller that would add to one fails loudly.
 */
function shareEmptyLists(out: Built): void {
  for (const list of [out.models, out.sources, out.seeds, out.snapshots, out.exposures, out.semanticModels, out.metrics, out.disabled]) {
    for (const n of list) {
      if (!n.tags.length) n.tags = EMPTY_LIST;
      if (!n.tests.length) n.tests = EMPTY_LIST;
      if (!n.refs.length) n.refs = EMPTY_LIST;
      if (!n.sourceRefs.length) n.sourceRefs = EMPTY_LIST;
    }
  }
}

function place(out: Built, n: DbtNode): void {
  if (!n.enabled) { out.disabled.push(n); return; }
  const list = n.resourceType === 'model' ? out.models : n.resourceType === 'source' ? out.sources : n.resourceType === 'seed' ? out.seeds
    : n.resourceType === 'snapshot' ? out.snapshots : n.resourceType === 'exposure' ? out.exposures : n.resourceType === 'semantic_model' ? out.semanticModels : out.metrics;
  list.push(n);
}

function baseNode(resourceType: ResourceType, name: string, uniqueId: string, fqn: string[], packageName: string): DbtNode {
  return { resourceType, enabled: true, fqn, packageName, name, uniqueId, config: {}, meta: {}, tags: [], columns: [], tests: [],
    contractEnforced: false, refs: [], sourceRefs: [], origins: [], raw: {} };
}

/** A YAML entry's config: its `config:` plus the older top-level `meta`/`tags`. */
function yamlConfig(obj: Record<string, any>): Config {
  const c: Config = obj.config && typeof obj.config === 'object' && !Array.isArray(obj.config) ? { ...obj.config } : {};
  if (obj.meta && typeof obj.meta === 'object') c.meta = { ...(c.meta as object ?? {}), ...obj.meta };
  if (obj.tags !== undefined) c.tags = [...toArray(c.tags), ...toArray(obj.tags)];
  if (c.materialized === undefined && typeof obj.materialized === 'string') c.materialized = obj.materialized;
  return c;
}

/** A source's (or source table's) config, with the properties that act as configs for sources. */
function sourceConfig(obj: Record<string, any>): Config {
  const c = yamlConfig(obj);
  for (const k of ['freshness', 'loaded_at_field', 'loaded_at_query']) if (obj[k] !== undefined && c[k] === undefined) c[k] = obj[k];
  return c;
}

/**
 * The relations a model reads through vars: `from {{ var('issue') }}` where the project sets
 * `issue: "{{ source('jira', 'issue') }}"` (Fivetran's packages), or a var's name handed to a macro
 * that reads it. dbt's parse renders them and records the dependency; so does the reader.
 */
function addVarRelations(node: DbtNode, names: readonly string[], ctx: JContext): void {
  let refs: DbtNode['refs'] | undefined, sources: string[] | undefined;
  for (const name of names) {
    const v = ctx.variable(name);
    if (!v.found || typeof v.value !== 'string' || !v.value.includes('{{')) continue;
    const r = relationsIn(v.value);
    for (const x of r.refs) if (!(refs ??= [...node.refs]).some((y) => y.name === x.name && y.package === x.package)) refs.push(x);
    for (const x of r.sources) { const id = `${x.source}.${x.table}`; if (!(sources ??= [...node.sourceRefs]).includes(id)) sources.push(id); }
  }
  if (refs) node.refs = refs;
  if (sources) node.sourceRefs = sources;
}

/**
 * The config without what could not be evaluated, at any depth (`column_types: {x: "{{ … if
 * target.type … }}"}` with no profile): the unknown marker is a symbol, which nothing past the
 * reader expects — and which the project kept beside the assistant's index cannot be written with.
 */
function stripUnknown(c: Config): Config {
  return deepStrip(c) as Config;
}

function deepStrip(v: unknown): unknown {
  if (Array.isArray(v)) return v.filter((x) => x !== UNKNOWN).map(deepStrip);
  if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) if (x !== UNKNOWN) o[k] = deepStrip(x);
    return o;
  }
  return v;
}

function latestVersion(e: YamlEntry): string | number | undefined {
  if (e.obj.latest_version !== undefined && e.obj.latest_version !== null) return e.obj.latest_version;
  const vs = e.versions!.map((v) => v.v);
  if (vs.every((v) => !Number.isNaN(Number(v)))) return vs.reduce((a, b) => (Number(b) > Number(a) ? b : a));
  return [...vs].map(String).sort().pop();
}

function versionColumns(entry: YamlEntry, v: VersionEntry): DbtColumn[] {
  const kept = entry.columns.filter((c) => (v.include === 'all' || v.include.includes(c.name)) && !v.exclude.includes(c.name));
  const byName = new Map(kept.map((c) => [c.name, c]));
  for (const c of v.columns) byName.set(c.name, c);
  return [...byName.values()];
}

function missingCode(file: string, line: number | undefined, what: string, expected: string, roots: string[]): Diagnostic {
  return { code: 'YAML_WITHOUT_NODE', severity: 'warning', file, line: line ?? 1, column: 1,
    message: `${what} is described here but no file defines it (looked for ${expected} under ${roots.join(', ')}); dbt ignores this entry`,
    hint: 'add the file, fix the name, or remove the entry' };
}

export { activeTests };

/** One property file read on its own (no project around it): its entries are the resources. */
export function readPropertyFileAlone(text: string, file: string): { nodes: DbtNode[]; diagnostics: Diagnostic[] } {
  const parsed = parseYamlFast(text, file);
  const props = parseDbtProperties(parsed, text, file);
  const settings = defaultSettings('project');
  const built = buildNodes({ settings, code: [], seedFiles: [], props: [props], entriesAreResources: true });
  const nodes = [...built.models, ...built.sources, ...built.seeds, ...built.snapshots, ...built.exposures, ...built.semanticModels, ...built.metrics];
  return { nodes, diagnostics: [...parsed.diagnostics, ...props.diagnostics, ...built.diagnostics] };
}
