// The var() and env_var() calls without a default in a YAML file (dbt_project.yml or a property
// file), in the values dbt renders when it reads the file: tests, hooks and vars are rendered
// elsewhere or never, so calls there are left out. A line-based reading: fast, and enough to
// point at the line.

import { guardedRanges } from './sql-file.js';

/** A var() or env_var() call without a default, in a YAML value dbt renders. */
export interface YamlCall { kind: 'var' | 'env_var'; name: string; line: number }

/**
 * Keys whose values are left alone here: tests (their arguments are rendered per test), hooks and
 * loaded_at_query (rendered when they run), dbt_project.yml's vars. Descriptions are rendered
 * (later than the rest, but a missing var or env var there stops dbt parse all the same).
 */
export const PROPERTY_NORENDER = new Set(['tests', 'data_tests', 'loaded_at_query', 'pre_hook', 'post_hook', 'pre-hook', 'post-hook']);
export const PROJECT_NORENDER = new Set(['vars', 'on-run-start', 'on-run-end', 'pre-hook', 'post-hook', 'pre_hook', 'post_hook']);

const VAR = /(?<![\w.])var\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
const ENV_VAR = /\benv_var\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;
const CALL_AT_ALL = /var\s*\(/;
const KEY = /^(\s*)(-\s+)?(['"]?)([+A-Za-z0-9_-]+)\3\s*:/;

/** The var()/env_var() calls without a default in a YAML text, outside the keys dbt leaves unrendered. */
export function yamlJinjaCalls(text: string, norender: ReadonlySet<string>): YamlCall[] {
  // a call is `var` then '(' (env_var too): most files have none, though 'var' shows up (varchar)
  if (!CALL_AT_ALL.test(text)) return [];
  const out: YamlCall[] = [];
  let skipAbove = -1; // inside an unrendered key: lines indented deeper than this are skipped
  const lines = text.split('\n');
  // a call inside {% if %} / {% for %} is rendered only when its branch is taken: not a refusal
  const guarded = text.includes('{%') ? guardedRanges(text) : () => false;
  let at = 0;
  for (let i = 0; i < lines.length; i++, at += lines[i - 1].length + 1) {
    const line = lines[i];
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const indent = line.length - line.trimStart().length;
    const k = KEY.exec(line);
    const keyIndent = k ? k[1].length + (k[2]?.length ?? 0) : indent;
    if (skipAbove >= 0) {
      if ((k ? keyIndent : indent) > skipAbove) continue;
      skipAbove = -1;
    }
    if (k && norender.has(k[4].replace(/^\+/, '')) || (k && norender.has(k[4]))) { skipAbove = keyIndent; continue; }
    if (!line.includes('{{') && !line.includes('{%')) continue;
    for (const m of line.matchAll(VAR)) if (!guarded(at + m.index!)) out.push({ kind: 'var', name: m[2], line: i + 1 });
    for (const m of line.matchAll(ENV_VAR)) if (!guarded(at + m.index!)) out.push({ kind: 'env_var', name: m[2], line: i + 1 });
  }
  return out;
}

