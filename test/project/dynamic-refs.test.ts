// A ref() whose model name is built while rendering (`{% set staged = 'stg_' ~ feed ~ '_orders' %}
// {{ ref(staged) }}` in a loop over a var) is an edge dbt draws: --select follows it as `dbt ls`
// does, and the server's project graph (the canvas) has it as a ref edge.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbtLsModels } from '../../bench/lib/dbt-select.mjs';
import { runCliAsync } from '../helpers/cli.js';
import { DYN_PROFILE, dynamicRefsProject } from '../helpers/dynamic-refs-project.js';
import { spawnServe } from '../server/helpers.js';

const SELECTORS = ['+int_orders', 'stg_shop_orders+', '+fct_orders', 'stg_web_orders+'];

describe('ref() names built while rendering', () => {
  it('--select follows them as dbt ls does', async () => {
    const dir = dynamicRefsProject(false);
    writeFileSync(join(dir, 'profiles.yml'), DYN_PROFILE);
    const dbt = await dbtLsModels(dir, SELECTORS, { profiles: dir, profile: 'dyn' });
    // read from the SQL, not from the manifest dbt just wrote (which lists the edges itself)
    rmSync(join(dir, 'target'), { recursive: true, force: true });
    for (const s of SELECTORS) {
      const want = dbt[s];
      expect(Array.isArray(want), `dbt ls --select ${s}: ${JSON.stringify(want)}`).toBe(true);
      const r = await runCliAsync(['summary', '--project-dir', dir, '--select', s, '--output', 'json']);
      expect([0, 1], r.stderr).toContain(r.code);
      const got = (JSON.parse(r.stdout).selection.nodes as string[]).filter((id) => id.startsWith('model.dyn.')).sort();
      expect(got, `--select ${s}`).toEqual([...(want as string[])].filter((id) => id.startsWith('model.dyn.')).sort());
    }
    expect((dbt['+int_orders'] as string[]).length).toBe(3);
  }, 300_000);

  it('the server\'s project graph has them as ref edges', async () => {
    const dir = dynamicRefsProject(false);
    const s = await spawnServe(['--project-dir', dir, '--port', '0']);
    try {
      const { projects } = await (await fetch(`${s.url}/api/projects`)).json() as { projects: { id: string }[] };
      const g = await (await fetch(`${s.url}/api/projects/${projects[0].id}/graph`)).json() as { edges: { kind: string; from: { node: string }; to: { node: string } }[] };
      const into = g.edges.filter((e) => e.kind === 'ref' && e.to.node === 'model.dyn.int_orders').map((e) => e.from.node).sort();
      expect(into).toEqual(['model.dyn.stg_pos_orders', 'model.dyn.stg_shop_orders']);
    } finally {
      s.child.kill();
      await s.exited;
    }
  }, 120_000);
});
