// Where the glossary's columns live in the catalog's world: platform, environment, service,
// connection, database and schema. Flags win over the model header's `catalog:` map, which wins
// over the documented defaults below.
import { UserError } from '../core/diagnostics.js';
import type { Model } from '../core/model/types.js';
import { dialectTraits } from '../sql/dialects/index.js';

export interface CatalogSettings {
  /** Platform / connector name, lower case (DataHub dataPlatform, Atlan connector type). */
  platform: string;
  /** DataHub fabric (environment), upper case. */
  env: string;
  /** OpenMetadata database service name. */
  service: string;
  /** Atlan connection qualifiedName `default/<connector>/<epoch>`; undefined when not configured. */
  connection?: string;
  /** Default database and schema for entities that do not declare their own. */
  database: string;
  schema: string;
}

export type CatalogFlags = Partial<Record<'platform' | 'env' | 'service' | 'connection' | 'database' | 'schema', string>>;

export const SETTING_KEYS = ['platform', 'env', 'service', 'connection', 'database', 'schema'] as const;

/** Each platform's default schema when neither the entity nor the settings name one. */
const DEFAULT_SCHEMA: Record<string, string> = { duckdb: 'main', sqlite: 'main', snowflake: 'PUBLIC', mssql: 'dbo' };

/**
 * A bad setting. From a flag it is a usage error (64); from the model header it is an error in
 * the file (exit 1), located by `key` (model.catalog.<key>).
 */
export class CatalogSettingError extends UserError {
  constructor(message: string, public key: (typeof SETTING_KEYS)[number], public fromFlag: boolean) {
    super(message, fromFlag ? 64 : 1, 'CATALOG_SETTING');
  }
}

export function resolveCatalogSettings(model: Model, flags: CatalogFlags = {}): CatalogSettings {
  const fromModel = model.model.catalog ?? {};
  const pick = (k: (typeof SETTING_KEYS)[number]): string | undefined => {
    const v = flags[k] ?? fromModel[k];
    return v === undefined || v === '' ? undefined : String(v);
  };
  const fail = (k: (typeof SETTING_KEYS)[number], message: string): never => {
    throw new CatalogSettingError(message, k, flags[k] !== undefined && flags[k] !== '');
  };
  const dialect = model.model.dialect?.toLowerCase();
  const platform = (pick('platform') ?? (dialect ? dialectTraits(dialect)?.catalogPlatform ?? dialect : 'duckdb')).toLowerCase();
  if (!/^[a-z][a-z0-9_-]*$/.test(platform)) {
    fail('platform', `catalog platform '${platform}' must be a lower-case identifier such as postgres, snowflake or duckdb`);
  }
  const env = (pick('env') ?? 'PROD').toUpperCase();
  if (!/^[A-Z][A-Z0-9_]*$/.test(env)) fail('env', `catalog env '${env}' must be a word such as PROD, DEV or QA`);
  const service = pick('service') ?? platform;
  const database = pick('database') ?? model.model.name;
  const schema = pick('schema') ?? DEFAULT_SCHEMA[platform] ?? 'public';
  let connection = pick('connection');
  if (connection !== undefined) {
    if (/^[0-9]{10}$/.test(connection)) connection = `default/${platform}/${connection}`;
    if (!/^default\/[a-z0-9][a-z0-9-]*\/[0-9]{10}$/.test(connection)) {
      fail('connection', `catalog connection '${connection}' must be an Atlan connection qualifiedName 'default/<connector>/<10-digit epoch>' or just the epoch`);
    }
  }
  return { platform, env, service, connection, database, schema };
}
