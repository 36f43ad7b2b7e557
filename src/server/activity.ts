// Whether the server is answering requests: work in the background (the assistant's index, the
// column checks) runs between requests, so it never delays what the UI asked for.
import type { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply } from 'fastify';

export interface Activity {
  /** requests not yet answered (a stream such as /api/events counts until its headers are sent) */
  open(): number;
  /** when the last request came in or was answered (Date.now()) */
  lastActivity(): number;
  /**
   * Call `fn` once no request has come in or been answered for `ms` (looked at every 100 ms) —
   * not before the first screen's requests are answered; never once `events` emits `close`.
   */
  whenIdle(ms: number, events: EventEmitter, fn: () => void): void;
}

export function trackActivity(app: FastifyInstance): Activity {
  const inFlight = new Set<FastifyReply>();
  let last = Date.now();
  app.addHook('onRequest', async (_req, reply) => { last = Date.now(); inFlight.add(reply); });
  app.addHook('onSend', async () => { last = Date.now(); });
  app.addHook('onResponse', async (_req, reply) => { inFlight.delete(reply); });
  return {
    open: () => {
      let n = 0;
      for (const r of inFlight) if (r.raw.headersSent) inFlight.delete(r); else n++;
      return n;
    },
    lastActivity: () => last,
    whenIdle: (ms, events, fn) => {
      const tick = setInterval(() => { if (Date.now() - last >= ms) { stop(); fn(); } }, 100);
      tick.unref();
      const stop = () => { clearInterval(tick); events.off('close', stop); };
      events.once('close', stop);
    },
  };
}
