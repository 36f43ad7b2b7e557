import type { Command } from 'commander';
import { DIALECTS, getDialect } from '../../api/dialects.js';
import { generateMigrationForFiles } from '../../api/sql.js';
import { writeFileAtomic } from '../../api/base.js';
import { action, checkOut, err, printJson } from '../io.js';

export function registerMigrate(program: Command): void {
  program.command('migrate')
    .description('migration SQL from one model version to the next: drop FKs/indexes that go away, drop tables, create tables, alter columns (add, drop, rename via previous_name, type, nullability, default), add FKs, create indexes')
    .argument('<old.model.yaml>', 'the model as deployed')
    .argument('<new.model.yaml>', 'the model to migrate to')
    .option('--dialect <dialect>', `one of ${DIALECTS.join(', ')} (mariadb = mysql); default: the new model's own dialect`)
    .option('--out <file>', 'write the SQL here (atomically); default: stdout')
    .option('--output-json', 'print {sql, statements[{sql, kind, destructive}]} on stdout as JSON instead of SQL (--out still gets the SQL)')
    .addHelpText('after', `
The SQL starts with '-- Migration: <name> v<old> -> v<new>' and '-- Dialect: <d>'. Renames
(columns and entities with previous_name) are renames, never drop + add. Where an engine cannot
change something in place (DuckDB keys and foreign keys; a column inserted mid-table in
PostgreSQL/DuckDB) the table is rebuilt and its rows copied; such steps are commented.
Destructive statements (DROP TABLE, DROP COLUMN, narrowing type changes) are listed on stderr.
Exit codes: 0 written, 1 invalid model, 64 usage error (unknown dialect, unreadable file).
Example: modeler migrate v1/shop.model.yaml v2/shop.model.yaml --dialect postgres --out migrations/002.sql`)
    .action(action((oldFile: string, newFile: string, opts: { dialect?: string; out?: string; outputJson?: boolean }) => {
      if (opts.dialect) getDialect(opts.dialect);
      checkOut(opts.out, oldFile, newFile);
      const m = generateMigrationForFiles(oldFile, newFile, { dialect: opts.dialect });
      // --out always gets the SQL; --output-json only changes what stdout shows
      if (opts.out) writeFileAtomic(opts.out, m.sql);
      if (opts.outputJson) printJson(m);
      else if (!opts.out) process.stdout.write(m.sql);
      const n = m.statements.filter((s) => s.kind !== 'note').length;
      const destructive = m.statements.filter((s) => s.destructive);
      err(`${n} statement(s)${opts.out ? ` -> ${opts.out}` : ''}${destructive.length ? `; ${destructive.length} destructive:` : ''}`);
      for (const s of destructive) err(`  ${s.sql.split('\n')[0]}`);
      return 0;
    }));
}
