// Descriptions: whether a table and its columns are described, and which are not (a doc block a
// description points at counts when the block exists).
import { columnDescription } from '../facts.js';
import { colAt, list, plural, q, where, type Direct, type KindInput } from './shared.js';

export function descriptionsAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  const c = subject.column;
  if (c) {
    const d = columnDescription(project, c);
    const lead = d.text?.trim()
      ? `${q(`${n.name}.${c.name}`)} is described${d.doc ? ` by the doc block ${q(d.doc)} (${d.docFile}:${d.docLine})` : ` (${colAt(n, c)})`}: "${clip(d.text, 200)}".`
      : `${q(`${n.name}.${c.name}`)} has no description${d.doc ? `: its doc block ${q(d.doc)} is missing` : ''} (${colAt(n, c)}).`;
    return { lead, evidence: [] };
  }
  const missing = n.columns.filter((x) => !columnDescription(project, x).text?.trim());
  const own = (n.description ?? '').trim();
  const lead = `${q(n.name)} ${own ? 'has a description' : 'has no description'} (${where(n)}); ${missing.length ? `${plural(missing.length, 'column')} of ${n.columns.length} ${missing.length === 1 ? 'has' : 'have'} none: ${list(missing.map((x) => q(x.name)), 10)}` : n.columns.length ? `all ${plural(n.columns.length, 'documented column')} are described` : 'it documents no columns'}.`;
  return { lead, evidence: missing.slice(0, 20).map((x) => `- ${x.name} (${colAt(n, x)})`) };
}

const clip = (s: string | undefined, k: number) => { const t = (s ?? '').replace(/\s+/g, ' ').trim(); return t.length <= k ? t : `${t.slice(0, k - 1)}…`; };
