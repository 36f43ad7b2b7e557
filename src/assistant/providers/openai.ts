// OpenAI (hosted): Chat Completions with structured outputs, key as a Bearer token, sent only
// to api.openai.com (or the endpoint the operator configured for this process).
import type { LanguageModel } from 'ai';
import type { ProviderEndpoints, ProviderInfo, ProviderSettings } from './types.js';

export const OPENAI: ProviderInfo = {
  kind: 'openai', label: 'OpenAI', needs: ['apiKey', 'model'], defaultModel: 'gpt-4.1-mini', keyEnv: ['OPENAI_API_KEY'], endpoint: 'https://api.openai.com/v1',
};

export async function openaiModel(s: ProviderSettings, endpoints: ProviderEndpoints): Promise<LanguageModel> {
  // the SDK package loads when a model is first used, not when the CLI starts
  const { createOpenAI } = await import('@ai-sdk/openai');
  return createOpenAI({ apiKey: s.apiKey, baseURL: endpoints.openai ?? OPENAI.endpoint }).chat(s.model ?? OPENAI.defaultModel!);
}
