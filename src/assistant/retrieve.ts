// The retrieval pipeline of the spec, in its order: selected-object context → structured
// lookup (exact names, ref()/source() strings, entity.column) → lexical search → graph and
// lineage expansion over the index's links → validation findings of what was retrieved →
// relevant skills → relevant memory. Each stage reports what it contributed; every source
// carries its file and line.
import type { Skill } from '../core/project/types.js';
import type { NearColumn } from '../lineage/near.js';
import { columnRecordId } from './index/context.js';
import type { IndexView } from './index/view.js';
import { recordId, TABLE_KINDS, type IndexRecord, type RecordKind } from './index/records.js';
import { stem } from './index/tokenize.js';
import { MEMORY_UNIT } from './memory.js';
import { route, type Route } from './router.js';
import { selectSkills, type SelectedSkill } from './skills.js';
import type { SelectedContext, SkillsRequest, Source, StageName, StageReport } from './types.js';

export interface RetrieveRequest {
  message: string; context?: SelectedContext; skills?: SkillsRequest; limit?: number;
  /** A column's direct upstream and downstream columns (lineage/near.ts over the project); absent where only the index is open (`ai search`). */
  columnLineage?: (table: string, column: string) => { up: NearColumn[]; down: NearColumn[] } | undefined;
}

export interface Retrieval {
  query: string;
  scope: 'specific' | 'repo_wide';
  route: Route;
  /** The records the selected context resolved to. */
  selected: IndexRecord[];
  sources: Source[];
  stages: StageReport[];
  /** Validation issues about the retrieved objects. */
  findings: IndexRecord[];
  skills: SelectedSkill[];
  memories: IndexRecord[];
}

/** Words of a question that name a kind of record, and the kind they favour. */
const KIND_HINTS: [RegExp, RecordKind[]][] = [
  [/\bmodels?\b|\bmarts?\b|\btables?\b/i, ['model']],
  [/\b(feeds?|fed|upstream|downstream|lineage|depends?|parents?|children|built from|derived from)\b/i, ['model', 'source', 'seed', 'snapshot']],
  [/\b(logical|conceptual|physical) models?\b/i, ['file', 'diagram']],
  [/\bcolumns?\b|\bfields?\b/i, ['column']],
  [/\bsources?\b|\braw\b/i, ['source']],
  [/\bseeds?\b|\blookup\b|\bcsv\b/i, ['seed']],
  [/\bsnapshots?\b|\bhistory\b|\btype[- ]2\b/i, ['snapshot']],
  [/\btests?\b|\bfail(ed|ing|s)?\b/i, ['test']],
  [/\bskills?\b|\brules?\b|\bconventions?\b|\bguidelines?\b|\bhow should\b/i, ['skill']],
  [/\bglossary\b|\bterms?\b|\bwhat is an? \w+$|\bdefinition\b/i, ['glossary_term']],
  [/\bdoc ?blocks?\b|\bmean(s|ing)?\b|\bdefined\b|\bvalues\b/i, ['doc_block']],
  [/\bfiles?\b|\byaml\b|\b\.ya?ml\b|\bsql\b|\bmanifest\b|\bcatalog\b|\brun_results\b|\blast run\b|\bwhere (is|are) .*\b(configured|described|defined|declared|written)\b/i, ['file']],
  [/\brelationships?\b|\blinked\b|\bforeign keys?\b|\bfk\b|\bjoins?\b|\bconnects?\b/i, ['relationship']],
  [/\bdiagrams?\b/i, ['diagram']],
  [/\bconcepts?\b/i, ['concept']],
  [/\bentit(y|ies)\b/i, ['entity']],
  [/\bdomains?\b/i, ['domain']],
  [/\bown(er|ers|ed)\b/i, ['owner']],
  [/\btag(s|ged)?\b/i, ['tag']],
  [/\b(data )?types?\b|\btimestamps\b|\bdecimal\b/i, ['data_type']],
  [/\bmetrics?\b/i, ['metric']],
  [/\bdashboards?\b|\bexposures?\b/i, ['exposure']],
  [/\bsemantic\b/i, ['semantic_model']],
  [/\bissues?\b|\bfindings?\b|\bflagged\b|\bwarnings?\b|\bproblem\b|\bwhy (is|does)\b|\bmissing\b|\black(s|ing)?\b|\bno\b/i, ['issue']],
];

/** Prior weight of a kind in a ranked list when the question does not ask for it. */
const KIND_PRIOR: Partial<Record<RecordKind, number>> = { file: 0.55, test: 0.6, issue: 0.6, data_type: 0.6, tag: 0.6, owner: 0.6, domain: 0.7, memory: 0.5 };

/** Words the index does not hold but questions use, folded onto the words it holds. */
const SYNONYMS: [RegExp, string][] = [
  [/\black(s|ing)?\b|\bwithout\b/gi, 'missing'], [/\bpii\b|\bpersonal data\b/gi, 'sensitive'], [/\bfk\b/gi, 'foreign key'],
  [/\bwho owns\b/gi, 'owner'], [/\bupstream\b/gi, 'parents'], [/\bdownstream\b/gi, 'children'], [/\be-mails?\b/gi, 'email'],
];

const UPSTREAM = /\b(feed|feeds|fed|upstream|parents?|comes? from|come from|built from|derived from|reads? from|sources? of|inputs?|depend(s)? on what|where does .* come)\b/i;
const DOWNSTREAM = /\b(downstream|children|depends? on (the |this )?\w+|what uses|used by|uses (the |this )?\w+|consumers?|impact|affected)\b/i;
const GOVERNANCE = /\b(issues?|findings?|validation|flagged|warnings?|errors?|fix|problem|readiness|why)\b/i;

/**
 * What retrieval searches the lexical index for, given the message: the message with the words
 * the index does not hold folded onto those it holds. A call that builds an index for one message
 * makes it for this query alone (IndexOptions.lexicalFor).
 */
export function lexicalQuery(message: string): string {
  return SYNONYMS.reduce((q, [re, w]) => q.replace(re, (m) => `${m} ${w}`), message.trim());
}

export function retrieve(index: IndexView, skills: readonly Skill[], req: RetrieveRequest): Retrieval {
  const message = req.message.trim();
  const ctx = req.context ?? {};
  index.refreshIssues();
  const r = route(message, ctx);
  const scope: Retrieval['scope'] = r.repoWide ? 'repo_wide' : 'specific';
  const scores = new Map<string, { score: number; stage: StageName }>();
  const stages: StageReport[] = [];
  const give = (id: string, score: number, stage: StageName) => {
    const cur = scores.get(id);
    // a source is credited to the stage that gave it its (highest) score
    if (!cur) scores.set(id, { score, stage });
    else if (score > cur.score) { cur.score = score; cur.stage = stage; }
  };
  const timed = (stage: StageName, fn: () => number | { n: number; note?: string }) => {
    const t0 = performance.now();
    const res = fn();
    const n = typeof res === 'number' ? res : res.n;
    stages.push({ stage, contributed: n, ms: Math.round((performance.now() - t0) * 100) / 100, ...(typeof res === 'object' && res.note ? { note: res.note } : {}) });
  };
  const hinted = new Set<RecordKind>();
  for (const [re, kinds] of KIND_HINTS) if (re.test(message)) for (const k of kinds) hinted.add(k);
  // raw source columns repeat the staging ones; the curated model is the better citation unless the question asks for sources
  const weight = (rec: IndexRecord) => (hinted.has(rec.kind) ? 1.35 : KIND_PRIOR[rec.kind] ?? 1) * (rec.tier === 'source' && !hinted.has('source') ? 0.8 : 1);

  // 1. the selected object
  const selected = resolveContext(index, ctx);
  timed('selected_object', () => {
    for (const s of selected) give(s.id, scope === 'specific' ? 1000 : 30, 'selected_object');
    return { n: selected.length, note: ctx.kind || ctx.path ? (selected.length ? undefined : 'the selected object is not in the index') : 'nothing selected' };
  });

  // 2. structured lookup: exact names, ref()/source() strings, entity.column, paths, phrases
  timed('structured_lookup', () => {
    let n = 0;
    // a plain word naming a record of the kind the question asks about counts as an exact name
    for (const { rec, strong } of structuredHits(index, message)) { give(rec.id, (strong || hinted.has(rec.kind) ? 400 : 60) * weight(rec), 'structured_lookup'); n++; }
    return n;
  });

  // 3. lexical search
  const query = lexicalQuery(message);
  timed('lexical_search', () => {
    const hits = index.lexical(query, { limit: 60 });
    const top = hits[0]?.score ?? 1;
    for (const h of hits) {
      const rec = index.get(h.id);
      if (!rec) continue;
      give(h.id, (100 * h.score / top) * weight(rec), 'lexical_search');
    }
    return hits.length;
  });

  // 4. graph and lineage expansion from the strongest records so far
  const up = UPSTREAM.test(message), down = DOWNSTREAM.test(message);
  timed('graph_expansion', () => {
    const seeds = [...scores].sort((a, b) => b[1].score - a[1].score).slice(0, 8);
    let n = 0;
    for (const [id, { score }] of seeds) {
      const rec = index.get(id);
      if (!rec) continue;
      const { parents, children } = index.lineage(id);
      const lineageIds = new Set([...parents, ...children].map((x) => x.id));
      for (const p of parents) { give(p.id, score * (up ? 0.7 : 0.12), 'graph_expansion'); n++; }
      for (const c of children) { give(c.id, score * (down ? 0.7 : 0.1), 'graph_expansion'); n++; }
      for (const nb of index.neighbours(id)) {
        if (lineageIds.has(nb.id) || nb.kind === 'issue') continue;
        give(nb.id, score * Math.min(0.9, edgeWeight(rec, nb, hinted) * weight(nb)), 'graph_expansion');
        n++;
      }
      // a column the question names or the user selected: the columns its value comes from and those made from it
      // (column lineage; only then, as reading models' SQL for columns merely found by text costs a big project seconds)
      const named = scores.get(id)?.stage === 'structured_lookup' || scores.get(id)?.stage === 'selected_object';
      if (rec.kind === 'column' && named && req.columnLineage) {
        const dot = rec.name.indexOf('.');
        const near = req.columnLineage(rec.name.slice(0, dot), rec.name.slice(dot + 1));
        for (const [list, f] of [[near?.up ?? [], up ? 0.8 : 0.3], [near?.down ?? [], down ? 0.8 : 0.25]] as const) {
          for (const c of list) {
            const hit = columnRecord(index, c.table, c.column);
            if (hit && hit.id !== id) { give(hit.id, score * f, 'graph_expansion'); n++; }
          }
        }
      }
    }
    return n;
  });

  // 5. validation findings about the retrieved objects
  const findings: IndexRecord[] = [];
  timed('validation_findings', () => {
    const gov = GOVERNANCE.test(message) || r.modes.some((m) => m.mode === 'governance_reviewer');
    const top = [...scores].filter(([id]) => index.get(id)?.kind !== 'issue').sort((a, b) => b[1].score - a[1].score).slice(0, 10);
    for (const [id, { score }] of top) {
      for (const nb of index.neighbours(id)) {
        if (nb.kind !== 'issue' || !nb.links.includes(id)) continue;
        if (!findings.includes(nb)) findings.push(nb);
        give(nb.id, score * (gov ? 0.8 : 0.25), 'validation_findings');
      }
    }
    // a finding that matched the question pulls in the object it is about
    for (const [id, { score }] of [...scores]) {
      const rec = index.get(id);
      if (rec?.kind !== 'issue' || score < 20) continue;
      const about = index.get(rec.links[0]);
      if (about && about.kind !== 'file') give(about.id, score * 0.6, 'validation_findings');
    }
    return findings.length;
  });

  // 6. skills
  const chosen = selectSkills(skills, { message, modes: r.modes.map((m) => m.mode), layer: ctx.layer, pinned: req.skills?.pinned, disabled: req.skills?.disabled });
  timed('skills', () => {
    for (const s of chosen) give(recordId('skill', s.name), s.pinned ? 300 : Math.min(90, 12 * s.relevance), 'skills');
    const disabled = new Set((req.skills?.disabled ?? []).map((x) => x.toLowerCase()));
    for (const [id] of [...scores]) if (index.get(id)?.kind === 'skill' && disabled.has(index.get(id)!.name.toLowerCase())) scores.delete(id);
    return chosen.length;
  });

  // 7. memory: the user's standing rules that bear on the question
  const memories: IndexRecord[] = [];
  timed('memory', () => {
    if (!index.unitRecords(MEMORY_UNIT).length) return 0;
    const kinds = new Set<RecordKind>(['memory']);
    const hits = index.lexical(query, { limit: 5, kinds });
    for (const h of hits) { const m = index.get(h.id)!; memories.push(m); give(m.id, 20, 'memory'); }
    return memories.length;
  });

  // the active diagram: specific questions favour what it shows
  if (scope === 'specific' && ctx.diagram) {
    for (const [id, s] of scores) if (index.get(id)?.file === ctx.diagram) s.score *= 1.3;
  }
  const limit = req.limit ?? 12;
  const sources: Source[] = [...scores]
    .map(([id, s]) => ({ rec: index.get(id), ...s }))
    .filter((x): x is { rec: IndexRecord; score: number; stage: StageName } => !!x.rec)
    .sort((a, b) => b.score - a.score || a.rec.id.localeCompare(b.rec.id))
    .slice(0, limit)
    .map(({ rec, score, stage }) => ({ id: rec.id, kind: rec.kind, name: rec.name, path: rec.file, line: rec.line, score: Math.round(score * 100) / 100, stage, title: rec.title }));
  return { query: message, scope, route: r, selected, sources, stages, findings, skills: chosen, memories };
}

/** How much of a record's score a neighbour inherits, by the kinds on both ends. */
function edgeWeight(from: IndexRecord, to: IndexRecord, hinted: ReadonlySet<RecordKind>): number {
  const pair = `${from.kind}>${to.kind}`;
  const base: Record<string, number> = {
    'column>doc_block': 0.6, 'doc_block>column': 0.3, 'column>test': 0.35, 'test>column': 0.4, 'column>relationship': 0.35, 'relationship>column': 0.35,
    'model>column': 0.12, 'column>model': 0.3, 'source>column': 0.12, 'seed>column': 0.12, 'snapshot>column': 0.12,
    'relationship>model': 0.3, 'relationship>source': 0.3, 'concept>relationship': 0.25, 'relationship>concept': 0.3, 'entity>relationship': 0.25, 'relationship>entity': 0.3,
    'diagram>concept': 0.25, 'concept>diagram': 0.2, 'glossary_term>column': 0.35, 'column>glossary_term': 0.35,
    'domain>model': 0.45, 'owner>model': 0.45, 'tag>model': 0.45, 'data_type>column': 0.45, 'domain>concept': 0.45,
    'file>model': 0.3, 'model>file': 0.2, 'file>doc_block': 0.3, 'file>source': 0.3, 'file>glossary_term': 0.25,
  };
  let w = base[pair] ?? 0.1;
  if (hinted.has(to.kind)) w = Math.min(0.9, w * 2);
  return w;
}

/** Resolve the selected context to index records. */
export function resolveContext(index: IndexView, ctx: SelectedContext): IndexRecord[] {
  const out: IndexRecord[] = [];
  const add = (r: IndexRecord | undefined) => { if (r && !out.includes(r)) out.push(r); };
  const kind = ctx.kind === 'table' ? 'model' : ctx.kind === 'validation' ? 'issue' : ctx.kind;
  if (ctx.name) {
    // a bare name means the dbt table first, then a column, then what else bears the name
    const byName = index.lookup(ctx.name).filter((r) => !kind || r.kind === kind || (kind === 'model' && ['source', 'seed', 'snapshot'].includes(r.kind)))
      .sort((a, b) => kindRank(a.kind) - kindRank(b.kind));
    const inFile = byName.filter((r) => !ctx.path || r.file === ctx.path);
    for (const r of inFile.length ? inFile : byName) add(r);
  }
  if (kind === 'issue' && ctx.code) {
    for (const r of index.issuesWithCode(ctx.code)) if ((!ctx.path || r.file === ctx.path) && (!ctx.line || r.line === ctx.line)) add(r);
  }
  if (ctx.path && (!ctx.name || !out.length)) add(index.get(recordId('file', ctx.path)));
  if (ctx.selectedText && !out.length) for (const { rec } of structuredHits(index, ctx.selectedText).slice(0, 3)) add(rec);
  return out;
}

const RANK: RecordKind[] = ['model', 'source', 'seed', 'snapshot', 'column', 'exposure', 'semantic_model', 'metric', 'doc_block', 'glossary_term', 'concept', 'entity', 'relationship', 'diagram', 'skill', 'file'];
const kindRank = (k: RecordKind) => { const i = RANK.indexOf(k); return i < 0 ? RANK.length : i; };

/** Exact names in a text: ref()/source() calls, dotted names, identifiers, paths and short phrases. */
export function structuredHits(index: IndexView, text: string): { rec: IndexRecord; strong: boolean }[] {
  const out = new Map<string, { rec: IndexRecord; strong: boolean }>();
  const add = (recs: IndexRecord[], strong: boolean) => { for (const r of recs) if (!out.has(r.id) || strong) out.set(r.id, { rec: r, strong }); };
  for (const m of text.matchAll(/\bref\(\s*['"]([^'"]+)['"]\s*\)/g)) add(index.lookup(m[1]).filter((r) => r.kind !== 'file'), true);
  for (const m of text.matchAll(/\bsource\(\s*['"]([^'"]+)['"]\s*,\s*['"]([^'"]+)['"]\s*\)/g)) add(index.lookup(`${m[1]}.${m[2]}`), true);
  for (const m of text.matchAll(/[A-Za-z0-9_./-]+\.(ya?ml|sql|md|json|csv)\b/g)) add(index.lookup(m[0]), true);
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_])[\p{L}_][\p{L}\p{N}_]*(?:\.[\p{L}_][\p{L}\p{N}_]*)+(?![\p{L}\p{N}_])/gu)) add(index.lookup(m[0]), true); // (clients_é.prénom too)
  const words = [...text.matchAll(/[\p{L}\p{N}_@.()-]+/gu)].map((m) => m[0].replace(/[.()]+$/, ''));
  // the object of "explain X", "describe X", "tell me about X", "what is X": named exactly, it is what is asked about
  const subjects = new Set([...text.matchAll(/\b(?:explain|describe|about|what\s+is|what's)\s+(?:the\s+|a\s+|an\s+)?([A-Za-z0-9_]+)/gi)].map((m) => m[1].toLowerCase()));
  for (const w of words) {
    if (w.length < 3) continue;
    const identifier = /_/.test(w) || /[a-z][A-Z]/.test(w) || /@/.test(w) || /\(/.test(w);
    const exact = index.lookup(w);
    // the object of an explain-question that names a table exactly: that table (a dbt user asks about the model, not a glossary word spelt alike)
    const asked = subjects.has(w.toLowerCase());
    add(exact.filter((r) => !asked || !TABLE_KINDS.has(r.kind)), identifier);
    if (asked) add(exact.filter((r) => TABLE_KINDS.has(r.kind)), true);
    if (!identifier && !exact.length) { const s = stem(w.toLowerCase()); if (s !== w.toLowerCase()) add(index.lookup(s), false); }
  }
  // a column named beside its table ("store_id on stg_shop__orders", "the email of dim_users")
  const tables = [...out.values()].filter((h) => h.strong && ['model', 'source', 'seed', 'snapshot'].includes(h.rec.kind)).map((h) => h.rec.name);
  for (const t of tables) for (const w of words) if (/^[\p{L}_][\p{L}\p{N}_]*$/u.test(w)) add(index.lookup(`${t}.${w}`), true);
  // two- to four-word phrases (glossary synonyms like "monthly recurring revenue")
  const plain = text.toLowerCase().replace(/[^a-z0-9_ ]+/g, ' ').split(/\s+/).filter(Boolean);
  for (let n = 2; n <= 4; n++) for (let i = 0; i + n <= plain.length; i++) add(index.lookup(plain.slice(i, i + n).join(' ')), true);
  return [...out.values()];
}

/** The index's record of `table.column`, whatever the case the SQL wrote it in. */
function columnRecord(index: IndexView, table: string, column: string): IndexRecord | undefined {
  const exact = index.get(columnRecordId(table, column));
  if (exact) return exact;
  const want = `${table}.${column}`.toLowerCase();
  return index.lookup(`${table}.${column}`).find((r) => r.kind === 'column' && r.name.toLowerCase() === want);
}
