// The dialect registry: canonical names, aliases, and the lookups everything else uses. A new
// dialect is its own file plus one entry in ALL.
import { UserError } from '../../core/diagnostics.js';
import { didYouMeanSuffix } from '../../core/suggest.js';
import type { Dialect, DialectTraits } from './base.js';
import { BigQueryDialect } from './bigquery.js';
import { DatabricksDialect } from './databricks.js';
import { DuckDbDialect } from './duckdb.js';
import { MySqlDialect } from './mysql.js';
import { PostgresDialect } from './postgres.js';
import { SnowflakeDialect } from './snowflake.js';
import { SqlServerDialect } from './sqlserver.js';
import { opt } from '../../core/option-names.js';

export type { Dialect, DialectTraits } from './base.js';

const ALL: Dialect[] = [new PostgresDialect(), new DuckDbDialect(), new MySqlDialect(), new SqlServerDialect(), new SnowflakeDialect(), new BigQueryDialect(), new DatabricksDialect()];

/** Supported dialects by canonical name; `getDialect` also accepts the aliases below. */
export const DIALECTS: readonly string[] = ALL.map((d) => d.name);

/** alias → canonical name (mariadb → mysql, postgresql → postgres, mssql → sqlserver, …) */
export const DIALECT_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(ALL.flatMap((d) => d.aliases.map((a) => [a, d.name])));

/** The dialect assumed where none is named (text scanning, `import sql` without a detected one). */
export const DEFAULT_DIALECT = 'postgres';

function find(name: string | undefined): Dialect | undefined {
  const key = String(name ?? '').trim().toLowerCase();
  return ALL.find((x) => x.name === key || x.aliases.includes(key));
}

/** What the rest of the tool knows about a dialect or alias (an alias may change some of it); undefined for names we do not know. */
export function dialectTraits(name: string | undefined): DialectTraits | undefined {
  const d = find(name);
  if (!d) return undefined;
  const alias = d.aliasTraits[String(name).trim().toLowerCase()];
  return alias ? { ...d.traits, ...alias } : d.traits;
}

/** The dialect whose models a dbt adapter (a profile's `type:`) writes, when we know it. */
function forDbtAdapter(adapter: string | undefined): Dialect | undefined {
  const key = String(adapter ?? '').trim().toLowerCase();
  return ALL.find((d) => d.traits.dbtAdapters?.[key] !== undefined);
}

/** The sqlparser-rs dialect that reads a dbt adapter's model SQL; DuckDB's where the adapter is unknown or not given. */
export function dbtParserDialect(adapter: string | undefined): string {
  const key = String(adapter ?? '').trim().toLowerCase();
  return forDbtAdapter(key)?.traits.dbtAdapters?.[key] ?? DEFAULT_DBT_PARSER;
}
const DEFAULT_DBT_PARSER = 'duckdb';

/** sqlparser-rs dialects tried, in order, on SQL the default one cannot parse when a dbt project names no adapter. */
export function dbtUnknownAdapterParsers(): string[] {
  return ALL.map((d) => d.traits.dbtUnknownAdapterParse).filter((x): x is { dialect: string; order: number } => !!x).sort((a, b) => a.order - b.order).map((x) => x.dialect);
}

/** How the token reader reads a sqlparser-rs dialect's SQL (columns from SQL); none: only the parser reads it. */
export function dbtTokenRead(parserDialect: string): { qualifyExclude: boolean } | undefined {
  for (const d of ALL) { const t = d.traits.dbtTokenRead?.[parserDialect]; if (t) return t; }
  return undefined;
}
/** Functions whose argument at these positions is a bare date part in a sqlparser-rs dialect's SQL (none: {}). */
export function dbtDatePartArgs(parserDialect: string): Readonly<Record<string, readonly number[]>> {
  for (const d of ALL) { const t = d.traits.dbtDatePartArgs?.[parserDialect]; if (t) return t; }
  return {};
}
/** The SQL of dbt's own macro `name` on a dbt adapter, where it differs from the default (else undefined). */
export function dbtMacroSql(adapter: string | undefined, name: string): string | undefined {
  const key = String(adapter ?? '').trim().toLowerCase();
  for (const d of ALL) { const t = d.traits.dbtMacroSql?.[key]; if (t && Object.prototype.hasOwnProperty.call(t, name)) return t[name]; }
  return undefined;
}
/** A type family (`string`, `timestamp`, …) as a dbt adapter's dialect spells it (DuckDB's where the adapter is unknown). */
export function dbtTypeName(adapter: string | undefined, family: string): string {
  return (forDbtAdapter(adapter) ?? find('duckdb')!).renderType(family);
}
/** Table functions whose columns come from one argument, in a sqlparser-rs dialect's SQL (none: {}). */
export function dbtTableFunctions(parserDialect: string): NonNullable<DialectTraits['dbtTableFunctions']>[string] {
  for (const d of ALL) { const t = d.traits.dbtTableFunctions?.[parserDialect]; if (t) return t; }
  return {};
}
/** Set-returning functions giving one column named by the alias, in a sqlparser-rs dialect's SQL. */
export function dbtScalarSetFunctions(parserDialect: string): readonly string[] {
  for (const d of ALL) { const t = d.traits.dbtScalarSetFunctions?.[parserDialect]; if (t) return t; }
  return [];
}
/** Whether a select item may read an earlier item's alias in a sqlparser-rs dialect's SQL. */
/** Whether PIVOT names a string value's column with its quotes in a sqlparser-rs dialect's SQL. */
export function dbtPivotQuotedNames(parserDialect: string): boolean {
  return ALL.some((d) => d.traits.dbtPivotQuotedNames?.includes(parserDialect));
}
/** Whether a sqlparser-rs dialect's SQL may hold SQL/JSON `IS JSON` tests the parser does not read. */
export function dbtIsJsonPredicate(parserDialect: string): boolean {
  return ALL.some((d) => d.traits.dbtIsJsonPredicate?.includes(parserDialect));
}
/** Whether an unaliased cast of a bare column (`x::int`) is named by that column in a sqlparser-rs dialect's SQL. */
export function dbtCastNamedByColumn(parserDialect: string): boolean {
  return ALL.some((d) => d.traits.dbtCastNamedByColumn?.includes(parserDialect));
}
export function dbtLateralAliases(parserDialect: string): boolean {
  return ALL.some((d) => d.traits.dbtLateralAliases?.includes(parserDialect));
}
/** The sqlparser-rs dialects the token reader reads. */
export function dbtTokenReadDialects(): string[] {
  return ALL.flatMap((d) => Object.keys(d.traits.dbtTokenRead ?? {}));
}

/** What a dbt profile of this adapter leaves for the adapter to fill in (none known: {}). */
export function dbtProfileDefaults(adapter: string | undefined): NonNullable<DialectTraits['dbtProfileDefaults']> {
  return forDbtAdapter(adapter)?.traits.dbtProfileDefaults ?? {};
}

/** dbt's adapter inheritance for dispatched macros: the adapters an adapter falls back to, nearest first. */
export function dbtAdapterParents(adapter: string | undefined): readonly string[] {
  const key = String(adapter ?? '').trim().toLowerCase();
  return forDbtAdapter(key)?.traits.dbtAdapterParents?.[key] ?? [];
}

/** The character dbt's `adapter.quote()` uses for a dbt adapter. */
export function dbtQuoteChar(adapter: string | undefined): string {
  return forDbtAdapter(adapter)?.traits.dbtQuote ?? '"';
}

/** Dialects with detection signals, in the order `import sql` tries them. */
export function detectableDialects(): { name: string; detect: NonNullable<DialectTraits['detect']> }[] {
  return ALL.filter((d) => d.traits.detect).map((d) => ({ name: d.name, detect: d.traits.detect! })).sort((a, b) => a.detect.order - b.detect.order);
}

export function getDialect(name: string): Dialect {
  const key = String(name ?? '').trim().toLowerCase();
  const d = find(name);
  if (!d) {
    throw new UserError(`unknown dialect '${name}'${didYouMeanSuffix(key, [...DIALECTS, ...Object.keys(DIALECT_ALIASES)])}; supported: ${DIALECTS.join(', ')} (mysql also as mariadb)`, 64, 'UNKNOWN_DIALECT');
  }
  return d;
}

/**
 * The dialect to generate for: the one asked for, else the one the model records (`import sql`
 * writes it), else an error saying which of the two to fix. Returns the canonical name.
 */
export function resolveDialect(asked: string | undefined, modelDialect: string | undefined): string {
  const d = asked ?? modelDialect;
  if (!d) throw new UserError(`missing ${opt('dialect')} (the model names none); one of ${DIALECTS.join(', ')}`);
  // say where an unsupported name came from: a model may record a dialect we do not generate
  if (!asked && !DIALECTS.includes(d.toLowerCase())) {
    try { getDialect(d); } catch { throw new UserError(`the model's dialect '${d}' (model.dialect) is not one we generate; pass ${opt('dialect')}: ${DIALECTS.join(', ')}`); }
  }
  return getDialect(d).name;
}
