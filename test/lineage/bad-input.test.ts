// `modeler lineage` on a project a user has half broken, through the real binary: a model whose
// SQL does not parse is named with its file and the fix (not shown as a model without columns),
// and nothing in the project is written.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { changed, tree } from '../assistant/helpers.js';

const dir = join(tempDir('modeler-lineage-bad-'), 'project');
cpSync(EXAMPLE, dir, { recursive: true });
writeFileSync(join(dir, 'models', 'marts', 'broken_sql.sql'), 'select from where ((( {{ ref("orders") }}\n');
const before = tree(dir);

describe('modeler lineage on bad input', () => {
  it('says why a model whose SQL does not parse has no columns, with its file and the fix', () => {
    const node = runCli(['lineage', 'broken_sql', '--project-dir', dir]);
    expect(node.code).toBe(0);
    expect(node.stdout).toMatch(/^broken_sql\n└─ no known columns: models\/marts\/broken_sql\.sql: the rendered SQL does not parse: .*; fix the SQL, or declare its columns in YAML\n$/);
    const json = JSON.parse(runCli(['lineage', 'broken_sql', '--project-dir', dir, '--output-json']).stdout);
    expect(json).toMatchObject({ node: 'broken_sql', columns: [], unresolved: expect.stringContaining('models/marts/broken_sql.sql: the rendered SQL does not parse') });
    // a column of it: refused in one line with the same reason, not "has no column 'x'"
    const col = runCli(['lineage', 'broken_sql.order_id', '--project-dir', dir]);
    expect([col.code, col.stdout]).toEqual([1, '']);
    expect(col.stderr).toMatch(/^modeler: broken_sql has no known columns: models\/marts\/broken_sql\.sql: the rendered SQL does not parse: [^\n]*fix the SQL, or declare its columns in YAML\n$/);
    // a model that reads is listed as before
    expect(runCli(['lineage', 'orders', '--project-dir', dir]).stdout).not.toContain('no known columns');
    expect(changed(before, tree(dir)).filter((f) => !f.startsWith('.modeler/'))).toEqual([]);
  });
});
