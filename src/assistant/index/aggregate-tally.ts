// The running tally behind the aggregate records (domains, owners, tags, data types): each unit's
// entries, and per aggregate how many entries name each member and each kind of member. A
// changed unit takes its old entries out and puts its new ones in, so an aggregate is adjusted,
// never recomputed from every file.
import type { AggEntry, AggState } from './build-aggregates.js';
import { recordId, type RecordKind } from './records.js';

export class AggregateTally {
  private entries = new Map<string, AggEntry[]>();
  private aggs = new Map<string, AggState>();
  /** kind → name → the aggregate's record id: made once, not for each of a 10k project's 80,000 entries */
  private idMemo = new Map<string, Map<string, string>>();

  clear(): void { this.entries.clear(); this.aggs.clear(); this.idMemo.clear(); }

  get(id: string): AggState | undefined { return this.aggs.get(id); }

  /** Drop an aggregate left with no members. */
  delete(id: string): void { this.aggs.delete(id); }

  states(): IterableIterator<AggState> { return this.aggs.values(); }

  /**
   * Replace a unit's entries with `next`; returns the ids of the aggregates it changed (with
   * `touched` false, nothing: a build, which makes every aggregate's record afterwards).
   */
  replace(unit: string, next: AggEntry[], touched = true): Set<string> | undefined {
    const out = touched ? new Set<string>() : undefined;
    for (const e of this.entries.get(unit) ?? []) {
      const id = this.idOf(e);
      const s = this.aggs.get(id);
      if (!s) continue;
      const n = (s.members.get(e.member) ?? 1) - 1;
      if (n > 0) s.members.set(e.member, n); else s.members.delete(e.member);
      s.kinds.set(e.memberKind, (s.kinds.get(e.memberKind) ?? 1) - 1);
      out?.add(id);
    }
    this.entries.set(unit, next);
    for (const e of next) {
      const id = this.idOf(e);
      let s = this.aggs.get(id);
      if (!s) this.aggs.set(id, (s = { kind: e.kind, name: e.name, members: new Map(), kinds: new Map() }));
      s.members.set(e.member, (s.members.get(e.member) ?? 0) + 1);
      s.kinds.set(e.memberKind, (s.kinds.get(e.memberKind) ?? 0) + 1);
      out?.add(id);
    }
    return out;
  }

  private idOf(e: AggEntry): string {
    let byName = this.idMemo.get(e.kind);
    if (!byName) this.idMemo.set(e.kind, (byName = new Map()));
    let id = byName.get(e.name);
    if (id === undefined) byName.set(e.name, (id = recordId(e.kind as RecordKind, e.name)));
    return id;
  }
}
