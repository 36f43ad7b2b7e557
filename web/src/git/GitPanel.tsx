// Git: status and diff, branch create/switch, commit, push, pull and a pull request — each shown
// only when the server offers its route (GET /api/openapi.json). The host token stays in this
// browser and goes only into the pull-request request.
import { useEffect, useState } from 'react';
import { getProjectId, offers, request } from '../api/client';
import { CodeEditor } from '../editor/CodeEditor';
import { app, errorText, toast } from '../state/app';
import { loadBranch, refresh } from '../state/data';
import { Modal } from '../shell/Modal';
import { loadGitToken, saveGitToken } from '../settings/storage';

interface GitStatus { branch?: string; detached: boolean; upstream?: string; ahead: number; behind: number; clean: boolean; files: { path: string; state: string; inProject: boolean }[] }

const q = () => ({ projectId: getProjectId() });
const post = <T,>(path: string, body: Record<string, unknown>) => request<T>('POST', path, { body: { ...q(), ...body } });

export function GitPanel() {
  const open = app.use((s) => s.dialog?.kind === 'git');
  const version = app.use((s) => s.version);
  const [status, setStatus] = useState<GitStatus>();
  const [branches, setBranches] = useState<string[]>([]);
  const [diff, setDiff] = useState<{ path: string; text: string }>();
  const [branch, setBranch] = useState('');
  const [message, setMessage] = useState('');
  const [pr, setPr] = useState({ host: offers('POST /api/git/github/pr') ? 'github' : 'gitlab', title: '', body: '', base: '', draft: false, token: '' });
  const [busy, setBusy] = useState(false);
  const git = app.use((s) => !!s.project?.git);
  const load = async () => {
    if (!git) return;
    if (offers('GET /api/git/status')) setStatus(await request<GitStatus>('GET', '/api/git/status', { query: q() }).catch(() => undefined));
    if (offers('GET /api/git/branches')) setBranches((await request<{ branches: { name: string }[] }>('GET', '/api/git/branches', { query: q() }).catch(() => ({ branches: [] }))).branches.map((b) => b.name));
  };
  useEffect(() => { if (open) void load(); }, [open, version]);
  useEffect(() => { setPr((x) => ({ ...x, token: loadGitToken(x.host) })); }, [pr.host]);
  if (!open) return null;
  const act = async (what: string, fn: () => Promise<unknown>) => {
    setBusy(true);
    try { const r = await fn(); toast('success', what); await load(); await loadBranch(); await refresh([]); return r; } catch (e) { toast('error', errorText(e)); return undefined; } finally { setBusy(false); }
  };
  const showDiff = async (path: string) => {
    try { const d = await request<{ diff: string }>('GET', '/api/git/diff', { query: { ...q(), path } }); setDiff({ path, text: d.diff || '(no textual change)' }); } catch (e) { toast('error', errorText(e)); }
  };
  return (
    <Modal title="Git" onClose={() => app.set({ dialog: null })} wide>
      {!git && <p role="status">This project folder is not in a git repository: run <code>git init</code> there (or clone the repository), then reload, to branch, commit, push and open pull requests from here.</p>}
      {status && (
        <section aria-label="Status">
          <p>Branch <strong>{status.branch ?? 'detached HEAD'}</strong>{status.upstream ? ` → ${status.upstream}` : ''} · {status.ahead} ahead · {status.behind} behind · {status.clean ? 'clean' : `${status.files.length} changed`}</p>
          <ul className="git-files">{status.files.map((f) => (
            <li key={f.path}><span className="badge">{f.state}</span> {offers('GET /api/git/diff') && f.inProject ? <button type="button" className="link" onClick={() => void showDiff(f.path)}>{f.path}</button> : f.path}</li>))}
          </ul>
          {diff && <><h3>Diff of {diff.path}</h3><CodeEditor key={diff.path} value={diff.text} lang="text" label={`diff of ${diff.path}`} readOnly className="preview" /></>}
        </section>
      )}
      {git && offers('POST /api/git/branch/create') && (
        <form aria-label="Branch" onSubmit={(e) => { e.preventDefault(); void act(`on branch ${branch}`, () => post('/api/git/branch/create', { branch })); }}>
          <label>Branch (new or existing) <input list="git-branches" value={branch} onChange={(e) => setBranch(e.target.value)} /></label>
          <datalist id="git-branches">{branches.map((b) => <option key={b} value={b} />)}</datalist>
          <button type="submit" disabled={busy || !branch.trim()}>Create or switch</button>
        </form>
      )}
      {git && offers('POST /api/git/commit') && (
        <form aria-label="Commit" onSubmit={(e) => { e.preventDefault(); void act('committed', () => post('/api/git/commit', { message })).then(() => setMessage('')); }}>
          <label>Commit message <input value={message} onChange={(e) => setMessage(e.target.value)} /></label>
          <button type="submit" disabled={busy || !message.trim()}>Commit</button>
        </form>
      )}
      <div className="row">
        {git && offers('POST /api/git/pull') && <button type="button" disabled={busy} onClick={() => void act('pulled', () => post('/api/git/pull', {}))}>Pull</button>}
        {git && offers('POST /api/git/push') && <button type="button" disabled={busy} onClick={() => void act('pushed', () => post('/api/git/push', {}))}>Push</button>}
      </div>
      {git && (offers('POST /api/git/github/pr') || offers('POST /api/git/gitlab/pr')) && (
        <form aria-label="Pull request" onSubmit={(e) => {
          e.preventDefault();
          saveGitToken(pr.host, pr.token);
          void act('pull request opened', async () => {
            const r = await post<{ url: string; number: number }>(`/api/git/${pr.host}/pr`, { token: pr.token, title: pr.title, ...(pr.body ? { body: pr.body } : {}), ...(pr.base ? { base: pr.base } : {}), draft: pr.draft });
            toast('success', `opened #${r.number}: ${r.url}`);
          });
        }}>
          <fieldset><legend>Pull request</legend>
            <label>Host <select value={pr.host} onChange={(e) => setPr({ ...pr, host: e.target.value })}>
              {offers('POST /api/git/github/pr') && <option value="github">GitHub</option>}
              {offers('POST /api/git/gitlab/pr') && <option value="gitlab">GitLab</option>}
            </select></label>
            <label>Title <input value={pr.title} onChange={(e) => setPr({ ...pr, title: e.target.value })} /></label>
            <label>Description <textarea value={pr.body} onChange={(e) => setPr({ ...pr, body: e.target.value })} /></label>
            <label>Base branch <input value={pr.base} onChange={(e) => setPr({ ...pr, base: e.target.value })} placeholder="the remote's default" /></label>
            <label className="check"><input type="checkbox" checked={pr.draft} onChange={(e) => setPr({ ...pr, draft: e.target.checked })} />Draft</label>
            <label>Access token <input type="password" autoComplete="off" value={pr.token} onChange={(e) => setPr({ ...pr, token: e.target.value })} /></label>
            <p className="muted">The token is kept in this browser and sent only with this request.</p>
            <button type="submit" disabled={busy || !pr.title.trim() || !pr.token}>Open pull request</button>
          </fieldset>
        </form>
      )}
    </Modal>
  );
}
