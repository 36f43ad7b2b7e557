// "Document the columns of int__structures_v1" on data-inclusion (a model whose YAML lists no
// column, its SQL returning 21) answered "Nothing to change: those rules are already satisfied."
// The Local provider describes a column only from a doc block of its name: what it cannot do is
// said, with how many columns are left and where, not reported as done.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { initSqlColumns } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('asked to document columns it cannot describe (Local)', () => {
  const dir = copyProject(EXAMPLE);
  // rpt_daily_revenue: one more column its SQL returns and its YAML does not list
  const sql = join(dir, 'models', 'marts', 'rpt_daily_revenue.sql');
  writeFileSync(sql, readFileSync(sql, 'utf8').replace(/^select\b/m, 'select\n    1 as batch_no,'));
  let s: AssistantSession;
  beforeAll(async () => { await initSqlColumns(); s = AssistantSession.open(dir); });

  it('says how many columns are left undescribed and why, not that the rules are satisfied', async () => {
    const r = await ask(s, { message: 'document the columns of rpt_daily_revenue' });
    expect(r.proposed_changes).toEqual([]);
    expect(r.answer).not.toContain('already satisfied');
    const lines = r.answer.split('\n');
    expect(lines[1]).toBe('Nothing I can change by those rules: the notes say what is left and why.');
    expect(lines).toContainEqual(expect.stringMatching(/^- rpt_daily_revenue: \d+ column\(s\) without a description \(1 returned by its SQL but not listed in YAML\) and no doc block of the same name — /));
  });
});
