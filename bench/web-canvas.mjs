// Time to an interactive canvas in real Chromium: from opening the page (the server already up)
// to the first table on screen with the layout done, for the example project and for synthetic
// projects of N models (which open on a focused subgraph); then "Show all" (every table laid out
// by ELK in its worker, of which the layout alone), a search jump, and panning with about 200
// tables on screen (frames per second while the pane is dragged). Median of `rounds` page loads each.
// Usage: npm run build && node bench/web-canvas.mjs [N ...] [--rounds R]   (default 500, 3 rounds)
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { generateProject } from './lib/synthetic-project.mjs';
import { startServe, stopServe } from './lib/server-process.mjs';

const args = process.argv.slice(2);
const rIdx = args.indexOf('--rounds');
const rounds = rIdx >= 0 ? Number(args[rIdx + 1]) : 3;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--rounds').map(Number);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const browser = await chromium.launch({ executablePath: process.env.MODELER_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/** Zoom in until about 200 tables are on screen, then drag the pane for two seconds counting frames. */
async function panFps(page) {
  // tables are React Flow nodes, or boxes of the far view when zoomed far out
  const drawn = () => page.evaluate(() => {
    const pane = document.querySelector('.react-flow').getBoundingClientRect();
    return [...document.querySelectorAll('.react-flow__node, .far-view g')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.right > pane.left && r.left < pane.right && r.bottom > pane.top && r.top < pane.bottom;
    }).length;
  });
  for (let i = 0; i < 30 && (await drawn()) > 220; i++) {
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await page.waitForTimeout(150);
  }
  const tables = await drawn();
  const far = await page.locator('.far-view').count() > 0;
  const box = await page.locator('.react-flow__pane').boundingBox();
  const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.evaluate(() => { window.__frames = 0; window.__pan = true; const tick = () => { window.__frames++; if (window.__pan) requestAnimationFrame(tick); }; requestAnimationFrame(tick); });
  const t0 = performance.now();
  let i = 0;
  while (performance.now() - t0 < 2000) { i++; await page.mouse.move(cx + 300 * Math.sin(i / 10), cy + 200 * Math.cos(i / 13)); }
  const frames = await page.evaluate(() => { window.__pan = false; return window.__frames; });
  const secs = (performance.now() - t0) / 1000;
  await page.mouse.up();
  return { fps: frames / secs, tables, far };
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
  await measure('example (19 tables)', example, { firstTable: 'model orders' });
  for (const n of sizes.length ? sizes : [500]) {
    const dir = join(scratch, `synthetic-${n}`);
    generateProject(dir, { models: n });
    await measure(`synthetic ${n} models`, dir, { firstTable: /^model /, showAll: n, searchMiddle: true });
  }
} finally {
  await browser.close();
  rmSync(scratch, { recursive: true, force: true });
}
