// `modeler apply` as a user runs it (the built binary): exit codes, text and JSON output,
// report/SQL files, usage errors, and passwords that never show up anywhere.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, runCliAsync, tempDir } from '../helpers/cli.js';
import { MY, PG, uniqueName } from './engines.js';

const dir = tempDir('modeler-apply-cli-');
const file = (name: string, text: string) => { writeFileSync(join(dir, name), text); return join(dir, name); };
const SECRET = 'Sup3r-Secret-pw_42';

describe('modeler apply (CLI)', () => {
  it('applies, then reports the re-run as already applied; both exit 0', () => {
    const db = join(dir, 'cli.duckdb');
    const sql = file('001_init.sql', 'CREATE TABLE t (a INTEGER);\nINSERT INTO t VALUES (1);\n');
    const r = runCli(['apply', 'duckdb', '--sql-file', sql, '--path', db]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^APPLIED: migration 001_init on duckdb/);
    expect(r.stdout).toMatch(/checksum {3}[0-9a-f]{64}/);
    expect(r.stdout).toMatch(/#2 line 2 {2}applied/);
    const again = runCli(['apply', '--sql-file', sql, '--path', db]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/^ALREADY APPLIED: migration 001_init/);
  });

  it('--dry-run text prints each statement once, in full', () => {
    const r = runCli(['apply', '--sql', 'CREATE TABLE dr_one (a INTEGER);\nCREATE INDEX dr_two_ix\n  ON dr_one (a);', '--dry-run', '--skip-ledger']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^DRY RUN: /);
    const count = (s: string) => r.stdout.split(s).length - 1;
    expect(count('CREATE TABLE dr_one (a INTEGER)'), r.stdout).toBe(1);
    expect(count('dr_two_ix'), r.stdout).toBe(1);
    expect(r.stdout).toContain('      CREATE INDEX dr_two_ix\n        ON dr_one (a)');
    expect(r.stdout).toMatch(/#2 line 2 {2}would_run {3}CREATE INDEX \[\d+ ms, rehearsed\]\n/);
  });

  it('exit 2 when destructive statements are refused, 1 on drift, with one error line on stderr', () => {
    const db = join(dir, 'guard.duckdb');
    runCli(['apply', '--sql', 'CREATE TABLE keep (a INTEGER)', '--path', db, '--migration-name', 'one']);
    const refused = runCli(['apply', '--sql', 'DROP TABLE keep', '--path', db]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^modeler: error\[DESTRUCTIVE_REFUSED\]: 1 destructive statement\(s\) refused: #1 \(line 1\) drop_table keep/)]);
    const drift = runCli(['apply', '--sql', 'CREATE TABLE keep (a BIGINT)', '--path', db, '--migration-name', 'one']);
    expect(drift.code).toBe(1);
    expect(drift.stderr).toMatch(/^modeler: error\[CHECKSUM_DRIFT\]/);
  });

  it('--output-json prints the report; --report-json is written on failure too; --write-sql on success', () => {
    const db = join(dir, 'json.duckdb');
    const report = join(dir, 'report.json');
    const sqlOut = join(dir, 'ran.sql');
    const ok = runCli(['apply', '--sql', 'CREATE TABLE j (a INTEGER)', '--path', db, '--output-json', '--report-json', report, '--write-sql', sqlOut]);
    expect(ok.code).toBe(0);
    const printed = JSON.parse(ok.stdout);
    expect(printed).toMatchObject({ status: 'success', statement_count: 1, connector: 'duckdb' });
    expect(JSON.parse(readFileSync(report, 'utf8')).checksum).toBe(printed.checksum);
    expect(readFileSync(sqlOut, 'utf8')).toBe('CREATE TABLE j (a INTEGER)');
    const failedReport = join(dir, 'failed.json');
    const failedSql = join(dir, 'failed.sql');
    const bad = runCli(['apply', '--sql', 'CREATE TABLE k (a INTEGER);\nSELECT * FROM nope', '--path', db, '--output-json', '--report-json', failedReport, '--write-sql', failedSql]);
    expect(bad.code).toBe(1);
    expect(JSON.parse(bad.stdout)).toMatchObject({ status: 'failed', failed_statement: { index: 2, line: 2 } });
    expect(JSON.parse(readFileSync(failedReport, 'utf8')).status).toBe('failed');
    expect(existsSync(failedSql)).toBe(false);
  });

  it('usage errors exit 64 with one line', () => {
    for (const [args, msg] of [
      [['apply', '--sql-file', join(dir, 'missing.sql')], /^modeler: cannot read .*missing\.sql: no such file\n$/],
      [['apply', '--sql', 'SELECT 1', '--dry-rn'], /^modeler: unknown option '--dry-rn' \(did you mean '--dry-run'\?\)/],
      [['apply', 'postgress', '--sql', 'SELECT 1'], /^modeler: unknown connector 'postgress' \(did you mean 'postgres'\?\)/],
      // a name Object's prototype carries is no connector (it was taken for one: 'unknown dialect undefined')
      [['apply', 'constructor', '--sql', 'SELECT 1'], /^modeler: unknown connector 'constructor'; use one of duckdb, /],
      [['apply', '__proto__', '--sql', 'SELECT 1'], /^modeler: unknown connector '__proto__'; use one of duckdb, /],
      [['apply', 'postgres', '--sql', 'SELECT 1', '--port', 'x'], /^modeler: --port expects a port number, got 'x'/],
    ] as [string[], RegExp][]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr, args.join(' ')).toMatch(msg);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('an unreachable server is one line naming host:port, never the password', () => {
    // a name that never resolves: the driver's own error (getaddrinfo ENOTFOUND …) names no port
    const r = runCli(['apply', 'postgres', '--host', 'no-such-host.invalid', '--port', '5999', '--user', 'ci', '--password', SECRET, '--sql', 'SELECT 1']);
    expect(r.code).toBe(1);
    expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^modeler: error\[CONNECT_FAILED\]: cannot connect to postgres at no-such-host\.invalid:5999: /)]);
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('postgres --schema that does not exist: one line, and the process ends (the open client is closed)', async () => {
    const r = await runCliAsync(['apply', 'postgres', '--host', PG.host, '--port', String(PG.port), '--user', PG.user, '--database', PG.database,
      '--schema', uniqueName('no_such_schema'), '--sql', `CREATE TABLE ${uniqueName('lost')} (a integer)`, '--skip-ledger']);
    expect(r.code).toBe(1);
    if (/ECONNREFUSED/.test(r.stderr)) { console.log('PostgreSQL unreachable: the --schema check is covered by postgres.test.ts on PGlite'); return; }
    expect(r.stderr).toMatch(/^modeler: error\[CONNECT_FAILED\]: cannot connect to postgres at .*: schema "no_such_schema\w*" does not exist/);
  }, 20_000);

  it('an unwritable --report-json / --write-sql is refused before the warehouse is touched', () => {
    const db = join(dir, 'untouched.duckdb');
    const notDir = file('plain.txt', 'x');
    for (const args of [['--report-json', dir], ['--write-sql', join(notDir, 'out.sql')]]) {
      const r = runCli(['apply', '--sql', 'CREATE TABLE u (a INTEGER)', '--path', db, ...args]);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr).toMatch(new RegExp(`^modeler: ${args[0]} .* (is a directory|cannot be written)`));
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(existsSync(db), 'the database was not even opened').toBe(false);
    }
  });

  it('a password given by flag appears in no output and no report (success and failure)', () => {
    const schema = uniqueName('modeler_cli');
    const report1 = join(dir, 'pg-report.json');
    // trust authentication: the server ignores the password and the apply succeeds
    const pg = runCli(['apply', 'postgres', '--host', PG.host, '--port', String(PG.port), '--user', PG.user, '--password', SECRET,
      '--database', PG.database, '--sql', `CREATE SCHEMA ${schema}; DROP SCHEMA ${schema}`, '--allow-destructive', '--skip-ledger', '--report-json', report1]);
    if (/CONNECT_FAILED/.test(pg.stderr)) console.log('PostgreSQL unreachable: the password check covers the failure path only');
    else expect(pg.code, pg.stderr).toBe(0);
    const report2 = join(dir, 'my-report.json');
    // root has no password: the server refuses the connection
    const my = runCli(['apply', 'mysql', '--host', MY.host, '--port', String(MY.port), '--user', MY.user, '--password', SECRET,
      '--database', MY.database, '--sql', 'SELECT 1', '--report-json', report2]);
    expect(my.code).toBe(1);
    expect(my.stderr).toMatch(/CONNECT_FAILED.*Access denied/);
    for (const text of [pg.stdout, pg.stderr, my.stdout, my.stderr, readFileSync(report1, 'utf8'), readFileSync(report2, 'utf8')]) {
      expect(text).not.toContain(SECRET);
    }
    expect(JSON.parse(readFileSync(report1, 'utf8')).connection).toEqual({ host: PG.host, port: PG.port, user: PG.user, database: PG.database });
  });
});
