// Review plan → validate → apply → refresh (spec §3). Opening a plan asks the server for the
// files as the changes leave them; Validate shows each blocked change with its cause; Apply is
// allowed only after a clean validation of the same changes; a DOC_BLOCK_OVERWRITE shows a toast
// that opens the .md file holding the block; after an apply everything is read again and the
// primary file opens.
import { count } from '../../../src/core/count.js';
import { ApiError } from '../api/client';
import { api } from '../api/endpoints';
import type { Change, ChangeResult } from '../api/types';
import { openFile } from '../editor/actions';
import { app, errorText, toast } from '../state/app';
import { refresh } from '../state/data';
import { changesKey, effectiveChanges, review } from './store';

export interface Proposal {
  title: string;
  /** as the server returned them (verdicts and bindings included: the server takes them back as they are) */
  changes: Change[];
  notes?: string[];
  /** the request that made the proposal, to make it again when the files changed since */
  rerun?: { label: string; run: () => Promise<void> };
}

export function openReview(p: Proposal): void {
  review.set({
    open: true, title: p.title, notes: p.notes ?? [], items: p.changes.map((change) => ({ change, included: true })), edits: {}, files: [],
    activeFile: p.changes[0]?.path, result: undefined, validatedKey: undefined, applied: undefined, busy: undefined, checked: undefined, rerun: p.rerun,
  });
  app.set({ center: 'review' });
  void preview();
}

/** Make the proposal again from the files as they are now (the review plan is replaced by the new one). */
export async function rerun(): Promise<void> {
  const r = review.get().rerun;
  if (!r) return;
  review.set({ busy: 'preview' });
  try { await r.run(); } catch (e) { review.set({ busy: undefined }); toast('error', errorText(e)); }
}

export function closeReview(): void {
  review.set({ open: false, items: [], files: [], edits: {}, result: undefined, applied: undefined });
  if (app.get().center === 'review') app.set({ center: 'canvas' });
}

/** The files as the kept changes leave them (the server applies patches; the browser never does). */
export async function preview(): Promise<void> {
  const s = review.get();
  const kept = s.items.filter((i) => i.included).map((i) => i.change);
  const paths = [...new Set(s.items.flatMap((i) => [i.change.path, ...(i.change.to ? [i.change.to] : [])]))];
  if (!kept.length) { review.set({ files: paths.map((path) => ({ path, before: null, after: null })) }); return; }
  review.set({ busy: 'preview' });
  try {
    const r = await api.validateProposal(kept);
    const got = new Map((r.files ?? []).map((f) => [f.path, f]));
    review.set({ busy: undefined, checked: r.results, files: paths.map((path) => got.get(path) ?? { path, before: null, after: null }) });
  } catch (e) {
    review.set({ busy: undefined });
    toast('error', errorText(e));
  }
}

export function toggle(index: number, included: boolean): void {
  review.set((s) => ({ items: s.items.map((it, i) => (i === index ? { ...it, included } : it)) }));
  void preview();
}

export function editFile(path: string, text: string): void {
  review.set((s) => ({ edits: { ...s.edits, [path]: text } }));
}

function docBlockToast(r: { details?: Record<string, unknown> }): void {
  const d = (r.details ?? {}) as { doc?: string; doc_file?: string; doc_line?: number; yaml_path?: string };
  const file = d.doc_file ?? 'the .md file';
  toast('error', `The description${d.yaml_path ? ` at ${d.yaml_path}` : ''} is bound to the doc block “${d.doc ?? '?'}”: edit it in ${file}${d.doc_line ? `:${d.doc_line}` : ''}, not in the YAML. Nothing was written.`,
    d.doc_file ? { label: `Open ${d.doc_file}`, run: () => openFile(d.doc_file!, d.doc_line) } : undefined, 20_000);
}

export async function validate(): Promise<void> {
  const changes = effectiveChanges();
  if (!changes.length) { toast('error', 'no change is kept: include at least one'); return; }
  review.set({ busy: 'validate' });
  try {
    const r = await api.validateProposal(changes);
    // the diff follows the files as they are now (one may have changed since the plan opened)
    const got = new Map((r.files ?? []).map((f) => [f.path, f]));
    review.set((st) => ({ busy: undefined, result: r, validatedKey: changesKey(changes), files: st.files.map((f) => got.get(f.path) ?? f) }));
    const doc = r.results.find((x) => x.code === 'DOC_BLOCK_OVERWRITE');
    if (doc) docBlockToast(doc);
    else toast(r.valid ? 'success' : 'error', r.valid ? (r.summary.total === 1 ? 'the change passes validation' : `all ${r.summary.total} changes pass validation`) : `${r.summary.blocked} of ${count(r.summary.total, 'change')} ${r.summary.blocked === 1 ? 'is' : 'are'} blocked`);
  } catch (e) {
    review.set({ busy: undefined });
    toast('error', errorText(e));
  }
}

export async function apply(): Promise<void> {
  const changes = effectiveChanges();
  review.set({ busy: 'apply' });
  try {
    const r = await api.applyProposal(changes);
    review.set({ busy: undefined, applied: r, result: { valid: true, results: r.results, summary: r.summary } });
    const moved = r.results.filter((x) => x.reanchored?.length).length;
    const already = r.results.filter((x) => x.already).length;
    toast('success', `applied: ${r.written.length} written${r.deleted.length ? `, ${r.deleted.length} deleted` : ''}${moved ? `; ${moved} re-anchored to where their element is now` : ''}${already ? `; ${already} already there` : ''}`);
    await refresh([...r.written, ...r.deleted]);
    // the primary file opens over the plan, unless the user has gone elsewhere meanwhile (the diagram, say)
    if (r.primary_file && app.get().center === 'review') openFile(r.primary_file);
  } catch (e) {
    review.set({ busy: undefined });
    if (e instanceof ApiError && (e.code === 'DOC_BLOCK_OVERWRITE' || e.code === 'PROPOSAL_INVALID' || e.code === 'PATH_ESCAPE' || e.code === 'STALE_PROPOSAL')) {
      const results = (e.details.results ?? []) as ChangeResult[];
      if (results.length) review.set((s) => ({ result: { valid: false, results, summary: (e.details.summary as any) ?? s.result?.summary ?? { total: results.length, valid: 0, blocked: results.length, codes: {} } } }));
      if (e.code === 'DOC_BLOCK_OVERWRITE') docBlockToast({ details: (results.find((x) => x.code === 'DOC_BLOCK_OVERWRITE')?.details ?? e.details) as Record<string, unknown> });
      else if (e.code === 'STALE_PROPOSAL') toast('error', `Nothing was written: a file changed since this proposal was made.${review.get().rerun ? ' Re-run the request to propose again from the files as they are.' : ''}`);
      else toast('error', errorText(e));
    } else toast('error', errorText(e));
  }
}
