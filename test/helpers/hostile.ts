// What the hostile-input tests share: a hash of a folder's tree (nothing written on a refusal),
// the CLI run under bounds on memory (ulimit -v, a small JS heap) and time, and inputs built to
// hurt: an alias bomb, deep nesting, many keys, bytes that are not UTF-8.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { BIN, REPO } from './cli.js';

/**
 * sha256 over every path, type and content under `dir` (symlinks by target, special files by
 * type). Runtime state is left out: `.modeler/serve.lock` (a server's own lock) and `.git/`.
 */
export function treeHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (abs: string, rel: string) => {
    for (const name of readdirSync(abs).sort()) {
      const r = rel ? `${rel}/${name}` : name;
      if (r === '.git' || r === '.modeler/serve.lock') continue;
      const p = join(abs, name);
      const st = lstatSync(p);
      if (st.isDirectory()) { h.update(`d ${r}\n`); walk(p, r); } else if (st.isSymbolicLink()) h.update(`l ${r} ${readlinkSync(p)}\n`);
      else if (st.isFile()) { h.update(`f ${r} ${st.size}\n`); h.update(readFileSync(p)); } else h.update(`s ${r}\n`);
    }
  };
  walk(dir, '');
  return h.digest('hex');
}

/**
 * Virtual memory for a CLI run (KiB). Each WebAssembly instance (the SQL parsers, Node's own HTTP
 * parser) reserves ~10 GiB of address space up front, so this bounds runaway growth, not use:
 * the JS heap below is the tight bound.
 */
export const ULIMIT_V_KIB = 48 * 1024 * 1024;
/** The JS heap of a CLI run (MiB): the real memory bound. */
export const HEAP_MIB = 256;

export interface BoundedRun { code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; ms: number }

/** `modeler …` under `ulimit -v`, a 256 MiB heap and a time-out: a run that grows or hangs is killed. */
export function runBounded(args: string[], o: { cwd?: string; timeoutMs?: number } = {}): BoundedRun {
  const quoted = [process.execPath, `--max-old-space-size=${HEAP_MIB}`, BIN, ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const t0 = performance.now();
  const r = spawnSync('bash', ['-c', `ulimit -v ${ULIMIT_V_KIB}; exec ${quoted}`], {
    cwd: o.cwd ?? REPO, encoding: 'utf8', timeout: o.timeoutMs ?? 60_000, maxBuffer: 64 * 1024 * 1024,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout ?? '', stderr: r.stderr ?? '', ms: performance.now() - t0 };
}

/** A YAML alias bomb ("billion laughs"): ~600 bytes, 10^9 nodes when expanded. */
export function aliasBomb(head = 'model: {name: m, version: 1.0.0}'): string {
  const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
  for (let i = 1; i < 10; i++) lines.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
  return `${head}\n${lines.join('\n')}\n`;
}

/** A model file whose one column has `n` keys the schema does not know. */
export function manyKeys(n: number): string {
  let s = 'model: {name: m, version: 1.0.0}\nentities:\n  - name: e\n    columns:\n      - name: c\n';
  for (let i = 0; i < n; i++) s += `        k${i}: 1\n`;
  return s;
}

/** `depth` nested flow sequences under a key. */
export function deepYaml(depth: number, head = 'model: {name: m, version: 1.0.0}'): string {
  return `${head}\nx: ${'['.repeat(depth)}${']'.repeat(depth)}\n`;
}

/** A model file with a byte that is not UTF-8 (Latin-1 é) on line 3. */
export function latin1Model(): Buffer {
  return Buffer.concat([Buffer.from('model: {name: m, version: 1.0.0}\nentities:\n  - name: caf'), Buffer.from([0xe9]), Buffer.from('\n    columns: []\n')]);
}
