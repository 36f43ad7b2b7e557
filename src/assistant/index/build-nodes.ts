// Records of dbt resources: the table (model, source, seed, snapshot) or exposure, semantic
// model, metric; its columns, data tests and the relationships its columns declare.
// Descriptions bound to a doc block are ranked by the block's prose.
import { parseRefTarget } from '../../core/project/dbt-tests.js';
import type { DbtColumn, DbtNode, DbtTest } from '../../core/project/types.js';
import { inferLayers } from '../../governance/layers.js';
import { boundDoc, columnRecordId, nodeFile, nodeKind, tableRecordId, type BuildContext } from './context.js';
import { projectColumns, type NodeColumn } from '../../core/columns/project-columns.js';
import { clip, recordId, type IndexRecord } from './records.js';

/** Every column the project knows of a table (YAML, SQL, catalog), with its origin and type; none for other nodes. */
export function tableColumns(ctx: BuildContext, n: DbtNode): NodeColumn[] {
  return ['model', 'seed', 'snapshot', 'source'].includes(n.resourceType) ? projectColumns(ctx.project).of(n) : [];
}

/** `columns`: the node's tableColumns, when the caller has them already. */
export function nodeRecords(ctx: BuildContext, n: DbtNode, unit: string, columns: readonly NodeColumn[] = tableColumns(ctx, n)): IndexRecord[] {
  const out: IndexRecord[] = [];
  const kind = nodeKind(n);
  const id = tableRecordId(n);
  const file = nodeFile(n);
  const tier = kind === 'source' ? 'source' : inferLayers({ name: n.tableName ?? n.name, path: n.sqlPath ?? n.file })[0];
  const parents = lineageParents(ctx, n);
  const links = new Set<string>(parents);
  if (n.file) links.add(recordId('file', n.file));
  if (n.sqlPath) links.add(recordId('file', n.sqlPath));

  const testNames = new Map<string, number>();
  const testId = (base: string) => {
    const k = (testNames.get(base) ?? 0) + 1;
    testNames.set(base, k);
    return recordId('test', k === 1 ? base : `${base}#${k}`);
  };

  // every column the project knows of, with where it is known from (yaml, sql, catalog) and its type
  const known = new Map<string, NodeColumn>(columns.map((k) => [k.name.toLowerCase(), k]));
  for (const c of n.columns) {
    const colId = columnRecordId(n.name, c.name);
    const k = known.get(c.name.toLowerCase());
    known.delete(c.name.toLowerCase());
    links.add(colId);
    // the ids made once here are the very strings every record naming them holds (each string is hashed once by the index's maps)
    const colLinks: string[] = [id];
    const link = (x: string) => { if (!colLinks.includes(x)) colLinks.push(x); };
    const doc = boundDoc(c);
    if (doc) link(recordId('doc_block', doc));
    const type = c.data_type ?? c.type ?? ctx.catalogTypes.get(`${n.uniqueId}|${c.name.toLowerCase()}`) ?? k?.data_type;
    for (const t of c.tests) {
      const tname = `${t.name}(${n.name}.${c.name})`;
      const tid = testId(tname);
      link(tid);
      out.push(testRecord(ctx, tid, tname, t, n, colId, unit, file, c));
      const rel = relationshipFromTest(ctx, n, c, t, tid, file, unit, colId, id);
      if (rel) { out.push(rel); link(rel.id); }
    }
    const declared = declaredReference(ctx, n, c, file, unit, colId, id);
    if (declared) { out.push(declared); link(declared.id); }
    const docBody = doc ? ctx.project.docs.get(doc)?.body : undefined;
    const ownText = doc && /^\s*\{\{/.test(c.description ?? '') ? '' : c.description ?? '';
    const term = c.binding?.glossary_term ?? c.meta?.glossary_term;
    out.push({
      id: colId, kind: 'column', name: `${n.name}.${c.name}`, file, line: c.line ?? n.line, layer: 'physical', tier, unit,
      title: `column ${n.name}.${c.name}${type ? ` (${type})` : ''}${ownText || docBody ? ' — ' + clip(ownText || docBody, 100) : ''}`,
      text: [ownText, docBody].filter(Boolean).join('\n'),
      keywords: [c.name, type, ...c.tests.map((t) => t.name), ...c.tags, ...c.constraints.map((x) => x?.type), term, ...(c.terms ?? []),
        c.meta?.sensitivity, doc ? `doc ${doc}` : ''].filter(Boolean).join(' '),
      links: colLinks,
    });
  }
  // columns the SQL returns (or the catalog lists) that the YAML does not document
  for (const k of known.values()) {
    const colId = columnRecordId(n.name, k.name);
    links.add(colId);
    const where = k.origin === 'sql' ? `returned by ${n.sqlPath ?? 'the SQL'}` : 'listed by target/catalog.json';
    out.push({
      id: colId, kind: 'column', name: `${n.name}.${k.name}`, file: k.origin === 'sql' && n.sqlPath ? n.sqlPath : file, line: k.sql_line ?? n.line, layer: 'physical', tier, unit,
      title: `column ${n.name}.${k.name}${k.data_type ? ` (${k.data_type})` : ''} — ${where}, not documented in YAML`,
      text: '',
      keywords: [k.name, k.data_type, `from ${k.origin}`, 'undocumented', k.sql_kind].filter(Boolean).join(' '),
      links: [id],
    });
  }
  for (const t of n.tests) {
    const tname = `${t.name}(${n.name})`;
    const tid = testId(tname);
    links.add(tid);
    out.push(testRecord(ctx, tid, tname, t, n, id, unit, file));
  }

  const owner = ownerOf(n);
  const domain = n.interface?.domain ?? n.meta?.domain;
  const iface = n.interface ? `interface ${n.interface.stability ?? ''} ${n.interface.status ?? ''} ${n.interface.version ?? ''}` : '';
  const desc = n.description ?? (typeof n.raw?.description === 'string' ? n.raw.description : '');
  out.push({
    id, kind, name: n.name, file, line: n.line, layer: kind === 'exposure' || kind === 'metric' ? undefined : 'physical', tier, unit,
    title: `${kind} ${n.name}${desc ? ' — ' + clip(desc, 110) : ''}`,
    text: [desc, n.interface?.description, kind === 'exposure' ? n.raw?.owner?.name : ''].filter(Boolean).join('\n'),
    keywords: [kind, n.materialized, n.contractEnforced ? 'contract enforced' : '', iface, owner, domain, ...n.tags,
      n.sourceName ? `source ${n.sourceName} raw table` : '', n.freshness ? `freshness ${n.loadedAtField ?? ''}` : '',
      ...n.columns.map((c) => c.name), ...[...known.keys()], ...(n.sqlPath ?? n.file ?? '').split('/').slice(0, -1)]
      .filter(Boolean).join(' '),
    links: [...links], parents,
    ...(kind === 'source' && n.tableName ? { aliases: [n.tableName] } : {}),
  });
  return out;
}

/** Owner as the project states it: Interface owner, meta.owner, group, or an exposure's owner. */
export function ownerOf(n: DbtNode): string | undefined {
  const o = n.interface?.owner ?? n.meta?.owner ?? n.config?.meta?.owner ?? n.raw?.owner?.email ?? n.raw?.owner?.name;
  return typeof o === 'string' && o.trim() ? o.trim() : undefined;
}

/** Ids of the tables a node reads (ref/source in its SQL; an exposure's depends_on; a semantic model's model). */
export function lineageParents(ctx: BuildContext, n: DbtNode): string[] {
  const out = new Set<string>();
  const byName = (name: string) => ctx.tableIds.get(name);
  for (const r of n.refs) { const id = byName(r.name); if (id) out.add(id); }
  for (const s of n.sourceRefs) { const id = byName(s); if (id) out.add(id); }
  const extra: unknown[] = [...(Array.isArray(n.raw?.depends_on) ? n.raw.depends_on : []), n.raw?.model];
  for (const e of extra) {
    const t = parseRefTarget(e);
    const id = t && byName(t.name);
    if (id) out.add(id);
  }
  if (n.resourceType === 'metric') {
    const measure = n.raw?.type_params?.measure;
    const m = typeof measure === 'string' ? measure : measure?.name;
    for (const s of ctx.project.semanticModels) if ((s.raw?.measures ?? []).some((x: any) => x?.name === m)) out.add(tableRecordId(s));
  }
  return [...out];
}

function describeArgs(t: DbtTest): string {
  return Object.entries(t.args).filter(([k]) => k !== 'column_name' && k !== 'model')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join('; ');
}

/** `of`: the id of the column (`c`) or table the test is on. */
function testRecord(ctx: BuildContext, id: string, name: string, t: DbtTest, n: DbtNode, of: string, unit: string, file?: string, c?: DbtColumn): IndexRecord {
  const run = ctx.testRuns.get(name);
  const args = describeArgs(t);
  const links = [of];
  const target = t.name === 'relationships' ? parseRefTarget(t.args.to) : undefined;
  const targetId = target && ctx.tableIds.get(target.name);
  if (targetId) links.push(targetId);
  const runText = run ? `last run: ${run.status}${run.message ? ` (${run.message})` : ''}` : '';
  return {
    id, kind: 'test', name, file, line: t.line ?? c?.line ?? n.line, layer: 'physical', unit,
    title: `test ${name}${args ? ` — ${clip(args, 80)}` : ''}${run ? ` [${run.status}]` : ''}`,
    text: [args, runText, t.enabled === false ? 'disabled' : ''].filter(Boolean).join('\n'),
    keywords: [t.name, 'test', run?.status, run && run.status !== 'pass' && run.status !== 'success' ? 'failed failing' : ''].filter(Boolean).join(' '),
    links,
  };
}

/** `colId`, `tableId`: the ids of the column and its table. */
function relationshipRecord(ctx: BuildContext, n: DbtNode, c: DbtColumn, parent: string, field: string, how: string, line: number | undefined,
  file: string | undefined, unit: string, extraLinks: string[], colId: string, tableId: string): IndexRecord {
  const name = `${n.name}.${c.name} -> ${parent}.${field}`;
  const parentId = ctx.tableIds.get(parent);
  return {
    id: recordId('relationship', name), kind: 'relationship', name, file, line: line ?? c.line, layer: 'physical', unit,
    title: `relationship ${name} (${how})`,
    text: `references ${parent}, declared by ${how}`,
    keywords: 'relationship foreign key',
    links: [colId, tableId, ...(parentId ? [parentId, columnRecordId(parent, field)] : []), ...extraLinks],
  };
}

function relationshipFromTest(ctx: BuildContext, n: DbtNode, c: DbtColumn, t: DbtTest, tid: string, file: string | undefined, unit: string, colId: string, tableId: string): IndexRecord | undefined {
  if (t.name !== 'relationships' && t.name !== 'dbt.relationships') return undefined;
  const target = parseRefTarget(t.args.to);
  const field = typeof t.args.field === 'string' ? t.args.field : undefined;
  if (!target || !field) return undefined;
  return relationshipRecord(ctx, n, c, target.name, field, 'relationships test', t.line, file, unit, [tid], colId, tableId);
}

/** `meta.references` / `meta.foreign_key` or a `foreign_key` constraint on the column. */
function declaredReference(ctx: BuildContext, n: DbtNode, c: DbtColumn, file: string | undefined, unit: string, colId: string, tableId: string): IndexRecord | undefined {
  const ref = c.meta?.references ?? c.meta?.foreign_key;
  if (ref && typeof ref === 'object') {
    const parent = ref.model ?? ref.entity ?? ref.to;
    const field = ref.column ?? ref.field ?? c.name;
    const name = typeof parent === 'string' ? (parseRefTarget(parent)?.name ?? parent) : undefined;
    if (name) return relationshipRecord(ctx, n, c, name, field, 'meta.references', c.line, file, unit, [], colId, tableId);
  }
  for (const k of c.constraints) {
    if (k?.type !== 'foreign_key') continue;
    const target = parseRefTarget(k.to);
    const field = Array.isArray(k.to_columns) ? k.to_columns[0] : undefined;
    if (target && field) return relationshipRecord(ctx, n, c, target.name, String(field), 'foreign_key constraint', c.line, file, unit, [], colId, tableId);
  }
  return undefined;
}
