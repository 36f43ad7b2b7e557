// A property file the project reader could not read (broken YAML, a wrong shape, an unreadable
// target/manifest.json) silently takes its models, tests and keys out of whatever is built from
// the project; an answer built from it (an agent's proposal, a column's lineage) says so, so a
// reader does not take a missing model or edge for a finding. A project dbt parse refuses for a
// call it cannot resolve (a ref() to a model that is not there, an env_var() not set) was read
// whole: that is said apart, in one short line, not as files that did not read.
import { isAbsolute, relative } from 'node:path';
import type { Project } from './types.js';

/** The errors by which dbt parse refuses a project whose files all read, each as a few words. */
const REFUSALS: Record<string, [string, string]> = {
  DBT_REF_NOT_FOUND: ['ref() of a node the project does not have', 'ref()s of nodes the project does not have'],
  DBT_SOURCE_NOT_FOUND: ['source() of a table no YAML declares', 'source()s of tables no YAML declares'],
  DBT_ENV_VAR_MISSING: ['env_var() not set', 'env_var()s not set'],
  DBT_VAR_MISSING: ['var() nothing defines', 'var()s nothing defines'],
};

/** The command that lists every problem, for this project's folder as typed from here (not a `<dir>` placeholder). */
function summaryCommand(root: string): string {
  const rel = relative(process.cwd(), root);
  const dir = rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? root : rel;
  return `modeler summary --project-dir ${/^[\w./@:+-]+$/.test(dir) ? dir : `"${dir.replace(/(["\\$`])/g, '\\$1')}"`}`;
}

/** One note naming the files the reader could not read (the first five, located), one for dbt's refusals, or none. */
export function unreadableFileNote(project: Project, what = 'this proposal'): string[] {
  const bad = project.diagnostics.filter((d) => d.file && !d.file.startsWith('Modeler/') && d.code !== 'SKILL_FRONTMATTER'
    && (d.severity === 'error' || d.code === 'TARGET_JSON'));
  const refused = bad.filter((d) => REFUSALS[d.code]);
  const unread = bad.filter((d) => !REFUSALS[d.code]);
  const notes: string[] = [];
  if (unread.length) {
    const shown = unread.slice(0, 5).map((d) => `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''} ${d.message}`);
    notes.push(`${unread.length} problem(s) reading project files, so what those files declare is missing from ${what}: ${shown.join('; ')}${unread.length > 5 ? `; and ${unread.length - 5} more` : ''}. Fix them ('${summaryCommand(project.root)}' lists them all) and re-run.`);
  }
  if (refused.length) {
    const counts = new Map<string, number>();
    for (const d of refused) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
    const kinds = [...counts].map(([code, n]) => `${n} ${REFUSALS[code][n === 1 ? 0 : 1]}`).join(', ');
    const first = refused[0];
    notes.push(`dbt parse would refuse this project (${kinds}; the first at ${first.file}${first.line ? `:${first.line}` : ''}): ${what} reads its files as they are, without what those calls name ('${summaryCommand(project.root)}' lists them all).`);
  }
  return notes;
}
