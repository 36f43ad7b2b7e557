// Bulk contract enforcement (spec §4.3): for the models selected by layer and/or file, set
// config.contract.enforced and meta.modeler.contracts: enforced in the dbt YAML — or undo both —
// editing only those keys (comments and layout of everything else are kept).
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { UserError, formatDiagnostic } from '../core/diagnostics.js';
import { writeFilesAtomic } from '../core/fs-atomic.js';
import { refusePackageExample } from '../core/project-dir.js';
import { containedPath } from '../core/paths.js';
import { catalogColumns } from '../core/columns/catalog-columns.js';
import { projectColumns, type ProjectColumns } from '../core/columns/project-columns.js';
import { loadProject } from '../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../core/project/settings.js';
import type { DbtNode, Project } from '../core/project/types.js';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { parseYamlFast } from '../core/yaml-fast.js';
import { inferLayers, LAYERS, normalizeLayer } from '../governance/layers.js';
import { opt } from '../core/option-names.js';
import { selectNodes } from '../core/select/evaluate.js';
import { hasSelection, type SelectionOptions } from '../core/select/restrict.js';

export interface ContractsOptions extends ReadOptions, SelectionOptions {
  layer?: string; files?: string[]; enforce?: boolean; dryRun?: boolean;
  /** enforce also models the pre-flight refuses (dbt will then reject them) */
  force?: boolean;
}

/** Why a selected model was left unchanged (CONTRACT_PREFLIGHT) or could not be selected. */
export interface ContractRefusal {
  code: 'CONTRACT_PREFLIGHT' | 'CONTRACT_NO_YAML';
  model: string;
  file: string;
  line?: number;
  columns?: string[];
  message: string;
  hint: string;
  /** the pre-flight refused it but `force` enforced it anyway (a warning, not a failure) */
  forced?: boolean;
}

export interface ContractsResult {
  enforce: boolean;
  /** false when a selected model was left unchanged: refused by the pre-flight (unless forced) or without a YAML entry */
  ok: boolean;
  selected: { model: string; file: string; line?: number; changed: boolean }[];
  refused: ContractRefusal[];
  /** columns whose missing data_type was taken from target/catalog.json (the warehouse's type) */
  typed: { model: string; column: string; data_type: string; file: string; line?: number }[];
  filesChanged: string[];
}

const concrete = (t: unknown) => typeof t === 'string' && !!t.trim() && t.trim().toLowerCase() !== 'unknown';
const listed = (names: string[]) => `${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`;

/** What the model's SQL returns beside its YAML: columns the YAML does not list, and (when every output column is known) YAML columns the SQL does not return. */
export interface SqlContractColumns { unlisted: { name: string; line?: number }[]; notReturned: string[] }

/**
 * The contract pre-flight (as `tform sync` runs it): dbt needs declared columns, each with a
 * concrete data_type, and — when it builds the model — the very columns its SQL returns, no more
 * and no fewer ("missing in contract", "missing in definition"). `known`: types found elsewhere
 * (target/catalog.json) by lower-cased column name, which `contracts enforce` writes in; `sql`:
 * the model's SQL read beside its YAML, when it could be read.
 */
export function contractPreflight(m: DbtNode, known: ReadonlyMap<string, string> = new Map(), sql?: SqlContractColumns): ContractRefusal | undefined {
  const at = { model: m.name, file: m.file!, line: m.line };
  if (!m.columns.length) {
    return { code: 'CONTRACT_PREFLIGHT', ...at, message: `${m.name} declares no columns; dbt rejects an enforced contract without them`,
      hint: `list its columns with a data_type under ${m.name} in ${m.file}` };
  }
  const untyped = m.columns.filter((c) => !concrete(c.data_type) && !concrete(known.get(c.name.toLowerCase()))).map((c) => c.name);
  const unlisted = sql?.unlisted ?? [];
  const notReturned = sql?.notReturned ?? [];
  const why: string[] = [];
  const fix: string[] = [];
  if (untyped.length) { why.push(`has ${untyped.length} column(s) without a concrete data_type (${listed(untyped)})`); fix.push(`set data_type on each of them in ${m.file}`); }
  if (unlisted.length) {
    why.push(`has ${unlisted.length} column(s) in its SQL (${m.sqlPath}:${unlisted[0].line ?? 1}) that its YAML does not list (${listed(unlisted.map((c) => c.name))})`);
    fix.push(`list each of them with a data_type under ${m.name} in ${m.file}`);
  }
  if (notReturned.length) {
    why.push(`lists ${notReturned.length} column(s) its SQL does not return (${listed(notReturned)})`);
    fix.push(`remove ${notReturned.length === 1 ? 'it' : 'them'} from ${m.name} in ${m.file}, or return ${notReturned.length === 1 ? 'it' : 'them'} from ${m.sqlPath}`);
  }
  if (!why.length) return undefined;
  return { code: 'CONTRACT_PREFLIGHT', ...at, columns: [...untyped, ...unlisted.map((c) => c.name), ...notReturned],
    message: `${m.name} ${why.join(', and ')}; dbt's contract check would fail`, hint: fix.join('; ') };
}

export function enforceContracts(projectDir: string, o: ContractsOptions): ContractsResult {
  const enforce = o.enforce !== false;
  if (!o.layer && !o.files?.length && !hasSelection(o)) throw new UserError(`select models with ${opt('select')} <selector> (dbt's syntax), ${opt('layer')} <layer> and/or ${opt('file')} <path>`);
  const layer = o.layer ? normalizeLayer(o.layer) : undefined;
  if (o.layer && !layer) throw new UserError(`unknown layer '${o.layer}'; use one of ${LAYERS.join(', ')} (or staging, intermediate, marts)`);
  const project = loadProject(projectDir, readOptionsOf(o));
  // project-relative, '/'-separated (as the loader names files); absolute paths inside the project work too
  const files = (o.files ?? []).map((f) => {
    const abs = containedPath(project.root, f);
    if (!abs) throw new UserError(`${opt('file')} ${f} is outside the project`);
    if (!existsSync(abs) || !statSync(abs).isFile()) throw new UserError(`${opt('file')} ${f} is not a file of the project (paths are relative to ${opt('project_dir')} ${projectDir})`);
    return relative(realpathSync(project.root), abs).split(sep).join('/');
  });
  stopOnBrokenYaml(project, files);
  const ids = hasSelection(o) ? selectNodes(project, o.select, o.exclude).ids : undefined;
  const chosen = project.models.filter((m) => {
    if (ids && !ids.has(m.uniqueId)) return false;
    const byFile = !files.length || (m.file !== undefined && files.includes(m.file)) || (m.sqlPath !== undefined && files.includes(m.sqlPath));
    const byLayer = !layer || inferLayers({ name: m.name, path: m.sqlPath ?? m.file, declared: m.meta?.layer }).includes(layer);
    return byFile && byLayer;
  });
  const refused: ContractRefusal[] = [];
  // selected but described by no YAML entry: there is nowhere to write the contract
  for (const m of chosen.filter((x) => !x.origins.includes('yaml'))) {
    refused.push({ code: 'CONTRACT_NO_YAML', model: m.name, file: m.sqlPath ?? m.file ?? '', line: 1,
      message: `${m.name} has no YAML entry, so its contract cannot be set`, hint: `describe ${m.name} (name, columns with data_type) in a property file next to ${m.sqlPath}` });
  }
  // a missing data_type is taken from target/catalog.json (what `dbt docs generate` read from the warehouse)
  const catalogTypes = (m: DbtNode) => new Map((catalogColumns(project, m.uniqueId) ?? []).filter((c) => concrete(c.type)).map((c) => [c.name.toLowerCase(), c.type!]));
  // dbt's contract check compares the columns the SQL returns with the YAML's: read each selected model's SQL
  let columns: ProjectColumns | undefined;
  const sqlColumns = (m: DbtNode): SqlContractColumns | undefined => {
    if (!m.columns.length || !m.sqlPath) return undefined;
    columns ??= projectColumns(project, { cache: true });
    const reading = columns.sql(m);
    if (!reading || reading.status === 'unknown') return undefined;
    const of = columns.of(m);
    return {
      unlisted: of.filter((c) => c.origins.includes('sql') && !c.origins.includes('yaml')).map((c) => ({ name: c.name, line: c.sql_line })),
      // a YAML column is missing from the SQL only when every column the SQL returns is known
      notReturned: reading.status === 'complete' ? of.filter((c) => c.origins.includes('yaml') && !c.origins.includes('sql')).map((c) => c.name) : [],
    };
  };
  const models = chosen.filter((m) => m.origins.includes('yaml') && m.file).filter((m) => {
    if (!enforce) return true;
    const r = contractPreflight(m, catalogTypes(m), sqlColumns(m));
    if (r) refused.push(o.force ? { ...r, forced: true } : r);
    return !r || o.force;
  });
  const byFile = new Map<string, typeof models>();
  for (const m of models) byFile.set(m.file!, [...(byFile.get(m.file!) ?? []), m]);
  const writes: { path: string; data: string }[] = [];
  const selected: ContractsResult['selected'] = [];
  const typed: ContractsResult['typed'] = [];
  for (const [file, ms] of byFile) {
    const abs = containedPath(project.root, file)!;
    const text = readFileSync(abs, 'utf8');
    const value = parseYamlFast(text, file).value as any;
    const edits: YamlEdit[] = [];
    for (const m of ms) {
      const i = (value?.models ?? []).findIndex((x: any) => x?.name === m.name);
      if (i < 0) continue;
      const entry = value.models[i];
      // modeler meta lives where the entry keeps its meta (top-level, or config.meta for dbt ≥ 1.10)
      const metaPath = entry.meta === undefined && entry.config?.meta !== undefined ? ['config', 'meta'] : ['meta'];
      const before = edits.length;
      if (enforce) {
        const types = catalogTypes(m);
        (Array.isArray(entry.columns) ? entry.columns : []).forEach((c: any, j: number) => {
          const t = c && typeof c.name === 'string' && !concrete(c.data_type) ? types.get(c.name.toLowerCase()) : undefined;
          if (!t) return;
          edits.push({ op: 'set', path: ['models', i, 'columns', j, 'data_type'], value: t });
          typed.push({ model: m.name, column: c.name, data_type: t, file, line: m.columns.find((x) => x.name === c.name)?.line });
        });
        if (entry.config?.contract?.enforced !== true) edits.push({ op: 'set', path: ['models', i, 'config', 'contract', 'enforced'], value: true });
        if (getPath(entry, [...metaPath, 'modeler', 'contracts']) !== 'enforced') edits.push({ op: 'set', path: ['models', i, ...metaPath, 'modeler', 'contracts'], value: 'enforced' });
      } else {
        if (entry.config?.contract?.enforced === true) edits.push({ op: 'set', path: ['models', i, 'config', 'contract', 'enforced'], value: false });
        const modeler = getPath(entry, [...metaPath, 'modeler']) as Record<string, unknown> | undefined;
        if (modeler && modeler.contracts !== undefined) {
          // drop the key, and the modeler: mapping too when nothing else is left in it
          // (and meta: itself when modeler: was all it held, so no empty `meta:` is left behind)
          const only = Object.keys(modeler).length === 1;
          const metaOnly = only && Object.keys(getPath(entry, metaPath) as object).length === 1;
          edits.push({ op: 'delete', path: ['models', i, ...metaPath, ...(metaOnly ? [] : only ? ['modeler'] : ['modeler', 'contracts'])] });
        }
      }
      selected.push({ model: m.name, file, line: m.line, changed: edits.length > before });
    }
    if (edits.length) writes.push({ path: abs, data: applyYamlEdits(text, edits) });
  }
  if (!o.dryRun) { if (writes.length) refusePackageExample(project.root); writeFilesAtomic(writes); }
  return { enforce, ok: refused.every((r) => r.forced), selected, refused, typed, filesChanged: [...byFile.keys()].filter((f) => writes.some((w) => w.path === containedPath(project.root, f))) };
}

/** A dbt YAML that does not parse may hold selected models: stop (exit 1) rather than report "all done". */
export function stopOnBrokenYaml(project: Project, files: string[] = []): void {
  const broken = project.diagnostics.find((d) => d.severity === 'error' && d.file && /\.ya?ml$/i.test(d.file)
    && !d.file.startsWith('Modeler/') && (!files.length || files.includes(d.file)));
  if (broken) throw new UserError(`${formatDiagnostic({ ...broken, hint: undefined })} — fix this file first; nothing was written`, 1);
}

function getPath(v: any, path: string[]): unknown {
  for (const s of path) { if (!v || typeof v !== 'object') return undefined; v = v[s]; }
  return v;
}
