// What the reader found in a project, as counts a user can check against `dbt parse`:
// enabled models of the root package, disabled ones, enabled source tables, their columns and
// the data tests dbt generates.
import { countBySeverity, type Diagnostic } from '../diagnostics.js';
import { count } from '../count.js';
import { activeTests } from './dbt-tests.js';
import { cut } from './load.js';
import type { DbtTarget } from './target.js';
import type { DbtNode, DbtTest, Project } from './types.js';
import { projectColumns, type ColumnStats } from '../columns/project-columns.js';

export interface ProjectSummary {
  name: string;
  root: string;
  isDbtProject: boolean;
  /** The dbt target the project was read for (profiles.yml), when one was found. */
  dbtTarget?: DbtTarget;
  models: { total: number; disabled: number; staging: number; withYaml: number; versioned: number; contractEnforced: number };
  interfaces: { name: string; stability?: string; status?: string; file?: string }[];
  sources: number;
  sourcesDisabled: number;
  /** Resources dbt does not build, with where their `enabled` was decided. */
  disabled: { name: string; resourceType: string; decidedBy?: string }[];
  seeds: number; snapshots: number; exposures: number; semanticModels: number; metrics: number;
  packageNodes: number;
  /** Saved queries, groups, unit tests and macros of the project itself, as dbt lists them. */
  savedQueries: number; groups: number; unitTests: number; macros: number;
  columns: number;
  /** Columns read from each model's SQL (when computed): how many models were read completely, and columns by origin. */
  sqlColumns?: Omit<ColumnStats, 'readMs' | 'parsed' | 'cached'>;
  tests: { total: number; relationships: number; singular: number; disabled: number };
  docBlocks: number;
  target: string[];
  modeler: { files: number; valid: number; entities: number; glossaryTerms: number; skills: string[] };
  diagnostics: { error: number; warning: number; info: number };
  loadMs: number;
}

const isStaging = (name: string, path?: string) => /^(stg|staging|src|raw)_/.test(name) || (path ?? '').includes('/staging/');

/** `columns`: the project's column statistics (projectColumns(p).stats()), when the caller computed them. */
export function summarizeProject(p: Project, columnStats?: ColumnStats): ProjectSummary {
  const columns = p.models.reduce((n, m) => n + m.columns.length, 0) + p.sources.reduce((n, s) => n + s.columns.length, 0);
  // dbt lists the tests a YAML entry declares among its nodes also when the model or source
  // itself is disabled (they never run); only a test whose own config disables it is left out
  const testedNodes: DbtNode[] = [...p.models, ...p.sources, ...p.seeds, ...p.snapshots, ...p.disabled];
  // the tests of an entry that no file defines too: dbt keeps them as test nodes (disabled, with a warning)
  const all: DbtTest[] = [...testedNodes.flatMap((m) => [...m.tests, ...m.columns.flatMap((c) => c.tests)]), ...p.orphanTests.flatMap((o) => o.tests)];
  const active = activeTests(all);
  const singular = p.singularTests.filter((t) => t.enabled).length;
  return {
    name: p.name, root: p.root, isDbtProject: p.isDbtProject, dbtTarget: p.dbtTarget,
    models: {
      total: p.models.length,
      disabled: p.disabled.filter((d) => d.resourceType === 'model').length,
      staging: p.models.filter((m) => isStaging(m.name, m.sqlPath ?? m.file)).length,
      withYaml: p.models.filter((m) => m.origins.includes('yaml')).length,
      versioned: p.models.filter((m) => m.version !== undefined).length,
      contractEnforced: p.models.filter((m) => m.contractEnforced).length,
    },
    interfaces: p.models.filter((m) => m.interface).map((m) => ({ name: m.name, stability: m.interface!.stability, status: m.interface!.status, file: m.file })),
    sources: p.sources.length, sourcesDisabled: p.disabled.filter((d) => d.resourceType === 'source').length,
    disabled: p.disabled.map((d) => ({ name: d.name, resourceType: d.resourceType, decidedBy: d.disabledBy })),
    seeds: p.seeds.length, snapshots: p.snapshots.length, exposures: p.exposures.length,
    semanticModels: p.semanticModels.length, metrics: p.metrics.length, packageNodes: p.packageNodes.length,
    savedQueries: p.savedQueries.length, groups: p.groups.length, unitTests: p.unitTests.length, macros: p.macros.length,
    columns,
    ...(columnStats ? { sqlColumns: (({ readMs: _r, parsed: _p, cached: _c, ...rest }) => rest)(columnStats) } : {}),
    tests: { total: active.length + singular, relationships: active.filter((t) => t.name === 'relationships' || t.name === 'dbt.relationships').length,
      singular, disabled: all.length - active.length + p.singularTests.length - singular },
    docBlocks: p.docs.size,
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

/**
 * The summary with the columns read from SQL (the parser must be loaded: initSqlColumns()), and
 * every diagnostic: the reader's and the column findings (YAML and SQL disagreeing).
 */
export function summarizeWithColumns(p: Project): { summary: ProjectSummary; diagnostics: Diagnostic[] } {
  const columns = projectColumns(p, { cache: true });
  const summary = summarizeProject(p, columns.stats());
  const diagnostics = [...p.diagnostics, ...columns.findings()];
  summary.diagnostics = countBySeverity(diagnostics);
  return { summary, diagnostics };
}

const LIST = 8;

/**
 * The kinds a list of disabled resources holds, when it holds more than models ("707 models, 6 seeds,
 * 4 snapshots: "): tuva's line listed 717 names under a models line that said 707 disabled.
 */
function disabledKinds(disabled: ProjectSummary['disabled']): string {
  const by = new Map<string, number>();
  for (const d of disabled) by.set(d.resourceType, (by.get(d.resourceType) ?? 0) + 1);
  if ([...by.keys()].every((k) => k === 'model')) return '';
  return `${[...by].map(([k, n]) => count(n, k)).join(', ')}: `;
}

export function formatSummary(s: ProjectSummary): string {
  const extra = (parts: [number, string][]) => parts.filter(([n]) => n).map(([n, w]) => `${n} ${w}`).join(', ');
  const lines = [
    `project ${s.name} (${s.root})${s.isDbtProject ? '' : ' — not a dbt project root (no dbt_project.yml)'}`,
    ...(s.dbtTarget ? [`  dbt target:    ${s.dbtTarget.name} (${[s.dbtTarget.type, s.dbtTarget.schema ? `schema ${s.dbtTarget.schema}` : '', `profile ${s.dbtTarget.profile_name}`].filter(Boolean).join(', ')})`]
      // said, not left out: configs that read target.* are read without it
      : s.isDbtProject ? ['  dbt target:    none (no profile found in --profiles-dir, DBT_PROFILES_DIR, the project folder or ~/.dbt/profiles.yml; target.* is unknown where configs read it)'] : []),
    `  models:        ${s.models.total} enabled (${[`${s.models.staging} staging`, `${s.models.withYaml} documented in YAML`, `${s.models.contractEnforced} contract-enforced`, extra([[s.models.versioned, 'versions'], [s.models.disabled, 'disabled']])].filter(Boolean).join(', ')})`,
    `  interfaces:    ${s.interfaces.length ? cut(s.interfaces.map((i) => `${i.name} (${i.stability ?? 'internal'})`), LIST) : 'none'}`,
    `  sources:       ${count(s.sources, 'table')}${s.sourcesDisabled ? ` (${s.sourcesDisabled} disabled)` : ''}`,
    ...(s.disabled.length ? [`  disabled:      ${cut(s.disabled.map((d) => d.name), LIST)} (${disabledKinds(s.disabled)}not built by dbt; not counted)`] : []),
    `  columns:       ${s.columns}${s.sqlColumns ? ` in YAML, ${s.sqlColumns.columns.sql} more returned by the SQL${s.sqlColumns.columns.catalog ? `, ${s.sqlColumns.columns.catalog} more in target/catalog.json` : ''} (${s.sqlColumns.complete} of ${s.sqlColumns.models === 1 ? "1 model's" : `${s.sqlColumns.models} models'`} SQL read completely)` : ''}`,
    `  tests:         ${s.tests.total} (${s.tests.relationships} relationships${s.tests.singular ? `, ${s.tests.singular} singular` : ''}${s.tests.disabled ? `, ${s.tests.disabled} disabled not counted` : ''})`,
    ...(s.seeds || s.snapshots ? [`  seeds:         ${s.seeds}, snapshots: ${s.snapshots}`] : []),
    ...(s.semanticModels || s.metrics || s.savedQueries ? [`  semantic:      ${count(s.semanticModels, 'semantic model')}, ${count(s.metrics, 'metric')}, ${count(s.savedQueries, 'saved query', 'saved queries')}`] : []),
    `  groups:        ${s.groups}, unit tests: ${s.unitTests}, macros: ${s.macros}`,
    `  packages:      ${count(s.packageNodes, 'node')} of other packages (${s.target.includes('manifest') ? 'installed under dbt_packages/ or listed by target/manifest.json; lineage only' : 'installed under dbt_packages/; lineage only; target/manifest.json is absent'})`,
    `  doc blocks:    ${s.docBlocks}`,
    `  target/:       ${s.target.length ? s.target.join(', ') : 'none'}`,
    `  Modeler/:      ${count(s.modeler.files, 'model file')} (${s.modeler.valid} valid, ${count(s.modeler.entities, 'entity', 'entities')}, ${count(s.modeler.glossaryTerms, 'glossary term')})`,
    `  skills:        ${s.modeler.skills.length ? cut(s.modeler.skills, LIST) : 'none'}`,
    `  diagnostics:   ${count(s.diagnostics.error, 'error')}, ${count(s.diagnostics.warning, 'warning')}`,
    `  loaded in ${s.loadMs} ms`,
  ];
  return lines.join('\n');
}
