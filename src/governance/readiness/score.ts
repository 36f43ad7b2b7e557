// Scoring: per file, 100 minus the weights of its findings, where each code counts at most three
// times its weight and info findings together at most INFO_CAP points, so a wide, well-formed
// file is never dragged down by notes. Status: red on any error or a score below 60, yellow on
// any warning or a score below 85, else green (info alone therefore never makes a file red).
import type { Finding } from './findings.js';

export const INFO_CAP = 10;
export const CODE_CAP_FACTOR = 3;
export const RED_BELOW = 60;
export const YELLOW_BELOW = 85;

export type Status = 'red' | 'yellow' | 'green';

export interface FileScore {
  path: string;
  score: number;
  status: Status;
  counts: { errors: number; warnings: number; infos: number };
  findings: Finding[];
}

export function scoreFile(path: string, findings: Finding[]): FileScore {
  const byCode = new Map<string, { sum: number; weight: number; info: boolean }>();
  for (const f of findings) {
    const e = byCode.get(f.code) ?? { sum: 0, weight: f.weight, info: f.severity === 'info' };
    e.sum += f.weight;
    e.weight = Math.max(e.weight, f.weight);
    e.info = e.info && f.severity === 'info';
    byCode.set(f.code, e);
  }
  let penalty = 0, info = 0;
  for (const e of byCode.values()) {
    const capped = Math.min(e.sum, e.weight * CODE_CAP_FACTOR);
    if (e.info) info += capped; else penalty += capped;
  }
  penalty += Math.min(info, INFO_CAP);
  const score = Math.max(0, Math.min(100, 100 - penalty));
  const counts = { errors: 0, warnings: 0, infos: 0 };
  for (const f of findings) f.severity === 'error' ? counts.errors++ : f.severity === 'warning' ? counts.warnings++ : counts.infos++;
  const status: Status = counts.errors || score < RED_BELOW ? 'red' : counts.warnings || score < YELLOW_BELOW ? 'yellow' : 'green';
  const sorted = [...findings].sort((a, b) => a.line - b.line || a.code.localeCompare(b.code) || a.target.localeCompare(b.target));
  return { path, score, status, counts, findings: sorted };
}
