// Watch a project folder for changes made outside the server (an editor, git) and report the
// changed project-relative paths in batches. On Linux one fs.watch per folder (inotify reports
// changes to a folder's files), so a project of 20,000 files needs a few hundred watches, not
// 20,000; elsewhere one recursive fs.watch.
import { existsSync, readdirSync, statSync, watch, type FSWatcher } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface WatchOptions {
  /** true for a path (project-relative, '/'-separated) that is never reported nor descended into */
  ignore: (rel: string) => boolean;
  /**
   * a batch of changed paths (files or folders), after `quietMs` without further change: the
   * events of one save (an editor's temp file, rename, chmod) arrive within a few ms of each
   * other, and a re-read of a few files is cheap, so a single write is not kept waiting
   */
  onChange: (rels: string[]) => void;
  quietMs?: number;
  /** report at the latest this long after the first change of a batch */
  maxWaitMs?: number;
}

export interface Watcher {
  close(): void;
  /** Report what is pending now rather than after the quiet time (a request wants the project as it is). */
  flush(): void;
  /** Whether changes are noticed but not yet reported. */
  pending(): boolean;
}

export function watchProject(root: string, o: WatchOptions): Watcher {
  const quiet = o.quietMs ?? 10;
  const maxWait = o.maxWaitMs ?? 250;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let first = 0;
  let closed = false;
  const flush = () => {
    timer = undefined;
    if (closed || !pending.size) return;
    const batch = [...pending].sort();
    pending.clear();
    o.onChange(batch);
  };
  const note = (rel: string) => {
    if (!rel || o.ignore(rel)) return;
    if (!pending.size) first = Date.now();
    pending.add(rel);
    if (timer) clearTimeout(timer);
    timer = setTimeout(flush, Math.max(0, Math.min(quiet, first + maxWait - Date.now())));
  };
  const now = () => { if (timer) clearTimeout(timer); flush(); };
  const toRel = (abs: string) => relative(root, abs).split(sep).join('/');

  if (process.platform !== 'linux') {
    const w = watch(root, { recursive: true, persistent: false }, (_e, name) => { if (name) note(String(name).split(sep).join('/')); });
    w.on('error', () => {});
    return { close() { closed = true; if (timer) clearTimeout(timer); w.close(); }, flush: now, pending: () => pending.size > 0 };
  }

  const watchers = new Map<string, FSWatcher>();
  const watchDir = (abs: string) => {
    if (closed || watchers.has(abs)) return;
    let w: FSWatcher;
    try {
      w = watch(abs, { persistent: false }, (_e, name) => {
        if (!name) return;
        const child = join(abs, String(name));
        const rel = toRel(child);
        if (o.ignore(rel)) return;
        note(rel);
        // a folder created or moved in: watch it (and what is already inside)
        try { if (statSync(child).isDirectory()) watchTree(child); } catch { /* gone again */ }
      });
    } catch { return; } // vanished before we got to it
    w.on('error', () => { w.close(); watchers.delete(abs); });
    watchers.set(abs, w);
  };
  const watchTree = (abs: string) => {
    watchDir(abs);
    let entries;
    try { entries = readdirSync(abs, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      if (!e.isDirectory()) continue;
      const child = join(abs, e.name);
      if (!o.ignore(toRel(child))) watchTree(child);
    }
  };
  watchTree(root);
  return {
    flush: now,
    pending: () => pending.size > 0,
    close() {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const w of watchers.values()) w.close();
      watchers.clear();
    },
  };
}

/** Expand folders to the files under them (a folder moved in reports only its own name). */
export function filesUnder(root: string, rel: string, ignore: (rel: string) => boolean): string[] {
  const abs = join(root, rel);
  if (!existsSync(abs)) return [];
  const out: string[] = [];
  const walk = (dir: string, r: string) => {
    let entries;
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const cr = `${r}/${e.name}`;
      if (ignore(cr)) continue;
      if (e.isDirectory()) walk(join(dir, e.name), cr); else if (e.isFile()) out.push(cr);
    }
  };
  walk(abs, rel);
  return out;
}
