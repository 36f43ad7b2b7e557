// The Explorer opens on what a modeler came for: a dbt package's models/, not its models/tmp/
// (Stripe's 22 `_tmp` models filled the first screen of the tree) nor .buildkite/ and .github/.
// Real Chromium on a copy of Stripe's package, by role and accessible name.
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REAL_DBT, sharedSkipReason } from '../helpers/shared.js';
import { startUi, uiUnavailable } from './harness.js';

const skip = uiUnavailable() ?? sharedSkipReason('real-dbt') ?? (existsSync(join(REAL_DBT, 'dbt_stripe_source')) ? undefined : 'no dbt_stripe_source');

describe.skipIf(!!skip)(`the Explorer of a dbt package${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens on models/ and its model files; models/tmp/ closed after them, hidden folders last', async () => {
    const ui = await startUi({ project: join(REAL_DBT, 'dbt_stripe_source') });
    try {
      const page = ui.page;
      const tree = page.getByRole('tree', { name: 'Project files' });
      await tree.getByRole('treeitem', { name: 'stg_stripe.yml', exact: true }).waitFor({ timeout: 60_000 });
      const rows = await tree.getByRole('treeitem').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
      expect(rows[0]).toBe('models/');
      // what shows in the first rows of the tree: models/ and its files, the model SQL among them
      expect(rows.slice(1, 6)).not.toContain('tmp/');
      expect(rows.indexOf('stg_stripe__charge.sql')).toBeLessThan(30);
      expect(await tree.getByRole('treeitem', { name: 'tmp/', exact: true }).getAttribute('aria-expanded')).toBe('false');
      expect(await tree.getByRole('treeitem', { name: 'stg_stripe__charge_tmp.sql', exact: true }).count()).toBe(0);
      // hidden folders after every other top-level folder
      const top = await tree.locator('[aria-level="1"]').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')!));
      const folders = top.filter((n) => n.endsWith('/'));
      expect(folders.slice(-2).sort()).toEqual(['.buildkite/', '.github/']);
      expect(ui.errors).toEqual([]);
    } finally {
      await ui.close();
    }
  }, 120_000);
});
