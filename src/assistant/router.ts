// The router: which specialist modes of spec §2.7 a request needs, from its words (matched as
// whole terms, not substrings) and its selected object. Each chosen mode carries its reasons.
import { terms } from './index/tokenize.js';
import type { SelectedContext } from './types.js';

export const MODES = [
  'conceptual_architect', 'logical_modeler', 'physical_dbt_developer', 'relationship_modeler',
  'governance_reviewer', 'yaml_patch_engineer', 'conceptualizer', 'canonicalizer',
] as const;
export type Mode = (typeof MODES)[number];

export interface RoutedMode { mode: Mode; score: number; reasons: string[] }
export interface Route {
  modes: RoutedMode[];
  /** A deterministic agent the request asks to run. */
  agent?: 'conceptualize' | 'canonicalize';
  /** The request asks for changes (add, fix, propose…), not only an answer. */
  wantsChanges: boolean;
  /** The request is about the whole project rather than one object. */
  repoWide: boolean;
}

/** Terms (after the index's own processing) that point at a mode, with their weight. */
const SIGNALS: Record<Mode, [string, number][]> = {
  conceptual_architect: [['conceptual', 3], ['concept', 3], ['business', 2], ['domain', 2], ['glossary', 2], ['term', 1], ['subject', 1], ['diagram', 2], ['capability', 1]],
  logical_modeler: [['logical', 3], ['attribute', 2], ['normalize', 2], ['normalise', 2], ['normalization', 2], ['candidate', 1], ['key', 1], ['entity', 2], ['grain', 2]],
  physical_dbt_developer: [['dbt', 2], ['physical', 3], ['column', 2], ['data_type', 2], ['datatype', 2], ['type', 1], ['test', 2], ['sql', 2], ['model', 1],
    ['materialization', 2], ['materialized', 2], ['source', 1], ['seed', 2], ['snapshot', 2], ['ref', 2], ['lineage', 2], ['upstream', 2], ['downstream', 2], ['warehouse', 1], ['contract', 1]],
  relationship_modeler: [['relationship', 3], ['cardinality', 3], ['foreign', 3], ['fk', 3], ['join', 2], ['reference', 2], ['many', 1], ['link', 1], ['linked', 1], ['parent', 1], ['child', 1]],
  governance_reviewer: [['governance', 3], ['validation', 3], ['validate', 2], ['finding', 3], ['issue', 2], ['readiness', 3], ['policy', 3], ['owner', 2], ['own', 1], ['missing', 2], ['lack', 2],
    ['coverage', 2], ['interface', 2], ['pii', 3], ['sensitive', 3], ['sensitivity', 3], ['classification', 2], ['quality', 2], ['standard', 2], ['description', 1], ['document', 1], ['warning', 2], ['error', 1], ['mesh', 2], ['flagged', 2]],
  yaml_patch_engineer: [['add', 2], ['fix', 3], ['propose', 2], ['update', 2], ['change', 2], ['create', 2], ['generate', 2], ['patch', 3], ['yaml', 2], ['edit', 2], ['improve', 2], ['set', 1], ['write', 1], ['bind', 2], ['rename', 2], ['remove', 2]],
  conceptualizer: [['conceptualize', 6], ['conceptualise', 6], ['reverse', 2], ['engineer', 1], ['infer', 2], ['discover', 2], ['derive', 1], ['entity', 1], ['staging', 1]],
  canonicalizer: [['canonicalize', 6], ['canonicalise', 6], ['canonical', 4], ['lift', 2], ['consolidate', 2], ['dedupe', 2], ['shared', 1], ['recurring', 2]],
};

// signal words are written plainly and folded like the question's words (propose → propos)
const fold = (w: string) => terms(w)[0] ?? w.toLowerCase();
for (const sig of Object.values(SIGNALS)) for (const pair of sig) pair[0] = fold(pair[0]);

const LAYER_MODE: Record<string, Mode> = { conceptual: 'conceptual_architect', logical: 'logical_modeler', physical: 'physical_dbt_developer' };
const KIND_MODE: Record<string, Mode> = {
  relationship: 'relationship_modeler', concept: 'conceptual_architect', diagram: 'conceptual_architect', entity: 'logical_modeler',
  model: 'physical_dbt_developer', column: 'physical_dbt_developer', source: 'physical_dbt_developer', seed: 'physical_dbt_developer',
  snapshot: 'physical_dbt_developer', test: 'physical_dbt_developer', issue: 'governance_reviewer', validation: 'governance_reviewer', glossary_term: 'conceptual_architect',
};

const POLITE = /^\s*((can|could|would|will) you|please)\b/i;
const QUESTION = { test: (m: string) => !POLITE.test(m) && /^\s*(what|which|why|how|where|who|when|is|are|does|do|can|could|should)\b|\?\s*$/i.test(m) };
const CHANGE_VERBS = new Set(['add', 'fix', 'propose', 'update', 'change', 'create', 'generate', 'patch', 'edit', 'improve', 'set', 'write', 'bind', 'rename', 'remove', 'document', 'suggest', 'classify', 'tag', 'describe'].map(fold));
/** Words that make a question about the whole project, whatever is selected … */
const REPO_WIDE = /\b(whole|entire|every|all|across|repo|repository|workspace|project-wide|the project|reverse[- ]engineer)\b/i;
/** … and words that do so only when nothing is selected (with a selection they are about it). */
const LISTING = /\b(which (models|tables|columns|sources|interfaces|files)|what (models|tables)|list (the )?\w+|how many)\b/i;

export function route(message: string, context?: SelectedContext): Route {
  const ts = new Set(terms(message));
  const scores = new Map<Mode, RoutedMode>();
  const bump = (mode: Mode, n: number, why: string) => {
    const m = scores.get(mode) ?? { mode, score: 0, reasons: [] };
    m.score += n;
    m.reasons.push(why);
    scores.set(mode, m);
  };
  for (const [mode, sig] of Object.entries(SIGNALS) as [Mode, [string, number][]][]) {
    for (const [t, w] of sig) if (ts.has(t)) bump(mode, w, `"${t}"`);
  }
  const lower = message.toLowerCase();
  if (/\bforeign[- ]keys?\b|\bone[- ]to[- ]many\b|\bmany[- ]to[- ]one\b/.test(lower)) bump('relationship_modeler', 3, 'foreign key / cardinality wording');
  if (/\bdoc[- ]blocks?\b|\bshared descriptions?\b|\blogical layer\b/.test(lower) && /\b(lift|canonical|shared)\b/.test(lower)) bump('canonicalizer', 3, 'canonical layer wording');
  if (/\b(business|conceptual) (entities|model|diagram)\b/.test(lower) && /\b(infer|propose|draw|derive|reverse|from (the )?staging|generate)\b/.test(lower)) bump('conceptualizer', 4, 'conceptual diagram from the project');
  if (context?.kind && KIND_MODE[context.kind]) bump(KIND_MODE[context.kind], 3, `selected ${context.kind}`);
  if (context?.layer && LAYER_MODE[context.layer]) bump(LAYER_MODE[context.layer], 3, `${context.layer} layer`);

  const wantsChanges = [...ts].some((t) => CHANGE_VERBS.has(t)) && !QUESTION.test(message);
  if (wantsChanges) bump('yaml_patch_engineer', 2, 'asks for a change');
  // an agent runs when named by its verb, or when a request (not a question) points at it strongly
  let agent: Route['agent'];
  const question = QUESTION.test(message);
  const conc = scores.get('conceptualizer');
  const canon = scores.get('canonicalizer');
  const wants = (m: RoutedMode | undefined, verb: string) => !!m && (ts.has(fold(verb)) || (m.score >= 4 && !question));
  if (wants(conc, 'conceptualize')) agent = 'conceptualize';
  if (wants(canon, 'canonicalize') && (!agent || canon!.score > conc!.score)) agent = 'canonicalize';

  let modes = [...scores.values()].filter((m) => m.score >= 2).sort((a, b) => b.score - a.score || MODES.indexOf(a.mode) - MODES.indexOf(b.mode));
  if (!modes.length) modes = [{ mode: context?.kind === 'issue' ? 'governance_reviewer' : 'physical_dbt_developer', score: 1, reasons: ['default for a question about the project'] }];
  // the whole project as context (the web UI's "Ask AI" on the project's diagram) selects nothing in it
  const selected = context?.kind !== 'workspace' && !!(context?.kind || context?.name || context?.path);
  return { modes: modes.slice(0, 4), agent, wantsChanges, repoWide: REPO_WIDE.test(message) || (!selected && LISTING.test(message)) };
}
