// Two staging models of one system over the same source table, where one returns fewer columns, has no identifier of
// its own and keys nothing the other does not (duck-f1's race results read again for their fastest laps: session_id,
// driver_id, constructor_id like the results): the same rows read again for other columns, a copy of the fuller one.
import type { DbtNode } from '../core/project/types.js';
import { isTechnicalColumn, keyShape } from './columns.js';
import type { AgentColumn } from './node-columns.js';
import { snakeOf } from './naming.js';

interface CopyModel {
  node: DbtNode;
  parsed: { tokens: string[]; parent?: string };
  source: string;
  kind: string;
  columns: AgentColumn[];
  ownKeys: Set<string>;
}

const keysOf = (m: CopyModel) => new Set(m.columns.map((c) => c.name.toLowerCase()).filter((n) => !isTechnicalColumn(n) && !n.startsWith('_') && !!keyShape(n)));

export function sameSourceCopies<M extends CopyModel>(models: readonly M[]): { model: M; of: M; table: string }[] {
  const byTable = new Map<string, M[]>();
  for (const m of models) {
    // (a part named for its table, stg_aides__aides__themes, is read by the rule for parts of a table)
    if (m.kind !== 'entity' || m.parsed.parent || new Set(m.node.sourceRefs).size !== 1) continue;
    const k = `${m.source}|${m.node.sourceRefs[0]}`;
    const l = byTable.get(k);
    if (l) l.push(m); else byTable.set(k, [m]);
  }
  const out: { model: M; of: M; table: string }[] = [];
  for (const readers of byTable.values()) {
    if (readers.length < 2) continue;
    for (const m of readers) {
      const noun = snakeOf(m.parsed.tokens);
      const names = new Set(m.columns.map((c) => c.name.toLowerCase()));
      if (m.ownKeys.size || names.has('id') || names.has(`${noun}_id`)) continue;
      const mine = keysOf(m);
      if (!mine.size) continue;
      const of = readers.find((o) => o !== m && o.columns.length > m.columns.length && [...mine].every((k) => keysOf(o).has(k)));
      if (of) out.push({ model: m, of, table: m.node.sourceRefs[0] });
    }
  }
  return out;
}
