// Relative links in README.md and docs/ point at files that exist (a tour that links to a
// missing page is as broken as an example that prints something else).
import { describe, expect, it } from 'vitest';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { REPO } from '../helpers/cli.js';

function pages(): string[] {
  const out = [join(REPO, 'README.md')];
  const walk = (d: string) => { for (const e of readdirSync(d)) { const p = join(d, e); if (statSync(p).isDirectory()) walk(p); else if (e.endsWith('.md')) out.push(p); } };
  walk(join(REPO, 'docs'));
  return out;
}

describe('links in the docs', () => {
  for (const page of pages()) {
    it(relative(REPO, page), () => {
      const text = readFileSync(page, 'utf8').replace(/```[\s\S]*?```/g, '');
      const broken: string[] = [];
      for (const m of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1].split('#')[0];
        if (!target || /^[a-z]+:/i.test(target)) continue;
        if (!existsSync(join(dirname(page), target))) broken.push(target);
      }
      expect(broken).toEqual([]);
    });
  }
});
