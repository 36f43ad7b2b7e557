// A snapshot's table has the columns of its select and the ones dbt adds to every snapshot:
// dbt_scd_id, dbt_updated_at, dbt_valid_from, dbt_valid_to (and dbt_is_deleted with
// `hard_deletes: new_record`), under the names `snapshot_meta_column_names` gives them. Without
// them a model reading `dbt_valid_to` from a snapshot reads a column lineage does not know.
// Their values, as dbt's snapshot strategies make them:
// - timestamp strategy: dbt_updated_at and dbt_valid_from are the row's `updated_at` column,
//   dbt_valid_to the next version's (or null): from `updated_at`; dbt_scd_id hashes the unique
//   key and `updated_at`;
// - check strategy: dbt_updated_at and dbt_valid_from are the time of the snapshot run (no
//   column feeds them), dbt_scd_id hashes the unique key and that time.
import type { DbtNode } from '../project/types.js';
import type { BaseColumn, OutputColumn } from '../sql-columns/scope.js';
import type { SqlReading } from './project-columns.js';

const META = ['dbt_scd_id', 'dbt_updated_at', 'dbt_valid_from', 'dbt_valid_to'] as const;

/** The names dbt gives its snapshot columns (config `snapshot_meta_column_names` renames them). */
export function snapshotMetaColumns(n: DbtNode): { meta: string; name: string }[] {
  const renamed = (n.config?.snapshot_meta_column_names ?? {}) as Record<string, unknown>;
  const name = (m: string) => (typeof renamed[m] === 'string' && renamed[m] ? renamed[m] as string : m);
  const metas: string[] = [...META, ...(n.config?.hard_deletes === 'new_record' ? ['dbt_is_deleted'] : [])];
  return metas.map((m) => ({ meta: m, name: name(m) }));
}

const list = (v: unknown): string[] => (typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** A snapshot's reading with dbt's columns after its select's (the same reading for anything else, or when nothing is added). */
export function withSnapshotColumns(n: DbtNode, r: SqlReading): SqlReading {
  if (n.resourceType !== 'snapshot' || r.status === 'unknown') return r;
  const have = new Set(r.columns.map((c) => c.name.toLowerCase()));
  const meta = snapshotMetaColumns(n).filter((m) => !have.has(m.name.toLowerCase()));
  if (!meta.length) return r;
  const col = (name: string) => r.columns.find((c) => c.name.toLowerCase() === name.toLowerCase());
  const timestamp = n.config?.strategy !== 'check';
  const updated = timestamp && typeof n.config?.updated_at === 'string' ? col(n.config.updated_at) : undefined;
  const keys = list(n.config?.unique_key).map(col).filter((c): c is OutputColumn => !!c);
  // the same value as the updated_at column: its sources, passed on (a passthrough of it is a rename under dbt's name)
  const sameAs = (c: OutputColumn | undefined): BaseColumn[] => (c?.sources ?? []).map((s) => ({ ...s, kind: s.kind === 'passthrough' ? 'rename' : s.kind }));
  const madeFrom = (cs: (OutputColumn | undefined)[]): BaseColumn[] => cs.flatMap((c) => c?.sources ?? []).filter((s) => s.kind !== 'literal').map((s) => ({ ...s, kind: 'transform' }));
  const added: OutputColumn[] = meta.map(({ meta: m, name }) => {
    if (m === 'dbt_updated_at' || m === 'dbt_valid_from') {
      return updated ? { name, kind: updated.kind === 'passthrough' ? 'rename' : updated.kind, sources: sameAs(updated), ...(updated.type ? { type: updated.type } : {}) } : { name, kind: 'literal', sources: [] };
    }
    if (m === 'dbt_valid_to') return updated ? { name, kind: 'transform', sources: madeFrom([updated]) } : { name, kind: 'literal', sources: [] };
    if (m === 'dbt_scd_id') return { name, kind: 'transform', sources: madeFrom([...keys, updated]) };
    // dbt_is_deleted: whether the row is gone from the select, decided by dbt at run time
    return { name, kind: 'literal', sources: [] };
  });
  return { ...r, columns: [...r.columns, ...added] };
}
