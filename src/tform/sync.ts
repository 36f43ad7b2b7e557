// `modeler tform sync`: write model metadata (descriptions, data types, tests) from Modeler/
// model files into the dbt YAML without overwriting anything already there. A pre-flight runs
// first: contract-enforced models whose columns would still have no data_type (or `unknown`)
// stop the sync with CONTRACT_PREFLIGHT (HTTP 409) and nothing is written.
import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { UserError } from '../core/diagnostics.js';
import { writeFilesAtomic } from '../core/fs-atomic.js';
import { refusePackageExample } from '../core/project-dir.js';
import { columnType, endpoint, parentChild } from '../core/model/access.js';
import { loadModelFile, type LoadedModel } from '../core/model/load.js';
import type { Column, Entity, Model } from '../core/model/types.js';
import { containedPath } from '../core/paths.js';
import { docReference } from '../core/project/docs.js';
import { loadProject } from '../core/project/load.js';
import { readOptionsOf, type ReadOptions } from '../core/project/settings.js';
import { effectiveConfig } from '../core/project/model-config.js';
import type { DbtNode } from '../core/project/types.js';
import { applyYamlEdits, type YamlEdit } from '../core/yaml-edit.js';
import { stopOnBrokenYaml } from './contracts.js';
import { parseYamlSource } from '../core/yaml-source.js';

export interface SyncChange { file: string; model: string; column: string; field: 'description' | 'data_type' | 'tests' | 'column'; value: unknown }
export interface SyncSkip { model: string; column?: string; reason: string }
export interface PreflightOffender { model: string; column: string; file?: string; line?: number; dataType?: string }

export interface SyncResult {
  ok: boolean;
  code?: 'CONTRACT_PREFLIGHT';
  message?: string;
  offenders: PreflightOffender[];
  changes: SyncChange[];
  skipped: SyncSkip[];
  filesChanged: string[];
}

const unknownType = (t: unknown) => typeof t !== 'string' || !t.trim() || t.trim().toLowerCase() === 'unknown';

export function tformSync(projectDir: string, modelPath?: string, opts: { dryRun?: boolean } & ReadOptions = {}): SyncResult {
  const project = loadProject(projectDir, readOptionsOf(opts));
  stopOnBrokenYaml(project);
  const sources: LoadedModel[] = modelPath ? [loadGiven(projectDir, modelPath)] : project.modelerFiles.filter((lm) => lm.model && lm.model.kind !== 'diagram');
  const bad = sources.find((lm) => !lm.ok || !lm.model);
  if (bad) {
    const e = bad.diagnostics.find((d) => d.severity === 'error');
    throw new UserError(`invalid model ${bad.file}${e ? `:${e.line ?? 1}: ${e.message}` : ''}`, 1, 'MODEL_INVALID');
  }
  // entity name (or physical name) → the entity and its model
  const entities = new Map<string, { e: Entity; m: Model }>();
  for (const lm of sources) for (const e of lm.model!.entities) {
    entities.set(e.name, { e, m: lm.model! });
    if (e.physical_name) entities.set(e.physical_name, { e, m: lm.model! });
  }
  const changes: SyncChange[] = [];
  const skipped: SyncSkip[] = [];
  const editsByFile = new Map<string, YamlEdit[]>();
  const finalTypes = new Map<string, Map<string, string | undefined>>(); // model → column → type after sync
  for (const node of project.models) {
    const types = new Map(node.columns.map((c) => [c.name, c.data_type ?? c.type]));
    finalTypes.set(node.name, types);
    const hit = entities.get(node.name);
    if (!hit) continue;
    if (!node.origins.includes('yaml') || !node.file) { skipped.push({ model: node.name, reason: 'no YAML entry describes this model; add one (name + columns) and sync again' }); continue; }
    const value = parseYamlSource(project.readText(node.file), node.file).value as any;
    const mi = (value?.models ?? []).findIndex((x: any) => x?.name === node.name);
    if (mi < 0) continue;
    const edits = editsByFile.get(node.file) ?? [];
    const entry = value.models[mi];
    const yamlCols: any[] = Array.isArray(entry.columns) ? entry.columns : [];
    for (const col of hit.e.columns) {
      const want = desiredTests(hit.m, hit.e, col);
      const type = columnType(col);
      const ci = yamlCols.findIndex((c) => c?.name === col.name);
      if (ci < 0) {
        const add: Record<string, unknown> = { name: col.name };
        if (col.description) add.description = col.description;
        if (!unknownType(type)) add.data_type = type;
        if (want.length) add.data_tests = want.map((t) => t.spec);
        edits.push({ op: 'append', path: ['models', mi, 'columns'], value: add });
        changes.push({ file: node.file, model: node.name, column: col.name, field: 'column', value: add });
        types.set(col.name, unknownType(type) ? undefined : type);
        continue;
      }
      const y = yamlCols[ci];
      const base = ['models', mi, 'columns', ci];
      if (col.description) {
        const bound = y.description_ref || docReference(y.description);
        if (!y.description) { edits.push({ op: 'set', path: [...base, 'description'], value: col.description }); changes.push({ file: node.file, model: node.name, column: col.name, field: 'description', value: col.description }); }
        else if (y.description !== col.description) skipped.push({ model: node.name, column: col.name, reason: bound ? 'description is bound to a doc block (edit the .md file)' : 'description differs in the YAML; kept the YAML text' });
      }
      const yType = y.data_type ?? y.type;
      if (!unknownType(type)) {
        if (unknownType(yType)) {
          edits.push({ op: 'set', path: [...base, y.data_type === undefined && y.type !== undefined ? 'type' : 'data_type'], value: type });
          changes.push({ file: node.file, model: node.name, column: col.name, field: 'data_type', value: type });
          types.set(col.name, type);
        } else if (String(yType).toLowerCase().replace(/\s+/g, '') !== String(type).toLowerCase().replace(/\s+/g, '')) {
          skipped.push({ model: node.name, column: col.name, reason: `data_type differs (YAML ${yType}, model ${type}); kept the YAML type` });
        }
      }
      const key = y.data_tests === undefined && y.tests !== undefined ? 'tests' : 'data_tests';
      const have = new Set([...(y.tests ?? []), ...(y.data_tests ?? [])].map((t: any) => (typeof t === 'string' ? t : Object.keys(t ?? {})[0])));
      for (const t of want) {
        if (have.has(t.name)) continue;
        edits.push({ op: 'append', path: [...base, key], value: t.spec });
        changes.push({ file: node.file, model: node.name, column: col.name, field: 'tests', value: t.spec });
      }
    }
    if (edits.length) editsByFile.set(node.file, edits);
  }
  const offenders = preflight(project.models, finalTypes, (n) => effectiveConfig(project, n).contractEnforced);
  if (offenders.length) {
    const names = offenders.map((o) => `${o.model}.${o.column}`).join(', ');
    return { ok: false, code: 'CONTRACT_PREFLIGHT', offenders, changes: [], skipped, filesChanged: [],
      message: `contract-enforced models have columns without a data type (missing or unknown): ${names}; set data_type on each (dbt would fail the build), then sync again` };
  }
  const writes = [...editsByFile].map(([file, edits]) => ({ path: containedPath(project.root, file)!, data: applyYamlEdits(project.readText(file), edits) }));
  if (!opts.dryRun) { if (writes.length) refusePackageExample(project.root); writeFilesAtomic(writes); }
  return { ok: true, offenders: [], changes, skipped, filesChanged: [...editsByFile.keys()] };
}

function loadGiven(projectDir: string, p: string): LoadedModel {
  const inProject = isAbsolute(p) ? p : resolve(projectDir, p);
  let path = p;
  try { readFileSync(p); } catch { path = inProject; }
  const lm = loadModelFile(path, { displayPath: p });
  if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message);
  return lm;
}

/** Tests a column should carry, from its keys, nullability, enum and relationships. */
function desiredTests(m: Model, e: Entity, c: Column): { name: string; spec: unknown }[] {
  const out: { name: string; spec: unknown }[] = [];
  if (c.primary_key || c.unique) out.push({ name: 'unique', spec: 'unique' });
  if (c.primary_key || c.nullable === false) out.push({ name: 'not_null', spec: 'not_null' });
  if (Array.isArray(c.enum) && c.enum.length) out.push({ name: 'accepted_values', spec: { accepted_values: { arguments: { values: c.enum } } } });
  for (const r of m.relationships) {
    const pc = parentChild(r);
    if (!pc || pc.child.entity !== e.name || pc.child.columns.length !== 1 || pc.child.columns[0] !== c.name) continue;
    const parent = endpoint(r.from).entity === pc.parent.entity ? pc.parent : pc.parent;
    const target = m.entities.find((x) => x.name === parent.entity);
    out.push({ name: 'relationships', spec: { relationships: { arguments: { to: `ref('${target?.physical_name ?? parent.entity}')`, field: parent.columns[0] ?? c.name } } } });
    break;
  }
  return out;
}

function preflight(models: DbtNode[], types: Map<string, Map<string, string | undefined>>, enforced: (n: DbtNode) => boolean): PreflightOffender[] {
  const out: PreflightOffender[] = [];
  for (const n of models) {
    if (!n.origins.includes('yaml') || !enforced(n)) continue;
    const t = types.get(n.name)!;
    for (const c of n.columns) {
      const ty = t.get(c.name);
      if (unknownType(ty)) out.push({ model: n.name, column: c.name, file: n.file, line: c.line, dataType: ty });
    }
    for (const [name, ty] of t) if (!n.columns.some((c) => c.name === name) && unknownType(ty)) out.push({ model: n.name, column: name, file: n.file, dataType: ty });
  }
  return out;
}
