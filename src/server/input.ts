// What reaches a route is held to the limits (src/core/limits.ts) before any work grows with it:
// the request target's length (414), the headers' size (431, answered by the socket handler),
// the body's size per route (413), and a JSON body's bytes (UTF-8), nesting depth and keys per
// object — scanned in one pass before it is parsed — and its strings (no lone surrogates, which
// would be written to a file as U+FFFD). A known path asked with another method is 405 with an
// Allow header. Every answer is the error envelope.
import { isUtf8 } from 'node:buffer';
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { firstInvalidUtf8, LIMITS, showLimit } from '../api.js';
import { ApiError, toErrorReply } from './errors.js';

/** Routes whose bodies carry file contents: the larger body limit. */
const CONTENT_ROUTES = new Set([
  'PUT /api/projects/:id/file', 'POST /api/projects/:id/file', 'POST /api/ai/proposals/validate', 'POST /api/ai/proposals/apply',
  'POST /api/import', 'POST /api/forward/apply',
]);

/** The body limit of a route (bytes). */
export function bodyLimitOf(method: string, url: string): number {
  return CONTENT_ROUTES.has(`${method} ${url}`) ? LIMITS.request_body_content.max : LIMITS.request_body.max;
}

const HEAD = 'HEAD';

interface RoutePattern { re: RegExp; methods: Set<string> }

/**
 * Install the checks on `app` (before its routes are registered: the route table and the body
 * limits are taken from each route as it is added).
 */
export function installInputChecks(app: FastifyInstance): void {
  const patterns = new Map<string, RoutePattern>();
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).map((m) => m.toUpperCase());
    // a GET route answers HEAD too
    if (methods.includes('GET')) methods.push(HEAD);
    if (route.bodyLimit === undefined) route.bodyLimit = Math.max(...methods.map((m) => bodyLimitOf(m, route.url)));
    if (!route.url.startsWith('/api/')) return;
    const p = patterns.get(route.url) ?? { re: patternOf(route.url), methods: new Set<string>() };
    for (const m of methods) p.methods.add(m);
    patterns.set(route.url, p);
  });

  app.addHook('onRequest', async (req, reply) => {
    const url = req.raw.url ?? '';
    if (Buffer.byteLength(url) > LIMITS.url_length.max) {
      throw new ApiError(414, 'URL_TOO_LONG', `the request target is ${Buffer.byteLength(url)} bytes, over the ${showLimit('url_length')} limit; send long values in a JSON body`,
        { limit: 'url_length', max: LIMITS.url_length.max, actual: Buffer.byteLength(url) });
    }
    const path = url.split('?')[0];
    if (!path.startsWith('/api/')) return;
    const allowed = new Set<string>();
    for (const p of patterns.values()) if (p.re.test(path)) for (const m of p.methods) allowed.add(m);
    if (allowed.size && !allowed.has(req.method)) {
      reply.header('Allow', [...allowed].sort().join(', '));
      throw new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${path}; allowed: ${[...allowed].sort().join(', ')}`, { allowed: [...allowed].sort() });
    }
  });

  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req: FastifyRequest, body: Buffer | string, done: (err: Error | null, value?: unknown) => void) => {
    try {
      done(null, parseJsonBody(typeof body === 'string' ? Buffer.from(body) : body));
    } catch (e) {
      done(e as Error);
    }
  });
}

/** `/api/projects/:id/file` → a RegExp over the path. */
function patternOf(url: string): RegExp {
  const src = url.split('/').map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${src}/?$`);
}

/** A JSON request body as a value, or the envelope's refusal (see the top of this file). */
export function parseJsonBody(buf: Buffer): unknown {
  if (!isUtf8(buf)) {
    const at = firstInvalidUtf8(buf);
    throw new ApiError(400, 'INVALID_UTF8', `the request body is not valid UTF-8 (byte 0x${buf[at].toString(16).padStart(2, '0')} at offset ${at})`, { offset: at });
  }
  scanJson(buf);
  const text = buf.toString('utf8');
  if (!text.trim()) throw new ApiError(400, 'MALFORMED_JSON', 'the body is empty; send a JSON value');
  let value: unknown;
  try { value = JSON.parse(text); } catch (e) {
    throw new ApiError(400, 'MALFORMED_JSON', `the body is not valid JSON: ${String((e as Error).message).split('\n')[0]}`);
  }
  checkStrings(value);
  return value;
}

/** Depth and keys per object, counted over the bytes (strings skipped) before anything is parsed. */
function scanJson(b: Buffer): void {
  const keys: number[] = []; // per open container: keys so far (-1 for an array)
  let inString = false;
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (inString) {
      if (c === 0x5c) i++; // backslash: skip the escaped byte
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) { // { [
      keys.push(c === 0x7b ? 0 : -1);
      if (keys.length > LIMITS.nesting_depth.max) {
        throw new ApiError(422, 'NESTING_TOO_DEEP', `the request body nests deeper than ${showLimit('nesting_depth')} (at byte ${i})`, { limit: 'nesting_depth', max: LIMITS.nesting_depth.max, offset: i });
      }
    } else if (c === 0x7d || c === 0x5d) keys.pop();
    else if (c === 0x3a && keys.length && keys[keys.length - 1] >= 0) { // ':' inside an object: one key
      if (++keys[keys.length - 1] > LIMITS.keys_per_mapping.max) {
        throw new ApiError(422, 'TOO_MANY_KEYS', `an object in the request body has more than ${showLimit('keys_per_mapping')} (at byte ${i})`, { limit: 'keys_per_mapping', max: LIMITS.keys_per_mapping.max, offset: i });
      }
    }
  }
}

/** Every string (keys too) must be well-formed UTF-16: a lone surrogate has no UTF-8 form. */
function checkStrings(v: unknown): void {
  const stack: unknown[] = [v];
  while (stack.length) {
    const x = stack.pop();
    if (typeof x === 'string') {
      if (!(x as unknown as { isWellFormed(): boolean }).isWellFormed()) throw new ApiError(400, 'INVALID_UTF8', 'a string in the request body holds a lone surrogate (\\ud800–\\udfff without its pair), which has no UTF-8 form');
    } else if (Array.isArray(x)) { for (const y of x) stack.push(y); } else if (x && typeof x === 'object') for (const [k, val] of Object.entries(x)) stack.push(k, val);
  }
}

/** Errors Fastify answers before any hook runs (a bad URL, an over-long parameter): the envelope too. */
export function frameworkError(err: Error & { code?: string }, _req: FastifyRequest, reply: FastifyReply): void {
  const e = err.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new ApiError(414, 'URL_TOO_LONG', `a path parameter is over the ${showLimit('url_length')} limit`, { limit: 'url_length', max: LIMITS.url_length.max })
    : err.code === 'FST_ERR_BAD_URL' ? new ApiError(400, 'BAD_REQUEST', 'the request path is not a valid URL (a bad %-escape)') : err;
  const r = toErrorReply(e);
  void reply.status(r.status).header('Cache-Control', 'no-store').header('X-Content-Type-Options', 'nosniff').type('application/json').send(r.body);
}

/** The socket's own refusals (headers over Node's limit, a malformed request, a time-out): the envelope too. */
export function clientError(err: Error & { code?: string }, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] = err.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'HEADERS_TOO_LARGE', `the request line and headers are over the ${showLimit('header_size')} limit`]
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'REQUEST_TIMEOUT', 'the request took too long to arrive']
    : [400, 'BAD_REQUEST', 'the request is not valid HTTP'];
  const body = JSON.stringify({ error: { code, message, ...(status === 431 ? { details: { limit: 'header_size', max: LIMITS.header_size.max } } : {}) } });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}
