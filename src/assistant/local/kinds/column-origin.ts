// Where a column comes from: the line of the model's SQL that returns it, how its value is made
// (passed through, renamed, computed, aggregated, a literal) and the columns of the tables it
// reads — the model's columns as its SQL returns them (core/columns), one step up, not a trace.
import { columnSteps, madeSteps } from '../../../core/columns/column-steps.js';
import { projectColumns } from '../../../core/columns/project-columns.js';
import { didYouMean } from '../../../core/suggest.js';
import type { DbtNode, Project } from '../../../core/project/types.js';
import { lineageOf, type ColumnLineage } from '../../../lineage/index.js';
import { ASKS_IMPACT, columnImpactAnswer } from './column-impact.js';
import { upstreamAnswer } from './lineage.js';
import { at, cannot, colAt, esc, lineIn, list, q, where, type Direct, type KindInput } from './shared.js';

const HOW: Record<string, string> = {
  passthrough: 'passes through unchanged from', rename: 'is renamed from', transform: 'is computed from',
  aggregate: 'is aggregated from', literal: 'is a literal value',
};

export function columnOriginAnswer(input: KindInput): Direct | undefined {
  const { project, subject } = input;
  const n = subject.node;
  const name = subject.column?.name ?? subject.columnName;
  if (!n) return undefined;
  if (!name && subject.missingColumn) return missingColumnAnswer(input, n, subject.missingColumn);
  if (!name) return upstreamAnswer(input);
  if (FEEDS.test(input.message)) return feedsAnswer(project, n, name);
  if (n.resourceType === 'source') {
    return { lead: `${q(`${n.name}.${name}`)} is a column of the source table ${q(n.name)}: it is loaded into the warehouse outside dbt, nothing in the project computes it (${subject.column ? colAt(n, subject.column) : where(n)}).`, evidence: [] };
  }
  if (n.resourceType === 'seed') return { lead: `${q(`${n.name}.${name}`)} is a column of the seed ${q(n.name)}: its values are in the CSV file (${at(n.sqlPath ?? n.file)}).`, evidence: [] };
  let reading;
  let col;
  try {
    const pc = projectColumns(project);
    reading = pc.sql(n);
    col = pc.of(n).find((c) => c.name.toLowerCase() === name.toLowerCase());
  } catch { /* unreadable SQL: said below */ }
  const out = reading?.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  // a column the SQL never names comes through a `select *`: no line of its own
  // (word bounds of any script: \b is ASCII's, and "名前" has none)
  const named = lineIn(project, n.sqlPath, new RegExp(`(?<![\\p{L}\\p{N}_])${esc(name)}(?![\\p{L}\\p{N}_])`, 'iu'));
  const sqlAt = named ? at(n.sqlPath, col?.sql_line ?? named) : `${at(n.sqlPath)}, through a select *`;
  if (!out) {
    // a name typed wrong: the nearest other column the model has, as `modeler lineage` suggests it
    // (never the name asked: a column documented in YAML that the SQL does not return is in the
    // YAML's list, and "did you mean the same name?" tells nothing)
    const near = didYouMean(name, [...(reading?.columns ?? []).map((c) => c.name), ...n.columns.map((c) => c.name)].filter((c) => c.toLowerCase() !== name.toLowerCase()));
    const up = upstreamAnswer(input);
    if (subject.column && reading?.status === 'complete') {
      // documented, but the SQL read completely does not return it: a stale YAML entry, or a column renamed in the SQL
      return cannot(`${q(`${n.name}.${name}`)} is documented in YAML (${colAt(n, subject.column)}) but the SQL of ${q(n.name)} does not return it (${at(n.sqlPath ?? n.file)}): the YAML entry is stale or the column is named otherwise in the SQL${near ? `; did you mean ${q(`${n.name}.${near}`)}?` : '.'}`,
        up && !up.cannot ? [up.lead.replace(/ \(at model level[^)]*\)/, '')] : []);
    }
    const why = reading?.status === 'unknown' ? `its SQL could not be read${reading.gaps[0] ? ` (${reading.gaps[0]})` : ''}` : `its SQL as read does not return ${q(name)}`;
    return cannot(`I cannot tell where ${q(`${n.name}.${name}`)} comes from: ${why} (${at(n.sqlPath ?? n.file)})${near && reading?.status !== 'unknown' ? `; did you mean ${q(`${n.name}.${near}`)}?` : '.'}`, up && !up.cannot ? [up.lead.replace(/ \(at model level[^)]*\)/, '')] : []);
  }
  // one name once: a model read under two aliases (joined twice) is one input to the reader
  const names = [...new Set(out.sources.map((s) => `${q(`${relName(project, s.relation)}.${s.column}`)}`))];
  const how = HOW[out.kind] ?? 'comes from';
  const lead = out.kind === 'literal'
    ? `${q(`${n.name}.${name}`)} is a literal value in its SQL (${sqlAt}).`
    : names.length
      ? `${q(`${n.name}.${name}`)} ${how} ${list(names)} in the SQL of ${q(n.name)} (${sqlAt}).`
      : `${q(`${n.name}.${name}`)} is returned by the SQL of ${q(n.name)} (${sqlAt}, ${out.kind}); the columns it is made from could not be traced${out.unresolved ? ` (${out.unresolved})` : ''}.`;
  const evidence: string[] = madeBy(project, n, name);
  if (out.type) evidence.push(`Type: ${out.type}${out.typeFrom === 'cast' ? ' (an explicit cast)' : ' (from the column it reads)'}.`);
  if (subject.column) evidence.push(`Documented at ${colAt(n, subject.column)}.`);
  else evidence.push(`Not documented in YAML (${where(n)}); known from the SQL only.`);
  if (reading?.via) evidence.push(`Read from the ${reading.via} SQL.`);
  return { lead, evidence };
}

const SHOWN_STEPS = 6;
const MAX_GROUP = 160;

/**
 * How the column is made in the model's own file, as written: its select item and the items of
 * the CTEs it reads (`sum(payments.amount)` in `order_totals`, grouped by …), one line each;
 * nothing when the only step passes a column through.
 */
function madeBy(project: Project, n: DbtNode, name: string): string[] {
  if (!n.sqlPath) return [];
  let text: string;
  try { text = project.readText(n.sqlPath); } catch { return []; }
  const steps = madeSteps(columnSteps(text, name));
  if (!steps.length) return [];
  let lastGroup: string | undefined;
  const lines = steps.slice(0, SHOWN_STEPS).map((s) => {
    const group = s.groupBy === undefined ? '' : s.groupBy === lastGroup ? ', grouped by the same'
      : `, grouped by ${q(s.groupBy.length > MAX_GROUP ? `${s.groupBy.slice(0, MAX_GROUP - 1)}…` : s.groupBy)}`;
    if (s.groupBy !== undefined) lastGroup = s.groupBy;
    return `- Line ${s.line}${s.scope ? `, in ${q(s.scope)}` : ''}${s.branch ? `, branch ${s.branch} of the union` : ''}: ${q(s.text)}${group}.`;
  });
  if (steps.length > SHOWN_STEPS) lines.push(`- … and ${steps.length - SHOWN_STEPS} more step(s) in ${n.sqlPath}.`);
  // a list of its own (the blank line ends it): the evidence after it stays plain lines
  return [`How it is made in ${n.sqlPath}:`, ...lines, ''];
}

// "what does X feed", "where does it go": the columns downstream, from the column lineage
const FEEDS = /\bwhat (does|do) .* feed\b|\bfeeds? into\b|\bwhere does .* go\b|\bwhat (uses|reads)\b|\bdownstream\b/i;

/** What a named column feeds ("what uses orders.customer_id"): its column lineage one hop down; undefined without a column. */
export function columnFeedsAnswer({ project, subject, message }: KindInput): Direct | undefined {
  const name = subject.column?.name ?? subject.columnName;
  if (!subject.node || !name) return undefined;
  return ASKS_IMPACT.test(message) ? columnImpactAnswer(project, subject.node, name) : feedsAnswer(project, subject.node, name);
}

function feedsAnswer(project: Project, n: DbtNode, name: string): Direct {
  const address = `${n.name}.${name}`;
  let l: ColumnLineage;
  try { l = lineageOf(project, address, { depth: 1 }) as ColumnLineage; } catch (e) { return cannot(`I cannot tell what ${q(address)} feeds: ${String((e as Error).message)}.`, []); }
  if (!l.downstream.length) {
    return { lead: `No column of another model is made from ${q(address)}${l.influence.length ? '' : ''} (${at(n.sqlPath ?? n.file)}); nothing downstream reads its value.`, evidence: [] };
  }
  const each = l.downstream.map((d) => `${q(`${d.node}.${d.column}`)} (${d.kind}, ${at(d.file, d.line)})`);
  return { lead: `${q(address)} feeds ${list(each)}.`, evidence: ['From the column lineage of the project\'s SQL (`modeler lineage` shows every depth).'] };
}

const names = new WeakMap<Project, Map<string, string>>();
function relName(project: Project, id: string): string {
  let m = names.get(project);
  if (!m) {
    m = new Map();
    for (const n of [...project.models, ...project.sources, ...project.seeds, ...project.snapshots] as DbtNode[]) m.set(n.uniqueId, n.name);
    names.set(project, m);
  }
  return m.get(id) ?? id;
}

/**
 * A column the table does not have: said so, with the name it most likely means and the columns
 * that share a word with it — not the table's upstream models, which answered a question not asked.
 */
export function missingColumnAnswer(input: KindInput, n: DbtNode, name: string): Direct {
  const { project } = input;
  let sqlCols: string[] = [];
  try { sqlCols = projectColumns(project).of(n).map((c) => c.name); } catch { /* unreadable SQL: the YAML's list only */ }
  const all = [...new Set([...n.columns.map((c) => c.name), ...sqlCols])];
  const near = didYouMean(name, all);
  // ranked by the words shared, a rare word counting more: order_value_usd's `value` and `usd` before the `order` most columns of fact_orders carry
  const parts = name.toLowerCase().split('_').filter((p) => p.length > 2);
  const words = new Map(all.map((c) => [c, new Set(c.toLowerCase().split('_'))]));
  const weight = new Map(parts.map((p) => [p, 1 / Math.max(1, all.filter((c) => words.get(c)!.has(p)).length)]));
  const score = (c: string) => parts.reduce((t, p) => t + (words.get(c)!.has(p) ? weight.get(p)! : 0), 0);
  const sharing = all.filter((c) => c !== near && score(c) > 0).sort((a, b) => score(b) - score(a));
  const places = [n.file ? `its YAML (${at(n.file, n.line)})` : '', n.sqlPath ? `its SQL (${at(n.sqlPath)})` : ''].filter(Boolean);
  const said = places.length === 2 ? `neither ${places[0]} nor ${places[1]} names it` : `${places[0] ?? 'its file'} does not name it`;
  const lead = `${q(n.name)} has no column ${q(name)}: ${said}${near ? `; did you mean ${q(`${n.name}.${near}`)}?` : '.'}`;
  // the name suggested may be the only one sharing a word (billed_amt → billed_amount): "none shares a word" would contradict it
  const nearShares = near !== undefined && score(near) > 0;
  const evidence = sharing.length ? [`${nearShares ? 'Other columns' : 'Columns'} of ${q(n.name)} that share a word with ${q(name)}, the closest first: ${list(sharing.map(q), 8)}.`]
    : [`${q(n.name)} has ${all.length} columns; ${nearShares ? `none but ${q(near)}` : 'none'} shares a word with ${q(name)}.`];
  return { lead, evidence, cannot: true };
}
