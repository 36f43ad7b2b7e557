// A big project that declares no relationships tests (Crowd Cow's 630-table warehouse is one)
// opens, in Chromium, on the table most inferred keys meet and the tables they come from, drawn
// with those keys — not on the first table by name alone on the canvas.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { tempDir } from '../helpers/cli.js';
import { startUi, uiUnavailable, until, type Ui } from './harness.js';
import { canvasIdle } from './on-screen.js';

const skip = uiUnavailable();
const KEYLESS = 180; // report tables no key meets; they sort before the staging models
const POINTING = ['orders', 'payments', 'reviews', 'sessions', 'carts', 'addresses'];
let ui: Ui | undefined;
let page: Page;

beforeAll(async () => {
  if (skip) return;
  const dir = join(tempDir('modeler-first-inferred-'), 'p');
  mkdirSync(join(dir, 'models', 'staging'), { recursive: true });
  mkdirSync(join(dir, 'models', 'reports'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
  const yml = ['version: 2', 'models:'];
  const model = (folder: string, name: string, cols: string[]) => {
    writeFileSync(join(dir, 'models', folder, `${name}.sql`), `select ${cols.join(', ')} from raw.${name}\n`);
    yml.push(`  - name: ${name}`, '    columns:', ...cols.map((c, i) => (i === 0 ? `      - name: ${c}\n        data_tests: [unique, not_null]` : `      - name: ${c}`)));
  };
  for (let i = 0; i < KEYLESS; i++) model('reports', `agg_report_${String(i).padStart(3, '0')}`, [`report_row_${i}`, 'total_amount']);
  model('staging', 'stg_users', ['user_id', 'email']);
  for (const t of POINTING) model('staging', `stg_${t}`, [`${t.replace(/e?s$/, '')}_id`, 'user_id', 'created_at']);
  writeFileSync(join(dir, 'models', '_models.yml'), yml.join('\n') + '\n');
  ui = await startUi({ project: dir });
  page = ui.page;
}, 180_000);
afterAll(async () => { await ui?.close(); });

/** A page of the project whose request for the inferred keys waits for `release()`. */
async function openHoldingInferred() {
  const context = await ui!.browser.newContext({ viewport: { width: 1440, height: 900 } });
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await context.route(/\/graph\/inferred(\?|$)/, async (route) => { await held; await route.continue(); });
  const p = await context.newPage();
  await p.goto(`${ui!.url}/`);
  return { context, p, release };
}

describe.skipIf(!!skip)(`a big project with no declared keys${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens on the table the inferred keys meet most, with the tables pointing at it and the keys drawn', async () => {
    const note = page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status');
    await note.filter({ hasText: `of ${KEYLESS + 1 + POINTING.length} tables: stg_users and` }).waitFor({ timeout: 60_000 });
    await page.getByRole('group', { name: 'model stg_users', exact: true }).waitFor();
    for (const t of POINTING) await page.getByRole('group', { name: `model stg_${t}`, exact: true }).waitFor();
    expect(await page.getByRole('group', { name: /^model agg_report_/ }).count()).toBe(0);
    await until(() => page.getByRole('group', { name: /^inferred relationship .* to stg_users\.user_id/ }).count(), (n) => n === POINTING.length, 'an inferred key from each table to stg_users');
  });

  it('a panel opened before the inferred keys arrive leaves the view fitted to every table once they do', async () => {
    const { context, p, release } = await openHoldingInferred();
    await p.getByRole('button', { name: 'Ask AI' }).waitFor({ timeout: 60_000 });
    await p.waitForTimeout(500);
    // the Ask AI button opens the panel beside the canvas (narrowing it) while the keys are held back
    await p.getByRole('button', { name: 'Ask AI' }).click();
    await p.getByRole('textbox', { name: 'Message to the assistant' }).waitFor();
    release();
    await until(() => p.getByRole('group', { name: /^inferred relationship / }).count(), (n) => n >= POINTING.length, 'the inferred keys drawn');
    await canvasIdle(p);
    await p.waitForTimeout(300);
    const outside = await p.evaluate(() => {
      const pane = document.querySelector('.react-flow')!.getBoundingClientRect();
      return [...document.querySelectorAll<HTMLElement>('.react-flow__node')].filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left < pane.left - 1 || r.right > pane.right + 1 || r.top < pane.top - 1 || r.bottom > pane.bottom + 1;
      }).map((el) => el.getAttribute('aria-label'));
    });
    expect(await p.locator('.react-flow__node').count()).toBe(1 + POINTING.length);
    expect(outside).toEqual([]);
    await context.close();
  });

  it('waits for the inferred keys that chose its tables, never drawing the hub alone meanwhile', async () => {
    const { context, p, release } = await openHoldingInferred();
    await p.getByRole('toolbar', { name: 'Diagram tools' }).waitFor();
    const seen = new Set<number>();
    for (let i = 0; i < 10; i++) { seen.add(await p.locator('.react-flow__node').count()); await p.waitForTimeout(150); }
    release();
    await until(() => p.locator('.react-flow__node').count(), (n) => n === 1 + POINTING.length, 'every table of the part drawn');
    expect([...seen]).toEqual([0]);
    await context.close();
  });
});
