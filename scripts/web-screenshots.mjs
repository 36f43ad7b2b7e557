#!/usr/bin/env node
// The screenshots of docs/ui.md (docs/images/ui-*.png), taken in Chromium from a real
// `modeler serve` on scratch copies of the example and of a synthetic 500-model project.
// Usage: npm run build && node scripts/web-screenshots.mjs
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { generateProject } from '../bench/lib/synthetic-project.mjs';
import { startServe, stopServe } from '../bench/lib/server-process.mjs';

const ROOT = join(import.meta.dirname, '..');
const OUT = join(ROOT, 'docs', 'images');
const scratch = mkdtempSync(join(tmpdir(), 'modeler-shots-'));
const browser = await chromium.launch({ executablePath: process.env.MODELER_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const ready = (page) => page.locator('section[aria-label="Diagram"][aria-busy="false"]').waitFor({ timeout: 120_000 });
const shot = async (page, name) => { await page.waitForTimeout(400); await page.screenshot({ path: join(OUT, name) }); console.log(`wrote docs/images/${name}`); };

async function withServer(dir, fn) {
  const server = await startServe(dir);
  try { await fn(server.url); } finally { await stopServe(server); }
}

try {
  const example = join(scratch, 'jaffle_shop');
  cpSync(join(ROOT, 'examples', 'jaffle_shop'), example, { recursive: true });
  await withServer(example, async (url) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    await page.goto(url + '/');
    const orders = page.getByRole('group', { name: 'model orders', exact: true });
    await orders.waitFor();
    await ready(page);
    await orders.getByText('orders', { exact: true }).click();
    await shot(page, 'ui-diagram.png');

    await orders.click({ button: 'right' });
    await page.getByRole('menuitem', { name: 'Ask AI about orders' }).click();
    const box = page.getByRole('textbox', { name: 'Message to the assistant' });
    await box.fill('Which models feed orders, and is it ready to be a contracted Interface?');
    const offered = await page.evaluate(async () => Object.keys((await (await fetch('/api/openapi.json')).json()).paths).includes('/api/ai/ask'));
    if (offered) {
      await box.press('Enter');
      await page.getByRole('region', { name: 'Sources' }).first().waitFor({ timeout: 60_000 });
    }
    await shot(page, 'ui-ask-ai.png');

    await page.locator('.react-flow__pane').click({ position: { x: 8, y: 8 } });
    await page.getByRole('tab', { name: 'Inspector' }).click();
    await page.getByRole('region', { name: 'Agents' }).getByRole('spinbutton', { name: 'min recurrence' }).fill('1');
    await page.getByRole('region', { name: 'Agents' }).getByRole('button', { name: 'Canonicalize' }).click();
    const plan = page.getByRole('region', { name: 'Review plan' });
    await plan.getByRole('tab', { name: 'Modeler/logical/customer.model.yaml' }).click();
    await plan.getByRole('button', { name: 'Validate' }).click();
    await plan.getByRole('status').filter({ hasText: /^Validation passed/ }).waitFor();
    await shot(page, 'ui-review-plan.png');
    await plan.getByRole('button', { name: 'Discard' }).click();

    const marts = 'models/marts/_marts.yml';
    await page.getByRole('tree', { name: 'Project files' }).getByRole('treeitem', { name: '_marts.yml' }).dblclick();
    const editor = page.getByRole('textbox', { name: `Contents of ${marts}`, exact: true });
    await editor.click();
    const text = await page.evaluate(async (p) => (await (await fetch(`/api/projects/${(await (await fetch('/api/health')).json()).project.id}/file?path=${encodeURIComponent(p)}`)).json()).content, marts);
    await page.keyboard.press('Control+a');
    await page.keyboard.insertText(text.replace(`description: '{{ doc("order_status") }}'`, 'description: Where the order is in its life cycle.'));
    await page.getByRole('button', { name: 'Review as proposal' }).click();
    await plan.getByRole('button', { name: 'Validate' }).click();
    await page.getByRole('alert').filter({ hasText: 'bound to the doc block “order_status”' }).waitFor();
    await shot(page, 'ui-doc-block-overwrite.png');

    const dark = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'dark' });
    await dark.goto(url + '/');
    await dark.getByRole('group', { name: 'model stg_shop__orders', exact: true }).waitFor();
    await ready(dark);
    await dark.getByRole('group', { name: 'model stg_shop__orders', exact: true }).getByText('stg_shop__orders', { exact: true }).click();
    await shot(dark, 'ui-dark.png');
  });

  const big = join(scratch, 'synthetic-500');
  generateProject(big, { models: 500 });
  await withServer(big, async (url) => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, colorScheme: 'light' });
    await page.goto(url + '/');
    await page.getByRole('status').filter({ hasText: /^Showing \d+ of \d+ tables/ }).waitFor({ timeout: 120_000 });
    await ready(page);
    await page.getByRole('combobox', { name: 'Hops' }).selectOption('3');
    await ready(page);
    await page.getByRole('button', { name: 'Fit view', exact: true }).click();
    await shot(page, 'ui-large-project.png');
  });
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
