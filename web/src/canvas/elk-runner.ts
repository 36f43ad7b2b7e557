// The browser's ELK: one worker, requests matched to answers by id.
import type { ElkGraphIn, ElkGraphOut, ElkRun } from './layout';

let worker: Worker | undefined;
let next = 1;
const waiting = new Map<number, { resolve: (g: ElkGraphOut) => void; reject: (e: Error) => void }>();

function start(): Worker {
  const w = new Worker(new URL('./elk.worker.ts', import.meta.url), { type: 'module' });
  w.onmessage = (ev: MessageEvent<{ id: number; children?: ElkGraphOut['children']; error?: string }>) => {
    const p = waiting.get(ev.data.id);
    if (!p) return;
    waiting.delete(ev.data.id);
    if (ev.data.error) p.reject(new Error(`layout failed: ${ev.data.error}`));
    else p.resolve({ children: ev.data.children });
  };
  w.onerror = (ev) => {
    for (const p of waiting.values()) p.reject(new Error(`layout worker failed: ${ev.message}`));
    waiting.clear();
    worker = undefined;
  };
  return w;
}

export const runElk: ElkRun = (graph: ElkGraphIn) => new Promise((resolve, reject) => {
  worker ??= start();
  const id = next++;
  waiting.set(id, { resolve, reject });
  worker.postMessage({ id, graph });
});
