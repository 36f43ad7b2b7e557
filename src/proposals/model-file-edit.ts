// A diagram edit on a Modeler model file's entities (the canvas showing one model file): the
// same actions as on a dbt project, as JSON patches of the file's entities and relationships.
// Relationships that name a renamed or deleted entity or column follow it (or refuse the delete).
import { parse } from 'yaml';
import type { Project } from '../core/project/types.js';
import type { CanvasEdit, EditProposal } from './canvas-edit.js';
import { checkName, refuse } from './canvas-edit.js';
import type { ProposalChange, YamlPatchOp } from './types.js';

interface Doc { entities?: any[]; relationships?: any[] }

/** An endpoint as the format writes it: `Entity.column`, {entity, column} or {entity, columns}. */
function endOf(x: any): { entity?: string; columns: string[] } {
  if (typeof x === 'string') { const [entity, ...rest] = x.split('.'); return { entity, columns: rest.length ? [rest.join('.')] : [] }; }
  if (x && typeof x === 'object') return { entity: x.entity, columns: x.columns ?? (x.column ? [x.column] : []) };
  return { columns: [] };
}

export function modelFileEdit(p: Project, edit: CanvasEdit, file: string): EditProposal {
  if (!p.modelerFiles.some((m) => m.file === file)) refuse(`${file} is not a Modeler model file of this project`);
  let doc: Doc;
  try { doc = parse(p.readText(file)) ?? {}; } catch (e) { return refuse(`${file} does not parse now (${(e as Error).message.split('\n')[0]}); fix it in the editor first`); }
  const entities = Array.isArray(doc.entities) ? doc.entities : [];
  const ei = entities.findIndex((e) => e?.name === edit.table);
  if (ei < 0) refuse(`${file} has no entity named ${edit.table}`);
  const ent = entities[ei];
  const cols: any[] = Array.isArray(ent.columns) ? ent.columns : [];
  const col = 'column' in edit && edit.column ? edit.column : undefined;
  const ci = col ? cols.findIndex((c) => c?.name === col) : -1;
  const base = `/entities/${ei}`;
  const at = `${base}/columns/${ci}`;
  const rels = Array.isArray(doc.relationships) ? doc.relationships : [];
  const what = col ? `${edit.table}.${col}` : edit.table;
  if (col && ci < 0 && edit.action !== 'add_column') refuse(`${file}: entity ${edit.table} has no column ${col}`);
  const one = (title: string, ops: YamlPatchOp[], summary: string, why: string, notes: string[] = []): EditProposal =>
    ({ title, notes, changes: [{ op: 'patch_yaml', path: file, patch: ops, rationale: why, source_context: [file], validation_impact: '', review_summary: summary } as ProposalChange] });
  const namesIt = (r: any, entity: string, column?: string) => [r?.from, r?.to].some((x) => { const e = endOf(x); return e.entity === entity && (!column || e.columns.includes(column)); });
  switch (edit.action) {
    case 'describe': {
      const target = col ? cols[ci] : ent;
      if (target.description_ref || /\{\{\s*doc\(/.test(String(target.description ?? ''))) refuse(`${what} is described by a doc block; edit the block in its .md file`);
      return one(`Describe ${what}`, [{ op: target.description === undefined ? 'add' : 'replace', path: `${col ? at : base}/description`, value: edit.description }], `describe ${what}`, `the description of ${what} as written on the diagram.`);
    }
    case 'set_type': {
      const key = cols[ci].data_type === undefined && cols[ci].type !== undefined ? 'type' : 'data_type';
      return one(`Set the type of ${what}`, [{ op: cols[ci][key] === undefined ? 'add' : 'replace', path: `${at}/${key}`, value: edit.data_type.trim() }], `data_type ${edit.data_type.trim()} on ${what}`, `the type of ${what} as set on the diagram.`);
    }
    case 'add_column': {
      checkName(edit.column, 'column');
      if (ci >= 0) refuse(`${edit.table} already has a column named ${edit.column}`);
      const value: Record<string, unknown> = { name: edit.column, ...(edit.data_type?.trim() ? { data_type: edit.data_type.trim() } : {}), ...(edit.description?.trim() ? { description: edit.description.trim() } : {}) };
      return one(`Add column ${edit.table}.${edit.column}`, [Array.isArray(ent.columns) ? { op: 'add', path: `${base}/columns/-`, value } : { op: 'add', path: `${base}/columns`, value: [value] }], `add column ${edit.table}.${edit.column}`, 'added on the diagram.');
    }
    case 'rename': {
      checkName(edit.to, col ? 'column' : 'entity');
      if (col ? cols.some((c) => c?.name === edit.to) : entities.some((e) => e?.name === edit.to)) refuse(`${col ? edit.table : file} already has ${col ? 'a column' : 'an entity'} named ${edit.to}`);
      const ops: YamlPatchOp[] = [{ op: 'replace', path: `${col ? at : base}/name`, value: edit.to }];
      rels.forEach((r, i) => {
        for (const side of ['from', 'to'] as const) {
          const e = endOf(r?.[side]);
          if (e.entity !== edit.table || (col && !e.columns.includes(col))) continue;
          const entity = col ? e.entity : edit.to;
          const columns = col ? e.columns.map((c) => (c === col ? edit.to : c)) : e.columns;
          const value = typeof r[side] === 'string' ? `${entity}${columns.length ? `.${columns[0]}` : ''}` : { ...r[side], entity, ...(r[side].columns ? { columns } : r[side].column ? { column: columns[0] } : {}) };
          ops.push({ op: 'replace', path: `/relationships/${i}/${side}`, value });
        }
      });
      return one(`Rename ${what} to ${edit.to}`, ops, `rename ${what} → ${edit.to}${ops.length > 1 ? ` (and ${ops.length - 1} relationship end(s))` : ''}`, `renamed on the diagram; the relationships that name it follow.`);
    }
    case 'delete': {
      const using = rels.filter((r) => namesIt(r, edit.table, col)).map((r) => r.name ?? `${JSON.stringify(r.from)} → ${JSON.stringify(r.to)}`);
      if (using.length) refuse(`${what} is an end of the relationship(s) ${using.join(', ')}; delete those first`);
      return one(`Delete ${what}`, [{ op: 'remove', path: col ? at : base }], `delete ${col ? 'column' : 'entity'} ${what}`, 'deleted on the diagram.');
    }
    case 'relate': {
      const parent = entities.find((e) => e?.name === edit.to_table);
      if (!parent) refuse(`${file} has no entity named ${edit.to_table}`);
      if (!(parent.columns ?? []).some((c: any) => c?.name === edit.to_column)) refuse(`${edit.to_table} has no column ${edit.to_column}`);
      if (edit.table === edit.to_table && col === edit.to_column) refuse('a column cannot reference itself');
      const from = `${edit.table}.${edit.column}`, to = `${edit.to_table}.${edit.to_column}`;
      if (rels.some((r) => { const a = endOf(r?.from), b = endOf(r?.to); return (a.entity === edit.table && a.columns.includes(edit.column) && b.entity === edit.to_table && b.columns.includes(edit.to_column)) || (b.entity === edit.table && b.columns.includes(edit.column) && a.entity === edit.to_table && a.columns.includes(edit.to_column)); })) refuse(`${file} already relates ${from} and ${to}`);
      const value = { from, to, cardinality: 'many_to_one' };
      return one(`Relate ${from} to ${to}`, [Array.isArray(doc.relationships) ? { op: 'add', path: '/relationships/-', value } : { op: 'add', path: '/relationships', value: [value] }], `relationship ${from} → ${to}`, 'drawn on the diagram: many of the first to one of the second (change the cardinality in the review if not).');
    }
  }
  return refuse('unknown edit');
}
