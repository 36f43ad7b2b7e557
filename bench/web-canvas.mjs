// Time to an interactive canvas in real Chromium: from opening the page (the server already up)
// to the first table on screen with the layout done, for the example project and for synthetic
// projects of N models (which open on a focused subgraph); then "Show all" (every table laid out
// by ELK in its worker, of which the layout alone), a search jump, and panning with about 200
// tables on screen (frames per second while the pane is dragged). Median of `rounds` page loads each.
// First, panning about 200 tables with every column (fitted, then at the first zoom drawing their
// rows as text), with the renderer's time per frame; --trace FILE writes a Chromium trace of the
// fitted pan (chrome://tracing or DevTools' Performance panel opens it).
// Usage: npm run build && node bench/web-canvas.mjs [N ...] [--rounds R] [--pan-seconds S] [--pan-models M] [--only-pan] [--trace FILE] [--shots DIR]
//   (default 500 models, 3 rounds; the pan scenario on 125 models, 2 s per pan)
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { generateProject } from './lib/synthetic-project.mjs';
import { startServe, stopServe } from './lib/server-process.mjs';
import { panFor, panLine, tablesOnScreen, zoomOf } from './lib/canvas-pan.mjs';

const args = process.argv.slice(2);
const rIdx = args.indexOf('--rounds');
const rounds = rIdx >= 0 ? Number(args[rIdx + 1]) : 3;
const opt = (name, dflt) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : dflt; };
const panSeconds = Number(opt('--pan-seconds', 2));
const panModels = Number(opt('--pan-models', 125));
const trace = opt('--trace');
const shots = opt('--shots');
const onlyPan = args.includes('--only-pan');
const sizes = args.filter((a, i) => /^\d+$/.test(a) && !['--rounds', '--pan-seconds', '--pan-models'].includes(args[i - 1])).map(Number);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.MODELER_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/** Zoom in until about 200 tables are on screen, then drag the pane counting frames. */
async function panFps(page) {
  for (let i = 0; i < 30 && (await tablesOnScreen(page)) > 220; i++) {
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await page.waitForTimeout(150);
  }
  const tables = await tablesOnScreen(page);
  const far = await page.locator('.far-view').count() > 0;
  const { fps } = await panFor(page, panSeconds);
  return { fps, tables, far };
}

/**
 * The worst case the issue names: about 200 tables with every column, fitted to the window, then
 * at the first zoom of 30% or more, then at the first zoom where their rows are drawn with text;
 * the pane dragged at each.
 * A synthetic project of `models` models (with their sources, about 1.6 tables a model).
 */
async function fullTables(models) {
  const dir = join(scratch, `pan-${models}`);
  generateProject(dir, { models });
  const server = await startServe(dir);
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const busy = () => page.locator('section[aria-label="Diagram"][aria-busy="false"]').waitFor({ timeout: 120_000 });
  try {
    await page.goto(server.url + '/');
    await page.getByRole('group', { name: /^model / }).first().waitFor({ timeout: 120_000 });
    await busy();
    const showAll = page.getByRole('button', { name: 'Show all', exact: true });
    if (await showAll.count()) { await showAll.click(); await page.getByRole('button', { name: 'Show focused' }).waitFor({ timeout: 120_000 }); await busy(); }
    await page.getByRole('combobox', { name: 'Columns' }).selectOption('all');
    await page.waitForTimeout(300);
    await busy();
    await page.getByRole('button', { name: 'Fit view' }).click();
    await page.waitForTimeout(500);
    const rows = () => page.locator('.table-row[data-column]').count();
    const state = async () => `${await tablesOnScreen(page)} tables on screen at zoom ${(await zoomOf(page)).toFixed(2)}, ${await rows()} column rows in the page`;
    const total = (await page.getByRole('toolbar', { name: 'Diagram tools' }).getByRole('status').first().textContent()).trim();
    const canvasArea = await page.evaluate(() => { const r = document.querySelector('.react-flow').getBoundingClientRect(); return (r.width * r.height) / (innerWidth * innerHeight); });
    console.log(`web canvas  pan, ${total}, all columns (canvas ${(canvasArea * 100).toFixed(0)}% of the window)`);
    const shoot = async (name) => { if (shots) await page.screenshot({ path: join(shots, `pan-${name}.png`) }); };
    const fittedState = await state();
    await shoot('fitted');
    if (trace) await browser.startTracing(page, { path: trace, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8.execute'] });
    const fitted = await panFor(page, panSeconds);
    if (trace) await browser.stopTracing();
    console.log(`  fitted:         ${panLine(fitted)}; ${fittedState}`);
    // closer: the first zoom of 30% or more, then the first where a table's rows are text (React Flow's Zoom In steps by 1.2)
    const zoomIn = async (done) => {
      await page.getByRole('button', { name: 'Fit view' }).click();
      await page.waitForTimeout(300);
      for (let i = 0; i < 12 && !(await done()); i++) { await page.getByRole('button', { name: 'Zoom In' }).click(); await page.waitForTimeout(200); }
      return state();
    };
    const at30State = await zoomIn(async () => (await zoomOf(page)) >= 0.3);
    await shoot('30');
    const at30 = await panFor(page, panSeconds);
    console.log(`  at 30% or more: ${panLine(at30)}; ${at30State}`);
    const textState = await zoomIn(async () => (await page.locator('.col-name').count()) > 0);
    const text = await panFor(page, panSeconds);
    console.log(`  rows as text:   ${panLine(text)}; ${textState}`);
  } finally {
    await page.close();
    await stopServe(server);
  }
}

async function measure(label, dir, { firstTable, showAll, searchMiddle }) {
  const server = await startServe(dir);
  let search;
  if (searchMiddle) {
    // a table far from where the canvas opens: the middle of the project
    const { projects: [{ id }] } = await (await fetch(`${server.url}/api/projects`)).json();
    const g = await (await fetch(`${server.url}/api/projects/${id}/graph`)).json();
    search = g.nodes[Math.floor(g.nodes.length / 2)].name;
  }
  const open = [], all = [], jump = [], layout = [], fps = [], onScreen = [], farView = [];
  try {
    for (let i = 0; i < rounds; i++) {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      const t0 = performance.now();
      await page.goto(server.url + '/');
      await page.getByRole('group', { name: firstTable }).first().waitFor({ timeout: 120_000 });
      await page.locator('section[aria-label="Diagram"][aria-busy="false"]').waitFor({ timeout: 120_000 });
      open.push(performance.now() - t0);
      if (search) {
        const t1 = performance.now();
        await page.keyboard.press('Control+k');
        await page.getByRole('combobox', { name: /^Search/ }).fill(search);
        await page.getByRole('option', { name: new RegExp(search) }).first().click();
        await page.getByRole('status').filter({ hasText: `${search} and neighbours` }).waitFor({ timeout: 120_000 });
        await page.locator('section[aria-label="Diagram"][aria-busy="false"]').waitFor({ timeout: 120_000 });
        jump.push(performance.now() - t1);
      }
      if (showAll) {
        // timed in the page, from the click to the first frame painted after the layout and the fit
        // (Playwright's polling of a 1,000-table page would add its own seconds)
        all.push(await page.evaluate(async () => {
          const viewport = () => document.querySelector('.react-flow__viewport')?.getAttribute('style');
          const before = viewport();
          const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
          const t0 = performance.now();
          [...document.querySelectorAll('button')].find((b) => b.textContent === 'Show all').click();
          const ready = () => document.querySelector('section[aria-label="Diagram"][aria-busy="false"]')
            && /^\d+ tables/.test(document.querySelector('.focus-note [role="status"]')?.textContent ?? '')
            && viewport() !== before && document.querySelector('.far-view, .react-flow__node');
          while (!ready()) await frame();
          await frame();
          return performance.now() - t0;
        }));
        layout.push(Number(await page.locator('section[aria-label="Diagram"]').getAttribute('data-layout-ms')));
        const pan = await panFps(page);
        fps.push(pan.fps); onScreen.push(pan.tables); farView.push(pan.far);
      }
      await page.close();
    }
  } finally {
    await stopServe(server);
  }
  const f = (xs) => (xs.length ? `${median(xs).toFixed(0)} ms` : '—');
  const pan = fps.length ? `   panning ${median(fps).toFixed(0)} fps with ${median(onScreen)} tables on screen${farView.some(Boolean) ? ' (far view)' : ''}` : '';
  console.log(`web canvas  ${label.padEnd(28)} interactive ${f(open)}   search jump ${f(jump)}   show all ${f(all)} (layout ${f(layout)})${pan}   (server start ${server.startMs.toFixed(0)} ms; median of ${rounds})`);
}

const scratch = mkdtempSync(join(tmpdir(), 'modeler-bench-web-'));
try {
  const example = join(scratch, 'jaffle_shop');
  cpSync(join(import.meta.dirname, '..', 'examples', 'jaffle_shop'), example, { recursive: true });
  await fullTables(panModels);
  if (!onlyPan) await measure('example (19 tables)', example, { firstTable: 'model orders' });
  for (const n of onlyPan ? [] : sizes.length ? sizes : [500]) {
    const dir = join(scratch, `synthetic-${n}`);
    generateProject(dir, { models: n });
    await measure(`synthetic ${n} models`, dir, { firstTable: /^model /, showAll: n, searchMiddle: true });
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
