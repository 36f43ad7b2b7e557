// `import dbml`: DBML → model with @dbml/core's own parser. Tables (in source order, across
// schemas), columns with pk / not null / unique / default / note / increment, inline refs and
// `Ref:` blocks (>, <, -, <>, composite), enums, indexes, TableGroups and notes.
import { basename } from 'node:path';
import type { Diagnostic } from '../core/diagnostics.js';
import type { Cardinality, Column, Entity, Model, ReferentialAction, Relationship } from '../core/model/types.js';
import { snakeCase, tableName } from '../sql/physical.js';
import { normalizeTypeText } from '../sql/types.js';
import { pascalCase, referentialAction } from '../sql/import/builder.js';

export interface DbmlImportResult {
  model?: Model;
  diagnostics: Diagnostic[];
  /** things DBML holds that the model cannot (expression indexes, …), with their lines */
  unmodeled: { line: number; what: string; reason?: string }[];
}

const DEFAULT_SCHEMA = 'public';

// @dbml/core takes seconds to load: only commands that read DBML pay for it
let parser: Promise<any> | undefined;
function dbmlParser(): Promise<any> {
  return (parser ??= import('@dbml/core').then((m: any) => m.Parser ?? m.default?.Parser));
}

export async function importDbml(text: string, file: string, opts: { modelName?: string } = {}): Promise<DbmlImportResult> {
  const Parser = await dbmlParser();
  let db: any;
  try {
    db = Parser.parse(text.replace(/^\uFEFF/, ''), 'dbmlv2'); // the parser rejects a byte-order mark as a token
  } catch (e: any) {
    const diags: any[] = e?.diags ?? [{ message: String(e?.message ?? e), location: { start: { line: 1, column: 1 } } }];
    return {
      unmodeled: [],
      diagnostics: diags.map((d) => ({ code: 'DBML_SYNTAX', severity: 'error' as const, file, line: d.location?.start?.line ?? 1, column: d.location?.start?.column ?? 1, message: String(d.message ?? d.error ?? 'invalid DBML') })),
    };
  }
  const json = db.export();
  const unmodeled: DbmlImportResult['unmodeled'] = [];
  // source order across schemas, from the parser's tokens
  const offsets = new Map<string, { offset: number; line: number }>();
  for (const s of db.schemas ?? []) for (const t of s.tables ?? []) offsets.set(`${s.name}.${t.name}`, { offset: t.token?.start?.offset ?? 0, line: t.token?.start?.line ?? 1 });
  const tables: { schema: string; t: any }[] = [];
  for (const s of json.schemas) for (const t of s.tables) tables.push({ schema: s.name, t });
  tables.sort((a, b) => (offsets.get(`${a.schema}.${a.t.name}`)?.offset ?? 0) - (offsets.get(`${b.schema}.${b.t.name}`)?.offset ?? 0));

  const entityOf = new Map<string, Entity>();
  const taken = new Set<string>();
  const entities: Entity[] = [];
  const indexes: Model['indexes'] = [];
  const enumNames = new Set<string>(json.schemas.flatMap((s: any) => s.enums.map((e: any) => e.name)));
  for (const { schema, t } of tables) {
    let name = pascalCase(t.name) || 'Table';
    if (taken.has(name)) name = pascalCase(`${schema}_${t.name}`);
    for (let i = 2; taken.has(name); i++) name = `${pascalCase(t.name)}${i}`;
    taken.add(name);
    const e: Entity = { name, type: 'table', columns: [] };
    if (t.note) e.description = t.note;
    if (schema !== DEFAULT_SCHEMA) e.schema = schema;
    if (snakeCase(name) !== t.name) e.physical_name = t.name;
    for (const f of t.fields) {
      const c: Column = { name: f.name, data_type: normalizeTypeText(f.type.type_name) };
      if (f.not_null || f.pk) c.nullable = false;
      if (f.pk) c.primary_key = true;
      if (f.unique) c.unique = true;
      if (f.dbdefault) c.default = dbmlDefault(f.dbdefault);
      if (f.increment) c.identity = true;
      if (f.note) c.description = f.note;
      if (enumNames.has(f.type.type_name)) c.enum = f.type.type_name;
      e.columns.push(c);
    }
    const line = offsets.get(`${schema}.${t.name}`)?.line ?? 1;
    for (const ix of t.indexes ?? []) {
      const cols = ix.columns.filter((c: any) => c.type === 'column').map((c: any) => c.value);
      if (cols.length !== ix.columns.length) { unmodeled.push({ line, what: `expression index on ${t.name}`, reason: 'only column indexes are modelled' }); continue; }
      if (ix.pk) { for (const col of e.columns) if (cols.includes(col.name)) { col.primary_key = true; col.nullable = false; } continue; }
      const entry: Model['indexes'][number] = { name: ix.name ?? `ix_${t.name}_${cols.join('_')}`, entity: name, columns: cols };
      if (ix.unique) entry.unique = true;
      if (ix.type && ['btree', 'hash', 'gin', 'gist', 'brin'].includes(String(ix.type).toLowerCase())) entry.type = String(ix.type).toLowerCase() as any;
      if (ix.note) entry.description = ix.note;
      indexes.push(entry);
    }
    entities.push(e);
    entityOf.set(`${schema}.${t.name}`, e);
  }

  const find = (schemaName: string | null, tableName: string) => entityOf.get(`${schemaName ?? DEFAULT_SCHEMA}.${tableName}`);
  const relationships: Relationship[] = [];
  const usedNames = new Set<string>();
  for (const s of json.schemas) {
    for (const r of s.refs) {
      const [a, b] = r.endpoints;
      const ea = find(a.schemaName, a.tableName), eb = find(b.schemaName, b.tableName);
      if (!ea || !eb) continue; // the DBML parser already rejects refs to unknown tables
      let from = { e: ea, cols: a.fieldNames as string[] }, to = { e: eb, cols: b.fieldNames as string[] };
      let cardinality: Cardinality;
      if (a.relation === '*' && b.relation === '*') cardinality = 'many_to_many';
      else if (a.relation === '1' && b.relation === '1') {
        cardinality = 'one_to_one';
        // the side whose columns are its primary key is the parent
        if (!(isPk(ea, a.fieldNames) && !isPk(eb, b.fieldNames))) [from, to] = [to, from];
        // one-to-one means the referencing column is unique
        if (to.cols.length === 1) { const c = to.e.columns.find((x) => x.name === to.cols[0]); if (c && !c.unique && !isPk(to.e, to.cols)) c.unique = true; }
      } else {
        cardinality = 'one_to_many';
        if (a.relation === '*') [from, to] = [to, from];
      }
      let name = r.name ?? `${tableName(to.e)}_${to.cols.join('_')}_${tableName(from.e)}`;
      for (let i = 2; usedNames.has(name); i++) name = `${r.name ?? name}_${i}`;
      usedNames.add(name);
      const rel: Relationship = from.cols.length === 1
        ? { name, from: `${from.e.name}.${from.cols[0]}`, to: `${to.e.name}.${to.cols[0]}`, cardinality }
        : { name, from: { entity: from.e.name, columns: from.cols }, to: { entity: to.e.name, columns: to.cols }, cardinality };
      const del = action(r.onDelete), upd = action(r.onUpdate);
      if (del) rel.on_delete = del;
      if (upd) rel.on_update = upd;
      relationships.push(rel);
    }
  }

  const subjectAreas: { name: string; description?: string }[] = [];
  for (const s of json.schemas) {
    for (const g of s.tableGroups ?? []) {
      subjectAreas.push(g.note ? { name: g.name, description: g.note } : { name: g.name });
      for (const tt of g.tables) { const e = find(tt.schemaName, tt.tableName); if (e) e.subject_area = g.name; }
    }
  }
  const model: Model = {
    model: { name: opts.modelName ?? (db.name || basename(file).replace(/\.[^.]*$/, '').replace(/[^A-Za-z0-9_]+/g, '_') || 'imported'), version: '1.0.0', layer: 'physical' },
    entities, relationships, indexes, glossary: [], domains: [],
    enums: json.schemas.flatMap((s: any) => s.enums.map((en: any) => ({ name: en.name, values: en.values.map((v: any) => v.name) }))),
  };
  if (db.note) model.model.description = db.note;
  if (db.databaseType) model.model.meta = { dbml_database_type: db.databaseType };
  if (subjectAreas.length) model.subject_areas = subjectAreas;
  const notes = (json.notes ?? []).map((n: any) => ({ id: n.name, text: n.content }));
  if (notes.length) model.notes = notes;
  unmodeled.sort((x, y) => x.line - y.line);
  return { model, diagnostics: [], unmodeled };
}

function isPk(e: Entity, cols: string[]): boolean {
  const pk = e.columns.filter((c) => c.primary_key).map((c) => c.name);
  return pk.length === cols.length && cols.every((c) => pk.includes(c));
}

/** DBML defaults: numbers and booleans as values, strings as SQL literals, expressions as written. */
function dbmlDefault(d: { type: string; value: unknown }): string | number | boolean | null {
  switch (d.type) {
    case 'number': return typeof d.value === 'number' ? d.value : Number(d.value);
    case 'boolean': return d.value === true || String(d.value).toLowerCase() === 'true';
    case 'string': return `'${String(d.value).split("'").join("''")}'`;
    default: return String(d.value).toUpperCase() === 'NULL' ? null : String(d.value);
  }
}

function action(a: string | undefined): ReferentialAction | undefined {
  const r = referentialAction(a ?? undefined);
  return r === 'no_action' ? undefined : r;
}
