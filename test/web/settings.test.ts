// Settings → AI keeps the provider, model, base URL and key in the browser only; themes follow
// the system (or the choice in Settings); every control has an accessible name.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveUiForFile, showDetails, startUi, table, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
let ui: Ui;
let page: Page;
serveUiForFile(skip, (u) => { ui = u; page = u.page; });

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => { const p = join(dir, f); return statSync(p).isDirectory() ? filesUnder(p) : [p]; });
}

const luminance = (rgb: string) => {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
};

describe.skipIf(!!skip)(`settings, themes and accessible names${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('keeps the provider settings in this browser only', async () => {
    await page.getByRole('button', { name: 'Settings' }).click();
    const dlg = page.getByRole('dialog', { name: 'Settings' });
    await dlg.getByRole('combobox', { name: 'Provider' }).selectOption('openai-compatible');
    await dlg.getByRole('textbox', { name: 'Model' }).fill('llama3.1');
    await dlg.getByRole('textbox', { name: 'Base URL' }).fill('http://127.0.0.1:11434/v1');
    await dlg.getByLabel('API key').fill('sk-browser-only-4711');
    expect(await dlg.getByLabel('API key').getAttribute('type')).toBe('password');
    await dlg.getByRole('button', { name: 'Save' }).click();
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('modeler.ai.provider')))!);
    expect(stored).toEqual({ kind: 'openai-compatible', model: 'llama3.1', baseUrl: 'http://127.0.0.1:11434/v1', apiKey: 'sk-browser-only-4711' });
    await showDetails(page);
    await page.getByRole('tab', { name: 'AI', exact: true }).click();
    await page.getByRole('region', { name: 'Ask AI' }).getByText('llama3.1').waitFor();
    // nothing of it reached the project folder (runtime state included)
    for (const f of filesUnder(ui.root)) expect(readFileSync(f, 'latin1').includes('sk-browser-only-4711'), f).toBe(false);
    // reopened, the dialog shows what was kept; back to Local
    await page.getByRole('button', { name: 'Settings' }).click();
    expect(await dlg.getByRole('combobox', { name: 'Provider' }).inputValue()).toBe('openai-compatible');
    await dlg.getByRole('combobox', { name: 'Provider' }).selectOption('local');
    // Test asks the server to try the settings (Local needs no key and makes no call)
    if (await dlg.getByRole('button', { name: 'Test' }).count()) {
      await dlg.getByRole('button', { name: 'Test' }).click();
      await dlg.getByRole('status').filter({ hasText: 'the provider answered' }).waitFor();
    }
    await dlg.getByRole('button', { name: 'Save' }).click();
  });

  it('follows the system theme, or the one chosen', async () => {
    const bg = (p: Page) => p.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(luminance(await bg(page))).toBeGreaterThan(0.8);
    const dark = await ui.newPage({ colorScheme: 'dark' });
    await table(dark, 'orders').waitFor();
    expect(luminance(await bg(dark))).toBeLessThan(0.2);
    await dark.close();
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('radio', { name: 'Dark' }).check();
    await page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Save' }).click();
    expect(luminance(await bg(page))).toBeLessThan(0.2);
    await page.evaluate(() => localStorage.removeItem('modeler.theme'));
  });

  it('gives every control on the page an accessible name', async () => {
    await table(page, 'orders').getByText('orders', { exact: true }).click();
    const unnamed = await page.evaluate(() => {
      const named = (el: Element) => {
        const e = el as HTMLElement;
        if (e.getAttribute('aria-label')?.trim() || e.getAttribute('aria-labelledby') || e.getAttribute('title')?.trim()) return true;
        if ((e as HTMLInputElement).labels?.length) return true;
        return !!e.textContent?.trim();
      };
      const controls = [...document.querySelectorAll('button, input, select, textarea, [role="button"], [role="tab"], [role="menuitem"], [role="treeitem"], [role="combobox"], [role="textbox"]')];
      return controls.filter((c) => (c as HTMLElement).offsetParent !== null && !named(c)).map((c) => c.outerHTML.slice(0, 120));
    });
    expect(unnamed).toEqual([]);
    expect(ui.errors).toEqual([]);
  });
});
