// Project-local runtime state lives under `<project>/.modeler/agent/` (chat history, memory,
// the index snapshot). The first time the tool writes there, `.modeler/` is added to the
// project's .gitignore, so runtime state is never committed by accident.
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { UserError } from '../core/diagnostics.js';
import { writeFileAtomic } from '../core/fs-atomic.js';
import { containedPath } from '../core/paths.js';
import { ensureRuntimeIgnored } from '../core/runtime-state.js';

export const AGENT_DIR = '.modeler/agent';

/** Absolute path of `.modeler/agent/<name>` inside the project (refusing a symlinked escape). */
export function agentFile(root: string, name: string): string {
  const abs = containedPath(root, `${AGENT_DIR}/${name}`);
  if (!abs) throw new UserError(`${AGENT_DIR}/${name} resolves outside the project`, 1, 'AI_STATE_ESCAPE');
  return abs;
}

/** Create `.modeler/agent/` and make sure `.modeler/` is ignored by git (the first write there adds it to .gitignore). */
export function ensureAgentDir(root: string): void {
  const dir = agentFile(root, '');
  if (existsSync(dir)) return;
  ensureRuntimeIgnored(root);
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
