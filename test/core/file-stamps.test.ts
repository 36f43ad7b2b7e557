// File stamps name what changed: the kept assistant's index says on stderr which file made a
// big project build again, so the first file not as stamped (edited, added, removed) is named.
import { rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstChange, stampFiles, stampsHold } from '../../src/core/file-stamps.js';
import { tempDir } from '../helpers/cli.js';

describe('file stamps', () => {
  it('name the first file edited, added or removed since they were taken', () => {
    const root = tempDir('modeler-stamps-');
    const paths = ['a.sql', 'b.yml', 'c.sql'];
    const old = new Date(Date.now() - 60_000);
    for (const p of paths) { writeFileSync(join(root, p), `-- ${p}\n`); utimesSync(join(root, p), old, old); }
    const stamps = stampFiles(root, paths);
    expect(firstChange(root, stamps, paths)).toBeUndefined();
    expect(stampsHold(root, stamps, paths)).toBe(true);

    writeFileSync(join(root, 'b.yml'), '-- b.yml, edited\n');
    expect(firstChange(root, stamps, paths)).toBe('b.yml');
    expect(stampsHold(root, stamps, paths)).toBe(false);

    const again = stampFiles(root, paths);
    writeFileSync(join(root, 'b2.sql'), 'select 1\n');
    expect(firstChange(root, again, ['a.sql', 'b.yml', 'b2.sql', 'c.sql'])).toBe('b2.sql');
    rmSync(join(root, 'a.sql'));
    expect(firstChange(root, again, ['b.yml', 'c.sql'])).toBe('a.sql');
    expect(stampsHold(root, again, ['b.yml', 'c.sql'])).toBe(false);
  });
});
