// Skills: Markdown under Modeler/Skills/ with a YAML frontmatter (spec §2.7).
import { parse } from '../yaml-lib.js';
import type { Diagnostic } from '../diagnostics.js';
import type { Skill } from './types.js';

export function parseSkill(text: string, file: string): { skill?: Skill; diagnostics: Diagnostic[] } {
  const m = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  const base = file.split('/').pop()!.replace(/\.md$/, '');
  if (!m) return { skill: { file, name: base, use_when: [], tags: [], layers: [], agent_modes: [], priority: 0, body: text }, diagnostics: [] };
  let fm: any;
  try {
    fm = parse(m[1]) ?? {};
  } catch (e: any) {
    return { diagnostics: [{ code: 'SKILL_FRONTMATTER', severity: 'error', file, line: (e.linePos?.[0]?.line ?? 0) + 1, column: e.linePos?.[0]?.col ?? 1,
      message: `skill frontmatter is not valid YAML: ${String(e.message).split('\n')[0]}`, hint: 'fix the YAML between the --- lines' }] };
  }
  const arr = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? [v] : []);
  return {
    skill: {
      file, name: typeof fm.name === 'string' ? fm.name : base, description: fm.description,
      use_when: arr(fm.use_when), tags: arr(fm.tags), layers: arr(fm.layers), agent_modes: arr(fm.agent_modes),
      priority: typeof fm.priority === 'number' ? fm.priority : 0, body: m[2].trim(),
    },
    diagnostics: [],
  };
}
