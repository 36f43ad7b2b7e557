// Columns that look like keys of another entity but declare no relationship. They are not
// drawn (the agent only draws what the project declares) but the note says how to add them.
import type { StagingLayer } from './entities.js';
import { singularPhrase } from './inflection.js';
import { isUniqueColumn } from './keys.js';
import { snakeOf } from './naming.js';
import { keyStem } from './relationships.js';

const MAX_LISTED = 10;

export function undeclaredKeyNotes(layer: StagingLayer): string[] {
  const byNoun = new Map<string, string>();
  for (const e of layer.entities.values()) byNoun.set(snakeOf(e.tokens), e.name);
  const found: string[] = [];
  for (const sm of layer.models) {
    if (sm.parsed.helper) continue;
    const declared = new Set(sm.foreignKeys.map((d) => d.column.toLowerCase()));
    for (const c of sm.node.columns) {
      const lower = c.name.toLowerCase();
      if (declared.has(lower) || !/(_id|_key)$/.test(lower)) continue;
      const target = byNoun.get(snakeOf(singularPhrase(keyStem(c.name))));
      if (!target || target === sm.entity || isUniqueColumn(sm.node, c.name)) continue;
      found.push(`${sm.node.name}.${c.name} (→ ${target})`);
    }
  }
  if (!found.length) return [];
  const listed = found.slice(0, MAX_LISTED).join(', ');
  const more = found.length > MAX_LISTED ? ` and ${found.length - MAX_LISTED} more` : '';
  return [`${found.length} column${found.length > 1 ? 's look' : ' looks'} like a key of another entity but declare${found.length > 1 ? '' : 's'} no relationship, so ${found.length > 1 ? 'they are' : 'it is'} not drawn: ${listed}${more}. Add a relationships test (or a foreign_key constraint) to include ${found.length > 1 ? 'them' : 'it'}.`];
}
