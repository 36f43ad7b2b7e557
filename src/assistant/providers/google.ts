// Google (hosted): the Gemini generateContent API with the key in the x-goog-api-key header
// (never in the URL), sent only to generativelanguage.googleapis.com (or the endpoint the
// operator configured for this process).
import type { LanguageModel } from 'ai';
import type { ProviderEndpoints, ProviderInfo, ProviderSettings } from './types.js';

export const GOOGLE: ProviderInfo = {
  kind: 'google', label: 'Google Gemini', needs: ['apiKey', 'model'], defaultModel: 'gemini-2.5-flash',
  keyEnv: ['GOOGLE_GENERATIVE_AI_API_KEY', 'GEMINI_API_KEY'], endpoint: 'https://generativelanguage.googleapis.com/v1beta',
};

export async function googleModel(s: ProviderSettings, endpoints: ProviderEndpoints): Promise<LanguageModel> {
  // the SDK package loads when a model is first used, not when the CLI starts
  const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
  return createGoogleGenerativeAI({ apiKey: s.apiKey, baseURL: endpoints.google ?? GOOGLE.endpoint })(s.model ?? GOOGLE.defaultModel!);
}
