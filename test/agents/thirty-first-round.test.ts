// The Conceptualizer, issue 23's thirty-first blind round: classes of error read off a product-analytics source package
// (one system loaded by Fivetran: visitors, accounts, pages, features, guides and their events, most things kept as
// Fivetran history tables — one row per version, unique on the id and last_updated_at — that are the layer's only table of
// them). Each project is written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (table: string, columns: string) => `select ${columns} from {{ source('kb', '${table}') }}\n`;
const TABLES = ['poll', 'site', 'banner', 'category', 'article_history', 'article_view', 'article_block_history', 'article_rule_history', 'reader_history', 'account_history', 'reader_account_history'];

// a help centre's categories, its articles kept only as their history, and the readers' views of them
const helpCentre = (extra: Record<string, string> = {}) => ({
  'models/staging/src_kb.yml': sourcesYaml(sources('kb', ...TABLES)),
  'models/staging/stg_kb__category.sql': select('category', 'id as category_id, name as category_name, created_at'),
  'models/staging/stg_kb__article_history.sql': select('article_history', 'id as article_id, last_updated_at, category_id, title, created_at'),
  'models/staging/stg_kb__article_view.sql': select('article_view', 'view_key, article_id, article_block_id, occurred_at, num_minutes'),
  'models/staging/stg_kb.yml': 'version: 2\nmodels:\n'
    + '  - name: stg_kb__category\n    columns:\n      - name: category_id\n        data_tests: [unique, not_null]\n'
    + '  - name: stg_kb__article_history\n    data_tests:\n      - dbt_utils.unique_combination_of_columns:\n          combination_of_columns: [article_id, last_updated_at]\n'
    + '  - name: stg_kb__article_view\n    columns:\n      - name: view_key\n        data_tests: [unique, not_null]\n',
  ...extra,
});

describe('a history keyed by its own noun\'s key, beside another thing\'s key', () => {
  it('is that thing\'s versions, the layer\'s only table of it (article_history: article_id and a category_id), not the other thing\'s history', () => {
    const p = run(helpCentre());
    expect(names(p)).toContain('Article');
    expect(refs(p)).toEqual(expect.arrayContaining(['Article>ArticleView.article_id', 'Category>Article.category_id']));
  });
});

describe('a history named for a thing whose key it does not hold', () => {
  it('is versions of the thing it is named after (article_block_history: article_id and its version, block_id; the views\' article_block_id points at no table)', () => {
    const p = run(helpCentre({ 'models/staging/stg_kb__article_block_history.sql': select('article_block_history', 'article_id, article_last_updated_at, block_id') }));
    expect(names(p)).not.toContain('ArticleBlock');
    expect(names(p)).toContain('Article');
  });

  it('is so where no model points at it (article_rule_history: an article\'s URL rules per version)', () => {
    const p = run(helpCentre({ 'models/staging/stg_kb__article_rule_history.sql': select('article_rule_history', 'article_id, article_last_updated_at, rule, parsed_rule') }));
    expect(names(p)).not.toContain('ArticleRule');
  });
});

describe('a history its description calls the links between two things', () => {
  const readers = (description: string) => run(helpCentre({
    'models/staging/stg_kb__reader_history.sql': select('reader_history', 'id as reader_id, last_updated_at, account_id, first_visit_at'),
    'models/staging/stg_kb__account_history.sql': select('account_history', 'id as account_id, last_updated_at, first_visit_at'),
    'models/staging/stg_kb__reader_account_history.sql': select('reader_account_history', 'reader_id, account_id, reader_last_updated_at'),
    'models/staging/stg_kb__links.yml': `version: 2\nmodels:\n  - name: stg_kb__reader_account_history\n    description: ${description}\n`,
  }));

  it('is that link kept over time, drawn as a many-to-many (reader_account_history: "associations between readers and accounts")', () => {
    const p = readers('Historical records of associations between readers and accounts.');
    expect(p.relationships.some((r) => r.cardinality === 'many_to_many' && [r.from, r.to].sort().join() === 'Account,Reader')).toBe(true);
    expect(names(p)).not.toContain('ReaderAccount');
  });

  it('described as anything else is the first thing\'s history, folded into it', () => {
    const p = readers('Historical records of readers.');
    expect(p.relationships.some((r) => r.cardinality === 'many_to_many')).toBe(false);
    expect(names(p)).not.toContain('ReaderAccount');
  });
});

describe('a key whose name abbreviates its table', () => {
  // the help centre's sites keyed site_id, the others holding it as web_id
  const sites = (description: string) => run(helpCentre({
    'models/staging/stg_kb__site.sql': select('site', 'id as site_id, name as site_name, platform'),
    'models/staging/stg_kb__banner.sql': select('banner', 'id as banner_id, web_id, text, shown_from'),
    'models/staging/stg_kb__sites.yml': `version: 2\nmodels:\n  - name: stg_kb__site\n    columns:\n      - name: site_id\n        data_tests: [unique, not_null]\n`
      + `  - name: stg_kb__banner\n    columns:\n      - name: banner_id\n        data_tests: [unique, not_null]\n      - name: web_id\n        description: ${description}\n`,
  }));

  it('points at the table its description names in capitals ("Foreign key referencing the `SITE` the banner is shown on")', () => {
    const p = sites('Foreign key referencing the `SITE` the banner is shown on.');
    expect(refs(p)).toContain('Site>Banner.web_id');
  });

  it('points nowhere where the description names it in plain words ("Foreign key referencing the site the banner is shown on")', () => {
    const p = sites('Foreign key referencing the site the banner is shown on.');
    expect(refs(p).filter((r) => r.endsWith('.web_id'))).toEqual([]);
  });
});

describe('a key naming its own table under a role', () => {
  const followUps = (description: string) => run(helpCentre({
    'models/staging/stg_kb__poll.sql': select('poll', 'id as poll_id, follow_up as follow_up_poll_id, question'),
    'models/staging/stg_kb__polls.yml': `version: 2\nmodels:\n  - name: stg_kb__poll\n    columns:\n      - name: poll_id\n        data_tests: [unique, not_null]\n`
      + `      - name: follow_up_poll_id\n        description: ${description}\n`,
  }));

  it('is a self-reference where its description says so ("Self-referencing id of the follow-up `POLL` question")', () => {
    expect(refs(followUps('Self-referencing id of the follow-up `POLL` question, if any.'))).toContain('Poll>Poll.follow_up_poll_id');
  });

  it('is none where nothing says so (a role no word says relates rows of one table)', () => {
    expect(refs(followUps('The follow-up question, if any.'))).not.toContain('Poll>Poll.follow_up_poll_id');
  });
});
