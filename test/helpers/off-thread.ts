// A synchronous function of a plain JavaScript module, run on a worker thread and awaited, so the
// test file's event loop keeps turning meanwhile. Why: a spawnSync of a minute or more (a real dbt
// parse of a large project) holds the loop, vitest's worker then reads its runner's answer too
// late and fails the run with "Timeout calling onTaskUpdate" (see event-loop-turn.ts); two test
// files on two cores make such a parse slower still.
import { Worker } from 'node:worker_threads';

export function offThread<T>(module: URL, name: string, ...args: unknown[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const w = new Worker(new URL('./off-thread-worker.mjs', import.meta.url), { workerData: { url: module.href, name, args } });
    w.once('message', (v) => resolve(v as T));
    w.once('error', reject);
    w.once('exit', (code) => reject(new Error(`${name} on a worker thread exited (${code}) without a result`)));
  });
}
