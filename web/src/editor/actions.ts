// Opening, saving and closing files. A save sends If-Match with the ETag the buffer was read
// with; a 409 CONFLICT means the file changed on disk meanwhile, and the editor shows both
// versions until the user keeps one. Files changed on disk reload when their buffer is clean.
import { ApiError } from '../api/client';
import { api } from '../api/endpoints';
import { app, errorText, toast, type CenterTab } from '../state/app';
import { onRefresh } from '../state/data';
import { dirty, editor, patchBuffer } from './store';

let gotoN = 0;

export function openFile(path: string, line?: number): void {
  const s = app.get();
  app.set({ openFiles: s.openFiles.includes(path) ? s.openFiles : [...s.openFiles, path], center: `file:${path}` as CenterTab });
  const b = editor.get().buffers[path];
  const goto = line ? { line, n: ++gotoN } : undefined;
  if (b) { if (goto) patchBuffer(path, { goto }); return; }
  editor.set((st) => ({ buffers: { ...st.buffers, [path]: { path, content: '', saved: '', etag: '', loading: true, goto } } }));
  void load(path);
}

async function load(path: string): Promise<void> {
  try {
    const f = await api.readFile(path);
    patchBuffer(path, { content: f.content, saved: f.content, etag: f.etag, loading: false, error: undefined, conflict: undefined });
  } catch (e) {
    patchBuffer(path, { loading: false, error: errorText(e) });
  }
}

export function edit(path: string, content: string): void {
  patchBuffer(path, { content });
}

export async function save(path: string): Promise<boolean> {
  const b = editor.get().buffers[path];
  if (!b || b.loading || b.saving) return false;
  patchBuffer(path, { saving: true });
  try {
    const r = await api.writeFile(path, b.content, b.etag);
    patchBuffer(path, { saved: b.content, etag: r.etag, saving: false, conflict: undefined });
    toast('success', `saved ${path}`);
    return true;
  } catch (e) {
    patchBuffer(path, { saving: false });
    if (e instanceof ApiError && e.code === 'CONFLICT') {
      const disk = await api.readFile(path).catch(() => undefined);
      patchBuffer(path, { conflict: { etag: disk?.etag ?? String(e.details.etag ?? ''), disk: disk?.content ?? '' } });
      toast('error', `${path} changed on disk since you opened it; choose which version to keep`);
    } else if (e instanceof ApiError && e.code === 'NOT_FOUND') {
      toast('error', `${path} no longer exists on disk`);
    } else {
      const loc = e instanceof ApiError ? (e.details as any)?.location ?? (e.details as any) : undefined;
      toast('error', `${errorText(e)}${loc?.line ? ` (line ${loc.line})` : ''}`);
    }
    return false;
  }
}

/** Keep the version on disk (drop my edits) or mine (write over the disk version). */
export async function resolveConflict(path: string, keep: 'disk' | 'mine'): Promise<void> {
  const b = editor.get().buffers[path];
  if (!b?.conflict) return;
  if (keep === 'disk') { patchBuffer(path, { content: b.conflict.disk, saved: b.conflict.disk, etag: b.conflict.etag, conflict: undefined }); return; }
  patchBuffer(path, { etag: b.conflict.etag, conflict: undefined });
  await save(path);
}

export function closeFile(path: string): void {
  const s = app.get();
  const i = s.openFiles.indexOf(path);
  const openFiles = s.openFiles.filter((p) => p !== path);
  const center: CenterTab = s.center === `file:${path}` ? (openFiles[Math.min(i, openFiles.length - 1)] ? `file:${openFiles[Math.min(i, openFiles.length - 1)]}` as CenterTab : 'canvas') : s.center;
  app.set({ openFiles, center });
  editor.set((st) => { const buffers = { ...st.buffers }; delete buffers[path]; return { buffers }; });
}

// files changed on disk or by another action: clean buffers reload, edited ones learn of a conflict
onRefresh(async (paths) => {
  for (const p of paths) {
    if (!editor.get().buffers[p] || editor.get().buffers[p].loading) continue;
    const exists = app.get().files.some((f) => f.path === p);
    if (!exists) { patchBuffer(p, { error: `${p} was deleted on disk` }); continue; }
    const disk = await api.readFile(p).catch(() => undefined);
    // the buffer as it is now: while the file was read the user may have resolved a conflict or saved
    const b = editor.get().buffers[p];
    if (!disk || !b || b.loading || disk.etag === b.etag) continue;
    if (!dirty(b)) patchBuffer(p, { content: disk.content, saved: disk.content, etag: disk.etag, error: undefined });
    else if (disk.content !== b.content) patchBuffer(p, { conflict: { etag: disk.etag, disk: disk.content } });
    else patchBuffer(p, { saved: disk.content, etag: disk.etag });
  }
});
