// Browser tests: a real `modeler serve` (the built CLI) on a temporary copy of the example, the
// built UI from dist/web, and Debian's Chromium driven by playwright-core. One server and one
// browser per test file; tests select by role and accessible name and wait for them, never sleep.
import { afterAll, beforeAll } from 'vitest';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { EXAMPLE, REPO, tempDir } from '../helpers/cli.js';
import { spawnServe } from '../server/helpers.js';
import { canvasIdle } from './on-screen.js';

export const CHROMIUM = process.env.MODELER_CHROMIUM ?? '/usr/bin/chromium';
export const WEB_INDEX = join(REPO, 'dist', 'web', 'index.html');

export interface Ui {
  url: string;
  root: string;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** errors the page threw or logged (a test may assert there are none) */
  errors: string[];
  read(rel: string): string;
  write(rel: string, text: string): void;
  /** a fresh page (with its own storage) on the same server */
  newPage(opts?: { colorScheme?: 'light' | 'dark'; viewport?: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}

export interface UiOptions {
  /** files written into the project copy before the server starts */
  files?: Record<string, string>;
  /** serve this folder (copied) instead of the example */
  project?: string;
  env?: Record<string, string>;
  /** the window's size (1440 × 900 unless given) */
  viewport?: { width: number; height: number };
}

/** Why the browser tests cannot run here, or undefined. */
export function uiUnavailable(): string | undefined {
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM} (.ci/run installs Debian's chromium; MODELER_CHROMIUM points elsewhere)`;
  return undefined;
}

/**
 * One served UI for a whole test file, on the example project, with its diagram on screen:
 * started before the file's tests (unless `skip`), closed after them. `use` receives it.
 */
export function serveUiForFile(skip: string | undefined, use: (ui: Ui) => void): void {
  let ui: Ui | undefined;
  beforeAll(async () => {
    if (skip) return;
    ui = await startUi();
    use(ui);
    await exampleSettled(ui.page);
  });
  afterAll(async () => { await ui?.close(); });
}

/**
 * One served UI for a whole test file on a generated project (bench/lib/synthetic-project.mjs with
 * `options`), started before the file's tests (unless `skip`) and closed after them.
 */
export function serveSyntheticForFile(skip: string | undefined, prefix: string, options: object, use: (ui: Ui) => void): void {
  let ui: Ui | undefined;
  beforeAll(async () => {
    if (skip) return;
    const dir = join(tempDir(prefix), 'p');
    // @ts-expect-error the benchmarks' generator is plain JavaScript
    const { generateProject } = await import('../../bench/lib/synthetic-project.mjs');
    generateProject(dir, options);
    ui = await startUi({ project: dir });
    use(ui);
  }, 180_000);
  afterAll(async () => { await ui?.close(); });
}

export async function startUi(o: UiOptions = {}): Promise<Ui> {
  if (!existsSync(WEB_INDEX)) throw new Error('dist/web/index.html is missing: run `npm run build` (it builds the core and the web UI) before the browser tests');
  const base = tempDir('modeler-ui-');
  const root = join(base, 'project');
  cpSync(o.project ?? EXAMPLE, root, { recursive: true });
  for (const [rel, text] of Object.entries(o.files ?? {})) { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), text); }
  const server = await spawnServe(['--project-dir', root, '--port', '0'], { XDG_DATA_HOME: join(base, 'data'), ...o.env });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const errors: string[] = [];
  const open = async (colorScheme: 'light' | 'dark' = 'light', viewport = o.viewport ?? { width: 1440, height: 900 }) => {
    const context = await browser.newContext({ viewport, acceptDownloads: true, colorScheme });
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    // a refused request (409 conflict, 404) is logged by the browser as a failed resource: the UI handles those
    page.on('console', (m) => { if (m.type() === 'error' && !m.text().startsWith('Failed to load resource')) errors.push(`console: ${m.text()}`); });
    await page.goto(server.url + '/');
    return { context, page };
  };
  const first = await open();
  return {
    url: server.url, root, browser, context: first.context, page: first.page, errors,
    read: (rel) => readFileSync(join(root, rel), 'utf8'),
    write: (rel, text) => { mkdirSync(dirname(join(root, rel)), { recursive: true }); writeFileSync(join(root, rel), text); },
    newPage: async (opts) => (await open(opts?.colorScheme, opts?.viewport)).page,
    async close() {
      await browser.close().catch(() => {});
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(base, { recursive: true, force: true });
    },
  };
}

/**
 * The example's first screen drawn and settled: its one inferred key arrives after the first
 * screen and lays it out again, so a test starts on the settled view, not on tables about to move.
 */
export async function exampleSettled(page: Page, timeout = 60_000): Promise<void> {
  await table(page, 'orders').waitFor({ timeout });
  await page.getByRole('group', { name: /^inferred relationship / }).first().waitFor({ timeout });
  await canvasIdle(page, timeout);
}

/** The canvas's table of this name (React Flow node with its accessible name). */
export const table = (page: Page, name: string, kind = 'model') => page.getByRole('group', { name: `${kind} ${name}`, exact: true });

/** Show the details panel (inspector and AI) if it is hidden: it starts hidden until something is selected. */
export async function showDetails(page: Page): Promise<void> {
  const button = page.getByRole('group', { name: 'Panels' }).getByRole('button', { name: 'Details', exact: true });
  if ((await button.getAttribute('aria-pressed')) !== 'true') await button.click();
  await page.getByRole('complementary', { name: 'Details' }).waitFor();
}

/** Wait until `fn` holds (for things outside the page: files on disk). */
export async function until<T>(fn: () => T | Promise<T>, ok: (v: T) => boolean, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  let last: T | undefined;
  for (;;) {
    try {
      last = await fn();
      if (ok(last)) return last;
    } catch (e) { last = e as T; } // not there yet (a file not written, an element not rendered)
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}; last value: ${String(last).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The routes (METHOD /path) the built server offers, read from its OpenAPI document in process. */
export async function serverRoutes(): Promise<Set<string>> {
  const { buildApp } = await import(join(REPO, 'dist', 'server', 'app.js'));
  const { ProjectSession } = await import(join(REPO, 'dist', 'server', 'session.js'));
  const base = tempDir('modeler-routes-');
  cpSync(EXAMPLE, join(base, 'p'), { recursive: true });
  const session = new ProjectSession(join(base, 'p'), { watch: false });
  const app = await buildApp(session, { host: '127.0.0.1', port: 0, webRoot: join(base, 'no-web') });
  try {
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json', headers: { host: '127.0.0.1' } });
    const doc = JSON.parse(res.body) as { paths: Record<string, Record<string, unknown>> };
    return new Set(Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)));
  } finally {
    session.close();
    await app.close();
    rmSync(base, { recursive: true, force: true });
  }
}
