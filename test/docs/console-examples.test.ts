// Every console example in README.md and docs/ runs here, in a scratch copy of the examples,
// and must print what the page shows (see console.ts for the format).
import { describe, expect, it } from 'vitest';
import { cpSync, mkdirSync, readdirSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawnSync } from 'node:child_process';
import { BIN, REPO, tempDir } from '../helpers/cli.js';
import { consoleBlocks, matches, normalize } from './console.js';

function docFiles(): string[] {
  const out = [join(REPO, 'README.md')];
  const walk = (d: string) => {
    for (const e of readdirSync(d)) {
      const p = join(d, e);
      if (statSync(p).isDirectory()) walk(p);
      else if (e.endsWith('.md')) out.push(p);
    }
  };
  walk(join(REPO, 'docs'));
  return out;
}

/** A scratch workspace: a copy of examples/ and a `modeler` command on PATH. */
function workspace(): { dir: string; env: NodeJS.ProcessEnv } {
  const dir = tempDir('modeler-docs-');
  cpSync(join(REPO, 'examples'), join(dir, 'examples'), { recursive: true });
  mkdirSync(join(dir, '.bin'));
  const shim = join(dir, '.bin', 'modeler');
  writeFileSync(shim, `#!/bin/sh\nexec "${process.execPath}" "${BIN}" "$@"\n`);
  chmodSync(shim, 0o755);
  return { dir, env: { ...process.env, PATH: `${join(dir, '.bin')}:${process.env.PATH}`, NO_COLOR: '1', MODELER_DOCS_TEST: '1' } };
}

for (const file of docFiles()) {
  const blocks = consoleBlocks(file);
  if (!blocks.length) continue;
  describe(`console examples in ${relative(REPO, file)}`, () => {
    const ws = workspace();
    for (const b of blocks) {
      it(`block at line ${b.line}`, () => {
        for (const c of b.commands) {
          const r = spawnSync('bash', ['-c', `{ ${c.command}\n} 2>&1`], { cwd: ws.dir, env: ws.env, encoding: 'utf8', timeout: 120_000, maxBuffer: 32 * 1024 * 1024 });
          const actual = normalize(r.stdout ?? '', ws.dir);
          const where = `${relative(REPO, file)}:${c.line}: $ ${c.command}`;
          expect(r.status, `${where}\n${actual.join('\n')}`).toBe(c.exit);
          if (!matches(c.expected, actual)) {
            expect(actual.join('\n'), `${where} printed something else than the page shows`).toBe(c.expected.join('\n'));
          }
        }
      }, 300_000);
    }
  });
}
