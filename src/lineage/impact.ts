// What changing or dropping a column breaks: every column downstream of it (all depths), the data
// tests that read any of them (column tests, and relationships tests pointing at them), the
// enforced contracts and the Interfaces (meta.modeler.interface) of the models they belong to,
// and the models whose joins or filters read them (their rows change).
import type { DbtNode } from '../core/project/types.js';
import type { LineageGraph, LineageKind } from './graph.js';
import { downstreamColumns } from './query.js';

export interface ImpactColumn { node: string; column: string; depth: number; kind: LineageKind; file?: string; line?: number; contracted: boolean; interface: boolean }
export interface ImpactTest { node: string; column: string; test: string; file?: string; line?: number }
export interface ColumnImpact {
  column: string;
  columns: ImpactColumn[];
  tests: ImpactTest[];
  /** models with an enforced contract that lists an affected column */
  contracts: { node: string; columns: string[]; file?: string; line?: number }[];
  /** Interfaces (meta.modeler.interface) exposing an affected column */
  interfaces: { node: string; columns: string[]; owner?: string; file?: string; line?: number }[];
  /** models whose join keys or filters read an affected column */
  rows: { node: string; column: string; as: 'join' | 'filter'; file?: string; line?: number }[];
  /** one sentence: "dropping `stg_orders.customer_id` breaks `orders.customer_id`, … (contracted)" */
  summary: string;
}

/** Columns named in the summary sentence; more are counted. */
const SAID = 8;
const listed = (n: DbtNode | undefined, column: string) => !!n?.columns.some((c) => c.name.toLowerCase() === column.toLowerCase());
const interfaceOn = (n: DbtNode | undefined) => !!n?.interface && n.interface.enabled !== false;

export function columnImpact(g: LineageGraph, addr: { id: string; column: string }, allNodes: DbtNode[]): ColumnImpact {
  const affected = [{ id: addr.id, column: addr.column }, ...downstreamColumns(g, addr.id, addr.column)];
  const columns: ImpactColumn[] = downstreamColumns(g, addr.id, addr.column).map((d) => {
    const n = g.node(d.id);
    return {
      node: g.nameOf(d.id), column: d.column, depth: d.depth, kind: d.via.kind, ...(d.via.file ? { file: d.via.file, line: d.via.line } : {}),
      contracted: !!n?.contractEnforced && listed(n, d.column), interface: interfaceOn(n),
    };
  });
  const key = (id: string, c: string) => `${id}\u0000${c.toLowerCase()}`;
  const hit = new Set(affected.map((a) => key(a.id, a.column)));
  const tests: ImpactTest[] = [];
  for (const a of affected) {
    const n = g.node(a.id);
    for (const c of n?.columns ?? []) {
      if (c.name.toLowerCase() !== a.column.toLowerCase()) continue;
      for (const t of c.tests) if (t.enabled !== false) tests.push({ node: g.nameOf(a.id), column: c.name, test: t.name, file: n!.file, line: t.line ?? c.line });
    }
  }
  // relationships tests elsewhere whose `to:`/`field:` name an affected column
  for (const n of allNodes) {
    for (const c of n.columns) {
      for (const t of c.tests) {
        if (t.name !== 'relationships' || t.enabled === false) continue;
        const to = String(t.args.to ?? '');
        const m = /(?:ref|source)\(\s*['"]([^'"]+)['"](?:\s*,\s*['"]([^'"]+)['"])?\s*\)/.exec(to);
        const target = m ? g.idOf(m[2] ? `${m[1]}.${m[2]}` : m[1]) : undefined;
        if (target && typeof t.args.field === 'string' && hit.has(key(target, t.args.field)) && !tests.some((x) => x.node === g.nameOf(n.uniqueId) && x.column === c.name && x.test === t.name))
          tests.push({ node: g.nameOf(n.uniqueId), column: c.name, test: `relationships → ${g.nameOf(target)}.${t.args.field}`, file: n.file, line: t.line ?? c.line });
      }
    }
  }
  const byNode = (pick: (n: DbtNode, column: string) => boolean) => {
    const m = new Map<string, string[]>();
    for (const a of affected) {
      const n = g.node(a.id);
      if (n && pick(n, a.column)) m.set(a.id, [...(m.get(a.id) ?? []), a.column]);
    }
    return m;
  };
  const contracts = [...byNode((n, c) => n.contractEnforced && listed(n, c))].map(([id, cs]) => ({ node: g.nameOf(id), columns: cs, file: g.node(id)?.file, line: g.node(id)?.line }));
  const interfaces = [...byNode((n) => interfaceOn(n))].map(([id, cs]) => ({ node: g.nameOf(id), columns: cs, owner: g.node(id)?.interface?.owner, file: g.node(id)?.file, line: g.node(id)?.line }));
  const rows: ColumnImpact['rows'] = [];
  for (const n of allNodes) {
    for (const i of g.influence(n.uniqueId)) if (hit.has(key(i.from.id, i.from.column))) rows.push({ node: g.nameOf(n.uniqueId), column: `${g.nameOf(i.from.id)}.${i.from.column}`, as: i.as, ...(i.file ? { file: i.file, line: i.line } : {}) });
  }
  const name = `${g.nameOf(addr.id)}.${addr.column}`;
  const marks = (c: ImpactColumn) => [c.contracted ? 'contracted' : '', c.interface ? 'Interface' : ''].filter(Boolean).join(', ');
  const said = columns.map((c) => `\`${c.node}.${c.column}\`${marks(c) ? ` (${marks(c)})` : ''}`);
  // one sentence a reader can take in (a PR comment, the gate's line): a long list is counted, the
  // contracted and Interface columns named first — cal-itp-warehouse's dim_schedule_feeds.key
  // breaks 600 columns, which made a 40,000-character first line
  const shown = said.length <= SAID ? said.join(', ')
    : `${said.length} columns in ${new Set(columns.map((c) => c.node)).size} models: ${columns.map((c, i) => [c, i] as const)
      .sort(([a, i], [b, j]) => Number(!!marks(b)) - Number(!!marks(a)) || i - j).slice(0, SAID).map(([, i]) => said[i]).join(', ')} and ${said.length - SAID} more`;
  const summary = said.length
    ? `dropping \`${name}\` breaks ${shown}${tests.length ? `; ${tests.length} test(s) read them` : ''}`
    : `dropping \`${name}\` breaks no downstream column${tests.length ? `; ${tests.length} test(s) read it` : ''}`;
  return { column: name, columns, tests, contracts, interfaces, rows, summary };
}

/**
 * The rows entries as a reader takes them in: one per model and column, its join and filter
 * together ("its join and filter read orders.customer_id"), each place it reads it kept — a model
 * that joins on a column and filters on it was listed twice.
 */
export function rowReads(rows: ColumnImpact['rows']): { node: string; column: string; reads: string; file?: string; lines: number[] }[] {
  const out = new Map<string, { node: string; column: string; as: string[]; file?: string; lines: number[] }>();
  for (const w of rows) {
    const k = `${w.node}\u0000${w.column}\u0000${w.file ?? ''}`;
    const e = out.get(k) ?? { node: w.node, column: w.column, as: [], file: w.file, lines: [] };
    if (!e.as.includes(w.as)) e.as.push(w.as);
    if (w.line !== undefined && !e.lines.includes(w.line)) e.lines.push(w.line);
    out.set(k, e);
  }
  return [...out.values()].map((e) => ({ node: e.node, column: e.column, reads: `its ${e.as.join(' and ')} ${e.as.length > 1 ? 'read' : 'reads'} ${e.column}`, file: e.file, lines: e.lines }));
}

