// ⌘K search. When the server offers the assistant's retrieval (POST /api/ai/context/preview) the
// typed index answers; otherwise names already loaded (tables, columns, files, doc blocks) are
// matched — exact, then prefix, then substring — which is navigation, not analysis.
import { getProjectId, offers, request } from '../api/client';
import type { DocBlock, FileEntry, GraphReply, TableEntry } from '../api/types';

export interface Hit { kind: string; name: string; path?: string; line?: number; detail?: string }

const rank = (name: string, q: string) => {
  const n = name.toLowerCase();
  if (n === q) return 0;
  if (n.startsWith(q)) return 1;
  if (n.split(/[._/\s-]/).some((w) => w.startsWith(q))) return 2;
  return n.includes(q) ? 3 : -1;
};

/** `tables`: every table by name, when only part of a big project's graph is here. */
export function localSearch(query: string, graph: GraphReply | undefined, files: FileEntry[], docs: DocBlock[], limit = 30, tables?: TableEntry[]): Hit[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const scored: { r: number; h: Hit }[] = [];
  const add = (r: number, h: Hit) => { if (r >= 0) scored.push({ r, h }); };
  for (const n of graph?.nodes ?? []) {
    add(rank(n.name, q), { kind: n.resource_type, name: n.name, path: n.file, line: n.line, detail: n.layer });
    for (const c of n.columns) add(rank(c.name, q) + 0.5, { kind: 'column', name: `${n.name}.${c.name}`, path: n.file, line: c.line ?? n.line, detail: c.data_type });
  }
  const have = new Set(graph?.nodes.map((n) => n.id));
  for (const t of tables ?? []) if (!have.has(t.id)) add(rank(t.name, q), { kind: t.resource_type, name: t.name, path: t.file, line: t.line, detail: t.layer });
  for (const f of files) add(rank(f.path.split('/').pop()!, q) + 0.2, { kind: 'file', name: f.path, path: f.path, detail: f.kind });
  for (const d of docs) add(rank(d.name, q) + 0.3, { kind: 'doc_block', name: d.name, path: d.file, line: d.line });
  scored.sort((a, b) => a.r - b.r || a.h.name.length - b.h.name.length || a.h.name.localeCompare(b.h.name));
  return scored.slice(0, limit).map((s) => s.h);
}

const TABLE_KINDS = new Set(['model', 'source', 'seed', 'snapshot']);

/**
 * The index's hits with the tables whose name is the query, or starts with it, first: a name typed
 * into the search box is navigation ("stg_shop__ord" → stg_shop__orders, "fct_active" →
 * fct_active_users), which the index ranks below files and columns that share its words.
 */
export function namesFirst(query: string, indexHits: Hit[], local: Hit[]): Hit[] {
  const q = query.trim().toLowerCase();
  const named = local.filter((h) => TABLE_KINDS.has(h.kind) && rank(h.name, q) >= 0 && rank(h.name, q) <= 1);
  const seen = new Set(named.map((h) => h.name.toLowerCase()));
  return [...named, ...indexHits.filter((h) => !(TABLE_KINDS.has(h.kind) && seen.has(h.name.toLowerCase())))];
}

export const PREVIEW_ROUTE = 'POST /api/ai/context/preview';

export async function indexSearch(query: string, signal: AbortSignal): Promise<Hit[]> {
  const r = await request<{ sources: { kind: string; name: string; path?: string; line?: number; title?: string }[] }>('POST', '/api/ai/context/preview',
    { body: { projectId: getProjectId(), message: query, limit: 30 }, signal });
  return r.sources.map((s) => ({ kind: s.kind, name: s.name, path: s.path, line: s.line, detail: s.title }));
}

export const indexOffered = () => offers(PREVIEW_ROUTE);
