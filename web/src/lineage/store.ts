// Column lineage of the selected column (GET …/lineage, all depths): the inspector lists it and
// the canvas marks each upstream and downstream column on its table.
import { api } from '../api/endpoints';
import type { LineageReply } from '../api/types';
import { errorText } from '../state/app';
import { createStore } from '../state/store';

export type LineageMark = 'upstream' | 'downstream';
export interface LineageState {
  /** `node.column` asked for */
  key?: string;
  data?: LineageReply;
  error?: string;
  /** node name → lower-cased column → mark */
  marks: Map<string, Map<string, LineageMark>>;
}

export const lineage = createStore<LineageState>({ marks: new Map() });
const NONE = new Map<string, LineageMark>();
export const marksOf = (s: LineageState, node: string) => s.marks.get(node) ?? NONE;

/** Everything upstream and downstream of a column (up to 50 hops). */
const DEPTH = 50;

export async function loadLineage(node: string, column: string): Promise<void> {
  const key = `${node}.${column}`;
  if (lineage.get().key === key) return;
  lineage.set({ key, data: undefined, error: undefined, marks: new Map() });
  try {
    const data = await api.lineage(key, DEPTH);
    if (lineage.get().key !== key) return;
    const marks = new Map<string, Map<string, LineageMark>>();
    const mark = (n: string, c: string, m: LineageMark) => {
      let x = marks.get(n);
      if (!x) marks.set(n, (x = new Map()));
      if (!x.has(c.toLowerCase())) x.set(c.toLowerCase(), m);
    };
    for (const u of data.upstream) mark(u.node, u.column, 'upstream');
    for (const d of data.downstream) mark(d.node, d.column, 'downstream');
    lineage.set({ data, marks });
  } catch (e) {
    if (lineage.get().key === key) lineage.set({ error: errorText(e) });
  }
}

export function clearLineage(): void {
  if (lineage.get().key) lineage.set({ key: undefined, data: undefined, error: undefined, marks: new Map() });
}
