// Bulk contract enforcement (spec §4.3): for the models selected by layer and/or file, set
// config.contract.enforced and meta.modeler.contracts: enforced in the dbt YAML — or undo both —
// editing only those keys (comments and layout of everything else are kept).
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { relative, sep } from 'node:path';
import { UserError, formatDiagnostic } from '../core/diagnostics.js';
import { writeFilesAtomic } from '../core/fs-atomic.js';
import { containedPath } from '../core/paths.js';
import { loadProject } from '../core/project/load.js';
import type { Project } from '../core/project/types.js';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { parseYamlSource } from '../core/yaml-source.js';
import { inferLayers, LAYERS, normalizeLayer } from '../governance/layers.js';

export interface ContractsOptions { layer?: string; files?: string[]; enforce?: boolean; dryRun?: boolean }

export interface ContractsResult {
  enforce: boolean;
  selected: { model: string; file: string; line?: number; changed: boolean }[];
  filesChanged: string[];
}

export function enforceContracts(projectDir: string, o: ContractsOptions): ContractsResult {
  const enforce = o.enforce !== false;
  if (!o.layer && !o.files?.length) throw new UserError('select models with --layer <layer> and/or --file <path>');
  const layer = o.layer ? normalizeLayer(o.layer) : undefined;
  if (o.layer && !layer) throw new UserError(`unknown layer '${o.layer}'; use one of ${LAYERS.join(', ')} (or staging, intermediate, marts)`);
  const project = loadProject(projectDir);
  // project-relative, '/'-separated (as the loader names files); absolute paths inside the project work too
  const files = (o.files ?? []).map((f) => {
    const abs = containedPath(project.root, f);
    if (!abs) throw new UserError(`--file ${f} is outside the project`);
    if (!existsSync(abs) || !statSync(abs).isFile()) throw new UserError(`--file ${f} is not a file of the project (paths are relative to --project-dir ${projectDir})`);
    return relative(realpathSync(project.root), abs).split(sep).join('/');
  });
  stopOnBrokenYaml(project, files);
  const models = project.models.filter((m) => m.origins.includes('yaml') && m.file).filter((m) => {
    const byFile = !files.length || files.includes(m.file!) || (m.sqlPath !== undefined && files.includes(m.sqlPath));
    const byLayer = !layer || inferLayers({ name: m.name, path: m.sqlPath ?? m.file, declared: m.meta?.layer }).includes(layer);
    return byFile && byLayer;
  });
  const byFile = new Map<string, typeof models>();
  for (const m of models) byFile.set(m.file!, [...(byFile.get(m.file!) ?? []), m]);
  const writes: { path: string; data: string }[] = [];
  const selected: ContractsResult['selected'] = [];
  for (const [file, ms] of byFile) {
    const abs = containedPath(project.root, file)!;
    const text = readFileSync(abs, 'utf8');
    const value = parseYamlSource(text, file).value as any;
    const edits: YamlEdit[] = [];
    for (const m of ms) {
      const i = (value?.models ?? []).findIndex((x: any) => x?.name === m.name);
      if (i < 0) continue;
      const entry = value.models[i];
      // modeler meta lives where the entry keeps its meta (top-level, or config.meta for dbt ≥ 1.10)
      const metaPath = entry.meta === undefined && entry.config?.meta !== undefined ? ['config', 'meta'] : ['meta'];
      const before = edits.length;
      if (enforce) {
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
  if (!o.dryRun) writeFilesAtomic(writes);
  return { enforce, selected, filesChanged: [...byFile.keys()].filter((f) => writes.some((w) => w.path === containedPath(project.root, f))) };
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
