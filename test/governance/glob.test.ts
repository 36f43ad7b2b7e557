// Selector globs (policy `selector.path` / `selector.name`): each case checked both ways.
import { describe, expect, it } from 'vitest';
import { matchGlob } from '../../src/core/glob.js';

describe('matchGlob', () => {
  it.each([
    ['models/marts/**', 'models/marts/finance/_finance.yml', true],
    ['models/marts/**', 'models/staging/x.yml', false],
    ['**/*.yml', 'a/b/c.yml', true],
    ['**/*.yml', 'c.yml', true],
    ['models/*.yml', 'models/a/b.yml', false],
    ['models/{staging,marts}/*.yml', 'models/marts/m.yml', true],
    ['models/{staging,marts}/*.yml', 'models/intermediate/m.yml', false],
    ['{stg_*,int_*}', 'stg_orders', true],
    ['{stg_*,int_*}', 'int_orders', true],
    ['{stg_*,int_*}', 'fct_orders', false],
    ['stg_?', 'stg_a', true],
    ['stg_?', 'stg_ab', false],
    ['a.b+(c)', 'a.b+(c)', true],
    ['a.b+(c)', 'aXbb(c)', false],
    ['{unclosed', '{unclosed', true],
  ])('%s vs %s → %s', (glob, path, want) => {
    expect(matchGlob(glob, path)).toBe(want);
  });
});
