// One edit asked for on the diagram (rename, describe, set a type, add or delete a column or a
// table, relate two columns), turned into a proposal for the review plan: the changes that make
// it in the project's own files and style, bound to the files as they are now (so a plan applied
// after someone else's edit is re-anchored or refused stale). An edit that cannot be made safely
// is refused with why (EDIT_REFUSED), before anything is proposed. Model files (Modeler/**) are
// edited in model-file-edit.ts.
import { parse } from 'yaml';
import type { DbtColumn, DbtNode, Project } from '../core/project/types.js';
import { boundDoc } from '../assistant/index/context.js';
import { addTests, ChangeSet, docBlockRewritten } from '../assistant/local/propose.js';
import { projectTestKey } from '../assistant/local/test-key.js';
import { locateColumn, locateNode } from '../assistant/local/yaml-locate.js';
import { bindChanges } from './bind.js';
import { ChangeError } from './errors.js';
import { toPointer } from './json-patch.js';
import { modelFileEdit } from './model-file-edit.js';
import type { ProposalChange, YamlPatchOp } from './types.js';

export type CanvasEdit =
  | { action: 'rename'; table: string; column?: string; to: string }
  | { action: 'describe'; table: string; column?: string; description: string }
  | { action: 'set_type'; table: string; column: string; data_type: string }
  | { action: 'add_column'; table: string; column: string; data_type?: string; description?: string }
  | { action: 'delete'; table: string; column?: string }
  | { action: 'relate'; table: string; column: string; to_table: string; to_column: string };

export interface EditProposal { title: string; changes: ProposalChange[]; notes: string[] }

/** `modelPath`: the edit is on the entities of that model file, not on the dbt project. */
export function proposeEdit(p: Project, edit: CanvasEdit, modelPath?: string): EditProposal {
  const made = modelPath ? modelFileEdit(p, edit, modelPath) : dbtEdit(p, edit);
  return { ...made, changes: bindChanges(p.root, made.changes) };
}

export function refuse(message: string): never {
  throw new ChangeError('EDIT_REFUSED', message);
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
export function checkName(name: string, what: string): void {
  if (!NAME.test(name)) refuse(`'${name}' is not a valid ${what} name: use letters, digits and underscores, starting with a letter or _`);
}

function tableOf(p: Project, name: string): DbtNode {
  const n = p.modelByName.get(name) ?? [...p.seeds, ...p.snapshots, ...p.sources].find((x) => x.name === name);
  if (!n) refuse(`no model, seed, snapshot or source table is named '${name}' in this project`);
  return n;
}

function columnOf(n: DbtNode, name: string): DbtColumn | undefined {
  return n.columns.find((c) => c.name === name);
}

function patch(file: string, ops: YamlPatchOp[], summary: string, why: string, sources: string[] = [file]): ProposalChange {
  return { op: 'patch_yaml', path: file, patch: ops, rationale: why, source_context: sources, validation_impact: '', review_summary: summary };
}

function yamlEntry(p: Project, n: DbtNode) {
  const e = locateNode(p, n);
  if (!e) refuse(`${n.name} has no entry in a property YAML file${n.sqlPath ? ` (only ${n.sqlPath})` : ''}; add one (models: - name: ${n.name}) and edit it then`);
  return e;
}

function dbtEdit(p: Project, edit: CanvasEdit): Omit<EditProposal, 'changes'> & { changes: ProposalChange[] } {
  const n = tableOf(p, edit.table);
  const col = 'column' in edit && edit.column ? edit.column : undefined;
  switch (edit.action) {
    case 'rename': return col ? renameColumn(p, n, col, edit.to) : renameModel(p, n, edit.to);
    case 'describe': return describe(p, n, col, edit.description);
    case 'set_type': return setType(p, n, edit.column, edit.data_type);
    case 'add_column': return addColumn(p, n, edit);
    case 'delete': return col ? deleteColumn(p, n, col) : deleteTable(p, n);
    case 'relate': return relate(p, n, edit.column, tableOf(p, edit.to_table), edit.to_column);
    default: return refuse(`unknown edit '${(edit as { action: string }).action}'; use rename, describe, set_type, add_column, delete or relate`);
  }
}

/** ref('name') in any quoting, optionally package-qualified or versioned; group 1 is the text before the name. */
const reEscape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const refPattern = (name: string) => new RegExp(`(ref\\(\\s*(?:(['"])[^'"]+\\2\\s*,\\s*)?)(['"])${reEscape(name)}\\3`, 'g');
const mentionsRef = (text: string, name: string) => refPattern(name).test(text);
const swapRef = (text: string, name: string, to: string) => text.replace(refPattern(name), (_m, head, _q, q) => `${head}${q}${to}${q}`);

/** Every string in a YAML document that holds ref('name'), as pointer → new string. */
function yamlRefs(value: unknown, name: string, to: string, path: (string | number)[] = [], out: { path: string; value: string }[] = []) {
  if (typeof value === 'string') { if (mentionsRef(value, name)) out.push({ path: toPointer(path), value: swapRef(value, name, to) }); }
  else if (Array.isArray(value)) value.forEach((v, i) => yamlRefs(v, name, to, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) yamlRefs(v, name, to, [...path, k], out);
  return out;
}

const yamlFiles = (p: Project) => [...p.files].filter(([f, k]) => k === 'dbt_yaml' || (k !== 'modeler_model' && /\.ya?ml$/i.test(f) && f !== 'dbt_project.yml' && !f.startsWith('target/'))).map(([f]) => f);
const sqlFiles = (p: Project) => [...p.files].filter(([f, k]) => k === 'sql' || (k === 'macro' && f.endsWith('.sql'))).map(([f]) => f);

function renameModel(p: Project, n: DbtNode, to: string) {
  checkName(to, 'model');
  if (n.resourceType !== 'model') refuse(`${n.name} is a ${n.resourceType}; only a model is renamed here (a ${n.resourceType}'s name comes from ${n.resourceType === 'source' ? 'the warehouse table it reads' : 'its file'}: rename it by hand)`);
  if (n.version !== undefined) refuse(`${n.name} is a versioned model; renaming it would rename every version's file: do it by hand`);
  if (!n.sqlPath) refuse(`${n.name} has no SQL file in this project to rename`);
  if (to === n.name) refuse(`${n.name} is already called ${to}`);
  if (tableOf2(p, to)) refuse(`a model, seed or snapshot named '${to}' already exists`);
  const changes: ProposalChange[] = [];
  const newSql = n.sqlPath.replace(/[^/]+(\.sql)$/i, `${to}$1`);
  changes.push({ op: 'rename_file', path: n.sqlPath, to: newSql, rationale: `a dbt model is named by its SQL file: ${n.sqlPath} becomes ${newSql}.`, source_context: [n.sqlPath], validation_impact: '', review_summary: `rename ${n.sqlPath} → ${newSql}` });
  const entry = locateNode(p, n);
  if (entry) changes.push(patch(entry.file, [{ op: 'replace', path: `${entry.pointer}/name`, value: to }], `rename the YAML entry ${n.name} → ${to}`, `the entry documenting ${n.name} follows its new name.`));
  for (const f of sqlFiles(p)) {
    if (f === n.sqlPath) continue;
    const text = safeRead(p, f);
    if (text === undefined || !mentionsRef(text, n.name)) continue;
    changes.push({ op: 'update_file', path: f, content: swapRef(text, n.name, to), rationale: `${f} reads ${n.name} with ref(); it reads ${to} after the rename.`, source_context: [f], validation_impact: '', review_summary: `ref('${n.name}') → ref('${to}') in ${f}` });
  }
  for (const f of yamlFiles(p)) {
    const text = safeRead(p, f);
    if (text === undefined || !mentionsRef(text, n.name)) continue;
    let doc: unknown;
    try { doc = parse(text); } catch { continue; }
    const ops = yamlRefs(doc, n.name, to).map((r): YamlPatchOp => ({ op: 'replace', path: r.path, value: r.value }));
    if (!ops.length) continue;
    const same = changes.find((c) => c.op === 'patch_yaml' && c.path === f);
    if (same) { same.patch!.push(...ops); same.review_summary += `; ${ops.length} ref('${n.name}') → ref('${to}')`; continue; }
    changes.push(patch(f, ops, `${ops.length} ref('${n.name}') → ref('${to}') in ${f}`, `tests and other YAML in ${f} name ${n.name} with ref().`));
  }
  const notes = [`model ${n.name} is renamed to ${to}: its SQL file, its YAML entry and ${changes.length - 1 - (entry ? 1 : 0)} other file(s) that ref() it`];
  notes.push(`the warehouse relation ${n.name} is not dropped: the next dbt run builds ${to} beside it`);
  return { title: `Rename ${n.name} to ${to}`, changes, notes };
}

/** A buildable resource with this name (rename must not collide). */
function tableOf2(p: Project, name: string): DbtNode | undefined {
  return p.modelByName.get(name) ?? [...p.seeds, ...p.snapshots].find((x) => x.name === name);
}

function safeRead(p: Project, f: string): string | undefined {
  try { return p.readText(f); } catch { return undefined; }
}

/** The line (1-based) where `word` occurs in `text`, or undefined. */
function lineOfWord(text: string, word: string): number | undefined {
  const m = new RegExp(`(?<![\\w$])${reEscape(word)}(?![\\w$])`).exec(text);
  return m ? text.slice(0, m.index).split('\n').length : undefined;
}

function renameColumn(p: Project, n: DbtNode, column: string, to: string) {
  checkName(to, 'column');
  if (to === column) refuse(`${n.name}.${column} is already called ${to}`);
  if (columnOf(n, to)) refuse(`${n.name} already has a column named ${to}`);
  const ce = locateColumn(p, n, column);
  if (!ce) refuse(`${n.name}.${column} has no YAML entry to rename (its name comes from ${n.sqlPath ?? 'the warehouse'}); rename it there`);
  const sql = n.sqlPath ? safeRead(p, n.sqlPath) : undefined;
  const line = sql === undefined ? undefined : lineOfWord(sql.replace(/--.*$/gm, ''), column);
  if (n.sqlPath && line) refuse(`${n.name}.${column} is named by ${n.sqlPath}:${line}, which makes the column; rename it in the SQL first, then rename its YAML entry here (a YAML-only rename would document a column the model does not return)`);
  const changes: ProposalChange[] = [patch(ce.file, [{ op: 'replace', path: `${ce.columnPointer}/name`, value: to }], `rename ${n.name}.${column} → ${to}`, `the column's YAML entry takes the new name.`)];
  const entry = ce;
  if (entry.entry?.meta?.modeler?.interface?.unique_key === column) changes[0].patch!.push({ op: 'replace', path: `${entry.pointer}/meta/modeler/interface/unique_key`, value: to });
  // relationships tests on other tables that point at this column (field: <column> with to: ref('<table>'))
  const target = n.resourceType === 'source' ? `source('${n.sourceName}', '${n.tableName}')` : `ref('${n.name}')`;
  for (const other of [...p.models, ...p.seeds, ...p.snapshots, ...p.sources]) {
    for (const c of other.columns) {
      const hits = c.tests.filter((t) => t.name === 'relationships' && t.args.field === column && sameTarget(String(t.args.to ?? ''), target));
      if (!hits.length) continue;
      const oc = locateColumn(p, other, c.name);
      if (!oc) continue;
      const list: any[] = oc.column[oc.testsKey] ?? [];
      const ops: YamlPatchOp[] = [];
      list.forEach((t, i) => {
        const rel = t?.relationships;
        if (!rel) return;
        const args = rel.arguments ?? rel;
        if (args.field === column && sameTarget(String(args.to ?? ''), target)) ops.push({ op: 'replace', path: `${oc.columnPointer}/${oc.testsKey}/${i}/relationships${rel.arguments ? '/arguments' : ''}/field`, value: to });
      });
      if (!ops.length) continue;
      const same = changes.find((x) => x.path === oc.file);
      if (same) same.patch!.push(...ops);
      else changes.push(patch(oc.file, ops, `relationships ${other.name}.${c.name} → ${n.name}.${to}`, `the relationships test on ${other.name}.${c.name} names ${n.name}.${column}.`));
    }
  }
  return { title: `Rename ${n.name}.${column} to ${to}`, changes, notes: [`columns of downstream models that select ${n.name}.${column} by name are not changed here: check them in the lineage`] };
}

const normTarget = (s: string) => s.replace(/\s+/g, '').replace(/"/g, "'");
const sameTarget = (a: string, b: string) => normTarget(a) === normTarget(b);

function describe(p: Project, n: DbtNode, column: string | undefined, text: string) {
  const what = column ? `${n.name}.${column}` : n.name;
  const holder = column ? columnOf(n, column) : { description: n.description, description_ref: n.raw?.description_ref };
  const doc = holder ? boundDoc(holder as DbtColumn) : undefined;
  if (doc) {
    const block = p.docs.get(doc);
    if (!block) refuse(`${what} is described by the doc block '${doc}', which no .md file defines; add the block first`);
    const raw = String(holder?.description ?? '').trim();
    const onlyCall = /^\{\{\s*doc\(\s*['"][^'"]+['"]\s*\)\s*\}\}$/.test(raw) || (!raw && holder?.description_ref);
    if (!onlyCall) refuse(`${what}'s description mixes prose with {{ doc('${doc}') }}; edit the prose in its YAML and the block in ${block.file}:${block.line} by hand`);
    const content = docBlockRewritten(p, doc, block.file, text.trim());
    if (typeof content !== 'string') refuse(content.note);
    return {
      title: `Describe ${what}`, notes: [`${what} is described by the doc block '${doc}' (${block.file}:${block.line}): the block is edited, so every column bound to it changes too`],
      changes: [{ op: 'update_file', path: block.file, content, rationale: `${what} is bound to the doc block '${doc}'; its text lives in ${block.file}, not in the YAML.`, source_context: [block.file], validation_impact: '', review_summary: `rewrite doc block ${doc} in ${block.file}` } as ProposalChange],
    };
  }
  const entry = yamlEntry(p, n);
  if (!column) {
    return { title: `Describe ${what}`, notes: [], changes: [patch(entry.file, [{ op: entry.entry.description === undefined ? 'add' : 'replace', path: `${entry.pointer}/description`, value: text }], `describe ${what}`, `the description of ${what} as written on the diagram.`)] };
  }
  const ce = locateColumn(p, n, column);
  if (!ce) checkUndocumented(p, n, column);
  if (!ce) return { title: `Describe ${what}`, notes: [`${what} had no YAML entry: one is added`], changes: [newColumnEntry(entry, { name: column, description: text }, `document ${what}`)] };
  return { title: `Describe ${what}`, notes: [], changes: [patch(ce.file, [{ op: ce.column.description === undefined ? 'add' : 'replace', path: `${ce.columnPointer}/description`, value: text }], `describe ${what}`, `the description of ${what} as written on the diagram.`)] };
}

/** A column without a YAML entry is documented only if the model has it: its SQL names it (or selects *). */
function checkUndocumented(p: Project, n: DbtNode, column: string): void {
  const sql = n.sqlPath ? safeRead(p, n.sqlPath) : undefined;
  if (sql !== undefined && (/select\s+(\w+\.)?\*/i.test(sql) || lineOfWord(sql, column))) return;
  refuse(`${n.name} has no column ${column}: it is not in its YAML${n.sqlPath ? ` and ${n.sqlPath} does not name it` : ''}; use Add column to document a new one`);
}

function newColumnEntry(entry: { file: string; pointer: string; entry: Record<string, any> }, value: Record<string, unknown>, summary: string): ProposalChange {
  const op: YamlPatchOp = Array.isArray(entry.entry.columns) ? { op: 'add', path: `${entry.pointer}/columns/-`, value } : { op: 'add', path: `${entry.pointer}/columns`, value: [value] };
  return patch(entry.file, [op], summary, `a YAML entry documents the column.`);
}

function setType(p: Project, n: DbtNode, column: string, type: string) {
  const t = type.trim();
  if (!t || /[\n:#]/.test(t)) refuse(`'${type}' is not a data type (write it as the warehouse does, e.g. integer, varchar(20), decimal(18,2))`);
  const what = `${n.name}.${column}`;
  const ce = locateColumn(p, n, column);
  if (!ce) checkUndocumented(p, n, column);
  if (!ce) return { title: `Set the type of ${what}`, notes: [`${what} had no YAML entry: one is added`], changes: [newColumnEntry(yamlEntry(p, n), { name: column, data_type: t }, `data_type ${t} on ${what}`)] };
  const key = ce.column.data_type === undefined && ce.column.type !== undefined ? 'type' : 'data_type';
  const notes = n.contractEnforced ? [] : [`${n.name} does not enforce a contract: dbt documents data_type but does not check it`];
  return { title: `Set the type of ${what}`, notes, changes: [patch(ce.file, [{ op: ce.column[key] === undefined ? 'add' : 'replace', path: `${ce.columnPointer}/${key}`, value: t }], `data_type ${t} on ${what}`, `the type of ${what} as set on the diagram.`)] };
}

function addColumn(p: Project, n: DbtNode, edit: Extract<CanvasEdit, { action: 'add_column' }>) {
  checkName(edit.column, 'column');
  if (columnOf(n, edit.column)) refuse(`${n.name} already has a column named ${edit.column}`);
  const entry = yamlEntry(p, n);
  const value: Record<string, unknown> = { name: edit.column };
  if (edit.data_type?.trim()) value.data_type = edit.data_type.trim();
  if (edit.description?.trim()) value.description = edit.description.trim();
  const notes = n.sqlPath ? [`the column is documented in YAML; ${n.sqlPath} must return it too (a contract-enforced model fails to build otherwise)`] : [];
  return { title: `Add column ${n.name}.${edit.column}`, notes, changes: [newColumnEntry(entry, value, `add column ${n.name}.${edit.column}`)] };
}

function deleteColumn(p: Project, n: DbtNode, column: string) {
  const what = `${n.name}.${column}`;
  const ce = locateColumn(p, n, column);
  if (!ce) refuse(`${what} has no YAML entry to delete (it is known from ${n.sqlPath ?? 'the catalog'} only); remove it there`);
  const target = n.resourceType === 'source' ? `source('${n.sourceName}', '${n.tableName}')` : `ref('${n.name}')`;
  const pointing = [...p.models, ...p.seeds, ...p.snapshots, ...p.sources].flatMap((o) => o.columns.filter((c) => c.tests.some((t) => t.name === 'relationships' && t.args.field === column && sameTarget(String(t.args.to ?? ''), target))).map((c) => `${o.name}.${c.name}`));
  if (pointing.length) refuse(`${what} is the parent of relationships tests on ${pointing.join(', ')}; remove those first`);
  const sql = n.sqlPath ? safeRead(p, n.sqlPath) : undefined;
  const line = sql === undefined ? undefined : lineOfWord(sql.replace(/--.*$/gm, ''), column);
  const notes = line ? [`${n.sqlPath}:${line} still returns ${column}: this removes its documentation and tests only`] : [];
  return { title: `Delete ${what}`, notes, changes: [patch(ce.file, [{ op: 'remove', path: ce.columnPointer }], `delete column ${what}`, `the column's YAML entry (description, type, tests) is removed.`)] };
}

function deleteTable(p: Project, n: DbtNode) {
  if (n.resourceType !== 'model') refuse(`${n.name} is a ${n.resourceType}; only a model is deleted here`);
  const readers = p.models.filter((m) => m !== n && m.refs.some((r) => r.name === n.name)).map((m) => m.name);
  if (readers.length) refuse(`${n.name} is read by ${readers.join(', ')} (ref('${n.name}')); remove those refs first`);
  const changes: ProposalChange[] = [];
  if (n.sqlPath) changes.push({ op: 'delete_file', path: n.sqlPath, rationale: `the model ${n.name} is its SQL file.`, source_context: [n.sqlPath], validation_impact: '', review_summary: `delete ${n.sqlPath}` });
  const entry = locateNode(p, n);
  if (entry) changes.push(patch(entry.file, [{ op: 'remove', path: entry.pointer }], `remove the YAML entry of ${n.name}`, `the entry documenting ${n.name} goes with it.`));
  for (const f of yamlFiles(p)) {
    const text = safeRead(p, f);
    if (text !== undefined && mentionsRef(text, n.name) && f !== entry?.file) refuse(`${f} names ${n.name} with ref() (a test or an exposure); remove that first`);
  }
  return { title: `Delete ${n.name}`, notes: [`the warehouse relation ${n.name} is not dropped by dbt; drop it by hand if it is no longer wanted`], changes };
}

function relate(p: Project, n: DbtNode, column: string, parent: DbtNode, parentColumn: string) {
  if (!columnOf(parent, parentColumn)) refuse(`${parent.name} has no column ${parentColumn}`);
  if (parent === n && column === parentColumn) refuse(`a column cannot reference itself`);
  const to = parent.resourceType === 'source' ? `source('${parent.sourceName}', '${parent.tableName}')` : `ref('${parent.name}')`;
  const have = columnOf(n, column)?.tests.some((t) => t.name === 'relationships' && t.args.field === parentColumn && sameTarget(String(t.args.to ?? ''), to));
  if (have) refuse(`${n.name}.${column} already has a relationships test to ${parent.name}.${parentColumn}`);
  const what = `relationships ${n.name}.${column} → ${parent.name}.${parentColumn}`;
  const why = `drawn on the diagram: every ${n.name}.${column} is a ${parent.name}.${parentColumn}.`;
  const ce = locateColumn(p, n, column);
  if (!ce) {
    checkUndocumented(p, n, column);
    const entry = yamlEntry(p, n);
    const key = locateColumn(p, n, n.columns.find((c) => locateColumn(p, n, c.name))?.name ?? '')?.testsKey ?? (Array.isArray(entry.entry.data_tests) ? 'data_tests' : Array.isArray(entry.entry.tests) ? 'tests' : projectTestKey(p));
    const test = { relationships: entry.nestedArgs ? { arguments: { to, field: parentColumn } } : { to, field: parentColumn } };
    return { title: `Relate ${n.name}.${column} to ${parent.name}.${parentColumn}`, notes: [`${n.name}.${column} had no YAML entry: one is added with the test`], changes: [newColumnEntry(entry, { name: column, [key]: [test] }, what)] };
  }
  const set = new ChangeSet();
  const test = { relationships: ce.nestedArgs ? { arguments: { to, field: parentColumn } } : { to, field: parentColumn } };
  addTests(set, ce, [test], what, why, [ce.file]);
  return { title: `Relate ${n.name}.${column} to ${parent.name}.${parentColumn}`, notes: [], changes: set.changes() };
}
