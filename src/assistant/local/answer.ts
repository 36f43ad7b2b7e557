// The Local provider: an answer built from the retrieved facts, with no key and no network.
// It explains the object the question is about, lists what a repo-wide question asks for,
// explains a validation row with its fix, and proposes changes by fixed rules. When it cannot
// answer it says so and shows the best sources — it never pretends.
import type { DbtNode, Project } from '../../core/project/types.js';
import type { ProposalChange } from '../../proposals/types.js';
import type { IndexView } from '../index/view.js';
import { TABLE_KINDS, type IndexRecord } from '../index/records.js';
import type { Retrieval } from '../retrieve.js';
import { explain } from './explain.js';
import { columnOf, loc, nodeOf, ownerOf, hasNotNullTest, hasUniqueTest } from './facts.js';
import { renderDirect, understand, type Understood } from './direct.js';
import { nearTable, unknownTable, type SubjectRef } from './question.js';
import { didYouMean } from '../../core/suggest.js';
import { stagingModelOf } from './kinds/lineage.js';
import { ALL_RULES, improveDescription, proposeFor, type Rule } from './propose.js';
import { singularTestsByNode } from '../../core/project/singular-tests.js';

export interface LocalAnswer { answer: string; changes: ProposalChange[]; cited: IndexRecord[]; understood?: Understood }

export interface LocalOptions {
  context?: { kind?: string; code?: string; name?: string };
  /** What the chat's last answer was about: a follow-up that names nothing stays on it. */
  last?: SubjectRef;
}

const RULE_WORDS: [RegExp, Rule[]][] = [
  // ("relationships test" and "foreign keys" ask for relationships, not key tests)
  [/\b(?<!(?:relationships?|foreign)[ -])(tests?|keys?)\b|\b(unique|not[_ ]null)\b/i, ['key_tests']],
  [/\b(relationships?|foreign[- ]keys?|fks?|references)\b/i, ['relationship_tests']],
  [/\b(descri\w*|document\w*|docs?|doc[- ]blocks?)\b/i, ['doc_descriptions']],
  [/\b(glossary|terms?|bind\w*)\b/i, ['glossary_bindings']],
  [/\b(sensitiv\w*|pii|classif\w*|personal)\b/i, ['sensitivity']],
  [/\b(data[_ ]?types?|types?|contracts?)\b/i, ['data_types']],
];

const ISSUE_RULE: Record<string, Rule> = {
  READINESS_KEY_TESTS_MISSING: 'key_tests', MESH_INTERFACE_UNIQUE_KEY_TESTS_MISSING: 'key_tests',
  READINESS_RELATIONSHIP_TEST_MISSING: 'relationship_tests', MESH_INTERFACE_RELATIONSHIP_TEST_MISSING: 'relationship_tests',
  READINESS_COLUMN_DESCRIPTION_MISSING: 'doc_descriptions', READINESS_COLUMN_DESCRIPTION_COVERAGE: 'doc_descriptions', MESH_INTERFACE_COLUMN_DESCRIPTION_MISSING: 'doc_descriptions',
  READINESS_SENSITIVE_UNCLASSIFIED: 'sensitivity', READINESS_CONTRACT_DATA_TYPE_MISSING: 'data_types', MESH_INTERFACE_DATA_TYPE_MISSING: 'data_types',
};

/** Repo-wide "which models lack X" questions, answered by checking every model. */
const FACETS: [RegExp, string, (p: Project) => (n: DbtNode) => boolean][] = [
  [/\bowner|\bunowned/i, 'no owner', () => (n) => !ownerOf(n)],
  [/\bdescri|\bdocument|\bundocumented/i, 'no description', () => (n) => !(n.description ?? '').trim()],
  [/\bkey\b|\bunique|\bprimary/i, 'no column tested unique and not_null', () => (n) => !n.columns.some((c) => hasUniqueTest(c, n) && hasNotNullTest(c))],
  // a singular test under tests/ that refs a model is one of its tests, as dbt runs it for the model
  [/\btests?\b|\buntested/i, 'no tests at all', (p) => { const singular = singularTestsByNode(p); return (n) => !n.tests.length && !n.columns.some((c) => c.tests.length) && !singular.has(n.name); }],
  [/\bcontract/i, 'an Interface without an enforced contract', () => (n) => !!n.interface && !n.contractEnforced],
  [/\bcolumns?\b/i, 'no documented columns', () => (n) => !n.columns.length],
];
const FINDING_WORDS = /\b(findings?|flag\w*|warn\w*|errors?|issues?|problems?|fix\w*|lint\w*|readiness|wrong|fail\w*|broken|check\w*|validat\w*|rules?|polic\w*)\b/i;
const LACK = /\b(lack\w*|without|missing|no|none|not|undocumented|untested|unowned|don'?t have|doesn'?t have|have no|has no)\b/i;

/** The name a stale selection most likely meant: for a column, one of its table's columns when the table is there. */
function nearSelected(project: Project, kind: string | undefined, name: string): string | undefined {
  const tables = [...project.models, ...project.sources, ...project.seeds, ...project.snapshots];
  const dot = name.lastIndexOf('.');
  const table = kind === 'column' && dot > 0 ? tables.find((n) => n.name.toLowerCase() === name.slice(0, dot).toLowerCase()) : undefined;
  if (table) { const c = didYouMean(name.slice(dot + 1), table.columns.map((x) => x.name)); return c ? `${table.name}.${c}` : undefined; }
  return didYouMean(kind === 'column' && dot > 0 ? name.slice(0, dot) : name, tables.map((n) => n.name));
}

export function localAnswer(project: Project, index: IndexView, r: Retrieval, message: string, opts: LocalOptions = {}): LocalAnswer {
  const cited: IndexRecord[] = [];
  const changes: ProposalChange[] = [];
  const out: string[] = [];
  const lower = message.toLowerCase();

  // a question of a kind the Local engine answers directly: the fact first, with file:line
  const u = understand(project, index, message, r.selected, opts.context, opts.last);
  // a repo-wide "which models lack …" question (one that names no table, or only a table named
  // as the facet itself: a source table `owners` in "which models lack owners")
  const wanted = r.scope === 'repo_wide' && LACK.test(lower) ? FACETS.find(([re]) => re.test(lower)) : undefined;
  const facet = wanted && (u.subject.from !== 'question' || wanted[0].test(u.subject.node?.name ?? '')) ? wanted : undefined;
  if (facet) {
    const tier = /\bstaging\b/.test(lower) ? 'stg' : /\bmarts?\b/.test(lower) ? 'mart' : undefined;
    // every model counts: one no property file describes lacks each of these the most
    const models = project.models.filter((n) => !tier || (tier === 'stg' ? /^stg_|\/staging\//.test(`${n.name} ${n.file}`) : !/^stg_|\/staging\//.test(`${n.name} ${n.file}`)));
    const hits = models.filter(facet[2](project));
    out.push(`${hits.length} of ${models.length} models have ${facet[1]}:`);
    for (const n of hits.slice(0, 50)) { out.push(`- ${n.name} (${n.file}:${n.line ?? 1})`); const rec = index.get(`model:${n.name}`); if (rec) cited.push(rec); }
    if (hits.length > 50) out.push(`- … and ${hits.length - 50} more`);
    return { answer: out.join('\n'), changes, cited };
  }

  const cite = (n?: DbtNode) => { const rec = n && index.get(`${n.resourceType}:${n.name}`); if (rec && !cited.includes(rec)) cited.push(rec); };
  const issueSelected = r.selected.some((x) => x.kind === 'issue');
  if (u.kind && !issueSelected && (!r.route.wantsChanges || u.kind === 'interface_howto')) {
    if (u.direct) {
      for (const n of u.subject.nodes) cite(n);
      return { answer: renderDirect(u.direct), changes, cited, understood: u };
    }
    if (!u.subject.node && !u.subject.group && u.kind !== 'finding') {
      const typo = nearTable(project, message);
      // an object selected before a rename or a delete took it away: "select it first" asks for what was done
      const gone = opts.context?.name && !r.selected.length ? opts.context : undefined;
      const goneNear = gone?.name ? nearSelected(project, gone.kind, gone.name) : undefined;
      const unknown = typo || gone ? undefined : unknownTable(project, message);
      out.push(`I cannot tell which model this asks about: ${gone ? `the selected ${gone.kind ?? 'object'} ${'`'}${gone.name}${'`'} is not in the project (renamed or removed since it was selected?)${goneNear ? `; did you mean ${'`'}${goneNear}${'`'}?` : '.'}`
        : typo ? `no model is named ${'`'}${typo.typed}${'`'}; did you mean ${'`'}${typo.near}${'`'}?`
          : unknown ? `no model, source, seed or snapshot is named ${'`'}${unknown}${'`'}.` : 'name it, or select it first.'}`);
      closest(out, r);
      return { answer: out.join('\n'), changes, cited, understood: u };
    }
  }

  // "what is fct_claim?": a table's name typed wrong is said so, not answered with the card of a column it resembles
  if (!u.kind && u.subject.from !== 'question' && !r.selected.length && !r.route.wantsChanges) {
    const typo = nearTable(project, message);
    if (typo) {
      out.push(`No model is named ${'`'}${typo.typed}${'`'}; did you mean ${'`'}${typo.near}${'`'}?`);
      closest(out, r);
      return { answer: out.join('\n'), changes, cited, understood: u };
    }
  }
  const targets = pickTargets(index, r);
  // a finding matched only by common words ("what does the weather look like?" → "looks like a foreign
  // key") is not an answer: a question about a finding names its table or speaks of findings
  const strayFinding = targets[0]?.kind === 'issue' && !r.selected.length && !u.kind && !u.subject.node && !FINDING_WORDS.test(lower);
  if (!targets.length || strayFinding) {
    out.push('I could not find anything in this project that answers this.');
    if (r.sources.length) { out.push('', 'The closest sources:'); for (const s of r.sources.slice(0, 5)) out.push(`- ${s.kind} ${s.name} (${loc({ file: s.path, line: s.line })})`); }
    else out.push('Nothing in the index matches its words; name a model, column, file or term, or select an object first.');
    return { answer: out.join('\n'), changes, cited };
  }
  const main = targets[0];

  // a validation row (selected, or the question only asks about it): explain it and propose its fix when a rule covers it
  if (main.kind === 'issue' && (r.selected.length > 0 || !r.route.wantsChanges)) {
    const e = explain(project, index, main);
    if (u.direct && u.kind === 'finding') out.push(renderDirect(u.direct), '');
    out.push(e.text); cited.push(...e.cited);
    const rule = ISSUE_RULE[main.name.split(':')[0]];
    const about = index.get(main.links[0]);
    const node = about ? nodeOf(project, about) : undefined;
    if (rule && node) {
      const set = proposeFor(project, [node], [rule]);
      changes.push(...set.changes());
      notesInto(out, set.notes);
    } else out.push('', 'This finding has no fix I can derive from the project; change it by hand as the hint says.');
    return { answer: withChanges(out, changes), changes, cited, understood: u };
  }

  if (r.route.wantsChanges) {
    const rules = RULE_WORDS.filter(([re]) => re.test(lower)).flatMap(([, rs]) => rs);
    const chosen = [...new Set(rules.length ? rules : ALL_RULES)];
    const col = main.kind === 'column' ? columnOf(project, main) : undefined;
    if (col && /\b(improve|rewrite|better|clarify|reword)\b/i.test(lower) && /\bdescri|\bdoc/i.test(lower)) {
      const res = improveDescription(project, col.node, col.column);
      if (res.change) changes.push(res.change);
      out.push(res.note);
      cited.push(main);
      return { answer: withChanges(out, changes), changes, cited };
    }
    // the tables the request names are the ones changed (one change per thing asked), not their neighbours
    // (a source table named is changed on the model that stages it, where its tests and keys live)
    const asked = u.subject.nodes.length ? u.subject.nodes : u.subject.group?.nodes ?? [];
    const named = u.subject.from === 'question' ? uniqueNodes(asked.map((n) => (n.resourceType === 'source' ? stagingModelOf(project, n) ?? n : n))).filter((n) => TABLE_KINDS.has(n.resourceType as any)) : [];
    // a table's name typed wrong: propose nothing rather than change the tables retrieval found instead
    const typo = !named.length && r.scope !== 'repo_wide' ? nearTable(project, message) : undefined;
    if (typo) {
      out.push(`No model is named ${'`'}${typo.typed}${'`'}; did you mean ${'`'}${typo.near}${'`'}? Nothing is proposed: ask again with the table's name.`);
      return { answer: out.join('\n'), changes, cited };
    }
    const nodes = r.scope === 'repo_wide'
      ? project.models.filter((n) => n.origins.includes('yaml'))
      : named.length ? named
      : uniqueNodes(targets.map((t) => (t.kind === 'column' ? columnOf(project, t)?.node : t.kind === 'issue' ? issueNode(project, index, t) : nodeOf(project, t))));
    // "a relationship between invoice and customer": the one between the tables named, not every one they have
    const between = r.scope !== 'repo_wide' && nodes.length >= 2 && chosen.length === 1 && chosen[0] === 'relationship_tests' ? nodes : undefined;
    if (!nodes.length) {
      out.push(`I can propose tests, relationships, descriptions, glossary bindings, classifications and data types for tables; ${main.kind} ${main.name} is not one.`);
    } else {
      // a column named with its table ("from stg_card.customer_id to …") is the only one changed
      const columns = u.subject.from === 'question' && u.subject.column && nodes[0] === u.subject.node ? [u.subject.column.name] : undefined;
      const set = proposeFor(project, nodes, chosen, { between, columns });
      changes.push(...set.changes());
      out.push(`Checked ${nodes.length === 1 ? nodes[0].name : `${nodes.length} models${nodes.length <= 5 ? ` (${nodes.map((n) => n.name).join(', ')})` : ''}`} for: ${chosen.map((x) => x.replace('_', ' ')).join(', ')}.`);
      if (!changes.length) out.push(set.notes.length ? 'Nothing I can change by those rules: the notes say what is left and why.' : 'Nothing to change: those rules are already satisfied.');
      notesInto(out, set.notes);
      for (const n of nodes.slice(0, 10)) { const rec = index.get(`${n.resourceType}:${n.name}`); if (rec) cited.push(rec); }
    }
    return { answer: withChanges(out, changes), changes, cited };
  }

  // explain: the main object, and briefly the next ones the question also names
  const e = explain(project, index, main);
  out.push(e.text); cited.push(...e.cited);
  const more = targets.slice(1, 3).filter((t) => !cited.includes(t));
  if (more.length) {
    out.push('', 'Also relevant:');
    for (const t of more) { out.push(`- ${t.title} (${loc(t)})`); cited.push(t); }
  }
  return { answer: out.join('\n'), changes, cited, understood: u };
}

/** The objects a question is about: the selection, else the strongest records the question itself found (not its neighbours). */
function pickTargets(index: IndexView, r: Retrieval): IndexRecord[] {
  if (r.selected.length) return r.selected;
  const direct = r.sources.filter((s) => s.stage !== 'graph_expansion' && s.stage !== 'memory');
  const pool = direct.length ? direct : r.sources;
  return pool.map((s) => index.get(s.id)).filter((x): x is IndexRecord => !!x && (x.kind !== 'skill' || pool.length === 1)).slice(0, 3);
}

/** The table a finding is about. */
function issueNode(project: Project, index: IndexView, rec: IndexRecord): DbtNode | undefined {
  const about = index.get(rec.links[0]);
  return about ? (about.kind === 'column' ? columnOf(project, about)?.node : nodeOf(project, about)) : undefined;
}

function uniqueNodes(ns: (DbtNode | undefined)[]): DbtNode[] {
  const out: DbtNode[] = [];
  for (const n of ns) if (n && !out.includes(n) && TABLE_KINDS.has(n.resourceType as any)) out.push(n);
  return out;
}

function closest(out: string[], r: Retrieval): void {
  const srcs = r.sources.filter((s) => s.kind !== 'skill' && s.kind !== 'memory').slice(0, 5);
  if (srcs.length) { out.push('', 'Closest facts:'); for (const s of srcs) out.push(`- ${s.kind} ${s.name} (${loc({ file: s.path, line: s.line })})`); }
}

function notesInto(out: string[], notes: string[]): void {
  if (notes.length) { out.push('', 'Notes:'); for (const n of notes.slice(0, 10)) out.push(`- ${n}`); }
}

function withChanges(out: string[], changes: ProposalChange[]): string {
  if (changes.length) {
    out.push('', `Proposed ${changes.length} change(s), written only when you approve them:`);
    for (const c of changes) out.push(`- ${c.op} ${c.path}: ${c.review_summary}`);
  }
  return out.join('\n');
}
