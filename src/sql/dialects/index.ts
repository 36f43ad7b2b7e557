// The dialect registry: canonical names, aliases, and the one lookup every command uses.
import { UserError } from '../../core/diagnostics.js';
import { didYouMeanSuffix } from '../../core/suggest.js';
import type { Dialect } from './base.js';
import { BigQueryDialect } from './bigquery.js';
import { DatabricksDialect } from './databricks.js';
import { DuckDbDialect } from './duckdb.js';
import { MySqlDialect } from './mysql.js';
import { PostgresDialect } from './postgres.js';
import { SnowflakeDialect } from './snowflake.js';
import { SqlServerDialect } from './sqlserver.js';

export type { Dialect } from './base.js';

const ALL: Dialect[] = [new PostgresDialect(), new DuckDbDialect(), new MySqlDialect(), new SqlServerDialect(), new SnowflakeDialect(), new BigQueryDialect(), new DatabricksDialect()];

/** Supported dialects by canonical name; `getDialect` also accepts the aliases below. */
export const DIALECTS: readonly string[] = ALL.map((d) => d.name);

/** alias → canonical name (mariadb → mysql, postgresql → postgres, mssql → sqlserver, …) */
export const DIALECT_ALIASES: Readonly<Record<string, string>> = Object.fromEntries(ALL.flatMap((d) => d.aliases.map((a) => [a, d.name])));

export function getDialect(name: string): Dialect {
  const key = String(name ?? '').trim().toLowerCase();
  const d = ALL.find((x) => x.name === key || x.aliases.includes(key));
  if (!d) {
    throw new UserError(`unknown dialect '${name}'${didYouMeanSuffix(key, [...DIALECTS, ...Object.keys(DIALECT_ALIASES)])}; supported: ${DIALECTS.join(', ')} (mysql also as mariadb)`, 64, 'UNKNOWN_DIALECT');
  }
  return d;
}
