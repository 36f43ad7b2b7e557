// Which key a new test list takes in this project: `tests:` or `data_tests:`. dbt 1.8 renamed
// `tests:` to `data_tests:`; a project that still supports older dbt (its `require-dbt-version`
// admits a version below 1.8) keeps `tests:`, else the key most of its property files use, else
// `data_tests:`.
import type { Project } from '../../core/project/types.js';
import { parse } from '../../core/yaml-lib.js';

export type TestKey = 'tests' | 'data_tests';
const cache = new WeakMap<Project, { files: unknown; key: TestKey }>();

export function projectTestKey(p: Project): TestKey {
  const held = cache.get(p);
  if (held && held.files === p.files) return held.key;
  const key = decide(p);
  cache.set(p, { files: p.files, key });
  return key;
}

function decide(p: Project): TestKey {
  if (admitsBelow18(requiredVersions(p))) return 'tests';
  let tests = 0, dataTests = 0;
  for (const n of [...p.models, ...p.sources, ...p.seeds, ...p.snapshots]) {
    for (const t of [...n.tests, ...n.columns.flatMap((c) => c.tests)]) t.key === 'tests' ? tests++ : dataTests++;
  }
  return tests > dataTests ? 'tests' : 'data_tests';
}

function requiredVersions(p: Project): string[] {
  let doc: any;
  try { doc = parse(p.readText('dbt_project.yml')); } catch { return []; }
  const r = doc?.['require-dbt-version'];
  return (Array.isArray(r) ? r : typeof r === 'string' ? [r] : []).map(String);
}

/** Does the range (e.g. [">=1.3.0", "<2.0.0"]) admit a dbt below 1.8? */
export function admitsBelow18(ranges: string[]): boolean {
  if (!ranges.length) return false;
  let lower: number[] | undefined;
  for (const r of ranges) {
    for (const part of r.split(',').map((x) => x.trim())) {
      const m = /^(>=|>|=|==)?\s*(\d+)\.(\d+)/.exec(part);
      if (!m || (m[1] === undefined && /^[<]/.test(part))) continue;
      if (/^</.test(part)) continue;
      const v = [Number(m[2]), Number(m[3])];
      if (!lower || v[0] > lower[0] || (v[0] === lower[0] && v[1] > lower[1])) lower = v;
    }
  }
  return !!lower && (lower[0] < 1 || (lower[0] === 1 && lower[1] < 8));
}
