// Small output helpers shared by every command, so faces stay thin and consistent.
import { Command } from 'commander';
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { UserError, formatDiagnostic, type Diagnostic } from '../core/diagnostics.js';

export const EXIT = { OK: 0, FAIL: 1, BREAKING: 2, USAGE: 64, SOFTWARE: 70 } as const;

export function out(text = ''): void {
  process.stdout.write(text.endsWith('\n') ? text : text + '\n');
}
export function err(text: string): void {
  process.stderr.write(text.endsWith('\n') ? text : text + '\n');
}
export function printJson(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}
export function printDiagnostics(ds: readonly Diagnostic[], stream: 'stdout' | 'stderr' = 'stdout'): void {
  const write = stream === 'stdout' ? out : err;
  for (const d of ds) write(formatDiagnostic(d));
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

/** `--out` naming one of the command's inputs would replace that input with the output: refuse. */
export function outNotInput(out: string | undefined, ...inputs: string[]): void {
  if (!out) return;
  const real = (p: string) => { try { return realpathSync(p); } catch { return resolve(p); } };
  const target = real(out);
  const hit = inputs.find((i) => real(i) === target);
  if (hit) throw new UserError(`--out ${out} is the input ${hit}; writing there would replace it — choose another file`);
}

export type Registrar = (program: Command) => void;
