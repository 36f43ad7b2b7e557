// One project's assistant state: the project as read, its index (kept current per changed
// file), memory, chat history and the validator proposed changes go through. The HTTP server
// keeps one in its project session; the MCP server opens one per run over the index the CLI
// keeps in the user's cache directory (index/index-cache.ts), so neither writes an index into
// the project.
import { DiskStamps } from '../core/disk-stamps.js';
import { SKIP_DIRS } from '../core/project/walk.js';
import type { Project } from '../core/project/types.js';
import { loadProject, type LoadOptions } from '../core/project/load.js';
import { proposalValidator, validateContextOf, type ChangeValidator } from './change-check.js';
import { ChatStore } from './chats.js';
import { ProjectIndex } from './index/project-index.js';
import type { IndexView } from './index/view.js';
import type { AskContext } from './ask.js';
import { MEMORY_UNIT, MemoryStore, type Memory } from './memory.js';
import type { ProviderEndpoints } from './providers/types.js';
import { selectSkills, skillDiagnostics } from './skills.js';

/** A project's memory, chats and proposal validator, as a session keeps them. */
function stores(project: Project, opts: AssistantOptions, current: () => Project): Pick<AssistantSession, 'memory' | 'chats' | 'validate' | 'endpoints'> {
  return { memory: new MemoryStore(project.root), chats: new ChatStore(project.root), validate: opts.validator ?? proposalValidator(() => validateContextOf(current())), endpoints: opts.endpoints ?? {} };
}

/**
 * What `ask` needs, over an index opened elsewhere (the CLI's, kept between calls: see
 * index/index-cache.ts) and the project read for the answer: the stores a session makes.
 */
export function askContext(project: Project, index: IndexView, opts: Pick<AssistantOptions, 'validator' | 'endpoints'> = {}): AskContext {
  const s = stores(project, opts, () => project);
  return { project, index, ...s, refreshMemory: () => index.setExtraUnit(MEMORY_UNIT, s.memory.records()) };
}

export interface AssistantOptions {
  /** How proposed changes are validated (default: the proposal validator over this project; the server passes its session's context). */
  validator?: ChangeValidator;
  /** Hosted provider endpoints the operator configured (from this process's environment). */
  endpoints?: ProviderEndpoints;
  /**
   * An index opened elsewhere for this project as read (the kept one: openProjectIndex), used
   * instead of building one. It answers as is until a file changes; the first change builds the
   * index from the project, which is then kept current per file.
   */
  index?: IndexView;
  /**
   * Build the index a slice at a time after the constructor returns (the server: it answers
   * meanwhile); `ready` settles when it is built. Files changed meanwhile are indexed after.
   */
  background?: boolean;
  /** While true, a build in the background waits between slices (the server: a file change or a request is in progress). */
  yieldTo?: () => boolean;
}

/** Where the index is: being built (in the background), ready, or failed (with why). */
export interface IndexState { state: 'building' | 'ready' | 'failed'; source: 'built' | 'kept'; message?: string }

export class AssistantSession {
  /** The index built here (kept current per changed file); undefined while a kept one is used as is. */
  private built?: ProjectIndex;
  private kept?: IndexView;
  readonly memory: MemoryStore;
  readonly chats: ChatStore;
  readonly validate: ChangeValidator;
  readonly endpoints: ProviderEndpoints;
  /** How the index came to be: built here, or opened from the kept one. */
  indexSource: 'built' | 'kept';
  /** Settles when the index is built (at once unless built in the background). */
  readonly ready: Promise<void>;
  private building = false;
  private failure?: string;
  /** files changed while the index was being built in the background */
  private changedWhileBuilding = new Set<string>();

  constructor(public project: Project, private opts: AssistantOptions = {}) {
    ({ memory: this.memory, chats: this.chats, validate: this.validate, endpoints: this.endpoints } = stores(project, opts, () => this.project));
    // an index just built from this project is kept current like one built here; one read from a file is used as is
    if (opts.index instanceof ProjectIndex) this.built = opts.index; else this.kept = opts.index;
    this.indexSource = this.kept ? 'kept' : 'built';
    if (!opts.index && opts.background) {
      this.built = new ProjectIndex(project);
      this.building = true;
      this.ready = this.buildInBackground();
      return;
    }
    if (!this.kept) this.built ??= new ProjectIndex(project).build();
    this.refreshMemory();
    this.ready = Promise.resolve();
  }

  /** The index retrieval answers from. */
  get index(): IndexView { return this.built ?? this.kept!; }

  /** The built index's counts and build time (undefined while a kept index is used as is). */
  indexStats(): ProjectIndex['stats'] | undefined { return this.built?.stats; }

  private async buildInBackground(): Promise<void> {
    try {
      await new Promise((r) => setImmediate(r)); // not one slice before the caller's own work is done
      await this.built!.buildInSlices(this.project, { stopped: () => this.closed, yieldTo: this.opts.yieldTo, sliceMs: 10 });
      this.building = false;
      this.refreshMemory();
      const changed = [...this.changedWhileBuilding];
      this.changedWhileBuilding.clear();
      if (changed.length) this.filesChanged(changed, { reloaded: true });
    } catch (e) {
      this.building = false;
      this.failure = (e as Error)?.message ?? String(e);
    }
  }

  private closed = false;
  /** Stop a build in the background (the server stops). */
  close(): void { this.closed = true; }

  /** Whether the index is still being built, ready, or failed to build. */
  indexState(): IndexState {
    const state = this.building ? 'building' : this.failure !== undefined ? 'failed' : 'ready';
    return { state, source: this.indexSource, ...(this.failure !== undefined ? { message: this.failure } : {}) };
  }

  static open(dir: string, load: LoadOptions = {}, opts: AssistantOptions = {}): AssistantSession {
    return new AssistantSession(loadProject(dir, load), opts);
  }

  /**
   * Files changed on disk (an edit, an applied proposal): re-read each into the project and
   * update the index for them. `reloaded`: the caller (the server's watcher) already re-read them.
   */
  filesChanged(rels: string[], opts: { reloaded?: boolean } = {}): { ms: number; units: number; rebuilt: boolean } {
    if (!opts.reloaded) for (const r of rels) this.project.reloadFile(r);
    if (this.building) { for (const r of rels) this.changedWhileBuilding.add(r); return { ms: 0, units: 0, rebuilt: false }; }
    // a change of many files at once (an import, a checkout) is cheaper to index from scratch, and
    // a kept index (a file, read as it is) is replaced by one built from the project as it is now
    if (!this.built || rels.length > Math.max(50, this.project.files.size / 5)) {
      const t0 = performance.now();
      this.rebuild();
      return { ms: performance.now() - t0, units: this.index.records.size, rebuilt: true };
    }
    return this.built.update(rels, this.project);
  }

  private stamps?: DiskStamps;

  /**
   * For a process without a watcher (the MCP server): read again the files changed on disk since
   * the last call (the first call only notes what is there), and bring the index up to date.
   * Returns the files re-read.
   */
  syncWithDisk(): string[] {
    if (!this.stamps) {
      this.stamps = new DiskStamps(this.project.root, this.project.files.keys(), (rel) => rel.split('/').some((s) => SKIP_DIRS.has(s)));
      return [];
    }
    const changed = this.stamps.changes();
    if (changed.length) this.filesChanged(changed);
    return changed;
  }

  /** Build the index again from the project (after an import, or on request). */
  rebuild(project: Project = this.project): ProjectIndex['stats'] {
    this.project = project;
    this.built = (this.built ?? new ProjectIndex(project)).build(project);
    this.indexSource = 'built';
    this.kept = undefined;
    this.failure = undefined;
    this.refreshMemory();
    return this.built.stats;
  }

  refreshMemory(): void {
    this.index.setExtraUnit(MEMORY_UNIT, this.memory.records());
  }

  listMemory(): Memory[] { return this.memory.list(); }

  deleteMemory(id: string): Memory {
    const m = this.memory.delete(id);
    this.refreshMemory();
    return m;
  }

  /** The project's skills with their diagnostics; with a message, which ones it would select. */
  skills(message?: string): { skills: (Project['skills'][number] & { selected?: boolean })[]; diagnostics: ReturnType<typeof skillDiagnostics> } {
    const chosen = message ? new Set(selectSkills(this.project.skills, { message, modes: [] }).map((s) => s.name)) : undefined;
    return {
      skills: this.project.skills.map((s) => ({ ...s, ...(chosen ? { selected: chosen.has(s.name) } : {}) })),
      diagnostics: skillDiagnostics(this.project),
    };
  }
}
