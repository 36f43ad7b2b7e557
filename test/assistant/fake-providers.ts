// Local HTTP servers that speak each provider's documented wire format (OpenAI Chat
// Completions, Anthropic Messages, Google generateContent, and the OpenAI-compatible flavour),
// with streaming, so the provider kinds are tested end to end without a network. Each server
// records what it received (path, headers, body) and answers with a scripted reply or error.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type WireKind = 'openai' | 'anthropic' | 'google';

export interface Received { method: string; url: string; headers: IncomingMessage['headers']; body: any }

export interface FakeProvider {
  url: string;
  received: Received[];
  /** The JSON object the model "returns" (answer + proposed_changes), or an HTTP error. */
  reply: { object?: unknown; rawText?: string; status?: number; error?: unknown };
  close(): Promise<void>;
}

export async function startFake(kind: WireKind): Promise<FakeProvider> {
  const fake: FakeProvider = { url: '', received: [], reply: {}, close: async () => {} };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let body: any = undefined;
      try { body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null'); } catch { body = Buffer.concat(chunks).toString('utf8'); }
      fake.received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const r = fake.reply;
      if (r.status && r.status >= 400) {
        res.writeHead(r.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(r.error ?? { error: { message: 'fake failure', type: 'error' } }));
        return;
      }
      const text = r.rawText ?? JSON.stringify(r.object ?? { answer: 'ok', proposed_changes: [] });
      const stream = kind === 'google' ? /streamGenerateContent/.test(req.url ?? '') : body?.stream === true;
      if (kind === 'openai') return stream ? sse(res, openaiChunks(text)) : json(res, openaiReply(text));
      if (kind === 'anthropic') {
        const tool = Array.isArray(body?.tools) && body.tools.some((t: any) => t.name === 'json');
        return stream ? sse(res, anthropicEvents(text, tool)) : json(res, anthropicReply(text, tool));
      }
      return stream ? sse(res, googleChunks(text)) : json(res, googleReply(text));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  fake.url = `http://127.0.0.1:${port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

function json(res: any, v: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(v));
}

function sse(res: any, events: { event?: string; data: unknown }[]): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  for (const e of events) res.write(`${e.event ? `event: ${e.event}\n` : ''}data: ${typeof e.data === 'string' ? e.data : JSON.stringify(e.data)}\n\n`);
  res.end();
}

/** Split a text in small pieces, as a stream would deliver it. */
function pieces(text: string, size = 16): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

const created = 1_700_000_000;

function openaiReply(text: string) {
  return {
    id: 'chatcmpl-fake', object: 'chat.completion', created, model: 'fake-model',
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 },
  };
}

function openaiChunks(text: string) {
  const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created, model: 'fake-model' };
  return [
    { data: { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] } },
    ...pieces(text).map((p) => ({ data: { ...base, choices: [{ index: 0, delta: { content: p }, finish_reason: null }] } })),
    { data: { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 10, completion_tokens: 20, total_tokens: 30 } } },
    { data: '[DONE]' },
  ];
}

function anthropicReply(text: string, tool: boolean) {
  return {
    id: 'msg_fake', type: 'message', role: 'assistant', model: 'fake-model',
    content: tool ? [{ type: 'tool_use', id: 'toolu_fake', name: 'json', input: JSON.parse(text) }] : [{ type: 'text', text }],
    stop_reason: tool ? 'tool_use' : 'end_turn', stop_sequence: null, usage: { input_tokens: 10, output_tokens: 20 },
  };
}

function anthropicEvents(text: string, tool: boolean) {
  const block = tool ? { type: 'tool_use', id: 'toolu_fake', name: 'json', input: {} } : { type: 'text', text: '' };
  return [
    { event: 'message_start', data: { type: 'message_start', message: { id: 'msg_fake', type: 'message', role: 'assistant', model: 'fake-model', content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: 10, output_tokens: 1 } } } },
    { event: 'content_block_start', data: { type: 'content_block_start', index: 0, content_block: block } },
    ...pieces(text).map((p) => ({ event: 'content_block_delta', data: { type: 'content_block_delta', index: 0, delta: tool ? { type: 'input_json_delta', partial_json: p } : { type: 'text_delta', text: p } } })),
    { event: 'content_block_stop', data: { type: 'content_block_stop', index: 0 } },
    { event: 'message_delta', data: { type: 'message_delta', delta: { stop_reason: tool ? 'tool_use' : 'end_turn', stop_sequence: null }, usage: { output_tokens: 20 } } },
    { event: 'message_stop', data: { type: 'message_stop' } },
  ];
}

function googleReply(text: string) {
  return {
    candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 },
  };
}

function googleChunks(text: string) {
  const ps = pieces(text);
  return ps.map((p, i) => ({
    data: {
      candidates: [{ content: { role: 'model', parts: [{ text: p }] }, index: 0, ...(i === ps.length - 1 ? { finishReason: 'STOP' } : {}) }],
      ...(i === ps.length - 1 ? { usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 20, totalTokenCount: 30 } } : {}),
    },
  }));
}
