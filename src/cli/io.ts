// Small output helpers shared by every command, so faces stay thin and consistent.
import { Command } from 'commander';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError, countBySeverity, formatDiagnostic, renderOptionNames, type Diagnostic } from '../api/base.js';
import { EXIT } from './exit-codes.js';

// Everything a command prints passes here, so the core's opt() markers become this face's flags.
const flags = (text: string) => renderOptionNames(text, 'flag');

export { count } from '../api/base.js';

export function out(text = ''): void {
  process.stdout.write(paint(flags(text.endsWith('\n') ? text : text + '\n'), process.stdout));
}
export function err(text: string): void {
  process.stderr.write(paint(flags(text.endsWith('\n') ? text : text + '\n'), process.stderr));
}
/**
 * Colour on a terminal, as dbt does: errors red, warnings yellow, headers bold. Never when
 * NO_COLOR is set (https://no-color.org) or the stream is not a terminal, unless FORCE_COLOR asks
 * (FORCE_COLOR=0 turns it off too). JSON is never coloured.
 */
export function colourOn(stream: { isTTY?: boolean }): boolean {
  if (process.env.NO_COLOR) return false;
  const force = process.env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  return stream.isTTY === true;
}
const SGR = { red: '\x1b[31m', yellow: '\x1b[33m', green: '\x1b[32m', bold: '\x1b[1m', reset: '\x1b[0m' } as const;
const HEADER = '\u0000h';
/** Mark a line as a header (bold on a terminal; the mark is dropped otherwise). */
export const header = (line: string): string => HEADER + line;

function paint(text: string, stream: { isTTY?: boolean }): string {
  if (!colourOn(stream)) return text.includes(HEADER) ? text.split(HEADER).join('') : text;
  return text.split('\n').map((l) => {
    if (l.startsWith(HEADER)) return SGR.bold + l.slice(HEADER.length) + SGR.reset;
    return l
      .replace(/^modeler:(?= (?!warning))/, `${SGR.red}modeler:${SGR.reset}`)
      .replace(/\b(error(?:\[[A-Z0-9_]+\])?)(?=:)/, `${SGR.red}${SGR.bold}$1${SGR.reset}`)
      .replace(/\b(warning(?:\[[A-Z0-9_]+\])?)(?=:)/, `${SGR.yellow}$1${SGR.reset}`)
      .replace(/\b(passed|failed)$/, (m) => (m === 'passed' ? SGR.green : SGR.red) + m + SGR.reset);
  }).join('\n');
}

export function printJson(value: unknown): void {
  process.stdout.write(flags(JSON.stringify(value, null, 2) + '\n'));
}
/**
 * The JSON of a validating command (`validate`, `manifest validate`): `ok`, the one pass/fail name
 * every result uses, and `valid`, its name before, kept for one release.
 */
export function validationJson<X extends object>(file: string, ok: boolean, diagnostics: Diagnostic[], extra?: X) {
  const counts = countBySeverity(diagnostics);
  return { file, ok, valid: ok, errors: counts.error, warnings: counts.warning, ...extra, diagnostics } as
    { file: string; ok: boolean; valid: boolean; errors: number; warnings: number; diagnostics: Diagnostic[] } & X;
}

export function printDiagnostics(ds: readonly Diagnostic[], stream: 'stdout' | 'stderr' = 'stdout'): void {
  const write = stream === 'stdout' ? out : err;
  for (const d of ds) write(formatDiagnostic(d));
}

/**
 * Every error, and the warnings and notes up to `limit` (a real project has thousands: the
 * summary after them was scrolled away); the rest counted by code, with how to see them all.
 */
export function printDiagnosticsBrief(ds: readonly Diagnostic[], limit: number, seeAll: string): void {
  let shown = 0;
  const left = new Map<string, number>();
  // errors, then warnings, then notes (each in file order): what is cut is the least of it
  const rank = { error: 0, warning: 1, info: 2 } as Record<string, number>;
  const ordered = [...ds].sort((a, b) => (rank[a.severity] ?? 3) - (rank[b.severity] ?? 3));
  for (const d of ordered) {
    if (d.severity === 'error' || shown < limit) { out(formatDiagnostic(d)); if (d.severity !== 'error') shown++; continue; }
    const k = `${d.severity}[${d.code}]`;
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  if (!left.size) return;
  const total = [...left.values()].reduce((a, b) => a + b, 0);
  const byCode = [...left].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${k}`).join(', ');
  out(`… and ${total} more ${total === 1 ? 'finding' : 'findings'} not shown (${byCode}): ${seeAll}`);
}

let pendingExit = 0;
export function takeExitCode(): number {
  const c = pendingExit;
  pendingExit = 0;
  return c;
}

/**
 * Wrap a command action: its return value is the exit code; a UserError becomes a one-line
 * message and its exit code; anything else is a bug (70) but still a one-line message
 * (the stack only with MODELER_DEBUG=1).
 */
export function action<A extends unknown[]>(fn: (...args: A) => number | void | Promise<number | void>) {
  return async (...args: A): Promise<void> => {
    try {
      pendingExit = (await fn(...args)) ?? 0;
    } catch (e) {
      pendingExit = reportError(e);
    }
  };
}

export function reportError(e: unknown): number {
  if (e instanceof UserError) {
    err(`modeler: ${e.message}`);
    return e.exitCode;
  }
  const msg = e instanceof Error ? e.message : String(e);
  err(`modeler: internal error: ${msg.split('\n')[0]}`);
  if (process.env.MODELER_DEBUG === '1' && e instanceof Error) err(e.stack ?? '');
  return EXIT.SOFTWARE;
}

/** Parse an integer option or fail as a usage error naming the flag. */
export function intOption(value: string | undefined, flag: string, def?: number): number | undefined {
  if (value === undefined) return def;
  if (!/^-?\d+$/.test(String(value).trim())) throw new UserError(`${flag} expects an integer, got '${value}'`);
  return Number(value);
}

/** `--out`, when given, names a file, and not one of the command's inputs (the output would replace it). */
export function checkOut(out: string | undefined, ...inputs: string[]): void {
  if (out === '') throw new UserError('--out needs a file name');
  if (!out) return;
  const real = (p: string) => { try { return realpathSync(p); } catch { return resolve(p); } };
  const target = real(out);
  const hit = inputs.find((i) => real(i) === target);
  if (hit) throw new UserError(`--out ${out} is the input ${hit}; writing there would replace it — choose another file`);
}

export type Registrar = (program: Command) => void;

/**
 * A parent command several command files add to (`generate`, `import`, `emit`, `manifest`,
 * `contracts`, `tform`, `agents`, `mesh`): the one registered first is reused, else it is created.
 */
export function parentCommand(parent: Command, name: string, description: string, helpAfter?: string): Command {
  const found = parent.commands.find((c) => c.name() === name);
  if (found) return found;
  const cmd = parent.command(name).description(description);
  return helpAfter ? cmd.addHelpText('after', helpAfter) : cmd;
}
