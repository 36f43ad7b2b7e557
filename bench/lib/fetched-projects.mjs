// Public dbt projects fetched with the search tool's `fetch` (bare git mirrors under
// /work/.mirror, or MODELER_MIRROR): never committed, so tests and benches that use them skip
// with a reason where they are absent. test/fixtures/real-projects/<name>.project.json pins each
// project to the commit its labels were written against, names the sub-folder that holds
// dbt_project.yml, and lists the dbt packages (also fetched mirrors) to put under dbt_packages/
// (or the project's packages-install-path) so that a real `dbt parse` runs offline. A project is extracted once per commit into a cache
// folder; callers that write (dbt parse writes target/) copy it first (parseableCopy).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url));
export const MIRROR = resolve(process.env.MODELER_MIRROR ?? '/work/.mirror');
export const REGISTRY = join(REPO, 'test', 'fixtures', 'real-projects');
const CACHE = join(tmpdir(), 'modeler-fetched-projects');

/** Every registered project: {name, repo, commit, subdir?, packages?: [{repo, commit, as}], vars?, env?, notes?}. */
export function registeredProjects() {
  if (!existsSync(REGISTRY)) return [];
  return readdirSync(REGISTRY).filter((f) => f.endsWith('.project.json')).sort()
    .map((f) => ({ name: f.slice(0, -'.project.json'.length), ...JSON.parse(readFileSync(join(REGISTRY, f), 'utf8')) }));
}

const mirrorOf = (repo) => join(MIRROR, repo.replace('/', '+'), 'repo');

/** Why `name` cannot be used here, or undefined when it can. */
export function fetchedSkipReason(name) {
  const p = registeredProjects().find((x) => x.name === name);
  if (!p) return `${name} is not registered (test/fixtures/real-projects/${name}.project.json)`;
  for (const repo of [p.repo, ...(p.packages ?? []).map((k) => k.repo)]) {
    if (!existsSync(mirrorOf(repo))) return `fetched project ${repo} not found under ${MIRROR} (fetch github:${repo} with the search tool)`;
  }
  return undefined;
}

// Files of 4 MiB and more are absent from a fetched snapshot (large seeds, mostly): they are left
// out and listed in .complete/missing.txt instead of failing the whole extraction.
function extract(repo, commit, dest) {
  if (existsSync(join(dest, '.complete'))) return dest;
  const tmp = `${dest}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const git = (args, input) => {
    const r = spawnSync('git', ['--git-dir', mirrorOf(repo), ...args], { input, maxBuffer: 2 * 1024 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`git ${args[0]} ${repo}@${commit} failed: ${r.stderr}`);
    return r.stdout;
  };
  const files = git(['ls-tree', '-r', '-z', commit]).toString('utf8').split('\0').filter(Boolean).map((line) => {
    const [meta, path] = line.split('\t');
    const [mode, type, sha] = meta.split(' ');
    return { mode, type, sha, path };
  }).filter((f) => f.type === 'blob');
  const out = git(['cat-file', '--batch'], files.map((f) => f.sha).join('\n') + '\n');
  let at = 0;
  const missing = [];
  for (const f of files) {
    const nl = out.indexOf(10, at);
    const header = out.subarray(at, nl).toString('utf8');
    at = nl + 1;
    if (header.endsWith(' missing')) { missing.push(f.path); continue; }
    const size = Number(header.split(' ')[2]);
    const body = out.subarray(at, at + size);
    at += size + 1;
    const abs = join(tmp, f.path);
    mkdirSync(dirname(abs), { recursive: true });
    if (f.mode === '120000') { try { symlinkSync(body.toString('utf8'), abs); } catch { /* odd link: leave out */ } }
    else writeFileSync(abs, body, { mode: f.mode === '100755' ? 0o755 : 0o644 });
  }
  mkdirSync(join(tmp, '.complete'));
  writeFileSync(join(tmp, '.complete', 'missing.txt'), missing.join('\n'));
  rmSync(dest, { recursive: true, force: true });
  try { renameSync(tmp, dest); } catch { rmSync(tmp, { recursive: true, force: true }); } // another process won the race
  return dest;
}

/**
 * The project's folder (its dbt_project.yml), extracted at the pinned commit with its packages
 * under dbt_packages/ — read-only by convention; copy it before running dbt. Throws when absent
 * (check fetchedSkipReason first).
 */
export function fetchedProject(name) {
  const reason = fetchedSkipReason(name);
  if (reason) throw new Error(reason);
  const p = registeredProjects().find((x) => x.name === name);
  const root = extract(p.repo, p.commit, join(CACHE, `${name}@${p.commit.slice(0, 12)}`));
  const dir = p.subdir ? join(root, p.subdir) : root;
  const installPath = packagesInstallPath(dir);
  for (const k of p.packages ?? []) {
    const to = join(dir, installPath, k.as);
    // the package's commit is recorded beside it, so a registration that pins another commit replaces it
    const stamp = join(dir, installPath, `.${k.as}.commit`);
    if (existsSync(to) && existsSync(stamp) && readFileSync(stamp, 'utf8') === k.commit) continue;
    rmSync(to, { recursive: true, force: true });
    const pkg = extract(k.repo, k.commit, join(CACHE, `pkg-${k.repo.replace('/', '+')}@${k.commit.slice(0, 12)}`));
    cpSync(pkg, to, { recursive: true, filter: (src) => !src.endsWith('.complete') });
    writeFileSync(stamp, k.commit);
  }
  return { dir, project: p };
}

/** Where `dbt deps` would install the project's packages: its dbt_project.yml's packages-install-path (pilotage-inclusion: dbt/packages). */
function packagesInstallPath(dir) {
  const m = readFileSync(join(dir, 'dbt_project.yml'), 'utf8').match(/^packages-install-path:\s*["']?([^"'#\n]+?)["']?\s*(?:#.*)?$/m);
  return m ? m[1].replace(/\/+$/, '') : 'dbt_packages';
}

/**
 * `fn()` with the environment a project's env_var() calls without a default need (the registry's `env`: coral-care's
 * `DBT_DATABASE` and schema names), set only for the call: dbt refuses the project without them, and so does modeler.
 */
export function withProjectEnv(env, fn) {
  const before = Object.fromEntries(Object.keys(env ?? {}).map((k) => [k, process.env[k]]));
  Object.assign(process.env, env ?? {});
  try { return fn(); } finally {
    for (const [k, v] of Object.entries(before)) { if (v === undefined) delete process.env[k]; else process.env[k] = v; }
  }
}

/** A writable copy of a fetched project (for `dbt parse`, which writes target/). */
export function fetchedCopy(name) {
  const { dir } = fetchedProject(name);
  const copy = join(tmpdir(), `modeler-fetched-copy-${name}-${process.pid}-${Date.now().toString(36)}`);
  cpSync(dir, copy, { recursive: true });
  return copy;
}
