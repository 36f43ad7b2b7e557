// "What is wrong with orders?", "why is orders.store_id flagged?", "what problems does the project
// have?": the findings open on the table (its columns too), on one column, on a group, or over the
// project — each with its code, severity, file:line and the fix it gives. These are the issue
// records the index keeps current, so the answer agrees with the findings panel and `validate`.
import { count } from '../../../core/count.js';
import type { DbtNode } from '../../../core/project/types.js';
import type { IndexRecord } from '../../index/records.js';
import { at, bullets, q, where, type Direct, type KindInput } from './shared.js';

const SEVERITY_ORDER = ['error', 'warning', 'info'];
const SHOWN = 12;

export function problemsAnswer({ index, subject }: KindInput): Direct | undefined {
  index.refreshIssues();
  const issues = [...index.records.values()].filter((r) => r.kind === 'issue');
  const n = subject.node;
  const column = subject.column?.name ?? subject.columnName;
  if (n) {
    const name = column ? `${n.name}.${column}` : n.name;
    const mine = issues.filter((r) => (column ? sameName(targetOf(r), name) : isOn(targetOf(r), n) || onSqlOf(r, n)));
    if (!mine.length) return { lead: `No finding is open on ${q(name)}: neither the readiness checks nor the reader report anything for it (${where(n)}).`, evidence: [] };
    return summary(mine, q(name));
  }
  const group = subject.group;
  if (group) {
    const mine = issues.filter((r) => group.nodes.some((g) => isOn(targetOf(r), g) || onSqlOf(r, g)));
    if (!mine.length) return { lead: `No finding is open on the ${group.label} (${count(group.nodes.length, 'model')}).`, evidence: [] };
    return summary(mine, `the ${group.label}`);
  }
  if (!issues.length) return { lead: 'No finding is open in the project: neither the readiness checks nor the reader report anything.', evidence: [] };
  const s = summary(issues, 'the project');
  // over a whole project the codes say more than the first dozen rows
  const byCode = new Map<string, number>();
  for (const r of issues) byCode.set(codeOf(r), (byCode.get(codeOf(r)) ?? 0) + 1);
  const codes = [...byCode].sort((a, b) => b[1] - a[1] || cmp(a[0], b[0])).slice(0, 8).map(([c, k]) => `${q(c)} ${k}`);
  return { lead: s.lead, evidence: [`Most often: ${codes.join(', ')}.`, ...s.evidence] };
}

function summary(found: IndexRecord[], what: string): Direct {
  // a total order: the same whichever way the index holds its records (built, or kept sorted by id)
  const sorted = [...found].sort((a, b) => rank(a) - rank(b) || cmp(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || cmp(a.id, b.id));
  const bySeverity = SEVERITY_ORDER.map((s) => [s, sorted.filter((r) => severityOf(r) === s).length] as const).filter(([, k]) => k > 0);
  const lead = `${count(found.length, 'finding')} ${found.length === 1 ? 'is' : 'are'} open on ${what}: ${bySeverity.map(([s, k]) => `${k} ${s}${k === 1 ? '' : 's'}`).join(', ')}.`;
  const evidence = bullets(sorted.map((r) => {
    const [message, ...rest] = r.text.split('\n');
    const fix = rest.find((l) => l.startsWith('fix:'))?.slice(5).trim();
    return `- ${q(codeOf(r))} (${severityOf(r)}, ${at(r.file, r.line)}): ${message.replace(/\.$/, '')}${fix ? `; fix: ${fix.replace(/\.$/, '')}` : ''}.`;
  }), SHOWN, ' (`modeler readiness-gate` lists them all)');
  return { lead, evidence };
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const codeOf = (r: IndexRecord) => r.name.slice(0, r.name.indexOf(':'));
const targetOf = (r: IndexRecord) => r.name.slice(r.name.indexOf(':') + 1);
const severityOf = (r: IndexRecord) => r.title?.split(' ')[0] ?? 'info';
const rank = (r: IndexRecord) => { const i = SEVERITY_ORDER.indexOf(severityOf(r)); return i < 0 ? SEVERITY_ORDER.length : i; };
const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
/** A finding on the table or one of its columns. */
const isOn = (target: string, n: DbtNode) => sameName(target, n.name) || target.toLowerCase().startsWith(`${n.name.toLowerCase()}.`);
/** A reader's error in the table's SQL file (its target is the file:line). */
const onSqlOf = (r: IndexRecord, n: DbtNode) => !!n.sqlPath && r.file === n.sqlPath && targetOf(r).startsWith(`${n.sqlPath}:`);
