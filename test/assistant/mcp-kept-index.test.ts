// `modeler mcp` answers from the index the CLI keeps in the user's cache directory (one index,
// not a snapshot of its own under .modeler/): a second server opens the kept file without
// rebuilding it and answers as the first one did; a file edited while it runs is what the next
// tool call sees (search, explain); a damaged kept file is built again; nothing is written into the project.
import { closeSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { SectionFile } from '../../src/assistant/index/section-file.js';
import { BIN } from '../helpers/cli.js';
import { changed, copyProject, EXAMPLE, tree } from './helpers.js';

const text = (r: any): string => r.content.map((c: any) => c.text).join('');

async function server(dir: string): Promise<Client> {
  const client = new Client({ name: 'modeler-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--project-dir', dir], stderr: 'pipe', env: process.env as Record<string, string> }));
  return client;
}

const kept = () => {
  const d = join(process.env.MODELER_CACHE_DIR!, 'ai-index');
  return readdirSync(d).filter((n) => n.endsWith('.idx')).map((n) => ({ n, at: statSync(join(d, n)).mtimeMs }));
};

describe('modeler mcp over the kept index', () => {
  const dir = copyProject(EXAMPLE);
  const before = tree(dir);
  const calls = async (c: Client) => ({
    search: text(await c.callTool({ name: 'search_index', arguments: { query: 'what does order status mean', limit: 8 } })),
    explain: text(await c.callTool({ name: 'explain', arguments: { name: 'orders' } })),
    context: text(await c.callTool({ name: 'propose_changes', arguments: { request: 'add tests to orders' } })),
  });

  let built: Awaited<ReturnType<typeof calls>>;

  it('a second server answers from the file the first one kept, as the first one did; an edit is seen by the next call', async () => {
    const first = await server(dir);
    built = await calls(first);
    await first.close();
    const files = kept();
    expect(files).toHaveLength(1);

    const second = await server(dir);
    try {
      expect(await calls(second)).toEqual(built);
      expect(kept()).toEqual(files); // opened, not built and written again

      // a column's description edited on disk: search finds its new word, explain shows it
      const yml = join(dir, 'models/marts/_marts.yml');
      const text0 = readFileSync(yml, 'utf8');
      expect(text0).not.toContain('zephyrine');
      writeFileSync(yml, text0.replace(/(\n\s+- name: orders\n\s+description: )/, '$1Zephyrine ledger. '));
      const s = JSON.parse(text(await second.callTool({ name: 'search_index', arguments: { query: 'zephyrine', limit: 3 } })));
      expect(s.sources[0]).toMatchObject({ kind: 'model', name: 'orders', path: 'models/marts/_marts.yml' });
      expect(text(await second.callTool({ name: 'explain', arguments: { name: 'orders' } }))).toContain('Zephyrine ledger.');
      // and a second edit (now an update of the index built from the project) takes the word away again
      writeFileSync(yml, text0);
      const gone = JSON.parse(text(await second.callTool({ name: 'search_index', arguments: { query: 'zephyrine', limit: 3 } })));
      expect(gone.sources.filter((x: any) => x.name === 'orders' && x.kind === 'model')).toEqual([]);
      expect(await calls(second)).toEqual(built);
    } finally {
      await second.close();
    }
    expect(changed(before, tree(dir))).toEqual([]);
  }, 120_000);

  it('a kept file whose records are damaged (found only when a call reads them) is built again from the project, and the call answers', async () => {
    // the edits above outdated the kept file: a server keeps it again first
    await (await server(dir)).close();
    const [{ n }] = kept();
    const file = join(process.env.MODELER_CACHE_DIR!, 'ai-index', n);
    const f = SectionFile.open(file);
    const { blobAt, blobLength: blob } = f;
    f.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(blob, 0x20), 0, blob, blobAt); // every record blanked: the sections after them still check out
    closeSync(fd);
    const c = await server(dir);
    try {
      expect(await calls(c)).toEqual(built);
    } finally {
      await c.close();
    }
    expect(changed(before, tree(dir))).toEqual([]);
  }, 120_000);
});
