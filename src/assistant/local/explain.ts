// Explanations the Local provider writes from facts, not prose it invents: what an object is,
// its columns and types, tests, relationships, lineage up and down, owner, Interface status and
// open findings, each with the file and line it comes from.
import { projectColumns } from '../../core/columns/project-columns.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import type { IndexView } from '../index/view.js';
import { clip, TABLE_KINDS, type IndexRecord } from '../index/records.js';
import { columnRecordId } from '../index/context.js';
import { columnDescription, columnOf, columnType, describedUpstream, describeTest, findingsAbout, interfaceState, loc, nodeOf, ownerOf } from './facts.js';

export interface Explanation { text: string; cited: IndexRecord[] }

const COLUMN_ROWS = 40;

export function explain(project: Project, index: IndexView, rec: IndexRecord): Explanation {
  const cited: IndexRecord[] = [rec];
  const lines: string[] = [];
  const cite = (r: IndexRecord | undefined) => { if (r && !cited.includes(r)) cited.push(r); return r; };
  const findings = () => {
    const fs = findingsAbout(index, rec.id);
    if (!fs.length) return;
    lines.push('', `Open findings (${fs.length}):`);
    for (const f of fs.slice(0, 8)) { cite(f); const [msg, fix] = f.text.split('\n'); lines.push(`- ${f.title.split(':')[0]}: ${msg} (${loc(f)})${fix?.startsWith('fix:') ? ` — ${fix}` : ''}`); }
    if (fs.length > 8) lines.push(`- … and ${fs.length - 8} more`);
  };

  if (TABLE_KINDS.has(rec.kind) || rec.kind === 'exposure' || rec.kind === 'semantic_model' || rec.kind === 'metric') {
    const n = nodeOf(project, rec);
    const what = rec.kind === 'semantic_model' ? 'semantic model' : rec.kind;
    lines.push(`\`${rec.name}\` is ${/^[aeiou]/.test(what) ? 'an' : 'a'} ${what}${rec.tier ? ` (${rec.tier})` : ''}${n?.materialized && TABLE_KINDS.has(rec.kind) && rec.kind !== 'source' ? `, materialized as ${n.materialized}` : ''}, defined at ${loc(rec)}.`);
    const desc = n?.description ?? (typeof n?.raw?.description === 'string' ? n.raw.description : undefined);
    lines.push(desc ? clip(desc, 600) : '_No description._');
    if (n?.sqlPath && n.sqlPath !== rec.file) { lines.push(`SQL: ${n.sqlPath}`); cite(index.get(`file:${n.sqlPath}`)); }
    if (n && n.columns.length) {
      lines.push('', `Columns (${n.columns.length}):`, '', '| column | type | tests | description |', '|---|---|---|---|');
      for (const c of n.columns.slice(0, COLUMN_ROWS)) {
        const d = columnDescription(project, c);
        lines.push(`| ${c.name} | ${columnType(project, n, c) ?? ''} | ${c.tests.map(describeTest).join('; ')} | ${clip(d.text, 90).replace(/\|/g, '\\|')}${d.doc ? ` (doc \`${d.doc}\`)` : ''} |`);
      }
      if (n.columns.length > COLUMN_ROWS) lines.push(`| … ${n.columns.length - COLUMN_ROWS} more | | | |`);
    }
    if (n?.tests.length) lines.push('', `Model tests: ${n.tests.map(describeTest).join('; ')}`);
    const rels = index.neighbours(rec.id).filter((r) => r.kind === 'relationship');
    if (rels.length) { lines.push('', 'Relationships:'); for (const r of rels.slice(0, 12)) { cite(r); lines.push(`- ${r.name} (${loc(r)})`); } }
    const { parents, children } = index.lineage(rec.id);
    if (parents.length || children.length) {
      lines.push('', `Lineage: upstream ${parents.map((p) => p.name).join(', ') || 'none'}; downstream ${children.map((c) => c.name).join(', ') || 'none'}.`);
      for (const x of [...parents, ...children].slice(0, 10)) cite(x);
    }
    const owner = n && ownerOf(n);
    const domain = n?.interface?.domain ?? n?.meta?.domain;
    lines.push('', `Owner: ${owner ?? 'not set'}${domain ? ` · Domain: ${domain}` : ''}`);
    const iface = n && interfaceState(n);
    lines.push(iface ? `Interface: ${iface}` : 'Interface: not shared (no meta.modeler.interface)');
    findings();
  } else if (rec.kind === 'column') {
    const hit = columnOf(project, rec);
    const table = hit?.node ?? nodeOf(project, rec);
    const colName = rec.name.slice(rec.name.lastIndexOf('.') + 1);
    const gone = hit && notReturned(project, hit.node, colName);
    if (gone) {
      lines.push(`\`${rec.name}\` is listed as a column of \`${hit.node.name}\` in YAML (${loc(rec)}), but its SQL (${hit.node.sqlPath}, read completely) does not return it: the YAML entry is stale or the column is named otherwise in the SQL, and the table dbt builds has no such column (warning YAML_COLUMN_NOT_IN_SQL).`);
    } else lines.push(`\`${rec.name}\` is a column${table ? ` of \`${table.name}\`` : ''}${hit || !table ? '' : ', returned by its SQL and not documented in YAML'} (${loc(rec)}).`);
    // no description of its own: the one of the column it passes through or renames, where that is written
    const inherited = () => {
      const up = table && describedUpstream(project, table, colName);
      if (!up) return false;
      const upRec = cite(index.get(columnRecordId(up.node.name, up.column.name)));
      lines.push(`It ${up.renamed ? 'is renamed from' : 'passes through unchanged from'} \`${up.node.name}.${up.column.name}\`, described${upRec ? ` at ${loc(upRec)}` : ''}: ${clip(up.text, 600)}`);
      if (up.column.tests.length) lines.push(`Tests there: ${up.column.tests.map(describeTest).join('; ')}`);
      return true;
    };
    if (!hit) inherited();
    if (hit) {
      const { node, column } = hit;
      const d = columnDescription(project, column);
      if (d.doc) {
        lines.push(`Description (doc block \`${d.doc}\`, ${d.docFile}:${d.docLine}): ${d.text ? clip(d.text, 600) : '_the block is missing_'}`);
        cite(index.get(`doc_block:${d.doc}`));
      } else if (d.text) lines.push(clip(d.text, 600));
      else if (!inherited()) lines.push('_No description._');
      lines.push(`Type: ${columnType(project, node, column) ?? 'not declared'}`);
      lines.push(`Tests: ${column.tests.length ? column.tests.map(describeTest).join('; ') : 'none'}`);
      if (column.constraints.length) lines.push(`Constraints: ${column.constraints.map((k) => k?.type).join(', ')}`);
      if (column.meta?.sensitivity) lines.push(`Sensitivity: ${column.meta.sensitivity}`);
      const table = cite(index.get(`${node.resourceType}:${node.name}`));
      if (table) lines.push(`Table: ${node.name} (${loc(table)})`);
    }
    for (const r of index.neighbours(rec.id)) {
      if (r.kind === 'relationship') { cite(r); lines.push(`Relationship: ${r.name} (${loc(r)})`); }
      if (r.kind === 'glossary_term') { cite(r); lines.push(`Glossary term: ${r.name} — ${clip(r.text.split('\n')[0], 160)} (${loc(r)})`); }
    }
    findings();
  } else if (rec.kind === 'issue') {
    const [msg, fix] = rec.text.split('\n');
    lines.push(`\`${rec.name.split(':')[0]}\` is a ${rec.title.split(' ')[0]} finding at ${loc(rec)}: ${msg}`);
    if (fix?.startsWith('fix:')) lines.push(`How to fix: ${fix.slice(5)}`);
    const about = cite(index.get(rec.links[0]));
    if (about && about.kind !== 'file') lines.push(`About: ${about.kind} ${about.name} (${loc(about)})`);
  } else if (rec.kind === 'doc_block' || rec.kind === 'glossary_term' || rec.kind === 'skill' || rec.kind === 'memory') {
    lines.push(`\`${rec.name}\` is a ${rec.kind.replace('_', ' ')} (${loc(rec)}).`, clip(rec.text, 900));
    const users = index.neighbours(rec.id).filter((r) => r.kind === 'column');
    if (users.length) lines.push('', `Used by ${users.length} column(s): ${users.slice(0, 12).map((u) => u.name).join(', ')}${users.length > 12 ? ', …' : ''}`);
    for (const u of users.slice(0, 5)) cite(u);
  } else if (rec.kind === 'relationship' || rec.kind === 'concept' || rec.kind === 'entity' || rec.kind === 'diagram') {
    lines.push(`\`${rec.name}\` is a ${rec.kind} (${loc(rec)}): ${rec.title.replace(/^\S+ /, '')}`);
    if (rec.text && !rec.title.includes(rec.text)) lines.push(clip(rec.text, 600));
    const nb = index.neighbours(rec.id).filter((r) => r.kind !== 'file' && r.kind !== 'issue');
    if (nb.length) { lines.push('', 'Connected:'); for (const r of nb.slice(0, 12)) { cite(r); lines.push(`- ${r.kind} ${r.name} (${loc(r)})`); } }
    findings();
  } else if (rec.kind === 'file') {
    lines.push(`\`${rec.name}\` is a file: ${rec.title.split(' — ')[0]}.`);
    const inside = index.neighbours(rec.id).filter((r) => r.file === rec.name && r.kind !== 'issue');
    if (inside.length) { lines.push('', `Defines ${inside.length}:`); for (const r of inside.slice(0, 20)) { cite(r); lines.push(`- ${r.kind} ${r.name}${r.line ? ` (line ${r.line})` : ''}`); } }
    else if (rec.text) lines.push(clip(rec.text, 900));
    const issues = index.neighbours(rec.id).filter((r) => r.kind === 'issue');
    if (issues.length) lines.push('', `${issues.length} open finding(s) in this file, e.g. ${issues.slice(0, 3).map((i) => `${i.name} (line ${i.line})`).join('; ')}`);
  } else {
    // domain, owner, tag, data type: what belongs to it
    const members = index.neighbours(rec.id);
    lines.push(`\`${rec.name}\` is a ${rec.kind.replace('_', ' ')}: ${rec.text}`);
    for (const m of members.slice(0, 25)) { cite(m); lines.push(`- ${m.kind} ${m.name} (${loc(m)})`); }
    if (members.length > 25) lines.push(`- … and ${members.length - 25} more`);
  }
  return { text: lines.join('\n'), cited };
}

/** A column a model's YAML lists that its SQL, read completely, does not return (crowdcow-warehouse's int_order_ranks.user_id). */
function notReturned(project: Project, node: DbtNode, name: string): boolean {
  if ((node.resourceType !== 'model' && node.resourceType !== 'snapshot') || !node.sqlPath) return false;
  try {
    const reading = projectColumns(project).sql(node);
    return reading?.status === 'complete' && !reading.columns.some((c) => c.name.toLowerCase() === name.toLowerCase());
  } catch { return false; } // SQL not read: nothing known either way
}
