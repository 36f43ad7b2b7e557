// The canvas's legend covers no table. On cal-itp's warehouse at 1024 × 768, "Show N more" draws
// the hub's 51 tables where their names read, a view taller than the pane (cropped): its bottom
// row ran under the legend in the bottom-left corner, a table's name half covered. The legend now
// takes the bottom corner that covers nothing. Real Chromium on the fetched cal-itp warehouse.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
// @ts-expect-error the benchmarks' helper is plain JavaScript
import { fetchedProject, fetchedSkipReason } from '../../bench/lib/fetched-projects.mjs';
import { startUi, uiUnavailable, until } from './harness.js';
import { canvasIdle, canvasNote } from './on-screen.js';

const skip = uiUnavailable() ?? (fetchedSkipReason('cal-itp-warehouse') as string | undefined);

/** The tables whose box meets the legend's, by accessible name. */
const underLegend = (page: Page) => page.getByRole('region', { name: 'Diagram' }).evaluate((d) => {
  const legend = d.querySelector('[aria-label="Legend"]')!.getBoundingClientRect();
  return [...d.querySelectorAll<HTMLElement>('.react-flow__node')].filter((n) => {
    const r = n.getBoundingClientRect();
    return r.left < legend.right && r.right > legend.left && r.top < legend.bottom && r.bottom > legend.top;
  }).map((n) => n.getAttribute('aria-label'));
});

describe.skipIf(!!skip)(`the canvas legend${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('covers no table of cal-itp\'s first screen nor of its cropped "Show N more" view at 1024 × 768', async () => {
    const ui = await startUi({ project: fetchedProject('cal-itp-warehouse').dir, viewport: { width: 1024, height: 768 } });
    try {
      const page = ui.page;
      await canvasNote(page).filter({ hasText: /^Showing \d+ of \d+ tables: dim_schedule_feeds/ }).waitFor({ timeout: 180_000 });
      await canvasIdle(page);
      const legend = page.getByRole('region', { name: 'Diagram' }).getByLabel('Legend');
      await legend.waitFor();
      expect(await until(() => underLegend(page), (v) => v.length === 0, 'the first screen clear of the legend', 5_000)).toEqual([]);
      await page.getByRole('button', { name: /^Show \d+ more$/ }).click();
      await canvasNote(page).filter({ hasText: /^Showing 51 of/ }).waitFor();
      await canvasIdle(page);
      // cropped: the view is taller than the pane (its names read), so some table is cut at an edge
      const cropped = await page.getByRole('region', { name: 'Diagram' }).evaluate((d) => {
        const pane = d.querySelector('.react-flow')!.getBoundingClientRect();
        return [...d.querySelectorAll('.react-flow__node')].some((n) => { const r = n.getBoundingClientRect(); return r.top < pane.top + 36 || r.bottom > pane.bottom; });
      });
      expect(cropped).toBe(true);
      expect(await until(() => underLegend(page), (v) => v.length === 0, 'the cropped view clear of the legend', 5_000)).toEqual([]);
      // still the legend, in a bottom corner of the canvas
      const [box, pane] = [await legend.boundingBox(), await page.locator('section.canvas .react-flow').boundingBox()];
      expect(box!.y + box!.height).toBeGreaterThan(pane!.y + pane!.height - 40);
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 300_000);
});
