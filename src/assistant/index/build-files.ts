// One record per project file the index covers: model and diagram YAML, schema/source YAML,
// SQL, seeds, doc Markdown, skills, dbt_project.yml and the target/ artifacts (manifest,
// catalog, semantic manifest, run results), each summarised by what it holds.
import type { FileKind, Project } from '../../core/project/types.js';
import { clip, recordId, type FileRole, type IndexRecord } from './records.js';

/** How much of a SQL file is ranked: its head (CTE names, the select list); a 10,000-file project holds megabytes of SQL. */
const SQL_CAP = 1200;

export function fileRole(project: Project, rel: string, kind: FileKind): FileRole | undefined {
  switch (kind) {
    case 'dbt_yaml': return 'schema_yaml';
    case 'sql': return 'sql';
    case 'seed': return 'seed';
    case 'docs_md': return 'docs';
    case 'skill': return 'skill';
    case 'target_json': return 'artifact';
    case 'dbt_project': return 'project';
    case 'modeler_model': {
      const m = project.modelerFiles.find((f) => f.file === rel)?.model;
      return m?.kind === 'diagram' ? 'diagram_yaml' : m?.kind === 'glossary' ? 'glossary_yaml' : 'model_yaml';
    }
    default: return undefined;
  }
}

const ROLE_TITLE: Record<FileRole, string> = {
  schema_yaml: 'dbt properties YAML', sql: 'SQL', seed: 'seed CSV', docs: 'doc blocks Markdown', skill: 'skill', artifact: 'dbt artifact',
  project: 'dbt project configuration', diagram_yaml: 'diagram YAML', glossary_yaml: 'glossary YAML', model_yaml: 'model YAML',
};

/** The file's record; `defines` are the records built from it (for its summary). */
export function fileRecord(project: Project, rel: string, kind: FileKind, unit: string, defines: IndexRecord[]): IndexRecord | undefined {
  const role = fileRole(project, rel, kind);
  if (!role) return undefined;
  const top = defines.filter((r) => r.kind !== 'column' && r.kind !== 'test' && r.kind !== 'relationship');
  const names = top.map((r) => `${r.kind} ${r.name}`);
  let text = names.length ? `defines ${names.join(', ')}` : '';
  let extra = '';
  if (role === 'sql' || role === 'project' || role === 'seed') extra = readHead(project, rel, role === 'seed' ? 300 : SQL_CAP);
  else if (role === 'artifact') extra = artifactSummary(project, rel);
  else if (role === 'model_yaml' || role === 'diagram_yaml' || role === 'glossary_yaml') {
    const m = project.modelerFiles.find((f) => f.file === rel)?.model?.model;
    extra = [m?.name, m?.description, m?.layer ? `${m.layer} layer` : ''].filter(Boolean).join('\n');
  }
  text = [text, extra].filter(Boolean).join('\n');
  const parts = rel.split('/');
  return {
    id: recordId('file', rel), kind: 'file', name: rel, file: rel, line: 1, role, unit,
    title: `${ROLE_TITLE[role]} ${rel}${names.length ? ` — ${clip(names.join(', '), 100)}` : ''}`,
    text, keywords: [ROLE_TITLE[role], ...parts, parts[parts.length - 1].replace(/\.[^.]+$/, '')].join(' '),
    links: [],
  };
}

/** The head of a file: a SQL file's from the text the read kept (re-reading 10,000 files cost more than their records), else read. */
function readHead(project: Project, rel: string, n: number): string {
  const kept = project.sqlText?.(rel);
  if (kept !== undefined) return kept.slice(0, n);
  try { return project.readText(rel).slice(0, n); } catch { return ''; }
}

/** What a target/ artifact holds, in words a question would use. */
function artifactSummary(project: Project, rel: string): string {
  const base = rel.split('/').pop();
  const t = project.target;
  if (base === 'manifest.json' && t.manifest) {
    const nodes = Object.values<any>(t.manifest.nodes ?? {});
    const count = (k: string) => nodes.filter((n) => n.resource_type === k).length;
    return `dbt manifest (compiled project graph), dbt ${t.manifest.metadata?.dbt_version ?? ''}, generated ${t.manifest.metadata?.generated_at ?? ''}: ` +
      `${count('model')} models, ${count('test')} tests, ${count('seed')} seeds, ${count('snapshot')} snapshots, ${Object.keys(t.manifest.sources ?? {}).length} sources, lineage parent_map child_map`;
  }
  if (base === 'catalog.json' && t.catalog) {
    const rels = Object.values<any>({ ...(t.catalog.nodes ?? {}), ...(t.catalog.sources ?? {}) });
    const types = new Set<string>();
    for (const r of rels) for (const c of Object.values<any>(r.columns ?? {})) if (c?.type) types.add(String(c.type).toLowerCase());
    return `warehouse catalog (dbt docs generate): ${rels.length} relations with column types and statistics; types ${[...types].slice(0, 20).join(', ')}`;
  }
  if (base === 'run_results.json' && t.runResults) {
    const rs: any[] = Array.isArray(t.runResults.results) ? t.runResults.results : [];
    const by = new Map<string, string[]>();
    for (const r of rs) { const l = by.get(r.status) ?? []; l.push(String(r.unique_id).split('.').slice(2, 3).join('.')); by.set(r.status, l); }
    const bad = rs.filter((r) => r.status === 'fail' || r.status === 'error').map((r) => `${r.unique_id.split('.')[2]}: ${r.status}${r.message ? ` (${clip(r.message, 80)})` : ''}`);
    return `results of the last dbt run/build/test (${t.runResults.args?.which ?? 'run'}, ${t.runResults.metadata?.generated_at ?? ''}): ` +
      [...by].map(([s, l]) => `${l.length} ${s}`).join(', ') + (bad.length ? `; failed tests and errors: ${bad.join('; ')}` : '');
  }
  if (base === 'semantic_manifest.json' && t.semanticManifest) {
    const sm = (t.semanticManifest.semantic_models ?? []).map((s: any) => s.name);
    const mt = (t.semanticManifest.metrics ?? []).map((m: any) => m.name);
    return `semantic layer manifest: semantic models ${sm.join(', ')}; metrics ${mt.join(', ')}`;
  }
  return base ?? rel;
}
