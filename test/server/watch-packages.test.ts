// The server watches the installed packages (dbt_packages/): a package's model edited, or the
// folder written again as `dbt deps` does, brings lineage up to date — read once the folder is
// quiet, in one change event for a whole reinstall, not one per file.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/cli.js';
import { collectEvents, req, serveDir, until, type TestServer } from './helpers.js';
import { ignoredPath } from '../../src/server/session.js';

const PKG: Record<string, string> = {
  'dbt_project.yml': 'name: shop_source\nversion: "0.1.0"\nconfig-version: 2\nprofile: integration_tests\n',
  'models/src_shop.yml': 'version: 2\nsources:\n  - name: shop\n    tables:\n      - name: orders\n        columns: [{name: id}, {name: amount}, {name: total}]\n',
  'models/stg_shop__orders.sql': "select id as order_id, {{ cents('amount') }} as amount_usd from {{ source('shop', 'orders') }}\n",
  'macros/cents.sql': '{% macro cents(col) %}({{ col }} / 100){% endmacro %}\n',
  'integration_tests/dbt_project.yml': 'name: shop_tests\nprofile: integration_tests\n',
};

function write(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), text); }
}

let s: TestServer | undefined;
afterEach(async () => { await s?.close(); s = undefined; });

describe('lineage follows the installed packages as they change on disk', () => {
  const project = () => {
    const root = join(tempDir('modeler-watch-pkg-'), 'proj');
    write(root, {
      'dbt_project.yml': 'name: myproj\nversion: "1.0"\nprofile: myproj\n',
      'models/orders_mart.sql': "select order_id, amount_usd as revenue from {{ ref('stg_shop__orders') }}\n",
    });
    write(join(root, 'dbt_packages/shoppkg'), PKG);
    return root;
  };
  const upstream = async (column: string) => (await req(s!.port, 'GET', `/api/projects/${s!.id}/lineage?column=${column}`)).json.upstream?.map((u: any) => `${u.node}.${u.column}`);

  it('a package\'s model edited: the lineage through it changes', async () => {
    s = await serveDir(project(), { watch: true });
    const ev = await collectEvents(s.port);
    expect(await upstream('stg_shop__orders.amount_usd')).toEqual(['shop.orders.amount']);
    writeFileSync(join(s.root, 'dbt_packages/shoppkg/models/stg_shop__orders.sql'), "select id as order_id, {{ cents('total') }} as amount_usd from {{ source('shop', 'orders') }}\n");
    await until(() => ev.events.some((e) => e.type === 'files_changed'), 10_000, 'a change event');
    expect(ev.events.find((e) => e.type === 'files_changed').paths).toEqual(['dbt_packages/shoppkg']);
    expect(await upstream('stg_shop__orders.amount_usd')).toEqual(['shop.orders.total']);
    ev.close();
  });

  it('the packages folder installed again (dbt deps): one change event, and lineage reads the new package', async () => {
    s = await serveDir(project(), { watch: true });
    const ev = await collectEvents(s.port);
    await new Promise((r) => setTimeout(r, 200)); // the watches are set up
    const pkg = join(s.root, 'dbt_packages/shoppkg');
    const staged = join(tempDir('modeler-deps-'), 'shoppkg');
    write(staged, { ...PKG, 'macros/cents.sql': '{% macro cents(col) %}({{ col }} + id){% endmacro %}\n' });
    // as dbt deps does: the old folder removed, the new one written in its place
    rmSync(pkg, { recursive: true, force: true });
    cpSync(staged, pkg, { recursive: true });
    await until(() => ev.events.some((e) => e.type === 'files_changed'), 10_000, 'a change event');
    expect(await upstream('stg_shop__orders.amount_usd')).toEqual(['shop.orders.amount', 'shop.orders.id']);
    await new Promise((r) => setTimeout(r, 500));
    expect(ev.events.filter((e) => e.type === 'files_changed')).toHaveLength(1);
    ev.close();
  });
});

describe('what the watcher leaves alone in the packages folder', () => {
  it('watches a package\'s files, not its integration tests, own packages or build output', () => {
    expect(ignoredPath('dbt_packages')).toBe(false);
    expect(ignoredPath('dbt_packages/shoppkg/models/a.sql')).toBe(false);
    expect(ignoredPath('dbt_packages/shoppkg/integration_tests/models/a.sql')).toBe(true);
    expect(ignoredPath('dbt_packages/shoppkg/dbt_packages/x/models/a.sql')).toBe(true);
    expect(ignoredPath('dbt_packages/shoppkg/target/run/a.sql')).toBe(true);
    expect(ignoredPath('vendor/pkgs/p/models/a.sql', 'vendor/pkgs')).toBe(false);
    expect(ignoredPath('node_modules/x.js')).toBe(true);
  });
});
