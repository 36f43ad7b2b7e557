// Project-local runtime state lives under `<project>/.modeler/agent/` (chat history, memory,
// the index snapshot); `.modeler/` ignores itself (core/runtime-state.ts), so it is never
// committed by accident and the project's own .gitignore is never touched. For the package's
// own examples the same files live in the user's data directory.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { UserError } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/fs-atomic.js';
import { containedPath } from '../core/paths.js';
import { ensureRuntimeDir, RUNTIME_DIR, runtimeDir } from '../core/runtime-state.js';

export const AGENT_DIR = '.modeler/agent';

/** Absolute path of `.modeler/agent/<name>` (refusing a symlinked escape from the project). */
export function agentFile(root: string, name: string): string {
  const dir = runtimeDir(root);
  const inside = relative(root, dir) === RUNTIME_DIR;
  const abs = inside ? containedPath(root, `${AGENT_DIR}/${name}`) : join(dir, 'agent', name);
  if (!abs) throw new UserError(`${AGENT_DIR}/${name} resolves outside the project`, 1, 'AI_STATE_ESCAPE');
  return abs;
}

/** Create `.modeler/agent/` (and `.modeler/.gitignore`, which makes git ignore the folder). */
export function ensureAgentDir(root: string): void {
  const dir = agentFile(root, '');
  if (existsSync(dir)) return;
  ensureRuntimeDir(root);
  mkdirSync(dir, { recursive: true });
}

/** Read a JSON file under .modeler/agent/, or `fallback` when it is missing. A damaged file is an error, not silently replaced. */
export function readAgentJson<T>(root: string, name: string, fallback: T): T {
  const file = agentFile(root, name);
  let text: string;
  try { text = readFileSync(file, 'utf8'); } catch { return fallback; }
  try { return JSON.parse(text) as T; } catch (e: any) {
    throw new UserError(`${AGENT_DIR}/${name} is not valid JSON (${String(e.message).split('\n')[0]}); move it aside to start a new one`, 1, 'AI_STATE_INVALID');
  }
}

export function writeAgentJson(root: string, name: string, value: unknown): void {
  ensureAgentDir(root);
  writeFileAtomic(agentFile(root, name), JSON.stringify(value, null, 1) + '\n');
}

/** Write text as it is (a large JSON document already serialised). */
export function writeAgentText(root: string, name: string, text: string): void {
  ensureAgentDir(root);
  writeFileAtomic(agentFile(root, name), text);
}
