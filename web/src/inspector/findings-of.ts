// Which of the server's findings are about one table or one file (matching by the target the
// server names; nothing is re-checked here).
import type { MeshReply, ReadinessReply, ValidationReply } from '../api/types';
import type { FindingRow } from './Findings';

export function findingsOfTable(name: string, readiness?: ReadinessReply, mesh?: MeshReply, column?: string): FindingRow[] {
  const target = column ? `${name}.${column}` : undefined;
  const out: FindingRow[] = [];
  for (const f of readiness?.files ?? []) for (const x of f.findings) {
    const t = x.target ?? '';
    if (target ? t === target : t === name || t.startsWith(`${name}.`)) out.push({ ...x, source: 'readiness' });
  }
  for (const x of mesh?.findings ?? []) {
    if (x.model !== name || (column && x.columnName !== column)) continue;
    if (!out.some((o) => o.code === x.code && o.line === x.line)) out.push({ ...x, source: 'mesh' });
  }
  return out;
}

export function findingsOfFile(path: string, readiness?: ReadinessReply, validation?: ValidationReply): FindingRow[] {
  const out: FindingRow[] = [];
  for (const f of validation?.files ?? []) if (f.file === path) for (const d of f.diagnostics) out.push({ ...d, file: d.file ?? path, source: 'validation' });
  for (const f of readiness?.files ?? []) if (f.path === path) for (const x of f.findings) out.push({ ...x, source: 'readiness' });
  return out;
}

export function readinessOf(path: string, readiness?: ReadinessReply): { score: number; status: string } | undefined {
  const f = readiness?.files.find((x) => x.path === path);
  return f ? { score: f.score, status: f.status } : undefined;
}
