// The assistant's typed project index: records grouped in units (one per file, the aggregates,
// and memory), a graph of their links kept in both directions, exact name lookup, and a lexical
// index (BM25 with field boosts, lexical-index.ts). A changed file replaces only the units it
// touches (its own, those whose nodes it describes, those bound to its doc blocks, those that
// refer to a table it adds or removes); the aggregates it contributed to are adjusted, not
// recomputed. Only dbt_project.yml and target/ artifacts rebuild everything.
import { spreadDownstream } from './downstream-units.js';
import type { NodeColumn } from '../../core/columns/project-columns.js';
import type { DbtNode, Project } from '../../core/project/types.js';
import { aggregateEntries, aggregateRecord, AGG_UNIT, findingsByFile, groupFindings, issueRecords, type FindingsByFile } from './build-aggregates.js';
import { AggregateTally } from './aggregate-tally.js';
import { checkModelsInSteps, projectFindings } from '../../governance/readiness/findings.js';
import { fileRecord } from './build-files.js';
import { docRecord, modelerRecords, skillRecord } from './build-modeler.js';
import { nodeRecords, tableColumns } from './build-nodes.js';
import { boundDoc, buildContext, fileUnit, type BuildContext } from './context.js';
import { RecordLinks, type IdLists } from './record-links.js';
import { recordId, type IndexRecord, type RecordKind } from './records.js';
import type { LexicalIndex } from './lexical-index.js';
import { lexicalDoc, postingsFor, rankLexical, recordSearch, UNRANKED } from './search-docs.js';
import { tokenize } from './tokenize.js';


export { NAMED, nameKeys } from './record-links.js';

/** Files whose change may alter every record (paths, vars, merged manifest facts): rebuild. */
export const GLOBAL_FILE = (rel: string, p: Project) => rel === 'dbt_project.yml' || p.files.get(rel) === 'target_json' || /(^|\/)target\/[^/]+\.json$/.test(rel);

/** Same links and names: the graph and the name lookup need no change. */
const sameLinks = (a: IndexRecord, b: IndexRecord) => a.name === b.name && a.kind === b.kind && sameList(a.links, b.links) && sameList(a.aliases ?? [], b.aliases ?? []);
const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

const sameSearchText = (a: IndexRecord, b: IndexRecord) => a.name === b.name && a.keywords === b.keywords && a.text === b.text && a.file === b.file;

/** What a unit depends on: the node files it reads, the doc blocks its columns use, the tables it refers to. */
interface UnitDeps { paths: string[]; docs: string[]; refs: string[] }

export interface SliceOptions {
  /** How long one slice may run before the build lets the event loop turn (ms). */
  sliceMs?: number;
  /** Stop the build (it throws). */
  stopped?: () => boolean;
  /** True while the caller has work that goes first (a file change, a request): the build waits between slices. */
  yieldTo?: () => boolean;
}

export interface IndexOptions {
  /**
   * The lexical queries a one-off call will make (`modeler ai search` and `ask` when they build an
   * index they do not keep): the lexical index holds only the postings those queries read, and
   * what only an update needs (each unit's dependencies) is made when first asked for. Answers are
   * the full index's; another query, a removal or keeping the index builds the full lexical index first.
   */
  lexicalFor?: readonly string[];
}

export interface IndexStats { records: number; byKind: Record<string, number>; buildMs: number; builtAt: string }

export class ProjectIndex {
  readonly records = new Map<string, IndexRecord>();
  private units = new Map<string, Set<string>>();
  /** incoming links and exact names (record-links.ts) */
  private graph = new RecordLinks();
  private search = recordSearch();
  private ctx!: BuildContext;
  private deps = new Map<string, UnitDeps>();
  private pathUnits = new Map<string, Set<string>>();
  private docUsers = new Map<string, Set<string>>();
  private refUsers = new Map<string, Set<string>>();
  private docBodies = new Map<string, string>();
  private tally = new AggregateTally();
  private extraUnits = new Map<string, IndexRecord[]>();
  /** node record id → the unit that builds it */
  private nodeUnit = new Map<string, string>();
  /** node object → the unit it was built in: the reader keeps the object of a node whose files did not change, so an update checks only new objects */
  private builtIn = new WeakMap<DbtNode, string>();
  /** The columns each table's records were built with (names from YAML, SQL and the catalog): a change flows downstream. */
  private columnSigs = new Map<string, string>();
  private findings: FindingsByFile = { byFile: new Map(), signature: new Map() };
  /** files changed since the issues were last brought up to date */
  private staleIssues = new Set<string>();
  /** per file, the reader's diagnostics as last indexed: a change can move them in a file it did not touch (a ref to a deleted model) */
  private diagnosticSigs = new Map<string, string>();
  private built = { buildMs: 0, builtAt: '' };
  /** ids a build met twice (the first unit's record stands): a change that removes one needs a full build to tell which stands */
  private shadowed = new Set<string>();

  /** set while the units' dependencies are not made yet (a one-off build: IndexOptions) */
  private depsPending = false;

  constructor(public project: Project, private readonly opts: IndexOptions = {}) {}

  /** True while the lexical index holds only the postings of the queries it was made for (IndexOptions.lexicalFor). */
  get partial(): boolean { return this.search.partial; }

  /** Counted when asked (an update should not walk 100,000 records to count them). */
  get stats(): IndexStats {
    const byKind: Record<string, number> = {};
    for (const r of this.records.values()) byKind[r.kind] = (byKind[r.kind] ?? 0) + 1;
    return { records: this.records.size, byKind, ...this.built };
  }

  /** Build every unit from the project (cold start, after an import, or on request). */
  build(project: Project = this.project): this {
    for (const _ of this.buildSteps(project)) { /* all at once */ }
    return this;
  }

  /**
   * Build every unit a few files at a time: the server awaits a turn of its event loop between
   * slices (see buildInSlices), so it keeps answering while the index is built.
   */
  async buildInSlices(project: Project = this.project, o: SliceOptions = {}): Promise<this> {
    const sliceMs = o.sliceMs ?? 20;
    let start = performance.now();
    for (const _ of this.buildSteps(project)) {
      if (performance.now() - start < sliceMs) continue;
      await new Promise((r) => setImmediate(r));
      // the caller's own work comes first (a changed file, a request): the build waits until it is done
      while (o.yieldTo?.() && !o.stopped?.()) await new Promise((r) => setTimeout(r, 5));
      if (o.stopped?.()) throw new Error('the build was stopped');
      start = performance.now();
    }
    return this;
  }

  private *buildSteps(project: Project): Generator<void> {
    const t0 = performance.now();
    this.project = project;
    this.graph.clear();
    for (const m of [this.records, this.units, this.deps, this.pathUnits, this.docUsers, this.refUsers, this.shadowed]) m.clear();
    this.tally.clear();
    this.search = recordSearch(undefined, this.opts.lexicalFor ? postingsFor(this.opts.lexicalFor) : undefined);
    this.depsPending = this.opts.lexicalFor !== undefined;
    this.ctx = buildContext(project);
    yield;
    this.docBodies = new Map([...project.docs].map(([k, d]) => [k, d.body]));
    this.nodeUnit = this.nodeUnits();
    yield;
    // the readiness checks, a few models a step; the findings are then read from what they kept
    yield* checkModelsInSteps(project);
    const found = projectFindings(project);
    yield;
    this.findings = groupFindings(found);
    // a step is a node or a few dozen records (a YAML file may describe hundreds of models): the
    // server's slices stay short however the project is split into files
    const put = function* (this: ProjectIndex, unit: string, recs: IndexRecord[]): Generator<void> {
      const ids = new Set<string>();
      this.units.set(unit, ids);
      for (let i = 0; i < recs.length; i++) {
        const r = recs[i];
        if (this.records.has(r.id)) { this.shadowed.add(r.id); continue; } // the same id from two units: the first one stands
        this.records.set(r.id, r); ids.add(r.id); this.graph.link(r);
        if (!UNRANKED.has(r)) this.search.add(lexicalDoc(r));
        if (i % 50 === 49) yield;
      }
    }.bind(this);
    yield;
    for (const rel of project.files.keys()) {
      const u = fileUnit(rel);
      const recs: IndexRecord[] = [];
      yield* this.recordsOfUnit(u, recs);
      yield* put(u, recs);
      if (!this.depsPending) this.setDeps(u);
      this.contribute(u, false);
      yield;
    }
    for (const rel of this.issueFiles()) yield* put(issuesUnit(rel), issueRecords(this.ctx, rel, this.findings.byFile.get(rel) ?? [], issuesUnit(rel)));
    this.staleIssues.clear();
    this.diagnosticSigs = diagnosticSigs(this.project);
    yield* put(AGG_UNIT, [...this.tally.states()].map(aggregateRecord));
    for (const [u, recs] of this.extraUnits) yield* put(u, recs);
    yield* this.search.compactSteps();
    this.finish(t0);
  }

  /**
   * Re-index after files changed on disk (the caller has already called project.reloadFile for
   * each). Only the units those files touch are replaced.
   */
  update(changed: string[], project: Project = this.project): { units: number; ms: number; rebuilt: boolean } {
    const t0 = performance.now();
    if (changed.some((rel) => GLOBAL_FILE(rel, project))) { this.build(project); return { units: this.units.size, ms: performance.now() - t0, rebuilt: true }; }
    this.makeDeps();
    const affected = new Set<string>();
    for (const rel of changed) { affected.add(fileUnit(rel)); for (const u of this.pathUnits.get(rel) ?? []) affected.add(u); }
    const before = this.ctx;
    this.project = project;
    this.ctx = buildContext(project, this.ctx);
    // units now building nodes from the changed files, and nodes whose records moved between files
    // (a YAML entry added for a SQL-only model, or removed): one pass over the nodes
    const changedSet = new Set(changed);
    const fresh: DbtNode[] = [];
    for (const [u, nodes] of this.ctx.nodesByUnit) for (const n of nodes) {
      if (changedSet.has(n.file ?? '') || changedSet.has(n.sqlPath ?? '')) affected.add(u);
      if (this.builtIn.get(n) === u) continue;
      this.builtIn.set(n, u);
      fresh.push(n);
      const id = nodeId(n);
      const was = this.nodeUnit.get(id);
      if (was !== u) { affected.add(u); if (was) affected.add(was); this.nodeUnit.set(id, u); }
    }
    // doc blocks whose text changed: every unit with a column bound to them
    for (const name of new Set([...this.docBodies.keys(), ...project.docs.keys()])) {
      const body = project.docs.get(name)?.body;
      if (body === this.docBodies.get(name)) continue;
      if (body === undefined) this.docBodies.delete(name); else this.docBodies.set(name, body);
      for (const u of this.docUsers.get(name) ?? []) affected.add(u);
    }
    // a table that appeared or disappeared changes the links of everything that refers to it; only
    // new node objects can add one, and only nodes of the affected units can have gone
    const gone = [...affected].flatMap((u) => before.nodesByUnit.get(u) ?? []).filter((n) => !this.ctx.tableIds.has(n.name));
    const added = fresh.filter((n) => !before.tableIds.has(n.name));
    for (const n of [...gone, ...added]) for (const u of this.refUsers.get(n.name) ?? []) affected.add(u);
    const oldSigs = new Map(this.columnSigs);
    const rebuilt = new Map([...affected].map((u) => [u, this.buildUnit(u)]));
    spreadDownstream([...affected], {
      nodesOf: (u) => this.ctx.nodesByUnit.get(u), columnsMoved: (t) => oldSigs.get(t) !== this.columnSigs.get(t), readersOf: (t) => this.refUsers.get(t),
      isRebuilt: (v) => rebuilt.has(v), rebuild: (v) => { rebuilt.set(v, this.buildUnit(v)); affected.add(v); },
    });
    const touched = new Set<string>();
    this.replaceUnits(rebuilt);
    // the findings of these files (and of any other file they move) are brought up to date by the next refreshIssues()
    for (const u of affected) this.staleIssues.add(u.slice('file:'.length));
    for (const u of affected) {
      this.setDeps(u);
      for (const id of this.contribute(u)!) touched.add(id);
    }
    for (const id of touched) {
      const s = this.tally.get(id);
      this.replaceOne(AGG_UNIT, id, s && s.members.size ? aggregateRecord(s) : undefined);
      if (s && !s.members.size) this.tally.delete(id);
    }
    this.finish(t0);
    return { units: affected.size, ms: performance.now() - t0, rebuilt: false };
  }

  /**
   * Bring validation issues up to date after updates: the readiness engine runs once over the
   * project (it re-checks only the models that changed), and the issues of every file whose
   * findings moved, or that changed, are replaced. Retrieval calls this first, so a burst of
   * changed files costs one run.
   */
  refreshIssues(): number {
    if (!this.staleIssues.size) return 0;
    const t0 = performance.now();
    const before = this.findings.signature;
    this.findings = findingsByFile(this.project);
    const files = new Set(this.staleIssues);
    for (const f of new Set([...before.keys(), ...this.findings.signature.keys()])) if (before.get(f) !== this.findings.signature.get(f)) files.add(f);
    const diagnostics = diagnosticSigs(this.project);
    for (const f of new Set([...this.diagnosticSigs.keys(), ...diagnostics.keys()])) if (this.diagnosticSigs.get(f) !== diagnostics.get(f)) files.add(f);
    this.diagnosticSigs = diagnostics;
    this.replaceUnits(new Map([...files].map((f) => [issuesUnit(f), this.project.files.has(f) || this.findings.byFile.has(f) ? issueRecords(this.ctx, f, this.findings.byFile.get(f) ?? [], issuesUnit(f)) : []])));
    this.staleIssues.clear();
    return performance.now() - t0;
  }

  /** Files with findings or reader errors and warnings. */
  private issueFiles(): Set<string> {
    const out = new Set(this.findings.byFile.keys());
    for (const d of this.project.diagnostics) if (d.file && d.severity !== 'info') out.add(d.file);
    return out;
  }

  /** Records kept beside the project's (memory): replaced as a unit. */
  setExtraUnit(unit: string, recs: IndexRecord[]): void {
    this.extraUnits.set(unit, recs);
    if (this.ctx) this.replaceUnit(unit, recs);
  }

  /** Lexical search: ranked ids with BM25 scores (search-docs.ts). */
  lexical(query: string, opts: { limit?: number; kinds?: ReadonlySet<RecordKind> } = {}): { id: string; score: number }[] {
    if (!this.search.covers(tokenize(query))) this.fullSearch();
    return rankLexical(this.search, this.records.size, (id) => this.records.get(id)?.kind, query, opts);
  }

  /** Records whose name (or a file's base name, or an alias) is exactly `name`, case-insensitive. */
  issuesWithCode(code: string): IndexRecord[] {
    const out: IndexRecord[] = [];
    for (const r of this.records.values()) if (r.kind === 'issue' && r.name.startsWith(`${code}:`)) out.push(r);
    return out;
  }

  lookup(name: string): IndexRecord[] {
    return this.graph.named(name).map((id) => this.records.get(id)!).filter(Boolean);
  }

  /** Neighbours in both directions, existing records only. */
  neighbours(id: string): IndexRecord[] {
    const r = this.records.get(id);
    const ids = new Set<string>([...(r?.links ?? []), ...this.graph.incoming(id)]);
    ids.delete(id);
    return [...ids].map((x) => this.records.get(x)).filter((x): x is IndexRecord => !!x);
  }

  /** Lineage: parents (upstream) and children (downstream) of a table. */
  lineage(id: string): { parents: IndexRecord[]; children: IndexRecord[] } {
    const r = this.records.get(id);
    const parents = (r?.parents ?? []).map((x) => this.records.get(x)).filter((x): x is IndexRecord => !!x);
    const children = this.graph.incoming(id).map((x) => this.records.get(x))
      .filter((x): x is IndexRecord => !!x && (x.parents ?? []).includes(id));
    return { parents, children };
  }

  get(id: string): IndexRecord | undefined { return this.records.get(id); }

  /** Records of one unit (e.g. memory). */
  unitRecords(unit: string): IndexRecord[] {
    return [...(this.units.get(unit) ?? [])].map((id) => this.records.get(id)).filter((x): x is IndexRecord => !!x);
  }

  /** What the CLI's index cache stores (index-cache.ts): the name lookup, incoming links and lexical index, as built. */
  cacheParts(): { names: IdLists; reverse: IdLists; search: LexicalIndex } {
    this.refreshIssues();
    if (this.search.partial) this.fullSearch();
    return { ...this.graph.lists(), search: this.search };
  }

  /**
   * What a build of `project` computes besides the records of its files (index-delta.ts, which
   * brings a kept index up to date in another process): the nodes' units, what each unit
   * depends on, the aggregates and the findings, in a build's order. The records of a unit are
   * then made by freshUnit, as a build makes them.
   */
  prepare(project: Project): this {
    this.project = project;
    this.depsPending = false;
    this.ctx = buildContext(project);
    this.docBodies = new Map([...project.docs].map(([k, d]) => [k, d.body]));
    this.nodeUnit = this.nodeUnits();
    for (const _ of checkModelsInSteps(project)) { /* all at once */ }
    this.findings = groupFindings(projectFindings(project));
    for (const rel of project.files.keys()) { const u = fileUnit(rel); this.setDeps(u); this.contribute(u, false); }
    return this;
  }

  /** A unit's records as a build makes them (its tables' column signatures noted). */
  freshUnit(unit: string): IndexRecord[] { return this.buildUnit(unit); }

  /** Every issue unit's records and the aggregates', as a build makes them (after prepare). */
  freshDerived(): Map<string, IndexRecord[]> {
    const out = new Map<string, IndexRecord[]>();
    for (const rel of this.issueFiles()) out.set(issuesUnit(rel), issueRecords(this.ctx, rel, this.findings.byFile.get(rel) ?? [], issuesUnit(rel)));
    out.set(AGG_UNIT, [...this.tally.states()].map(aggregateRecord));
    return out;
  }

  /** What tells which units a change touches (after build or prepare): see index-delta.ts. */
  changeState() {
    this.makeDeps();
    return { ctx: this.ctx, units: this.units as ReadonlyMap<string, ReadonlySet<string>>, nodeUnit: this.nodeUnit, pathUnits: this.pathUnits, docUsers: this.docUsers, refUsers: this.refUsers, docBodies: this.docBodies, columnSigs: this.columnSigs, shadowed: this.shadowed };
  }

  // --- internals -------------------------------------------------------------------------

  /**
   * The full lexical index, in place of one made for a call's queries (IndexOptions): every ranked
   * record added again in the order the build added them (the records' order), so document
   * numbers, term numbers and scores are a full build's.
   */
  private fullSearch(): void {
    const s = recordSearch();
    for (const r of this.records.values()) if (!UNRANKED.has(r)) s.add(lexicalDoc(r));
    this.search = s;
  }

  /** The units' dependencies, left out of a one-off build (IndexOptions), made in a build's order. */
  private makeDeps(): void {
    if (!this.depsPending) return;
    this.depsPending = false;
    for (const rel of this.project.files.keys()) this.setDeps(fileUnit(rel));
  }

  private nodeUnits(): Map<string, string> {
    const m = new Map<string, string>();
    this.builtIn = new WeakMap();
    for (const [u, nodes] of this.ctx.nodesByUnit) for (const n of nodes) { m.set(nodeId(n), u); this.builtIn.set(n, u); }
    return m;
  }

  private buildUnit(unit: string): IndexRecord[] {
    const out: IndexRecord[] = [];
    for (const _ of this.recordsOfUnit(unit, out)) { /* all at once */ }
    return out;
  }

  /** A unit's records into `out`, a step per node. */
  private *recordsOfUnit(unit: string, out: IndexRecord[]): Generator<void> {
    if (this.extraUnits.has(unit)) { out.push(...this.extraUnits.get(unit)!); return; }
    const rel = unit.slice('file:'.length);
    const p = this.project;
    const kind = p.files.get(rel);
    if (!kind) return;
    const nodes = this.ctx.nodesByUnit.get(unit) ?? [];
    for (const n of nodes) {
      // the columns are merged once, for the records and for the signature
      const columns = tableColumns(this.ctx, n);
      out.push(...nodeRecords(this.ctx, n, unit, columns));
      this.columnSigs.set(n.name, columnSignature(columns));
      yield;
    }
    if (kind === 'docs_md') for (const d of p.docs.values()) if (d.file === rel) out.push(docRecord(d, unit));
    if (kind === 'skill') for (const s of p.skills) if (s.file === rel) out.push(skillRecord(s, unit));
    if (kind === 'modeler_model') { const lm = p.modelerFiles.find((f) => f.file === rel); if (lm) out.push(...modelerRecords(this.ctx, lm, unit)); }
    const f = fileRecord(p, rel, kind, unit, out);
    if (f) out.push(f);
  }

  /** Record which files, doc blocks and tables a unit depends on (replacing what it depended on before). */
  private setDeps(unit: string): void {
    const drop = (m: Map<string, Set<string>>, keys: string[]) => { for (const k of keys) m.get(k)?.delete(unit); };
    const old = this.deps.get(unit);
    if (old) { drop(this.pathUnits, old.paths); drop(this.docUsers, old.docs); drop(this.refUsers, old.refs); }
    const d: UnitDeps = { paths: [], docs: [], refs: [] };
    for (const n of this.ctx.nodesByUnit.get(unit) ?? []) {
      if (n.file) d.paths.push(n.file);
      if (n.sqlPath) d.paths.push(n.sqlPath);
      for (const c of n.columns) {
        const doc = boundDoc(c);
        if (doc) d.docs.push(doc);
        for (const t of c.tests) if (t.name === 'relationships' && typeof t.args.to === 'string') { const m = /['"]([^'"]+)['"]\s*\)?\s*$/.exec(t.args.to); if (m) d.refs.push(m[1]); }
      }
      for (const r of n.refs) d.refs.push(r.name);
      d.refs.push(...n.sourceRefs);
    }
    const lm = this.project.modelerFiles.find((f) => fileUnit(f.file) === unit);
    for (const e of lm?.model?.entities ?? []) d.refs.push(e.name, ...(e.sources ?? []));
    const add = (m: Map<string, Set<string>>, keys: string[]) => {
      for (const k of keys) { let s = m.get(k); if (!s) m.set(k, (s = new Set())); s.add(unit); }
    };
    add(this.pathUnits, d.paths); add(this.docUsers, d.docs); add(this.refUsers, d.refs);
    this.deps.set(unit, d);
  }

  /** Replace a unit's contribution to the aggregates; returns the ids of aggregates it changed (when `touched`). */
  private contribute(unit: string, touched = true): Set<string> | undefined {
    const rel = unit.slice('file:'.length);
    const lm = this.project.files.get(rel) === 'modeler_model' ? this.project.modelerFiles.find((f) => f.file === rel) : undefined;
    return this.tally.replace(unit, aggregateEntries(this.ctx, this.ctx.nodesByUnit.get(unit) ?? [], lm), touched);
  }

  private replaceUnit(unit: string, recs: IndexRecord[]): void {
    this.replaceUnits(new Map([[unit, recs]]));
  }

  /** Replace several units at once: first what they no longer hold goes (so a record can move between them), then the new records. */
  private replaceUnits(batch: Map<string, IndexRecord[]>): void {
    for (const [unit, recs] of batch) {
      const keep = new Set(recs.map((r) => r.id));
      const old = this.units.get(unit);
      for (const id of old ?? []) if (!keep.has(id)) { this.drop(id); old!.delete(id); }
    }
    for (const [unit, recs] of batch) {
      const old = this.units.get(unit) ?? new Set<string>();
      const next = new Set<string>();
      for (const r of recs) if (this.put(r, old, next)) next.add(r.id);
      if (next.size) this.units.set(unit, next); else this.units.delete(unit);
    }
  }

  /** Replace (or with `rec` undefined, remove) one record of a unit. */
  private replaceOne(unit: string, id: string, rec: IndexRecord | undefined): void {
    let ids = this.units.get(unit);
    if (!ids) this.units.set(unit, (ids = new Set()));
    if (!rec) { if (ids.delete(id)) this.drop(id); return; }
    if (this.put(rec, ids, new Set())) ids.add(id);
  }

  /** Put a record in place of its previous version (when `own` held it); false when another unit holds the id. */
  private put(r: IndexRecord, own: Set<string>, taken: Set<string>): boolean {
    const prev = this.records.get(r.id);
    if (taken.has(r.id) || (prev && !own.has(r.id))) return false; // the same id from two units: the first one stands
    this.records.set(r.id, r);
    if (!prev || !sameLinks(prev, r)) { if (prev) this.graph.unlink(prev); this.graph.link(r); }
    if (UNRANKED.has(r)) return true;
    if (!prev) this.search.add(lexicalDoc(r));
    else if (!sameSearchText(prev, r)) { this.unindex(prev); this.search.add(lexicalDoc(r)); }
    return true;
  }

  private drop(id: string): void {
    const r = this.records.get(id);
    if (!r) return;
    this.graph.unlink(r);
    this.records.delete(id);
    if (this.search.has(id)) this.unindex(r);
  }

  /** Take a record out of the lexical index exactly: its fields are rebuilt from the record. */
  private unindex(r: IndexRecord): void {
    if (this.search.partial) this.fullSearch();
    this.search.remove(lexicalDoc(r));
  }

  private finish(t0: number): void {
    this.built = { buildMs: Math.round(performance.now() - t0), builtAt: new Date().toISOString() };
  }
}

const issuesUnit = (rel: string) => `issues:${rel}`;
const nodeId = (n: DbtNode) => `${n.resourceType}:${n.name}`;

/** Per file, its reader diagnostics that make issue records (issueRecords), as one string. */
function diagnosticSigs(p: Project): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of p.diagnostics) if (d.file && d.severity !== 'info') out.set(d.file, `${out.get(d.file) ?? ''}${d.code}|${d.severity}|${d.line ?? 1}|${d.message}|${d.hint ?? ''}\n`);
  return out;
}

export { recordId };

/** A table's column names as every source knows them (YAML, SQL, catalog): its tableColumns. */
function columnSignature(columns: readonly NodeColumn[]): string {
  return columns.map((c) => `${c.name}:${c.origins.join('+')}:${c.data_type ?? ''}`).join(',');
}
