// The Fastify application: the safety hooks every request passes (Host, Origin, content type),
// the one error envelope, security headers, request logs without secrets, the OpenAPI document
// generated from the route schemas, the web UI (or a placeholder), and one module per area.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { hostname, networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { initSqlColumns, LIMITS, PACKAGE_ROOT, renderOptionNames, toolVersion, type OptionStyle } from '../api.js';
import { trackActivity, type Activity } from './activity.js';
import { ApiError, toErrorReply } from './errors.js';
import { clientError, frameworkError, installInputChecks } from './input.js';
import type { ProjectSession } from './session.js';
import { placeholderPage } from './placeholder.js';
import { registerAgentRoutes } from './routes/agents.js';
import { registerAiRoutes } from './routes/ai.js';
import { registerContractRoutes } from './routes/contracts.js';
import { registerEventRoutes } from './routes/events.js';
import { registerFileRoutes } from './routes/files.js';
import { registerForwardRoutes } from './routes/forward.js';
import { registerGitRoutes } from './routes/git.js';
import { registerImportRoutes } from './routes/import.js';
import { registerProjectRoutes } from './routes/projects.js';
import { registerProposalRoutes } from './routes/proposals.js';
import { registerViewRoutes } from './routes/views.js';
import { registerLineageRoutes } from './routes/lineage.js';
import { lazyValidators } from './lazy-validators.js';

export interface AppOptions {
  /** the host the server binds (a name or an address); requests may address it by this name */
  host: string;
  port: number;
  /** request and error log lines (stderr in `modeler serve`); default: none */
  log?: (line: string) => void;
  /** the web UI's built files; default dist/web of the package */
  webRoot?: string;
  env?: Record<string, string | undefined>;
}

export interface RouteContext { session: ProjectSession; opts: AppOptions; activity: Activity }

/** Area modules: later issues add theirs here (git automation, the AI assistant). */
const AREAS = [registerProjectRoutes, registerFileRoutes, registerViewRoutes, registerLineageRoutes, registerAgentRoutes, registerProposalRoutes,
  registerForwardRoutes, registerContractRoutes, registerImportRoutes, registerEventRoutes, registerGitRoutes, registerAiRoutes];

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function buildApp(session: ProjectSession, opts: AppOptions): Promise<FastifyInstance> {
  // the SQL parser (WASM) behind the columns every view shows loads while /api/health already answers
  session.waitFor(initSqlColumns());
  const log = opts.log ?? (() => {});
  const app = Fastify({
    logger: false,
    // each route gets its own body limit (input.ts); this is only the ceiling
    bodyLimit: LIMITS.request_body_content.max,
    // a long parameter is refused by the URL limit (414) or by its schema (400), never by the router
    routerOptions: { maxParamLength: LIMITS.url_length.max },
    http: { maxHeaderSize: LIMITS.header_size.max },
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    // unknown keys are errors, not silently dropped; no type coercion of bodies
    ajv: { customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false } },
    schemaController: { compilersFactory: { buildValidator: lazyValidators as never } },
    return503OnClosing: true,
    // a stop ends every connection at once: a client that stopped reading an event stream without
    // closing its socket held the stop ~4 s (bench/server-10k.mjs)
    forceCloseConnections: true,
  });
  // the only body a state-changing request may carry is JSON (Fastify would also take text/plain)
  app.removeContentTypeParser('text/plain');
  // responses are sent as built (types in contract.ts keep them honest); schemas document them
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));

  const allowed = allowedHosts(opts.host);
  app.addHook('onRequest', async (req) => {
    const host = hostOf(req.headers.host);
    if (!host || !allowed.has(host)) {
      throw new ApiError(403, 'HOST_REFUSED', `requests must address this server as ${[...allowed].filter((h) => !h.startsWith('[')).slice(0, 3).join(', ')}; Host ${JSON.stringify(req.headers.host ?? '')} is refused (DNS rebinding protection)`);
    }
    const origin = req.headers.origin;
    if (origin !== undefined && !sameOrigin(origin, req.headers.host!, allowed)) {
      throw new ApiError(403, 'ORIGIN_REFUSED', `requests from other sites are refused (Origin ${JSON.stringify(origin)}); open the page this server serves`);
    }
    if (req.headers['sec-fetch-site'] === 'cross-site') throw new ApiError(403, 'ORIGIN_REFUSED', 'requests from other sites are refused (Sec-Fetch-Site: cross-site)');
  });
  // after the Host/Origin checks: the URL's length, 405, the body limits and the JSON body parser
  installInputChecks(app);
  app.addHook('onRequest', async (req) => {
    if (STATE_CHANGING.has(req.method)) {
      const type = String(req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      if (type !== 'application/json') {
        throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', `${req.method} requests must send a JSON body with Content-Type: application/json${type ? ` (got ${type})` : ''}`);
      }
    }
    // a change on disk the watcher has noticed but not yet read is read before the answer
    if (req.url.startsWith('/api/') && req.url !== '/api/health') await session.catchUp();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    // the core's option markers leave as request keys (`min_score`), or as field labels for the web UI
    if (typeof payload === 'string' && payload.includes('{opt:')) payload = renderOptionNames(payload, optionStyleOf(req));
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'no-referrer');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Resource-Policy', 'same-origin');
    if (req.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
    else reply.header('Content-Security-Policy', "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'");
    return payload;
  });
  app.addHook('onResponse', async (req, reply) => {
    log(`${req.method} ${redactUrl(req.url)} ${reply.statusCode} ${Math.round(reply.elapsedTime)}ms`);
  });
  app.setErrorHandler((err, req, reply) => {
    const r = toErrorReply(err, { bodyLimit: req.routeOptions?.bodyLimit });
    // a body refused by its Content-Length: Fastify asks to close the connection, and closing it
    // while the client still sends makes the client's TCP stack drop the 413 (a reset) — keep it
    // open so Node reads the rest and discards it, and the client gets the answer
    if ((err as { code?: string })?.code === 'FST_ERR_CTP_BODY_TOO_LARGE') reply.removeHeader('connection');
    if (r.logId) log(`error ${r.logId} in ${req.method} ${redactUrl(req.url)}: ${(err as Error)?.stack ?? err}`);
    return reply.status(r.status).type('application/json').send(r.body);
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'modeler local API', version: toolVersion(), description: 'The HTTP face of modeler: one project per server. See docs/server.md.' },
      servers: [{ url: `http://${opts.host.includes(':') ? `[${opts.host}]` : opts.host}:${opts.port}` }],
    },
  });
  const ctx: RouteContext = { session, opts, activity: trackActivity(app) };
  for (const register of AREAS) register(app, ctx);
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const web = opts.webRoot ?? join(PACKAGE_ROOT, 'dist', 'web');
  const hasUi = existsSync(join(web, 'index.html'));
  if (hasUi) await app.register(fastifyStatic, { root: web, prefix: '/', wildcard: true, index: ['index.html'] });
  else app.get('/', { schema: { hide: true } }, async (_req, reply) => reply.type('text/html; charset=utf-8').send(placeholderPage(session.name, session.id)));
  app.setNotFoundHandler(async (req: FastifyRequest, reply: FastifyReply) => {
    // the UI routes in the browser: any other page path gets its index.html
    if (hasUi && req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    throw new ApiError(404, 'ROUTE_NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}; GET /api/openapi.json lists them`);
  });
  return app;
}

/** How a request's client names inputs: `X-Modeler-Option-Style: label` (the web UI), else request keys. */
export function optionStyleOf(req: FastifyRequest): OptionStyle {
  return req.headers['x-modeler-option-style'] === 'label' ? 'label' : 'param';
}

/** Loopback names always; the bound host; and, when bound to every interface, this machine's names. */
export function allowedHosts(bound: string): Set<string> {
  const out = new Set(['localhost', '127.0.0.1', '[::1]']);
  const add = (h: string) => out.add(h.includes(':') && !h.startsWith('[') ? `[${h.toLowerCase()}]` : h.toLowerCase());
  add(bound);
  if (bound === '0.0.0.0' || bound === '::') {
    add(hostname());
    for (const list of Object.values(networkInterfaces())) for (const i of list ?? []) add(i.address.split('%')[0]);
  }
  return out;
}

/** The host name of a Host header, lower case, IPv6 in brackets; undefined when malformed. */
export function hostOf(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const h = header.trim().toLowerCase();
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/.exec(h);
  if (!m) return undefined;
  const name = m[1];
  // 127.0.0.0/8 and *.localhost are loopback wherever they come from (RFC 6761)
  if (/^127(\.\d{1,3}){3}$/.test(name) || name.endsWith('.localhost')) return 'localhost';
  return name;
}

function sameOrigin(origin: string, host: string, allowed: Set<string>): boolean {
  let u: URL;
  try { u = new URL(origin); } catch { return false; } // includes "null"
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return false;
  const name = hostOf(u.host);
  return !!name && allowed.has(name) && u.port === (/:(\d+)$/.exec(host)?.[1] ?? '');
}

const SECRET_KEY = /token|key|secret|password|passwd|auth|credential/i;

/** The URL as logged: values of secret-looking query parameters replaced by ***. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_KEY.test(k)) params.set(k, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}
