// A local HTTP server answering the documented requests of GitHub's REST API
// (POST/GET /repos/{owner}/{repo}/pulls, GET /repos/{owner}/{repo}) under /api/v3 and of
// GitLab's (POST/GET /projects/:id/merge_requests, GET /projects/:id) under /api/v4, with their
// documented errors: 401 on a bad token, 404 on an unknown repository, GitHub's 422 "A pull
// request already exists for owner:branch." and GitLab's 409 "Another open merge request
// already exists for this source branch: !N". Every request is recorded for the tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface Recorded { method: string; url: string; headers: IncomingMessage['headers']; body?: any }

export interface HostRepo {
  /** owner/repo (GitHub) or the full project path (GitLab) */
  path: string;
  defaultBranch: string;
  /** branches the host has (a head must be one of them) */
  branches: string[];
}

interface Pr { number: number; head: string; base: string; title: string; body?: string; draft: boolean; state: string }

export interface HostServer {
  url: string;
  port: number;
  requests: Recorded[];
  /** when set, the 401 answer quotes the credentials it was sent (a careless host) */
  echoCredentials: boolean;
  /** forget every pull/merge request opened so far */
  reset(): void;
  close(): Promise<void>;
}

export async function startHostServer(o: { token: string; repos: HostRepo[] }): Promise<HostServer> {
  const requests: Recorded[] = [];
  const prs = new Map<string, Pr[]>();
  const state = { echoCredentials: false };
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: any;
    try { body = raw ? JSON.parse(raw) : undefined; } catch { body = raw; }
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const u = new URL(req.url ?? '/', 'http://x');
    try {
      if (u.pathname.startsWith('/api/v3/')) return github(req, res, u, body);
      if (u.pathname.startsWith('/api/v4/')) return gitlab(req, res, u, body);
      send(res, 404, { message: 'Not Found' });
    } catch (e) {
      send(res, 500, { message: String(e) });
    }
  });

  function send(res: ServerResponse, status: number, data: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(data));
  }
  const find = (path: string) => o.repos.find((r) => r.path === path);
  const list = (path: string) => prs.get(path) ?? prs.set(path, []).get(path)!;

  // GitHub: "Authorization: Bearer <token>" or "Authorization: token <token>"
  function github(req: IncomingMessage, res: ServerResponse, u: URL, body: any): void {
    const auth = req.headers.authorization ?? '';
    const m = /^(?:token|bearer) (.+)$/i.exec(auth);
    if (!m || m[1] !== o.token) {
      return send(res, 401, { message: state.echoCredentials ? `Bad credentials (${auth})` : 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    }
    const parts = u.pathname.slice('/api/v3/'.length).split('/');
    if (parts[0] !== 'repos' || parts.length < 3) return send(res, 404, { message: 'Not Found' });
    const path = `${parts[1]}/${parts[2]}`;
    const repo = find(path);
    if (!repo) return send(res, 404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request', status: '404' });
    const [owner] = path.split('/');
    const html = (p: Pr) => `https://github.example/${path}/pull/${p.number}`;
    const shape = (p: Pr) => ({
      url: `${u.origin}/api/v3/repos/${path}/pulls/${p.number}`, id: 1000 + p.number, number: p.number, html_url: html(p), state: p.state,
      title: p.title, body: p.body ?? null, draft: p.draft,
      head: { label: `${owner}:${p.head}`, ref: p.head, sha: 'a'.repeat(40) }, base: { label: `${owner}:${p.base}`, ref: p.base, sha: 'b'.repeat(40) },
    });
    if (parts.length === 3 && req.method === 'GET') return send(res, 200, { full_name: path, default_branch: repo.defaultBranch });
    if (parts[3] !== 'pulls') return send(res, 404, { message: 'Not Found' });
    if (req.method === 'GET') {
      const head = u.searchParams.get('head');
      const st = u.searchParams.get('state') ?? 'open';
      return send(res, 200, list(path).filter((p) => (st === 'all' || p.state === st) && (!head || `${owner}:${p.head}` === head)).map(shape));
    }
    if (req.method !== 'POST') return send(res, 404, { message: 'Not Found' });
    const missing = ['title', 'head', 'base'].filter((f) => !body?.[f]);
    if (missing.length) return send(res, 422, { message: 'Validation Failed', errors: missing.map((field) => ({ resource: 'PullRequest', field, code: 'missing_field' })), documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request', status: '422' });
    if (!repo.branches.includes(body.head)) return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'PullRequest', field: 'head', code: 'invalid' }], documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request', status: '422' });
    if (list(path).some((p) => p.state === 'open' && p.head === body.head && p.base === body.base)) {
      return send(res, 422, { message: 'Validation Failed', errors: [{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${owner}:${body.head}.` }], documentation_url: 'https://docs.github.com/rest/pulls/pulls#create-a-pull-request', status: '422' });
    }
    const pr: Pr = { number: list(path).length + 1, head: body.head, base: body.base, title: body.title, body: body.body, draft: !!body.draft, state: 'open' };
    list(path).push(pr);
    return send(res, 201, shape(pr));
  }

  // GitLab: "PRIVATE-TOKEN: <token>" or "Authorization: Bearer <token>"; :id is the URL-encoded path
  function gitlab(req: IncomingMessage, res: ServerResponse, u: URL, body: any): void {
    const bearer = /^bearer (.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const given = (req.headers['private-token'] as string | undefined) ?? bearer;
    if (given !== o.token) return send(res, 401, { message: state.echoCredentials ? `401 Unauthorized (${given})` : '401 Unauthorized' });
    const m = /^\/api\/v4\/projects\/([^/]+)(\/merge_requests)?\/?$/.exec(u.pathname);
    if (!m) return send(res, 404, { error: '404 Not Found' });
    const path = decodeURIComponent(m[1]);
    if (m[1].includes('/') || !find(path)) return send(res, 404, { message: '404 Project Not Found' });
    const repo = find(path)!;
    const shape = (p: Pr) => ({
      id: 5000 + p.number, iid: p.number, project_id: 77, title: p.title, description: p.body ?? null, state: p.state,
      source_branch: p.head, target_branch: p.base, draft: p.draft, work_in_progress: p.draft,
      web_url: `https://gitlab.example/${path}/-/merge_requests/${p.number}`, references: { short: `!${p.number}` },
    });
    if (!m[2]) return req.method === 'GET' ? send(res, 200, { id: 77, path_with_namespace: path, default_branch: repo.defaultBranch }) : send(res, 405, { message: '405 Method Not Allowed' });
    if (req.method === 'GET') {
      const src = u.searchParams.get('source_branch');
      const st = u.searchParams.get('state');
      return send(res, 200, list(path).filter((p) => (!src || p.head === src) && (!st || st === 'all' || p.state === st)).map(shape));
    }
    for (const f of ['source_branch', 'target_branch', 'title']) if (!body?.[f]) return send(res, 400, { error: `${f} is missing` });
    if (!repo.branches.includes(body.source_branch)) return send(res, 422, { message: ['Source branch does not exist'] });
    const open = list(path).find((p) => p.state === 'opened' && p.head === body.source_branch && p.base === body.target_branch);
    if (open) return send(res, 409, { message: [`Another open merge request already exists for this source branch: !${open.number}`] });
    const draft = /^\s*(\[draft\]|\(draft\)|draft:|draft\s*-)/i.test(body.title);
    const pr: Pr = { number: list(path).length + 1, head: body.source_branch, base: body.target_branch, title: body.title, body: body.description, draft, state: 'opened' };
    list(path).push(pr);
    return send(res, 201, shape(pr));
  }

  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`, port, requests,
    get echoCredentials() { return state.echoCredentials; },
    set echoCredentials(v: boolean) { state.echoCredentials = v; },
    reset: () => prs.clear(),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
