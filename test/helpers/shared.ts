// Files that live beside the repository, not in it: ../shared/fixtures/peer-datalex (the peer's
// model files, scenarios and examples) and ../shared/fixtures/real-dbt (real dbt projects, never
// copied in). Tests that read them run where they exist; in a fresh clone they are skipped, and
// every skipped entry carries "[skipped: <reason>]" in its name, which scripts/run-tests.mjs
// collects into one line per reason. MODELER_SHARED points elsewhere (e.g. a missing directory to
// see what a fresh clone runs).
import { existsSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'vitest';
import { REPO } from './cli.js';

export const SHARED = process.env.MODELER_SHARED ? resolve(process.env.MODELER_SHARED) : join(REPO, '..', 'shared');
export const PEER = join(SHARED, 'fixtures', 'peer-datalex');
export const REAL_DBT = join(SHARED, 'fixtures', 'real-dbt');

/** What a test reads from beside the repository. */
export type Needs = 'peer' | 'real-dbt';
const ROOTS: Record<Needs, string> = { peer: PEER, 'real-dbt': REAL_DBT };
const WHAT: Record<Needs, string> = { peer: "the peer's files", 'real-dbt': 'the real dbt projects' };

export function hasShared(needs: Needs = 'peer'): boolean {
  return existsSync(ROOTS[needs]);
}

/** Why tests that need `needs` are skipped here, or undefined when they can run. */
export function sharedSkipReason(needs: Needs = 'peer'): string | undefined {
  if (hasShared(needs)) return undefined;
  const shown = relative(REPO, ROOTS[needs]).split('\\').join('/');
  return `${shown} not found (${WHAT[needs]} live beside the repository, not in it)`;
}

const marked = (name: string, reason: string) => `${name} [skipped: ${reason}]`;

/**
 * describe() when `needs` exists. Otherwise the body is never run (it may list files that are
 * not there) and one skipped entry stands for the whole suite, with the reason in its name.
 */
export function describeShared(name: string, fn: () => void, needs: Needs = 'peer'): void {
  const reason = sharedSkipReason(needs);
  if (!reason) describe(name, fn);
  else describe(name, () => { it.skip(marked('all tests', reason), () => {}); });
}

/** it() when `needs` exists; otherwise a skipped test whose name says why. */
export function itShared(name: string, fn: () => unknown, timeout?: number, needs: Needs = 'peer'): void {
  const reason = sharedSkipReason(needs);
  if (!reason) it(name, fn, timeout);
  else it.skip(marked(name, reason), () => {});
}

/**
 * For a test that covers shared files as one part among others: true when they exist; otherwise
 * false, and a skipped entry named `part` records what the test leaves out and why.
 */
export function sharedPart(part: string, needs: Needs = 'peer'): boolean {
  const reason = sharedSkipReason(needs);
  if (reason) it.skip(marked(part, reason), () => {});
  return !reason;
}

// ---- fetched public projects (bench/lib/fetched-projects.mjs; never committed) --------------

import * as fetched from '../../bench/lib/fetched-projects.mjs';

/** Why the fetched project `name` is not here (undefined when it is). */
export function fetchedSkipReason(name: string): string | undefined {
  return fetched.fetchedSkipReason(name);
}

/** The fetched project's folder (dbt_project.yml), extracted at its pinned commit with its packages. */
export function fetchedProject(name: string): { dir: string; project: { name: string; repo: string; commit: string; subdir?: string; vars?: Record<string, unknown> } } {
  return fetched.fetchedProject(name);
}

/** A writable copy (dbt parse writes target/). */
export function fetchedCopy(name: string): string {
  return fetched.fetchedCopy(name);
}

export function registeredProjects(): { name: string; repo: string; commit: string }[] {
  return fetched.registeredProjects();
}

/**
 * Why a real `dbt parse` of the fetched project is not run in the test suite: it cannot run
 * offline (the registry's `noDbtParse` says why), or it takes minutes (`slow`; MODELER_SLOW=1
 * runs it, and bench/dbt-agreement.mjs measures it), or the project is not fetched.
 */
export function dbtParseSkipReason(project: string): string | undefined {
  const why = fetchedSkipReason(project);
  if (why) return why;
  const p = registeredProjects().find((x) => x.name === project) as { noDbtParse?: string; slow?: boolean } | undefined;
  if (p?.noDbtParse) return `dbt parse cannot run on ${project} offline: ${p.noDbtParse}`;
  if (p?.slow && !process.env.MODELER_SLOW) return `dbt parse of ${project} takes minutes; MODELER_SLOW=1 runs it (bench/dbt-agreement.mjs measures it)`;
  return undefined;
}

/** describeFetched for tests that run a real dbt parse on the project (see dbtParseSkipReason). */
export function describeFetchedDbt(name: string, project: string, fn: () => void): void {
  const reason = dbtParseSkipReason(project);
  if (!reason) describe(name, fn);
  else describe(name, () => { it.skip(marked('all tests', reason), () => {}); });
}

/** describe() when the fetched project exists, else one skipped entry naming what to fetch. */
export function describeFetched(name: string, project: string, fn: () => void): void {
  const reason = fetchedSkipReason(project);
  if (!reason) describe(name, fn);
  else describe(name, () => { it.skip(marked('all tests', reason), () => {}); });
}
