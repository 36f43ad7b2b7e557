// Validation of a project as one report: every Modeler/ file in the shape `modeler validate
// FILE --output-json` prints, plus what the project reader found elsewhere (loader diagnostics).
import { countBySeverity, sortDiagnostics, type Diagnostic } from '../core/diagnostics.js';
import type { Project } from '../core/project/types.js';
import { projectColumns } from '../core/columns/project-columns.js';

/** The JSON of `modeler validate FILE --output-json`. */
export interface FileValidation { file: string; ok: boolean; valid: boolean; errors: number; warnings: number; diagnostics: Diagnostic[] }

export interface ProjectValidation {
  project: string;
  valid: boolean;
  /** `pending`: the column findings (YAML and SQL disagreeing) are not in yet — a server reads them after its first screen */
  column_checks: 'done' | 'pending';
  summary: { modelFiles: number; validModelFiles: number; errors: number; warnings: number; infos: number };
  files: FileValidation[];
  loader: { errors: number; warnings: number; infos: number; diagnostics: Diagnostic[] };
}

export function fileValidation(file: string, diagnostics: Diagnostic[]): FileValidation {
  const c = countBySeverity(diagnostics);
  return { file, ok: c.error === 0, valid: c.error === 0, errors: c.error, warnings: c.warning, diagnostics };
}

/** The columns the column findings are read from (a server reads them ahead, model by model). */
export const validationColumns = (p: Project) => projectColumns(p, { cache: true });

/**
 * Every Modeler/ file validated, and the reader's diagnostics with the column findings (YAML and
 * SQL disagreeing) — or without them, said as `column_checks: 'pending'`, when `columns` is `pending`.
 */
export function projectValidation(p: Project, o: { columns?: 'pending' } = {}): ProjectValidation {
  const byFile = new Map<string, Diagnostic[]>();
  const loader: Diagnostic[] = [];
  const modelFiles = new Set(p.modelerFiles.map((m) => m.file));
  const diagnostics = o.columns === 'pending' ? p.diagnostics : [...p.diagnostics, ...validationColumns(p).findings()];
  for (const d of diagnostics) {
    if (!d.file || !modelFiles.has(d.file)) { loader.push(d); continue; }
    const list = byFile.get(d.file);
    if (list) list.push(d); else byFile.set(d.file, [d]);
  }
  const files = [...modelFiles].sort().map((f) => fileValidation(f, sortDiagnostics(byFile.get(f) ?? [])));
  const all = countBySeverity(diagnostics);
  const lc = countBySeverity(loader);
  return {
    project: p.name,
    valid: all.error === 0,
    column_checks: o.columns ?? 'done',
    summary: { modelFiles: files.length, validModelFiles: files.filter((f) => f.valid).length, errors: all.error, warnings: all.warning, infos: all.info },
    files,
    loader: { errors: lc.error, warnings: lc.warning, infos: lc.info, diagnostics: sortDiagnostics(loader) },
  };
}

/** The counts alone (cheap: what a status bar shows after every change). */
export function validationCounts(p: Project): ProjectValidation['summary'] & { valid: boolean } {
  const all = countBySeverity(p.diagnostics);
  const models = p.modelerFiles.length;
  const invalid = new Set(p.diagnostics.filter((d) => d.severity === 'error' && d.file?.startsWith('Modeler/')).map((d) => d.file));
  return { valid: all.error === 0, modelFiles: models, validModelFiles: p.modelerFiles.filter((m) => !invalid.has(m.file)).length, errors: all.error, warnings: all.warning, infos: all.info };
}
