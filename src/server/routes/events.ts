// Server-sent events: one JSON message per change ({type, paths, version, summary}) and one when
// the column checks are in (columns_checked), a hello with the current version on connect, and a
// comment every 15 s to keep proxies from closing it.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app.js';
import type { ServerEvent } from '../contract.js';

export function registerEventRoutes(app: FastifyInstance, { session }: RouteContext): void {
  app.get('/api/events', {
    schema: { tags: ['events'], summary: 'server-sent events: one `data:` line of JSON (schemas/server/ServerEvent.schema.json) per change',
      response: { 200: { description: 'text/event-stream', content: { 'text/event-stream': { schema: { type: 'string' } } } } } },
  }, (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive',
      'X-Content-Type-Options': 'nosniff', 'X-Accel-Buffering': 'no',
    });
    const send = (ev: ServerEvent) => res.write(`id: ${ev.version}\ndata: ${JSON.stringify(ev)}\n\n`);
    const s = session.status();
    send({ type: 'hello', paths: [], version: session.version, summary: { validation: s.validation, readiness: s.readiness } });
    const onChange = (ev: ServerEvent) => send(ev);
    const end = () => { cleanup(); res.end(); };
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000);
    ping.unref();
    const cleanup = () => { clearInterval(ping); session.events.off('change', onChange); session.events.off('close', end); };
    session.events.on('change', onChange);
    session.events.on('close', end);
    req.raw.on('close', cleanup);
  });
}
