// What a hosted model is told: its modes' contracts, the rules every proposal follows (the
// doc-block rule among them), the selected skills and remembered rules, then the question with
// the retrieved facts and excerpts of the files a change would touch.
import type { ModelMessage } from 'ai';
import type { Project } from '../core/project/types.js';
import type { Chat } from './chats.js';
import type { IndexView } from './index/view.js';
import { clip } from './index/records.js';
import type { Retrieval } from './retrieve.js';
import type { Mode } from './router.js';
import { renderDirect, type Understood } from './local/direct.js';

/** The Local engine's reading of the question: its kind, its subject and the facts it found (file:line), so a hosted answer starts from them. */
export function understoodText(u: Understood | undefined): string {
  if (!u) return '';
  const s = u.subject;
  const parts: string[] = [];
  if (u.kind) parts.push(`Question kind: ${u.kind}`);
  const subj = s.group ? `${s.group.label} (${s.group.nodes.length})` : s.nodes.length
    ? s.nodes.map((n) => `${n.resourceType} ${n.name}${n.file ? ` (${n.file}:${n.line ?? 1})` : ''}`).join(', ') + (s.column ? `, column ${s.column.name}` : s.columnName ? `, column ${s.columnName}` : '')
    : s.code ? `finding code ${s.code}` : undefined;
  if (subj) parts.push(`Subject: ${subj}${s.from === 'chat' ? ' (from the previous answer in this chat)' : s.from === 'context' ? ' (selected)' : ''}`);
  if (u.direct) parts.push(`Facts the project states (state them first, in words, with their file:line):\n${clip(renderDirect(u.direct), 3000)}`);
  return parts.length ? `${parts.join('\n')}\n\n` : '';
}

const CONTRACT: Record<Mode, string> = {
  conceptual_architect: 'Conceptual architect: business concepts, domains, glossary terms; no columns, types or dbt details in conceptual files.',
  logical_modeler: 'Logical modeler: entities, attributes, keys and grain, independent of the warehouse.',
  physical_dbt_developer: 'Physical dbt developer: dbt models, sources, columns, data types, tests, materializations, lineage.',
  relationship_modeler: 'Relationship modeler: foreign keys, cardinality, relationships tests, joins.',
  governance_reviewer: 'Governance reviewer: owners, descriptions, Interfaces, contracts, sensitivity, readiness findings.',
  yaml_patch_engineer: 'YAML patch engineer: minimal, exact changes to the project files as proposals.',
  conceptualizer: 'Conceptualizer: business entities and relationships drawn from the staging layer.',
  canonicalizer: 'Canonicalizer: recurring staging columns lifted into a logical layer with shared doc blocks.',
};

const RULES = [
  'Answer only from the project facts given; cite each fact as path:line. If the facts do not answer the question, say so.',
  'You cannot run dbt, apply DDL, touch a database or write files. You may propose file changes; nothing is written until the user approves them.',
  'Propose changes only in proposed_changes, never as prose that claims something was changed. Paths are project-relative.',
  'patch_yaml takes JSON pointers into the YAML file exactly as it is (indexes as in the excerpts); value_json is the value as JSON text.',
  'A description bound to a doc block (description_ref or {{ doc("x") }}) is improved by an update_file of the .md file that holds the block, never by changing the YAML description.',
  'Modeler files live under Modeler/conceptual, Modeler/logical, Modeler/physical and Modeler/glossary; conceptual files hold no columns, data types or dbt models.',
  'Do not duplicate a relationship or a relationships test that already exists.',
];

export function systemPrompt(project: Project, r: Retrieval, memories: string[]): string {
  const parts = [
    `You are the modeling assistant of the dbt project "${project.name}".`,
    `Modes for this request: ${r.route.modes.map((m) => CONTRACT[m.mode]).join(' ')}`,
    'Rules:', ...RULES.map((x) => `- ${x}`),
  ];
  if (r.skills.length) {
    parts.push('Project skills to follow:');
    for (const s of r.skills) {
      const skill = project.skills.find((x) => x.name === s.name);
      if (skill) parts.push(`## ${skill.name} (${skill.file})\n${clip(skill.body, 1500)}`);
    }
  }
  if (memories.length) parts.push('Standing rules the user asked you to remember:', ...memories.map((m) => `- ${m}`));
  parts.push('Reply with JSON: {"answer": string, "proposed_changes": [{"op", "path", "content", "patch", "rationale", "review_summary"}]}.');
  return parts.join('\n');
}

const EXCERPT_LINES = 80;

export function userMessages(project: Project, index: IndexView, r: Retrieval, message: string, history?: Chat, understood?: Understood): ModelMessage[] {
  const msgs: ModelMessage[] = [];
  for (const m of (history?.messages ?? []).slice(-6)) msgs.push({ role: m.role, content: clip(m.content, 2000) });
  const facts: string[] = [];
  for (const s of r.sources.slice(0, 15)) {
    const rec = index.get(s.id);
    facts.push(`- [${s.kind}] ${s.name} (${s.path ?? ''}${s.line ? `:${s.line}` : ''}): ${clip(rec?.title, 200)}${rec?.text ? ` — ${clip(rec.text, 400)}` : ''}`);
  }
  const files = [...new Set(r.sources.filter((s) => s.path && /\.(ya?ml|md)$/.test(s.path) && !s.path.startsWith('target/')).map((s) => s.path!))].slice(0, 3);
  const excerpts: string[] = [];
  for (const f of files) {
    let text: string;
    try { text = project.readText(f); } catch { continue; }
    const lines = text.split('\n');
    const around = r.sources.find((s) => s.path === f)?.line ?? 1;
    const start = Math.max(0, around - 10);
    excerpts.push(`--- ${f} (lines ${start + 1}-${Math.min(lines.length, start + EXCERPT_LINES)} of ${lines.length})\n${lines.slice(start, start + EXCERPT_LINES).join('\n')}`);
  }
  const ctx = r.selected.length ? `Selected: ${r.selected.map((x) => `${x.kind} ${x.name} (${x.file ?? ''}:${x.line ?? ''})`).join(', ')}\n` : '';
  msgs.push({
    role: 'user',
    content: `${ctx}${understoodText(understood)}Question: ${message}\n\nProject facts (retrieved):\n${facts.join('\n')}` +
      (r.findings.length ? `\n\nOpen findings:\n${r.findings.slice(0, 10).map((f) => `- ${f.title} (${f.file}:${f.line})`).join('\n')}` : '') +
      (excerpts.length ? `\n\nFile excerpts:\n${excerpts.join('\n\n')}` : ''),
  });
  return msgs;
}
