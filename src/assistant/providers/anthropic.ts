// Anthropic (hosted): the Messages API with the x-api-key header, sent only to
// api.anthropic.com (or the endpoint the operator configured for this process).
import type { LanguageModel } from 'ai';
import type { ProviderEndpoints, ProviderInfo, ProviderSettings } from './types.js';

export const ANTHROPIC: ProviderInfo = {
  kind: 'anthropic', label: 'Anthropic', needs: ['apiKey', 'model'], defaultModel: 'claude-sonnet-4-5', keyEnv: ['ANTHROPIC_API_KEY'], endpoint: 'https://api.anthropic.com/v1',
};

export async function anthropicModel(s: ProviderSettings, endpoints: ProviderEndpoints): Promise<LanguageModel> {
  // the SDK package loads when a model is first used, not when the CLI starts
  const { createAnthropic } = await import('@ai-sdk/anthropic');
  return createAnthropic({ apiKey: s.apiKey, baseURL: endpoints.anthropic ?? ANTHROPIC.endpoint })(s.model ?? ANTHROPIC.defaultModel!);
}
