// Columns from SQL on a real project nobody wrote for modeler (dbt Labs' jaffle-shop): every model
// modeler reads from its source SQL has the columns DuckDB describes for dbt's own compiled SQL
// (bench/sql-columns-agreement.mjs runs the same on every registered project).
import { beforeAll, expect, it } from 'vitest';
import { describeFetched, fetchedProject } from '../helpers/shared.js';
import { compileCopy, describeModels, TRUTH_TARGET } from '../../bench/lib/sql-columns-truth.mjs';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { readSqlColumns } from '../../src/core/sql-columns/read-columns.js';
import { projectColumns } from '../../src/core/columns/project-columns.js';

beforeAll(async () => { await initSqlColumns(); });

describeFetched('columns from SQL against dbt compile + DuckDB DESCRIBE', 'jaffle-shop', () => {
  it('agrees with DuckDB on every model of jaffle-shop', async () => {
    const compiled = compileCopy('jaffle-shop');
    const byRel = new Map<string, string>(Object.values<any>(compiled.manifest.nodes).filter((n) => n.relation_name).map((n) => [n.relation_name.replace(/"/g, '').toLowerCase(), n.unique_id]));
    const seen = new Map<string, string[]>();
    const truth = await describeModels(compiled, 'jaffle_shop', (n: any) => {
      const r = readSqlColumns(n.compiled_code, 'duckdb', (parts) => {
        const id = byRel.get(parts.join('.').toLowerCase());
        return { id: id ?? parts.join('.'), columns: id ? seen.get(id)?.map((name) => ({ name })) : undefined };
      });
      const names = r.error || r.gaps.length ? undefined : r.columns.map((c) => c.name);
      if (names) seen.set(n.unique_id, names);
      return names;
    });
    for (const [id, t] of truth) seen.set(id, t.names);
    const described = [...truth.values()].filter((t) => t.how === 'describe').length;
    expect(described).toBeGreaterThanOrEqual(8); // DuckDB itself, not the parser, judges most of them
    const p = loadProject(fetchedProject('jaffle-shop').dir);
    const pc = projectColumns(p, { target: TRUTH_TARGET });
    let judged = 0;
    for (const m of p.models) {
      const t = truth.get(m.uniqueId);
      if (!t) continue;
      judged++;
      const r = pc.sql(m)!;
      expect(r.status, `${m.name}: ${r.gaps.join('; ')}`).toBe('complete');
      expect(r.via).toBe('rendered');
      expect(r.columns.map((c) => c.name.toLowerCase()), `${m.name} (${t.how})`).toEqual(t.names.map((x: string) => x.toLowerCase()));
    }
    expect(judged).toBeGreaterThanOrEqual(12);
    // stg_orders: ten columns, its YAML lists one
    const stg = pc.of(p.modelByName.get('stg_orders')!);
    expect(stg.map((c) => c.name)).toEqual(['order_id', 'location_id', 'customer_id', 'subtotal_cents', 'tax_paid_cents', 'order_total_cents', 'subtotal', 'tax_paid', 'order_total', 'ordered_at']);
    expect(stg.filter((c) => c.origins.includes('yaml')).map((c) => c.name)).toEqual(['order_id']);
    expect(stg.find((c) => c.name === 'subtotal')).toMatchObject({ data_type: 'numeric(16, 2)', type_origin: 'sql' });
  }, 300_000);
});
