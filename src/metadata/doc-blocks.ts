// Descriptions bound to dbt doc blocks — `description_ref: {doc: name}` or `{{ doc("name") }}`
// in the text — and where their text comes from: the Markdown files of the dbt project a model
// file sits in. Outputs that are not dbt (SQL comments) need prose: a reference becomes the
// block's text, or nothing when the text cannot be found, never the Jinja call itself.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parseDocBlocks } from '../core/project/docs.js';
import { walkProject } from '../core/project/walk.js';

/** name → body */
export type DocTexts = ReadonlyMap<string, string>;

const DOC_CALL = /\{\{-?\s*doc\(\s*(['"])([^'"]+)\1\s*\)\s*-?\}\}/g;

/**
 * The doc blocks of the dbt project (nearest directory with a dbt_project.yml) that holds
 * `modelPath`; empty when the model is not inside one. The first block of a name wins, as the
 * project reader reports duplicates elsewhere.
 */
export function docTextsForModel(modelPath: string): Map<string, string> {
  const out = new Map<string, string>();
  let dir = dirname(resolve(modelPath));
  while (!existsSync(join(dir, 'dbt_project.yml'))) {
    if (dirname(dir) === dir) return out;
    dir = dirname(dir);
  }
  for (const rel of walkProject(dir).files) {
    if (!rel.toLowerCase().endsWith('.md') || rel.startsWith('target/')) continue;
    let text: string;
    try { text = readFileSync(join(dir, rel), 'utf8'); } catch { continue; }
    if (!text.includes('docs')) continue;
    for (const b of parseDocBlocks(text, rel).blocks) if (!out.has(b.name)) out.set(b.name, b.body);
  }
  return out;
}

/** The doc block a description is bound to: `description_ref`, else a description that is one `{{ doc() }}` call. */
export function boundDoc(description: string | undefined, ref?: unknown): string | undefined {
  const named = (ref as { doc?: unknown } | undefined)?.doc;
  if (typeof named === 'string' && named) return named;
  const calls = description === undefined ? [] : [...description.matchAll(DOC_CALL)];
  return calls.length === 1 && description!.trim() === calls[0][0] ? calls[0][2] : undefined;
}

/** True when the text holds a `{{ doc("…") }}` call. */
export function hasDocCall(text: string | undefined): boolean {
  return !!text && new RegExp(DOC_CALL.source).test(text);
}

/**
 * A description as prose: a bound block's text when known, else the description with each
 * `{{ doc() }}` call replaced by its block's text (or left out); undefined when nothing is left.
 */
export function proseDescription(description: string | undefined, ref: unknown, docs: DocTexts = new Map()): string | undefined {
  const bound = boundDoc(description, ref);
  if (bound !== undefined && docs.has(bound)) return docs.get(bound)!.trim() || undefined;
  if (description === undefined) return undefined;
  const text = description.replace(DOC_CALL, (_m, _q, name: string) => docs.get(name) ?? '').trim();
  return text || undefined;
}
