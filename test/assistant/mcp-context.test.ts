// `modeler mcp` for coding agents, with the official MCP client over stdio: resources (the
// project's files, models and sources at modeler:// URIs), prompts, and the tools model_details,
// propose_changes (validated, never applied) and column_yaml (the YAML entry for a model's
// columns from its SQL), each with valid and invalid input (errors as MCP errors); nothing in the
// project is written.
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { changed, copyProject, EXAMPLE, mcpClientFor, tree } from './helpers.js';

const dir = copyProject(EXAMPLE);
const before = tree(dir);
const { client, text } = mcpClientFor(dir);

describe('modeler mcp: resources, prompts, model tools', () => {
  it('lists models, sources and files as resources, and reads them', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate).sort()).toEqual(['modeler://file/{+path}', 'modeler://model/{name}', 'modeler://source/{name}']);
    const { resources } = await client.listResources();
    const uris = resources.map((r) => r.uri);
    expect(uris).toEqual(expect.arrayContaining(['modeler://model/orders', 'modeler://source/shop.orders', 'modeler://file/models/marts/_marts.yml', 'modeler://file/models/marts/orders.sql']));
    const m = await client.readResource({ uri: 'modeler://model/orders' });
    const details = JSON.parse((m.contents[0] as any).text);
    expect(details).toMatchObject({ name: 'orders', file: 'models/marts/_marts.yml', line: 46, materialized: 'table', owner: 'growth-analytics@jaffle.shop', parents: ['stg_shop__orders', 'stg_stripe__payments'], children: ['rpt_daily_revenue'] });
    const f = await client.readResource({ uri: 'modeler://file/models/marts/orders.sql' });
    expect((f.contents[0] as any).text).toContain("ref('stg_shop__orders')");
    await expect(client.readResource({ uri: 'modeler://file/../../etc/passwd' })).rejects.toThrow();
    await expect(client.readResource({ uri: 'modeler://model/no_such_model' })).rejects.toThrow(/no model named no_such_model/);
  });

  it('offers prompts that carry the model\'s facts', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual(['document_model', 'review_interface_readiness']);
    const p = await client.getPrompt({ name: 'review_interface_readiness', arguments: { model: 'orders' } });
    const t = (p.messages[0].content as any).text;
    expect(t).toContain('Review the dbt model orders (models/marts/_marts.yml:46) for Interface readiness');
    expect(t).toContain('"owner": "growth-analytics@jaffle.shop"');
    await expect(client.getPrompt({ name: 'review_interface_readiness', arguments: { model: 'nope' } })).rejects.toThrow(/no model, source, seed or snapshot named nope/);
  });

  it('model_details and column_yaml answer for a model, and say when there is none', async () => {
    const d = JSON.parse(text(await client.callTool({ name: 'model_details', arguments: { name: 'stg_shop__orders' } })));
    expect(d.columns.map((c: any) => c.name)).toEqual(expect.arrayContaining(['order_id', 'created_by_user_id']));
    expect(d.columns.find((c: any) => c.name === 'order_id').tests).toEqual(expect.arrayContaining(['unique', 'not_null']));
    const y = parse(text(await client.callTool({ name: 'column_yaml', arguments: { model: 'rpt_daily_revenue' } })));
    expect(y.models[0].name).toBe('rpt_daily_revenue');
    expect(y.models[0].columns.map((c: any) => c.name)).toEqual(['order_date', 'revenue']);
    const none = await client.callTool({ name: 'model_details', arguments: { name: 'zzz' } });
    expect(none.isError).toBe(true);
    expect(text(none)).toContain('no model, source, seed or snapshot named zzz');
    expect(text(await client.callTool({ name: 'model_details', arguments: { name: 'shop.ordrs' } }))).toMatch(/^no model, source, seed or snapshot named shop\.ordrs in the project \(did you mean 'shop\.orders'\?\); list them/);
    const bad = await client.callTool({ name: 'column_yaml', arguments: {} });
    expect(bad.isError).toBe(true);
  });

  it('propose_changes returns validated changes and applies nothing', async () => {
    const r = JSON.parse(text(await client.callTool({ name: 'propose_changes', arguments: { request: 'classify the e-mail of stg_stripe__customers' } })));
    expect(r.applied).toBe(false);
    expect(r.changes.length).toBeGreaterThan(0);
    for (const c of r.changes) { expect(c.valid).toBe(true); expect(c.path).toBe('models/staging/stripe/_stripe__models.yml'); }
    const bad = await client.callTool({ name: 'propose_changes', arguments: { request: '' } });
    expect(bad.isError).toBe(true);
    expect(changed(before, tree(dir))).toEqual([]);
  });
});
