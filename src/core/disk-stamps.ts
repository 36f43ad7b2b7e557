// A cheap freshness check for a project read into memory by a process with no file watcher (the
// MCP server): the size and modification time of every file it read, and the modification time
// of every folder (a file added or removed changes its folder's). Asked before each answer, it
// names the files that changed, appeared or disappeared since, so they are read again first.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export class DiskStamps {
  private files = new Map<string, string>();
  private dirs = new Map<string, number>();

  /**
   * `skip`: folders (project-relative) never looked into. `dirs`: folders to watch besides the
   * files' own — an empty one, whose first file would otherwise go unseen (only its own time moves).
   */
  constructor(private root: string, files: Iterable<string>, private skip: (rel: string) => boolean, dirs: Iterable<string> = []) {
    for (const rel of files) this.files.set(rel, this.stamp(rel));
    for (const rel of dirs) if (!skip(rel)) this.dirs.set(rel, this.dirTime(rel));
    for (const rel of this.files.keys()) for (let d = parent(rel); d !== undefined; d = parent(d)) if (!this.dirs.has(d)) this.dirs.set(d, this.dirTime(d));
    if (!this.dirs.has('')) this.dirs.set('', this.dirTime(''));
  }

  /** Files changed, added or removed since the last call (or the start); the stamps move on to now. */
  changes(): string[] {
    const out = new Set<string>();
    for (const [rel, was] of this.files) {
      const now = this.stamp(rel);
      if (now === was) continue;
      out.add(rel);
      if (now === 'gone') this.files.delete(rel); else this.files.set(rel, now);
    }
    for (const [dir, was] of [...this.dirs]) {
      const now = this.dirTime(dir);
      if (now === was) continue;
      if (now < 0) { this.dirs.delete(dir); continue; }
      this.dirs.set(dir, now);
      for (const rel of this.newUnder(dir)) out.add(rel);
    }
    return [...out].sort();
  }

  private newUnder(dir: string): string[] {
    const out: string[] = [];
    let entries;
    try { entries = readdirSync(join(this.root, dir), { withFileTypes: true }); } catch { return out; }
    for (const e of entries) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (this.skip(rel)) continue;
      if (e.isDirectory() && !this.dirs.has(rel)) { this.dirs.set(rel, this.dirTime(rel)); out.push(...this.newUnder(rel)); }
      else if (e.isFile() && !this.files.has(rel)) { this.files.set(rel, this.stamp(rel)); out.push(rel); }
    }
    return out;
  }

  private stamp(rel: string): string {
    try { const st = statSync(join(this.root, rel)); return `${st.size}:${st.mtimeMs}`; } catch { return 'gone'; }
  }

  private dirTime(rel: string): number {
    try { return statSync(join(this.root, rel)).mtimeMs; } catch { return -1; }
  }
}

function parent(rel: string): string | undefined {
  if (!rel) return undefined;
  const i = rel.lastIndexOf('/');
  return i < 0 ? '' : rel.slice(0, i);
}
