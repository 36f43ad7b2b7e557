// Provider settings and the git host token live in this browser's storage only (spec §1, §5):
// sent with each request that needs them, never written by the server.
import type { ProviderSettings } from '../ai/types';

const PROVIDER = 'modeler.ai.provider';
const GIT_TOKEN = 'modeler.git.token';

export const PROVIDER_KINDS: { kind: string; label: string; needs: string[]; defaultModel?: string }[] = [
  { kind: 'local', label: 'Local (no key, deterministic answers)', needs: [] as string[] },
  { kind: 'openai', label: 'OpenAI', needs: ['apiKey', 'model'] },
  { kind: 'anthropic', label: 'Anthropic', needs: ['apiKey', 'model'] },
  { kind: 'google', label: 'Google Gemini', needs: ['apiKey', 'model'] },
  { kind: 'openai-compatible', label: 'Compatible model server (base URL)', needs: ['baseUrl', 'model'] },
];

function read<T>(key: string, fallback: T): T {
  try { const v = localStorage.getItem(key); return v ? (JSON.parse(v) as T) : fallback; } catch { return fallback; }
}

export const loadProvider = (): ProviderSettings => read<ProviderSettings>(PROVIDER, { kind: 'local' });
export function saveProvider(p: ProviderSettings): void {
  const clean: ProviderSettings = { kind: p.kind, ...(p.model ? { model: p.model } : {}), ...(p.baseUrl ? { baseUrl: p.baseUrl } : {}), ...(p.apiKey ? { apiKey: p.apiKey } : {}) };
  localStorage.setItem(PROVIDER, JSON.stringify(clean));
}
/** The provider as a request sends it; Local sends nothing (the server's default). */
export function providerForRequest(): ProviderSettings | undefined {
  const p = loadProvider();
  return p.kind === 'local' ? undefined : p;
}

export const loadGitToken = (host: string): string => read<Record<string, string>>(GIT_TOKEN, {})[host] ?? '';
export function saveGitToken(host: string, token: string): void {
  const all = read<Record<string, string>>(GIT_TOKEN, {});
  if (token) all[host] = token; else delete all[host];
  localStorage.setItem(GIT_TOKEN, JSON.stringify(all));
}
