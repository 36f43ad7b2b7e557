// Concrete changes the Local provider proposes by fixed rules, never by guessing prose:
// `unique` + `not_null` on key columns, `relationships` tests for foreign-key-like columns
// whose parent is unambiguous, descriptions from doc blocks of the same name, glossary bindings
// by name, sensitivity for personal-looking columns, contract data types from the warehouse
// catalog. A description bound to a doc block is improved in the block's .md file only. A change
// on a table a var or target setting can disable says so in its rationale and review summary.
import { parse } from '../../core/yaml-lib.js';
import type { DbtColumn, DbtNode, Project } from '../../core/project/types.js';
import { looksSensitive, ownKeyNames } from '../../governance/column-roles.js';
import { inferLayers } from '../../governance/layers.js';
import { classificationRequired } from '../../governance/policy/rules/classification-required.js';
import type { ProposalChange, YamlPatchOp } from '../../proposals/types.js';
import { boundDoc } from '../index/context.js';
import { keyCombinations } from '../../core/project/dbt-tests.js';
import { projectColumns } from '../../core/columns/project-columns.js';
import { activeTests, hasNotNullTest, hasUniqueTest } from './facts.js';
import { enabledCondition } from './kinds/enabled.js';
import { locateColumn, type ColumnEntry } from './yaml-locate.js';

export type Rule = 'key_tests' | 'relationship_tests' | 'doc_descriptions' | 'glossary_bindings' | 'sensitivity' | 'data_types';
export const ALL_RULES: Rule[] = ['key_tests', 'relationship_tests', 'doc_descriptions', 'glossary_bindings', 'sensitivity', 'data_types'];

/**
 * Changes gathered one per thing proposed (a test on a column, a relationship, a description),
 * so a reviewer keeps or leaves out each on its own; an item's operations stay together.
 */
export class ChangeSet {
  private items = new Map<string, { file: string; ops: YamlPatchOp[]; summaries: string[]; why: Set<string>; sources: Set<string>; flags: Set<string> }>();
  readonly notes: string[] = [];
  private flag?: string;

  /** The table the next additions are about: `flag`, when a var can disable it, goes with each of its changes. */
  about(flag: string | undefined): void { this.flag = flag; }

  /**
   * Add an operation to the item `item` of `file` (by default the item its summary names); with
   * `op` undefined, only a summary (the operation comes later to the same item).
   */
  add(file: string, op: YamlPatchOp | undefined, summary: string, why: string, sources: string[], item = summary): void {
    const key = `${file}\u0000${item}`;
    let f = this.items.get(key);
    if (!f) this.items.set(key, (f = { file, ops: [], summaries: [], why: new Set(), sources: new Set(), flags: new Set() }));
    if (this.flag) f.flags.add(this.flag);
    if (op) f.ops.push(op);
    if (summary && !f.summaries.includes(summary)) f.summaries.push(summary);
    f.why.add(why);
    for (const s of sources) if (s) f.sources.add(s);
  }

  get size(): number { return this.items.size; }

  changes(): ProposalChange[] {
    return [...this.items.values()].filter((f) => f.ops.length).map((f) => ({
      op: 'patch_yaml', path: f.file, patch: f.ops,
      rationale: [...f.why, ...f.flags].join(' '),
      source_context: [...f.sources].sort(),
      validation_impact: '',
      review_summary: withFlags(f.summaries.length <= 3 ? f.summaries.join('; ') : `${f.summaries.slice(0, 3).join('; ')}; and ${f.summaries.length - 3} more`, [...f.flags]),
    }));
  }
}

/** A review summary that says when its target can be disabled by a var (the flag without its location). */
function withFlags(summary: string, flags: string[]): string {
  return flags.length ? `${summary} (note: ${flags.map((x) => x.replace(/, set at .*$/, '').replace(/\.$/, '')).join('; ')})` : summary;
}

/** A change on `n`, flagged when a var or target setting can disable `n`. */
function flagged(p: Project, n: DbtNode, c: ProposalChange): ProposalChange {
  const flag = enabledCondition(p, n);
  return flag ? { ...c, rationale: `${c.rationale} ${flag}`, review_summary: withFlags(c.review_summary, [flag]) } : c;
}

/** Append test entries to a column's test list (creating the list in the file's style). */
export function addTests(set: ChangeSet, ce: ColumnEntry, tests: unknown[], summary: string, why: string, sources: string[]): void {
  const key = ce.testsKey;
  if (Array.isArray(ce.column[key])) for (const t of tests) set.add(ce.file, { op: 'add', path: `${ce.columnPointer}/${key}/-`, value: t }, summary, why, sources);
  else {
    set.add(ce.file, { op: 'add', path: `${ce.columnPointer}/${key}`, value: tests }, summary, why, sources);
    ce.column[key] = tests; // later rules in this batch append to the new list
  }
}

const tableTier = (n: DbtNode) => inferLayers({ name: n.name, path: n.sqlPath ?? n.file })[0];

export function keyTests(p: Project, n: DbtNode, set: ChangeSet): void {
  const keyName = typeof n.interface?.unique_key === 'string' ? n.interface.unique_key : [...ownKeyNames(n)].find((k) => n.columns.some((c) => c.name === k));
  // a compound key (unique_combination_of_columns, a multi-column constraint) stays the key: no single-column unique
  const combo = keyCombinations(n).find((k) => k.length > 1);
  if (combo) {
    set.notes.push(`${n.name}: its key is the combination ${combo.join(' + ')} (tested together); no single-column unique is proposed`);
    return;
  }
  const col = n.columns.find((c) => c.name === keyName);
  if (!col) { if (n.resourceType === 'model') set.notes.push(`${n.name}: no key column found (no unique_key, no <entity>_id or id column)`); return; }
  const missing = [!hasUniqueTest(col, n) ? 'unique' : '', !hasNotNullTest(col) ? 'not_null' : ''].filter(Boolean);
  if (!missing.length) return;
  const ce = locateColumn(p, n, col.name);
  if (!ce) { set.notes.push(`${n.name}.${col.name}: the column has no YAML entry to add tests to`); return; }
  addTests(set, ce, missing, `${missing.join(' + ')} on ${n.name}.${col.name}`,
    `${col.name} is the key of ${n.name}${n.interface?.unique_key ? ' (its Interface unique_key)' : ''}; key columns are tested unique and not_null.`, [ce.file]);
}

/** Tables that own a key column of this name (candidate parents of a foreign key). */
function parentsOf(p: Project, column: string, self: DbtNode): DbtNode[] {
  return [...p.models, ...p.seeds, ...p.snapshots].filter((t) => t !== self && t.name !== self.name && ownKeyNames(t).has(column) && t.columns.some((c) => c.name === column));
}

/** `among`: only relationships between these tables (the ones a question names). */
export function relationshipTests(p: Project, n: DbtNode, set: ChangeSet, among?: DbtNode[], only?: string[]): void {
  const own = ownKeyNames(n);
  const tier = tableTier(n);
  for (const c of n.columns) {
    if (only && !only.some((x) => x.toLowerCase() === c.name.toLowerCase())) continue;
    if (!/_(id|key)$/.test(c.name) || own.has(c.name)) continue;
    if (activeTests(c.tests).some((t) => t.name === 'relationships') || c.constraints.some((k) => k?.type === 'foreign_key') || c.meta?.references) continue;
    let cands = parentsOf(p, c.name, n).filter((t) => !among || among.includes(t));
    if (cands.length > 1) {
      const sameTier = cands.filter((t) => (tier === 'stg' ? tableTier(t) === 'stg' : tableTier(t) !== 'stg'));
      if (sameTier.length) cands = sameTier;
    }
    if (cands.length > 1) {
      const noun = c.name.replace(/_(id|key)$/, '');
      const named = cands.filter((t) => t.name.toLowerCase().includes(noun));
      if (named.length) cands = named;
    }
    if (cands.length !== 1) {
      if (cands.length > 1) set.notes.push(`${n.name}.${c.name}: several tables could be its parent (${cands.map((t) => t.name).join(', ')}); add the relationships test by hand`);
      continue;
    }
    const parent = cands[0];
    const ce = locateColumn(p, n, c.name);
    if (!ce) continue;
    const to = `ref('${parent.name}')`;
    const test = { relationships: ce.nestedArgs ? { arguments: { to, field: c.name } } : { to, field: c.name } };
    addTests(set, ce, [test], `relationships ${n.name}.${c.name} → ${parent.name}.${c.name}`,
      `${c.name} looks like a foreign key and ${parent.name} is the one table keyed by it.`, [ce.file, parent.file ?? parent.sqlPath ?? ''].filter(Boolean));
  }
}

export function docDescriptions(p: Project, n: DbtNode, set: ChangeSet): void {
  let bare = 0;
  for (const c of n.columns) {
    if ((c.description && c.description.trim()) || c.description_ref) continue;
    const doc = p.docs.get(c.name);
    if (!doc) { bare++; continue; }
    const ce = locateColumn(p, n, c.name);
    if (!ce) continue;
    set.add(ce.file, { op: 'add', path: `${ce.columnPointer}/description`, value: `{{ doc("${doc.name}") }}` },
      `describe ${n.name}.${c.name} with doc block ${doc.name}`, `the doc block '${doc.name}' (${doc.file}:${doc.line}) documents a column of this name.`, [ce.file, doc.file]);
  }
  // what this rule cannot do is said, not reported as done: a column with no doc block of its name, or not in YAML at all
  const listed = new Set(n.columns.map((c) => c.name.toLowerCase()));
  let sqlOnly = 0;
  if (n.resourceType === 'model' || n.resourceType === 'snapshot') {
    try { sqlOnly = projectColumns(p).of(n).filter((c) => !listed.has(c.name.toLowerCase())).length; } catch { sqlOnly = 0; }
  }
  if (bare + sqlOnly) {
    set.notes.push(`${n.name}: ${bare + sqlOnly} column(s) without a description${sqlOnly ? ` (${sqlOnly} returned by its SQL but not listed in YAML)` : ''} and no doc block of the same name — the Local provider describes a column only from such a block: write them by hand, or ask a hosted provider (--provider)`);
  }
}

export function sensitivity(p: Project, n: DbtNode, set: ChangeSet): void {
  const re = new RegExp(classificationRequired.params.name_regex.default as string, 'i');
  for (const c of n.columns) {
    if (c.meta?.sensitivity || c.meta?.classification || !looksSensitive(c.name, c.data_type, re)) continue;
    const ce = locateColumn(p, n, c.name);
    if (!ce) continue;
    const op: YamlPatchOp = ce.column.meta && typeof ce.column.meta === 'object'
      ? { op: 'add', path: `${ce.columnPointer}/meta/sensitivity`, value: 'confidential' }
      : { op: 'add', path: `${ce.columnPointer}/meta`, value: { sensitivity: 'confidential' } };
    set.add(ce.file, op, `classify ${n.name}.${c.name} as confidential`, 'columns that look like personal data carry meta.sensitivity; confidential is the cautious default, review it.', [ce.file]);
  }
}

export function dataTypes(p: Project, n: DbtNode, set: ChangeSet): void {
  if (!n.contractEnforced) return;
  const cat = p.target.catalog?.nodes?.[n.uniqueId];
  for (const c of n.columns) {
    if (c.data_type || c.type) continue;
    const hit = cat ? Object.values<any>(cat.columns ?? {}).find((x) => String(x?.name).toLowerCase() === c.name.toLowerCase()) : undefined;
    const ce = locateColumn(p, n, c.name);
    if (!ce) continue;
    if (!hit?.type) { set.notes.push(`${n.name}.${c.name}: contracted but without data_type, and target/catalog.json does not know its type (run dbt docs generate)`); continue; }
    set.add(ce.file, { op: 'add', path: `${ce.columnPointer}/data_type`, value: String(hit.type).toLowerCase() },
      `data_type ${String(hit.type).toLowerCase()} on ${n.name}.${c.name}`, 'a contract-enforced model declares every column type; this one is taken from target/catalog.json.', [ce.file, 'target/catalog.json']);
  }
}

/** Columns bound to a glossary term of the same name (term, synonym, or `<term>_id`), added to the first glossary file. */
export function glossaryBindings(p: Project, nodes: DbtNode[], set: ChangeSet): void {
  const g = p.modelerFiles.find((f) => f.model?.kind === 'glossary' || (f.model?.glossary.length ?? 0) > 0);
  if (!g?.model) { set.notes.push('no Modeler glossary file to bind terms in'); return; }
  const byName = new Map<string, string>();
  for (const t of g.model.glossary) {
    byName.set(t.term.toLowerCase(), t.term);
    byName.set(`${t.term.toLowerCase()}_id`, t.term);
    for (const s of t.synonyms ?? []) byName.set(s.toLowerCase().replace(/\s+/g, '_'), t.term);
  }
  let raw: any;
  try { raw = parse(p.readText(g.file)); } catch { return; }
  const entities: any[] = Array.isArray(raw?.entities) ? raw.entities : [];
  const newEntities = new Map<string, any[]>();
  for (const n of nodes) {
    set.about(enabledCondition(p, n));
    for (const c of n.columns) {
      const term = byName.get(c.name.toLowerCase());
      if (!term || alreadyBound(c, entities, n.name)) continue;
      const binding = { glossary_term: term, status: 'proposed' };
      const ei = entities.findIndex((e) => e?.name === n.name);
      const summary = `bind ${n.name}.${c.name} to glossary term ${term} (proposed)`;
      const why = `the column's name matches the glossary term '${term}'.`;
      if (ei < 0) { const l = newEntities.get(n.name) ?? []; l.push({ name: c.name, binding }); newEntities.set(n.name, l); set.add(g.file, undefined, summary, why, [g.file, n.file ?? ''], `entity ${n.name}`); continue; }
      const cols: any[] = Array.isArray(entities[ei].columns) ? entities[ei].columns : [];
      const ci = cols.findIndex((x) => x?.name === c.name);
      set.add(g.file, ci >= 0 ? { op: 'add', path: `/entities/${ei}/columns/${ci}/binding`, value: binding } : { op: 'add', path: `/entities/${ei}/columns/-`, value: { name: c.name, binding } },
        summary, why, [g.file, n.file ?? ''].filter(Boolean));
    }
  }
  // one new glossary entity per table, holding all its new bindings
  set.about(undefined);
  for (const [name, columns] of newEntities) set.add(g.file, { op: 'add', path: '/entities/-', value: { name, type: 'table', columns } }, '', 'tables not yet in the glossary file get an entity for their bindings.', [g.file], `entity ${name}`);
}

function alreadyBound(c: DbtColumn, entities: any[], table: string): boolean {
  if (c.binding?.glossary_term || c.meta?.glossary_term || c.terms?.length) return true;
  const col = entities.find((e) => e?.name === table)?.columns?.find((x: any) => x?.name === c.name);
  return !!(col?.binding || col?.terms || col?.meta?.glossary_term);
}

/**
 * Run the chosen rules over the tables; one change per thing proposed. `between`: relationships
 * only among these tables (a question that names two tables asks for the one between them).
 */
/** `between`: relationships only among these tables; `columns`: only these columns of the first table (the ones a request names). */
export function proposeFor(p: Project, nodes: DbtNode[], rules: readonly Rule[], opts: { between?: DbtNode[]; columns?: string[] } = {}): ChangeSet {
  const set = new ChangeSet();
  for (const n of nodes) {
    set.about(enabledCondition(p, n));
    if (rules.includes('key_tests')) keyTests(p, n, set);
    if (rules.includes('relationship_tests')) relationshipTests(p, n, set, opts.between, n === nodes[0] ? opts.columns : undefined);
    if (rules.includes('doc_descriptions')) docDescriptions(p, n, set);
    if (rules.includes('sensitivity')) sensitivity(p, n, set);
    if (rules.includes('data_types')) dataTypes(p, n, set);
  }
  if (rules.includes('glossary_bindings')) glossaryBindings(p, nodes, set);
  set.about(undefined);
  return set;
}

/** Better text the project already holds for a column: a longer glossary definition of its name, or a longer description of a column of the same name. */
function betterText(p: Project, c: DbtColumn, current: string): { text: string; from: string } | undefined {
  const candidates: { text: string; from: string }[] = [];
  for (const lm of p.modelerFiles) for (const t of lm.model?.glossary ?? []) {
    const names = [t.term, `${t.term}_id`, ...(t.synonyms ?? []).map((s) => s.replace(/\s+/g, '_'))].map((x) => x.toLowerCase());
    if (t.definition && names.includes(c.name.toLowerCase()) && t.definition.trim().length > current.trim().length) candidates.push({ text: t.definition.trim(), from: `glossary term ${t.term} (${lm.file})` });
  }
  for (const m of [...p.models, ...p.sources, ...p.seeds, ...p.snapshots]) for (const x of m.columns) {
    if (x !== c && x.name === c.name && !boundDoc(x) && x.description && x.description.trim().length > current.trim().length) candidates.push({ text: x.description.trim(), from: `${m.name}.${x.name} (${m.file})` });
  }
  // the glossary's definition is the agreed meaning; another model's wording of the same column comes second
  const fresh = candidates.filter((x) => x.text !== current.trim());
  return fresh.find((x) => x.from.startsWith('glossary term')) ?? fresh.sort((a, b) => b.text.length - a.text.length)[0];
}

/**
 * Improve a column's description with text the project already holds. A description bound to
 * a doc block is changed in the block's .md file (`update_file`), never in YAML; an unbound one
 * is patched in its YAML entry. No change when nothing better is known.
 */
export function improveDescription(p: Project, n: DbtNode, c: DbtColumn): { change?: ProposalChange; note: string } {
  const r = describeBetter(p, n, c);
  return r.change ? { ...r, change: flagged(p, n, r.change) } : r;
}

function describeBetter(p: Project, n: DbtNode, c: DbtColumn): { change?: ProposalChange; note: string } {
  const docName = boundDoc(c);
  const block = docName ? p.docs.get(docName) : undefined;
  if (docName && !block) return { note: `${n.name}.${c.name} is bound to the doc block '${docName}', which no .md file defines; add the block first` };
  const current = block ? block.body : c.description ?? '';
  const best = betterText(p, c, current);
  if (!best) {
    return { note: block
      ? `${n.name}.${c.name} is described by the doc block '${docName}' at ${block.file}:${block.line}; the project holds no better text for it, so edit that block (never the YAML description)`
      : `the project holds no better description for ${n.name}.${c.name}; write one in ${n.file ?? 'its YAML'}` };
  }
  if (!block) {
    const ce = locateColumn(p, n, c.name);
    if (!ce) return { note: `${n.name}.${c.name} has no YAML entry to describe` };
    const calls = docCalls(c.description);
    if (calls.length) {
      // prose beside {{ doc() }}: the prose is rewritten, the doc call kept where it is
      const value = aroundDocCalls(String(c.description), best.text);
      return {
        note: `proposed the text of ${best.from} for the prose of ${n.name}.${c.name}'s description, keeping ${calls.join(', ')}`,
        change: {
          op: 'patch_yaml', path: ce.file, patch: [{ op: 'replace', path: `${ce.columnPointer}/description`, value }],
          rationale: `the prose of ${n.name}.${c.name}'s description is taken from ${best.from}; its doc call stays as it is.`, source_context: [ce.file], validation_impact: '',
          review_summary: `describe ${n.name}.${c.name} (keeping its doc call)`,
        },
      };
    }
    return {
      note: `proposed the text of ${best.from} as the description of ${n.name}.${c.name}`,
      change: {
        op: 'patch_yaml', path: ce.file, patch: [{ op: ce.column.description !== undefined ? 'replace' : 'add', path: `${ce.columnPointer}/description`, value: best.text }],
        rationale: `the description of ${n.name}.${c.name} is taken from ${best.from}.`, source_context: [ce.file], validation_impact: '',
        review_summary: `describe ${n.name}.${c.name}`,
      },
    };
  }
  const content = docBlockRewritten(p, docName!, block.file, best.text);
  if (typeof content !== 'string') return content;
  return {
    note: `proposed the text of ${best.from} for the doc block '${docName}'`,
    change: {
      op: 'update_file', path: block.file, content,
      rationale: `${n.name}.${c.name} is bound to the doc block '${docName}', so its description is improved in ${block.file}, not in YAML; the new text comes from ${best.from}.`,
      source_context: [block.file, n.file ?? ''].filter(Boolean), validation_impact: '',
      review_summary: `rewrite doc block ${docName} in ${block.file}`,
    },
  };
}

/** The text of `file` with the doc block `name`'s body replaced by `text`, or a note saying why it cannot be. */
export function docBlockRewritten(p: Project, name: string, file: string, text: string): string | { note: string } {
  let all: string;
  try { all = p.readText(file); } catch { return { note: `cannot read ${file}` }; }
  const re = new RegExp(`(\\{%-?\\s*docs\\s+${name}\\s*-?%\\})([\\s\\S]*?)(\\{%-?\\s*enddocs\\s*-?%\\})`);
  if (!re.test(all)) return { note: `cannot find the block '${name}' in ${file}` };
  return all.replace(re, (_m, open, _body, close) => `${open}\n${text}\n${close}`);
}

const DOC_CALL = /\{\{\s*doc\(\s*['"][^'"]+['"]\s*\)\s*\}\}/g;
function docCalls(d: unknown): string[] {
  return typeof d === 'string' ? [...d.matchAll(DOC_CALL)].map((m) => m[0]) : [];
}

/** The description with its prose replaced by `text` and every doc call kept in its place. */
function aroundDocCalls(description: string, text: string): string {
  const parts = description.split(DOC_CALL);
  const calls = docCalls(description);
  const i = parts.findIndex((x) => x.trim());
  const out: string[] = [];
  for (let k = 0; k < parts.length; k++) {
    out.push(k === (i < 0 ? 0 : i) ? (k === 0 ? `${text} ` : ` ${text} `) : parts[k].trim() ? '' : parts[k]);
    if (k < calls.length) out.push(calls[k]);
  }
  return out.join('').replace(/\s{2,}/g, ' ').trim();
}
