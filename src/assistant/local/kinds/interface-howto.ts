// How to make a model an Interface: the steps this project still lacks for it, with the exact
// YAML to add (meta.modeler.interface, an enforced contract, a tested key, column types).
import { hasNotNullTest, hasUniqueTest } from '../../../core/project/dbt-tests.js';
import { ownerOf } from '../../index/build-nodes.js';
import { interfaceState } from '../facts.js';
import { projectTestKey } from '../test-key.js';
import { at, lineInEntry, plural, q, where, type Direct, type KindInput } from './shared.js';

export function interfaceHowtoAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  if (n.resourceType !== 'model') return { lead: `Only models can be Interfaces; ${q(n.name)} is a ${n.resourceType} (${where(n)}).`, evidence: [], cannot: true };
  const key = n.columns.find((c) => hasUniqueTest(c, n) && hasNotNullTest(c)) ?? n.columns.find((c) => /(^id$|_id$)/.test(c.name));
  const untyped = n.columns.filter((c) => !(c.data_type ?? c.type));
  const state = interfaceState(n);
  const steps: string[] = [];
  const missing: string[] = [];
  if (!state) missing.push('meta.modeler.interface');
  if (!n.contractEnforced) missing.push('an enforced contract');
  if (!key || !(hasUniqueTest(key, n) && hasNotNullTest(key))) missing.push('a key tested unique and not_null');
  if (untyped.length) missing.push(`data_type on ${plural(untyped.length, 'column')}`);
  const owner = ownerOf(n) ?? '<team@example.com>';
  steps.push(`1. In ${n.file ?? 'its property YAML'} (${where(n)}), under the model ${n.name}, add:`);
  steps.push('```yaml', '    config:', '      contract:', '        enforced: true', '    meta:', '      modeler:', '        interface:', '          enabled: true',
    `          owner: ${owner}`, '          status: active', '          version: v1', `          description: ${JSON.stringify(firstSentence(n.description) ?? `${n.name} shared with other domains`)}`,
    ...(key ? [`          unique_key: ${key.name}`] : []), '```');
  if (key && !(hasUniqueTest(key, n) && hasNotNullTest(key))) steps.push(`2. Test its key ${q(key.name)} (${at(n.file, key.line)}):`, '```yaml', `      - name: ${key.name}`, `        ${projectTestKey(project)}:`, '          - unique', '          - not_null', '```');
  if (untyped.length) steps.push(`${key ? 3 : 2}. An enforced contract needs a data_type on every column: ${untyped.slice(0, 8).map((c) => q(c.name)).join(', ')}${untyped.length > 8 ? ', …' : ''}.`);
  const lead = state
    ? `${q(n.name)} is already an Interface (${state}) (${at(n.file, lineInEntry(project, n, /interface:/) ?? n.line)})${missing.length ? `; it still lacks ${missing.join(', ')}` : ''}.`
    : `To make ${q(n.name)} an Interface, add meta.modeler.interface with an owner, status and version and enforce its contract in ${at(n.file, n.line)}${missing.length > 2 ? `; it also lacks ${missing.slice(2).join(', ')}` : ''}.`;
  return { lead, evidence: steps };
}

function firstSentence(s?: string): string | undefined {
  const t = (s ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return undefined;
  const m = /^(.{10,160}?[.!?])(\s|$)/.exec(t);
  return m ? m[1] : t.slice(0, 160);
}
