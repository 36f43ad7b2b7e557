// A kept index brought up to date after a few files changed, without building it again: the
// project is read (≈2 s at 10,000 models), what a build computes besides the files' records is
// computed (the nodes' units, each unit's dependencies, the aggregates, the findings: ≈0.6 s),
// and only the units the change touches are made again — the changed files', those whose nodes
// or doc blocks moved, those that refer to a table that came or went, and downstream of a
// table whose columns changed, as ProjectIndex.update finds them in the server (the state it
// keeps in memory is kept here in the file: `KeptState`). Issues and aggregates are made for
// the whole project and compared unit by unit with what the file holds. What changed is kept
// in a small file beside the index (`.delta`, checked on opening, never trusted when damaged)
// and laid over it; past a size, or when a change reaches everything (dbt_project.yml, target/),
// the index is built again instead.
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { writeFileAtomic } from '../../core/fs-atomic.js';
import type { FileStamp } from '../../core/file-stamps.js';
import type { Project, Skill } from '../../core/project/types.js';
import { AGG_UNIT } from './build-aggregates.js';
import { fileUnit } from './context.js';
import { spreadDownstream } from './downstream-units.js';
import type { CachedIndex, Overlay } from './cached-index.js';
import { GLOBAL_FILE, NAMED, nameKeys, ProjectIndex } from './project-index.js';
import type { IndexRecord } from './records.js';
import { checksum } from './section-file.js';

/** What the next change needs to know of the build the kept index holds. */
export interface KeptState {
  /** node id → the unit it is built in */
  nodeUnit: [string, string][];
  /** a file → the units built from nodes read from it */
  paths: [string, string[]][];
  /** the names of tables (records other units refer to) */
  tables: string[];
  /** doc block → a hash of its text; table → a hash of its columns as the records were built with them */
  docs: [string, string][];
  sigs: [string, string][];
  /** issue units and the aggregates' → a hash of their records */
  derived: [string, string][];
  /** ids a build met twice */
  shadowed: string[];
}

/** A delta holding more records than this (or half the index, and more than 2,000) is folded in by building the index again. */
const MAX_RECORDS = 20_000;
const MAGIC = 'MODELER-DELTA-1';

const hash = (s: string) => createHash('sha1').update(s).digest('base64').slice(0, 16);
const unitHash = (recs: readonly IndexRecord[]) => hash(recs.map((r) => JSON.stringify(r)).join('\n'));
const isDerived = (u: string) => u === AGG_UNIT || u.startsWith('issues:');

/** The state of a build, kept with its index. */
export function keptState(ix: ProjectIndex): KeptState {
  const s = ix.changeState();
  const derived: [string, string][] = [];
  for (const u of s.units.keys()) if (isDerived(u)) derived.push([u, unitHash([...s.units.get(u)!].map((id) => ix.records.get(id)!))]);
  return {
    nodeUnit: [...s.nodeUnit], paths: [...s.pathUnits].map(([p, us]) => [p, [...us]]), tables: [...s.ctx.tableIds.keys()],
    docs: [...s.docBodies].map(([k, b]) => [k, hash(b)]), sigs: [...s.columnSigs].map(([k, v]) => [k, hash(v)]), derived, shadowed: [...s.shadowed],
  };
}

/** The delta file: what is laid over the index, the stamps and state it leaves, and which index it belongs to. */
export interface Delta { base: string; files: FileStamp[]; skills: Skill[]; state: KeptState; overlay: Overlay; projectToken?: string }
/** As read: the state (most of the file, ~3 MB at 10,000 models) parsed only by a call that makes a new delta. */
export type ReadDelta = Omit<Delta, 'state'> & { state: () => KeptState };

export const deltaFile = (indexFile: string) => `${indexFile}.delta`;

/**
 * The delta beside an index, when there is one that belongs to it and is whole; else undefined
 * (never trusted half). The file: a magic line, a checksum of the rest, the length of the first
 * JSON, then it (what the index needs) and the state's JSON.
 */
export function readDelta(indexFile: string, base: string): ReadDelta | undefined {
  let bytes: Buffer;
  try { bytes = readFileSync(deltaFile(indexFile)); } catch { return undefined; }
  try {
    const text = bytes.toString('latin1', 0, Math.min(bytes.length, 64));
    const lines = text.split('\n');
    if (lines[0] !== MAGIC || lines.length < 4) return undefined;
    const at = lines[0].length + lines[1].length + lines[2].length + 3;
    if (Number(lines[1]) !== checksum(bytes.subarray(at))) return undefined;
    const split = at + Number(lines[2]);
    const d = JSON.parse(bytes.toString('utf8', at, split));
    if (d.base !== base || !Array.isArray(d.files) || !Array.isArray(d.skills) || !d.overlay) return undefined;
    const o = d.overlay;
    return {
      base, files: d.files, skills: d.skills, projectToken: typeof d.projectToken === 'string' ? d.projectToken : undefined, state: () => JSON.parse(bytes.toString('utf8', split)) as KeptState,
      overlay: { records: new Map(o.records), names: new Map(o.names), reverse: new Map(o.reverse), units: new Map(o.units) },
    };
  } catch { return undefined; }
}

export function writeDelta(indexFile: string, d: Delta): void {
  const o = d.overlay;
  const main = Buffer.from(JSON.stringify({ base: d.base, files: d.files, skills: d.skills, projectToken: d.projectToken, overlay: { records: [...o.records], names: [...o.names], reverse: [...o.reverse], units: [...o.units] } }), 'utf8');
  const state = Buffer.from(JSON.stringify(d.state), 'utf8');
  writeFileAtomic(deltaFile(indexFile), [Buffer.from(`${MAGIC}\n${checksum([main, state])}\n${main.length}\n`, 'utf8'), main, state]);
}

export function removeDelta(indexFile: string): void { rmSync(deltaFile(indexFile), { force: true }); }

/**
 * The overlay and state after `changed` files changed, for `view` (the kept index with its
 * overlay so far) over `state`; undefined when the index is to be built again instead (a change
 * that reaches every record, an id two units make, a delta grown too big).
 */
export function deltaAfter(view: CachedIndex, state: KeptState, project: Project, changed: readonly string[]): { overlay: Overlay; state: KeptState } | undefined {
  if (changed.some((rel) => GLOBAL_FILE(rel, project))) return undefined;
  const ix = new ProjectIndex(project).prepare(project);
  const now = ix.changeState();
  // the units the change touches: as ProjectIndex.update finds them, against the kept state
  const affected = new Set<string>();
  const oldPaths = new Map(state.paths);
  for (const rel of changed) {
    affected.add(fileUnit(rel));
    for (const u of oldPaths.get(rel) ?? []) affected.add(u);
    for (const u of now.pathUnits.get(rel) ?? []) affected.add(u);
  }
  const oldUnit = new Map(state.nodeUnit);
  for (const [id, u] of now.nodeUnit) { const was = oldUnit.get(id); if (was !== u) { affected.add(u); if (was) affected.add(was); } oldUnit.delete(id); }
  for (const u of oldUnit.values()) affected.add(u);
  const oldDocs = new Map(state.docs);
  for (const name of new Set([...oldDocs.keys(), ...now.docBodies.keys()])) {
    const b = now.docBodies.get(name);
    if ((b === undefined ? undefined : hash(b)) !== oldDocs.get(name)) for (const u of now.docUsers.get(name) ?? []) affected.add(u);
  }
  const oldTables = new Set(state.tables);
  for (const t of new Set([...oldTables, ...now.ctx.tableIds.keys()])) {
    if (oldTables.has(t) !== now.ctx.tableIds.has(t)) for (const u of now.refUsers.get(t) ?? []) affected.add(u);
  }
  const rebuilt = new Map<string, IndexRecord[]>();
  for (const u of affected) rebuilt.set(u, ix.freshUnit(u));
  // the kept signatures are hashes; a table's new one is noted as it is met
  const sigs = new Map(state.sigs);
  spreadDownstream(affected, {
    nodesOf: (u) => now.ctx.nodesByUnit.get(u), readersOf: (t) => now.refUsers.get(t),
    columnsMoved: (t) => {
      const sig = now.columnSigs.get(t);
      if (sig === undefined || hash(sig) === sigs.get(t)) return false;
      sigs.set(t, hash(sig));
      return true;
    },
    isRebuilt: (v) => rebuilt.has(v), rebuild: (v) => rebuilt.set(v, ix.freshUnit(v)),
  });
  // the issues and the aggregates: made for the whole project, compared unit by unit
  const derived = new Map(state.derived);
  const nextDerived: [string, string][] = [];
  for (const [u, recs] of ix.freshDerived()) {
    const h = unitHash(recs);
    nextDerived.push([u, h]);
    if (derived.get(u) !== h) rebuilt.set(u, recs);
    derived.delete(u);
  }
  for (const u of derived.keys()) rebuilt.set(u, []);
  // the units in the order a build makes them: the files, the issues, the aggregates
  const order = new Map<string, number>();
  for (const rel of project.files.keys()) order.set(fileUnit(rel), order.size);
  for (const u of nextDerived) order.set(u[0], order.size);
  const overlay = applyUnits(view, rebuilt, new Set(state.shadowed), order);
  if (!overlay || overlay.records.size > Math.max(2000, Math.min(MAX_RECORDS, view.records.size / 2))) return undefined;
  const tables = new Set([...now.ctx.nodesByUnit.values()].flatMap((ns) => ns.map((n) => n.name)));
  return {
    overlay,
    state: {
      nodeUnit: [...now.nodeUnit], paths: [...now.pathUnits].map(([p, us]) => [p, [...us]]), tables: [...now.ctx.tableIds.keys()],
      docs: [...now.docBodies].map(([k, b]) => [k, hash(b)]), sigs: [...sigs].filter(([k]) => tables.has(k)), derived: nextDerived, shadowed: state.shadowed,
    },
  };
}

/** The view's overlay with these units' records in place of theirs; undefined when an id is made by two units (a build decides which stands). */
function applyUnits(view: CachedIndex, units: Map<string, IndexRecord[]>, shadowed: ReadonlySet<string>, order: ReadonlyMap<string, number>): Overlay | undefined {
  const o = view.overlay;
  const records = new Map(o.records), names = new Map(o.names), reverse = new Map(o.reverse), unitIds = new Map(o.units);
  const changed = new Map<string, { was?: IndexRecord; now?: IndexRecord }>();
  const made = new Set<string>();
  for (const [u, recs] of units) {
    const ids: string[] = [];
    const own = new Set<string>();
    for (const r of recs) {
      // the same id twice in one unit: the first stands, as in a build; in two units, a build's order decides
      if (own.has(r.id)) continue;
      if (made.has(r.id)) return undefined;
      made.add(r.id); own.add(r.id);
      ids.push(r.id);
      const c = changed.get(r.id) ?? {};
      c.now = r;
      changed.set(r.id, c);
    }
    for (const id of view.unitIds(u)) {
      const c = changed.get(id) ?? {};
      c.was = view.get(id);
      changed.set(id, c);
    }
    unitIds.set(u, ids);
  }
  for (const [id, c] of changed) {
    // an id another unit holds, or one a build met twice going: only a build tells which stands
    if (c.now && !c.was && view.get(id)) return undefined;
    if (!c.now && shadowed.has(id)) return undefined;
    records.set(id, c.now ?? null);
  }
  // every name and link target the changed records had or have: its list as a build leaves it
  const keys = new Set<string>(), targets = new Set<string>();
  for (const c of changed.values()) for (const r of [c.was, c.now]) {
    if (!r) continue;
    if (NAMED.has(r.kind)) for (const k of nameKeys(r)) keys.add(k);
    for (const l of r.links) targets.add(l);
  }
  // each list in the order a build makes it: by unit, then by place in the unit
  const places = new Map<string, Map<string, number>>();
  const unitOf = (id: string) => (changed.get(id)?.now?.unit ?? view.unitOf(id))!;
  const place = (id: string) => {
    const u = unitOf(id);
    let m = places.get(u);
    if (!m) places.set(u, (m = new Map((unitIds.get(u) ?? view.unitIds(u)).map((x, i) => [x, i]))));
    return (order.get(u) ?? Number.MAX_SAFE_INTEGER) * 1e6 + (m.get(id) ?? 0);
  };
  const inOrder = (ids: string[]) => { const at = new Map(ids.map((id) => [id, place(id)])); return ids.sort((a, b) => at.get(a)! - at.get(b)!); };
  const named = (r: IndexRecord | undefined, k: string) => !!r && NAMED.has(r.kind) && nameKeys(r).includes(k);
  for (const k of keys) {
    const list = view.lookupIds(k).filter((id) => !changed.has(id) || named(changed.get(id)!.now, k));
    for (const [id, c] of changed) if (named(c.now, k) && !list.includes(id)) list.push(id);
    names.set(k, inOrder(list));
  }
  const linksTo = (r: IndexRecord | undefined, t: string) => (r ? r.links.filter((l) => l === t).length : 0);
  for (const t of targets) {
    const same = (id: string) => { const c = changed.get(id); return !c || linksTo(c.was, t) === linksTo(c.now, t); };
    const list = view.incoming(t).filter(same);
    for (const [id, c] of changed) if (!same(id)) for (let n = linksTo(c.now, t); n > 0; n--) list.push(id);
    reverse.set(t, inOrder(list));
  }
  return { records, names, reverse, units: unitIds };
}
