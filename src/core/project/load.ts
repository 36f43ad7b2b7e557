// The project reader: one pass over a dbt-style project into a typed Project. Each file is
// parsed on its own into a cached result, so one changed file is re-read alone and the
// project views are rebuilt from the cache.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { UserError, type Diagnostic } from '../diagnostics.js';
import { loadModelText, type LoadedModel } from '../model/load.js';
import { bindingFindings } from '../model/semantic.js';
import { containedPath } from '../paths.js';
import { parseYamlSource } from '../yaml-source.js';
import { parseYamlFast } from '../yaml-fast.js';
import { isDbtPropertyFile, parseDbtProperties } from './dbt-yaml.js';
import { parseDocBlocks } from './docs.js';
import { mergeManifestNodes } from './manifest-nodes.js';
import { parseSkill } from './skills.js';
import type { DbtNode, DocBlock, FileKind, Project, Skill, TargetArtifacts } from './types.js';
import { TARGET_FILES, walkProject } from './walk.js';

interface FileResult {
  kind: FileKind;
  nodes?: DbtNode[];
  docs?: DocBlock[];
  modeler?: LoadedModel;
  skill?: Skill;
  json?: unknown;
  diagnostics: Diagnostic[];
}

const NOT_PROPERTY_FILES = new Set(['dbt_project.yml', 'profiles.yml', 'packages.yml', 'dependencies.yml', 'selectors.yml', 'package-lock.yml']);

export function loadProject(dir: string): Project {
  const root = resolve(dir);
  let st;
  try { st = statSync(root); } catch { throw new UserError(`project directory not found: ${dir}`); }
  if (!st.isDirectory()) throw new UserError(`not a directory: ${dir}`);
  try { readdirSync(root); } catch (e: any) { throw new UserError(`cannot read project directory ${dir}: ${e.code ?? e.message}`); }
  const t0 = performance.now();
  const results = new Map<string, FileResult>();
  const stats = { filesRead: 0, loadMs: 0 };
  const settings = readDbtProject(root, stats);

  const classify = (rel: string): FileKind => {
    if (rel === 'dbt_project.yml') return 'dbt_project';
    if (rel.startsWith('target/')) return TARGET_FILES.includes(rel.slice(7)) ? 'target_json' : 'other';
    const lower = rel.toLowerCase();
    if (rel.startsWith('Modeler/')) {
      if (rel.startsWith('Modeler/Skills/') && lower.endsWith('.md')) return 'skill';
      if (lower.endsWith('.yaml') || lower.endsWith('.yml')) return 'modeler_model';
      if (lower.endsWith('.md')) return 'docs_md';
      return 'other';
    }
    if (lower.endsWith('.yml') || lower.endsWith('.yaml')) return NOT_PROPERTY_FILES.has(rel) ? 'other' : 'dbt_yaml';
    if (lower.endsWith('.sql')) return settings.modelPaths.some((p) => rel.startsWith(p + '/')) || settings.snapshotPaths.some((p) => rel.startsWith(p + '/')) ? 'sql' : 'other';
    if (lower.endsWith('.md')) return 'docs_md';
    return 'other';
  };

  const readFile = (rel: string): FileResult | undefined => {
    const kind = classify(rel);
    if (kind === 'other' || kind === 'dbt_project') return { kind, diagnostics: [] };
    const abs = join(root, rel);
    if (kind === 'sql') {
      // SQL bodies are read lazily (readText); the file name is the model name.
      return { kind, nodes: [sqlNode(rel, settings)], diagnostics: [] };
    }
    let text: string;
    try { text = readFileSync(abs, 'utf8'); } catch { return undefined; }
    stats.filesRead++;
    switch (kind) {
      case 'target_json': {
        try { return { kind, json: JSON.parse(text), diagnostics: [] }; } catch (e: any) {
          return { kind, diagnostics: [{ code: 'TARGET_JSON', severity: 'warning', file: rel, line: 1, column: 1,
            message: `cannot parse ${rel}: ${String(e.message).split('\n')[0]}`, hint: 're-run `dbt parse` to regenerate it' }] };
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
        if (parsed.diagnostics.length) return { kind, nodes: [], diagnostics: parsed.diagnostics };
        if (!isDbtPropertyFile(parsed.value)) return { kind: 'other', diagnostics: [] };
        const { nodes, diagnostics } = parseDbtProperties(parsed.value, text, rel, settings.name);
        return { kind, nodes, diagnostics };
      }
    }
    return { kind, diagnostics: [] };
  };

  for (const rel of walkProject(root)) {
    const r = readFile(rel);
    if (r) results.set(rel, r);
  }

  const project: Project = {
    root, name: settings.name, modelPaths: settings.modelPaths,
    models: [], sources: [], seeds: [], snapshots: [], exposures: [], semanticModels: [], metrics: [],
    modelByName: new Map(), docs: new Map(), target: {}, modelerFiles: [], skills: [], sqlFiles: [],
    files: new Map(), diagnostics: [], stats,
    reloadFile(rel: string) {
      const clean = rel.replace(/^\.\//, '');
      if (clean === 'dbt_project.yml') {
        Object.assign(settings, readDbtProject(root, stats));
        project.name = settings.name;
        project.modelPaths = settings.modelPaths;
      }
      const r = existsSync(join(root, clean)) ? readFile(clean) : undefined;
      if (r) results.set(clean, r); else results.delete(clean);
      aggregate();
      return project.diagnostics.filter((d) => d.file === clean);
    },
    readText(rel: string) {
      // files the walk found are regular files inside the project (it follows no symlinks);
      // anything else is resolved and checked for containment first
      const known = results.has(rel) && !rel.startsWith('/') && !rel.split('/').includes('..');
      const abs = known ? join(root, rel) : containedPath(root, rel);
      if (!abs) throw new UserError(`path escapes the project: ${rel}`);
      return readFileSync(abs, 'utf8');
    },
  };

  const aggregate = () => {
    const byType: Record<string, DbtNode[]> = {};
    const modelByName = new Map<string, DbtNode>();
    const docs = new Map<string, DocBlock>();
    const target: TargetArtifacts = {};
    const diagnostics: Diagnostic[] = [...settings.diagnostics];
    const modelerFiles: LoadedModel[] = [];
    const skills: Skill[] = [];
    const sqlFiles: string[] = [];
    const files = new Map<string, FileKind>();
    for (const [rel, r] of results) {
      files.set(rel, r.kind);
      diagnostics.push(...r.diagnostics.filter((d) => r.kind !== 'modeler_model' || d.code !== 'UNKNOWN_GLOSSARY_TERM'));
      if (r.kind === 'sql') sqlFiles.push(rel);
      for (const n of r.nodes ?? []) {
        if (n.resourceType === 'model') {
          const prev = modelByName.get(n.name);
          if (prev) {
            const merged = mergeNodes(prev, n);
            if (merged === 'duplicate') {
              diagnostics.push({ code: 'DUPLICATE_MODEL', severity: 'error', file: n.file, line: n.line, column: 1,
                message: `model '${n.name}' is described twice (also in ${prev.file}:${prev.line})`, hint: 'keep one YAML entry per model' });
            }
            continue;
          }
          modelByName.set(n.name, { ...n });
          continue;
        }
        (byType[n.resourceType] ??= []).push(n);
      }
      for (const d of r.docs ?? []) {
        const prev = docs.get(d.name);
        if (prev) diagnostics.push({ code: 'DOC_DUPLICATE', severity: 'error', file: d.file, line: d.line, column: 1,
          message: `doc block '${d.name}' is defined twice (also in ${prev.file}:${prev.line})`, hint: 'rename one of the blocks' });
        else docs.set(d.name, d);
      }
      if (r.modeler) modelerFiles.push(r.modeler);
      if (r.skill) skills.push(r.skill);
      if (r.kind === 'target_json' && r.json !== undefined) {
        const f = rel.slice(7);
        if (f === 'manifest.json') target.manifest = r.json;
        else if (f === 'catalog.json') target.catalog = r.json;
        else if (f === 'semantic_manifest.json') target.semanticManifest = r.json;
        else target.runResults = r.json;
      }
    }
    if (target.manifest) mergeManifestNodes(target.manifest, modelByName, settings.name);
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
    project.models = [...modelByName.values()];
    project.modelByName = modelByName;
    project.sources = byType.source ?? [];
    project.seeds = byType.seed ?? [];
    project.snapshots = byType.snapshot ?? [];
    project.exposures = byType.exposure ?? [];
    project.semanticModels = byType.semantic_model ?? [];
    project.metrics = byType.metric ?? [];
    project.docs = docs;
    project.target = target;
    project.modelerFiles = modelerFiles;
    project.skills = skills.sort((a, b) => b.priority - a.priority || a.name.localeCompare(b.name));
    project.sqlFiles = sqlFiles;
    project.files = files;
    project.diagnostics = diagnostics;
  };
  aggregate();
  stats.loadMs = performance.now() - t0;
  return project;
}

/** Merge a second description of the same model (SQL file + YAML entry). */
function mergeNodes(into: DbtNode, n: DbtNode): 'merged' | 'duplicate' {
  const aYaml = into.origins.includes('yaml');
  const bYaml = n.origins.includes('yaml');
  if (aYaml && bYaml) return 'duplicate';
  const yamlNode = bYaml ? n : into;
  const sqlNode = bYaml ? into : n;
  const sqlPath = sqlNode.sqlPath ?? yamlNode.sqlPath;
  Object.assign(into, yamlNode, { sqlPath, origins: [...new Set([...into.origins, ...n.origins])] });
  return 'merged';
}

function sqlNode(rel: string, settings: DbtSettings): DbtNode {
  const name = rel.split('/').pop()!.replace(/\.sql$/i, '');
  const isSnapshot = settings.snapshotPaths.some((p) => rel.startsWith(p + '/'));
  return {
    resourceType: isSnapshot ? 'snapshot' : 'model', name, uniqueId: `${isSnapshot ? 'snapshot' : 'model'}.${settings.name}.${name}`,
    file: rel, line: 1, sqlPath: rel, config: {}, meta: {}, tags: [], columns: [], tests: [], contractEnforced: false,
    origins: ['sql'], raw: {},
  };
}

interface DbtSettings { name: string; modelPaths: string[]; snapshotPaths: string[]; diagnostics: Diagnostic[] }

function readDbtProject(root: string, stats: { filesRead: number }): DbtSettings {
  const file = join(root, 'dbt_project.yml');
  const fallback = (diagnostics: Diagnostic[]): DbtSettings => ({ name: root.split(/[\\/]/).pop() || 'project', modelPaths: ['models'], snapshotPaths: ['snapshots'], diagnostics });
  if (!existsSync(file)) {
    return fallback([{ code: 'PROJECT_NO_DBT_PROJECT', severity: 'warning', file: 'dbt_project.yml',
      message: 'no dbt_project.yml: assuming model-paths [models]', hint: 'run the tool on the directory that holds dbt_project.yml' }]);
  }
  stats.filesRead++;
  const src = parseYamlSource(readFileSync(file, 'utf8'), 'dbt_project.yml');
  if (src.diagnostics.some((d) => d.severity === 'error') || !src.value || typeof src.value !== 'object') return fallback(src.diagnostics);
  const v = src.value as Record<string, any>;
  const paths = (x: unknown, def: string[]) => (Array.isArray(x) ? x.map((p) => String(p).replace(/\/+$/, '')) : def);
  return { name: typeof v.name === 'string' ? v.name : fallback([]).name, modelPaths: paths(v['model-paths'] ?? v['source-paths'], ['models']),
    snapshotPaths: paths(v['snapshot-paths'], ['snapshots']), diagnostics: src.diagnostics };
}
