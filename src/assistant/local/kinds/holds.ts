// "Which tables hold customer email addresses?", "where is the phone number of a structure stored?":
// a thing described in words, not a column's name. The columns whose names speak of it (a word
// rarer among the project's column names counts more; a word naming the table counts half), else
// whose descriptions do — listed with file:line, so the user reads the candidates, not one guess.
import { projectColumns } from '../../../core/columns/project-columns.js';
import type { DbtNode, Project } from '../../../core/project/types.js';
import { proseDescription } from '../../../metadata/doc-blocks.js';
import { at, layerRank, list, plural, q, type Direct, type KindInput } from './shared.js';

const SHOWN = 15;
const ASK = /\b(?:which|what)\s+(?:tables?|models?|sources?|columns?|fields?)\s+(?:holds?|stores?|contains?|keeps?|records?|carry|carries)\s+(.+)|\bwhere\s+(?:is|are)\s+(.+?)\s+(?:stored|kept|held|recorded)\b|\bwhere\s+(?:do|does)\s+(?:we|it|the project)\s+(?:store|keep|hold|record)\s+(.+)/i;
const STOP = new Set(['the', 'a', 'an', 'of', 'for', 'our', 'my', 'their', 'its', 'in', 'on', 'and', 'or', 'to', 'is', 'are', 'do', 'does', 'we', 'it',
  'data', 'information', 'info', 'value', 'values', 'any', 'each', 'every', 'all', 'with', 'by', 'from', 'column', 'columns', 'field', 'fields',
  'table', 'tables', 'model', 'models', 'project', 'stored', 'kept', 'held', 'recorded', 'there', 'which', 'what', 'that', 'this']);
// the second word only says which kind of the first it is: an email address is an email, a phone number a phone
const COMPOUND = /\b(e-?mail|mail|ip|phone|telephone|mobile|fax)\s+(addresse?s?|numbers?)\b/gi;
// words that name a value's type more than its meaning: they only break ties between columns matching the rest
const GENERIC = new Set(['date', 'dates', 'time', 'times', 'timestamp', 'number', 'numbers', 'name', 'names', 'id', 'ids', 'code', 'codes', 'count', 'amount', 'flag', 'text', 'address', 'addresses']);

const stem = (w: string) => { const s = w.toLowerCase().replace(/(ations?|ing|ed|es|s|e)$/, ''); return s.length >= 3 ? s : w.toLowerCase(); };
const tokens = (name: string) => name.replace(/([a-z])([A-Z])/g, '$1_$2').toLowerCase().split(/[^a-z]+/).filter((t) => t.length >= 2).map(stem);
/** A name's token speaks of the word: the same stem, one a prefix of the other, or (4 letters or more) inside it (phone in telephone). */
const speaks = (tok: string, w: string) => tok === w || (Math.min(tok.length, w.length) >= 3 && (tok.startsWith(w) || w.startsWith(tok))) || (w.length >= 4 && tok.includes(w));

/** The first `max` characters of a description, cut at a word with an ellipsis. */
const clip = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max).replace(/\s+\S*$/, '')}…`);

/** `file`: where the column is declared when not the node's own file (a SQL-only column: its select item's line in the SQL) */
interface Hit { node: DbtNode; column: string; description?: string; line?: number; file?: string; score: number }

export function holdsAnswer({ project, message }: KindInput): Direct | undefined {
  const m = ASK.exec(message);
  const phrase = (m?.[1] ?? m?.[2] ?? m?.[3] ?? '').replace(/[?!.]+\s*$/, '');
  if (!phrase) return undefined;
  const words = [...new Set(phrase.replace(COMPOUND, '$1').split(/[^A-Za-z-]+/).map((w) => w.replace(/-/g, '').toLowerCase()).filter((w) => w.length >= 2 && !STOP.has(w)))];
  // a name with underscores is a column's name: column_usage answers it
  if (!words.length || /\w_\w/.test(phrase)) return undefined;
  const content = words.filter((w) => !GENERIC.has(w)).map(stem);
  const generic = words.filter((w) => GENERIC.has(w)).map(stem);
  const asked = content.length ? content : generic;

  let pc: ReturnType<typeof projectColumns> | undefined;
  try { pc = projectColumns(project); } catch { pc = undefined; }
  const tables = [...project.sources, ...project.models, ...project.seeds, ...project.snapshots].filter((n) => n.enabled !== false);
  // a description that is a {{ doc() }} call reads as its block's text
  const docs = new Map([...project.docs].map(([k, b]) => [k, b.body]));
  const columnsOf = (n: DbtNode) => {
    const out = new Map<string, { name: string; description?: string; line?: number; file?: string }>();
    for (const c of n.columns) out.set(c.name.toLowerCase(), { name: c.name, description: proseDescription(c.description, c.description_ref, docs), line: c.line });
    if (pc && (n.resourceType === 'model' || n.resourceType === 'snapshot')) {
      // a column only the SQL returns is where its select item is, not at the model's YAML entry
      try {
        for (const c of pc.of(n)) {
          if (!out.has(c.name.toLowerCase())) out.set(c.name.toLowerCase(), { name: c.name, ...(c.sql_line !== undefined && n.sqlPath ? { file: n.sqlPath, line: c.sql_line } : {}) });
        }
      } catch { /* its SQL is not read */ }
    }
    return [...out.values()];
  };
  const all = tables.map((n) => ({ node: n, cols: columnsOf(n), toks: tokens(n.name) }));
  // a word that many column names hold says less than a rare one
  const df = new Map<string, number>();
  let total = 0;
  for (const t of all) for (const c of t.cols) { total++; const ts = tokens(c.name); for (const w of asked) if (ts.some((x) => speaks(x, w))) df.set(w, (df.get(w) ?? 0) + 1); }
  const idf = (w: string) => Math.log((total + 1) / ((df.get(w) ?? 0) + 1));

  const byName: Hit[] = [];
  const byDescription: Hit[] = [];
  for (const t of all) {
    for (const c of t.cols) {
      const ts = tokens(c.name);
      const inName = asked.filter((w) => ts.some((x) => speaks(x, w)));
      if (inName.length) {
        const score = inName.reduce((s, w) => s + idf(w), 0)
          + asked.filter((w) => !inName.includes(w) && t.toks.some((x) => speaks(x, w))).reduce((s, w) => s + idf(w) / 2, 0)
          + (content.length ? generic.filter((w) => ts.some((x) => speaks(x, w))).length * 0.1 : 0);
        byName.push({ node: t.node, column: c.name, description: c.description, line: c.line, file: c.file, score });
        continue;
      }
      const d = (c.description ?? '').toLowerCase();
      const inDesc = d ? asked.filter((w) => new RegExp(`\\b${w}`).test(d)) : [];
      if (inDesc.length === asked.length) byDescription.push({ node: t.node, column: c.name, description: c.description, line: c.line, file: c.file, score: inDesc.reduce((s, w) => s + idf(w), 0) });
    }
  }
  const hits = byName.length ? byName : byDescription;
  if (!hits.length) return undefined;
  // the best match first; at equal scores a model before a source, a documented column, a mart before staging
  const isSource = (h: Hit) => Number(h.node.resourceType === 'source');
  hits.sort((a, b) => b.score - a.score || isSource(a) - isSource(b) || Number(!!b.description?.trim()) - Number(!!a.description?.trim())
    || layerRank(b.node) - layerRank(a.node) || a.node.name.localeCompare(b.node.name));
  const best = hits[0].score;
  const top = hits.filter((h) => h.score >= best - 1e-9);
  const topTables = [...new Set(top.map((h) => h.node))];
  const how = byName.length ? 'by name' : 'by description';
  const lead = `${plural(top.length, 'column')} in ${plural(topTables.length, 'table')} best ${top.length === 1 ? 'matches' : 'match'} “${phrase.trim()}” ${how}: ${list(top.map((h) => q(`${h.node.name}.${h.column}`)), 8)}.`;
  const evidence = hits.slice(0, SHOWN).map((h) => `- ${h.node.name}.${h.column}${h.description?.trim() ? ` — ${clip(h.description.trim().split('\n')[0], 100)}` : ''} (${at(h.file ?? h.node.file ?? h.node.sqlPath, h.line ?? (h.node.file ? h.node.line : undefined))})`);
  if (hits.length > SHOWN) evidence.push(`- … and ${hits.length - SHOWN} more`);
  evidence.push('', `Matched by words, not by meaning: read the descriptions to pick the right one.`);
  return { lead, evidence, about: topTables.slice(0, 8) };
}
