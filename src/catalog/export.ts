// `emit catalog`: load the glossary model, normalise its bindings once, build every requested
// target, and only when all of them are clean write one file per target (each atomically).
// Output bytes depend only on content: sorted keys, sorted terms and columns, trailing newline.
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { hasErrors, UserError, type Diagnostic } from '../core/diagnostics.js';
import { writeFilesAtomic } from '../core/fs-atomic.js';
import { loadModelFile } from '../core/model/load.js';
import { stableStringify } from '../core/stable-json.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { pointerToPath } from '../core/yaml-source.js';
import { normalizeGlossary } from './glossary.js';
import { CatalogSettingError, resolveCatalogSettings, type CatalogFlags, type CatalogSettings } from './settings.js';
import { targetA } from './target-a.js';
import { targetB } from './target-b.js';
import { targetC } from './target-c.js';
import type { CatalogTarget, TargetId } from './target.js';
import { opt } from '../core/option-names.js';

export const TARGETS: readonly CatalogTarget[] = [targetA, targetB, targetC];

/** `target_a`, `atlan`, `target_b,target_c` … → canonical ids, in the fixed a, b, c order. */
export function parseTargets(values: readonly string[]): TargetId[] {
  const names = TARGETS.flatMap((t) => [t.id, t.alias]);
  const chosen = new Set<TargetId>();
  for (const raw of values.flatMap((v) => v.split(','))) {
    const v = raw.trim().toLowerCase();
    if (!v) continue;
    const t = TARGETS.find((x) => x.id === v || x.alias === v);
    if (!t) throw new UserError(`unknown catalog target '${raw.trim()}'${didYouMeanSuffix(v, names)}; use ${TARGETS.map((x) => `${x.id} (${x.alias})`).join(', ')}`);
    chosen.add(t.id);
  }
  if (!chosen.size) throw new UserError(`${opt('target')} is required: one or more of target_a, target_b, target_c`);
  return TARGETS.filter((t) => chosen.has(t.id)).map((t) => t.id);
}

export interface CatalogExportOptions {
  model: string;
  out: string;
  targets: readonly TargetId[];
  flags?: CatalogFlags;
}

export interface CatalogExportResult {
  ok: boolean;
  diagnostics: Diagnostic[];
  notes: string[];
  settings?: CatalogSettings;
  /** Files written (absolute paths), in target order; empty when !ok. */
  written: { target: TargetId; path: string; terms: number; columns: number }[];
}

/** Build every payload in memory; pure apart from reading the model. */
export function buildCatalogPayloads(opts: Omit<CatalogExportOptions, 'out'>): {
  diagnostics: Diagnostic[]; notes: string[]; settings?: CatalogSettings;
  payloads: { target: TargetId; text: string; terms: number; columns: number }[];
} {
  const lm = loadModelFile(opts.model);
  if (lm.diagnostics[0]?.code === 'IO') throw new UserError(lm.diagnostics[0].message, 64, 'IO');
  // an unbound term is always an error for an exporter, even where the loader only warns
  const diagnostics = lm.diagnostics
    .map((d) => (d.code === 'UNKNOWN_GLOSSARY_TERM' ? { ...d, severity: 'error' as const } : d))
    .filter((d) => d.severity === 'error');
  if (hasErrors(diagnostics) || !lm.model) return { diagnostics, notes: [], payloads: [] };
  let settings: CatalogSettings;
  try {
    settings = resolveCatalogSettings(lm.model, opts.flags);
  } catch (e) {
    if (!(e instanceof CatalogSettingError) || e.fromFlag) throw e;
    // a bad value in the model header is an error in that file, shown where it is
    const inHeader = (lm.model.model.catalog as Record<string, unknown> | undefined)?.[e.key] !== undefined;
    const path = inHeader ? `/model/catalog/${e.key}` : e.key === 'platform' && lm.model.model.dialect ? '/model/dialect' : '/model';
    const d: Diagnostic = { code: 'CATALOG_SETTING', severity: 'error', file: lm.file, path, message: e.message,
      hint: 'fix the value in the model header, or override it with the matching flag' };
    if (lm.source) Object.assign(d, lm.source.locate(pointerToPath(path)));
    return { diagnostics: [d], notes: [], payloads: [] };
  }
  const g = normalizeGlossary(lm.model, settings, lm.file);
  for (const d of g.diagnostics) {
    if (d.path && lm.source) Object.assign(d, lm.source.locate(pointerToPath(d.path)));
  }
  if (!g.glossary) return { diagnostics: g.diagnostics, notes: [], settings, payloads: [] };
  const notes: string[] = [];
  const payloads: { target: TargetId; text: string; terms: number; columns: number }[] = [];
  const problems: Diagnostic[] = [];
  for (const id of opts.targets) {
    const t = TARGETS.find((x) => x.id === id)!;
    const p = t.build(g.glossary, settings);
    problems.push(...p.diagnostics.map((d) => ({ ...d, file: d.file ?? lm.file })));
    notes.push(...p.notes);
    if (p.doc) {
      payloads.push({ target: id, text: stableStringify(p.doc), terms: g.glossary.terms.length,
        columns: g.glossary.terms.reduce((n, x) => n + x.columns.length, 0) });
    }
  }
  return { diagnostics: problems, notes, settings, payloads: hasErrors(problems) ? [] : payloads };
}

export function exportCatalog(opts: CatalogExportOptions): CatalogExportResult {
  const built = buildCatalogPayloads(opts);
  if (hasErrors(built.diagnostics) || !built.payloads.length) {
    return { ok: false, diagnostics: built.diagnostics, notes: built.notes, settings: built.settings, written: [] };
  }
  const outDir = resolve(opts.out);
  if (existsSync(outDir) && !statSync(outDir).isDirectory()) throw new UserError(`${opt('out')} ${opts.out} exists and is not a directory`);
  const written = built.payloads.map((p) => ({ target: p.target, path: join(outDir, `${p.target}.json`), terms: p.terms, columns: p.columns }));
  // all temp files first, then the renames: a target that cannot be written leaves the others as they were
  writeFilesAtomic(built.payloads.map((p, i) => ({ path: written[i].path, data: p.text })));
  return { ok: true, diagnostics: built.diagnostics, notes: built.notes, settings: built.settings, written };
}
