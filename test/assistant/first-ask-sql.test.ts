// An `ask`'s index holds the columns models' SQL returns, also when the call builds it for its
// own question and keeps nothing (a first call, --no-cache): a column only the SQL returns is a
// record of its own, and every score counts it. Reading the SQL only for the models an answer
// turns out to need would change what the first call answers; this holds the three ways of
// answering — built for the question, built and kept, read from what was kept — to one answer.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from '../helpers/cli.js';
import { copyProject, SAAS } from './helpers.js';

const SQL = 'models/staging/zendesk/stg_zendesk__tickets.sql';

describe('a column only a model\'s SQL returns, asked about on the first call', () => {
  it('is answered and cited as the kept index answers it', () => {
    const dir = copyProject(SAAS);
    // its YAML does not list ticket_urgency: only the SQL returns it
    const text = readFileSync(join(dir, SQL), 'utf8');
    expect(text).toContain('    t.priority,\n');
    writeFileSync(join(dir, SQL), text.replace('    t.priority,\n', '    t.priority,\n    t.priority as ticket_urgency,\n'));
    const cache = join(tempDir('modeler-first-ask-'), 'cache');
    mkdirSync(cache);
    const ask = (...extra: string[]) => {
      const r = runCli(['ask', 'where does ticket_urgency come from?', '--project-dir', dir, '--json', ...extra], { env: { MODELER_CACHE_DIR: cache } });
      expect(r.code, r.stderr).toBe(0);
      const j = JSON.parse(r.stdout);
      return { answer: j.answer as string, sources: j.sources as { id: string; score: number; path?: string; line?: number }[] };
    };
    const oneOff = ask('--no-cache');
    const built = ask();
    const kept = ask();
    expect(oneOff.answer).toMatch(/known from the SQL only/);
    // the column's own record, found where the SQL defines it
    expect(oneOff.sources.find((s) => s.id === 'column:stg_zendesk__tickets.ticket_urgency')).toMatchObject({ path: SQL, line: 7 });
    expect(built).toEqual(oneOff);
    expect(kept).toEqual(oneOff);
  });
});
