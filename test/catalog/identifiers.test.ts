// Each catalog's identifier grammar, pinned with hand-written expectations.
import { describe, expect, it } from 'vitest';
import { atlanQualifiedName, connectionQualifiedName } from '../../src/catalog/target-a.js';
import { datasetUrn, encodeUrnPart, schemaFieldUrn } from '../../src/catalog/target-b.js';
import { buildFqn, quoteFqnPart } from '../../src/catalog/target-c.js';
import { resolveCatalogSettings } from '../../src/catalog/settings.js';
import { loadModelText } from '../../src/core/model/load.js';

describe('target_b (DataHub) URNs', () => {
  it('schema-field URN nests the dataset URN', () => {
    const ds = datasetUrn('postgres', ['analytics', 'marts', 'dim_customers'], 'PROD');
    expect(ds).toBe('urn:li:dataset:(urn:li:dataPlatform:postgres,analytics.marts.dim_customers,PROD)');
    expect(schemaFieldUrn(ds, 'customer_id'))
      .toBe('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:postgres,analytics.marts.dim_customers,PROD),customer_id)');
  });
  it('percent-encodes the reserved characters , ( ) and ␟, and nothing else', () => {
    expect(encodeUrnPart('a,b')).toBe('a%2Cb');
    expect(encodeUrnPart('f(x)')).toBe('f%28x%29');
    expect(encodeUrnPart('x\u241Fy')).toBe('x%E2%90%9Fy');
    expect(encodeUrnPart('plain name.with-dots_and space:/@%')).toBe('plain name.with-dots_and space:/@%');
    expect(schemaFieldUrn(datasetUrn('snowflake', ['db', 'sc', 't(1)'], 'DEV'), 'total,net'))
      .toBe('urn:li:schemaField:(urn:li:dataset:(urn:li:dataPlatform:snowflake,db.sc.t%281%29,DEV),total%2Cnet)');
  });
});

describe('target_c (OpenMetadata) FQNs', () => {
  it('joins with dots and double-quotes only names that contain a dot', () => {
    expect(quoteFqnPart('orders')).toBe('orders');
    expect(quoteFqnPart('sales.eu')).toBe('"sales.eu"');
    expect(buildFqn(['svc', 'db', 'sales.eu', 'orders'])).toBe('svc.db."sales.eu".orders');
    expect(buildFqn(['my service', 'db', 'public', 'v1.2 orders'])).toBe('my service.db.public."v1.2 orders"');
  });
});

describe('target_a (Atlan) qualifiedNames', () => {
  it('column qualifiedName hangs under the connection', () => {
    expect(atlanQualifiedName('default/snowflake/1657025257', ['DB', 'SCH', 'ORDERS', 'AMOUNT']))
      .toBe('default/snowflake/1657025257/DB/SCH/ORDERS/AMOUNT');
  });
  it('a bare epoch becomes default/<platform>/<epoch>; a missing one is an obvious placeholder', () => {
    const m = (catalog: string) => loadModelText(`model: {name: g, version: 1.0.0, dialect: snowflake, catalog: ${catalog}}\n`, 'g.yaml').model!;
    expect(resolveCatalogSettings(m('{connection: "1657025257"}')).connection).toBe('default/snowflake/1657025257');
    expect(resolveCatalogSettings(m('{connection: "default/postgres/1700000000"}')).connection).toBe('default/postgres/1700000000');
    expect(connectionQualifiedName(resolveCatalogSettings(m('{}')))).toBe('default/snowflake/0000000000');
    expect(() => resolveCatalogSettings(m('{connection: "my-conn"}'))).toThrow(/default\/<connector>\/<10-digit epoch>/);
  });
});

describe('settings precedence and defaults', () => {
  const model = (header: string) => loadModelText(`model: {name: shop, version: 1.0.0${header}}\n`, 'g.yaml').model!;
  it('defaults: duckdb, PROD, service = platform, database = model name, schema main', () => {
    expect(resolveCatalogSettings(model(''))).toEqual({ platform: 'duckdb', env: 'PROD', service: 'duckdb', connection: undefined, database: 'shop', schema: 'main' });
  });
  it('the dialect picks the platform and its default schema', () => {
    expect(resolveCatalogSettings(model(', dialect: postgresql'))).toMatchObject({ platform: 'postgres', schema: 'public' });
    expect(resolveCatalogSettings(model(', dialect: snowflake'))).toMatchObject({ platform: 'snowflake', schema: 'PUBLIC' });
  });
  it('catalog: map beats defaults, flags beat the map', () => {
    const m = model(', catalog: {platform: mysql, env: dev, service: mysql_prod, database: shopdb, schema: s1}');
    expect(resolveCatalogSettings(m)).toMatchObject({ platform: 'mysql', env: 'DEV', service: 'mysql_prod', database: 'shopdb', schema: 's1' });
    expect(resolveCatalogSettings(m, { env: 'qa', schema: 's2' })).toMatchObject({ platform: 'mysql', env: 'QA', schema: 's2' });
  });
  it('rejects values no catalog accepts', () => {
    expect(() => resolveCatalogSettings(model(''), { env: 'prod env' })).toThrow(/env/);
    expect(() => resolveCatalogSettings(model(''), { platform: 'Post gres' })).toThrow(/platform/);
  });
});
