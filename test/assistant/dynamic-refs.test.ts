// "What depends on X?" when the models that read X build their ref() name at render time (a loop
// over a var of loaders, as rittmananalytics/ra_data_warehouse does): dbt renders them and records
// the dependency; the answer names them from the rendered SQL, and when the target those models
// test is not known it says why it cannot follow them instead of that nothing depends on X.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { dbtParse } from '../helpers/dbt.js';
import { DYN_PROFILE as PROFILE, dynamicRefsProject as project } from '../helpers/dynamic-refs-project.js';

describe('what depends on a model read through a ref() name built at render time', () => {
  it('dbt records the dependency, and the answer names the model that reads it', async () => {
    const dir = project(false);
    writeFileSync(join(dir, 'profiles.yml'), PROFILE);
    const r = dbtParse(dir);
    expect(r.code, r.output).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, 'target', 'manifest.json'), 'utf8'));
    expect(manifest.nodes['model.dyn.int_orders'].depends_on.nodes).toEqual(['model.dyn.stg_shop_orders', 'model.dyn.stg_pos_orders']);
    rmSync(join(dir, 'target'), { recursive: true });
    await initSqlColumns();
    const a = await ask(AssistantSession.open(dir), { message: 'what depends on stg_shop_orders?' });
    expect(a.answer.split('\n')[0]).toMatch(/^No model names `stg_shop_orders` in a ref\(\) call, but as dbt renders them 1 model reads it .*: `int_orders` \(models\/int_orders\.sql:\d+\)\.$/);
  }, 240_000);

  it('without the target the loop sits under, it names the models it cannot follow and what to give, not "nothing depends on it"', async () => {
    await initSqlColumns();
    const dir = project(true);
    const blind = await ask(AssistantSession.open(dir), { message: 'what depends on stg_shop_orders?' });
    expect(blind.answer).not.toMatch(/^Nothing in the project depends on/);
    expect(blind.answer.split('\n')[0]).toMatch(/1 model builds a ref\(\) name from a var or a loop \(`int_orders`\), which could not be read as dbt renders them without its target: give profiles\.yml/);
    writeFileSync(join(dir, 'profiles.yml'), PROFILE);
    const seen = await ask(AssistantSession.open(dir), { message: 'what depends on stg_shop_orders?' });
    expect(seen.answer.split('\n')[0]).toContain('1 model reads it');
  });
});
