// Shared by the assistant tests: throw-away copies of projects and a fingerprint of every file
// in a tree, to prove what a call wrote (and that it wrote nothing else).
import { createHash } from 'node:crypto';
import { cpSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll } from 'vitest';
import { BIN, EXAMPLE, REPO, tempDir } from '../helpers/cli.js';

export const SAAS = join(REPO, 'test', 'fixtures', 'retrieval', 'saas_analytics');
export { EXAMPLE };

export function copyProject(src = EXAMPLE): string {
  const dir = join(tempDir('modeler-ai-'), 'project');
  cpSync(src, dir, { recursive: true });
  return dir;
}

/** path → sha256 of every file under `dir` (POSIX relative paths). */
export function tree(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (statSync(p).isFile()) out.set(relative(dir, p).split('\\').join('/'), createHash('sha256').update(readFileSync(p)).digest('hex'));
    }
  };
  walk(dir);
  return out;
}

/** Files added, changed or removed between two trees. */
export function changed(before: Map<string, string>, after: Map<string, string>): string[] {
  const out = new Set<string>();
  for (const [k, v] of after) if (before.get(k) !== v) out.add(k);
  for (const k of before.keys()) if (!after.has(k)) out.add(k);
  return [...out].sort();
}

/** Every file's text under `dir` joined, for "is this secret anywhere" checks. */
export function allText(dir: string): string {
  return [...tree(dir).keys()].map((k) => readFileSync(join(dir, k), 'utf8')).join('\n');
}

/**
 * The official MCP client connected to `modeler mcp --project-dir dir` over stdio for the test
 * file (connected before its tests, closed after them); `text` joins a tool result's text.
 */
export function mcpClientFor(dir: string): { client: Client; text: (r: any) => string } {
  const client = new Client({ name: 'modeler-test', version: '1.0.0' });
  beforeAll(async () => {
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', '--project-dir', dir], stderr: 'pipe' }));
  }, 60_000);
  afterAll(async () => { await client.close(); });
  return { client, text: (r: any) => r.content.map((c: any) => c.text).join('') };
}
