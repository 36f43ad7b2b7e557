// The difference between two tables: kind and materialization, columns only in one, tests,
// owner and Interface state.
import type { DbtNode } from '../../../core/project/types.js';
import { ownerOf } from '../../index/build-nodes.js';
import { list, oneOfTwo, plural, q, where, type Direct, type KindInput } from './shared.js';

export function diffAnswer(input: KindInput): Direct | undefined {
  const { subject } = input;
  // "compare it with customers": "it" is the table selected, or the one the chat was about
  const [a, b] = subject.nodes.length === 1 && subject.it ? [subject.it, subject.nodes[0]] : subject.nodes;
  if (a && !b) { const said = oneOfTwo(input, 'a comparison'); return said ? { lead: said, evidence: [], cannot: !said.startsWith('Both') || undefined } : undefined; }
  if (!a || !b) return undefined;
  const names = (n: DbtNode) => new Set(n.columns.map((c) => c.name.toLowerCase()));
  const na = names(a), nb = names(b);
  const onlyA = a.columns.filter((c) => !nb.has(c.name.toLowerCase())).map((c) => q(c.name));
  const onlyB = b.columns.filter((c) => !na.has(c.name.toLowerCase())).map((c) => q(c.name));
  const shared = a.columns.filter((c) => nb.has(c.name.toLowerCase())).length;
  const kind = (n: DbtNode) => `${n.resourceType}${n.materialized && n.resourceType !== 'source' ? ` materialized as ${n.materialized}` : ''}`;
  const relation = b.refs.some((r) => r.name === a.name) ? `${q(b.name)} is built from ${q(a.name)}` : a.refs.some((r) => r.name === b.name) ? `${q(a.name)} is built from ${q(b.name)}` : 'neither refs the other';
  const lead = `${q(a.name)} (${kind(a)}, ${where(a)}) and ${q(b.name)} (${kind(b)}, ${where(b)}) share ${plural(shared, 'documented column')}; only ${a.name} has ${onlyA.length ? list(onlyA, 8) : 'none'}, only ${b.name} has ${onlyB.length ? list(onlyB, 8) : 'none'}; ${relation}.`;
  const row = (n: DbtNode) => `- ${n.name}: ${n.columns.length} columns, ${n.tests.length + n.columns.reduce((s, c) => s + c.tests.length, 0)} tests, owner ${ownerOf(n) ?? 'not set'}, ${n.interface ? 'an Interface' : 'not an Interface'}`;
  return { lead, evidence: [row(a), row(b)] };
}
