// Where a model's YAML and its SQL disagree about its columns: a column the SQL returns that the
// YAML does not list, and a YAML column the SQL does not return. Each finding names both places
// (the YAML entry's file:line and the SQL file:line). Only models whose YAML lists columns are
// compared (a model with no documented columns is not "missing" each of them), and a YAML column
// is called missing only when every output column of the SQL is known.
import type { Diagnostic } from '../diagnostics.js';
import type { DbtNode, Project } from '../project/types.js';
import type { NodeColumn, SqlReading } from './project-columns.js';
import { didYouMean, editDistance } from '../suggest.js';

export function columnFindings(p: Project, reading: (id: string) => SqlReading | undefined, columnsOf: (n: DbtNode) => NodeColumn[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const n of [...p.models, ...p.snapshots]) {
    if (!n.columns.length || !n.sqlPath || !n.origins.includes('yaml')) continue;
    const r = reading(n.uniqueId);
    if (!r || r.status === 'unknown') continue;
    const cols = columnsOf(n);
    const yamlFile = n.file ?? n.sqlPath;
    // a YAML entry typed wrong (`sku_short_name.`) pairs with the column the SQL returns and the YAML does not list
    const unlisted = cols.filter((c) => c.origins.includes('sql') && !c.origins.includes('yaml')).map((c) => c.name);
    const typoOf = (name: string) => { const near = didYouMean(name, unlisted); return near && editDistance(name.toLowerCase(), near.toLowerCase()) <= 2 ? near : undefined; };
    // an enforced contract makes either an error: dbt's contract check fails the build ("missing in contract" / "missing in definition")
    const contract = (why: string) => (n.contractEnforced ? `; its contract is enforced, so dbt fails the build (${why})` : '');
    for (const c of cols) {
      if (c.origins.includes('sql') && !c.origins.includes('yaml')) {
        out.push({ code: 'SQL_COLUMN_NOT_IN_YAML', severity: n.contractEnforced ? 'error' : 'info', file: n.sqlPath, line: c.sql_line ?? 1, column: 1,
          message: `${n.name}.${c.name} is returned by the SQL (${n.sqlPath}:${c.sql_line ?? 1}) but not listed in ${yamlFile}:${n.line ?? 1}${contract('missing in contract')}`,
          hint: `add '- name: ${c.name}' under the columns of '${n.name}' in ${yamlFile}` });
      }
      if (r.status === 'complete' && c.origins.includes('yaml') && !c.origins.includes('sql')) {
        const near = typoOf(c.name);
        out.push({ code: 'YAML_COLUMN_NOT_IN_SQL', severity: n.contractEnforced ? 'error' : 'warning', file: yamlFile, line: c.yaml_line ?? n.line ?? 1, column: 1,
          message: `${n.name}.${c.name} is listed in ${yamlFile}:${c.yaml_line ?? n.line ?? 1} but the SQL (${n.sqlPath}) does not return it${r.via === 'compiled' ? ' (read from target/manifest.json compiled_code)' : ''}${contract('missing in definition')}`,
          hint: near
            ? `rename the YAML entry to '${near}': the SQL returns that column and the YAML does not list it`
            : `rename or remove the YAML entry, or return ${c.name} from ${n.sqlPath}` });
      }
    }
  }
  return out;
}
