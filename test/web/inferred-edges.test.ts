// Real projects that declare no relationships tests (Fivetran's Stripe package) open with the
// keys the Conceptualizer infers from column names, drawn dashed and marked inferred; the
// inspector says why; a toggle hides them; accepting one proposes the relationships test through
// the review plan, and after Apply the key is a declared one.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { REAL_DBT, sharedSkipReason } from '../helpers/shared.js';
import { startUi, table, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable() ?? sharedSkipReason('real-dbt');
let ui: Ui;
let page: Page;
const EDGE = 'stg_stripe__card.customer_id to stg_stripe__customer.customer_id (many to one)';

describe.skipIf(!!skip)(`inferred relationships on the canvas${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  beforeAll(async () => {
    ui = await startUi({ project: join(REAL_DBT, 'dbt_stripe_source') });
    page = ui.page;
    await page.getByRole('button', { name: 'Fit view' }).click();
    await table(page, 'stg_stripe__card').waitFor();
  }, 120_000);
  afterAll(async () => { await ui?.close(); });

  it('draws the keys the project does not declare, dashed, with their evidence; a toggle hides them', async () => {
    const edge = page.getByRole('group', { name: `inferred relationship ${EDGE}` });
    await edge.waitFor();
    expect(await page.getByRole('group', { name: /^inferred relationship / }).count()).toBeGreaterThan(10);
    expect(await page.getByRole('group', { name: /^relationship / }).count()).toBe(0); // Stripe declares none
    expect(await edge.locator('.er-edge.inferred').count()).toBeGreaterThan(0);
    // the evidence on hover: the edge's tooltip
    expect(await edge.locator('title').textContent()).toBe(`inferred relationship ${EDGE}: not declared; inferred from the column name (column names the entity, confidence 0.9)`);
    await edge.dispatchEvent('click'); // (edges cross: a click at its centre may land on another)
    const insp = page.getByRole('region', { name: 'Inspector' });
    await insp.getByRole('heading', { name: 'Inferred relationship' }).waitFor();
    await insp.getByText(/inferred from the column name \(column names the entity, confidence 0\.9\)/).waitFor();
    await page.getByRole('checkbox', { name: 'Inferred' }).uncheck();
    await until(() => page.getByRole('group', { name: /^inferred relationship / }).count(), (n) => n === 0, 'inferred edges to be hidden');
    await page.getByRole('checkbox', { name: 'Inferred' }).check();
    await edge.waitFor();
    expect(ui.errors).toEqual([]);
  });

  // the canvas drew the inferred edge while the inspector's Columns table said nothing of the key
  it('marks the column an inferred key starts from as FK (inferred), on the canvas and in the inspector, with its evidence', async () => {
    const card = table(page, 'stg_stripe__card');
    await expect.poll(() => card.locator('[data-column="customer_id"]').textContent()).toContain('FK (inferred)');
    await card.getByText('stg_stripe__card', { exact: true }).click();
    const insp = page.getByRole('region', { name: 'Inspector' });
    const row = insp.getByRole('region', { name: 'Columns of stg_stripe__card' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'customer_id', exact: true }) });
    await expect.poll(() => row.getByRole('cell').first().textContent()).toBe('FK (inferred)');
    // a key the project declares (the table's own id) is not marked inferred
    const own = insp.getByRole('region', { name: 'Columns of stg_stripe__card' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'card_id', exact: true }) });
    expect(await own.getByRole('cell').first().textContent()).not.toContain('inferred');
    await row.getByRole('button', { name: 'customer_id', exact: true }).click();
    const detail = insp.getByRole('region', { name: 'Column customer_id' });
    await detail.getByText(/inferred key to stg_stripe__customer\.customer_id — not declared; inferred from the column name \(column names the entity, confidence 0\.9\)/).waitFor();
    // accepted from the column too: the same proposal as from the relationship (left unapplied here)
    await detail.getByRole('button', { name: 'Propose relationships test' }).click();
    await page.getByRole('region', { name: 'Review plan' }).getByRole('heading', { name: 'Review plan: Relate stg_stripe__card.customer_id to stg_stripe__customer.customer_id' }).waitFor();
    await page.getByRole('tab', { name: 'Diagram' }).click();
    await page.getByRole('region', { name: 'Inspector' }).getByRole('region', { name: 'Column customer_id' }).waitFor();
    await detail.getByRole('button', { name: 'Show the inferred relationship' }).click();
    await insp.getByRole('heading', { name: 'Inferred relationship' }).waitFor();
    await insp.getByRole('button', { name: 'From: stg_stripe__card.customer_id' }).waitFor();
    expect(ui.errors).toEqual([]);
  });

  it('accepting one proposes the relationships test in the review plan; after Apply it is declared', async () => {
    await page.getByRole('group', { name: `inferred relationship ${EDGE}` }).dispatchEvent('click');
    await page.getByRole('region', { name: 'Inspector' }).getByRole('button', { name: 'Propose relationships test' }).click();
    const plan = page.getByRole('region', { name: 'Review plan' });
    // the same deterministic edit as drawing the key by hand (no assistant in between)
    await plan.getByRole('heading', { name: /^Review plan: Relate stg_stripe__\w+\.\w+ to stg_stripe__customer\.\w+$/ }).waitFor();
    await plan.getByRole('textbox', { name: 'models/stg_stripe.yml: proposed' }).getByText("to: ref('stg_stripe__customer')").waitFor();
    await plan.getByRole('button', { name: 'Validate' }).click();
    await plan.getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
    await plan.getByRole('button', { name: 'Apply' }).click();
    // (the plan's own "Applied" line shows only until the primary file opens over it: the toast stays)
    await page.getByRole('region', { name: 'Notifications' }).getByRole('status').filter({ hasText: /^applied: \d+ written/ }).waitFor();
    await until(() => ui.read('models/stg_stripe.yml'), (t) => t.includes("to: ref('stg_stripe__customer')"), 'the relationships test on disk');
    await page.getByRole('tab', { name: 'Diagram' }).click();
    // (the diagram is laid out again with the new key; the canvas draws only what is in view)
    await until(async () => { await page.getByRole('button', { name: 'Fit view' }).click(); return page.getByRole('group', { name: `relationship ${EDGE}`, exact: true }).count(); }, (n) => n === 1, 'the declared relationship on the canvas');
    expect(await page.getByRole('group', { name: `inferred relationship ${EDGE}` }).count()).toBe(0);
  });
});
