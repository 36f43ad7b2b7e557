// The assistant's index kept between CLI calls (`modeler ai search`): building it means reading
// the whole project and indexing it (≈10 s of CPU at 10,000 models), which a one-off command
// would otherwise pay on every call. It is kept in the user's cache directory — never in the
// project, so the command still writes nothing there — one file per project folder, stamped
// with every file the read found (walked by the reader's own rules), the files outside the
// project the read depends on (profiles.yml, the installed packages), the environment variables
// it looked at (hashed: no value is stored), the reading options and the code that built it.
// A call whose stamps all hold opens the file and answers without reading the project; a call
// after project files changed reads the project and updates the kept index for them (a delta
// beside it: index-delta.ts); anything else — another option, profiles.yml, the packages, a
// damaged or foreign file — builds the index again and replaces the file atomically. The cache
// is a speed-up only: when it cannot be written the answer is the same.
import { UserError } from '../../core/diagnostics.js';
import { count } from '../../core/count.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, realpathSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { changedFiles, firstChange, stampFiles, stampsHold, type FileStamp } from '../../core/file-stamps.js';
import { writeFileAtomic } from '../../core/fs-atomic.js';
import { toolVersion } from '../../core/paths.js';
import { loadProject, type LoadOptions } from '../../core/project/load.js';
import { readSettings } from '../../core/project/settings.js';
import { profilesDirFor } from '../../core/project/target.js';
import type { Project, Skill } from '../../core/project/types.js';
import { walkProject } from '../../core/project/walk.js';
import { sqlColumnsReady } from '../../core/sql-columns/query-shape.js';
import { userCacheDir } from '../../core/user-data.js';
import { MEMORY_UNIT, MemoryStore } from '../memory.js';
import { cachedIndexFile, CachedIndex } from './cached-index.js';
import { deltaAfter, keptState, readDelta, removeDelta, writeDelta, type KeptState } from './index-delta.js';
import { keptProjectFile, keptProjectOf, writeKeptProject } from './kept-project.js';
import { ProjectIndex } from './project-index.js';
import { CHECKSUM, DamagedFile, SectionFile } from './section-file.js';
import type { IndexView } from './view.js';
import { envHashOf } from '../resident/address.js';

/** Bumped when what the file holds changes shape. */
const FORMAT = 3;
/** Projects whose index is kept; the least recently written beyond this are removed (a file is ~17 MB per 1,000 models). */
const KEEP = 4;
/** A project this big says what it is doing while it builds (on stderr). */
const PROGRESS_FILES = 2000;

export interface OpenedIndex {
  index: IndexView;
  skills: readonly Skill[];
  /** updated: the kept index with the records of the files changed since made again (index-delta.ts) */
  from: 'cache' | 'updated' | 'built';
  /** The project, when it was read (the index was built). */
  project?: Project;
  /** Where the index is kept, when it is. */
  file?: string;
  /** The project as read when the index was built, kept with it (keepProject): read from the file when called. */
  keptProject?: () => Project;
  /** How many files the reader finds in the project (a big project is worth a resident index: resident/). */
  files?: number;
}

export interface OpenIndexOptions {
  read?: LoadOptions;
  /** false: build, neither read nor write the cache. */
  cache?: boolean;
  /** Build and write the cache without trying it first. */
  rebuild?: boolean;
  /** A line of progress (the CLI prints it on stderr). */
  progress?: (line: string) => void;
  /**
   * Keep the project as read beside the index, and offer it from the cache (keptProject), so a
   * caller that needs the project (ask) does not read it again while every stamp holds.
   */
  keepProject?: boolean;
  /**
   * Given the number of files the reader finds: true when a resident index will be started for
   * the project (resident/), which writes the kept index itself, so this call, having built it,
   * answers without writing it (≈3 s at 10,000 models).
   */
  leaveKeeping?: (files: number) => boolean;
  /** Return `keep` also with keepProject (the resident writes before it answers anything). */
  deferKeep?: boolean;
  /**
   * The lexical queries the caller will make (lexicalQuery of its message): an index this call
   * builds and does not keep (--no-cache, or kept by the resident it starts) is made for them
   * alone (IndexOptions.lexicalFor in project-index.ts), with the same answers.
   */
  queries?: readonly string[];
  /**
   * 'search': the index `ai search` keeps, in a file of its own. It holds no project; written over
   * ask's (which does) it would take ask's kept project away, so the two are never one file.
   */
  kind?: 'search';
}

/** The project's index: from the cache when every stamp holds, else built (and kept for the next call). */
export function openProjectIndex(dir: string, opts: OpenIndexOptions = {}): OpenedIndex {
  const { opened, keep } = open(dir, opts);
  keep?.();
  return withMemory(opened, resolve(dir));
}

/**
 * The index, and when it was built, how to keep it (write the file): withProjectIndex keeps it
 * after the answer, so a first call answers before it pays for writing (≈3 s at 10,000 models).
 */
function open(dir: string, opts: OpenIndexOptions): { opened: OpenedIndex; keep?: () => void } {
  const root = resolve(dir);
  const file = opts.cache === false ? undefined : cacheFile(root, opts.kind);
  const key = file ? cacheKey(root, opts.read ?? {}) : '';
  // why a kept index is not used (a file changed…): said while a big project builds again
  const stale: { why?: string } = {};
  const cached = file && !opts.rebuild ? fromCache(file, root, key, opts, stale) : undefined;
  return cached ? { opened: cached } : build(dir, root, file, key, opts, stale.why);
}

/** The user's remembered rules change between calls and live beside the project: added on every call, as a session adds them. */
function withMemory(opened: OpenedIndex, root: string): OpenedIndex {
  opened.index.setExtraUnit(MEMORY_UNIT, new MemoryStore(opened.project?.root ?? root).records());
  return opened;
}

/**
 * Use the project's index; when a record read from the cache turns out damaged (its checksum
 * differs: records are read lazily, so this shows only when a query reaches it), build the
 * index again and use that instead.
 */
export function withProjectIndex<T>(dir: string, opts: OpenIndexOptions, use: (opened: OpenedIndex) => T): T {
  const { opened, keep } = open(dir, opts);
  withMemory(opened, resolve(dir));
  // a built index is kept once the answer is given (printed by `use`), also when answering failed
  // (the next call has it either way); the remembered rules are not kept, they are added on every call
  const kept = () => { if (!keep) return; opened.index.setExtraUnit(MEMORY_UNIT, []); keep(); };
  const again = (e: unknown): T => {
    if (!(e instanceof DamagedFile) || opened.from === 'built') throw e;
    return use(openProjectIndex(dir, { ...opts, rebuild: true }));
  };
  let r: T;
  try {
    r = use(opened);
  } catch (e) { kept(); return again(e); }
  // an answer that runs asynchronously (ask) meets a damaged record later: the same rebuild then
  if (r instanceof Promise) return r.finally(kept).catch(again) as T;
  kept();
  return r;
}

/** Where a project's index is kept: its folder's name (for a person looking) and a hash of its real path. */
export function cacheFile(root: string, kind?: 'search'): string {
  let real = root;
  try { real = realpathSync(root); } catch { /* not there: the read says so */ }
  const name = basename(real).replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40) || 'project';
  // `ai search`'s index (no project kept) apart from ask's and the MCP server's (the project kept beside it), and an
  // index without the columns models' SQL returns (the parser not loaded) apart from one with them: none replaces another
  const suffix = kind === 'search' ? '-search' : sqlColumnsReady() ? '-sql' : '';
  return join(userCacheDir(), 'ai-index', `${name}-${createHash('sha256').update(real).digest('hex').slice(0, 16)}${suffix}.idx`);
}

/** What the index depends on besides the files: the code that built it, the folder, the reading options, whether columns were read from SQL. */
function cacheKey(root: string, read: LoadOptions): string {
  const code = [fileURLToPath(import.meta.url), fileURLToPath(new URL('./project-index.js', import.meta.url)), fileURLToPath(new URL('../../core/project/load.js', import.meta.url)), fileURLToPath(new URL('./kept-project.js', import.meta.url))]
    .map((f) => { try { const st = statSync(f); return `${st.size}:${st.mtimeMs}`; } catch { return '-'; } });
  const options = { vars: read.vars ?? null, profilesDir: read.profilesDir ?? null, profile: read.profile ?? null, target: read.target ?? null };
  return createHash('sha256').update(JSON.stringify([FORMAT, CHECKSUM, toolVersion(), code, root, options, sqlColumnsReady()])).digest('hex');
}

interface Header {
  key: string;
  /** the walk's settings (the stamps of dbt_project.yml vouch for them) */
  targetPath: string; packagesInstallPath: string;
  files: FileStamp[];
  /** profiles.yml as the read resolved it, and what the read looks at in the installed packages */
  profiles: FileStamp[]; packages: FileStamp[];
  /** names of the environment variables the read looked at, and a hash of their values */
  env: string[]; envHash: string;
  skills: Skill[];
  /** the project kept beside the index (keepProject), in a file of its own: the token it carries */
  projectToken?: string;
}

/** The paths the reader reads, found as it finds them. */
export function projectPaths(root: string, h: Pick<Header, 'targetPath' | 'packagesInstallPath'>): string[] {
  return walkProject(root, { targetPath: h.targetPath, packagesInstallPath: h.packagesInstallPath }).files;
}

/** The profiles.yml the read uses, found as the read finds it (from `cwd`, the calling process's folder, when the project has none). */
export function profilesFile(root: string, read: LoadOptions, cwd?: string): string {
  return join(profilesDirFor({ profilesDir: read.profilesDir, projectDir: root, cwd }).dir, 'profiles.yml');
}

/**
 * What the read looks at in the installed packages (the packages' names, their resources' file
 * names and their YAML: refusals.ts): the folders, whose times move when an entry comes or goes,
 * and the YAML files.
 */
export function packagePaths(root: string, installPath: string): string[] {
  const out = [installPath];
  const walk = (rel: string, depth: number) => {
    let entries;
    try { entries = readdirSync(join(root, rel), { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) { if (depth < 12 && !e.name.startsWith('.')) { out.push(r); walk(r, depth + 1); } } else if (/\.ya?ml$/i.test(e.name)) out.push(r);
    }
  };
  walk(installPath, 0);
  return out.sort();
}


/** Which written index a delta belongs to. */
const baseOf = (f: SectionFile) => JSON.stringify([f.header.key, f.header.check, f.blobLength, f.header.recordsEnd]);

function fromCache(file: string, root: string, key: string, opts: OpenIndexOptions, stale: { why?: string }): OpenedIndex | undefined {
  const read = opts.read ?? {};
  let f: SectionFile | undefined;
  const no = (why: string) => { stale.why = why; f?.close(); return undefined; };
  if (!existsSync(file)) return undefined;
  try {
    f = SectionFile.open(file);
    const h = f.header as Header;
    if (h.key !== key) return no('the kept index was built by another version or with other options');
    if (!Array.isArray(h.env) || envHashOf(h.env) !== h.envHash) return no('an environment variable the read uses changed since the index was kept');
    // profiles.yml is found again as the read finds it (the current folder may hold one)
    if (!stampsHold(root, h.profiles, [profilesFile(root, read)])) return no('profiles.yml changed since the index was kept');
    const pkg = firstChange(root, h.packages, packagePaths(root, h.packagesInstallPath));
    if (pkg !== undefined) return no(`${pkg} changed since the index was kept`);
    // files changed since: the index updated for them (index-delta.ts), and the update laid over it
    const delta = readDelta(file, baseOf(f));
    const paths = projectPaths(root, h);
    const changed = changedFiles(root, delta?.files ?? h.files, paths);
    if (changed.length) return updated(f, file, root, h, delta, paths, changed, opts) ?? no(`${changed[0]} changed since the index was kept`);
    // the project kept beside the index as it was read for the last build or update
    const keptProject = keptProjectOf(file, delta ? delta.projectToken : h.projectToken, read);
    // one kept without the project is built again for a caller that wants it (so the next call has it)
    if (opts.keepProject && !keptProject) return no('the kept index holds no project');
    return { index: new CachedIndex(f, delta?.overlay), skills: delta?.skills ?? h.skills, from: 'cache', file, files: paths.length, ...(keptProject ? { keptProject } : {}) };
  } catch {
    // damaged, truncated, of another version: built again
    return no('the kept index is damaged or of another format');
  }
}

/**
 * The kept index after files changed: the project read, the records of the units the change
 * touches made again and kept beside the index (index-delta.ts). Undefined when building
 * again is the way (a change that reaches everything, an environment variable the read had
 * not looked at, a delta grown too big).
 */
function updated(f: SectionFile, file: string, root: string, h: Header, delta: ReturnType<typeof readDelta>, paths: string[], changed: string[], opts: OpenIndexOptions): OpenedIndex | undefined {
  if (paths.length >= PROGRESS_FILES) opts.progress?.(`${changed[0]}${changed.length > 1 ? ` and ${changed.length - 1} more` : ''} changed since the index was kept: reading the project to update it…`);
  const stamps = stampFiles(root, paths);
  const { value: project, names } = watchEnv(() => loadProject(root, opts.read ?? {}));
  if (names.some((n) => !h.env.includes(n))) return undefined;
  const view = new CachedIndex(f, delta?.overlay);
  const next = deltaAfter(view, delta?.state() ?? (JSON.parse(f.text('state')) as KeptState), project, changed);
  if (!next) return undefined;
  // a delta that cannot be written costs the next call the same update; the project is kept
  // again where it was (ask's file), before anything answers from it
  try {
    const projectToken = opts.keepProject || h.projectToken ? writeKeptProject(file, project) : undefined;
    writeDelta(file, { base: baseOf(f), files: stamps, skills: project.skills, ...(projectToken ? { projectToken } : {}), ...next });
  } catch { /* kept as it was */ }
  return { index: new CachedIndex(f, next.overlay), skills: project.skills, from: 'updated', project, file, files: paths.length };
}

/**
 * Read the project and build its index; `keep` writes the file (the caller may answer first). An
 * `ask` keeps the project as read, so it is kept before anything answers from it (an answer
 * may leave fields computed on the nodes it touched).
 */
function build(dir: string, root: string, file: string | undefined, key: string, opts: OpenIndexOptions, stale?: string): { opened: OpenedIndex; keep?: () => void; names?: string[] } {
  const read = opts.read ?? {};
  let st;
  try { st = statSync(root); } catch { /* the read says what is wrong */ }
  if (!st?.isDirectory()) return { opened: { ...built(loadProject(dir, read)), file: undefined } };
  // what the read looks at is watched in two parts: between them this call decides, without
  // watching (its own settings are not the project's), whether it keeps the index it builds
  const first = watchEnv(() => {
    const settings = readSettings(root, read, { filesRead: 0 });
    return { settings, paths: projectPaths(root, settings) };
  });
  const { settings, paths } = first.value;
  const files = paths.length, big = files >= PROGRESS_FILES;
  // a resident index is started after this call and keeps the index itself (and stamps the files it reads)
  const leave = !file || !!opts.leaveKeeping?.(files);
  const second = watchEnv(() => {
    // stamped before the read: a file changed while it is read shows as changed next time
    const stamps = leave ? [] : stampFiles(root, paths);
    const profiles = leave ? [] : stampFiles(root, [profilesFile(root, read)]);
    const packages = leave ? [] : stampFiles(root, packagePaths(root, settings.packagesInstallPath));
    if (big) opts.progress?.(stale ? `${stale}: reading ${count(files, 'file')} to build the assistant's index again…` : `reading ${count(files, 'file')} to build the assistant's index (kept for the next calls)…`);
    const project = loadProject(root, read);
    if (big) opts.progress?.(`indexing ${count(project.models.length, 'model')}…`);
    // an index nobody keeps answers only this call's queries: made for them alone
    const index = new ProjectIndex(project, leave && opts.queries ? { lexicalFor: opts.queries } : {}).build();
    return { stamps, profiles, packages, project, index };
  });
  const { stamps, profiles, packages, project, index } = second.value;
  const names = [...new Set([...first.names, ...second.names])].sort();
  const opened: OpenedIndex = { ...built(project, index), files, ...(file ? { file } : {}) };
  if (!file) return { opened, names };
  if (leave) { delete opened.file; return { opened, names }; }
  const keep = () => {
    const header: Header = {
      key, targetPath: settings.targetPath, packagesInstallPath: settings.packagesInstallPath, files: stamps, profiles,
      packages, env: names, envHash: envHashOf(names), skills: project.skills,
    };
    if (big) opts.progress?.(`writing the index to ${file}…`);
    // a cache that cannot be written (read-only, full disk) only costs the next call a build
    try {
      // the project's text is in it: the folder is the user's alone
      mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
      // made as it is written: the kept project's part of the header (where its skeleton lies) comes with its bytes
      // the project first: an index naming a project file that was not written is refused
      if (opts.keepProject) header.projectToken = writeKeptProject(file, project);
      writeFileAtomic(file, cachedIndexFile(index, header as unknown as Record<string, unknown>, { state: JSON.stringify(keptState(index)) }));
      removeDelta(file);
      evict(file);
    } catch (e) {
      // said once per call, so a user who pointed MODELER_CACHE_DIR at a file learns why every call builds again
      opts.progress?.(`cannot keep the assistant's index in ${dirname(file)} (${e instanceof UserError ? e.message : (e as NodeJS.ErrnoException).code ?? (e as Error).message}); each call builds it again: set MODELER_CACHE_DIR to a writable folder`);
      delete opened.file;
    }
  };
  if (opts.keepProject && !opts.deferKeep) { keep(); return { opened, names }; }
  return { opened, keep, names };
}

/**
 * For the resident index (resident/): the project read and indexed as a first call does it, the
 * environment variables the read looked at, and how to write the kept index (and the project
 * beside it, for `ask`) as that call would have — called before anything answers from them.
 */
export function buildForResident(dir: string, read: LoadOptions, kind: 'search' | 'ask'): { project: Project; index: ProjectIndex; envNames: string[]; keep?: () => void } {
  const root = resolve(dir);
  const search = kind === 'search' ? 'search' : undefined;
  const { opened, keep, names } = build(dir, root, cacheFile(root, search), cacheKey(root, read), { read, keepProject: kind === 'ask', deferKeep: true, kind: search });
  return { project: opened.project!, index: opened.index as ProjectIndex, envNames: names ?? [], keep };
}

function built(project: Project, index = new ProjectIndex(project).build()): OpenedIndex {
  return { index, skills: project.skills, from: 'built', project };
}

/**
 * Run `fn` noting which environment variables it reads (dbt's env_var(), DBT_PROFILES_DIR,
 * HOME…), so the cache is trusted only while they are unchanged.
 */
export function watchEnv<T>(fn: () => T): { value: T; names: string[] } {
  const seen = new Set<string>();
  const env = process.env;
  process.env = new Proxy(env, {
    get(t, k) { if (typeof k === 'string') seen.add(k); return Reflect.get(t, k); },
    has(t, k) { if (typeof k === 'string') seen.add(k); return Reflect.has(t, k); },
    getOwnPropertyDescriptor(t, k) { if (typeof k === 'string') seen.add(k); return Reflect.getOwnPropertyDescriptor(t, k); },
  });
  try { return { value: fn(), names: [...seen].sort() }; } finally { process.env = env; }
}

/** Keep the KEEP most recently written indexes. */
function evict(keep: string): void {
  const dir = resolve(keep, '..');
  let entries: { path: string; at: number }[];
  try { entries = readdirSync(dir).filter((n) => n.endsWith('.idx')).map((n) => ({ path: join(dir, n), at: statSync(join(dir, n)).mtimeMs })); } catch { return; }
  entries.sort((a, b) => b.at - a.at);
  for (const e of entries.slice(KEEP)) if (e.path !== keep) { rmSync(e.path, { force: true }); removeDelta(e.path); rmSync(keptProjectFile(e.path), { force: true }); }
}
