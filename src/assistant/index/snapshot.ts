// The index snapshot under .modeler/agent/: the records, graph and lexical index as they were
// built, with the size and modification time of every file they came from. A snapshot whose
// files all still match restores the index without building it; any difference means build.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from '../../core/project/types.js';
import { agentFile, writeAgentText } from '../runtime-dir.js';
import { ProjectIndex } from './project-index.js';

const META = 'index.json';
const SEARCH = 'index.search.json';
const VERSION = 3; // 2: the lexical index is lexical-index.ts, no longer MiniSearch's JSON; 3: its terms are numbered, findings' signatures kept

function fingerprints(project: Project): Record<string, [number, number]> {
  const out: Record<string, [number, number]> = {};
  for (const [rel, kind] of project.files) {
    if (kind === 'other') continue; // files that give no records (.gitignore, README) do not date the index
    try { const st = statSync(join(project.root, rel)); out[rel] = [st.size, Math.round(st.mtimeMs)]; } catch { out[rel] = [-1, 0]; }
  }
  return out;
}

export function writeSnapshot(index: ProjectIndex): { ms: number } {
  const t0 = performance.now();
  const { search, ...rest } = index.toJSON() as any;
  writeAgentText(index.project.root, SEARCH, search);
  writeAgentText(index.project.root, META, JSON.stringify({ version: VERSION, files: fingerprints(index.project), ...rest }));
  return { ms: performance.now() - t0 };
}

/** The index from the snapshot when every file still matches it, else undefined. */
export function readSnapshot(project: Project): ProjectIndex | undefined {
  let meta: any;
  try { meta = JSON.parse(readFileSync(agentFile(project.root, META), 'utf8')); } catch { return undefined; }
  if (meta?.version !== VERSION || !meta.files) return undefined;
  const now = fingerprints(project);
  const keys = Object.keys(now);
  if (keys.length !== Object.keys(meta.files).length) return undefined;
  for (const k of keys) { const a = now[k], b = meta.files[k]; if (!b || a[0] !== b[0] || a[1] !== b[1]) return undefined; }
  let search: string;
  try { search = readFileSync(agentFile(project.root, SEARCH), 'utf8'); } catch { return undefined; }
  try { return new ProjectIndex(project).restore({ ...meta, search }); } catch { return undefined; }
}
