// Local: no key, no network. Answers come from the retrieved facts (../local/answer.ts).
import type { ProviderInfo } from './types.js';

export const LOCAL: ProviderInfo = { kind: 'local', label: 'Local (no key; answers from the project index)', needs: [], keyEnv: [] };
