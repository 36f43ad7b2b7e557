// Resolve a query's shape to its output columns: each SELECT's scope (the relations of its FROM,
// by alias), CTEs and subqueries resolved first, `*` and `t.*` expanded from the columns of known
// relations (minus EXCLUDE/EXCEPT, with REPLACE and RENAME), set operations by position (or by
// name). Every output column says where its value comes from: the base relations' columns
// (through CTEs and subqueries) and how (`passthrough`, `rename`, `transform`, `aggregate`,
// `literal`). A name that cannot be known — `*` over a relation whose columns are unknown, an
// unaliased expression, a placeholder left by the renderer — is a gap with its reason, never a guess.
import type { ColumnUse, ExprShape, FromItem, Ident, Item, QueryShape, SelectShape, SetShape } from './query-shape.js';

export type EdgeKind = 'passthrough' | 'rename' | 'transform' | 'aggregate' | 'literal';

/** A column of a base relation (a table the caller resolved: a model, seed or source). */
export interface BaseColumn {
  /** the caller's id of the relation (e.g. a dbt unique id), else its name as written */
  relation: string;
  column: Ident;
  kind: EdgeKind;
}

export interface OutputColumn {
  name: Ident;
  /** an explicit cast's type, else (for a passthrough or rename) the source column's type */
  type?: string;
  typeFrom?: 'cast' | 'source';
  kind: EdgeKind;
  /** the base columns its value comes from */
  sources: BaseColumn[];
  /** influence that is not the value (join keys, filters) is not traced here */
  unresolved?: string;
  placeholders?: string[];
}

/** Columns that cannot be listed; `open`: whatever they are, they pass through unchanged from that relation. */
export interface Gap { gap: string; placeholders?: string[]; open?: string; /** the placeholder is the column's name (its value is known) */ named?: boolean }
export type Entry = OutputColumn | Gap;
export const isGap = (e: Entry): e is Gap => 'gap' in e;

/** What the caller knows of a table named in FROM. */
/** `more`: the columns listed may not be all (a source's YAML documents what it chooses): why. */
/** `untraced`: not a table the caller can name (a ref() to no node): no column is traced to it. */
export interface TableInfo { id: string; columns?: { name: string; type?: string }[]; reason?: string; more?: string; untraced?: boolean }
export interface TableLookup {
  (name: Ident[]): TableInfo;
  /** A column a literal of this name stands for a value the caller knows is filled in (a null a macro writes for a column the table lacks): why, else undefined. */
  knownNull?(column: Ident): string | undefined;
}

/** A base column that decides which rows there are (a join key, a filter), not any column's value. */
export interface Influence { relation: string; column: Ident; as: 'join' | 'filter' }
export interface ResolvedQuery { entries: Entry[]; influence: Influence[] }

interface Rel { names: string[]; entries?: Entry[]; reason?: string; using?: Ident[]; open?: string; fn?: Extract<FromItem['rel'], { k: 'tablefn' }> }

/** The one relation whose columns, unknown, all pass through these entries (select * over it). */
function openOf(entries: Entry[] | undefined): string | undefined {
  const gaps = (entries ?? []).filter(isGap);
  return gaps.length === 1 && gaps[0].open ? gaps[0].open : undefined;
}
type Ctes = Map<string, Entry[]>;

const low = (s: string) => s.toLowerCase();

/**
 * `lateral`: the dialect lets a select item name an earlier item's alias (Snowflake, DuckDB,
 * Redshift, Databricks: `amount / 100 as dollars, round(dollars) as whole`); its dialect file says so.
 */
export function resolveQuery(q: QueryShape, lookup: TableLookup, outer: Ctes = new Map(), sink: Influence[] = [], lateral = false, around: Rel[] = []): ResolvedQuery {
  const ctes: Ctes = new Map(outer);
  for (const c of q.ctes) {
    let entries = resolveQuery(c.query, lookup, ctes, sink, lateral).entries;
    if (c.columns) entries = renamePositions(entries, c.columns);
    ctes.set(low(c.name), entries);
  }
  return { entries: setExpr(q.body, lookup, ctes, sink, lateral, around), influence: sink };
}

function renamePositions(entries: Entry[], names: Ident[]): Entry[] {
  if (entries.some(isGap)) return entries.length ? [{ gap: 'column aliases over columns that are not known' }] : entries;
  return entries.map((e, i) => (i < names.length && !isGap(e) ? { ...e, name: names[i], kind: e.kind === 'passthrough' && low(e.name) !== low(names[i]) ? 'rename' : e.kind } : e));
}

function setExpr(s: SetShape, lookup: TableLookup, ctes: Ctes, sink: Influence[], lateral: boolean, around: Rel[] = []): Entry[] {
  switch (s.k) {
    case 'select': return select(s.select, lookup, ctes, sink, lateral, around);
    case 'query': return resolveQuery(s.query, lookup, ctes, sink, lateral, around).entries;
    case 'values': return [{ gap: 'a VALUES list: its column names are the engine\'s' }];
    case 'opaque': return [{ gap: `${s.what} is not read` }];
    case 'setop': {
      const l = setExpr(s.left, lookup, ctes, sink, lateral, around), r = setExpr(s.right, lookup, ctes, sink, lateral, around);
      if (s.byName) {
        if (l.some(isGap) || r.some(isGap)) return [...l.filter(isGap), ...r.filter(isGap)];
        const out = new Map<string, OutputColumn>();
        for (const e of [...l, ...r] as OutputColumn[]) {
          const prev = out.get(low(e.name));
          out.set(low(e.name), prev ? merge(prev, e) : e);
        }
        return [...out.values()];
      }
      // by position: the left side names the columns; each takes both sides' sources
      if (l.some(isGap)) return l;
      return l.map((e, i) => {
        const o = r[i];
        if (!o) return e;
        if (isGap(o)) return { ...(e as OutputColumn), unresolved: o.gap };
        // the right side's column takes the left side's name: a passthrough there is a rename here
        const named = low(o.name) === low((e as OutputColumn).name) ? o : { ...o, kind: worst(o.kind, 'rename'), sources: o.sources.map((x) => ({ ...x, kind: worst(x.kind, 'rename') })) };
        return merge(e as OutputColumn, named);
      });
    }
  }
}

const RANK: EdgeKind[] = ['literal', 'passthrough', 'rename', 'transform', 'aggregate'];
const worst = (a: EdgeKind, b: EdgeKind): EdgeKind => (RANK.indexOf(a) >= RANK.indexOf(b) ? a : b);

function merge(a: OutputColumn, b: OutputColumn): OutputColumn {
  const type = a.type && b.type && low(a.type) === low(b.type) ? a.type : undefined;
  return { ...a, type, typeFrom: type ? a.typeFrom : undefined, kind: worst(a.kind, b.kind), sources: [...a.sources, ...b.sources], ...(a.unresolved || b.unresolved ? { unresolved: a.unresolved ?? b.unresolved } : {}) };
}

/** `around`: the relations a subquery may read besides its own (an enclosing query's; those before a LATERAL one). */
function relationOf(f: FromItem, lookup: TableLookup, ctes: Ctes, sink: Influence[], lateral: boolean, around: Rel[] = []): Rel {
  const rel = f.rel;
  let r: Rel;
  if (rel.k === 'table') {
    const last = rel.name[rel.name.length - 1] ?? '';
    const cte = rel.name.length === 1 ? ctes.get(low(last)) : undefined;
    if (cte) r = { names: [low(last)], entries: cte };
    else {
      const info = lookup(rel.name);
      const entries: Entry[] | undefined = info.columns?.map((c) => ({ name: c.name, kind: 'passthrough', sources: [{ relation: info.id, column: c.name, kind: 'passthrough' }], ...(c.type ? { type: c.type, typeFrom: 'source' as const } : {}) }));
      if (entries && info.more) entries.push({ gap: info.more, open: info.id });
      r = { names: [low(last)], entries, reason: info.reason ?? `the columns of ${rel.name.join('.')} are not known`, ...(entries || info.untraced ? {} : { open: info.id }) };
    }
    if (cte) r.open = openOf(cte);
  } else if (rel.k === 'subquery') {
    const entries = resolveQuery(rel.query, lookup, ctes, sink, lateral, around).entries;
    r = { names: [], entries, open: openOf(entries) };
  } else if (rel.k === 'unpivot') r = unpivot(rel, relationOf(rel.of, lookup, ctes, sink, lateral));
  else if (rel.k === 'pivot') r = pivot(rel, relationOf(rel.of, lookup, ctes, sink, lateral));
  else if (rel.k === 'tablefn') r = { names: [], fn: rel, reason: `the columns of ${rel.what}() are read once the relations before it are` };
  else r = { names: [], reason: `${rel.what} is not read` };
  if (f.alias) r.names = [low(f.alias)];
  if (f.columnAliases && r.entries) r.entries = renamePositions(r.entries, f.columnAliases);
  if (f.using) r.using = f.using;
  return r;
}

/**
 * `rel UNPIVOT (v FOR n IN (a, b))`: rel's other columns pass through; `v` holds a's or b's value
 * (a transform of each); `n` holds their names, no column's value.
 */
function unpivot(u: Extract<FromItem['rel'], { k: 'unpivot' }>, inner: Rel): Rel {
  const names = u.of.alias ? [low(u.of.alias)] : inner.names;
  if (!inner.entries) return { names, reason: inner.reason };
  const listed = new Set(u.columns.map(low));
  const read = inner.entries.filter((e): e is OutputColumn => !isGap(e) && listed.has(low(e.name)));
  if (read.length !== listed.size) return { names, reason: `the unpivoted columns ${u.columns.join(', ')} are not all known` };
  const rest = inner.entries.filter((e) => isGap(e) || !listed.has(low(e.name)));
  const value: OutputColumn = { name: u.value, kind: 'transform', sources: read.flatMap((e) => e.sources.map((s) => ({ ...s, kind: worst(s.kind, 'transform') }))) };
  return { names, entries: [...rest, value, { name: u.name, kind: 'literal', sources: [] }], open: openOf(rest) };
}

/**
 * `rel PIVOT (agg(x) FOR key IN (v1, v2))`: rel's columns but those the aggregate and the key read
 * pass through (they group the rows); each value's column is `agg(x)` over the rows where key = v:
 * it reads x and key (aggregate).
 */
function pivot(p: Extract<FromItem['rel'], { k: 'pivot' }>, inner: Rel): Rel {
  const names = p.of.alias ? [low(p.of.alias)] : inner.names;
  if (!inner.entries || inner.entries.some(isGap)) return { names, reason: inner.reason ?? 'the pivoted relation\'s columns are not all known' };
  if (!p.values) return { names, reason: 'the PIVOT\'s column names are the engine\'s (ANY, a subquery or several aggregates)' };
  const read = new Set([...p.aggregate.uses, ...p.key].map((u) => low(u.name)));
  const rest = inner.entries.filter((e) => !read.has(low((e as OutputColumn).name)));
  const value = fromExpr('value', { ...p.aggregate, uses: [...p.aggregate.uses, ...p.key], aggregate: true }, [inner]);
  return { names, entries: [...rest, ...p.values.map((v) => ({ ...value, name: v }))] };
}

/** What an expression may read besides its SELECT's relations: enclosing queries' relations, and its scalar subqueries' values. */
interface Outer { around: Rel[]; sub: (q: QueryShape) => Entry[]; knownNull?: TableLookup['knownNull'] }

function select(s: SelectShape, lookup: TableLookup, ctes: Ctes, sink: Influence[], lateral: boolean, around: Rel[] = []): Entry[] {
  const rels: Rel[] = [];
  for (const f of s.from) {
    const lat = f.rel.k === 'subquery' && f.rel.lateral;
    rels.push(relationOf(f, lookup, ctes, sink, lateral, lat ? [...rels, ...around] : around));
  }
  // a scalar subquery reads its own FROM, then this SELECT's relations (correlated); its filters
  // decide its value's rows, not this query's
  const outer: Outer = { around, sub: (q) => resolveQuery({ ...q, body: valueNamed(q.body) }, lookup, ctes, [], lateral, [...rels, ...around]).entries, knownNull: lookup.knownNull };
  // a table function reads the relations before it (lateral): each column it makes is a part of its input
  for (const r of rels) {
    if (!r.fn) continue;
    const others = rels.filter((x) => x !== r);
    r.entries = [
      ...r.fn.columns.map((c): OutputColumn => {
        const e = fromExpr(c, r.fn!.input, others, undefined, outer);
        return { ...e, kind: worst(e.kind, 'transform'), sources: e.sources.map((x) => ({ ...x, kind: worst(x.kind, 'transform') })) };
      }),
      ...r.fn.counters.map((c): OutputColumn => ({ name: c, kind: 'literal', sources: [] })),
    ];
  }
  for (const [as, uses] of [['join', s.join], ['filter', s.filter]] as const) {
    for (const u of uses ?? []) for (const src of find(u, rels).entry?.sources ?? []) sink.push({ relation: src.relation, column: src.column, as });
  }
  const out: Entry[] = [];
  // earlier items by alias, for a dialect where a later item may read them
  const aliases = lateral ? new Map<string, OutputColumn>() : undefined;
  for (const it of s.items) {
    const made = item(it, rels, aliases, outer);
    out.push(...made);
    if (aliases && it.k === 'expr' && it.alias) for (const e of made) if (!isGap(e) && !aliases.has(low(e.name))) aliases.set(low(e.name), e);
  }
  return out;
}

/** A scalar subquery's one column needs no name (`(select max(x) from t)`): it is given one to be read. */
function valueNamed(b: SetShape): SetShape {
  if (b.k === 'setop') return { ...b, left: valueNamed(b.left), right: valueNamed(b.right) };
  if (b.k !== 'select') return b;
  return { ...b, select: { ...b.select, items: b.select.items.map((it) => (it.k === 'expr' && !it.name ? { ...it, name: 'value' } : it)) } };
}

/**
 * The relation a column use reads from, and its entry there; `col.field` / `t.col.field` that names
 * no relation's column is a field of a STRUCT column (BigQuery, DuckDB; an UNNEST alias's element):
 * a transform of that column.
 */
function find(use: ColumnUse, rels: Rel[], aliases?: Map<string, OutputColumn>, around: Rel[] = []): { entry?: OutputColumn; reason?: string; placeholders?: string[] } {
  const found = findColumn(use, rels, aliases, around);
  if (found.entry || !use.qualifier) return found;
  const parts = [...use.qualifier, use.name];
  for (const alt of [{ name: parts[0] }, ...(parts.length > 2 ? [{ qualifier: [parts[0]], name: parts[1] }] : [])]) {
    const f = findColumn(alt, rels, aliases, around);
    if (f.entry) return { entry: { ...f.entry, kind: worst(f.entry.kind, 'transform'), sources: f.entry.sources.map((x) => ({ ...x, kind: worst(x.kind, 'transform') })) } };
  }
  return found;
}

/**
 * Why a relation's columns are not known: its own reason (a table), else the gaps of the CTE or
 * subquery, with the macro calls not rendered behind them, so a column read from it can say which
 * macro (and why: a package not installed) rather than that some relation is unknown.
 */
function unknownColumns(r: Rel): { reason: string; placeholders?: string[] } {
  if (r.reason) return { reason: r.reason };
  const gaps = (r.entries ?? []).filter(isGap);
  const placeholders = [...new Set(gaps.flatMap((g) => g.placeholders ?? []))];
  const what = r.names[0] ? `the columns of ${r.names[0]} are not known` : 'the relation\'s columns are not known';
  return { reason: gaps.length ? `${what}: ${gaps[0].gap}` : what, ...(placeholders.length ? { placeholders } : {}) };
}

/** The relation a column use reads from, and its entry there (else an earlier item's alias: `aliases`). */
function findColumn(use: ColumnUse, rels: Rel[], aliases?: Map<string, OutputColumn>, around: Rel[] = []): { entry?: OutputColumn; reason?: string; placeholders?: string[] } {
  const name = low(use.name);
  let cands = rels;
  if (use.qualifier) {
    const q = low(use.qualifier[use.qualifier.length - 1]);
    cands = rels.filter((r) => r.names.includes(q));
    if (!cands.length) return around.length ? find(use, around) : { reason: `${use.qualifier.join('.')} is not a relation of this SELECT` };
  }
  const hits: OutputColumn[] = [];
  let unknown = 0;
  for (const r of cands) {
    const e = (r.entries ?? []).find((c): c is OutputColumn => !isGap(c) && low(c.name) === name);
    if (e) hits.push(e);
    else if (!r.entries || r.entries.some(isGap)) unknown++;
  }
  // one relation has it and the others' columns are not known: in a query that runs, an unqualified
  // name that two relations had would be ambiguous (an error) unless joined by USING, where both
  // hold the same value — so it is that relation's column, whatever the unknown ones hold
  if (hits.length === 1) return { entry: hits[0] };
  if (hits.length > 1) return cands.some((r) => r.using?.some((u) => low(u) === name)) ? { entry: hits[0] } : { reason: `${use.name} is ambiguous` };
  // no relation lists it but an earlier item is named so: a column of the relations would win, yet
  // one whose columns are not listed having a column named like an alias made of other columns is
  // far less likely than the alias the SQL was written to read
  const alias = !use.qualifier && !hits.length ? aliases?.get(name) : undefined;
  if (alias) return { entry: alias };
  // the one relation that may have columns beyond those listed (a table whose columns are not
  // listed, a source whose YAML documents only some) passes them through: the others' columns are
  // all known and lack the name, so in a query that runs it is that relation's column
  const open = unknown === 1 && !hits.length ? cands.map((r) => (r.entries && !r.entries.some(isGap) ? undefined : r.open ?? openOf(r.entries))).filter(Boolean) : [];
  if (open.length === 1) return { entry: { name: use.name, kind: 'passthrough', sources: [{ relation: open[0]!, column: use.name, kind: 'passthrough' }] } };
  if (cands.length === 1 && unknown === 1) return unknownColumns(cands[0]);
  if (unknown === 0) return around.length ? find(use, around) : { reason: `no relation of this SELECT has a column ${use.name}` };
  return { reason: `cannot tell which relation ${use.name} comes from` };
}

function fromExpr(name: Ident, e: ExprShape, rels: Rel[], aliases?: Map<string, OutputColumn>, outer?: Outer): OutputColumn {
  const sources: BaseColumn[] = [];
  const reasons: string[] = [];
  let type = e.cast, typeFrom: OutputColumn['typeFrom'] = e.cast ? 'cast' : undefined;
  let kind: EdgeKind = e.aggregate ? 'aggregate' : e.kind === 'literal' ? 'literal' : e.kind === 'column' ? 'passthrough' : 'transform';
  const behind: string[] = [];
  for (const u of e.uses) {
    const f = find(u, rels, aliases, outer?.around);
    if (!f.entry) { reasons.push(f.reason!); behind.push(...(f.placeholders ?? [])); continue; }
    // a value with no column behind it and a reason (a null filled in for a missing column): whatever reads it says why
    if (!f.entry.sources.length && f.entry.unresolved) reasons.push(f.entry.unresolved);
    for (const s of f.entry.sources) sources.push({ ...s, kind: worst(s.kind, kind === 'passthrough' && low(u.name) !== low(name) ? 'rename' : kind) });
    if (e.kind === 'column') {
      kind = worst(f.entry.kind, low(f.entry.name) !== low(name) ? 'rename' : 'passthrough');
      if (!type && f.entry.type) { type = f.entry.type; typeFrom = f.entry.typeFrom; }
    }
  }
  // a scalar subquery's value is its one column's
  for (const q of e.subqueries ?? []) {
    const first = outer?.sub(q)[0];
    if (!first || isGap(first)) { reasons.push(first ? `a scalar subquery's column is not known: ${first.gap}` : 'a scalar subquery is not read here'); continue; }
    if (first.unresolved) reasons.push(first.unresolved);
    for (const s of first.sources) sources.push({ ...s, kind: worst(s.kind, kind === 'passthrough' ? 'transform' : kind) });
  }
  if (e.kind === 'literal' && !e.placeholders?.length) { const why = outer?.knownNull?.(name); if (why) reasons.push(why); }
  if (e.kind === 'column' && e.cast) kind = worst(kind, 'transform');
  if (e.kind === 'column') for (const s of sources) s.kind = kind;
  const unresolved = e.placeholders?.length ? 'part of the expression is a macro that is not rendered' : e.subquery ? 'part of the expression is an EXISTS subquery, not traced' : reasons[0];
  // the macro calls not rendered in the expression, else those that hid the columns it reads
  const held = e.placeholders?.length ? e.placeholders : unresolved && behind.length ? [...new Set(behind)] : undefined;
  return { name, kind, sources, ...(type ? { type, typeFrom } : {}), ...(unresolved ? { unresolved } : {}), ...(held ? { placeholders: held } : {}) };
}

function item(it: Item, rels: Rel[], aliases?: Map<string, OutputColumn>, outer?: Outer): Entry[] {
  if (it.k === 'expr') {
    if (!it.alias && it.expr.placeholders?.length) return [{ gap: 'a macro that is not rendered stands where columns are listed', placeholders: it.expr.placeholders }];
    if (!it.name) return [{ gap: 'an expression without an alias (its column name is the engine\'s)' }];
    // `sum(x) as {{ slugify(v) }}` not rendered: the value is known, its name is not
    if (/^__modeler_unrendered_\d+__$/.test(it.name)) return [{ gap: 'a column whose name is made by a macro that is not rendered', placeholders: [it.name], named: true }];
    return [fromExpr(it.name, it.expr, rels, aliases, outer)];
  }
  let targets = rels;
  if (it.qualifier) {
    const q = low(it.qualifier[it.qualifier.length - 1]);
    targets = rels.filter((r) => r.names.includes(q));
    if (!targets.length) return [{ gap: `${it.qualifier.join('.')}.* names no relation of this SELECT` }];
  }
  const out: Entry[] = [];
  for (const [i, r] of targets.entries()) {
    if (!r.entries) { out.push({ gap: `select * over a relation whose columns are not known: ${r.reason}`, ...(r.open ? { open: r.open } : {}) }); continue; }
    // `a join b using (k)`: an unqualified * lists k once, from the left — from b where no relation before it lists k (a star
    // over an undocumented source: k is still a column of the result)
    const listed = (k: string) => targets.slice(0, i).some((t) => t.entries?.some((e) => !isGap(e) && low(e.name) === k));
    const skip = !it.qualifier && i > 0 ? new Set((r.using ?? []).map(low).filter(listed)) : undefined;
    for (const e of r.entries) if (isGap(e) || !skip?.has(low(e.name))) out.push(e);
  }
  const excluded = new Set(it.exclude.map(low));
  const replaced = new Map(it.replace.map((r) => [low(r.name), r]));
  const renamed = new Map(it.rename.map((r) => [low(r.from), r.to]));
  return out.filter((e) => isGap(e) || !excluded.has(low(e.name))).map((e) => {
    if (isGap(e)) return e;
    const rep = replaced.get(low(e.name));
    if (rep) return fromExpr(e.name, rep.expr, rels, undefined, outer);
    const to = renamed.get(low(e.name));
    if (to) return { ...e, name: to, kind: worst(e.kind, 'rename'), sources: e.sources.map((s) => ({ ...s, kind: worst(s.kind, 'rename') })) };
    return e;
  });
}

export { low as foldIdent };
