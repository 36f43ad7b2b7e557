// The column checks (a model's YAML and SQL disagreeing about its columns) read every model's
// SQL: ~1.5 s of CPU at 10,000 models. The server runs them once in the background, a slice at a
// time between requests, so the first screen does not wait for them; meanwhile GET …/validation
// says they are pending, and an event (`columns_checked`) tells the UI when they are in. After
// that, a change reads again only the models it touches, on the request path as before.
import { validationColumns } from '../api.js';
import type { ServerEvent } from './contract.js';
import type { ProjectSession } from './session.js';

/** How long one slice reads before it lets a request in. */
const SLICE_MS = 10;
/** How often a waiting check looks whether the server is free again. */
const WAIT_MS = 20;

export class ColumnChecks {
  private done = false;
  private closed = false;
  private running?: Promise<void>;

  /** `busy`: true while the server answers a request or takes a change in (the check waits). */
  constructor(private session: ProjectSession, private busy: () => boolean, private log: (line: string) => void = () => {}) {
    session.events.once('close', () => { this.closed = true; });
  }

  /** Whether the checks have not yet read every model once (GET …/validation leaves them out meanwhile). */
  get pending(): boolean { return !this.done; }

  /** Read every model's columns, slice by slice between requests; then announce it. Once. */
  start(): Promise<void> { return (this.running ??= this.run()); }

  private async run(): Promise<void> {
    const t0 = performance.now();
    let i = 0;
    try {
      for (;;) {
        while (!this.closed && this.busy()) await new Promise((r) => setTimeout(r, WAIT_MS));
        if (this.closed) return;
        // the project may have changed meanwhile: read its current state (earlier readings are kept)
        const p = this.session.project;
        const cols = validationColumns(p);
        const models = p.models.length;
        const all = models + p.snapshots.length;
        const until = performance.now() + SLICE_MS;
        while (i < all && performance.now() < until) { cols.sql(i < models ? p.models[i] : p.snapshots[i - models]); i++; }
        if (i >= all) break;
        await new Promise((r) => setImmediate(r));
      }
    } catch (e) {
      // the validation request reads what is left, and reports a failure as any request does
      this.log(`column checks: ${(e as Error)?.message ?? e}`);
    }
    if (this.closed) return;
    this.done = true;
    this.log(`column checks: every model's SQL read in the background, ${Math.round(performance.now() - t0)} ms after they started`);
    const ev: ServerEvent = { type: 'columns_checked', paths: [], version: this.session.version };
    this.session.events.emit('change', ev);
  }
}
