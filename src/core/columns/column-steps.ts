// How one output column of a model is made inside its own file, step by step: the select item
// that returns it and, through the CTEs and subqueries that item reads, the items those name, as
// the user wrote them (Jinja as written), each with its line and, for an aggregate, its GROUP BY.
// "How is lifetime_value calculated?" wants `sum(payments.amount)` in `order_totals`, not only
// the column it is made from. Read from the file's tokens (select-lines.ts), no parser: a step
// the tokens cannot follow (a macro, a name no CTE returns) ends the walk there.
import { AGGREGATES } from '../sql-columns/aggregates.js';
import { ctesOf, firstSelect, fromRelations, isName, listItems, skipParens, tokens, type Tok } from './select-lines.js';

export interface ColumnStep {
  /** the CTE or subquery alias the item is in; absent for the select that returns the model's rows */
  scope?: string;
  line: number;
  /** the item as written, whitespace collapsed (long ones cut with …) */
  text: string;
  /** the GROUP BY of the item's select, when the item aggregates (positions written out as their items) */
  groupBy?: string;
  /** in a UNION (or another set operation), which branch's select the item is in, from 1 */
  branch?: number;
  /** the item only passes a column on under its own name (`o.amount`): nothing is made there */
  passthrough?: boolean;
}

const MAX_STEPS = 12;
const MAX_BRANCHES = 6;
const SET_OPS = new Set(['union', 'intersect', 'except', 'minus']);
const MAX_TEXT = 200;
const GROUP_END = new Set(['having', 'qualify', 'order', 'limit', 'union', 'intersect', 'except', 'minus', 'window', ';']);

/** The steps that make `column` in the SQL file `text`, the outermost first; empty when no item names it. */
export function columnSteps(text: string | undefined, column: string): ColumnStep[] {
  if (text === undefined) return [];
  const ts = tokens(text);
  const ctes = new Map<string, number>();
  ctesOf(ts, 0, ts.length, ctes);
  const steps: ColumnStep[] = [];
  const seen = new Set<string>();
  // the tokens as written, one space where the file has space or a comment between them
  const quote = (a: number, b: number) => {
    let s = '';
    for (let i = a; i < b; i++) s += (i > a && ts[i].start > ts[i - 1].end ? ' ' : '') + text.slice(ts[i].start, ts[i].end).replace(/\s+/g, ' ');
    return s.length > MAX_TEXT ? `${s.slice(0, MAX_TEXT - 1)}…` : s;
  };

  // the select at token `at` (in `scope`): find the item naming `name`, or hop through its `*`;
  // in a UNION (or another set operation) every branch's item at that position makes the column
  const walk = (at: number, name: string, scope: string | undefined, hops: number): void => {
    if (at < 0 || hops > 20 || steps.length >= MAX_STEPS || seen.has(`${at}:${name}`)) return;
    seen.add(`${at}:${name}`);
    const first = listItems(ts, at);
    const relsAt = (end: number) => (ts[end]?.low === 'from' ? fromRelations(ts, end + 1) : []);
    const into = (rel: { name?: string; body?: number; alias?: string }, col: string, h: number) => {
      const body = rel.body ?? (rel.name !== undefined ? ctes.get(rel.name) : undefined);
      if (body === undefined) return;
      ctesOf(ts, body, ts.length, ctes); // the CTE's own WITH, if it has one
      walk(firstSelect(ts, body), col, rel.body !== undefined ? rel.alias ?? 'a subquery' : rel.name, h);
    };
    // whether a relation of this file (a CTE, a subquery) is seen to return `col`: an item naming it, or a `*` over one that does
    const returns = (rel: { name?: string; body?: number }, col: string, depth: number): boolean => {
      const body = rel.body ?? (rel.name !== undefined ? ctes.get(rel.name) : undefined);
      const sel = body === undefined || depth > 8 ? -1 : firstSelect(ts, body);
      if (sel < 0) return false;
      const { items, end } = listItems(ts, sel);
      if (items.some(([c, d]) => outputName(ts, c, d) === col)) return true;
      return items.some(([, d]) => ts[d - 1].v === '*') && relsAt(end).some((r) => returns(r, col, depth + 1));
    };
    const k = name.toLowerCase();
    const idx = first.items.findIndex(([a, b]) => outputName(ts, a, b) === k);
    if (idx < 0) {
      // `select *` (or `t.*`) passes the name on from its relation: no step of its own
      const star = first.items.find(([a, b]) => ts[b - 1].v === '*');
      if (!star) return;
      const rels = relsAt(first.end);
      const q = ts[star[1] - 2]?.v === '.' ? ts[star[1] - 3]?.low : undefined;
      const rel = q !== undefined ? rels.find((r) => r.alias === q || r.name === q) : rels.length === 1 ? rels[0] : undefined;
      if (rel) into(rel, name, hops + 1);
      return;
    }
    const branches = [at, ...laterBranches(ts, first.end)];
    branches.slice(0, MAX_BRANCHES).forEach((bAt, n) => {
      const { items, end } = n === 0 ? first : listItems(ts, bAt);
      const item = items[idx];
      if (!item || ts[item[1] - 1].v === '*' || steps.length >= MAX_STEPS) return;
      const [a, b] = item;
      const rels = relsAt(end);
      const aggregate = aggregates(ts, a, b);
      const groupBy = aggregate ? groupByOf(ts, end, items, quote) : undefined;
      const passthrough = branches.length === 1 && (b - a === 1 || (b - a === 3 && ts[a + 1].v === '.'));
      steps.push({ ...(scope !== undefined ? { scope } : {}), ...(branches.length > 1 ? { branch: n + 1 } : {}), line: ts[a].line, text: quote(a, b),
        ...(groupBy ? { groupBy } : {}), ...(passthrough ? { passthrough } : {}) });
      // the columns the item reads, into the CTEs and subqueries they come from; a bare name an
      // earlier item of this select makes, that no relation here returns, is that item (a lateral
      // alias: Snowflake's `sum(x) as used, used / total as pct`), a step of the same select
      for (const ref of columnRefs(ts, a, b)) {
        if (ref.qualifier === undefined && branches.length === 1 && ref.name !== k
          && items.some(([c, d], i) => i < idx && outputName(ts, c, d) === ref.name)
          && !rels.some((r) => returns(r, ref.name, 0))) {
          walk(bAt, ref.name, scope, hops + 1);
          continue;
        }
        const byQualifier = ref.qualifier !== undefined ? rels.filter((r) => r.alias === ref.qualifier || (r.alias === undefined && r.name === ref.qualifier)) : rels;
        for (const rel of byQualifier.length === 1 || ref.qualifier !== undefined ? byQualifier.slice(0, 1) : byQualifier) into(rel, ref.name, hops + 1);
      }
    });
  };

  // the select that returns the rows: through `select * from final` chains without a step
  walk(firstSelect(ts, 0), column, undefined, 0);
  return steps;
}

/**
 * The steps worth showing a user asking how a column is made: the outermost and every one that
 * makes something (a pass-through inside is no step of its own); none when all it does is pass a
 * column on.
 */
export function madeSteps(steps: readonly ColumnStep[]): ColumnStep[] {
  const shown = steps.filter((s, i) => i === 0 || !s.passthrough);
  return shown.length === 1 && shown[0].passthrough ? [] : shown;
}

/** The selects of the branches after the select list ending at `end`, in a set operation at its depth. */
function laterBranches(ts: Tok[], end: number): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let j = end; j < ts.length; j++) {
    const t = ts[j];
    if (t.v === '(') { depth++; continue; }
    if (t.v === ')') { if (depth === 0) break; depth--; continue; }
    if (t.v === ';' && depth === 0) break;
    if (depth !== 0 || t.kind !== 'word' || !SET_OPS.has(t.low)) continue;
    let k = j + 1;
    while (ts[k] && ['all', 'distinct', 'by', 'name'].includes(ts[k].low)) k++;
    const at = ts[k]?.low === 'select' ? k : ts[k]?.v === '(' ? firstSelect(ts, k + 1) : -1;
    if (at >= 0) { out.push(at); j = at; }
  }
  return out;
}

/** The lower-cased name an item returns: its alias, or the column it passes on; undefined for an expression without one. */
function outputName(ts: Tok[], a: number, b: number): string | undefined {
  const last = ts[b - 1], prev = ts[b - 2];
  if (!isName(last) || last.kind === 'jinja' || last.templ) return undefined;
  if (b - a === 1 || prev?.low === 'as' || prev?.v === '.' || prev?.v === ')' || isName(prev) || prev?.kind === 'str') return last.low;
  return undefined;
}

/** The column names an item reads: `q.c` and bare names that are no function, keyword or the item's own alias. */
function columnRefs(ts: Tok[], a: number, b: number): { qualifier?: string; name: string }[] {
  const out: { qualifier?: string; name: string }[] = [];
  // the alias after `as` (or after the expression, bare) is the item's own name, not a read
  const last = b - 1;
  const aliasAt = b - a > 1 && isName(ts[last]) && (ts[last - 1]?.low === 'as' || ts[last - 1]?.v === ')' || ts[last - 1]?.kind === 'str' || isName(ts[last - 1])) && ts[last - 1]?.v !== '.' ? last : -1;
  for (let i = a; i < b; i++) {
    const t = ts[i];
    if (i === aliasAt || !isName(t) || t.kind === 'jinja') continue;
    if (ts[i + 1]?.v === '(') { if (ts[i - 1]?.v !== '.') continue; } // a function
    if (ts[i - 1]?.low === 'as' && ts[i - 2] && i !== aliasAt) continue; // a type in cast(x as t)
    if (ts[i + 1]?.v === '.') {
      // q.c (the last two parts of a longer name)
      let j = i;
      while (ts[j + 1]?.v === '.' && isName(ts[j + 2])) j += 2;
      out.push({ qualifier: ts[j - 2].low, name: ts[j].low });
      i = j;
      continue;
    }
    if (t.kind === 'word' && KEYWORDS.has(t.low)) continue;
    out.push({ name: t.low });
  }
  return out;
}

const KEYWORDS = new Set(['as', 'case', 'when', 'then', 'else', 'end', 'and', 'or', 'not', 'null', 'is', 'in', 'like', 'ilike', 'between', 'distinct',
  'true', 'false', 'over', 'partition', 'by', 'order', 'asc', 'desc', 'rows', 'range', 'unbounded', 'preceding', 'following', 'current', 'row',
  'interval', 'day', 'days', 'month', 'months', 'year', 'years', 'hour', 'minute', 'second', 'week', 'quarter', 'date', 'timestamp', 'filter', 'where',
  'within', 'group', 'nulls', 'first', 'last', 'ignore', 'respect', 'from', 'for', 'exists', 'any', 'all', 'some', 'escape', 'collate', 'at', 'zone']);

/** The GROUP BY of the select whose list ends at token `end`, its positions (`group by 1`) written out as their items. */
function groupByOf(ts: Tok[], end: number, items: [number, number][], quote: (a: number, b: number) => string): string | undefined {
  let depth = 0;
  for (let j = end; j < ts.length; j++) {
    const t = ts[j];
    if (t.v === '(') { depth++; continue; }
    if (t.v === ')') { if (depth === 0) return undefined; depth--; continue; }
    if (depth !== 0 || t.kind !== 'word') continue;
    if (t.low === 'select' || t.low === 'with') return undefined;
    if (t.low !== 'group' || ts[j + 1]?.low !== 'by') continue;
    const parts: string[] = [];
    let from = j + 2, d = 0, k = from;
    for (; k < ts.length; k++) {
      const u = ts[k];
      if (u.v === '(') { d++; continue; }
      if (u.v === ')') { if (d === 0) break; d--; continue; }
      if (d !== 0) continue;
      if (u.v === ',') { if (k > from) parts.push(groupPart(ts, from, k, items, quote)); from = k + 1; continue; }
      if (u.v === ';' || (u.kind === 'word' && GROUP_END.has(u.low))) break;
    }
    if (k > from) parts.push(groupPart(ts, from, k, items, quote));
    // `group by all` (Snowflake, Databricks, DuckDB): every item that does not aggregate, written out
    if (parts.length === 1 && parts[0].toLowerCase() === 'all') {
      // an item that reads an earlier aggregate by its alias (`sum(x) as total, total / 7 as daily`) aggregates too
      const summed = new Set<string>();
      const plain = items.filter(([a, b]) => {
        const agg = aggregates(ts, a, b) || columnRefs(ts, a, b).some((r) => r.qualifier === undefined && summed.has(r.name));
        const name = outputName(ts, a, b);
        if (agg && name !== undefined) summed.add(name);
        return !agg && ts[b - 1].v !== '*';
      });
      if (plain.length) return plain.map((item) => withoutAlias(ts, item, quote)).join(', ');
    }
    return parts.join(', ') || undefined;
  }
  return undefined;
}

function groupPart(ts: Tok[], a: number, b: number, items: [number, number][], quote: (a: number, b: number) => string): string {
  if (b - a === 1 && /^[0-9]+$/.test(ts[a].v)) {
    const item = items[Number(ts[a].v) - 1];
    if (item) return withoutAlias(ts, item, quote);
  }
  return quote(a, b);
}

/** An item as written without its alias: `orders.customer_id`, `date_trunc('day', ordered_at)`. */
function withoutAlias(ts: Tok[], item: [number, number], quote: (a: number, b: number) => string): string {
  const alias = outputName(ts, item[0], item[1]);
  const cut = alias !== undefined && item[1] - item[0] > 1 && ts[item[1] - 2]?.v !== '.' ? (ts[item[1] - 2]?.low === 'as' ? 2 : 1) : 0;
  return quote(item[0], item[1] - cut);
}

/** Whether the tokens a..b call an aggregate function. */
function aggregates(ts: Tok[], a: number, b: number): boolean {
  return ts.slice(a, b).some((t, i, all) => t.kind === 'word' && AGGREGATES.has(t.low) && all[i + 1]?.v === '(');
}
