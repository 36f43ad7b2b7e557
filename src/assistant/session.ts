// One project's assistant state: the project as read, its index (kept current per changed
// file), memory, chat history and the validator proposed changes go through. The HTTP server
// keeps one in its project session; the CLI and the MCP server open one per run.
import { DiskStamps } from '../core/disk-stamps.js';
import { SKIP_DIRS } from '../core/project/walk.js';
import type { Project } from '../core/project/types.js';
import { loadProject, type LoadOptions } from '../core/project/load.js';
import { proposalValidator, validateContextOf, type ChangeValidator } from './change-check.js';
import { ChatStore } from './chats.js';
import { ProjectIndex } from './index/project-index.js';
import { readSnapshot, writeSnapshot } from './index/snapshot.js';
import { MEMORY_UNIT, MemoryStore, type Memory } from './memory.js';
import type { ProviderEndpoints } from './providers/types.js';
import { selectSkills, skillDiagnostics } from './skills.js';

export interface AssistantOptions {
  /** How proposed changes are validated (default: the proposal validator over this project; the server passes its session's context). */
  validator?: ChangeValidator;
  /** Hosted provider endpoints the operator configured (from this process's environment). */
  endpoints?: ProviderEndpoints;
  /** Restore the index from a matching snapshot under .modeler/agent/ instead of building it. */
  useSnapshot?: boolean;
  /** Write the snapshot after building (a long-running server does; one-off commands need not). */
  writeSnapshot?: boolean;
}

export class AssistantSession {
  readonly index: ProjectIndex;
  readonly memory: MemoryStore;
  readonly chats: ChatStore;
  readonly validate: ChangeValidator;
  readonly endpoints: ProviderEndpoints;
  /** How the index came to be: built, or restored from the snapshot. */
  readonly indexSource: 'built' | 'snapshot';

  constructor(public project: Project, private opts: AssistantOptions = {}) {
    this.memory = new MemoryStore(project.root);
    this.chats = new ChatStore(project.root);
    this.validate = opts.validator ?? proposalValidator(() => validateContextOf(this.project));
    this.endpoints = opts.endpoints ?? {};
    const restored = opts.useSnapshot ? readSnapshot(project) : undefined;
    this.index = restored ?? new ProjectIndex(project).build();
    this.indexSource = restored ? 'snapshot' : 'built';
    if (!restored && opts.writeSnapshot) this.saveSnapshot();
    this.refreshMemory();
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
    // a change of many files at once (an import, a checkout) is cheaper to index from scratch
    if (rels.length > Math.max(50, this.project.files.size / 5)) {
      const t0 = performance.now();
      this.rebuild();
      return { ms: performance.now() - t0, units: this.index.records.size, rebuilt: true };
    }
    return this.index.update(rels, this.project);
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
    this.index.build(project);
    this.refreshMemory();
    if (this.opts.writeSnapshot) this.saveSnapshot();
    return this.index.stats;
  }

  saveSnapshot(): void {
    writeSnapshot(this.index);
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
