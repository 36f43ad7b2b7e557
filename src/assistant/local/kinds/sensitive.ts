// Sensitive columns: those classified in meta (sensitivity, classification, pii) and those whose
// name looks like personal data but carry no classification yet.
import { looksSensitive } from '../../../governance/column-roles.js';
import { classificationRequired } from '../../../governance/policy/rules/classification-required.js';
import { colAt, list, q, where, type Direct, type KindInput } from './shared.js';

export function sensitiveAnswer({ subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  const re = new RegExp(classificationRequired.params.name_regex.default as string, 'i');
  const cols = subject.column ? [subject.column] : n.columns;
  const label = (c: (typeof cols)[number]) => c.meta?.sensitivity ?? c.meta?.classification ?? (c.meta?.pii === true || c.meta?.contains_pii === true ? 'pii' : undefined) ?? (c.tags.some((t) => /pii|sensitive/i.test(t)) ? 'tagged pii' : undefined);
  const classified = cols.filter((c) => label(c));
  const unclassified = cols.filter((c) => !label(c) && looksSensitive(c.name, c.data_type, re));
  const parts: string[] = [];
  if (classified.length) parts.push(`classified sensitive: ${list(classified.map((c) => `${q(c.name)} (${label(c)}, ${colAt(n, c)})`))}`);
  if (unclassified.length) parts.push(`named like personal data but not classified: ${list(unclassified.map((c) => `${q(c.name)} (${colAt(n, c)})`))}`);
  const lead = parts.length
    ? `In ${q(n.name)}, ${parts.join('; ')}.`
    : `${q(n.name)} has no column classified sensitive and none named like personal data (${where(n)}).`;
  return { lead, evidence: unclassified.length ? ['Classify a column with meta.sensitivity (e.g. confidential) in its YAML entry.'] : [] };
}
