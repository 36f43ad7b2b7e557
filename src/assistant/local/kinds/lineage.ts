// Upstream and downstream at model level: the ref() and source() calls of a model's SQL, and
// the models, snapshots, exposures and semantic models that ref() it. Column-level lineage is
// not traced here; a column question is answered at its model's level and says so.
import type { DbtNode, Project } from '../../../core/project/types.js';
import { DYNAMIC_REF, renderedOnly, renderedRefs } from '../../../core/columns/rendered-refs.js';
import { at, cannot, esc, kindWord, lineIn, list, plural, q, where, type Direct, type KindInput } from './shared.js';

export function upstreamAnswer({ project, subject, message }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  if (n.resourceType === 'source') {
    return { lead: `${q(n.name)} is a source table: nothing in the project feeds it; it is loaded into the warehouse outside dbt (declared at ${where(n)}).`, evidence: downstreamEvidence(project, n) };
  }
  const models = parentsOf(project, n);
  const sources = sourcesOf(project, n);
  // a call the SQL does not write as such (built while rendering, or made by a macro): the line of its first {{ }}
  const viaRender = new Set(renderedOnly(project, n).map((m) => m.name));
  const rendered = (name: string) => (viaRender.has(name) ? lineIn(project, n.sqlPath, DYNAMIC_REF) ?? lineIn(project, n.sqlPath, /\{\{/) : undefined);
  const refAt = (name: string) => at(n.sqlPath, lineIn(project, n.sqlPath, new RegExp(`ref\\(\\s*['"]${esc(name)}['"]`)) ?? rendered(name));
  const srcAt = (s: DbtNode) => at(n.sqlPath, lineIn(project, n.sqlPath, new RegExp(`source\\(\\s*['"]${esc(s.sourceName ?? '')}['"]\\s*,\\s*['"]${esc(s.tableName ?? '')}['"]`)) ?? rendered(s.name));
  const colNote = subject.column || subject.columnName ? ` (at model level: ${q(subject.column?.name ?? subject.columnName!)} comes from one of these; column lineage is not traced by this answer)` : '';
  const wantsSources = /\bsources?\b|\braw\b/i.test(message);
  // "what sources feed X" is every source table upstream of X, at any depth: a model that reads
  // one source itself and refs a mart built on three others is fed by all four
  const via = wantsSources && models.length ? sourcesUpstream(project, n) : [];
  if (via.some((v) => v.through !== n)) {
    const through = [...new Set(via.filter((v) => v.through !== n).map((v) => q(v.through.name)))];
    const how = via.some((v) => v.through === n) ? `directly and through ${list(through)}` : `through ${list(through)}`;
    const seeds = seedsUpstream(project, n);
    const lead = `${q(n.name)} is fed by the ${via.length === 1 ? 'source table' : plural(via.length, 'source table')} ${list(via.map((v) => `${q(v.source.name)} (${where(v.source)})`))}, ${how}.`
      + (seeds.length ? ` It also reads the ${seeds.length === 1 ? 'seed' : plural(seeds.length, 'seed')} ${list(seeds.map((x) => q(x.name)))}, loaded by dbt from the project's CSV files.` : '');
    return { lead, evidence: via.map((v) => `- ${v.through.name} reads source ${v.source.name} (${at(v.through.sqlPath ?? v.through.file)})`) };
  }
  const onlySources = wantsSources && sources.length > 0;
  const parts: string[] = [];
  if (sources.length) parts.push(`the ${sources.length === 1 ? 'source table' : 'source tables'} ${list(sources.map((s) => `${q(s.name)} (${srcAt(s)})`))}`);
  if (models.length && !onlySources) parts.push(`${models.length === 1 ? `the ${kindWord(models[0])}` : `the ${plural(models.length, 'model')}:`} ${list(models.map((m) => `${q(m.name)} (${refAt(m.name)})`))}`);
  if (!parts.length) {
    return cannot(`${q(n.name)} reads no model or source through ref() or source() (${at(n.sqlPath ?? n.file)}).`, n.sqlPath ? [`its SQL: ${n.sqlPath}`] : []);
  }
  const verb = onlySources ? 'is fed by' : 'is built from';
  const evidence: string[] = [];
  if (onlySources && models.length) evidence.push(`It also refs ${list(models.map((m) => q(m.name)))}.`);
  for (const s of sources) evidence.push(`- source ${s.name} is declared at ${where(s)}${s.loadedAtField ? `; loaded_at_field ${s.loadedAtField}` : ''}`);
  for (const m of models) evidence.push(`- ${m.resourceType} ${m.name} is defined at ${where(m)}`);
  return { lead: `${q(n.name)} ${verb} ${parts.join(' and ')}${colNote}.`, evidence };
}

export function downstreamAnswer({ project, subject }: KindInput): Direct | undefined {
  const n = subject.node;
  if (!n) return undefined;
  const users = dependents(project, n);
  const colNote = subject.column || subject.columnName ? ` (at model level; which of them read ${q(subject.column?.name ?? subject.columnName!)} is column lineage, not traced by this answer)` : '';
  // read only through ref() names built from a var or a loop (dbt renders those): say so
  const built = new Set(renderedReaders(project, n).map((u) => u.node));
  if (users.length && users.every((u) => built.has(u.node))) {
    const call = n.resourceType === 'source' ? 'source() call, but as dbt renders them' : 'ref() call, but as dbt renders them';
    const how = n.resourceType === 'source' ? 'a macro of the project that builds the source() call' : 'a ref() whose name is built from a var or a loop';
    return { lead: `No model names ${q(n.name)} in a ${call} ${plural(users.length, 'model')} read${users.length === 1 ? 's' : ''} it through ${how}${colNote}: ${list(users.map((u) => `${q(u.node.name)} (${u.at})`), 10)}.`,
      evidence: ['As the SQL renders with the project\'s vars and target (`modeler lineage` shows it column by column).'] };
  }
  if (!users.length) {
    const lead = `Nothing in the project depends on ${q(n.name)}: no model, snapshot, exposure or semantic model refs it (${where(n)}).`;
    if (n.resourceType === 'source') return { lead, evidence: [] };
    // a ref() whose name is built at render time that could not be followed (the target or a var is not known)
    const built = project.models.filter((m) => m !== n && m.sqlPath && lineIn(project, m.sqlPath, DYNAMIC_REF) !== undefined);
    if (!built.length) return { lead, evidence: [] };
    const names = list(built.map((m) => q(m.name)), 5);
    return project.dbtTarget
      ? { lead: `${lead.slice(0, -1)}; of the ${plural(built.length, 'model')} that build a ref() name from a var or a loop (${names}), none reads it as rendered here.`, evidence: [] }
      : { lead: `No model names ${q(n.name)} in a ref() call; ${plural(built.length, 'model')} build${built.length === 1 ? 's' : ''} a ref() name from a var or a loop (${names}), which could not be read as dbt renders them without its target: give profiles.yml (or --profiles-dir) and the vars.`, evidence: [] };
  }
  const shown = users.map((u) => `${q(u.node.name)} (${u.at})`);
  const kinds = new Set(users.map((u) => u.node.resourceType));
  const noun = kinds.size === 1 ? plural(users.length, users[0].node.resourceType === 'semantic_model' ? 'semantic model' : users[0].node.resourceType) : plural(users.length, 'node');
  return { lead: `${noun} depend${users.length === 1 ? 's' : ''} on ${q(n.name)}${colNote}: ${list(shown, 10)}.`, evidence: users.length > 10 ? [`All of them: ${users.map((u) => u.node.name).join(', ')}`] : [] };
}

/** What reads `n` directly, each with where the reference is written. */
export function dependents(project: Project, n: DbtNode): { node: DbtNode; at: string }[] {
  const out: { node: DbtNode; at: string }[] = [];
  const all = [...project.models, ...project.snapshots, ...project.exposures, ...project.semanticModels, ...project.metrics];
  for (const m of all) {
    if (m === n) continue;
    let re: RegExp | undefined;
    if (namesIt(m, n)) {
      re = n.resourceType === 'source' ? new RegExp(`source\\(\\s*['"]${esc(n.sourceName ?? '')}['"]\\s*,\\s*['"]${esc(n.tableName ?? '')}['"]`) : new RegExp(`ref\\(\\s*['"]${esc(n.name)}['"]`);
      const file = m.sqlPath ?? m.file;
      out.push({ node: m, at: at(file, lineIn(project, file, re) ?? (file === m.file ? m.line : undefined)) });
    }
  }
  for (const r of renderedReaders(project, n)) if (!out.some((o) => o.node === r.node)) out.push(r);
  return out;
}

/** Whether `m`'s SQL names `n` in a ref() or source() call as written. */
const namesIt = (m: DbtNode, n: DbtNode): boolean => (n.resourceType === 'source' ? m.sourceRefs.includes(n.name) : m.refs.some((r) => r.name === n.name));

/**
 * The models whose ref() name built while rendering (a loop over a var of loaders), or a project
 * macro's source()/ref(), names `n`: what dbt renders them to. Not those that name `n` as written
 * too (a model is rendered whole, so its plain ref() calls are among what it renders to).
 */
function renderedReaders(project: Project, n: DbtNode): { node: DbtNode; at: string }[] {
  const out: { node: DbtNode; at: string }[] = [];
  for (const [id, parents] of renderedRefs(project)) {
    const m = parents.includes(n.uniqueId) ? project.models.find((x) => x.uniqueId === id) ?? project.snapshots.find((x) => x.uniqueId === id) : undefined;
    if (m && !namesIt(m, n)) out.push({ node: m, at: at(m.sqlPath, lineIn(project, m.sqlPath, DYNAMIC_REF) ?? lineIn(project, m.sqlPath, /\{\{/)) });
  }
  return out;
}

function downstreamEvidence(project: Project, n: DbtNode): string[] {
  const users = dependents(project, n);
  return users.length ? [`Read by ${list(users.map((u) => `${q(u.node.name)} (${u.at})`))}.`] : [];
}

function parentsOf(project: Project, n: DbtNode): DbtNode[] {
  const out: DbtNode[] = [];
  for (const r of n.refs) {
    const m = project.modelByName.get(r.name) ?? [...project.seeds, ...project.snapshots].find((x) => x.name === r.name);
    if (m && !out.includes(m)) out.push(m);
  }
  // a ref() built while rendering, or one a project macro makes from its arguments, as dbt records it
  for (const m of renderedOnly(project, n)) if (m.resourceType !== 'source' && !out.includes(m)) out.push(m);
  return out;
}

/**
 * The model that stages a source table: the one model that selects from it, or — when that is a
 * `_tmp` helper (Fivetran's packages) — the one model built on the helper. Changes asked for on
 * "invoice" in a project whose source table and staging model share the noun go on the model.
 */
export function stagingModelOf(project: Project, source: DbtNode): DbtNode | undefined {
  if (source.resourceType !== 'source') return source;
  const readers = project.models.filter((m) => sourcesOf(project, m).includes(source));
  if (readers.length !== 1) return undefined;
  const [r] = readers;
  if (!/_tmp$/i.test(r.name)) return r;
  const on = project.models.filter((m) => m.refs.some((x) => x.name === r.name));
  return on.length === 1 ? on[0] : r;
}

/** The source tables a model reads: source() calls, a var the project sets to a source, a union macro's arguments. */
export function sourcesOf(project: Project, n: DbtNode): DbtNode[] {
  const out: DbtNode[] = [];
  for (const s of n.sourceRefs) { const x = project.sources.find((y) => y.name === s); if (x && !out.includes(x)) out.push(x); }
  // a project macro that builds the source() from its arguments (data-inclusion's `stg_source_header('dora', 'structures')`)
  for (const x of renderedOnly(project, n)) if (x.resourceType === 'source' && !out.includes(x)) out.push(x);
  if (!out.length) for (const x of viaVars(project, n)) if (!out.includes(x)) out.push(x);
  if (!out.length) for (const x of viaMacroArgs(project, n)) if (!out.includes(x)) out.push(x);
  return out;
}

/** Sources a macro call names by its source and table as string arguments (Fivetran's union macros). */
function viaMacroArgs(project: Project, n: DbtNode): DbtNode[] {
  if (!n.sqlPath) return [];
  let sql: string;
  try { sql = project.readText(n.sqlPath); } catch { return []; }
  if (/\b(ref|source)\(/.test(sql)) return [];
  const lits = new Set([...sql.matchAll(/=\s*['"]([\w.-]+)['"]/g)].map((m) => m[1].toLowerCase()));
  return project.sources.filter((s) => lits.has((s.sourceName ?? '').toLowerCase()) && lits.has((s.tableName ?? '').toLowerCase()));
}

/** Sources a model reads through a var the project sets to a source() (Fivetran's `from {{ var('comment') }}`). */
function viaVars(project: Project, n: DbtNode): DbtNode[] {
  if (!n.sqlPath) return [];
  let sql: string, proj: string;
  try { sql = project.readText(n.sqlPath); proj = project.readText('dbt_project.yml'); } catch { return []; }
  const out: DbtNode[] = [];
  for (const m of sql.matchAll(/\bfrom\s+\{\{\s*var\(\s*['"]([\w.-]+)['"]/gi)) {
    const set = new RegExp(`^\\s*${esc(m[1])}:\\s*["']?\\{\\{\\s*source\\(\\s*['"]([\\w.-]+)['"]\\s*,\\s*['"]([\\w.-]+)['"]`, 'm').exec(proj);
    const src = set && project.sources.find((x) => x.name === `${set[1]}.${set[2]}`);
    if (src) out.push(src);
  }
  return out;
}

/** Every source table upstream of `n` (its own source() calls included), each with the first node found reading it. */
function sourcesUpstream(project: Project, n: DbtNode): { source: DbtNode; through: DbtNode }[] {
  const out: { source: DbtNode; through: DbtNode }[] = [];
  for (const m of upstreamNodes(project, n)) {
    for (const s of sourcesOf(project, m)) if (!out.some((o) => o.source === s)) out.push({ source: s, through: m });
  }
  return out;
}

/** The seeds upstream of `n`, at any depth. */
const seedsUpstream = (project: Project, n: DbtNode): DbtNode[] => upstreamNodes(project, n).filter((m) => m.resourceType === 'seed');

/** `n` and every model, snapshot and seed it reads through ref(), nearest first. */
function upstreamNodes(project: Project, n: DbtNode): DbtNode[] {
  const seen: DbtNode[] = [n];
  for (let i = 0; i < seen.length; i++) for (const p of parentsOf(project, seen[i])) if (!seen.includes(p)) seen.push(p);
  return seen;
}
