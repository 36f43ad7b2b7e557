// `modeler lineage` keeps the full parser's shapes in .modeler/cache/sql-shapes.json, as the other
// commands that read columns do, so the next command on an unchanged project parses nothing: on
// cal-itp's 610 models every lineage call parsed its SQL again (2 s of the parser's CPU each).
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';

beforeAll(async () => { await initSqlColumns(); });

describe('modeler lineage and the parse cache', () => {
  it('writes the shapes it parsed, and the next read of the project parses none', () => {
    const dir = join(tempDir('modeler-lineage-kept-'), 'jaffle_shop');
    cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes('/.modeler') });
    // simple SQL is read from its tokens and never kept; this model needs the full parser
    writeFileSync(join(dir, 'models/marts/order_years.sql'), "select order_id, extract(year from order_date) as order_year from {{ ref('orders') }}\n");
    const file = join(dir, '.modeler/cache/sql-shapes.json');
    expect(existsSync(file)).toBe(false);
    const r = runCli(['lineage', 'order_years.order_year', '--project-dir', dir]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('orders.order_date');
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries)).toHaveLength(1);
    expect(projectColumns(loadProject(dir), { cache: true }).stats()).toMatchObject({ parsed: 0, cached: 1 });
  });
});
