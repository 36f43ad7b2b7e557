// An empty question to `modeler ask` or query to `modeler ai search` is refused as usage (64) in
// one line before the project is read: no index is built or kept for it.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EXAMPLE, runCli, tempDir } from '../helpers/cli.js';

describe('an empty question or query', () => {
  it('is refused in one line, exit 64, and nothing is indexed or kept', () => {
    const cache = tempDir('modeler-empty-q-cache-');
    const env = { MODELER_CACHE_DIR: cache };
    const ask = runCli(['ask', '   ', '--project-dir', EXAMPLE], { env });
    expect([ask.code, ask.stdout, ask.stderr]).toEqual([64, '', 'modeler: the question is empty; ask in quotes, e.g. modeler ask "what does order status mean?"\n']);
    const search = runCli(['ai', 'search', '', '--project-dir', EXAMPLE], { env });
    expect([search.code, search.stdout, search.stderr]).toEqual([64, '', 'modeler: the query is empty; give words to search for, e.g. modeler ai search "order status"\n']);
    expect(readdirSync(cache)).toEqual([]);
  });
});
