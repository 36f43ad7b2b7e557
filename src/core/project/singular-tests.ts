// The singular tests (SQL files under test-paths) and what each reads through ref() or source():
// dbt makes them depend on it and runs them for it (`dbt test --select cli_execs_blended` runs a
// tests/*.sql that refs it), so a model only they test is tested. Read afresh on each call: a
// kept project's test files change under it.
import { readSqlFacts, type SqlRef } from './sql-file.js';
import type { Project } from './types.js';

export interface SingularTest { name: string; file: string }

/** Each enabled singular test with the refs and sources its SQL names (none known for one whose file cannot be read). */
export function singularTestReads(p: Project): (SingularTest & { refs: SqlRef[]; sources: { source: string; table: string }[] })[] {
  const out = [];
  for (const t of p.singularTests) {
    if (!t.enabled) continue;
    let facts;
    try { facts = readSqlFacts(p.readText(t.file), t.file); } catch { /* unreadable: reads nothing known */ }
    out.push({ name: t.name.replace(/\.sql$/, ''), file: t.file, refs: facts?.refs ?? [], sources: facts?.sources ?? [] });
  }
  return out;
}

/** Node name (a model's, seed's or snapshot's; `source.table` for a source) → the enabled singular tests that read it. */
export function singularTestsByNode(p: Project): Map<string, SingularTest[]> {
  const out = new Map<string, SingularTest[]>();
  const add = (key: string, t: SingularTest) => { const l = out.get(key) ?? []; if (!l.includes(t)) l.push(t); out.set(key, l); };
  for (const { name, file, refs, sources } of singularTestReads(p)) {
    const test = { name, file };
    for (const r of refs) add(r.name, test);
    for (const s of sources) add(`${s.source}.${s.table}`, test);
  }
  return out;
}
