// The open files: each buffer's text, the text and ETag last read or saved, and a conflict
// when the file changed on disk under unsaved edits.
import { createStore } from '../state/store';

export interface Buffer {
  path: string;
  content: string;
  saved: string;
  etag: string;
  loading: boolean;
  error?: string;
  /** the file on disk is no longer what this buffer was read from */
  conflict?: { etag: string; disk: string };
  saving?: boolean;
  /** a line to show (set by openFile; the editor scrolls there) */
  goto?: { line: number; n: number };
}

export const editor = createStore<{ buffers: Record<string, Buffer> }>({ buffers: {} });

export const dirty = (b?: Buffer) => !!b && !b.loading && b.content !== b.saved;

export function patchBuffer(path: string, patch: Partial<Buffer>): void {
  editor.set((s) => (s.buffers[path] ? { buffers: { ...s.buffers, [path]: { ...s.buffers[path], ...patch } } } : {}));
}
