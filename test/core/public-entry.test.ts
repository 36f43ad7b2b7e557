// A face reads one file to know what the core offers: its files import the core only through
// src/api.ts or one of the areas it lists (src/api/*.ts, so a command loads only its area), plus
// their own folder and packages. Add each face's folder here when it lands.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

const FACES = ['src/cli', 'src/server'];
/** A face may start another face through its one entry (`modeler serve` starts the server). */
const FACE_ENTRIES = ['src/server/start.js'];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('faces import the core only from src/api.ts and its areas', () => {
  for (const face of FACES) {
    it(face, () => {
      const root = join(REPO, face);
      const bad: string[] = [];
      for (const file of files(root)) {
        for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from '(\.[^']+)'/gm)) {
          const target = resolve(dirname(file), m[1]);
          const inFace = !relative(root, target).startsWith('..');
          const entry = target === join(REPO, 'src', 'api.js') || dirname(target) === join(REPO, 'src', 'api');
          if (!inFace && !entry && !FACE_ENTRIES.some((e) => target === join(REPO, e))) bad.push(`${relative(REPO, file)}: ${m[1]}`);
        }
      }
      expect(bad).toEqual([]);
    });
  }
});

describe('src/api.ts lists every area', () => {
  it('each file under src/api/ is exported from src/api.ts', () => {
    const listed = [...readFileSync(join(REPO, 'src', 'api.ts'), 'utf8').matchAll(/^export \* from '\.\/api\/([\w-]+)\.js'/gm)].map((m) => m[1]).sort();
    const areas = readdirSync(join(REPO, 'src', 'api')).filter((n) => n.endsWith('.ts')).map((n) => n.slice(0, -3)).sort();
    expect(listed).toEqual(areas);
  });
});
