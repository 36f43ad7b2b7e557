// `modeler mcp` over stdio with the official MCP client: the read-only tools are listed and
// answer from the same core functions; validate_proposal checks and never applies, and takes a
// proposal as another tool returned it; a file changed on disk after the start is what the next
// call sees; messages name inputs as the tools take them; nothing in the project is written.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { changed, copyProject, EXAMPLE, mcpClientFor, tree } from './helpers.js';

const dir = copyProject(EXAMPLE);
const before = tree(dir);
const { client, text } = mcpClientFor(dir);

describe('modeler mcp', () => {
  it('lists the read-only tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['canonicalize', 'column_lineage', 'column_yaml', 'conceptualize', 'explain', 'lineage', 'list_models', 'mesh_check', 'model_details', 'propose_changes', 'readiness', 'search_index', 'validate', 'validate_proposal']);
    for (const t of tools) expect(t.annotations?.readOnlyHint, t.name).toBe(true);
  });

  it('search_index and explain answer from the project', async () => {
    const s = JSON.parse(text(await client.callTool({ name: 'search_index', arguments: { query: 'what does order status mean', limit: 3 } })));
    expect(s.sources[0]).toMatchObject({ kind: 'doc_block', name: 'order_status', path: 'models/docs/_docs.md', line: 12 });
    const e = text(await client.callTool({ name: 'explain', arguments: { name: 'orders' } }));
    expect(e).toContain('Lineage: upstream stg_shop__orders, stg_stripe__payments; downstream rpt_daily_revenue.');
    const f = text(await client.callTool({ name: 'explain', arguments: { name: 'models/docs/_docs.md' } }));
    expect(f).toContain('doc_block order_status (line 12)');
    const none = await client.callTool({ name: 'explain', arguments: { name: 'zzzz_nothing_like_this' } });
    expect(none.isError).toBe(true);
    // a name typed wrong: the nearest table, or the nearest column of the table named, as column_lineage says it
    expect(text(await client.callTool({ name: 'explain', arguments: { name: 'ordrs' } }))).toMatch(/^nothing named ordrs in the project index \(did you mean 'orders'\?\)/);
    expect(text(await client.callTool({ name: 'explain', arguments: { name: 'orders.custmer_id' } }))).toMatch(/^nothing named orders\.custmer_id in the project index \(did you mean 'orders\.customer_id'\?\); closest: /);
    // a kind: the name under that kind; a name that is something else says what, and a kind that is none is refused with the kinds
    expect(text(await client.callTool({ name: 'explain', arguments: { name: 'orders', kind: 'model' } }))).toContain('Lineage: upstream stg_shop__orders');
    const wrongKind = await client.callTool({ name: 'explain', arguments: { name: 'orders', kind: 'column' } });
    expect(wrongKind.isError).toBe(true);
    expect(text(wrongKind)).toBe("no column named orders; orders is a model (give kind 'model', or no kind)");
    for (const k of ['constructor', 'modle']) {
      const bad = await client.callTool({ name: 'explain', arguments: { name: 'orders', kind: k } });
      expect(bad.isError).toBe(true);
      expect(text(bad)).toMatch(new RegExp(`^unknown kind '${k}'${k === 'modle' ? " \\(did you mean 'model'\\?\\)" : ''}; kinds: file, model, source, `));
    }
  });

  it('column_lineage answers as `modeler lineage --output-json` does, and refuses an unknown column with the nearest name', async () => {
    const l = JSON.parse(text(await client.callTool({ name: 'column_lineage', arguments: { column: 'orders.customer_id', depth: 2 } })));
    expect(l.upstream.map((u: any) => `${u.node}.${u.column}@${u.depth}:${u.kind}`)).toEqual(['stg_shop__orders.customer_id@1:passthrough', 'shop.orders.user_id@2:rename']);
    const i = JSON.parse(text(await client.callTool({ name: 'column_lineage', arguments: { column: 'stg_shop__orders.customer_id', impact: true } })));
    expect(i.columns.map((c: any) => `${c.node}.${c.column}`)).toContain('orders.customer_id');
    const bad = await client.callTool({ name: 'column_lineage', arguments: { column: 'orders.custmer_id' } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toBe("orders has no column 'custmer_id' (did you mean 'customer_id'?)");
  });

  it('lineage gives a model\'s parents and children through ref()/source() up to a depth, or a column\'s lineage, and refuses an unknown name with the nearest one', async () => {
    const call = async (args: Record<string, unknown>) => JSON.parse(text(await client.callTool({ name: 'lineage', arguments: args })));
    const m = await call({ name: 'orders', depth: 2 });
    expect(m.upstream.map((u: any) => `${u.resource_type}:${u.name}@${u.depth}`)).toEqual(['model:stg_shop__orders@1', 'model:stg_stripe__payments@1', 'source:shop.orders@2', 'source:stripe.payments@2']);
    expect(m.downstream.map((u: any) => u.name)).toEqual(['rpt_daily_revenue']);
    const src = await call({ name: 'shop.orders', direction: 'downstream' });
    expect([src.resource_type, src.upstream, src.downstream.map((u: any) => `${u.name}:${u.path}`)]).toEqual(['source', undefined, ['stg_shop__orders:models/staging/shop/stg_shop__orders.sql']]);
    // a column: the lineage column_lineage gives, only the side asked for
    const c = await call({ column: 'orders.customer_id', depth: 2, direction: 'upstream' });
    const same = JSON.parse(text(await client.callTool({ name: 'column_lineage', arguments: { column: 'orders.customer_id', depth: 2 } })));
    expect([c.upstream, c.downstream]).toEqual([same.upstream, undefined]);
    expect(c.upstream.map((u: any) => `${u.node}.${u.column}`)).toEqual(['stg_shop__orders.customer_id', 'shop.orders.user_id']);
    const bad = await client.callTool({ name: 'lineage', arguments: { name: 'ordrs' } });
    expect([bad.isError, text(bad)]).toEqual([true, "no model, source, seed or snapshot named 'ordrs' in the project (did you mean 'orders'?)"]);
    const badCol = await client.callTool({ name: 'lineage', arguments: { column: 'orders.custmer_id' } });
    expect([badCol.isError, text(badCol)]).toEqual([true, "orders has no column 'custmer_id' (did you mean 'customer_id'?)"]);
    const both = await client.callTool({ name: 'lineage', arguments: { name: 'orders', column: 'orders.order_id' } });
    expect(both.isError).toBe(true);
    const badDir = await client.callTool({ name: 'lineage', arguments: { name: 'orders', direction: 'sideways' } });
    expect(badDir.isError).toBe(true);
  });

  it('list_models selects with dbt\'s syntax (graph operators, methods, exclude) and refuses a bad selector with the SELECTOR message', async () => {
    const call = async (args: Record<string, unknown>) => JSON.parse(text(await client.callTool({ name: 'list_models', arguments: args })));
    const up = await call({ select: '+orders', exclude: 'resource_type:source' });
    expect(up.nodes.map((n: any) => n.name)).toEqual(['orders', 'stg_shop__orders', 'stg_stripe__payments']);
    expect(up.nodes[0]).toEqual({ name: 'orders', resource_type: 'model', unique_id: 'model.jaffle_shop.orders', path: 'models/marts/orders.sql', materialized: 'table', tags: [], description: 'One row per order with its payment total.' });
    const views = await call({ select: 'config.materialized:view' });
    expect(views.nodes.length).toBeGreaterThan(0);
    expect(views.nodes.every((n: any) => n.materialized === 'view')).toBe(true);
    const all = await call({});
    expect(all.total).toBeGreaterThan(views.total);
    expect(all.nodes.some((n: any) => n.resource_type === 'test')).toBe(false);
    const one = await call({ select: 'path:models/marts', limit: 1 });
    expect([one.nodes.length, one.total > 1, typeof one.truncated]).toEqual([1, true, 'string']);
    expect((await call({ select: 'tag:no_such_tag' })).nodes).toEqual([]);
    const bad = await client.callTool({ name: 'list_models', arguments: { select: 'tagg:nightly' } });
    expect(bad.isError).toBe(true);
    expect(text(bad)).toMatch(/^'tagg' is not a valid selector method \(in 'tagg:nightly'\) \(did you mean 'tag'\?\)/);
    const empty = await client.callTool({ name: 'list_models', arguments: { exclude: 'orders,' } });
    expect([empty.isError, text(empty)]).toEqual([true, "invalid selector 'orders,': an empty part around ','"]);
    expect(changed(before, tree(dir))).toEqual([]);
  });

  it('validate, mesh_check, readiness and the agents return their reports', async () => {
    expect(text(await client.callTool({ name: 'validate', arguments: {} }))).toBe('no errors or warnings');
    const mesh = JSON.parse(text(await client.callTool({ name: 'mesh_check', arguments: {} })));
    expect(mesh.interfaces.map((i: any) => i.name).sort()).toEqual(['customers', 'orders']);
    const rd = JSON.parse(text(await client.callTool({ name: 'readiness', arguments: { min_score: 10 } })));
    expect(rd.summary.files).toBeGreaterThan(0);
    const c = JSON.parse(text(await client.callTool({ name: 'conceptualize', arguments: {} })));
    expect(c.kind).toBe('diagram');
    const k = JSON.parse(text(await client.callTool({ name: 'canonicalize', arguments: { min_recurrence: 1 } })));
    expect(k.kind).toBe('canonical');
  });

  it('validate_proposal checks changes and never applies them', async () => {
    const v = JSON.parse(text(await client.callTool({ name: 'validate_proposal', arguments: { changes: [
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', patch: [{ op: 'replace', path: '/models/1/columns/4/description', value: 'Order state.' }] },
      { op: 'patch_yaml', path: 'models/marts/_marts.yml', patch: [{ op: 'add', path: '/models/1/columns/2/data_tests', value: ['not_null'] }] },
      { op: 'create_file', path: '../x.yml', content: 'a: 1' },
    ] } })));
    expect(v.map((x: any) => [x.valid, x.blocked?.code])).toEqual([[false, 'DOC_BLOCK_OVERWRITE'], [true, undefined], [false, 'PATH_ESCAPE']]);
    expect(changed(before, tree(dir))).toEqual([]);
  });

  it('takes what the agents return as it is (review fields included) and names inputs as the tools do', async () => {
    const c = JSON.parse(text(await client.callTool({ name: 'conceptualize', arguments: {} })));
    const v = JSON.parse(text(await client.callTool({ name: 'validate_proposal', arguments: { changes: c.changes.map((x: any) => ({ ...x, valid: true, blocked: undefined, warnings: [] })) } })));
    expect(v.map((x: any) => x.valid)).toEqual(c.changes.map(() => true));
    const bad = await client.callTool({ name: 'readiness', arguments: { min_score: 101 } });
    expect([bad.isError, text(bad)]).toEqual([true, 'min_score must be between 0 and 100, got 101']);
    const low = JSON.parse(text(await client.callTool({ name: 'readiness', arguments: { min_score: 100 } })));
    expect(low.failures[0]).toMatch(/is below min_score 100$/);
    expect(JSON.stringify(low)).not.toContain('{opt:');
  });

  it('sees a file changed on disk after it started: validate reports a file broken since, and recovers when it is fixed', async () => {
    const file = join(dir, 'models/marts/_marts.yml');
    const good = readFileSync(file, 'utf8');
    writeFileSync(file, good.replace('models:', 'models:\n  - name: [unclosed'));
    const broken = text(await client.callTool({ name: 'validate', arguments: {} }));
    expect(broken).toMatch(/^models\/marts\/_marts\.yml:\d+:\d+: error/m);
    const added = join(dir, 'models/marts/_extra.yml');
    writeFileSync(added, 'version: 2\nmodels:\n  - name: extra_model_from_disk\n    description: Added after the start.\n');
    // a file added since is read too (a YAML entry without its SQL, which the reader reports)
    const e = text(await client.callTool({ name: 'search_index', arguments: { query: 'extra_model_from_disk', limit: 3 } }));
    expect(JSON.parse(e).sources[0]).toMatchObject({ kind: 'issue', path: 'models/marts/_extra.yml' });
    writeFileSync(file, good);
    const { rmSync } = await import('node:fs');
    rmSync(added);
    expect(text(await client.callTool({ name: 'validate', arguments: {} }))).toBe('no errors or warnings');
  });
});
