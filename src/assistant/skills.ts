// Skills (Modeler/Skills/*.md, spec §2.7): which ones a request uses, and what is wrong with a
// skill file. Selection weighs `use_when` phrases, `tags`, `layers`, `agent_modes`, the body's
// words and `priority`; a request may pin or disable skills by name.
import { parseDocument } from '../core/yaml-lib.js';
import type { Diagnostic } from '../core/diagnostics.js';
import type { Project, Skill } from '../core/project/types.js';
import { didYouMeanSuffix } from '../core/suggest.js';
import { terms } from './index/tokenize.js';
import { MODES, type Mode } from './router.js';

export interface SelectedSkill { name: string; file: string; score: number; relevance: number; priority: number; pinned: boolean; reasons: string[] }

export interface SkillQuery { message: string; modes: readonly Mode[]; layer?: string; pinned?: readonly string[]; disabled?: readonly string[] }

/** Relevance (not counting priority) a skill needs to be chosen without being pinned. */
const MIN_RELEVANCE = 3;

export function selectSkills(skills: readonly Skill[], q: SkillQuery, limit = 4): SelectedSkill[] {
  const qt = new Set(terms(q.message));
  const pinned = new Set((q.pinned ?? []).map((s) => s.toLowerCase()));
  const disabled = new Set((q.disabled ?? []).map((s) => s.toLowerCase()));
  const out: SelectedSkill[] = [];
  for (const s of skills) {
    const key = s.name.toLowerCase();
    if (disabled.has(key)) continue;
    const reasons: string[] = [];
    let rel = 0;
    let best = 0;
    let bestPhrase = '';
    for (const phrase of s.use_when) {
      const pt = terms(phrase);
      if (!pt.length) continue;
      const overlap = pt.filter((t) => qt.has(t)).length / pt.length;
      if (overlap > best) { best = overlap; bestPhrase = phrase; }
    }
    if (best >= 0.34) { rel += best * 6; reasons.push(`use_when "${bestPhrase}"`); }
    for (const tag of s.tags) if (terms(tag).some((t) => qt.has(t))) { rel += 3; reasons.push(`tag ${tag}`); }
    if (q.layer && s.layers.includes(q.layer)) { rel += 2; reasons.push(`layer ${q.layer}`); }
    const body = new Set(terms(`${s.description ?? ''} ${s.body}`));
    const hits = [...qt].filter((t) => body.has(t)).length;
    if (hits >= 2) { rel += Math.min(3, hits * 0.75); reasons.push(`${hits} words of its text`); }
    // a mode alone does not choose a skill; it strengthens one the words already point at
    const modeHits = s.agent_modes.filter((m) => q.modes.includes(m as Mode));
    if (rel > 0 && modeHits.length) { rel += 1.5 * modeHits.length; reasons.push(`mode ${modeHits.join(', ')}`); }
    const isPinned = pinned.has(key);
    if (isPinned) reasons.unshift('pinned');
    if (!isPinned && rel < MIN_RELEVANCE) continue;
    const relevance = Math.round(rel * 100) / 100;
    out.push({ name: s.name, file: s.file, priority: s.priority, pinned: isPinned, relevance, score: Math.round((rel + s.priority / 20 + (isPinned ? 1000 : 0)) * 100) / 100, reasons });
  }
  out.sort((a, b) => b.score - a.score || b.priority - a.priority || a.name.localeCompare(b.name));
  const pins = out.filter((s) => s.pinned);
  return [...pins, ...out.filter((s) => !s.pinned).slice(0, Math.max(0, limit - pins.length))];
}

const LAYERS = ['conceptual', 'logical', 'physical'];

/**
 * Diagnostics of skill files: the reader's (frontmatter that is not YAML) plus fields of the
 * wrong type and unknown layers or modes, each located at its line.
 */
export function skillDiagnostics(project: Project): Diagnostic[] {
  const out: Diagnostic[] = project.diagnostics.filter((d) => d.file?.startsWith('Modeler/Skills/'));
  for (const [rel, kind] of project.files) {
    if (kind !== 'skill') continue;
    let text: string;
    try { text = project.readText(rel); } catch { continue; }
    const m = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text);
    if (!m) continue;
    const doc = parseDocument(m[1], { prettyErrors: false });
    if (doc.errors.length) continue; // the reader reported it
    const fm = doc.toJS() ?? {};
    if (typeof fm !== 'object' || Array.isArray(fm)) {
      out.push({ code: 'SKILL_FRONTMATTER', severity: 'error', file: rel, line: 2, column: 1, message: 'skill frontmatter must be a mapping of fields', hint: 'write name:, description:, use_when: … between the --- lines' });
      continue;
    }
    const lineOf = (key: string) => {
      const idx = m[1].split(/\r?\n/).findIndex((l) => l.startsWith(`${key}:`));
      return idx >= 0 ? idx + 2 : 2;
    };
    const put = (key: string, message: string, hint: string, severity: Diagnostic['severity'] = 'warning') =>
      out.push({ code: 'SKILL_FIELD', severity, file: rel, line: lineOf(key), column: 1, message, hint });
    for (const k of ['name', 'description']) if (k in fm && typeof fm[k] !== 'string') put(k, `skill field '${k}' must be a string`, `write ${k}: <text>`);
    for (const k of ['use_when', 'tags', 'layers', 'agent_modes']) {
      if (k in fm && !(Array.isArray(fm[k]) && fm[k].every((x: unknown) => typeof x === 'string'))) put(k, `skill field '${k}' must be a list of strings`, `write ${k}: [a, b]`);
    }
    if ('priority' in fm && typeof fm.priority !== 'number') put('priority', `skill field 'priority' must be a number, got ${JSON.stringify(fm.priority)}`, 'write priority: 10 (higher wins ties)');
    for (const l of Array.isArray(fm.layers) ? fm.layers : []) {
      if (typeof l === 'string' && !LAYERS.includes(l)) put('layers', `unknown layer '${l}'${didYouMeanSuffix(l, LAYERS)}`, `layers are ${LAYERS.join(', ')}`);
    }
    for (const a of Array.isArray(fm.agent_modes) ? fm.agent_modes : []) {
      if (typeof a === 'string' && !(MODES as readonly string[]).includes(a)) put('agent_modes', `unknown agent mode '${a}'${didYouMeanSuffix(a, MODES)}`, `modes are ${MODES.join(', ')}`);
    }
  }
  return out;
}
