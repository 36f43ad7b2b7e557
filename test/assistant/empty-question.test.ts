// An empty question to `modeler ask` or query to `modeler ai search` is refused as usage (64) in
// one line before the project is read: no index is built or kept for it. A cache folder that
// cannot be written (MODELER_CACHE_DIR names a file) still answers, and says why nothing is kept.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

  it('answers when MODELER_CACHE_DIR names a file, says in one line why the index is not kept, and leaves the file alone', () => {
    const file = join(tempDir('modeler-cache-file-'), 'cache');
    writeFileSync(file, 'not a folder');
    const r = runCli(['ai', 'search', 'order status', '--project-dir', EXAMPLE], { env: { MODELER_CACHE_DIR: file } });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('order_status');
    expect(r.stderr).toBe(`cannot keep the assistant's index in ${join(file, 'ai-index')} (ENOTDIR); each call builds it again: set MODELER_CACHE_DIR to a writable folder\n`);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it('answers when a folder stands where the index file goes, and says so in words, not an error code', () => {
    const cache = tempDir('modeler-cache-dir-');
    const env = { MODELER_CACHE_DIR: cache };
    expect(runCli(['ai', 'search', 'order status', '--project-dir', EXAMPLE], { env }).code).toBe(0);
    const [name] = readdirSync(join(cache, 'ai-index')).filter((f) => f.endsWith('.idx'));
    const where = join(cache, 'ai-index', name);
    rmSync(where);
    mkdirSync(where);
    const r = runCli(['ai', 'search', 'order status', '--project-dir', EXAMPLE], { env });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('order_status');
    expect(r.stderr).toBe(`cannot keep the assistant's index in ${join(cache, 'ai-index')} (cannot write ${where}: it is a directory); each call builds it again: set MODELER_CACHE_DIR to a writable folder\n`);
    expect(readdirSync(where)).toEqual([]);
  });
});
