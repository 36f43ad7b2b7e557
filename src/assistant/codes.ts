// Codes the assistant reports (changes it proposes are blocked with the proposal codes of
// src/proposals/codes.ts).
import type { CodeTable } from '../core/codes.js';

export const ASSISTANT_CODES: CodeTable = {
  AI_REQUEST_INVALID: { severity: 'error', meaning: 'an ask or preview request is malformed (an empty message, or one over 20,000 characters)' },
  AI_STATE_INVALID: { severity: 'error', meaning: 'a file under .modeler/agent/ (chats.json, memory.json) is not valid JSON; it is left as it is — move it aside to start a new one' },
  AI_STATE_ESCAPE: { severity: 'error', meaning: '.modeler/agent/ resolves outside the project (a symbolic link); the assistant writes nothing there' },
  CHAT_NOT_FOUND: { severity: 'error', meaning: 'no chat with that id in .modeler/agent/chats.json' },
  AI_RESIDENT_FAILED: { severity: 'error', meaning: 'the resident index (the process keeping a big project indexed between CLI calls) failed or ended while answering; ask again, or end it with modeler ai stop' },
  AI_INDEX_FAILED: { severity: 'error', meaning: 'the server could not build the assistant\'s index in the background (the reason is in the message); POST /api/ai/index/rebuild tries again' },
  MODEL_NOT_FOUND: { severity: 'error', meaning: 'an MCP tool or prompt names a model, source, seed or snapshot the project does not have (the modeler://model/… and modeler://source/… resources list them)' },
  COLUMNS_UNKNOWN: { severity: 'error', meaning: 'column_yaml: the columns the model\'s SQL returns could not be read (the reason is in the message)' },
  MEMORY_NOT_FOUND: { severity: 'error', meaning: 'no memory with that id in .modeler/agent/memory.json' },
  SKILL_FIELD: { severity: 'warning', meaning: 'a skill frontmatter field has the wrong type, or names an unknown layer or agent mode; located at its line' },
  AI_PROVIDER_NOT_CONFIGURED: { severity: 'error', meaning: 'the provider lacks what it needs (an API key, a model, a base URL for openai-compatible)' },
  AI_PROVIDER_UNSUPPORTED: { severity: 'error', meaning: 'an unknown provider kind, or a base URL given for a hosted kind (hosted kinds are called at their own endpoint only)' },
  AI_PROVIDER_AUTH: { severity: 'error', meaning: 'the provider refused the API key (HTTP 401/403); check the key in Settings' },
  AI_PROVIDER_RATE_LIMIT: { severity: 'error', meaning: 'the provider is rate limiting requests (HTTP 429); wait and retry' },
  AI_PROVIDER_UNREACHABLE: { severity: 'error', meaning: 'the provider endpoint cannot be reached (connection refused, DNS)' },
  AI_PROVIDER_TIMEOUT: { severity: 'error', meaning: 'the provider did not answer in time' },
  AI_PROVIDER_BAD_OUTPUT: { severity: 'error', meaning: 'the model did not return the answer and proposed changes in the required JSON shape; nothing was proposed' },
  AI_PROVIDER_ERROR: { severity: 'error', meaning: 'the provider failed otherwise (its HTTP status is in the message)' },
};
