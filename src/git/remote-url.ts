// Remote URLs → where the hosted repository lives: host, path segments, and the REST API base
// of GitHub (github.com or Enterprise) or GitLab (gitlab.com or self-managed). Covers the forms
// git accepts: https/http, ssh://, git://, and scp-like `user@host:path`.
import { GitError, redactUrls } from './errors.js';

export interface RemoteLocation {
  protocol: 'https' | 'http' | 'ssh' | 'git';
  host: string;
  /** the port as written, for http(s) remotes only (an ssh port says nothing about the web API) */
  port?: number;
  /** path segments without a trailing .git, e.g. ['group', 'sub', 'project'] */
  segments: string[];
}

export type HostKind = 'github' | 'gitlab';

// Alternative ssh endpoints of the public services (ssh over port 443) name the same repositories.
const SSH_ALIASES: Record<string, string> = { 'ssh.github.com': 'github.com', 'altssh.gitlab.com': 'gitlab.com' };

/** Where a remote URL points, or undefined for local paths and file:// URLs. */
export function parseRemoteUrl(url: string): RemoteLocation | undefined {
  const u = url.trim();
  if (/^[a-z][a-z0-9+.-]*::/i.test(u)) return undefined; // <transport>::<address> goes through a remote helper
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(u);
  if (scheme) {
    const s = scheme[1].toLowerCase();
    const protocol = s === 'https' || s === 'http' ? s : s === 'ssh' || s === 'git+ssh' || s === 'ssh+git' ? 'ssh' : s === 'git' ? 'git' : undefined;
    if (!protocol) return undefined; // file://, ext::, unknown transports
    const rest = u.slice(scheme[0].length);
    const slash = rest.indexOf('/');
    const authority = slash < 0 ? rest : rest.slice(0, slash);
    const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
    const m = /^(\[[^\]]+\]|[^:]+)(?::(\d*))?$/.exec(hostPort);
    if (!m || !m[1]) return undefined;
    let path = slash < 0 ? '' : rest.slice(slash);
    path = path.split(/[?#]/)[0];
    const host = normalizeHost(m[1], protocol);
    const port = (protocol === 'https' || protocol === 'http') && m[2] ? Number(m[2]) : undefined;
    return { protocol, host, ...(port ? { port } : {}), segments: segmentsOf(decodePath(path)) };
  }
  // scp-like: [user@]host:path — only when no slash comes before the first colon (git's rule)
  const colon = u.indexOf(':');
  if (colon <= 0) return undefined;
  const before = u.slice(0, colon);
  if (before.includes('/')) return undefined;
  const host = before.slice(before.lastIndexOf('@') + 1);
  if (!host || /^[a-z]$/i.test(host)) return undefined; // C:\repo, a Windows drive
  const path = u.slice(colon + 1);
  return { protocol: 'ssh', host: normalizeHost(host.replace(/^\[|\]$/g, ''), 'ssh'), segments: segmentsOf(path) };
}

function normalizeHost(h: string, protocol: RemoteLocation['protocol']): string {
  const host = h.toLowerCase();
  return protocol === 'ssh' ? SSH_ALIASES[host] ?? host : host;
}

function decodePath(p: string): string {
  try { return decodeURIComponent(p); } catch { return p; }
}

function segmentsOf(path: string): string[] {
  const parts = path.replace(/^~[^/]*\//, '').split('/').filter(Boolean);
  if (parts.length) parts[parts.length - 1] = parts[parts.length - 1].replace(/\.git$/i, '');
  return parts.filter(Boolean);
}

export interface HostedRepo {
  kind: HostKind;
  host: string;
  /** GitHub: owner/repo; GitLab: the full project path, subgroups included */
  path: string;
  owner: string;
  repo: string;
  apiUrl: string;
}

/** The REST API base of the host a remote lives on (no trailing slash). */
export function apiBaseFor(kind: HostKind, loc: RemoteLocation): string {
  const scheme = loc.protocol === 'http' ? 'http' : 'https';
  const origin = `${scheme}://${loc.host}${loc.port ? `:${loc.port}` : ''}`;
  if (kind === 'github') return loc.host === 'github.com' || loc.host === 'www.github.com' ? 'https://api.github.com' : `${origin}/api/v3`;
  return `${origin}/api/v4`;
}

/** The hosted repository a remote URL names, with its API base (`apiUrl` overrides the derived one). */
export function hostedRepo(kind: HostKind, remoteUrl: string, apiUrl?: string): HostedRepo {
  const shown = redactUrls(remoteUrl);
  const loc = parseRemoteUrl(remoteUrl);
  if (!loc) throw new GitError('REMOTE_NOT_HOSTED', `the remote URL ${shown} is a local path, not a repository on a ${kind === 'github' ? 'GitHub' : 'GitLab'} server`, { url: shown });
  const segs = loc.segments;
  if (kind === 'github' && segs.length !== 2) {
    throw new GitError('REMOTE_NOT_HOSTED', `the remote URL ${shown} does not name a GitHub repository as owner/repo`, { url: shown });
  }
  if (kind === 'gitlab' && segs.length < 2) {
    throw new GitError('REMOTE_NOT_HOSTED', `the remote URL ${shown} does not name a GitLab project as group/project`, { url: shown });
  }
  let base = (apiUrl ?? apiBaseFor(kind, loc)).replace(/\/+$/, '');
  // GitLab clients address <root>/api/v4; an override naming the root gets the suffix
  if (kind === 'gitlab' && !/\/api\/v4$/.test(base)) base += '/api/v4';
  return { kind, host: loc.host, path: segs.join('/'), owner: segs.slice(0, -1).join('/'), repo: segs[segs.length - 1], apiUrl: base };
}

/** A token may travel only over https, or plain http to this machine (a local test server). */
export function requireSafeApiUrl(apiUrl: string): void {
  let u: URL;
  try { u = new URL(apiUrl); } catch {
    throw new GitError('INSECURE_API_URL', `api_url '${redactUrls(apiUrl)}' is not a URL`, { apiUrl: redactUrls(apiUrl) });
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]', '::1'].includes(u.hostname) || /^127\./.test(u.hostname);
  if (u.username || u.password) throw new GitError('INSECURE_API_URL', 'api_url must not carry credentials; the token is sent in a header', { apiUrl: redactUrls(apiUrl) });
  if (u.protocol === 'https:' || (u.protocol === 'http:' && loopback)) return;
  throw new GitError('INSECURE_API_URL', `the API at ${u.origin} is not https; the token would travel in clear text (set api_url to its https address)`, { apiUrl: u.origin });
}
