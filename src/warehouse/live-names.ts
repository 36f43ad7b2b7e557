// What a table or column that a statement names was called in the live catalog before the
// migration started: a type change after `RENAME COLUMN a TO b` in the same file is a change of
// the live column `a`, and only its type says whether the change narrows. Names compare without
// letter case (the catalog lookup decides what exists).
import type { Rename, TableRef } from './destructive.js';

export interface LiveColumn {
  table: TableRef;
  column: string;
  /** the statement (1-based) of the first rename that gave it its current name */
  renamedAt?: number;
}

const tkey = (t: TableRef) => `${(t.schema ?? '').toLowerCase()}\u0000${t.name.toLowerCase()}`;

export class LiveNames {
  /** current table → live table */
  private tables = new Map<string, { table: TableRef; at: number }>();
  /** live table + current column → live column (null: no live column has that name any more) */
  private columns = new Map<string, { column: string; at: number } | null>();

  private liveTable(t: TableRef): { table: TableRef; at?: number } {
    return this.tables.get(tkey(t)) ?? { table: t };
  }

  /** The live table and column behind `table.column` as the statement names them. */
  resolve(table: TableRef, column: string): LiveColumn | undefined {
    const t = this.liveTable(table);
    const c = this.columns.get(`${tkey(t.table)}\u0000${column.toLowerCase()}`);
    if (c === null) return undefined;
    const renamedAt = Math.min(t.at ?? Infinity, c?.at ?? Infinity);
    return { table: t.table, column: c?.column ?? column, ...(renamedAt < Infinity ? { renamedAt } : {}) };
  }

  apply(renames: Rename[], at: number): void {
    for (const r of renames) {
      if (r.kind === 'table') {
        const live = this.liveTable(r.from);
        this.tables.delete(tkey(r.from));
        // a table moved without a schema in its new name stays in its schema
        this.tables.set(tkey({ schema: r.to.schema ?? r.from.schema, name: r.to.name }), { table: live.table, at: live.at ?? at });
        continue;
      }
      const t = this.liveTable(r.table).table;
      const from = `${tkey(t)}\u0000${r.from.toLowerCase()}`;
      const prev = this.columns.get(from);
      if (prev === null) continue; // renaming a column the migration added: not live data
      this.columns.set(`${tkey(t)}\u0000${r.to.toLowerCase()}`, prev ?? { column: r.from, at });
      this.columns.set(from, null);
    }
  }
}
