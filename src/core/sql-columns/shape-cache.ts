// Parsed query shapes by the hash of their SQL text (and parser dialect): the full parse is the
// costly step of reading a model's columns, and a shape depends on nothing but the text. SQL the
// token reader reads (static-shape.ts) is not kept: reading it again costs less than hashing it. Kept in memory
// for the process and, when asked, in the project's runtime folder (<project>/.modeler/, which
// ignores itself; the user's data directory for the package's own examples, which are never
// written) as cache/sql-shapes.json, so the next command on an unchanged project parses nothing.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writeFileAtomic } from '../fs-atomic.js';
import { ensureRuntimeDir, runtimeDir } from '../runtime-state.js';
import { castTypeCount, castTypeEntries, knowCastTypes, parseQueryShape, staticShape, type ParseDialect, type QueryShape } from './query-shape.js';

type Parsed = { shape?: QueryShape; error?: string };
// 5: a one-column `exclude` without parentheses was read as an empty name
// 7: an unaliased cast of a bare column is named by it where the dialect says so (PostgreSQL)
const VERSION = 7;
const FILE = join('cache', 'sql-shapes.json');

const held = new Map<string, ShapeCache>();

export class ShapeCache {
  /**
   * One cache per project folder for the process (a server reads the project again after each
   * change). `update`: a pass that reads again only what changed keeps the shapes the previous
   * pass used (they are still the project's), so saving does not drop them.
   */
  static for(root: string | undefined, persist: boolean, update = false): ShapeCache {
    if (!root) return new ShapeCache();
    const key = `${persist ? 'disk' : 'mem'}\u0000${root}`;
    let c = held.get(key);
    if (!c) { c = new ShapeCache(persist ? root : undefined); held.set(key, c); }
    if (!update) c.used.clear();
    c.hits = 0;
    c.misses = 0;
    c.fast = 0;
    return c;
  }

  private entries = new Map<string, Parsed>();
  /** keys read from the file and not parsed since: what forget() may drop */
  private fromFile = new Set<string>();
  private used = new Set<string>();
  private dirty = false;
  private typesSaved = 0;
  hits = 0;
  misses = 0;
  /** read by the token reader (not kept) */
  fast = 0;

  /** `root`: read and later write the project's cache file; undefined: memory only. */
  constructor(private root?: string) {
    if (!root) return;
    const file = join(runtimeDir(root), FILE);
    if (!existsSync(file)) return;
    try {
      const data = JSON.parse(readFileSync(file, 'utf8'));
      if (data?.version === VERSION && data.entries && typeof data.entries === 'object') { this.entries = new Map(Object.entries(data.entries)); this.fromFile = new Set(this.entries.keys()); }
      // the types of casts the token reader met: reading the same SQL again needs no parser
      if (data?.version === VERSION && data.types && typeof data.types === 'object') { knowCastTypes(data.types); this.typesSaved = castTypeCount(); }
    } catch { /* a damaged cache is rebuilt */ }
  }

  private key(sql: string, dialect: ParseDialect): string {
    return createHash('sha1').update(dialect).update('\0').update(sql).digest('base64url');
  }

  /**
   * Drop the shape of this SQL when it was read from the file (true): one that does not resolve
   * is a damaged file's (valid JSON, not a shape), to be parsed again; false when it is this
   * process's own parse (a fault to report, not to hide).
   */
  forget(sql: string, dialect: ParseDialect): boolean {
    const key = this.key(sql, dialect);
    if (!this.fromFile.delete(key)) return false;
    this.entries.delete(key);
    return true;
  }

  parse(sql: string, dialect: ParseDialect): Parsed {
    const quick = staticShape(sql, dialect);
    if (quick) { this.fast++; return { shape: quick }; }
    const key = this.key(sql, dialect);
    this.used.add(key);
    const hit = this.entries.get(key);
    if (hit) { this.hits++; return hit; }
    const r = parseQueryShape(sql, dialect, { full: true }); // may stop for the parser to load (withSqlParser): not a miss yet
    this.misses++;
    this.entries.set(key, r);
    this.dirty = true;
    return r;
  }

  /** Write the shapes used in this pass (older ones are dropped), when anything new was parsed. */
  save(): void {
    if (!this.root || (!this.dirty && castTypeCount() === this.typesSaved)) return;
    try {
      const file = join(ensureRuntimeDir(this.root), FILE);
      mkdirSync(dirname(file), { recursive: true });
      const keep: Record<string, Parsed> = {};
      for (const k of this.used) { const v = this.entries.get(k); if (v) keep[k] = v; }
      writeFileAtomic(file, JSON.stringify({ version: VERSION, entries: keep, types: castTypeEntries() }));
      this.dirty = false;
      this.typesSaved = castTypeCount();
    } catch { /* a read-only project: the cache stays in memory */ }
  }
}
