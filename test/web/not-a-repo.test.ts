// A project folder that is not a git repository (the example copied anywhere): the UI does not call
// the git routes only to be answered 409 NOT_A_REPO (two failed requests in the console of every
// load), and the Git panel says what to do instead of offering actions that would fail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startUi, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui | undefined;

describe.skipIf(!!skip)(`a project that is not a git repository${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  beforeAll(async () => { if (!skip) ui = await startUi(); }, 120_000);
  afterAll(async () => { await ui?.close(); });

  it('loads with no failed request, and the Git panel says to run git init', async () => {
    const context = await ui!.browser.newContext({ viewport: { width: 1440, height: 900 } });
    const page = await context.newPage();
    const failed: string[] = [];
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`); });
    await page.goto(`${ui!.url}/`);
    await page.getByRole('group', { name: 'model orders', exact: true }).waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1500);
    expect(failed).toEqual([]);
    await page.getByRole('button', { name: 'Git', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Git' });
    await dialog.getByRole('status').filter({ hasText: 'not in a git repository' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Commit' }).count()).toBe(0);
    expect(failed).toEqual([]);
    await context.close();
  });
});
