// Migration checksums that survive reformatting. Ledger tools whose checksum is a hash of the
// raw file break whenever someone re-indents or comments a migration; ours hashes a normalised
// token stream instead: comments dropped, whitespace collapsed to one space between tokens,
// SQL keywords upper-cased. Literals, quoted identifiers, unquoted identifiers and statement
// order are kept exactly, so any change of meaning changes the checksum.
//
// The normal form is part of the ledger format (stored checksums must keep matching across
// releases): change it only together with NORMAL_FORM_VERSION and a migration note.
import { createHash } from 'node:crypto';
import { lexOptionsFor, scanSql } from '../sql/lexer.js';

export const NORMAL_FORM_VERSION = 1;

// Keywords and type names whose letter case never matters in any supported dialect. Unquoted
// identifiers are not folded: MySQL table names are case-sensitive on most file systems.
const KEYWORDS = new Set(`
ADD ALL ALTER ALWAYS AND ANY ARRAY AS ASC AUTO_INCREMENT AUTOINCREMENT BEGIN BETWEEN BIGINT BINARY
BIT BLOB BOOL BOOLEAN BOTH BY BYTEA CASCADE CASE CAST CHANGE CHAR CHARACTER CHARSET CHECK CLUSTER
COLLATE COLUMN COLUMNS COMMENT COMMIT CONCURRENTLY CONSTRAINT CONSTRAINTS CREATE CROSS CURRENT_DATE
CURRENT_TIME CURRENT_TIMESTAMP DATA DATABASE DATE DATETIME DAY DEC DECIMAL DEFAULT DEFERRABLE
DEFERRED DELETE DESC DISTINCT DOUBLE DROP ELSE END ENGINE ENUM ESCAPE EXCEPT EXISTS EXPLAIN
EXTENSION FALSE FETCH FIRST FLOAT FLOAT4 FLOAT8 FOR FOREIGN FROM FULL FUNCTION GENERATED GEOGRAPHY
GRANT GROUP HAVING HUGEINT IDENTITY IF ILIKE IMMEDIATE IN INDEX INITIALLY INNER INSERT INT INT2 INT4
INT8 INT64 INTEGER INTERSECT INTERVAL INTO IS JOIN JSON JSONB KEY LAST LEADING LEFT LIKE LIMIT LOCAL
LONGTEXT MATERIALIZED MEDIUMINT MEDIUMTEXT MERGE MODIFY NATURAL NO NOT NOTHING NULL NULLS NUMBER
NUMERIC OBJECT OF OFFSET ON ONLY OR ORDER OUTER OVER PARTITION PRECISION PRIMARY REAL RECURSIVE
REFERENCES RENAME REPLACE RESTRICT RETURNING REVOKE RIGHT ROLLBACK ROW ROWS SCHEMA SELECT SEQUENCE
SERIAL SET SIGNED SMALLINT SOME STORED STRING STRUCT TABLE TEMP TEMPORARY TEXT THEN TIME TIMESTAMP
TIMESTAMPTZ TIMESTAMP_LTZ TIMESTAMP_NTZ TIMESTAMP_TZ TINYINT TINYTEXT TO TRAILING TRANSACTION
TRIGGER TRUE TRUNCATE TYPE UNION UNIQUE UNSIGNED UPDATE USING UUID VALUES VARBINARY VARCHAR VARIANT
VARYING VIEW VIRTUAL WHEN WHERE WINDOW WITH WITHOUT WORK ZONE
`.trim().split(/\s+/));

// Words (incl. $ and non-ASCII letters), numbers, multi-character operators, then any single char.
const TOKEN = /[\p{L}_][\p{L}\p{N}_$]*|\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|::|<>|!=|<=|>=|\|\||=>|->>|->|\S/gu;

/** Tokens of one statement in normal form (comments removed, keywords upper-cased). */
export function normalTokens(sql: string, dialect?: string): string[] {
  const tokens: string[] = [];
  for (const piece of scanSql(sql, lexOptionsFor(dialect))) {
    if (piece.kind === 'comment') continue;
    if (piece.kind !== 'code') { tokens.push(piece.text); continue; }
    for (const m of piece.text.matchAll(TOKEN)) {
      const t = m[0];
      const upper = t.toUpperCase();
      tokens.push(KEYWORDS.has(upper) ? upper : t);
    }
  }
  // A trailing `;` is a terminator, not content.
  while (tokens[tokens.length - 1] === ';') tokens.pop();
  return tokens;
}

/** One statement in normal form: its tokens joined by single spaces. */
export function normaliseStatement(sql: string, dialect?: string): string {
  return normalTokens(sql, dialect).join(' ');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Checksum of one statement (reported per statement, so a changed statement can be found). */
export function statementChecksum(sql: string, dialect?: string): string {
  return sha256Hex(normaliseStatement(sql, dialect));
}

/**
 * Checksum of a whole migration: SHA-256 over the normalised statements in order, each
 * terminated by `;\n` (a bare `;` can never occur inside a normalised statement outside a
 * literal, so the encoding is unambiguous).
 */
export function migrationChecksum(statements: readonly string[], dialect?: string): string {
  return sha256Hex(statements.map((s) => normaliseStatement(s, dialect) + ';\n').join(''));
}
