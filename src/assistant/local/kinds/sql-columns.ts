// The columns a model's SQL returns (core/columns: the SQL rendered and parsed), beside which of
// them YAML documents.
import { projectColumns } from '../../../core/columns/project-columns.js';
import { at, cannot, list, plural, q, where, type Direct, type KindInput } from './shared.js';

export function sqlColumnsAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n || subject.column) return undefined;
  let cols;
  let reading;
  try { const pc = projectColumns(project); cols = pc.of(n); reading = pc.sql(n); } catch { /* said below */ }
  if (!cols) return cannot(`I could not read the columns of ${q(n.name)} (${where(n)}).`, n.columns.map((c) => `documented column ${c.name}`).slice(0, 8));
  const fromSql = cols.filter((c) => c.origins.includes('sql'));
  if (n.resourceType === 'model' && !fromSql.length) {
    return cannot(`I could not read the columns ${q(n.name)}'s SQL returns${reading?.gaps[0] ? ` (${reading.gaps[0]})` : ''} (${at(n.sqlPath)}).`, cols.map((c) => `${c.name} (${c.origin})`).slice(0, 12));
  }
  const shown = fromSql.length ? fromSql : cols;
  const undocumented = shown.filter((c) => !c.origins.includes('yaml'));
  const yamlOnly = cols.filter((c) => c.origins.includes('yaml') && !c.origins.includes('sql'));
  const what = n.resourceType === 'model' ? `The SQL of ${q(n.name)} returns ${plural(shown.length, 'column')}` : `${q(n.name)} has ${plural(shown.length, 'column')}`;
  const lead = `${what}: ${list(shown.map((c) => q(c.name)), 30)} (${at(n.sqlPath ?? n.file)})${reading?.status === 'partial' ? '; the list may be incomplete' : ''}.`;
  const evidence: string[] = [];
  if (undocumented.length) evidence.push(`Not documented in YAML: ${undocumented.map((c) => c.name).join(', ')}.`);
  if (yamlOnly.length) evidence.push(`Documented in YAML but not returned by the SQL: ${yamlOnly.map((c) => c.name).join(', ')}.`);
  for (const g of reading?.gaps ?? []) evidence.push(`Gap: ${g}`);
  return { lead, evidence };
}
