// A question that names no table but a word only one table's name has ("customer ltv" → user_ltv),
// or spells out a metric's usual abbreviation ("customer lifetime value" → ltv), is about that
// table; a word several tables share (order, orders, order_items) names none of them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject, type Project } from '../../src/api.js';
import { ask } from '../../src/assistant/ask.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { resolveSubject } from '../../src/assistant/local/question.js';
import { tempDir } from '../helpers/cli.js';

let dir: string;
let project: Project;
beforeAll(async () => {
  dir = join(tempDir('modeler-ai-parts-'), 'p');
  mkdirSync(join(dir, 'models', 'marts'), { recursive: true });
  writeFileSync(join(dir, 'dbt_project.yml'), 'name: shop\nversion: "1.0"\nprofile: shop\n');
  writeFileSync(join(dir, 'models', 'marts', 'orders.sql'), 'select 1 as order_id, 2 as user_id, 10.0 as amount\n');
  writeFileSync(join(dir, 'models', 'marts', 'order_items.sql'), 'select 1 as order_item_id, 1 as order_id\n');
  writeFileSync(join(dir, 'models', 'marts', 'users.sql'), 'select 2 as user_id\n');
  writeFileSync(join(dir, 'models', 'marts', 'user_ltv.sql'), "select user_id, sum(amount) as lifetime_revenue\nfrom {{ ref('orders') }}\ngroup by 1\n");
  writeFileSync(join(dir, 'models', 'marts', 'daily_cac.sql'), "select current_date as day, 1.0 as cac\nfrom {{ ref('users') }}\n");
  // a table named for a model (dental-clinic's int_fee_model): "models" in a question is not its name
  writeFileSync(join(dir, 'models', 'marts', 'int_fee_model.sql'), 'select 1 as fee_id\n');
  project = await loadProject(dir);
});

const subject = (q: string) => resolveSubject(project, q, undefined, undefined).node?.name;

describe('a table named by a word of its name no other table has', () => {
  it('"customer ltv", "lifetime value", "customer acquisition cost" name user_ltv and daily_cac', () => {
    expect(subject('how is customer ltv calculated?')).toBe('user_ltv');
    expect(subject('how is customer lifetime value calculated?')).toBe('user_ltv');
    expect(subject('how do we compute customer acquisition costs?')).toBe('daily_cac');
  });

  it('a word several tables share, as written or as its plural, names none of them', () => {
    expect(subject('what does order status mean')).toBeUndefined();
    expect(subject('how is the user score computed?')).toBeUndefined(); // users and user_ltv
    expect(subject('how is revenue calculated?')).toBeUndefined(); // no table's name
  });

  it('a table the question names, or one selected, stays the subject', () => {
    expect(subject('how is orders.amount calculated for ltv?')).toBe('orders');
    const orders = project.models.find((m) => m.name === 'orders');
    expect(resolveSubject(project, 'how is it calculated?', orders, undefined).node?.name).toBe('orders');
  });

  it('ask answers about that table instead of asking which model', async () => {
    const r = await ask(AssistantSession.open(dir), { message: 'how is customer lifetime value calculated?' });
    expect(r.answer.split('\n')[0]).toMatch(/^`user_ltv` is built from the model `orders`/);
  });

  // dental-clinic: "how many models are there?" showed one staging model's card, and "which models have no
  // tests?" listed int_fee_model's untested columns, as "models" was read as int_fee_model's "model"
  it('a word the question uses for the kind of thing asked about (models, tables, columns) names no table, in the plural too', async () => {
    for (const q of ['how many models are there?', 'which models have no tests?', 'list the tables', 'which columns are untested?']) expect(subject(q), q).toBeUndefined();
    const s = AssistantSession.open(dir);
    expect((await ask(s, { message: 'how many models are there?' })).answer.split('\n')[0]).toMatch(/^The project has 6 models/);
    expect((await ask(s, { message: 'which models have no tests?' })).answer.split('\n')[0]).toBe('6 of 6 models have no tests at all:');
  });
});
