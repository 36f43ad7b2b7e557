// Every code src/ reports is defined, once, with a meaning (src/codes.ts gathers the areas'
// tables; the docs' code table is generated from it). Scanning the source is the check: a new
// `code: 'X'` without a table entry fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALL_CODES } from '../../src/codes.js';
import { REPO } from '../helpers/cli.js';

const PATTERNS = [
  /code: *'([A-Z][A-Z0-9_]+)'/g, // diagnostics and options naming a code
  /\b(?:add|bad|warn|fail)\('([A-Z][A-Z0-9_]+)'/g, // area helpers that build diagnostics or failures
  /(?:new \w*Error|super)\([\s\S]{0,400}?,\s*(?:1|64|\w+ \? 64 : 1),\s*'([A-Z][A-Z0-9_]+)'\)/g, // UserError(message, exitCode, code)
  /\bpush\('(READINESS_[A-Z0-9_]+)'/g, // readiness findings
  /'((?:APP|DUPLICATE)_[A-Z0-9_]+)'/g, // manifest checks that pass their code along
  /\b(?:error|warning|info)\[([A-Z][A-Z0-9_]+)\]/g, // codes printed inline
];
// errno values compared against, not codes we report
const NOT_OURS = new Set(['ENOENT', 'EISDIR', 'EACCES', 'EEXIST', 'ENOTDIR', 'EXDEV', 'EPERM', 'ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ER_NO_SUCH_TABLE', 'CODE']);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('codes', () => {
  const defined = new Map(ALL_CODES.map((c) => [c.code, c]));

  it('each code is defined once, with a severity and a one-line meaning', () => {
    expect(ALL_CODES.length).toBe(defined.size);
    for (const c of ALL_CODES) {
      expect(c.meaning.length, c.code).toBeGreaterThan(10);
      expect(c.meaning, c.code).not.toMatch(/\n/);
      expect(c.severity, c.code).toMatch(/error|warning|info|warn/);
    }
  });

  it('every code used in src/ is defined', () => {
    const used = new Map<string, string>();
    for (const file of sources(join(REPO, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const re of PATTERNS) for (const m of text.matchAll(re)) if (!NOT_OURS.has(m[1])) used.set(m[1], file.slice(REPO.length + 1));
    }
    expect(used.size).toBeGreaterThan(60);
    const missing = [...used].filter(([code]) => !defined.has(code)).map(([code, file]) => `${code} (${file})`);
    expect(missing).toEqual([]);
  });
});
