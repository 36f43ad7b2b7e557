// Which columns of a subject form its key: primary key flags or constraints, else the
// Interface unique_key.
import type { Subject, SubjectColumn } from '../types.js';

export function keyColumnNames(s: Subject): string[] {
  const pk = s.columns.filter((c) => c.primaryKey).map((c) => c.name);
  if (pk.length) return pk;
  if (s.declaredKey.length) return s.declaredKey;
  const uk = s.interface?.unique_key;
  if (typeof uk === 'string' && uk.trim()) return uk.split(',').map((x) => x.trim()).filter(Boolean);
  if (Array.isArray(uk)) return uk.map(String);
  return [];
}

export function keyColumns(s: Subject): SubjectColumn[] {
  const names = keyColumnNames(s);
  return s.columns.filter((c) => names.includes(c.name));
}

export function columnIndex(s: Subject, c: SubjectColumn): number {
  return s.columns.indexOf(c);
}
