// While the server reads every model's SQL for the column findings (in the background after its
// first screen), the findings panel says so — "checking columns…" — instead of a count that looks
// final; once they are in (the event stream's hello or `columns_checked` makes the UI ask again)
// they are listed. The pending answer is the server's own, less the column findings, as
// GET …/validation gives it while its checks run (test/server/column-checks.test.ts); the event
// stream is held back meanwhile, so the UI cannot learn too early that they are in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE } from '../helpers/cli.js';
import { startUi, uiUnavailable, type Ui } from './harness.js';

const skip = uiUnavailable();
const COLUMN_CODES = ['SQL_COLUMN_NOT_IN_YAML', 'YAML_COLUMN_NOT_IN_SQL'];
const edited = (rel: string, f: (s: string) => string) => ({ [rel]: f(readFileSync(join(EXAMPLE, rel), 'utf8')) });
let ui: Ui;
beforeAll(async () => {
  if (skip) return;
  // orders.sql renames status: it returns a column its YAML does not list (info) and no longer one it lists (a
  // warning), findings only the column checks make
  ui = await startUi({ files: edited('models/marts/orders.sql', (s) => s.replace('    orders.status,', '    orders.status as order_state,')) });
}, 120_000);
afterAll(async () => { await ui?.close(); });

describe.skipIf(!!skip)(`column checks${skip ? ` [skipped: ${skip}]` : ''}`, () => {
  it('the findings panel says "checking columns…" while they are pending, then lists the column findings', async () => {
    const context = await ui.browser.newContext({ viewport: { width: 1440, height: 900 } });
    context.setDefaultTimeout(30_000);
    let pending = true;
    await context.route(/\/api\/projects\/[^/?]+\/validation$/, async (route) => {
      const response = await route.fetch();
      const real = await response.json();
      if (!pending) return route.fulfill({ response, json: real });
      const diagnostics = real.loader.diagnostics.filter((d: { code: string }) => !COLUMN_CODES.includes(d.code));
      return route.fulfill({ response, json: { ...real, column_checks: 'pending', loader: { ...real.loader, diagnostics } } });
    });
    await context.route(/\/api\/events$/, (route) => (pending ? route.abort('failed') : route.continue()));
    const page = await context.newPage();
    await page.goto(ui.url + '/');
    const findings = page.getByRole('region', { name: 'Findings' });
    const tab = findings.getByRole('tab', { name: /^Validation \(\d+, checking columns…\)$/ });
    await tab.click();
    await findings.getByRole('status').getByText(/^Checking columns…/).waitFor();
    await findings.getByRole('row', { name: /SQL_COLUMN_NOT_IN_YAML/ }).waitFor({ state: 'detached' });

    pending = false; // the checks are in: the event stream reconnects and its hello makes the UI ask again
    await findings.getByRole('tab', { name: /^Validation \(\d+\)$/ }).waitFor();
    await findings.getByRole('row', { name: /SQL_COLUMN_NOT_IN_YAML .*orders\.order_state/ }).waitFor();
    await findings.getByRole('status').waitFor({ state: 'detached' });
    // the top bar counts what the panel lists: the column findings too (the status alone leaves them out)
    const id = (await (await fetch(`${ui.url}/api/health`)).json()).project.id;
    const real = await (await fetch(`${ui.url}/api/projects/${id}/validation`)).json();
    const status = await (await fetch(`${ui.url}/api/projects/${id}/status`)).json();
    expect(real.summary.warnings).toBeGreaterThan(status.validation.warnings);
    await page.getByRole('banner').getByRole('button', { name: new RegExp(`^Validation: .*, ${real.summary.warnings} ${real.summary.warnings === 1 ? 'warning' : 'warnings'}$`) }).waitFor();
    await context.close();
  });
});
