// The physical difference between two model versions, as `migrate` needs it: tables matched by
// entity name (or `previous_name`), columns matched by name (or `previous_name`), and keys,
// checks, foreign keys and indexes compared by signature after renames are applied.
import type { Dialect } from './dialects/base.js';
import type { PhysColumn, PhysForeignKey, PhysIndex, PhysSchema, PhysTable } from './physical.js';
import { renameColumnsInExpr } from './expr.js';
import { isNarrowing } from './type-narrowing.js';

export interface ColumnDiff {
  old: PhysColumn;
  new: PhysColumn;
  renamed: boolean;
  type: boolean;
  nullable: boolean;
  default: boolean;
  description: boolean;
  narrowing: boolean;
}

export interface TableDiff {
  old: PhysTable;
  new: PhysTable;
  renamed: boolean;
  added: PhysColumn[];
  dropped: PhysColumn[];
  columns: ColumnDiff[];
  /** kept columns keep their relative order and every added column comes after them */
  appendOnly: boolean;
  /** kept columns keep their relative order (added ones may be anywhere) */
  keptInOrder: boolean;
  pkChanged: boolean;
  uniquesDropped: PhysTable['uniques'];
  uniquesAdded: PhysTable['uniques'];
  checksDropped: PhysTable['checks'];
  checksAdded: PhysTable['checks'];
  descriptionChanged: boolean;
}

export interface SchemaDiff {
  dropped: PhysTable[];
  created: PhysTable[];
  kept: TableDiff[];
  fksDropped: PhysForeignKey[];
  fksAdded: PhysForeignKey[];
  fksKept: PhysForeignKey[];
  /** kept foreign keys: the old definition next to the new one */
  fkPairs: { old: PhysForeignKey; new: PhysForeignKey }[];
  indexesDropped: PhysIndex[];
  indexesAdded: PhysIndex[];
  indexesKept: PhysIndex[];
}

export function diffSchemas(a: PhysSchema, b: PhysSchema, d: Dialect): SchemaDiff {
  const oldByKey = new Map(a.tables.map((t) => [t.key, t]));
  const matched = new Map<string, PhysTable>(); // new key → old table
  for (const t of b.tables) {
    const o = oldByKey.get(t.key) ?? (t.previousKey && !b.tables.some((x) => x.key === t.previousKey) ? oldByKey.get(t.previousKey) : undefined);
    if (o) matched.set(t.key, o);
  }
  const usedOld = new Set([...matched.values()].map((t) => t.key));
  const dropped = a.tables.filter((t) => !usedOld.has(t.key));
  const created = b.tables.filter((t) => !matched.has(t.key));
  const kept = b.tables.filter((t) => matched.has(t.key)).map((t) => diffTable(matched.get(t.key)!, t, d));

  // Old names as they will be called after the renames, so unchanged things compare equal.
  const tableKeyMap = new Map<string, string>(); // old key → new key
  const colMap = new Map<string, Map<string, string>>(); // old key → old column → new column
  for (const k of kept) {
    tableKeyMap.set(k.old.key, k.new.key);
    colMap.set(k.old.key, new Map(k.columns.map((c) => [c.old.name, c.new.name])));
  }
  const newByKey = new Map(b.tables.map((t) => [t.key, t]));
  const mapCols = (oldKey: string, cols: string[]) => cols.map((c) => colMap.get(oldKey)?.get(c) ?? `\u0000${c}`);
  const fkSig = (fk: PhysForeignKey, tableKey: string, refKey: string, cols: string[], refCols: string[]) => {
    const t = newByKey.get(tableKey), r = newByKey.get(refKey);
    return [fk.name, t?.schema, t?.name, cols.join(','), r?.schema, r?.name, refCols.join(','), fk.onDelete ?? '', fk.onUpdate ?? ''].join('|');
  };
  const newFkSigs = new Map(b.foreignKeys.map((fk) => [fkSig(fk, fk.table, fk.refTable, fk.columns, fk.refColumns), fk]));
  const fksDropped: PhysForeignKey[] = [];
  const keptFkSigs = new Set<string>();
  const fkPairs: SchemaDiff['fkPairs'] = [];
  for (const fk of a.foreignKeys) {
    const tk = tableKeyMap.get(fk.table), rk = tableKeyMap.get(fk.refTable);
    const sig = tk && rk ? fkSig(fk, tk, rk, mapCols(fk.table, fk.columns), mapCols(fk.refTable, fk.refColumns)) : undefined;
    if (sig && newFkSigs.has(sig) && !keptFkSigs.has(sig)) { keptFkSigs.add(sig); fkPairs.push({ old: fk, new: newFkSigs.get(sig)! }); }
    else if (tk) fksDropped.push(fk); // an FK of a dropped child table goes with the table
  }
  const fksAdded = [...newFkSigs].filter(([s]) => !keptFkSigs.has(s)).map(([, fk]) => fk);
  const fksKept = [...newFkSigs].filter(([s]) => keptFkSigs.has(s)).map(([, fk]) => fk);

  const ixSig = (ix: PhysIndex, tableKey: string, cols: string[]) => {
    const t = newByKey.get(tableKey);
    return [ix.name, t?.schema, t?.name, cols.join(','), ix.unique].join('|');
  };
  const newIx = new Map(b.indexes.map((ix) => [ixSig(ix, ix.table, ix.columns), ix]));
  const keptIx = new Set<string>();
  const indexesDropped: PhysIndex[] = [];
  for (const ix of a.indexes) {
    const tk = tableKeyMap.get(ix.table);
    const sig = tk ? ixSig(ix, tk, mapCols(ix.table, ix.columns)) : undefined;
    if (sig && newIx.has(sig)) keptIx.add(sig);
    else if (tk) indexesDropped.push(ix);
  }
  const indexesAdded = [...newIx].filter(([s]) => !keptIx.has(s)).map(([, ix]) => ix);
  const indexesKept = [...newIx].filter(([s]) => keptIx.has(s)).map(([, ix]) => ix);
  return { dropped, created, kept, fksDropped, fksAdded, fksKept, fkPairs, indexesDropped, indexesAdded, indexesKept };
}

function diffTable(o: PhysTable, n: PhysTable, d: Dialect): TableDiff {
  const oldByName = new Map(o.columns.map((c) => [c.name, c]));
  const newNames = new Set(n.columns.map((c) => c.name));
  const columns: ColumnDiff[] = [];
  const added: PhysColumn[] = [];
  for (const c of n.columns) {
    let oc = oldByName.get(c.name);
    let renamed = false;
    if (!oc && c.previousName && !newNames.has(c.previousName)) {
      oc = oldByName.get(c.previousName);
      renamed = !!oc;
    }
    if (!oc) { added.push(c); continue; }
    const type = d.renderType(oc.type) !== d.renderType(c.type);
    columns.push({
      old: oc, new: c, renamed, type,
      nullable: oc.nullable !== c.nullable,
      default: d.renderDefault(oc.default, oc.type) !== d.renderDefault(c.default, c.type),
      description: (oc.description ?? '') !== (c.description ?? ''),
      narrowing: type && !isWidening(oc.type, c.type, d.name),
    });
  }
  const keptOld = new Set(columns.map((c) => c.old.name));
  const dropped = o.columns.filter((c) => !keptOld.has(c.name));
  const rename = new Map(columns.map((c) => [c.old.name, c.new.name]));
  const map = (cols: string[]) => cols.map((c) => rename.get(c) ?? `\u0000${c}`).join(',');

  // append-only: kept columns in the same relative order, then the added ones
  const oldOrder = o.columns.filter((c) => keptOld.has(c.name)).map((c) => rename.get(c.name));
  const newKept = n.columns.filter((c) => !added.includes(c)).map((c) => c.name);
  const firstAdded = n.columns.findIndex((c) => added.includes(c));
  const lastKept = n.columns.reduce((acc, c, i) => (added.includes(c) ? acc : i), -1);
  const keptInOrder = oldOrder.join('\u0001') === newKept.join('\u0001');
  const appendOnly = keptInOrder && (firstAdded < 0 || firstAdded > lastKept);

  // MySQL calls every primary key PRIMARY; DuckDB keeps no constraint names at all
  const named = d.caps.constraintNames !== false;
  const pkNamed = named && d.caps.primaryKeyNames !== false;
  const pkSig = (t: PhysTable, cols: string) => (t.primaryKey ? `${pkNamed ? t.primaryKey.name : ''}|${cols}` : '');
  const pkChanged = pkSig(o, o.primaryKey ? map(o.primaryKey.columns) : '') !== pkSig(n, n.primaryKey?.columns.join(',') ?? '');
  const uSig = (name: string, cols: string) => `${named ? name : ''}|${cols}`;
  const newU = new Set(n.uniques.map((u) => uSig(u.name, u.columns.join(','))));
  const oldU = new Set(o.uniques.map((u) => uSig(u.name, map(u.columns))));
  // an old check reads under the new column names: `amount >= 0` is `total >= 0` after the rename
  const renamedCols = new Map(columns.filter((c) => c.renamed).map((c) => [c.old.name, c.new.name]));
  const cSig = (name: string, expr: string) => `${named ? name : ''}|${expr}`;
  const oldExpr = (expr: string) => renameColumnsInExpr(expr, renamedCols, d.name);
  const newC = new Set(n.checks.map((c) => cSig(c.name, c.expr)));
  const oldC = new Set(o.checks.map((c) => cSig(c.name, oldExpr(c.expr))));
  return {
    old: o, new: n,
    renamed: o.name !== n.name || (o.schema ?? '') !== (n.schema ?? '') || (o.database ?? '') !== (n.database ?? ''),
    added, dropped, columns, appendOnly, keptInOrder, pkChanged,
    uniquesDropped: o.uniques.filter((u) => !newU.has(uSig(u.name, map(u.columns)))),
    uniquesAdded: n.uniques.filter((u) => !oldU.has(uSig(u.name, u.columns.join(',')))),
    checksDropped: o.checks.filter((c) => !newC.has(cSig(c.name, oldExpr(c.expr)))),
    checksAdded: n.checks.filter((c) => !oldC.has(cSig(c.name, c.expr))),
    descriptionChanged: (o.description ?? '') !== (n.description ?? ''),
  };
}

/** True when every value of `from` fits `to` (a widening); anything unknown counts as narrowing. */
export function isWidening(from: string | undefined, to: string | undefined, dialect?: string): boolean {
  return !isNarrowing(from ?? 'string', to ?? 'string', dialect);
}
