// What every question kind's answerer receives and returns, and the small helpers they share:
// a name in backticks, a file:line, the line of a file a pattern first matches.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { inferLayers, LAYERS } from '../../../governance/layers.js';
import type { IndexView } from '../../index/view.js';
import { nearTable, type QuestionKind, type Subject } from '../question.js';

export interface KindInput {
  project: Project;
  index: IndexView;
  message: string;
  kind: QuestionKind;
  subject: Subject;
}

/** A direct answer: the lead sentence states the fact; evidence lines follow; `cannot` marks "I cannot answer that". */
export interface Direct {
  lead: string; evidence: string[]; cannot?: boolean;
  /** Tables the facts were read from beyond the subject (a join path's tables): cited first among the sources. */
  about?: DbtNode[];
}

export const q = (s: string) => `\`${s}\``;
export const at = (file?: string, line?: number) => (file ? `${file}${line ? `:${line}` : ''}` : 'its file');
export const where = (n: DbtNode) => at(n.file ?? n.sqlPath, n.file ? n.line : undefined);
export const kindWord = (n: DbtNode) => (n.resourceType === 'source' ? 'source table' : n.resourceType);

/** The 1-based line of `file` the pattern first matches, or undefined. */
export function lineIn(project: Project, file: string | undefined, re: RegExp): number | undefined {
  if (!file) return undefined;
  let text: string;
  try { text = project.readText(file); } catch { return undefined; }
  const lines = text.split('\n');
  const i = lines.findIndex((l) => re.test(l));
  return i < 0 ? undefined : i + 1;
}

export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** "a, b and c" */
/** Bullet lines, the first `shown` of them, then how many more (and where to see them all). */
export function bullets(lines: string[], shown: number, all = ''): string[] {
  return lines.length > shown ? [...lines.slice(0, shown), `- … and ${lines.length - shown} more${all}`] : lines;
}

/** One bullet a table, with where it is declared. */
export const tableBullets = (ns: DbtNode[], shown: number) => bullets(ns.map((n) => `- ${n.name} (${where(n)})`), shown);

export function list(xs: string[], max = 8): string {
  const shown = xs.slice(0, max);
  const more = xs.length > max ? ` and ${xs.length - max} more` : '';
  if (shown.length <= 1) return shown.join('') + more;
  return more ? `${shown.join(', ')}${more}` : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The node's YAML entry line for a column, else the node's line. */
export const colAt = (n: DbtNode, col: { line?: number }) => at(n.file, col.line ?? n.line);

export function cannot(what: string, closest: string[]): Direct {
  return { lead: what, evidence: closest.length ? ['Closest facts:', ...closest.map((c) => `- ${c}`)] : [], cannot: true };
}

/** The line of a node's own YAML entry (from its line to the next entry) the pattern matches. */
export function lineInEntry(project: Project, n: DbtNode, re: RegExp): number | undefined {
  if (!n.file || !n.line) return undefined;
  let lines: string[];
  try { lines = project.readText(n.file).split('\n'); } catch { return undefined; }
  const start = n.line - 1;
  const indent = (lines[start] ?? '').search(/\S/);
  for (let i = start; i < lines.length; i++) {
    if (i > start && /^\s*- name:/.test(lines[i]) && lines[i].search(/\S/) <= indent) break;
    if (re.test(lines[i])) return i + 1;
  }
  return undefined;
}

/** Every table of the project by its unique id. */
export function tablesById(p: Project): Map<string, DbtNode> {
  return new Map([...p.models, ...p.sources, ...p.seeds, ...p.snapshots].map((t) => [t.uniqueId, t]));
}

/** Staging first, then intermediate, facts, dimensions, marts, then the rest: the order a modeler reads keys in. */
export function layerRank(n: DbtNode | undefined): number {
  const l = n && inferLayers({ name: n.name, path: n.sqlPath ?? n.file, declared: n.meta?.layer })[0];
  return l ? LAYERS.indexOf(l) : LAYERS.length;
}

/**
 * A question about two tables ("how are orders linked to unicorns?", "compare orders and orders")
 * that names one: the same table twice, or the other side naming none (with the table it was most
 * likely meant to be). Undefined when it names two, or none.
 */
export function oneOfTwo(input: KindInput, needs: string): string | undefined {
  const { subject } = input;
  const n = subject.node;
  if (!n || subject.nodes.length !== 1 || subject.from !== 'question') return undefined;
  if ((subject.mentions ?? 0) >= 2) return `Both sides name ${q(n.name)}: it is the same table.`;
  const near = nearTable(input.project, input.message);
  const other = near ? `${q(near.typed)} names no table; did you mean ${q(near.near)}?` : 'no model, seed, snapshot or source is named like the other side.';
  return `Only ${q(n.name)} in the question names a table, and ${needs} needs two: ${other}`;
}
