// A big project stays usable: the canvas shows a focused subgraph (the best-connected table and
// its neighbours) instead of every table, search moves the focus, and "Show all" lays out every
// table while only those on screen are rendered. The graph comes by level of detail: the first
// screen fetches only the tables it shows.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveSyntheticForFile, uiUnavailable, until, type Ui } from './harness.js';

const skip = uiUnavailable();
const MODELS = 400;
let ui: Ui;
let page: Page;
serveSyntheticForFile(skip, 'modeler-large-', { models: MODELS, columns: 6, shape: 'chain' }, (u) => { ui = u; page = u.page; });

const note = () => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status');
const rendered = () => page.locator('.react-flow__node').count();

describe.skipIf(!!skip)(`a ${MODELS}-model project${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('opens on a focused subgraph, not every table', async () => {
    await note().filter({ hasText: `of ${MODELS} tables` }).waitFor({ timeout: 60_000 });
    const text = (await note().textContent())!;
    expect(text).toContain('the project is large');
    const shown = Number(/Showing (\d+) of/.exec(text)?.[1]);
    expect(shown).toBeGreaterThan(1);
    expect(shown).toBeLessThanOrEqual(150);
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
    await until(rendered, (n) => n === shown, `${shown} tables drawn`);
  });

  it('fetches only the tables it shows: the graph by level of detail, never the whole project', async () => {
    const graphs: { url: string; nodes: number; total?: number }[] = [];
    const seen: Promise<void>[] = [];
    const onResponse = (r: import('playwright-core').Response) => {
      if (/\/graph(\?|$)/.test(r.url())) seen.push(r.json().then((j) => { graphs.push({ url: r.url(), nodes: j.nodes.length, total: j.lod?.total_nodes }); }));
    };
    page.on('response', onResponse);
    await page.reload();
    await note().filter({ hasText: `of ${MODELS} tables` }).waitFor({ timeout: 60_000 });
    await Promise.all(seen);
    page.off('response', onResponse);
    expect(graphs.length).toBeGreaterThan(0);
    for (const g of graphs) {
      expect(g.url).toContain('limit=150');
      expect(g.nodes).toBeLessThanOrEqual(150);
      expect(g.total).toBe(MODELS);
    }
    const shown = Number(/Showing (\d+) of/.exec((await note().textContent())!)?.[1]);
    expect(graphs[graphs.length - 1].nodes).toBe(shown);
  });

  it('search focuses another table with its neighbours', async () => {
    await page.keyboard.press('Control+k');
    await page.getByRole('combobox', { name: /^Search/ }).fill('fct_lead_301');
    await page.getByRole('option', { name: /fct_lead_301/ }).first().click();
    await note().filter({ hasText: 'fct_lead_301 and neighbours within 1 hop.' }).waitFor();
    await page.getByRole('group', { name: 'model fct_lead_301', exact: true }).waitFor();
    await page.getByRole('group', { name: 'model dim_opportunity_302', exact: true }).waitFor();
    await page.getByRole('group', { name: 'model dim_campaign_300', exact: true }).waitFor();
    expect(await page.getByRole('group', { name: 'relationship dim_opportunity_302.lead_id to fct_lead_301.lead_id (many to one)' }).count()).toBe(1);
  });

  it('ticking Lineage with a table focused keeps the focus and asks for its ref() neighbours too', async () => {
    const shownNow = async () => Number(/Showing (\d+) of/.exec((await note().textContent())!)?.[1]);
    const before = await shownNow();
    const asked: string[] = [];
    const onRequest = (r: import('playwright-core').Request) => { if (/\/graph\?/.test(r.url())) asked.push(decodeURIComponent(r.url())); };
    page.on('request', onRequest);
    await page.getByRole('checkbox', { name: 'Lineage' }).check();
    await until(() => Promise.resolve(asked.length), (n) => n > 0, 'the graph asked again');
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
    page.off('request', onRequest);
    expect(asked.at(-1)).toMatch(/focus=[^&]*fct_lead_301/);
    expect(asked.at(-1)).toContain('lineage=true');
    await note().filter({ hasText: 'fct_lead_301 and neighbours within 1 hop.' }).waitFor();
    expect(await shownNow()).toBeGreaterThanOrEqual(before);
    await page.getByRole('group', { name: 'model fct_lead_301', exact: true }).waitFor();
    await page.getByRole('checkbox', { name: 'Lineage' }).uncheck();
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 60_000 });
  });

  it('shows all tables on demand, rendering only those on screen', async () => {
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await note().filter({ hasText: new RegExp(`^${MODELS} tables`) }).waitFor({ timeout: 90_000 });
    await page.getByRole('region', { name: 'Diagram' }).and(page.locator('[aria-busy="false"]')).waitFor({ timeout: 90_000 });
    for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Zoom In' }).click();
    const n = await until(rendered, (x) => x > 0 && x < MODELS, 'a partial render');
    expect(n).toBeLessThan(MODELS / 2);
    expect(ui.errors).toEqual([]);
  });
});
