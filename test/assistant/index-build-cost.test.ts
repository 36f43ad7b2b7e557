// What building the index spares (the first `ai search` at 10,000 models pays all of it): the
// SQL files the read kept are not read again for their records, and a long text's title is cut
// as collapsing the whole text would cut it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/api/project.js';
import { ProjectIndex } from '../../src/assistant/index/project-index.js';
import { clip } from '../../src/assistant/index/records.js';
import { copyProject, SAAS } from './helpers.js';

describe('building the index', () => {
  it('takes a SQL file’s head from the text the read kept, reading no file again', () => {
    const dir = copyProject(SAAS);
    const p = loadProject(dir);
    const sql = [...p.files].filter(([, k]) => k === 'sql').map(([rel]) => rel);
    expect(sql.length).toBeGreaterThan(3);
    // the file on disk changes after the read: the record is of the project as read
    writeFileSync(join(dir, sql[0]), 'select 1 as changed_after_the_read\n');
    const read: string[] = [];
    const readText = p.readText.bind(p);
    p.readText = (rel) => { read.push(rel); return readText(rel); };
    const ix = new ProjectIndex(p).build();
    expect(read.filter((rel) => sql.includes(rel))).toEqual([]);
    for (const rel of sql) expect(ix.get(`file:${rel}`)!.text).toContain(p.sqlText!(rel)!.slice(0, 200).trim());
    expect(ix.get(`file:${sql[0]}`)!.text).not.toContain('changed_after_the_read');
  });
});

describe('a title cut from a long text', () => {
  // the whole text collapsed, then cut: what clip must give however long the text is
  const whole = (s: string, n: number) => { const t = s.replace(/\s+/g, ' ').trim(); return t.length <= n ? t : t.slice(0, n - 1).trimEnd() + '…'; };
  const texts = [
    'word '.repeat(200),
    ' \n\t'.repeat(300) + 'late words after a long run of white space',
    'x'.repeat(95) + ' '.repeat(1000) + 'y'.repeat(10),
    'a\n\n'.repeat(500),
    'short',
    `${'ab '.repeat(133)}${' '.repeat(700)}end`,
  ];
  for (const [i, s] of texts.entries()) {
    it(`cuts text ${i} as collapsing all of it would`, () => {
      for (const n of [1, 10, 99, 100, 110, 160]) expect(clip(s, n), `n=${n}`).toBe(whole(s, n));
    });
  }
});
