// The application's state: what the server said about the project (files, status, graph,
// findings, doc blocks), what the user has open and selected, and transient UI (menus, dialogs,
// toasts). Data arrives through data.ts; components read with app.use(selector).
import type { DocBlock, FileEntry, GraphReply, MeshReply, ReadinessReply, StatusReply, ValidationReply } from '../api/types';
import { createStore } from './store';

export type Selection =
  | { kind: 'node'; id: string }
  | { kind: 'column'; id: string; column: string }
  | { kind: 'edge'; id: string }
  | { kind: 'file'; path: string }
  | null;

export interface MenuItem { label: string; run: () => void; disabled?: boolean }
export interface MenuState { x: number; y: number; label: string; items: MenuItem[]; returnFocus?: HTMLElement | null }

export interface Toast { id: number; kind: 'info' | 'success' | 'error'; message: string; action?: { label: string; run: () => void } }

export type Dialog =
  | { kind: 'rename'; path: string }
  | { kind: 'delete'; path: string }
  | { kind: 'new'; folder: string; type: 'model' | 'diagram' }
  | { kind: 'settings' }
  | { kind: 'git' }
  | { kind: 'search' }
  /** a diagram edit (edit/EditDialog.tsx); focus goes back to `opener` when it closes */
  | { kind: 'edit'; action: 'rename' | 'describe' | 'set_type' | 'add_column' | 'delete' | 'relate'; node: string; table: string; column?: string; opener?: HTMLElement | null }
  | null;

export type CenterTab = 'canvas' | 'review' | `file:${string}`;

export interface AppState {
  ready: boolean;
  error?: string;
  /** `git`: the folder is in a git work tree (the git routes answer 409 otherwise, so they are not asked) */
  project?: { id: string; name: string; git?: boolean };
  version: number;
  files: FileEntry[];
  status?: StatusReply;
  graph?: GraphReply;
  validation?: ValidationReply;
  readiness?: ReadinessReply;
  mesh?: MeshReply;
  docBlocks: DocBlock[];
  branch?: string;
  /** the assistant's index: the server builds it in the background after serving the project */
  aiIndex?: { state: 'building' | 'ready' | 'failed'; message?: string };
  /** the server's event stream is connected */
  live: boolean;
  selection: Selection;
  center: CenterTab;
  openFiles: string[];
  rightTab: 'inspector' | 'ai';
  /** the details panel is showing (it opens when something is selected or asked about, unless a user hid it: shell/panels.ts) */
  detailsOpen: boolean;
  bottomTab: 'validation' | 'mesh' | 'readiness';
  menu?: MenuState;
  dialog: Dialog;
  toasts: Toast[];
}

export const app = createStore<AppState>({
  ready: false, version: 0, files: [], docBlocks: [], live: false, selection: null, center: 'canvas', openFiles: [],
  rightTab: 'inspector', detailsOpen: false, bottomTab: 'validation', dialog: null, toasts: [],
});

let toastId = 1;
export function toast(kind: Toast['kind'], message: string, action?: Toast['action'], ms = kind === 'error' ? 12_000 : 6_000): number {
  const id = toastId++;
  // the same message again replaces the one shown (no pile of identical notes, each with its own Dismiss)
  app.set((s) => ({ toasts: [...s.toasts.filter((t) => t.kind !== kind || t.message !== message), { id, kind, message, action }] }));
  if (ms > 0) setTimeout(() => dismissToast(id), ms);
  return id;
}
export const dismissToast = (id: number) => app.set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));

let menuOpener: HTMLElement | null = null;
export function openMenu(m: MenuState): void {
  menuOpener = m.returnFocus ?? (document.activeElement as HTMLElement | null);
  app.set({ menu: { ...m, returnFocus: menuOpener } });
}
/** What opened the last context menu: a dialog one of its items opened gives focus back there (the item is gone). */
export const lastMenuOpener = (): HTMLElement | null => menuOpener;
export function closeMenu(): void {
  const back = app.get().menu?.returnFocus;
  app.set({ menu: undefined });
  back?.focus?.();
}

/** Select something (null: nothing); the details panel opens to show it and stays until closed. */
export const select = (selection: Selection) => app.set(selection ? { selection, detailsOpen: true } : { selection });

/** A message for an error of any kind (ApiError carries the server's own). */
export function errorText(e: unknown): string {
  const err = e as { code?: string; message?: string };
  return err?.code && err.code !== 'SERVER_UNREACHABLE' ? `${err.code}: ${err.message}` : String(err?.message ?? e);
}
