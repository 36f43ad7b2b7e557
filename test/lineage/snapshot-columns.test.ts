// A snapshot's columns are its select's and the ones dbt adds (dbt_scd_id, dbt_updated_at,
// dbt_valid_from, dbt_valid_to), so a model reading them from the snapshot resolves, traced to
// the columns dbt makes them from: the timestamp strategy's updated_at, the unique key. The names
// and their order are checked against the table a real `dbt snapshot` builds on DuckDB.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO, runCli, tempDir } from '../helpers/cli.js';
import { dbtCommand } from '../helpers/dbt.js';

function project(snapshot: string): string {
  const root = join(tempDir('modeler-lineage-snap-'), 'sn');
  const files: Record<string, string> = {
    'dbt_project.yml': 'name: sn\nversion: "1.0"\nprofile: sn\n',
    'profiles.yml': `sn:\n  target: dev\n  outputs:\n    dev:\n      type: duckdb\n      path: ${root}/dev.duckdb\n`,
    'seeds/raw_orders.csv': 'id,status,changed_at\n1,open,2024-01-01\n2,closed,2024-01-02\n',
    'snapshots/orders_snapshot.sql': snapshot,
    'models/order_history.sql': "select id as order_id, dbt_valid_from as valid_from, dbt_valid_to as valid_to, dbt_scd_id\nfrom {{ ref('orders_snapshot') }}\n",
  };
  for (const [rel, text] of Object.entries(files)) { mkdirSync(join(root, rel, '..'), { recursive: true }); writeFileSync(join(root, rel), text); }
  return root;
}

const TIMESTAMP = "{% snapshot orders_snapshot %}\n{{ config(target_schema='snapshots', unique_key='id', strategy='timestamp', updated_at='changed_at') }}\nselect id, status, changed_at from {{ ref('raw_orders') }}\n{% endsnapshot %}\n";
const lineage = (dir: string, address: string) => {
  const r = runCli(['lineage', address, '--project-dir', dir, '--output-json']);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
};
const edges = (node: any) => node.columns.map((c: any) => `${c.column.split('.').pop()} <- ${c.upstream.map((u: any) => `${u.node}.${u.column} ${u.kind}`).join(', ') || '-'}${c.unresolved.length ? ' UNRESOLVED' : ''}`);

describe('dbt\'s snapshot columns in lineage', () => {
  it('timestamp strategy: the snapshot has dbt\'s columns after its select\'s, made from updated_at and the unique key; a model reading them resolves', () => {
    const dir = project(TIMESTAMP);
    expect(edges(lineage(dir, 'orders_snapshot'))).toEqual([
      'id <- raw_orders.id passthrough',
      'status <- raw_orders.status passthrough',
      'changed_at <- raw_orders.changed_at passthrough',
      'dbt_scd_id <- raw_orders.id transform, raw_orders.changed_at transform',
      'dbt_updated_at <- raw_orders.changed_at rename',
      'dbt_valid_from <- raw_orders.changed_at rename',
      'dbt_valid_to <- raw_orders.changed_at transform',
    ]);
    expect(edges(lineage(dir, 'order_history'))).toEqual([
      'order_id <- orders_snapshot.id rename',
      'valid_from <- orders_snapshot.dbt_valid_from rename',
      'valid_to <- orders_snapshot.dbt_valid_to rename',
      'dbt_scd_id <- orders_snapshot.dbt_scd_id passthrough',
    ]);
    // and from the seed down through the snapshot's dbt column to the model
    const down = runCli(['lineage', 'raw_orders.changed_at', '--project-dir', dir, '--depth', '2', '--output-json']);
    expect(JSON.parse(down.stdout).downstream.map((d: any) => `${d.node}.${d.column}@${d.depth}`)).toEqual(expect.arrayContaining(['orders_snapshot.dbt_valid_to@1', 'order_history.valid_to@2', 'order_history.dbt_scd_id@2']));
  });

  it('check strategy with renamed meta columns: the names config gives, the run\'s time fed by no column', () => {
    const dir = project("{% snapshot orders_snapshot %}\n{{ config(target_schema='snapshots', unique_key='id', strategy='check', check_cols=['status'], snapshot_meta_column_names={'dbt_valid_from': 'valid_since', 'dbt_valid_to': 'valid_until'}) }}\nselect id, status from {{ ref('raw_orders') }}\n{% endsnapshot %}\n");
    writeFileSync(join(dir, 'models', 'order_history.sql'), "select id, valid_since, valid_until, dbt_scd_id from {{ ref('orders_snapshot') }}\n");
    expect(edges(lineage(dir, 'orders_snapshot'))).toEqual([
      'id <- raw_orders.id passthrough',
      'status <- raw_orders.status passthrough',
      'dbt_scd_id <- raw_orders.id transform',
      'dbt_updated_at <- -',
      'valid_since <- -',
      'valid_until <- -',
    ]);
    expect(edges(lineage(dir, 'order_history'))).toEqual([
      'id <- orders_snapshot.id passthrough',
      'valid_since <- orders_snapshot.valid_since passthrough',
      'valid_until <- orders_snapshot.valid_until passthrough',
      'dbt_scd_id <- orders_snapshot.dbt_scd_id passthrough',
    ]);
  });

  const dbt = [process.env.MODELER_DBT, join(REPO, '.ci', 'venv', 'bin', 'dbt')].find((c) => c && existsSync(c));
  const python = join(REPO, '.ci', 'venv', 'bin', 'python');
  (dbt && existsSync(python) ? it : it.skip)(`has the columns, in order, of the table dbt snapshot builds on DuckDB${dbt ? '' : ' (skipped: dbt not installed in .ci/venv; bash .ci/run installs it)'}`, () => {
    const dir = project(TIMESTAMP);
    const ours = lineage(dir, 'orders_snapshot').columns.map((c: any) => c.column.split('.').pop());
    for (const cmd of [['seed'], ['snapshot']]) { const r = dbtCommand(dir, cmd); expect(r.code, r.output).toBe(0); }
    const q = spawnSync(python, ['-c', `import duckdb;c=duckdb.connect(${JSON.stringify(join(dir, 'dev.duckdb'))});print('\\n'.join(r[0] for r in c.execute("select column_name from information_schema.columns where table_name='orders_snapshot' order by ordinal_position").fetchall()))`], { encoding: 'utf8' });
    expect(q.status, q.stderr).toBe(0);
    expect(ours).toEqual(q.stdout.trim().split('\n'));
  }, 240_000);
});
