// "What is wrong with orders?" is answered with the findings open on it (its columns too), each with
// code, severity, file:line and fix — not with the card of whatever the words matched — and the
// answer follows the files: a finding fixed on disk is gone from the next answer.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ask } from '../../src/assistant/ask.js';
import { classify } from '../../src/assistant/local/question.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { copyProject, EXAMPLE } from './helpers.js';

describe('what is wrong with a table (Local)', () => {
  it('lists the findings on the table and its columns, worst first, each with file:line and its fix', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const r = await ask(s, { message: 'what is wrong with orders?' });
    const lines = r.answer.split('\n');
    expect(lines[0]).toBe('3 findings are open on `orders`: 1 warning, 2 infos.');
    expect(lines[2]).toBe('- `READINESS_INTERFACE_NOT_CONTRACTED` (warning, models/marts/_marts.yml:46): model \'orders\' does not enforce its contract; '
      + 'fix: set config.contract.enforced: true (modeler contracts enforce --file models/marts/_marts.yml).');
    expect(r.answer).toContain('`READINESS_RELATIONSHIP_TEST_MISSING` (info, models/marts/_marts.yml:72): column \'orders.store_id\' looks like a foreign key');
  });

  it('of a column, only its own findings; a fix on disk takes them out of the next answer', async () => {
    const dir = copyProject(EXAMPLE);
    const s = AssistantSession.open(dir);
    s.syncWithDisk(); // the files as they are now: the next call reads again what changed since
    const before = await ask(s, { message: 'why is orders.store_id flagged?' });
    expect(before.answer.split('\n')[0]).toBe('2 findings are open on `orders.store_id`: 2 infos.');
    expect(before.answer).not.toContain('READINESS_INTERFACE_NOT_CONTRACTED');
    const file = join(dir, 'models', 'marts', '_marts.yml');
    writeFileSync(file, readFileSync(file, 'utf8').replace(
      '      - name: store_id\n        description: The store that fulfilled the order.\n',
      "      - name: store_id\n        description: The store that fulfilled the order.\n        data_tests:\n          - relationships:\n              arguments:\n                to: ref('stg_stores')\n                field: store_id\n",
    ));
    s.syncWithDisk();
    const after = await ask(s, { message: 'why is orders.store_id flagged?' });
    expect(after.answer.split('\n')[0]).toMatch(/^No finding is open on `orders\.store_id`/);
  });

  it('over a group and over the project, with the codes seen most', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const stg = await ask(s, { message: 'any warnings on the staging models?' });
    expect(stg.answer.split('\n')[0]).toMatch(/^\d+ findings are open on the staging models: \d+ warnings, \d+ infos\.$/);
    expect(stg.answer).not.toContain('\'orders\'');
    const all = await ask(s, { message: 'what problems does the project have?' });
    expect(all.answer.split('\n')[0]).toMatch(/^\d+ findings are open on the project: \d+ warnings, \d+ infos\.$/);
    expect(all.answer).toMatch(/Most often: `READINESS_COLUMN_DESCRIPTION_MISSING` \d+/);
  });

  it('a table with nothing open says so', async () => {
    // the example leaves its customers' names unclassified; classified, the table has nothing open
    const dir = copyProject(EXAMPLE);
    const yml = join(dir, 'models/staging/shop/_shop__models.yml');
    writeFileSync(yml, readFileSync(yml, 'utf8').replace(/(description: Customer's (first|last) name\.)/g, '$1\n        meta: {sensitivity: confidential}'));
    const s = AssistantSession.open(dir);
    const r = await ask(s, { message: 'is stg_shop__customers healthy?' });
    expect(r.answer.split('\n')[0]).toBe('No finding is open on `stg_shop__customers`: neither the readiness checks nor the reader report anything for it (models/staging/shop/_shop__models.yml:4).');
  });

  it('is told from a code\'s meaning and from other questions', () => {
    expect(classify('what is wrong with orders?')).toBe('problems');
    expect(classify('what issues does dim_patient have?')).toBe('problems');
    expect(classify('what does READINESS_KEY_TESTS_MISSING mean?')).toBe('finding');
    expect(classify('which models have no tests?')).toBe('tests');
  });

  it('a question about nothing in the project is not answered with a finding its common words matched', async () => {
    const s = AssistantSession.open(copyProject(EXAMPLE));
    const r = await ask(s, { message: 'what does the weather look like?' });
    expect(r.answer.split('\n')[0]).toBe('I could not find anything in this project that answers this.');
  });
});
