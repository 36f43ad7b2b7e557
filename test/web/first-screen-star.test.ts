// A big project whose best-connected table is a hub with fifty neighbours (cal-itp's warehouse
// opens on one): the first screen is the hub and its best-connected neighbours, laid out as a
// block, fitted at a zoom where rows are text; "Show N more" draws the rest. Real Chromium, by
// role and name; on the fetched cal-itp warehouse too when it is here.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
// @ts-expect-error the benchmarks' helper is plain JavaScript
import { fetchedProject, fetchedSkipReason } from '../../bench/lib/fetched-projects.mjs';
import { REPO } from '../helpers/cli.js';
import { startUi, table, uiUnavailable, until } from './harness.js';
import { canvasIdle, canvasNote, onScreen } from './on-screen.js';
import { FIRST_SCREEN } from '../../web/src/canvas/view';

const skip = uiUnavailable();
const SPOKES = 50, OTHERS = 110;
const spokes = Array.from({ length: SPOKES }, (_, i) => `spoke_${String(i).padStart(2, '0')}`);
const others = Array.from({ length: OTHERS }, (_, i) => `other_${i}`);
const rel = (to: string, field: string) => `          - relationships: {to: "ref('${to}')", field: ${field}}\n`;
const files: Record<string, string> = {
  'models/marts/_hub.yml': `version: 2\nmodels:\n  - name: feeds\n    columns:\n      - name: feed_key\n        data_tests: [unique]\n${spokes.map((s, i) =>
    `  - name: ${s}\n    columns:\n      - name: ${s}_key\n        data_tests: [unique]\n      - name: feed_key\n        data_tests:\n${rel('feeds', 'feed_key')}`
    // the first few also reference the one before: they are the best-connected after the hub
    + (i > 0 && i < 4 ? `      - name: prev_key\n        data_tests:\n${rel(spokes[i - 1], `${spokes[i - 1]}_key`)}` : '')).join('')}`,
  'models/marts/feeds.sql': 'select 1 as feed_key, 1 as name\n',
  ...Object.fromEntries(spokes.map((s) => [`models/marts/${s}.sql`, `select 1 as ${s}_key, 1 as feed_key, 1 as prev_key\n`])),
  ...Object.fromEntries(others.map((o) => [`models/other/${o}.sql`, `select 1 as id\n`])),
};

const idle = (page: Page) => canvasIdle(page, 180_000);
const note = canvasNote;

describe.skipIf(!!skip)(`the first screen of a project whose hub has ${SPOKES} neighbours${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('is the hub and its best-connected neighbours as a block, rows drawn as text; "Show N more" draws the rest', async () => {
    // the example project with the hub and its neighbours added, and enough others to be a big project
    const ui = await startUi({ files });
    try {
      const page = ui.page;
      await note(page).filter({ hasText: /^Showing \d+ of \d+ tables: feeds and its best-connected neighbours/ }).waitFor({ timeout: 120_000 });
      await idle(page);
      const s = await until(() => onScreen(page), (v) => v.count >= FIRST_SCREEN, 'the first screen drawn');
      expect(s.count).toBe(FIRST_SCREEN);
      expect(s.aspect).toBeGreaterThan(1 / 3);
      expect(s.aspect).toBeLessThan(3);
      // rows are text from 50%: the hub's key is readable, and so is a neighbour's that meets it
      expect(s.zoom).toBeGreaterThanOrEqual(0.5);
      await expect.poll(() => table(page, 'feeds').getByText('feed_key', { exact: true }).isVisible()).toBe(true);
      await expect.poll(() => table(page, 'spoke_02').getByText('prev_key', { exact: true }).isVisible()).toBe(true);
      if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', 'canvas-first-screen-hub.png') });
      const more = page.getByRole('button', { name: `Show ${SPOKES + 1 - FIRST_SCREEN} more` });
      await more.click();
      await note(page).filter({ hasText: `Showing ${SPOKES + 1} of` }).waitFor();
      await idle(page);
      const all = await until(() => onScreen(page), (v) => v.count === SPOKES + 1, 'every neighbour drawn');
      expect(all.aspect).toBeGreaterThan(1 / 3);
      expect(all.aspect).toBeLessThan(3);
      // fifty-one tables read fitted as names only (readable-view.ts): they drew 4.5 px names with keys
      expect(all.name).toBeGreaterThanOrEqual(9);
      expect(await more.count()).toBe(0);
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 240_000);
});

const calItp = skip ?? fetchedSkipReason('cal-itp-warehouse');
describe.skipIf(!!calItp)(`the first screen of cal-itp's warehouse${calItp ? ` [skipped: ${calItp}]` : ''}`, () => {
  it('is its hub dim_schedule_feeds and the best-connected neighbours, a block whose rows are text and names 11 px', async () => {
    const ui = await startUi({ project: fetchedProject('cal-itp-warehouse').dir });
    try {
      const page = ui.page;
      await note(page).filter({ hasText: /^Showing \d+ of \d+ tables: dim_schedule_feeds and its best-connected/ }).waitFor({ timeout: 180_000 });
      await idle(page);
      const s = await until(() => onScreen(page), (v) => v.count > 1, 'the first screen drawn');
      console.log(`cal-itp: first screen ${s.count} tables at ${Math.round(s.zoom * 100)}%, names ${s.name.toFixed(1)} px`);
      expect(s.aspect).toBeGreaterThan(1 / 3);
      expect(s.aspect).toBeLessThan(3);
      expect(s.zoom).toBeGreaterThanOrEqual(0.5);
      // a first screen is read by its names: it kept 24 tables at 56% and drew them at 7 px
      expect(s.name).toBeGreaterThanOrEqual(11);
      // the neighbours left off are one click away
      await page.getByRole('button', { name: /^Show \d+ more$/ }).waitFor();
      await expect.poll(() => table(page, 'dim_schedule_feeds').getByText('key', { exact: true }).isVisible()).toBe(true);
      // layers that share a colour (dim and fct are both marts) are one entry of the legend, not two look-alike swatches
      await page.getByLabel('Legend').getByRole('listitem').filter({ hasText: /^dim, fct$/ }).waitFor();
      expect(await page.getByLabel('Legend').getByRole('listitem').filter({ hasText: /^(dim|fct)$/ }).count()).toBe(0);
      if (process.env.MODELER_SCREENSHOTS) await page.screenshot({ path: join(REPO, 'docs', 'images', 'canvas-real-cal-itp.png') });
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 300_000);
});
