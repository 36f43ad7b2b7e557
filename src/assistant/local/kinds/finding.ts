// What a finding code means and how to fix it: the code tables' meaning, the fix the finding
// itself gives, and where this project has it.
import { ALL_CODES } from '../../../codes.js';
import type { IndexRecord } from '../../index/records.js';
import { at, cannot, q, type Direct, type KindInput } from './shared.js';

export function findingAnswer({ index, subject }: KindInput, selected?: IndexRecord): Direct | undefined {
  const code = subject.code ?? (selected?.kind === 'issue' ? selected.name.split(':')[0] : undefined);
  if (!code) return undefined;
  const info = ALL_CODES.find((c) => c.code === code);
  if (!info) return cannot(`${q(code)} is not a code this tool reports.`, []);
  const here = index.issuesWithCode(code);
  // in file and line order: the same whichever way the index holds its records (built, or kept sorted by id)
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  here.sort((a, b) => cmp(a.file ?? '', b.file ?? '') || (a.line ?? 0) - (b.line ?? 0) || cmp(a.id, b.id));
  const mine = selected?.kind === 'issue' ? selected : here.find((r) => subject.node && r.name.endsWith(`:${subject.node.name}`) || (subject.node && r.name.includes(`:${subject.node.name}.`))) ?? here[0];
  const fix = mine?.text.split('\n').find((l) => l.startsWith('fix:'))?.slice(5).trim();
  const lead = `${q(code)} (${info.severity}) means ${lowerFirst(info.meaning.replace(/\.$/, ''))}${fix ? `; to fix it, ${fix.replace(/\.$/, '')}` : ''}.`;
  const evidence: string[] = [];
  if (mine) evidence.push(`Here: ${mine.text.split('\n')[0]} (${at(mine.file, mine.line)}).`);
  if (here.length > 1) evidence.push(`${here.length} findings with this code in the project, e.g. ${here.slice(0, 5).map((r) => at(r.file, r.line)).join(', ')}.`);
  else if (!here.length) evidence.push('This project has no finding with this code right now.');
  return { lead, evidence };
}

const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0].toLowerCase() + s.slice(1) : s);
