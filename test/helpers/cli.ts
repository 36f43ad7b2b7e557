// Run the real `modeler` binary (built dist/) as a user would, capturing output and exit code.
import { spawnSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

export const REPO = join(import.meta.dirname, '..', '..');
export const BIN = join(REPO, 'bin', 'modeler.js');
export const EXAMPLE = join(REPO, 'examples', 'jaffle_shop');

export interface CliResult { code: number; stdout: string; stderr: string }

export function runCli(args: string[], opts: { cwd?: string; env?: Record<string, string>; input?: string } = {}): CliResult {
  const r = spawnSync(process.execPath, [BIN, ...args], {
    cwd: opts.cwd ?? REPO, encoding: 'utf8', input: opts.input,
    env: { ...process.env, ...opts.env }, maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export function runCliAsync(args: string[], opts: { cwd?: string; env?: Record<string, string> } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [BIN, ...args], { cwd: opts.cwd ?? REPO, env: { ...process.env, ...opts.env } });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}

export function tempDir(prefix = 'modeler-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}
