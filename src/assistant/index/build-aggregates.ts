// Records that gather many others: domains, owners, tags and data types (each linking to its
// members), and validation issues (readiness and Interface findings, reader diagnostics), each
// linked to the object it is about. Both are computed per file, so a changed file only
// recomputes its own share.
import type { Diagnostic } from '../../core/diagnostics.js';
import type { LoadedModel } from '../../core/model/load.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import type { Finding } from '../../governance/readiness/findings.js';
import { projectFindings, READINESS_RULES } from '../../governance/readiness/findings.js';
import { columnRecordId, tableRecordId, type BuildContext } from './context.js';
import { ownerOf } from './build-nodes.js';
import { clip, recordId, type IndexRecord, type RecordKind } from './records.js';

export const AGG_UNIT = 'agg';
export type AggKind = 'domain' | 'owner' | 'tag' | 'data_type';
/** A file's contribution to one aggregate: `member` belongs to the aggregate `kind` `name`. */
export interface AggEntry { kind: AggKind; name: string; member: string; memberKind: string }
/** An aggregate links to at most this many members (a type shared by 40,000 columns is not a useful neighbour list). */
const MEMBER_CAP = 300;

export function aggregateEntries(ctx: BuildContext, nodes: readonly DbtNode[], lm?: LoadedModel): AggEntry[] {
  const out: AggEntry[] = [];
  const add = (kind: AggKind, key: unknown, member: string, memberKind: string) => {
    if (typeof key !== 'string' || !key.trim()) return;
    out.push({ kind, name: kind === 'data_type' ? key.trim().toLowerCase().replace(/\s+/g, ' ') : key.trim(), member, memberKind });
  };
  for (const n of nodes) {
    if (n.resourceType === 'semantic_model' || n.resourceType === 'metric') continue;
    const id = tableRecordId(n);
    add('domain', n.interface?.domain ?? n.meta?.domain, id, n.resourceType);
    add('owner', ownerOf(n), id, n.resourceType);
    for (const t of n.tags) add('tag', t, id, n.resourceType);
    for (const c of n.columns) add('data_type', c.data_type ?? c.type ?? ctx.catalogTypes.get(`${n.uniqueId}|${c.name.toLowerCase()}`), columnRecordId(n.name, c.name), 'column');
  }
  const m = lm?.model;
  if (lm && m) {
    const ek = m.kind === 'diagram' || m.model.layer === 'conceptual' ? 'concept' : 'entity';
    for (const o of m.model.owners ?? []) add('owner', o, recordId('file', lm.file), 'file');
    for (const e of m.entities) {
      const id = recordId(ek, e.name, lm.file);
      add('domain', e.domain ?? m.model.domain, id, ek);
      add('owner', e.owner, id, ek);
      for (const t of e.tags ?? []) add('tag', t, id, ek);
    }
    for (const g of m.glossary) { add('owner', g.owner, recordId('glossary_term', g.term), 'glossary_term'); add('domain', g.domain, recordId('glossary_term', g.term), 'glossary_term'); }
  }
  return out;
}

/** The running members of one aggregate, kept as files come and go. */
export interface AggState { kind: AggKind; name: string; members: Map<string, number>; kinds: Map<string, number> }

export function aggregateRecord(s: AggState): IndexRecord {
  const what = [...s.kinds].filter(([, n]) => n > 0).map(([k, n]) => `${n} ${k}${n === 1 ? '' : 's'}`).join(', ');
  const members: string[] = [];
  for (const m of s.members.keys()) { if (members.length >= MEMBER_CAP) break; members.push(m); }
  return {
    id: recordId(s.kind, s.name), kind: s.kind as RecordKind, name: s.name, unit: AGG_UNIT,
    title: `${s.kind.replace('_', ' ')} ${s.name}: ${what}`, text: what, keywords: s.kind.replace('_', ' '), links: members,
  };
}

/** Where a finding's target lives in the index: the column, the table, else the file. */
function targetId(ctx: BuildContext, target: string, file: string): string {
  const t = ctx.tableIds.get(target);
  if (t) return t;
  const dot = target.lastIndexOf('.');
  if (dot > 0 && ctx.tableIds.has(target.slice(0, dot))) return columnRecordId(target.slice(0, dot), target.slice(dot + 1));
  return recordId('file', file);
}

/** Findings grouped by the file they are located in, with a signature to tell when a file's findings changed. */
export interface FindingsByFile { byFile: Map<string, Finding[]>; signature: Map<string, string> }

/**
 * The readiness and Interface findings of the whole project, by file. The readiness engine keeps
 * its checks per model node while the reader reuses the node, so after one changed file this is
 * cheap, and it tells which other files' findings moved (a removed relationship target, a doc
 * block that disappeared).
 */
export function findingsByFile(p: Project): FindingsByFile {
  return groupFindings(projectFindings(p));
}

/** Findings by file, with each file's signature (what says its issues changed). */
export function groupFindings(findings: readonly Finding[]): FindingsByFile {
  const byFile = new Map<string, Finding[]>();
  for (const f of findings) { let l = byFile.get(f.file); if (!l) byFile.set(f.file, (l = [])); l.push(f); }
  const signature = new Map<string, string>();
  for (const [file, fs] of byFile) signature.set(file, fs.map((f) => `${f.code}|${f.target}|${f.line}|${f.message}`).join('\n'));
  return { byFile, signature };
}

/** Issues of one file: its findings and the reader's errors and warnings located in it. */
export function issueRecords(ctx: BuildContext, rel: string, findings: readonly Finding[], unit: string): IndexRecord[] {
  const p = ctx.project;
  const diagnostics = p.diagnostics.filter((d) => d.file === rel && d.severity !== 'info');
  const out: IndexRecord[] = [];
  const seen = new Set<string>();
  const push = (code: string, severity: string, target: string, file: string, line: number, message: string, hint: string | undefined, about: string) => {
    const name = `${code}:${target}`;
    const id = recordId('issue', `${name}@${file}:${line}`);
    if (seen.has(id)) return;
    seen.add(id);
    const title = READINESS_RULES[code]?.title ?? code;
    out.push({
      id, kind: 'issue', name, file, line, unit,
      title: `${severity} ${code}: ${clip(message, 120)}`,
      text: [message, hint ? `fix: ${hint}` : '', title].filter(Boolean).join('\n'),
      keywords: [code, severity, 'validation finding issue', ...code.toLowerCase().split('_')].join(' '),
      links: [about, recordId('file', file)],
    });
  };
  for (const f of findings) push(f.code, f.severity, f.target, f.file, f.line, f.message, f.hint, targetId(ctx, f.target, f.file));
  const located = new Set(findings.map((f) => `${f.file}:${f.line}`));
  for (const d of diagnostics as Diagnostic[]) if (!located.has(`${d.file}:${d.line ?? 1}`)) push(d.code, d.severity, `${d.file}:${d.line ?? 1}`, d.file!, d.line ?? 1, d.message, d.hint, recordId('file', d.file!));
  return out;
}
