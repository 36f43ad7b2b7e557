// "How are patients linked to appointments?": the declared keys that join two tables — directly, or
// through one or two tables between — each with where it is declared, and the join a dbt model
// would write. A source is answered through the model that stages it (where its keys are declared).
import { foreignKeysOf } from '../../../agents/foreign-keys.js';
import type { DbtNode } from '../../../core/project/types.js';
import { declaredKeyEdges, type GraphEdge } from '../../../views/project-graph.js';
import { joinsBetween } from '../../../agents/join-evidence.js';
import type { InferredEdge } from '../../../views/inferred-edges.js';
import { projectColumns } from '../../../core/columns/project-columns.js';
import { conceptual } from './conceptual.js';
import { stagingModelOf } from './lineage.js';
import { referencesAnswer } from './references.js';
import { at, layerRank, list, oneOfTwo, q, tablesById, type Direct, type KindInput } from './shared.js';

const MAX_STEPS = 3;

export function joinPathAnswer(input: KindInput): Direct | undefined {
  const { project, subject } = input;
  if (subject.nodes.length > 2) return morePairs(input, subject.nodes);
  // "how is it linked to customers?": "it" is the table selected, or the one the chat was about
  if (subject.nodes.length === 1 && subject.it) return joinPathAnswer({ ...input, subject: { ...subject, node: subject.it, nodes: [subject.it, subject.nodes[0]], it: undefined } });
  if (subject.nodes.length < 2) return oneTable(input);
  const [a, b] = subject.nodes.slice(0, 2).map((n) => (n.resourceType === 'source' ? stagingModelOf(project, n) ?? n : n));
  const [na, nb] = subject.nodes;
  // each source named beside the model that stages it (after both names, the note read as about the second only)
  const named = (m: DbtNode, asked: DbtNode) => (m === asked ? q(m.name) : `${q(m.name)} (which stages ${q(asked.name)})`);
  const asked = `${named(a, na)} and ${named(b, nb)}`;
  if (a === b) return { lead: `${asked} are the same table.`, evidence: [] };
  const byId = tablesById(project);
  const path = shortestPath(declaredKeyEdges(project), a.uniqueId, b.uniqueId, byId);
  if (!path) return undeclared(input, a, b, asked, byId);
  const steps = path.map((e) => step(e, byId));
  const lead = path.length === 1
    ? `${steps[0].text} joins ${asked}: ${steps[0].many}.`
    : `${asked} are joined through ${path.length - 1 === 1 ? 'one table' : `${path.length - 1} tables`}: ${steps.map((s) => s.text).join('; ')}.`;
  const evidence = path.length > 1 ? [...steps.map((s) => `- ${s.many}`), ''] : [];
  evidence.push('In a dbt model:', '```sql', ...joinSql(path, byId, a), '```');
  const about = [...new Set(path.flatMap((e) => [e.from.node, e.to.node]))].map((id) => byId.get(id)).filter((n): n is DbtNode => !!n);
  return { lead, evidence, about };
}

/**
 * No declared key joins them (most real projects declare few): the keys the Conceptualizer infers, and
 * the joins the project's own models write between the two — how the project joins them — each with
 * its evidence; only with neither, the columns both have.
 */
function undeclared(input: KindInput, a: DbtNode, b: DbtNode, asked: string, byId: Map<string, DbtNode>): Direct {
  const { project } = input;
  const none = `No declared key joins ${asked} within ${MAX_STEPS} steps: no relationships test, foreign_key or constraint connects them`;
  const c = conceptual();
  let inferred: InferredEdge[] = [];
  try { inferred = c ? c.inferredEdges(project).edges : []; } catch { /* the inference failed: the SQL's joins still say something */ }
  const path = inferred.length ? shortestPath(inferred.map(asGraphEdge), a.uniqueId, b.uniqueId, byId) : undefined;
  const written = joinsBetween(project, a.name, b.name);
  const writtenLines = written.slice(0, SHOWN_JOINS).map((j) => `- ${q(j.model.name)} joins them on ${q(`${a.name}.${j.a}`)} = ${q(`${b.name}.${j.b}`)} (${at(j.model.sqlPath, j.line)})`);
  if (written.length > SHOWN_JOINS) writtenLines.push(`- … and ${written.length - SHOWN_JOINS} more`);
  if (path) {
    const byEdge = new Map(inferred.map((e) => [`${e.from.node}.${e.from.column}>${e.to.node}.${e.to.column}`, e]));
    const steps = path.map((g) => {
      const e = byEdge.get(`${g.from.node}.${g.from.column}>${g.to.node}.${g.to.column}`)!;
      return `${q(`${byId.get(e.from.node)?.name}.${e.from.column}`)} → ${q(`${byId.get(e.to.node)?.name}.${e.to.column}`)} (inferred: ${e.evidence.rule}, ${Math.round(e.evidence.confidence * 100)} %)`;
    });
    const evidence = ['Inferred, not declared: a relationships test on the column would declare it (`modeler agents conceptualize` lists the evidence).', ''];
    if (writtenLines.length) evidence.push('The project\'s models join them so:', ...writtenLines, '');
    evidence.push('In a dbt model:', '```sql', ...joinSql(path, byId, a), '```');
    const between = [...new Set(path.flatMap((g) => [g.from.node, g.to.node]))].filter((id) => id !== a.uniqueId && id !== b.uniqueId).map((id) => q(byId.get(id)?.name ?? id));
    return { lead: `${none}; the keys the Conceptualizer infers join them${between.length ? ` through ${list(between)}` : ''}: ${steps.join('; ')}.`, evidence, about: [a, b, ...written.slice(0, SHOWN_JOINS).map((j) => j.model)] };
  }
  if (written.length) {
    const top = written[0];
    // (one join is the lead itself: listed only when there are more)
    const evidence = [...(written.length > 1 ? ['The project\'s models join them so:', ...writtenLines, ''] : []), 'In a dbt model:', '```sql',
      `from {{ ref('${a.name}') }} as t1`, `join {{ ref('${b.name}') }} as t2 on t1.${top.a} = t2.${top.b}`, '```'];
    return { lead: `${none}; the project's own SQL joins them on ${q(`${a.name}.${top.a}`)} = ${q(`${b.name}.${top.b}`)} (${at(top.model.sqlPath, top.line)}, in ${q(top.model.name)}).`, evidence, about: [a, b, ...written.slice(0, SHOWN_JOINS).map((j) => j.model)] };
  }
  // the columns both have, as YAML lists them or the SQL returns them (most real projects list few)
  const cols = (n: DbtNode) => { let sql: string[] = []; try { sql = projectColumns(project).of(n).map((x) => x.name); } catch { /* unreadable SQL */ } return new Set([...n.columns.map((x) => x.name), ...sql].map((x) => x.toLowerCase())); };
  const inB = cols(b);
  const shared = [...cols(a)].filter((x) => /_id$|_key$|_uuid$|^id$/i.test(x) && inB.has(x)).map(q);
  return { lead: `${none}.`, evidence: shared.length ? [`Both have ${list(shared)}, which may join them, but no test or constraint says so.`] : [], cannot: true };
}

const SHOWN_JOINS = 6;

const asGraphEdge = (e: InferredEdge): GraphEdge => ({ kind: 'foreign_key', from: e.from, to: e.to, via: e.via });

/**
 * One table named: twice ("how are orders linked to orders?") is the same table; once, the other
 * side names no table ("… linked to unicorns?"), which is said before what references the one named
 * rather than answering as if that had been the question.
 */
function oneTable(input: KindInput): Direct | undefined {
  const said = oneOfTwo(input, 'a join');
  const refs = referencesAnswer(input);
  if (!said) return refs;
  if (said.startsWith('Both sides') || !refs) return { lead: said, evidence: [] };
  return { lead: said, evidence: [`What references ${q(input.subject.node!.name)}: ${refs.lead}`, ...refs.evidence] };
}

/** Three tables or more ("how are patients linked to procedures and claims?"): the first with each of the others. */
function morePairs(input: KindInput, nodes: DbtNode[]): Direct | undefined {
  const parts = nodes.slice(1).map((other) => joinPathAnswer({ ...input, subject: { ...input.subject, node: nodes[0], nodes: [nodes[0], other] } }));
  const [first, ...rest] = parts;
  if (!first) return undefined;
  const evidence = [...first.evidence];
  for (const p of rest) if (p) evidence.push('', p.lead, ...p.evidence);
  return { lead: first.lead, evidence, cannot: parts.every((p) => p?.cannot) || undefined };
}

interface Step { text: string; many: string }

function step(e: GraphEdge, byId: Map<string, DbtNode>): Step {
  const f = byId.get(e.from.node)!, t = byId.get(e.to.node)!;
  const col = e.from.column ?? '';
  const d = foreignKeysOf(f).find((k) => k.column === col);
  const kind = e.kind === 'relationship' ? 'relationships test' : 'declared foreign key';
  const text = `${q(`${f.name}.${col}`)} → ${q(`${t.name}.${e.to.column ?? col}`)} (${kind}, ${at(d?.file ?? f.file, d?.line)})`;
  return { text, many: `each ${q(f.name)} row has one ${q(t.name)} row; a ${q(t.name)} row has any number of ${q(f.name)} rows` };
}

/** The fewest key steps between two tables, either way along each key; ties go to the path through earlier layers (staging). */
function shortestPath(edges: GraphEdge[], from: string, to: string, byId: Map<string, DbtNode>): GraphEdge[] | undefined {
  const around = new Map<string, GraphEdge[]>();
  for (const e of edges) {
    if (e.from.node === e.to.node) continue;
    for (const k of [e.from.node, e.to.node]) { const l = around.get(k); if (l) l.push(e); else around.set(k, [e]); }
  }
  const rank = (id: string) => layerRank(byId.get(id));
  let frontier: { at: string; path: GraphEdge[]; cost: number }[] = [{ at: from, path: [], cost: 0 }];
  const seen = new Set([from]);
  for (let depth = 0; depth < MAX_STEPS && frontier.length; depth++) {
    const next: typeof frontier = [];
    for (const f of frontier) {
      for (const e of around.get(f.at) ?? []) {
        const other = e.from.node === f.at ? e.to.node : e.from.node;
        if (seen.has(other) && other !== to) continue;
        next.push({ at: other, path: [...f.path, e], cost: f.cost + (other === to ? 0 : rank(other)) });
      }
    }
    const done = next.filter((n) => n.at === to).sort((x, y) => x.cost - y.cost || x.path.length - y.path.length);
    if (done.length) return done[0].path;
    for (const n of next) seen.add(n.at);
    // one way to each table (the cheapest), so a hub does not multiply the frontier
    const best = new Map<string, (typeof frontier)[number]>();
    for (const n of next) { const o = best.get(n.at); if (!o || n.cost < o.cost) best.set(n.at, n); }
    frontier = [...best.values()];
  }
  return undefined;
}

/** `from ref('a') join ref('b') on …` for the path, with one-letter aliases. */
function joinSql(path: GraphEdge[], byId: Map<string, DbtNode>, start: DbtNode): string[] {
  const alias = new Map<string, string>();
  const name = (id: string) => { let x = alias.get(id); if (!x) { x = `t${alias.size + 1}`; alias.set(id, x); } return x; };
  const refOf = (n: DbtNode) => (n.resourceType === 'source' ? `{{ source('${n.sourceName}', '${n.tableName ?? n.name}') }}` : `{{ ref('${n.name}') }}`);
  const lines = [`from ${refOf(start)} as ${name(start.uniqueId)}`];
  let here = start.uniqueId;
  for (const e of path) {
    const other = e.from.node === here ? e.to.node : e.from.node;
    const fromCol = e.from.column ?? '', toCol = e.to.column ?? fromCol;
    const n = byId.get(other)!;
    const x = name(other);
    lines.push(`join ${refOf(n)} as ${x} on ${name(e.from.node)}.${fromCol} = ${name(e.to.node)}.${toCol}`);
    here = other;
  }
  return lines;
}
