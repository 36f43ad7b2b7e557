// What the `modeler manifest …` commands (and any other face) call: read, validate, then do the
// one job. Consumers validate before consuming, so block/impact refuse a manifest with errors.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UserError, type Diagnostic } from '../core/diagnostics.js';
import { resolveBlock, type ResolvedBlock } from './block.js';
import { checkContracts, type ContractCheck } from './contracts.js';
import { impactOf, type ImpactResult } from './impact.js';
import { checkModelerManifestFile, type ModelerManifest } from './modeler-manifest.js';
import type { QlangManifest } from './types.js';
import { checkManifestFile, type ManifestCheck } from './validate.js';

export class InvalidManifest extends UserError {
  constructor(public check: ManifestCheck) {
    const n = check.diagnostics.filter((d) => d.severity === 'error').length;
    super(`${check.file} is not a valid qlang manifest (${n} error(s)); run 'modeler manifest validate ${check.file}'`, 1, 'MANIFEST_INVALID');
  }
}

/** Read and validate; throw InvalidManifest (exit 1) when it has errors. */
export function requireManifest(path: string): { manifest: QlangManifest; check: ManifestCheck } {
  const check = checkManifestFile(path);
  if (!check.ok || !check.manifest) throw new InvalidManifest(check);
  return { manifest: check.manifest, check };
}

export function manifestCounts(m: QlangManifest) {
  return {
    blocks: m.blocks.length, apps: m.apps?.length ?? 0, dashboards: m.dashboards?.length ?? 0,
    notebooks: m.notebooks?.length ?? 0, edges: m.lineage?.edges?.length ?? 0,
  };
}

export function blockForConsumer(path: string, name: string, opts: { anyStatus?: boolean }): ResolvedBlock {
  return resolveBlock(requireManifest(path).manifest, name, opts);
}

export function impactFor(path: string, ref: string): ImpactResult {
  return impactOf(requireManifest(path).manifest, ref);
}

export interface ContractsReport {
  manifest: string;
  modelerManifest: string | null;
  checks: ContractCheck[];
  diagnostics: Diagnostic[];
  ok: boolean;
}

export const DEFAULT_MODELER_MANIFEST = 'modeler-manifest.json';

/**
 * Check every block's contract. An explicitly named modeler manifest must be readable (else a
 * usage error); when none is named, `modeler-manifest.json` next to the qlang manifest is used
 * if present, and otherwise the check fails closed for certified blocks.
 */
export function checkContractsFor(qlangPath: string, modelerPath?: string): ContractsReport {
  const q = checkManifestFile(qlangPath);
  if (!q.manifest) return { manifest: qlangPath, modelerManifest: modelerPath ?? null, checks: [], diagnostics: q.diagnostics, ok: false };
  const diagnostics: Diagnostic[] = q.diagnostics.filter((d) => d.severity === 'error');
  let path = modelerPath;
  if (path === undefined) {
    const sibling = join(dirname(qlangPath), DEFAULT_MODELER_MANIFEST);
    if (existsSync(sibling)) path = sibling;
  }
  let mm: ModelerManifest | undefined;
  let missingWhy = `no modeler manifest was given (and there is no ${DEFAULT_MODELER_MANIFEST} next to the qlang manifest)`;
  if (path !== undefined) {
    const mc = checkModelerManifestFile(path);
    diagnostics.push(...mc.diagnostics);
    if (mc.ok) mm = mc.manifest;
    else missingWhy = `the modeler manifest ${path} is invalid`;
  }
  const r = checkContracts(q.manifest, mm, { file: qlangPath, missingWhy });
  diagnostics.push(...q.locate(r.diagnostics));
  return {
    manifest: qlangPath, modelerManifest: path ?? null, checks: r.checks, diagnostics,
    ok: !diagnostics.some((d) => d.severity === 'error'),
  };
}
