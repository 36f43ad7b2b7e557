// Many edges meeting one row — eight tables referencing customers.customer_id — are drawn as a
// fan: each ends at its own point on the row, leans out in the order of its other end (so none
// cross at the row), and their labels do not sit on one another. Real Chromium, by role and name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startUi, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
const N = 8;
const refs = Array.from({ length: N }, (_, i) => `visit_${i}`);
const files: Record<string, string> = {
  'models/marts/_visits.yml': `version: 2\nmodels:\n${refs.map((r) => `  - name: ${r}\n    columns:\n      - name: ${r}_id\n        data_tests: [unique]\n      - name: customer_id\n        data_tests:\n          - relationships: {to: "ref('customers')", field: customer_id}\n`).join('')}`,
  ...Object.fromEntries(refs.map((r) => [`models/marts/${r}.sql`, `select 1 as ${r}_id, 1 as customer_id\n`])),
};

/** Every number pair of an SVG path, in order. */
const points = (d: string) => [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map((m) => ({ x: Number(m[1]), y: Number(m[2]) }));

let ui: Ui;
let page: Page;
beforeAll(async () => {
  if (skip) return;
  ui = await startUi({ files });
  page = ui.page;
  await table(page, 'customers').waitFor();
});
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`edges meeting one row${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('end at distinct points on the row and fan out in the order of their other ends; their labels do not overlap', async () => {
    const edges = page.getByRole('group', { name: /^relationship visit_\d+\.customer_id to customers\.customer_id/ });
    await expect.poll(() => edges.count(), { timeout: 30_000 }).toBe(N);
    const ends: { end: { x: number; y: number }; lean: { x: number; y: number }; other: { x: number; y: number } }[] = [];
    for (let i = 0; i < N; i++) {
      const d = (await edges.nth(i).locator('path.react-flow__edge-path').getAttribute('d'))!;
      const p = points(d);
      // from (the visit table) … to (customers): the last point is on the customers row, two before it where the lean ends
      ends.push({ end: p[p.length - 1], lean: p[p.length - 3], other: p[0] });
    }
    const ys = ends.map((e) => e.end.y);
    expect(new Set(ys.map((y) => y.toFixed(2))).size).toBe(N);
    // all on the one row (22 px high)
    expect(Math.max(...ys) - Math.min(...ys)).toBeLessThan(22);
    // the leans are apart enough to tell one line from the next
    const leans = ends.map((e) => e.lean.y).sort((a, b) => a - b);
    for (let i = 1; i < N; i++) expect(leans[i] - leans[i - 1]).toBeGreaterThanOrEqual(6);
    // in the order of their other ends: no two cross at the row
    const byOther = [...ends].sort((a, b) => a.other.y - b.other.y).map((e) => e.lean.y);
    expect(byOther).toEqual([...byOther].sort((a, b) => a - b));

    const labels = await page.locator('.react-flow__edges text.er-label').evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { x0: r.left, y0: r.top, x1: r.right, y1: r.bottom }; }));
    expect(labels.length).toBeGreaterThan(0);
    for (let i = 0; i < labels.length; i++) for (let j = i + 1; j < labels.length; j++) {
      const a = labels[i], b = labels[j];
      expect(a.x0 < b.x1 - 1 && b.x0 < a.x1 - 1 && a.y0 < b.y1 - 1 && b.y0 < a.y1 - 1, `labels ${i} and ${j} overlap`).toBe(false);
    }
  });
});
