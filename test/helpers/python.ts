// The Python interpreter the launcher tests use, and a non-blocking way to run it.
import { spawn, spawnSync } from 'node:child_process';
import type { CliResult } from './cli.js';

/** The Python interpreter, as an absolute path (some tests empty PATH). */
export const PYTHON = (() => {
  const exe = process.env.MODELER_PYTHON ?? 'python3';
  const r = spawnSync(exe, ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cannot run ${exe} (set MODELER_PYTHON to a Python 3 interpreter): ${r.error?.message ?? r.stderr}`);
  return r.stdout.trim();
})();

/** Run a program to completion without blocking the test worker; undefined env values are removed. */
export function run(exe: string, args: string[], opts: { cwd?: string; env?: Record<string, string | undefined> } = {}): Promise<CliResult> {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...opts.env }).filter(([, v]) => v !== undefined)) as Record<string, string>;
  return new Promise((resolve) => {
    const p = spawn(exe, args, { cwd: opts.cwd, env });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => (stdout += d));
    p.stderr.on('data', (d) => (stderr += d));
    p.on('error', (e) => { stderr += e.message; });
    p.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
