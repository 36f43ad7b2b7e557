// "Show N more" and "Show all" on real projects read fitted: the most detail that reads (every
// column, keys only, names only) is measured for the view, and a view too big for any is fitted
// where its names read. cal-itp's hub and its 50 neighbours drew names at 4.5 px; Shopify's 42
// tables at 2.7 px (121 with the keyless ones). Real Chromium on the fetched projects, by role and name.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
// @ts-expect-error the benchmarks' helper is plain JavaScript
import { fetchedProject, fetchedSkipReason } from '../../bench/lib/fetched-projects.mjs';
import { REPO } from '../helpers/cli.js';
import { startUi, uiUnavailable, until } from './harness.js';
import { canvasIdle, canvasNote, onScreen } from './on-screen.js';

const skip = uiUnavailable();

const idle = (page: Page) => canvasIdle(page, 180_000);
const note = canvasNote;
const detail = (page: Page) => page.getByRole('combobox', { name: 'Columns' }).locator('option:checked').textContent();
const shot = async (page: Page, name: string) => { if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', `${name}.png`) }); };

const calItp = skip ?? fetchedSkipReason('cal-itp-warehouse');
describe.skipIf(!!calItp)(`"Show N more" on cal-itp's warehouse${calItp ? ` [skipped: ${calItp}]` : ''}`, () => {
  it('draws the hub and its 50 neighbours as a block of names read at 9 px or more, fitted whole', async () => {
    const ui = await startUi({ project: fetchedProject('cal-itp-warehouse').dir });
    try {
      const page = ui.page;
      await page.getByRole('button', { name: /^Show \d+ more$/ }).click({ timeout: 180_000 });
      await note(page).filter({ hasText: /^Showing 51 of/ }).waitFor({ timeout: 60_000 });
      await idle(page);
      const s = await until(() => onScreen(page), (v) => v.count === 51, 'all 51 tables in sight');
      console.log(`cal-itp show more: ${s.count} tables at ${Math.round(s.zoom * 100)}%, names ${s.name.toFixed(1)} px, aspect ${s.aspect.toFixed(2)}`);
      expect(await detail(page)).toBe('Auto (collapsed)');
      expect(s.name).toBeGreaterThanOrEqual(9);
      expect(s.aspect).toBeGreaterThan(1 / 3);
      expect(s.aspect).toBeLessThan(3);
      await shot(page, 'canvas-real-cal-itp-more');
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 300_000);
});

const shopify = skip ?? fetchedSkipReason('shopify-source');
describe.skipIf(!!shopify)(`"Show all" on Shopify's package${shopify ? ` [skipped: ${shopify}]` : ''}`, () => {
  it('draws its 42 related tables fitted as names at 9 px; with the 79 keyless ones, where names read', async () => {
    const ui = await startUi({ project: fetchedProject('shopify-source').dir });
    try {
      const page = ui.page;
      await page.getByRole('button', { name: 'Show all', exact: true }).click({ timeout: 180_000 });
      await note(page).filter({ hasText: /^42 tables/ }).waitFor({ timeout: 60_000 });
      await idle(page);
      const s = await until(() => onScreen(page), (v) => v.count === 42, 'all 42 tables in sight');
      console.log(`shopify show all: ${s.count} tables at ${Math.round(s.zoom * 100)}%, names ${s.name.toFixed(1)} px, aspect ${s.aspect.toFixed(2)}`);
      expect(await detail(page)).toBe('Auto (collapsed)');
      expect(s.name).toBeGreaterThanOrEqual(9);
      expect(s.aspect).toBeGreaterThan(1 / 3);
      expect(s.aspect).toBeLessThan(3);
      // fitted whole, above the legend (bottom left)
      const legend = (await page.getByLabel('Legend').boundingBox())!;
      expect(await page.evaluate((top) => Math.max(...[...document.querySelectorAll('.react-flow__node')].map((e) => e.getBoundingClientRect().bottom)) <= top + 1, legend.y)).toBe(true);
      await shot(page, 'canvas-real-shopify-all');
      // the keyless staging tables too: 121, fitted no lower than where their names read
      await page.getByRole('button', { name: 'Show 79 tables without keys' }).click();
      // (the note says so: fitted where names read, not whole)
      await note(page).filter({ hasText: /^121 tables \(fitted no smaller than names read: zoom out for the whole\)$/ }).waitFor({ timeout: 60_000 });
      await idle(page);
      const all = await until(() => onScreen(page), (v) => v.count > 20, 'tables in sight');
      console.log(`shopify with keyless: ${all.count} in sight at ${Math.round(all.zoom * 100)}%, names ${all.name.toFixed(1)} px`);
      expect(all.name).toBeGreaterThanOrEqual(9);
      await shot(page, 'canvas-real-shopify-all-keyless');
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 300_000);
});
