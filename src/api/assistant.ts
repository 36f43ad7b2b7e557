// The public entry, the AI assistant (Ask AI): index, retrieval, answers, memory, chats, MCP (src/api.ts lists every area).
export { AssistantSession, askContext, type AssistantOptions } from '../assistant/session.js';
export { ask, preview, previewIndex, MAX_MESSAGE, type AskRequest, type AskResult, type AskContext, type AskOptions, type ReviewPlan } from '../assistant/ask.js';
export { lexicalQuery, type Retrieval } from '../assistant/retrieve.js';
export { openProjectIndex, withProjectIndex, cacheFile as indexCacheFile, type OpenedIndex, type OpenIndexOptions } from '../assistant/index/index-cache.js';
export type { IndexView } from '../assistant/index/view.js';
export { DamagedFile } from '../assistant/index/section-file.js';
export type { Source, StageReport, SelectedContext, CheckedChange } from '../assistant/types.js';
export { proposalValidator, validateContextOf, type ChangeValidator, type ChangeVerdict } from '../assistant/change-check.js';
/** The MCP server over stdio; its SDK loads only when `modeler mcp` runs. */
export async function startMcpServer(...args: Parameters<typeof import('../assistant/mcp.js').startMcpServer>): ReturnType<typeof import('../assistant/mcp.js').startMcpServer> {
  return (await import('../assistant/mcp.js')).startMcpServer(...args);
}
export { scoreRetrieval, type LabelledQuestion, type RetrievalScore } from '../assistant/evaluate.js';
export { AGENT_DIR } from '../assistant/runtime-dir.js';
export type { Memory } from '../assistant/memory.js';
export type { Chat, ChatSummary } from '../assistant/chats.js';
