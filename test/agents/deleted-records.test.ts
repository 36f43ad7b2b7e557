// The Conceptualizer on an application's record of what it deleted (Frappe/ERPNext's deleted_documents: the doctype and
// name of each deleted document, its data as JSON), which the tenth blind round's warehouse stages and filters every
// other model on: bookkeeping, not a business thing. Read by the real project reader, with the SQL parser loaded.
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
