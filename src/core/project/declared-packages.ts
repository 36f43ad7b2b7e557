// The packages packages.yml (or dependencies.yml) lists that `dbt deps` has not installed under
// packages-install-path. A project cloned without `dbt deps` reads with every package macro
// unrendered and every package model unknown: columns go missing and lineage stops, and without
// this finding nothing says why.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Diagnostic } from '../diagnostics.js';

interface Declared { kind: 'package' | 'git' | 'local' | 'tarball' | 'private'; spec: string; line: number }

const ENTRY = /^\s*(?:-\s*)?(package|git|local|tarball|private)\s*:\s*['"]?([^'"#\s]+)/;

/** The entries of a packages file, each with its kind, what it names and its line. */
function declaredIn(text: string): Declared[] {
  const out: Declared[] = [];
  let inList = false;
  text.split(/\r?\n/).forEach((l, i) => {
    if (/^(packages|projects)\s*:/.test(l)) { inList = true; return; }
    if (/^\S/.test(l) && !l.startsWith('#')) inList = false; // another top-level key
    const m = inList ? ENTRY.exec(l) : null;
    if (m) out.push({ kind: m[1] as Declared['kind'], spec: m[2], line: i + 1 });
  });
  return out;
}

/** The names a hub package may be installed under: its name part, with and without `dbt_`. */
const hubNames = (spec: string) => {
  const name = spec.split('/').pop()!.toLowerCase();
  return [name, name.replace(/^dbt[_-]/, ''), `dbt_${name}`];
};

/**
 * A warning for the declared packages that are not installed: one, at the first entry, when
 * none is; else one per hub package whose name no installed package has (a git or local
 * package is installed under its project's name, which its entry does not say: not judged).
 */
export function packagesNotInstalled(root: string, installPath: string, installed: readonly { name: string; dir: string }[]): Diagnostic[] {
  const file = ['packages.yml', 'dependencies.yml'].find((f) => existsSync(join(root, f)));
  if (!file) return [];
  let declared: Declared[];
  try { declared = declaredIn(readFileSync(join(root, file), 'utf8')); } catch { return []; }
  if (!declared.length) return [];
  const names = new Set<string>();
  for (const p of installed) { names.add(p.name.toLowerCase()); names.add(basename(p.dir).toLowerCase()); }
  // a folder dbt deps made whose dbt_project.yml did not read is still installed
  try { for (const e of readdirSync(join(root, installPath), { withFileTypes: true })) if (e.isDirectory() || e.isSymbolicLink()) names.add(e.name.toLowerCase()); } catch { /* no folder: none installed */ }
  const hint = `run \`dbt deps\` in the project folder: modeler reads the packages it installs under ${installPath}/, as dbt does`;
  if (!names.size) {
    const listed = declared.map((d) => d.spec);
    const shown = listed.length > 4 ? `${listed.slice(0, 4).join(', ')} and ${listed.length - 4} more` : listed.join(', ');
    return [{ code: 'PACKAGES_NOT_INSTALLED', severity: 'warning', file, line: declared[0].line, column: 1,
      message: `${file} lists ${listed.length === 1 ? '1 package' : `${listed.length} packages`} (${shown}) and none is installed under ${installPath}/: the macros and models they define are unknown here, so SQL that calls them is read only in part and lineage stops at them`,
      hint }];
  }
  return declared.filter((d) => d.kind === 'package' && !hubNames(d.spec).some((n) => names.has(n))).map((d) => ({
    code: 'PACKAGES_NOT_INSTALLED', severity: 'warning' as const, file, line: d.line, column: 1,
    message: `${file} lists the package ${d.spec}, which is not installed under ${installPath}/: the macros and models it defines are unknown here, so SQL that calls them is read only in part`,
    hint,
  }));
}
