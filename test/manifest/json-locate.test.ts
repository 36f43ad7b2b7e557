import { describe, expect, it } from 'vitest';
import { jsonLocator, pointerOf } from '../../src/manifest/json-locate.js';

describe('jsonLocator', () => {
  const text = [
    '{',                                              // 1
    '  "a": [1, {"b": "x]}\\"y", "c/d": {"e~f": 2}}],', // 2
    '  "g": {',                                       // 3
    '    "h": null',                                  // 4
    '  },',                                           // 5
    '  "i": []',                                      // 6
    '}',                                              // 7
  ].join('\n');
  const loc = jsonLocator(text);
  it('finds values through arrays, escaped strings and escaped pointer segments', () => {
    expect(loc.locate('')).toEqual({ line: 1, column: 1 });
    expect(loc.locate('/a')).toEqual({ line: 2, column: 8 });
    expect(loc.locate('/a/0')).toEqual({ line: 2, column: 9 });
    expect(loc.locate('/a/1/b')).toEqual({ line: 2, column: 18 });
    expect(loc.locate(pointerOf(['a', 1, 'c/d', 'e~f']))).toEqual({ line: 2, column: 43 });
    expect(loc.locate('/g/h')).toEqual({ line: 4, column: 10 });
    expect(loc.locate('/i')).toEqual({ line: 6, column: 8 });
  });
  it('keys, and the nearest ancestor for paths that do not exist', () => {
    expect(loc.locate('/g/h', { key: true })).toEqual({ line: 4, column: 5 });
    expect(loc.locate('/g/zz')).toEqual({ line: 3, column: 8 });
    expect(loc.locate('/i/3/x')).toEqual({ line: 6, column: 8 });
  });
  it('the root is where its value starts, also with whitespace after it (a missing top-level key points there)', () => {
    expect(jsonLocator(text + '\n').locate('')).toEqual({ line: 1, column: 1 });
    expect(jsonLocator('\n  [1, 2]\n\n').locate('')).toEqual({ line: 2, column: 3 });
    expect(jsonLocator('\n  [1, 2]\n\n').locate('/1')).toEqual({ line: 2, column: 7 });
  });
});
