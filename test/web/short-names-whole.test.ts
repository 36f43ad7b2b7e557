// A table's name that fits a table's widest title bar is drawn whole, at every zoom, beside its
// badges (interface, layer) and its detail button. On the example with orders.sql dropping a
// column its YAML lists (status), the window 1024 × 768 or 1280 × 800 makes a first screen read
// zoomed out, its names drawn larger: `orders` (with IF and mart beside it) was cut to "or…"
// there, its width counting a fixed 8 characters for badges that take 12. Real Chromium.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { EXAMPLE } from '../helpers/cli.js';
import { startUi, table, uiUnavailable, type Ui } from './harness.js';
import { canvasIdle } from './on-screen.js';

const skip = uiUnavailable();
let ui: Ui;
const orders = readFileSync(join(EXAMPLE, 'models/marts/orders.sql'), 'utf8');
const dropped = orders.replace('    orders.status,\n', '').replace('group by 1, 2, 3, 4, 5', 'group by 1, 2, 3, 4');

/** Every table's name whose title bar cuts it, with the size it is drawn at. */
const cutNames = (page: Page) => page.getByRole('region', { name: 'Diagram' }).evaluate((d) =>
  [...d.querySelectorAll<HTMLElement>('.table-name')].filter((e) => e.scrollWidth > e.clientWidth)
    .map((e) => `${e.textContent} (${e.clientWidth} of ${e.scrollWidth} px at ${getComputedStyle(e).fontSize})`));
const zoom = (page: Page) => page.evaluate(() => Number(/scale\(([\d.]+)\)/.exec((document.querySelector('.react-flow__viewport') as HTMLElement).style.transform)?.[1]));

describe.skipIf(!!skip)(`short table names${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  beforeAll(async () => { ui = await startUi({ files: { 'models/marts/orders.sql': dropped } }); }, 120_000);
  afterAll(async () => { await ui?.close(); });

  for (const viewport of [{ width: 1024, height: 768 }, { width: 1280, height: 800 }]) {
    it(`are drawn whole beside their badges at ${viewport.width} × ${viewport.height}, fitted and zoomed out`, async () => {
      expect(dropped).not.toBe(orders);
      const page = await ui.newPage({ viewport });
      await table(page, 'orders').waitFor();
      await canvasIdle(page);
      const head = table(page, 'orders').getByRole('button', { name: 'Collapse orders' });
      await head.waitFor();
      expect(await cutNames(page)).toEqual([]);
      // zoomed out the names are drawn larger (read at 11 px on screen), up to the room the table keeps
      const zooms: number[] = [];
      for (let i = 0; i < 4 && (await zoom(page)) > 0.3; i++) {
        await page.getByRole('button', { name: 'Zoom Out' }).click();
        zooms.push(await zoom(page));
        expect(await cutNames(page), `at zoom ${zooms.at(-1)}`).toEqual([]);
      }
      expect(zooms.length).toBeGreaterThan(0);
      await page.context().close();
    });
  }
});
