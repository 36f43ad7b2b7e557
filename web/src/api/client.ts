// The one door to the server: JSON requests with the error envelope turned into ApiError, the
// project id every project route takes, and the run-time list of routes the server offers
// (from GET /api/openapi.json), so panels for routes it lacks stay hidden.
export class ApiError extends Error {
  constructor(public status: number, public code: string, message: string, public details: Record<string, unknown> = {}) {
    super(message);
  }
}

interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** The reply's JSON and its headers (the editor keeps the ETag). */
export async function requestRaw<T>(method: string, path: string, o: RequestOptions = {}): Promise<{ json: T; headers: Headers }> {
  const q = o.query ? Object.entries(o.query).filter(([, v]) => v !== undefined) : [];
  const url = q.length ? `${path}?${new URLSearchParams(q.map(([k, v]) => [k, String(v)])).toString()}` : path;
  // the server names inputs in its messages as this UI's fields are labelled (min score), not as flags
  const headers: Record<string, string> = { accept: 'application/json', 'x-modeler-option-style': 'label', ...o.headers };
  let body: string | undefined;
  if (o.body !== undefined) { headers['content-type'] = 'application/json'; body = JSON.stringify(o.body); }
  let res: Response;
  try {
    res = await fetch(url, { method, headers, body, signal: o.signal, cache: 'no-store' });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, 'SERVER_UNREACHABLE', 'the modeler server does not answer; is `modeler serve` still running?');
  }
  const text = await res.text();
  let json: any;
  try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
  if (!res.ok) {
    const e = json?.error;
    throw new ApiError(res.status, e?.code ?? `HTTP_${res.status}`, e?.message ?? `${method} ${path} answered ${res.status}`, e?.details ?? {});
  }
  return { json: json as T, headers: res.headers };
}

export async function request<T>(method: string, path: string, o: RequestOptions = {}): Promise<T> {
  return (await requestRaw<T>(method, path, o)).json;
}

let projectId = '';
export const setProjectId = (id: string) => { projectId = id; };
export const getProjectId = () => projectId;
/** `/api/projects/<id>/<rest>` */
export const projectPath = (rest: string) => `/api/projects/${encodeURIComponent(projectId)}/${rest}`;

let offered = new Set<string>();
/** The routes the server offers, as "METHOD /path" with {param} placeholders. */
export async function loadCapabilities(): Promise<Set<string>> {
  const doc = await request<{ paths: Record<string, Record<string, unknown>> }>('GET', '/api/openapi.json');
  offered = new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
  return offered;
}
export const offers = (route: string) => offered.has(route);
/** For tests of the discovery itself. */
export const setCapabilities = (s: Set<string>) => { offered = s; };
