// Start `modeler serve` as a user would (a real process on a real socket) for the server benches.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// MODELER_BIN: another build to compare with (e.g. main's, for paired before/after figures)
const BIN = process.env.MODELER_BIN ?? join(import.meta.dirname, '..', '..', 'bin', 'modeler.js');

/** Resolves once the server prints its URL; `stderr` collects its log lines. */
export function startServe(projectDir, extra = [], env = {}) {
  const t0 = performance.now();
  const child = spawn(process.execPath, [BIN, 'serve', '--project-dir', projectDir, '--port', '0', '--no-open', ...extra], { env: { ...process.env, ...env } });
  const server = { child, stderr: '', stdout: '', url: '', startMs: 0 };
  child.stderr.on('data', (d) => (server.stderr += d));
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      server.stdout += d;
      const m = /at (http:\/\/\S+?)\/?\s/.exec(server.stdout);
      if (m && !server.url) { server.url = m[1]; server.startMs = performance.now() - t0; resolve(server); }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${server.stderr}`)));
  });
}

export async function stopServe(server) {
  server.child.kill('SIGTERM');
  await new Promise((r) => server.child.once('exit', r));
}

/** Server-sent events as an async queue of parsed JSON messages. */
export async function openEvents(url) {
  const res = await fetch(`${url}/api/events`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buf = '';
  const queue = [];
  let wake;
  (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buf += decoder.decode(value, { stream: true });
      let i;
      while ((i = buf.indexOf('\n\n')) >= 0) {
        const block = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const data = block.split('\n').find((l) => l.startsWith('data: '));
        if (data) { queue.push({ at: performance.now(), event: JSON.parse(data.slice(6)) }); wake?.(); }
      }
    }
  })().catch(() => {});
  return {
    async next(pred = () => true, timeoutMs = 30_000) {
      const until = performance.now() + timeoutMs;
      for (;;) {
        const i = queue.findIndex((q) => pred(q.event));
        if (i >= 0) return queue.splice(i, 1)[0];
        if (performance.now() > until) throw new Error('no matching event in time');
        await new Promise((r) => { wake = r; setTimeout(r, 50); });
      }
    },
    close() { reader.cancel().catch(() => {}); },
  };
}

/** CPU time (user + system, ms) the server process has used so far; undefined where /proc is not there. */
export function serverCpuMs(server) {
  try {
    // fields after the command name (which may hold spaces): utime and stime are the 12th and 13th
    const stat = readFileSync(`/proc/${server.child.pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ on Linux)
  } catch { return undefined; }
}

/** Wait until the assistant's index (built in the background after start-up) is ready; the ms waited. */
export async function waitForIndex(url, projectId) {
  const t = performance.now();
  for (;;) {
    const st = await (await fetch(`${url}/api/ai/index/status?projectId=${encodeURIComponent(projectId)}`)).json();
    if (st.state === 'ready') return performance.now() - t;
    if (st.state === 'failed') throw new Error(`the assistant's index failed: ${JSON.stringify(st)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
