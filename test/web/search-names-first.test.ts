// A name typed into the search box is navigation: the table whose name it is, or starts with,
// comes first. The index ranked files and columns sharing its words above it — "fct_active" on
// mattermost-analytics listed `fct_active_servers.activity_date` first, "marts__structures" on
// data-inclusion put `marts__structures_v1` fifth; on the example "stg_shop__ord" listed three SQL
// files before `stg_shop__orders`, and "cust" a column before `customers`. Until every lookup
// has answered the list says "Searching…": a "No match." shown meanwhile was an option Enter picked.
import { describe, expect, it } from 'vitest';
import { serveUiForFile, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
serveUiForFile(skip, (u) => { ui = u; });

async function firstOption(typed: string): Promise<string> {
  const page = ui.page;
  await page.keyboard.press('Control+k');
  const search = page.getByRole('dialog', { name: 'Search the project' });
  await search.getByRole('combobox', { name: 'Search models, entities, columns, files and doc blocks' }).fill(typed);
  // the index's answer replaces the names matched at once: wait for it (its hits carry a title)
  await page.waitForResponse((r) => r.url().endsWith('/api/ai/context/preview'));
  await page.waitForTimeout(100);
  const first = (await search.getByRole('option').first().innerText()).split('\n')[0];
  await page.keyboard.press('Escape');
  await search.waitFor({ state: 'detached' });
  return first;
}

describe.skipIf(!!skip)(`a table's name typed into the search${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('lists the table it names first', async () => {
    expect(await firstOption('stg_shop__ord')).toMatch(/^model\s*stg_shop__orders\b/);
    expect(await firstOption('cust')).toMatch(/^model\s*customers\b/);
  });

  it('says it is searching, not "No match.", until the index has answered', async () => {
    // "No match." was an option while the lookups were on their way: Enter picked it, and nothing happened
    const page = ui.page;
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    const route = '**/api/ai/context/preview';
    await page.route(route, async (r) => { await held; await r.continue(); });
    try {
      await page.keyboard.press('Control+k');
      const search = page.getByRole('dialog', { name: 'Search the project' });
      await search.getByRole('combobox', { name: 'Search models, entities, columns, files and doc blocks' }).fill('zqxv');
      await search.getByText('Searching…').waitFor();
      expect(await search.getByRole('option').count()).toBe(0);
      release();
      await search.getByRole('option', { name: 'No match.' }).waitFor();
      await page.keyboard.press('Escape');
      await search.waitFor({ state: 'detached' });
    } finally {
      release();
      await page.unroute(route);
    }
  });
});
