// "Which tables reference patient?": to a data modeler a reference is a key — a column declared to
// point at the table (relationships test, foreign_key/references, a constraint). Those come first;
// what ref()s the table (dbt's sense of the word) follows. A source's keys are declared on the
// model that stages it, so a source with none is answered through that model. Asked of a column
// ("which columns reference orders.order_id?"), only the keys to that column count, and what reads
// it is the column's own lineage, not the table's.
import { foreignKeysOf } from '../../../agents/foreign-keys.js';
import { count } from '../../../core/count.js';
import type { DbtNode } from '../../../core/project/types.js';
import { declaredKeyEdges } from '../../../views/project-graph.js';
import { ownKeyNames } from '../../../governance/column-roles.js';
import { columnFeedsAnswer } from './column-origin.js';
import { conceptual } from './conceptual.js';
import { dependents, downstreamAnswer } from './lineage.js';
import { at, layerRank, list, q, tablesById, type Direct, type KindInput } from './shared.js';

export function referencesAnswer(input: KindInput): Direct | undefined {
  const { project, subject } = input;
  const n = subject.node;
  if (!n) return undefined;
  const keys = declaredKeyEdges(project);
  const column = subject.column?.name ?? subject.columnName;
  // a key naming no target column points at the table's own key
  const toColumn = (t: DbtNode, c: string | undefined) => !column || (c ? c.toLowerCase() === column.toLowerCase() : [...ownKeyNames(t)].some((k) => k.toLowerCase() === column.toLowerCase()));
  const to = (t: DbtNode) => keys.filter((e) => e.to.node === t.uniqueId && e.from.node !== t.uniqueId && toColumn(t, e.to.column));
  let target = n, mine = to(n);
  if (!mine.length && n.resourceType === 'source') {
    for (const d of dependents(project, n)) {
      const k = d.node.resourceType === 'model' ? to(d.node) : [];
      if (k.length > mine.length) { target = d.node; mine = k; }
    }
  }
  const reads = (column && columnFeedsAnswer(input)) || downstreamAnswer(input);
  const subjectName = column ? `${n.name}.${column}` : n.name;
  if (!mine.length) {
    const elsewhere = column ? keys.filter((e) => e.to.node === n.uniqueId && e.from.node !== n.uniqueId && e.to.column).map((e) => e.to.column!) : [];
    const other = elsewhere.length ? ` (the keys declared to ${q(n.name)} point at ${list([...new Set(elsewhere)].map(q))})` : '';
    const none = `No column is declared a key to ${q(subjectName)}: no relationships test, foreign_key or constraint names it${other}.`;
    // most real projects declare no keys: then the keys inferred from column names are the answer, said to be inferred
    const inferred = inferredTo(input, column);
    if (inferred) return { lead: `${none.slice(0, -1)}; from column names the Conceptualizer infers ${inferred.lead}`, evidence: [...inferred.evidence, ...(reads ? [`Read through ref() or source(): ${reads.lead}`] : [])], about: inferred.about };
    // asked of a column, "none" is the answer; of a table, what reads it is (the dbt sense of the word)
    if (column) return { lead: none, evidence: reads ? [reads.lead, ...reads.evidence] : [] };
    return reads && { lead: reads.lead, evidence: [none, ...reads.evidence] };
  }
  const byId = tablesById(project);
  // staging first (where the system's own keys are), then intermediate, facts, dimensions, marts
  const rank = (id: string) => layerRank(byId.get(id));
  mine = [...mine].sort((a, b) => rank(a.from.node) - rank(b.from.node) || a.from.node.localeCompare(b.from.node));
  const shown = mine.map((e) => {
    const f = byId.get(e.from.node);
    const name = `${f?.name ?? e.from.node}.${e.from.column}`;
    return { name, text: `${q(name)} (${f ? keyAt(f, e.from.column ?? '') : e.via})` };
  });
  const tables = new Set(mine.map((e) => e.from.node)).size;
  const via = target === n ? '' : ` through the model that stages it, ${q(target.name)},`;
  const who = column ? count(mine.length, 'column') : count(tables, 'table');
  const lead = `${who} ${(column ? mine.length : tables) === 1 ? 'references' : 'reference'} ${q(subjectName)}${via} by a declared key: ${list(shown.map((s) => s.text), 12)}.`;
  const evidence: string[] = [];
  if (shown.length > 12) evidence.push(`All of them: ${shown.map((s) => s.name).join(', ')}`);
  if (reads) evidence.push(column && reads.lead.includes(' feeds ') ? `Downstream, by column lineage: ${reads.lead}` : `Read through ref() or source(): ${reads.lead}`);
  const about = [target, ...mine.slice(0, 12).map((e) => byId.get(e.from.node))].filter((x): x is DbtNode => !!x);
  return { lead, evidence, about };
}

/** Where a column's key to another table is declared. */
function keyAt(n: DbtNode, column: string): string {
  const d = foreignKeysOf(n).find((k) => k.column === column);
  return at(d?.file ?? n.file, d?.line);
}

/** The keys the Conceptualizer infers to the subject (or to the model that stages it), when it is loaded. */
function inferredTo({ project, subject }: KindInput, column: string | undefined): Direct | undefined {
  const c = conceptual(), n = subject.node;
  if (!c || !n) return undefined;
  let edges: ReturnType<typeof c.inferredEdges>['edges'];
  try { edges = c.inferredEdges(project).edges; } catch { return undefined; }
  const targets = new Set([n.uniqueId, ...(n.resourceType === 'source' ? dependents(project, n).map((d) => d.node.uniqueId) : [])]);
  const mine = edges.filter((e) => targets.has(e.to.node) && (!column || e.to.column.toLowerCase() === column.toLowerCase()));
  if (!mine.length) return undefined;
  const byId = tablesById(project);
  const rank = (id: string) => layerRank(byId.get(id));
  const sorted = [...mine].sort((a, b) => b.evidence.confidence - a.evidence.confidence || rank(a.from.node) - rank(b.from.node) || a.from.node.localeCompare(b.from.node));
  const name = (e: (typeof mine)[number]) => `${byId.get(e.from.node)?.name ?? e.from.node}.${e.from.column}`;
  const to = [...new Set(mine.map((e) => `${byId.get(e.to.node)?.name ?? e.to.node}.${e.to.column}`))];
  const tables = new Set(mine.map((e) => e.from.node)).size;
  const who = column ? count(mine.length, 'column') : count(tables, 'table');
  const lead = `that ${who} ${(column ? mine.length : tables) === 1 ? 'references' : 'reference'} ${list(to.map(q))}: ${list(sorted.map((e) => `${q(name(e))} (${Math.round(e.evidence.confidence * 100)} %)`), 12)}.`;
  const rules = [...new Set(sorted.map((e) => e.evidence.rule))];
  const evidence = [`Inferred, not declared (${list(rules)}; the percentage is the confidence): a relationships test on the column would declare it, and \`modeler agents conceptualize\` lists each one's evidence.`];
  if (sorted.length > 12) evidence.push(`All of them: ${sorted.map(name).join(', ')}`);
  const about = [n, ...sorted.slice(0, 12).map((e) => byId.get(e.from.node))].filter((x): x is DbtNode => !!x);
  return { lead, evidence, about };
}
