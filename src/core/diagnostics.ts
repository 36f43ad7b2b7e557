// One diagnostic shape for every check in the product, printed as `file:line:col: error[CODE]: message`.

export type Severity = 'error' | 'warning' | 'info';

export interface Diagnostic {
  code: string;
  severity: Severity;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /** JSON-pointer-like path inside the file, e.g. /entities/0/columns/1/type */
  path?: string;
  hint?: string;
}

export function formatLocation(d: Pick<Diagnostic, 'file' | 'line' | 'column'>): string {
  if (!d.file) return '';
  if (d.line === undefined) return d.file;
  return `${d.file}:${d.line}:${d.column ?? 1}`;
}

export function formatDiagnostic(d: Diagnostic): string {
  const loc = formatLocation(d);
  const head = `${loc ? loc + ': ' : ''}${d.severity}[${d.code}]: ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}

/** Append `items` to `into` without spreading them as arguments (a file can have 100,000 findings). */
export function pushAll<T>(into: T[], items: readonly T[]): void {
  for (const x of items) into.push(x);
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === 'error');
}

export function countBySeverity(ds: readonly Diagnostic[]): Record<Severity, number> {
  const out: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const d of ds) out[d.severity]++;
  return out;
}

/** Stable order: file, line, column, code. */
export function sortDiagnostics<T extends Diagnostic>(ds: T[]): T[] {
  return ds.sort((a, b) =>
    (a.file ?? '').localeCompare(b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) ||
    (a.column ?? 0) - (b.column ?? 0) || a.code.localeCompare(b.code));
}

/**
 * A failure the user can fix: bad flags, a missing or unreadable input. Faces turn it into a
 * one-line message and `exitCode` (64 = usage, per sysexits) instead of a stack trace.
 */
export class UserError extends Error {
  constructor(message: string, public exitCode = 64, public code = 'USAGE') {
    super(message);
    this.name = 'UserError';
  }
}
