// The column findings (a model's YAML and SQL disagreeing) are read in the background after the
// server starts, so its first screen does not wait for every model's SQL: GET …/validation says
// `column_checks: pending` (and holds none of them) until then, the check waits while a request
// is being answered, and the event `columns_checked` says when they are in — the same findings
// `projectValidation` gives when asked at once.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE, tempDir } from '../helpers/cli.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { projectValidation } from '../../src/views/validation.js';
import { ColumnChecks } from '../../src/server/column-checks.js';
import { ProjectSession } from '../../src/server/session.js';
import type { ServerEvent } from '../../src/server/contract.js';
import { req, serveDir, type TestServer } from './helpers.js';

const COLUMN_CODES = ['SQL_COLUMN_NOT_IN_YAML', 'YAML_COLUMN_NOT_IN_SQL'];

/** The example with one column the SQL returns and its YAML does not list, and one the reverse. */
function mismatched(): string {
  const dir = join(tempDir('modeler-colchecks-'), 'jaffle_shop');
  cpSync(EXAMPLE, dir, { recursive: true, filter: (src) => !src.includes('/.modeler') });
  const edit = (rel: string, f: (s: string) => string) => writeFileSync(join(dir, rel), f(readFileSync(join(dir, rel), 'utf8')));
  edit('models/marts/orders.sql', (s) => s.replace('    orders.status,', '    orders.status,\n    orders.status as order_state,'));
  edit('models/marts/_marts.yml', (s) => s.replace('- name: number_of_orders', '- name: order_count'));
  return dir;
}
const columnFindings = (v: any) => v.loader.diagnostics.filter((d: any) => COLUMN_CODES.includes(d.code));

beforeAll(async () => { await initSqlColumns(); });

let session: ProjectSession | undefined;
let server: TestServer | undefined;
afterEach(async () => { session?.close(); session = undefined; await server?.close(); server = undefined; });

describe('column checks in the background', () => {
  it('wait while the server is busy, say pending meanwhile, then announce the findings validation gives at once', async () => {
    session = new ProjectSession(mismatched(), { watch: false });
    let busy = true;
    let asked!: () => void;
    const askedOnce = new Promise<void>((r) => (asked = r));
    const checks = new ColumnChecks(session, () => { asked(); return busy; });
    const events: ServerEvent[] = [];
    session.events.on('change', (ev: ServerEvent) => events.push(ev));
    const done = checks.start();
    await askedOnce;
    expect(checks.pending).toBe(true);
    const pending = projectValidation(session.project, { columns: 'pending' });
    expect(pending.column_checks).toBe('pending');
    expect(columnFindings(pending)).toEqual([]);
    expect(events).toEqual([]);

    busy = false;
    await done;
    expect(checks.pending).toBe(false);
    expect(events).toEqual([{ type: 'columns_checked', paths: [], version: session.version }]);
    const full = projectValidation(session.project);
    expect(full.column_checks).toBe('done');
    expect(columnFindings(full).map((d: any) => [d.code, d.file])).toEqual(expect.arrayContaining([
      ['SQL_COLUMN_NOT_IN_YAML', 'models/marts/orders.sql'], ['YAML_COLUMN_NOT_IN_SQL', 'models/marts/_marts.yml'],
    ]));
    // the rest of the answer is what the pending one said
    expect(full.files).toEqual(pending.files);
    expect(full.loader.diagnostics.filter((d) => !COLUMN_CODES.includes(d.code))).toEqual(pending.loader.diagnostics);
  });

  it('over HTTP: GET …/validation has the column findings once the event columns_checked has come (none while pending)', async () => {
    server = await serveDir(mismatched());
    const events: ServerEvent[] = [];
    server.session.events.on('change', (ev: ServerEvent) => events.push(ev));
    const first = await req(server.port, 'GET', `/api/projects/${server.id}/validation`);
    expect(first.status, first.text).toBe(200);
    expect(['pending', 'done']).toContain(first.json.column_checks);
    if (first.json.column_checks === 'pending') {
      expect(columnFindings(first.json)).toEqual([]);
      await new Promise<void>((resolve) => {
        if (events.some((e) => e.type === 'columns_checked')) resolve();
        else server!.session.events.on('change', (ev: ServerEvent) => { if (ev.type === 'columns_checked') resolve(); });
      });
    }
    const v = await req(server.port, 'GET', `/api/projects/${server.id}/validation`);
    expect(v.json.column_checks).toBe('done');
    const found = columnFindings(v.json);
    expect(found.find((d: any) => d.message.startsWith('orders.order_state '))).toMatchObject({ code: 'SQL_COLUMN_NOT_IN_YAML', file: 'models/marts/orders.sql', line: 7, severity: 'info' });
    // customers enforces its contract: a YAML column its SQL does not return fails dbt's build, an error
    expect(found.find((d: any) => d.message.startsWith('customers.order_count '))).toMatchObject({ code: 'YAML_COLUMN_NOT_IN_SQL', file: 'models/marts/_marts.yml', severity: 'error' });
    expect(events.filter((e) => e.type === 'columns_checked')).toHaveLength(1);
    expect(v.json.summary.errors).toBeGreaterThanOrEqual(1);
  });
});
