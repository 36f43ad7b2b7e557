// ELK in a worker, so laying out hundreds of tables never freezes the page. The bundle would
// install its own message handler in a worker; ours replaces it (it runs after the import).
import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkGraphIn } from './layout';

const elk = new ELK();
const scope = self as unknown as { onmessage: ((ev: MessageEvent) => void) | null; postMessage(m: unknown): void };
scope.onmessage = async (ev: MessageEvent<{ id: number; graph: ElkGraphIn }>) => {
  const { id, graph } = ev.data;
  try {
    const out = await elk.layout(graph as any);
    scope.postMessage({ id, children: (out.children ?? []).map((c) => ({ id: c.id, x: c.x, y: c.y })) });
  } catch (e) {
    scope.postMessage({ id, error: String((e as Error)?.message ?? e) });
  }
};
