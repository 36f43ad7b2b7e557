// Columns read from SQL flow downstream (`select *`): when a unit built again holds a table whose
// columns are not those the index was built with, the units that read that table are built again
// too, and so on. The server's in-memory update and a kept index's delta (another process) both
// spread a change this way, each over the state it keeps.

export interface Spread {
  /** the tables a unit builds */
  nodesOf(unit: string): readonly { name: string }[] | undefined;
  /** whether a table's columns differ from those the index was built with (it may note the new ones) */
  columnsMoved(table: string): boolean;
  /** the units that read a table */
  readersOf(table: string): Iterable<string> | undefined;
  isRebuilt(unit: string): boolean;
  rebuild(unit: string): void;
}

export function spreadDownstream(start: Iterable<string>, s: Spread): void {
  const queue = [...start];
  while (queue.length) {
    const u = queue.pop()!;
    for (const n of s.nodesOf(u) ?? []) {
      if (!s.columnsMoved(n.name)) continue;
      for (const v of s.readersOf(n.name) ?? []) if (!s.isRebuilt(v)) { s.rebuild(v); queue.push(v); }
    }
  }
}
