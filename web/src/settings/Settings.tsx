// Settings → AI: the provider kind, model, base URL and key, kept in this browser only, with a
// Test that asks the server to make one small call (when it offers POST /api/ai/settings/test);
// and the theme (follows the system unless chosen).
import { useEffect, useState } from 'react';
import { getProjectId, offers, request } from '../api/client';
import type { ProviderSettings } from '../ai/types';
import { app, errorText } from '../state/app';
import { Modal } from '../shell/Modal';
import { loadProvider, PROVIDER_KINDS, saveProvider } from './storage';

export type Theme = 'system' | 'light' | 'dark';
export const loadTheme = (): Theme => (localStorage.getItem('modeler.theme') as Theme) || 'system';
export function applyTheme(t: Theme): void {
  if (t === 'system') document.documentElement.removeAttribute('data-theme');
  else document.documentElement.setAttribute('data-theme', t);
}

export function Settings() {
  const open = app.use((s) => s.dialog?.kind === 'settings');
  const [p, setP] = useState<ProviderSettings>(loadProvider);
  const [theme, setTheme] = useState<Theme>(loadTheme);
  const [test, setTest] = useState<{ ok: boolean; text: string }>();
  const [busy, setBusy] = useState(false);
  const [kinds, setKinds] = useState(PROVIDER_KINDS);
  // the server's own list when it offers one (labels, what each kind needs, default models)
  useEffect(() => {
    if (!open || !offers('GET /api/ai/providers')) return;
    request<{ providers: { kind: string; label: string; needs: string[]; defaultModel?: string }[] }>('GET', '/api/ai/providers', { query: { projectId: getProjectId() } })
      .then((r) => setKinds(r.providers.map((x) => ({ kind: x.kind, label: x.label, needs: x.needs.map((n) => (/base/i.test(n) ? 'baseUrl' : /key/i.test(n) ? 'apiKey' : n)), defaultModel: x.defaultModel }))))
      .catch(() => {});
  }, [open]);
  if (!open) return null;
  const kind = kinds.find((k) => k.kind === p.kind) ?? kinds[0];
  const close = () => { app.set({ dialog: null }); setTest(undefined); };
  const save = () => { saveProvider(p); localStorage.setItem('modeler.theme', theme); applyTheme(theme); close(); };
  const runTest = async () => {
    setBusy(true);
    try {
      const r = await request<{ ok?: boolean; message?: string; model?: string }>('POST', '/api/ai/settings/test', { body: { projectId: getProjectId(), provider: p } });
      setTest({ ok: r.ok !== false, text: r.message ?? `the provider answered${r.model ? ` (${r.model})` : ''}` });
    } catch (e) { setTest({ ok: false, text: errorText(e) }); } finally { setBusy(false); }
  };
  return (
    <Modal title="Settings" onClose={close}>
      <form onSubmit={(e) => { e.preventDefault(); save(); }}>
        <fieldset>
          <legend>AI provider</legend>
          <label>Provider <select value={p.kind} onChange={(e) => setP({ ...p, kind: e.target.value as ProviderSettings['kind'] })}>
            {kinds.map((k) => <option key={k.kind} value={k.kind}>{k.label}</option>)}
          </select></label>
          {kind.kind !== 'local' && <label>Model <input value={p.model ?? ''} onChange={(e) => setP({ ...p, model: e.target.value })} placeholder={kind.defaultModel ?? "the provider's default"} /></label>}
          {kind.needs.includes('baseUrl') && <label>Base URL <input type="url" value={p.baseUrl ?? ''} onChange={(e) => setP({ ...p, baseUrl: e.target.value })} placeholder="http://127.0.0.1:11434/v1" /></label>}
          {kind.kind !== 'local' && <label>API key <input type="password" autoComplete="off" value={p.apiKey ?? ''} onChange={(e) => setP({ ...p, apiKey: e.target.value })} placeholder={kind.needs.includes('apiKey') ? 'required' : 'optional'} /></label>}
          <p className="muted">Kept in this browser's storage only; sent with each request, never saved by the server.</p>
          {offers('POST /api/ai/settings/test')
            ? <button type="button" onClick={() => void runTest()} disabled={busy}>{busy ? 'Testing…' : 'Test'}</button>
            : <p className="muted">This server cannot test provider settings yet.</p>}
          {test && <p role="status" className={test.ok ? 'ok' : 'error'}>{test.text}</p>}
        </fieldset>
        <fieldset>
          <legend>Theme</legend>
          {(['system', 'light', 'dark'] as const).map((t) => (
            <label key={t} className="check"><input type="radio" name="theme" checked={theme === t} onChange={() => setTheme(t)} />{t === 'system' ? 'Follow the system' : t[0].toUpperCase() + t.slice(1)}</label>
          ))}
        </fieldset>
        <div className="row"><button type="submit">Save</button><button type="button" onClick={close}>Cancel</button></div>
      </form>
    </Modal>
  );
}
