// What the reader found in a project, as counts a user can check at a glance.
import { countBySeverity, type Diagnostic } from '../diagnostics.js';
import type { Project } from './types.js';

export interface ProjectSummary {
  name: string;
  root: string;
  models: { total: number; staging: number; withYaml: number; fromManifestOnly: number; contractEnforced: number };
  interfaces: { name: string; stability?: string; status?: string; file?: string }[];
  sources: number;
  seeds: number; snapshots: number; exposures: number; semanticModels: number; metrics: number;
  columns: number;
  tests: { total: number; relationships: number };
  docBlocks: number;
  target: string[];
  modeler: { files: number; valid: number; entities: number; glossaryTerms: number; skills: string[] };
  diagnostics: { error: number; warning: number; info: number };
  loadMs: number;
}

export function summarizeProject(p: Project): ProjectSummary {
  const columns = p.models.reduce((n, m) => n + m.columns.length, 0) + p.sources.reduce((n, s) => n + s.columns.length, 0);
  let tests = 0, rel = 0;
  for (const m of [...p.models, ...p.sources]) {
    const all = [...m.tests, ...m.columns.flatMap((c) => c.tests)];
    tests += all.length;
    rel += all.filter((t) => t.name === 'relationships').length;
  }
  const isStaging = (name: string, path?: string) => /^(stg|staging|src|raw)_/.test(name) || (path ?? '').includes('/staging/');
  return {
    name: p.name, root: p.root,
    models: {
      total: p.models.length,
      staging: p.models.filter((m) => isStaging(m.name, m.sqlPath ?? m.file)).length,
      withYaml: p.models.filter((m) => m.origins.includes('yaml')).length,
      fromManifestOnly: p.models.filter((m) => m.origins.length === 1 && m.origins[0] === 'manifest').length,
      contractEnforced: p.models.filter((m) => m.contractEnforced).length,
    },
    interfaces: p.models.filter((m) => m.interface).map((m) => ({ name: m.name, stability: m.interface!.stability, status: m.interface!.status, file: m.file })),
    sources: p.sources.length, seeds: p.seeds.length, snapshots: p.snapshots.length, exposures: p.exposures.length,
    semanticModels: p.semanticModels.length, metrics: p.metrics.length,
    columns, tests: { total: tests, relationships: rel }, docBlocks: p.docs.size,
    target: Object.entries(p.target).filter(([, v]) => v !== undefined).map(([k]) => k),
    modeler: {
      files: p.modelerFiles.length, valid: p.modelerFiles.filter((f) => f.ok).length,
      entities: p.modelerFiles.reduce((n, f) => n + (f.model?.entities.length ?? 0), 0),
      glossaryTerms: p.modelerFiles.reduce((n, f) => n + (f.model?.glossary.length ?? 0), 0),
      skills: p.skills.map((s) => s.name),
    },
    diagnostics: countBySeverity(p.diagnostics as Diagnostic[]),
    loadMs: Math.round(p.stats.loadMs),
  };
}

export function formatSummary(s: ProjectSummary): string {
  const lines = [
    `project ${s.name} (${s.root})`,
    `  models:        ${s.models.total} (${s.models.staging} staging, ${s.models.withYaml} documented in YAML, ${s.models.contractEnforced} contract-enforced${s.models.fromManifestOnly ? `, ${s.models.fromManifestOnly} only in manifest.json` : ''})`,
    `  interfaces:    ${s.interfaces.length ? s.interfaces.map((i) => `${i.name} (${i.stability ?? 'internal'})`).join(', ') : 'none'}`,
    `  sources:       ${s.sources} tables`,
    `  columns:       ${s.columns}`,
    `  tests:         ${s.tests.total} (${s.tests.relationships} relationships)`,
    `  doc blocks:    ${s.docBlocks}`,
    `  target/:       ${s.target.length ? s.target.join(', ') : 'none'}`,
    `  Modeler/:      ${s.modeler.files} model files (${s.modeler.valid} valid, ${s.modeler.entities} entities, ${s.modeler.glossaryTerms} glossary terms)`,
    `  skills:        ${s.modeler.skills.length ? s.modeler.skills.join(', ') : 'none'}`,
    `  diagnostics:   ${s.diagnostics.error} errors, ${s.diagnostics.warning} warnings`,
    `  loaded in ${s.loadMs} ms`,
  ];
  return lines.join('\n');
}
