// Is a block output type compatible with the type a contract promises? Types are compared by
// family (integer, decimal, float, string, …) across SQL dialects' spellings; a wider numeric
// contract accepts a narrower block type (an integer satisfies a decimal), never the reverse.

export type TypeFamily = 'integer' | 'decimal' | 'float' | 'string' | 'boolean' | 'date' | 'timestamp' | 'time'
  | 'interval' | 'uuid' | 'json' | 'binary' | 'array' | 'struct' | 'any';

const FAMILIES: Record<string, TypeFamily> = {};
const put = (fam: TypeFamily, names: string) => { for (const n of names.split(' ')) FAMILIES[n] = fam; };
put('integer', 'int integer int2 int4 int8 int16 int32 int64 int128 bigint smallint tinyint mediumint hugeint uhugeint ubigint uinteger usmallint utinyint long short byte serial bigserial smallserial');
put('decimal', 'decimal numeric number dec money smallmoney bignumeric bigdecimal');
put('float', 'float float4 float8 float32 float64 double real binary_float binary_double double_precision');
put('string', 'string text varchar char character nvarchar nchar bpchar str clob nclob citext varchar2 nvarchar2 tinytext mediumtext longtext character_varying national_character_varying');
put('boolean', 'bool boolean logical');
put('date', 'date');
put('timestamp', 'timestamp datetime timestamptz timestamp_ntz timestamp_ltz timestamp_tz datetime2 smalldatetime datetimeoffset timestamp_with_time_zone timestamp_without_time_zone timestamp_s timestamp_ms timestamp_ns');
put('time', 'time timetz time_with_time_zone time_without_time_zone');
put('interval', 'interval');
put('uuid', 'uuid uniqueidentifier');
put('json', 'json jsonb variant super object');
put('binary', 'blob bytea binary varbinary bytes longblob image');
put('struct', 'struct map record row');
put('any', 'unknown any');

/** The family of a SQL type spelling, or undefined for a type we do not know. */
export function typeFamily(type: string): TypeFamily | undefined {
  let t = type.trim().toLowerCase();
  if (/\[\s*\]$/.test(t) || /^(array|list)\b/.test(t)) return 'array';
  const params = /\(([^)]*)\)/.exec(t)?.[1];
  t = t.replace(/\(.*?\)/g, '').replace(/\bunsigned\b/, '').trim().replace(/\s+/g, '_');
  const fam = FAMILIES[t];
  // NUMBER(10,0) / DECIMAL(18,0) hold only whole numbers
  if (fam === 'decimal' && params && /^\s*\d+\s*,\s*0\s*$/.test(params)) return 'integer';
  if (fam === 'decimal' && params && /^\s*\d+\s*$/.test(params) && t === 'number') return 'integer';
  return fam;
}

const ACCEPTS: Partial<Record<TypeFamily, TypeFamily[]>> = {
  decimal: ['integer'],
  float: ['integer', 'decimal'],
};

export type Compat = { ok: true } | { ok: false; reason: string };

export function compatibleType(contractType: string | undefined, blockType: string | undefined): Compat {
  if (contractType === undefined || typeFamily(contractType) === 'any') return { ok: true };
  if (blockType === undefined || blockType.trim() === '') return { ok: false, reason: 'the block output declares no type' };
  const fc = typeFamily(contractType);
  const fb = typeFamily(blockType);
  if (fb === 'any') return { ok: false, reason: `the block output type is '${blockType}'` };
  if (fc === undefined || fb === undefined) {
    const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
    return norm(contractType) === norm(blockType) ? { ok: true } : { ok: false, reason: `'${blockType}' is not '${contractType}'` };
  }
  if (fc === fb || ACCEPTS[fc]?.includes(fb)) return { ok: true };
  return { ok: false, reason: `'${blockType}' (${fb}) does not satisfy '${contractType}' (${fc})` };
}
