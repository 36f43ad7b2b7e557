// The diagram reads busy (aria-busy) from a click that changes what it shows until that view is
// laid out and fitted, not only while the layout runs: on a big project "Show all" first asks the
// server for the tables, and a view read as settled meanwhile was laid out and re-fitted a moment
// later (a test that had zoomed in by then read the zoom of the new fit). Real Chromium on a
// generated 200-model project; the server's answer is held to look in between.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serveSyntheticForFile, uiUnavailable, until, type Ui } from './harness.js';
import { canvasIdle } from './on-screen.js';

const skip = uiUnavailable();
const MODELS = 200;
let ui: Ui;
let page: Page;
serveSyntheticForFile(skip, 'modeler-busy-', { models: MODELS, columns: 6, shape: 'chain' }, (u) => { ui = u; page = u.page; });

const note = () => page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status');
const busy = () => page.getByRole('region', { name: 'Diagram' }).getAttribute('aria-busy');

describe.skipIf(!!skip)(`the diagram's busy state on a ${MODELS}-model project${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('Show all: busy from the click while the server is asked, settled once laid out and fitted', async () => {
    await note().filter({ hasText: `of ${MODELS} tables` }).waitFor({ timeout: 120_000 });
    await canvasIdle(page);
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    let asked = 0;
    // the project's graph (not its inferred keys): answered only once released
    const graph = /\/graph(\?|$)/;
    await page.route(graph, async (route) => { asked++; await held; await route.continue(); });
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    await until(() => asked, (n) => n > 0, 'the tables asked of the server');
    expect(await busy()).toBe('true');
    release();
    await note().filter({ hasText: new RegExp(`^${MODELS} tables`) }).waitFor({ timeout: 120_000 });
    await canvasIdle(page);
    expect(await busy()).toBe('false');
    await page.unroute(graph);
    expect(ui.errors).toEqual([]);
  }, 300_000);
});
