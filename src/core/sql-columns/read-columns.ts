// One SELECT's output columns from its text: parse (cached by text when a cache is given), then
// resolve against what the caller knows of the tables it reads.
import { dbtLateralAliases } from '../../sql/dialects/index.js';
import { parseQueryShape, type ParseDialect, type QueryShape } from './query-shape.js';
import { isGap, resolveQuery, type Influence, type OutputColumn, type TableLookup } from './scope.js';
import type { ShapeCache } from './shape-cache.js';

export interface SqlColumns {
  columns: OutputColumn[];
  /** why some output columns cannot be known (each reason once) */
  gaps: string[];
  /** base columns that join conditions and filters read (which rows, not which values) */
  influence?: Influence[];
  /** placeholders that stand as a column's name (`x as __modeler_unrendered_1__`) */
  named?: string[];
  /** the SQL does not parse */
  error?: string;
}

export function readSqlColumns(sql: string, dialect: ParseDialect, lookup: TableLookup, cache?: ShapeCache): SqlColumns {
  if (!cache) return resolved(parseQueryShape(sql, dialect), dialect, lookup);
  try { return resolved(cache.parse(sql, dialect), dialect, lookup); } catch (e) {
    // a shape from a damaged cache file (valid JSON, not a shape) is parsed again
    if (!cache.forget(sql, dialect)) throw e;
    return resolved(cache.parse(sql, dialect), dialect, lookup);
  }
}

function resolved(parsed: { shape?: QueryShape; error?: string }, dialect: ParseDialect, lookup: TableLookup): SqlColumns {
  if (!parsed.shape) return { columns: [], gaps: [], error: parsed.error };
  const { entries, influence } = resolveQuery(parsed.shape, lookup, undefined, undefined, dbtLateralAliases(dialect));
  const named = entries.filter(isGap).flatMap((g) => (g.named ? g.placeholders ?? [] : []));
  return { columns: entries.filter((e): e is OutputColumn => !isGap(e)), gaps: [...new Set(entries.filter(isGap).map((g) => g.gap))], influence, ...(named.length ? { named } : {}) };
}
