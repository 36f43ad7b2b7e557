// A model with a long description: the inspector cuts it to a few lines with "More", so the
// Columns list stays in sight at 1440 × 900 (forty lines of description pushed it below the fold).
// Real Chromium on the example project with orders' description made long, by role and name.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXAMPLE } from '../helpers/cli.js';
import { startUi, table, uiUnavailable } from './harness.js';

const skip = uiUnavailable();
const LONG = Array.from({ length: 40 }, (_, i) => `Line ${i + 1} of a description that says at length what an order is and where it comes from.`).join('\n');
const marts = readFileSync(join(EXAMPLE, 'models', 'marts', '_marts.yml'), 'utf8')
  .replace('    description: One row per order with its payment total.\n', `    description: |\n${LONG.split('\n').map((l) => `      ${l}`).join('\n')}\n`);

describe.skipIf(!!skip)(`a long description in the inspector${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('is cut to a few lines with More, the Columns list in sight; More shows it whole, Less cuts it again', async () => {
    expect(marts).toContain('Line 40 of');
    const ui = await startUi({ files: { 'models/marts/_marts.yml': marts } });
    try {
      const page = ui.page;
      await table(page, 'orders').waitFor();
      await table(page, 'orders').locator('.table-name').click();
      const inspector = page.getByRole('article', { name: 'Inspector for orders' });
      await inspector.waitFor();
      const columns = inspector.getByRole('region', { name: 'Columns of orders' });
      await columns.waitFor();
      // the Columns list starts within the window
      expect((await columns.boundingBox())!.y).toBeLessThan(900 - 60);
      const more = inspector.getByRole('button', { name: 'More of the description' });
      expect(await more.getAttribute('aria-expanded')).toBe('false');
      await expect.poll(() => inspector.getByText(/^Line 1 of/).isVisible()).toBe(true);
      const text = inspector.locator('.clamped');
      const cut = () => text.evaluate((e) => e.scrollHeight > e.clientHeight + 1);
      expect(await cut()).toBe(true);
      await more.click();
      const less = inspector.getByRole('button', { name: 'Less of the description' });
      expect(await less.getAttribute('aria-expanded')).toBe('true');
      expect(await cut()).toBe(false);
      await less.click();
      await more.waitFor();
      expect(await cut()).toBe(true);
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 120_000);
});
