import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { migrationChecksum, normaliseStatement, statementChecksum } from '../../src/warehouse/checksum.js';

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('migration checksum', () => {
  const base = ['CREATE TABLE orders (id INT PRIMARY KEY, note VARCHAR(20) DEFAULT \'n/a\')', 'CREATE INDEX ix ON orders (note)'];

  it('is SHA-256 over the documented normal form (tokens joined by one space, each statement ending ";\\n")', () => {
    expect(migrationChecksum(['create table t(a int)'])).toBe(sha('CREATE TABLE t ( a INT );\n'));
    expect(statementChecksum('create table t(a int)')).toBe(sha('CREATE TABLE t ( a INT )'));
  });

  it('ignores whitespace, comments and the letter case of keywords', () => {
    const reformatted = [
      '-- orders\ncreate   table orders (\n  id int primary key, /* surrogate */\n  note varchar( 20 ) default \'n/a\'\n)',
      'Create Index ix\n\ton orders(note) -- for lookups',
    ];
    expect(migrationChecksum(reformatted)).toBe(migrationChecksum(base));
    expect(migrationChecksum(['CREATE TABLE t (a INT);'])).toBe(migrationChecksum(['CREATE TABLE t (a INT)']));
  });

  it('is sensitive to statement order', () => {
    expect(migrationChecksum([base[1], base[0]])).not.toBe(migrationChecksum(base));
  });

  it('is sensitive to content: identifiers, literals, quoted names, types', () => {
    const c = migrationChecksum(base);
    expect(migrationChecksum([base[0].replace('orders', 'order2'), base[1]])).not.toBe(c);
    expect(migrationChecksum([base[0].replace("'n/a'", "'N/A'"), base[1]])).not.toBe(c);
    expect(migrationChecksum([base[0].replace('(20)', '(21)'), base[1]])).not.toBe(c);
    expect(migrationChecksum([base[0], base[1].replace('ix', 'IX')])).not.toBe(c);
    expect(normaliseStatement('select "Col" from t')).not.toBe(normaliseStatement('select "col" from t'));
    expect(normaliseStatement("select 'a  b'")).not.toBe(normaliseStatement("select 'a b'"));
  });

  it('keeps comment-like and semicolon text inside literals and dollar bodies', () => {
    expect(normaliseStatement("insert into t values ('-- not a comment; really')")).toContain("'-- not a comment; really'");
    expect(normaliseStatement("select $$ a  -- b $$")).toBe('SELECT $$ a  -- b $$');
    expect(normaliseStatement("select '-- x'")).not.toBe(normaliseStatement("select '-- y'"));
  });

  it('reads MySQL # comments and backticks with the mysql dialect', () => {
    expect(normaliseStatement('CREATE TABLE `t` (a int) # trailing', 'mysql')).toBe('CREATE TABLE `t` ( a INT )');
  });
});
