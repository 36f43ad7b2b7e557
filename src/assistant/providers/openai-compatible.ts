// A local or remote server that speaks the OpenAI Chat Completions format (Ollama, vLLM, LM
// Studio, a gateway): the user gives its base URL and a model; a key is optional and is sent
// only to that URL.
import type { LanguageModel } from 'ai';
import { ProviderError, type ProviderInfo, type ProviderSettings } from './types.js';

export const OPENAI_COMPATIBLE: ProviderInfo = {
  kind: 'openai-compatible', label: 'OpenAI-compatible server', needs: ['baseUrl', 'model'], keyEnv: ['MODELER_AI_API_KEY'],
};

/** An http(s) URL without credentials in it (a key goes in apiKey, so it is never part of a URL that could be shown). */
export function checkBaseUrl(raw: string | undefined): string {
  if (!raw) throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', 'the openai-compatible provider needs a base URL (e.g. http://localhost:11434/v1)');
  let u: URL;
  try { u = new URL(raw); } catch { throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', `base URL is not a URL: ${raw.slice(0, 80)}`); }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', `base URL must be http or https, got ${u.protocol}`);
  if (u.username || u.password) throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', 'base URL must not carry credentials; give the key as the API key');
  return raw.replace(/\/+$/, '');
}

export async function compatibleModel(s: ProviderSettings): Promise<LanguageModel> {
  // the SDK package loads when a model is first used, not when the CLI starts
  const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
  if (!s.model) throw new ProviderError('AI_PROVIDER_NOT_CONFIGURED', 'the openai-compatible provider needs a model name');
  return createOpenAICompatible({ name: 'openai-compatible', baseURL: checkBaseUrl(s.baseUrl), apiKey: s.apiKey || undefined }).chatModel(s.model);
}
