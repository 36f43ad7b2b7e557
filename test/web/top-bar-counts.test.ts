// The top bar counts with each noun's right form: the example with orders.sql dropping a column
// its YAML lists (status) has one warning, said "1 warning" (it said "1 warnings"), in the
// button's text and its accessible name; at 1024 × 768 the project's name and both counts are
// read whole (they were cut: "jaffl…", "✓ valid · 1 war…"). Real Chromium on a copy of the example.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE } from '../helpers/cli.js';
import { startUi, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
const orders = readFileSync(join(EXAMPLE, 'models/marts/orders.sql'), 'utf8');
const dropped = orders.replace('    orders.status,\n', '').replace('group by 1, 2, 3, 4, 5', 'group by 1, 2, 3, 4');

describe.skipIf(!!skip)(`the top bar's counts${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  beforeAll(async () => { ui = await startUi({ files: { 'models/marts/orders.sql': dropped } }); }, 120_000);
  afterAll(async () => { await ui?.close(); });

  it('says "1 warning" for the one warning the server reports', async () => {
    const id = (await (await fetch(`${ui.url}/api/health`)).json()).project.id;
    const v = await (await fetch(`${ui.url}/api/projects/${id}/validation`)).json();
    expect(v.summary).toMatchObject({ errors: 0, warnings: 1 });
    const status = ui.page.getByRole('banner').getByRole('button', { name: 'Validation: valid, 1 warning', exact: true });
    await status.waitFor();
    expect(await status.textContent()).toBe('✓ valid · 1 warning');
  });

  it('reads the project name and both counts whole at 1024 × 768, Settings and Search still in the bar', async () => {
    const page = await ui.newPage({ viewport: { width: 1024, height: 768 } });
    const bar = page.getByRole('banner');
    await bar.getByRole('button', { name: 'Validation: valid, 1 warning', exact: true }).waitFor();
    const cut = await bar.evaluate((b) => [...b.querySelectorAll<HTMLElement>('.project, .status')]
      .filter((e) => e.scrollWidth > e.clientWidth).map((e) => `${e.textContent} (${e.clientWidth} of ${e.scrollWidth} px)`));
    expect(cut).toEqual([]);
    for (const name of ['Search… Ctrl K', 'Settings']) {
      const box = await bar.getByRole('button', { name, exact: true }).boundingBox();
      expect(box && box.x + box.width <= 1024, name).toBe(true);
    }
  });
});
