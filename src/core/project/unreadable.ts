// A property file the project reader could not read (broken YAML, a wrong shape, an unreadable
// target/manifest.json) silently takes its models, tests and keys out of whatever is built from
// the project; an answer built from it (an agent's proposal, a column's lineage) says so, so a
// reader does not take a missing model or edge for a finding.
import type { Project } from './types.js';

/** One note naming the files the reader could not read (the first five, located), or none. */
export function unreadableFileNote(project: Project, what = 'this proposal'): string[] {
  const bad = project.diagnostics.filter((d) => d.file && !d.file.startsWith('Modeler/') && d.code !== 'SKILL_FRONTMATTER'
    && (d.severity === 'error' || d.code === 'TARGET_JSON'));
  if (!bad.length) return [];
  const shown = bad.slice(0, 5).map((d) => `${d.file}${d.line ? `:${d.line}:${d.column ?? 1}` : ''} ${d.message}`);
  return [`${bad.length} problem(s) reading project files, so what those files declare is missing from ${what}: ${shown.join('; ')}${bad.length > 5 ? `; and ${bad.length - 5} more` : ''}. Fix them ('modeler summary --project-dir <dir>' lists them all) and re-run.`];
}
