// The worker thread of off-thread.ts: imports the module, calls the function, posts its result.
import { parentPort, workerData } from 'node:worker_threads';

const m = await import(workerData.url);
parentPort.postMessage(await m[workerData.name](...workerData.args));
