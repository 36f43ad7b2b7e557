// The connector registry, and lazy driver loading with a clear "install X" error.
import { UserError } from '../../core/diagnostics.js';
import { didYouMeanSuffix } from '../../core/suggest.js';
import { CONNECTORS, type Connector, type ConnectorName, type DriverLoader } from '../types.js';
import { bigquery } from './bigquery.js';
import { databricks } from './databricks.js';
import { duckdb } from './duckdb.js';
import { mysql } from './mysql.js';
import { postgres } from './postgres.js';
import { snowflake } from './snowflake.js';

const REGISTRY: Record<ConnectorName, Connector> = { duckdb, postgres, mysql, snowflake, bigquery, databricks };
/** Other spellings users type; each maps to a connector and, where it matters, a dialect. */
const ALIASES: Record<string, { connector: ConnectorName; dialect?: string }> = {
  postgresql: { connector: 'postgres' }, pg: { connector: 'postgres' },
  mariadb: { connector: 'mysql', dialect: 'mariadb' },
};

export function getConnector(name: string): { connector: Connector; dialect?: string } {
  const key = name.toLowerCase();
  // own keys only: `constructor` or `__proto__` typed as a connector name is unknown, not Object's
  if (Object.hasOwn(REGISTRY, key)) return { connector: REGISTRY[key as ConnectorName] };
  const alias = Object.hasOwn(ALIASES, key) ? ALIASES[key] : undefined;
  if (alias) return { connector: REGISTRY[alias.connector], dialect: alias.dialect };
  throw new UserError(`unknown connector '${name}'${didYouMeanSuffix(name, [...CONNECTORS, ...Object.keys(ALIASES)])}; use one of ${CONNECTORS.join(', ')}`);
}

/** The real loader: `import()` the package, or say exactly what to install. */
/** The local files an apply request's connection writes (e.g. a DuckDB database file). */
export function connectionFiles(request: { connector?: string } & Record<string, unknown>): string[] {
  let c: Connector;
  try { c = getConnector(request.connector ?? 'duckdb').connector; } catch { return []; }
  return (c.writesFiles ?? []).map((k) => request[k]).filter((v): v is string => typeof v === 'string' && v !== ':memory:');
}

export function driverLoader(connector: string): DriverLoader {
  return async (pkg) => {
    try {
      return await import(pkg);
    } catch (e: any) {
      const missing = e?.code === 'ERR_MODULE_NOT_FOUND' || e?.code === 'MODULE_NOT_FOUND';
      if (missing && String(e?.message ?? '').includes(pkg.split('/').slice(0, pkg.startsWith('@') ? 2 : 1).join('/'))) {
        const root = pkg.startsWith('@') ? pkg.split('/').slice(0, 2).join('/') : pkg.split('/')[0];
        throw new UserError(`the ${connector} connector needs the optional driver '${root}', which is not installed; install it with: npm install ${root}`,
          1, 'DRIVER_MISSING');
      }
      throw e;
    }
  };
}
