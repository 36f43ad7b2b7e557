// The modules a run of the built `modeler` loads, as the loader saw them (test/helpers/module-log.mjs).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIN, REPO, tempDir, type CliResult } from './cli.js';

export function loadedModules(args: string[], env: Record<string, string> = {}): CliResult & { modules: string[] } {
  const log = join(tempDir('modeler-modules-'), 'modules.txt');
  const r = spawnSync(process.execPath, ['--import', join(import.meta.dirname, 'module-log.mjs'), BIN, ...args], {
    cwd: REPO, encoding: 'utf8', env: { ...process.env, ...env, MODULE_LOG: log },
  });
  const modules = [...new Set(readFileSync(log, 'utf8').split('\n').filter(Boolean).map((u) => (u.startsWith('file:') ? fileURLToPath(u) : u)))];
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr, modules };
}
