// The Conceptualizer on an application's own records of changes to its objects, which the tenth blind round's warehouse
// stages beside its business tables: what it deleted (Frappe/ERPNext's deleted_documents: the doctype and name of each
// deleted document, its data as JSON, which every other model filters on) and a shop's activity feed (verb, subject_id,
// subject_type, message): bookkeeping and logs, not business things. Read by the real project reader, with the SQL parser
// loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

describe("a source's record of deleted rows", () => {
  it('is left out as the source system\'s bookkeeping, with its reason in the notes', () => {
    const p = conceptualize(loadFiles({
      'models/sources.yml': sourcesYaml(sources('erp', 'customers', 'deleted_documents')),
      'models/staging/erp/stg_erp__customers.sql': "select name as customer_id, customer_name from {{ source('erp', 'customers') }}\n",
      'models/staging/erp/stg_erp__deleted_documents.sql': "select name as deleted_document_id, deleted_doctype, deleted_name as document_id, data as document_data_json, restored::int::boolean as is_restored from {{ source('erp', 'deleted_documents') }}\n",
    }));
    expect(names(p)).toEqual(['Customer']);
    expect(p.notes.join('\n')).toMatch(/stg_erp__deleted_documents \(the source system's own bookkeeping/);
  });
});

describe("an application's activity feed (a verb done to a thing of any kind: subject_id and subject_type)", () => {
  const shop = {
    'models/sources.yml': sourcesYaml(sources('shop', 'products', 'events', 'page_events')),
    'models/staging/shop/stg_shop__products.sql': "select id as product_id, title from {{ source('shop', 'products') }}\n",
    'models/staging/shop/stg_shop__events.sql': "select id::bigint as event_id, verb, author, subject_id::bigint as subject_id, subject_type, message, path, created_at from {{ source('shop', 'events') }}\n",
  };

  it('is a log, left out', () => {
    const p = conceptualize(loadFiles(shop));
    expect(names(p)).toEqual(['Product']);
    expect(p.notes.join('\n')).toMatch(/stg_shop__events \(an activity feed/);
  });

  it('while events of one kind (a visitor\'s page views: visit, page, name) stay things', () => {
    const p = conceptualize(loadFiles({ ...shop, 'models/staging/shop/stg_shop__events.sql': "select id as event_id, visit_id, user_id, name, properties, time from {{ source('shop', 'events') }}\n" }));
    expect(names(p)).toContain('Event');
  });
});
