// What the canvas shows, measured in the page: the tests of a readable picture (first screens,
// Show more, Show all) judge it by these numbers.
import type { Page } from 'playwright-core';

/** The tables drawn inside the canvas: how many, their bounding box's aspect, the zoom and the smallest table name on screen (px). */
export const onScreen = (page: Page) => page.evaluate(() => {
  const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
  const m = /scale\(([\d.]+)\)/.exec((document.querySelector('.react-flow__viewport') as HTMLElement).style.transform);
  const zoom = Number(m?.[1] ?? 0);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity, count = 0, name = Infinity;
  for (const el of document.querySelectorAll<HTMLElement>('.react-flow__node')) {
    const r = el.getBoundingClientRect();
    if (r.right < pane.left || r.left > pane.right || r.bottom < pane.top || r.top > pane.bottom) continue;
    count++;
    x0 = Math.min(x0, r.left); y0 = Math.min(y0, r.top); x1 = Math.max(x1, r.right); y1 = Math.max(y1, r.bottom);
    const t = el.querySelector<HTMLElement>('.table-name');
    if (t) name = Math.min(name, parseFloat(getComputedStyle(t).fontSize) * zoom);
  }
  return { count, aspect: (x1 - x0) / (y1 - y0), zoom, name };
});

/** The diagram has laid out what it shows (a big project's layout may take minutes on a loaded machine). */
export const canvasIdle = (page: Page, timeout = 180_000) => page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout });

/** The diagram toolbar's note: what the canvas shows, and why. */
export const canvasNote = (page: Page) => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first();
