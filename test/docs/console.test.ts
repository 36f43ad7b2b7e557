import { describe, expect, it } from 'vitest';
import { consoleBlocks, matches, normalize } from './console.js';

describe('console example format', () => {
  it('reads commands, exit codes and expected output', () => {
    const b = consoleBlocks('x.md', 'text\n```console\n$ modeler a   # exit 2\nout 1\nout 2\n$ modeler b\n```\n```bash\n$ not me\n```\n');
    expect(b).toEqual([{ file: 'x.md', line: 2, commands: [
      { command: 'modeler a', exit: 2, expected: ['out 1', 'out 2'], line: 3 },
      { command: 'modeler b', exit: 0, expected: [], line: 6 },
    ] }]);
  });
  it('"…" matches any lines, nothing else is loose', () => {
    expect(matches(['a', '…', 'z'], ['a', 'b', 'c', 'z'])).toBe(true);
    expect(matches(['a', '…', 'z'], ['a', 'z'])).toBe(true);
    expect(matches(['a', 'z'], ['a', 'b', 'z'])).toBe(false);
    expect(matches(['a'], ['a', 'extra'])).toBe(false);
  });
  it('normalises the workspace path, timings and timestamps', () => {
    expect(normalize('/tmp/ws/x loaded in 12 ms at 2026-01-02T03:04:05.123Z  \n', '/tmp/ws')).toEqual(['./x loaded in N ms at <time>']);
  });
});
