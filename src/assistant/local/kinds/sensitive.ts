// Sensitive columns: those classified in meta (sensitivity, classification, pii) and those whose
// name looks like personal data but carry no classification yet.
import { looksSensitive } from '../../../governance/column-roles.js';
import { classificationRequired } from '../../../governance/policy/rules/classification-required.js';
import type { DbtColumn, DbtNode } from '../../../core/project/types.js';
import { colAt, list, plural, q, where, type Direct, type KindInput } from './shared.js';

const nameRegex = () => new RegExp(classificationRequired.params.name_regex.default as string, 'i');
const label = (c: DbtColumn) => c.meta?.sensitivity ?? c.meta?.classification ?? (c.meta?.pii === true || c.meta?.contains_pii === true ? 'pii' : undefined) ?? (c.tags.some((t) => /pii|sensitive/i.test(t)) ? 'tagged pii' : undefined);

export function sensitiveAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  // "which columns are PII?": over a group named, else every model and source of the project
  if (!n) return manyTables(subject.group?.nodes ?? [...project.sources, ...project.models], subject.group?.label);
  const re = nameRegex();
  const cols = subject.column ? [subject.column] : n.columns;
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

function manyTables(nodes: DbtNode[], group?: string): Direct {
  const re = nameRegex();
  const classified: string[] = [], unclassified: string[] = [];
  for (const n of nodes) {
    for (const c of n.columns) {
      const l = label(c);
      if (l) classified.push(`${q(`${n.name}.${c.name}`)} (${l}, ${colAt(n, c)})`);
      else if (looksSensitive(c.name, c.data_type, re)) unclassified.push(`${q(`${n.name}.${c.name}`)} (${colAt(n, c)})`);
    }
  }
  const where = group ? `the ${group}` : 'the project';
  if (!classified.length && !unclassified.length) return { lead: `No column of ${where} is classified sensitive or named like personal data.`, evidence: [] };
  const parts: string[] = [];
  if (classified.length) parts.push(`${plural(classified.length, 'column')} ${classified.length === 1 ? 'is' : 'are'} classified sensitive: ${list(classified, 10)}`);
  if (unclassified.length) parts.push(`${plural(unclassified.length, 'column')} ${unclassified.length === 1 ? 'is' : 'are'} named like personal data but not classified: ${list(unclassified, 10)}`);
  const evidence: string[] = [];
  if (classified.length + unclassified.length > 10) evidence.push(`Ask about one model ("which columns of stg_customers are sensitive?") to see all of its columns.`);
  if (unclassified.length) evidence.push('Classify a column with meta.sensitivity (e.g. confidential) in its YAML entry.');
  return { lead: `In ${where}, ${parts.join('; ')}.`, evidence };
}
