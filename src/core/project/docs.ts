// Doc blocks: `{% docs name %}…{% enddocs %}` in Markdown files (a Jinja tag, not SQL).
import type { Diagnostic } from '../diagnostics.js';
import type { DocBlock } from './types.js';

const OPEN = /\{%-?\s*docs\s+([A-Za-z_][A-Za-z0-9_]*)\s*-?%\}/g;
const CLOSE = /\{%-?\s*enddocs\s*-?%\}/g;

export function parseDocBlocks(text: string, file: string): { blocks: DocBlock[]; diagnostics: Diagnostic[] } {
  const blocks: DocBlock[] = [];
  const diagnostics: Diagnostic[] = [];
  OPEN.lastIndex = 0;
  let m: RegExpExecArray | null;
  // lines are counted forward from the previous block, so a file of many blocks stays linear
  let line = 1, counted = 0;
  while ((m = OPEN.exec(text))) {
    for (; counted < m.index; counted++) if (text.charCodeAt(counted) === 10) line++;
    CLOSE.lastIndex = OPEN.lastIndex;
    const close = CLOSE.exec(text);
    const nextOpen = text.indexOf('{%', OPEN.lastIndex);
    if (!close || (nextOpen >= 0 && nextOpen < close.index && /\{%-?\s*docs\s/.test(text.slice(nextOpen, nextOpen + 12)))) {
      diagnostics.push({ code: 'DOC_UNCLOSED', severity: 'error', file, line, column: 1, message: `doc block '${m[1]}' has no {% enddocs %}`, hint: 'close the block with {% enddocs %}' });
      continue;
    }
    blocks.push({ name: m[1], body: text.slice(OPEN.lastIndex, close.index).trim(), file, line });
    OPEN.lastIndex = CLOSE.lastIndex;
  }
  return { blocks, diagnostics };
}

/**
 * A description as the project's YAML gives it, as text: a number or a boolean written there is its text; a list or a
 * mapping is no description (every reader of descriptions works on strings).
 */
export function descriptionText(description: unknown): string | undefined {
  if (typeof description === 'string') return description;
  return typeof description === 'number' || typeof description === 'boolean' ? String(description) : undefined;
}

/** `{{ doc("name") }}` in a description → the doc name. */
export function docReference(description: unknown): string | undefined {
  if (typeof description !== 'string') return undefined;
  return /^\s*\{\{\s*doc\(\s*['"]([^'"]+)['"]\s*\)\s*\}\}\s*$/.exec(description)?.[1];
}
