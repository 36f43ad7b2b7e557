// The Conceptualizer, issue 23's eighth blind round (a pool-service company's field-service warehouse): a system that
// keeps its tags as a list of their own (Tag: its key and a name), which a link table points at (customer_tag:
// customer_id, tag_id), read as "a tag vocabulary" left out and "tags of Customer" folded into it. Each project is
// written to exercise one class and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => conceptualize(loadFiles(files));
const stg = (system: string, table: string, select: string) => ({
  [`models/staging/${system}/stg_${system}__${table}.sql`]: `with source as (select * from {{ source('${system}', '${table}') }})\nselect ${select} from source\n`,
});

describe('a list of tags that other tables point at by key', () => {
  const files = {
    'models/_sources.yml': sourcesYaml(sources('skimmer', 'customer', 'tag', 'customer_tag', 'invoice')),
    ...stg('skimmer', 'customer', 'cast("CompanyId" as text) as company_id, cast("id" as text) as customer_id, "FirstName" as first_name, "LastName" as last_name'),
    ...stg('skimmer', 'tag', 'cast("CompanyId" as text) as company_id, cast("id" as text) as tag_id, "Name" as name, cast("Deleted" as integer) as deleted'),
    ...stg('skimmer', 'customer_tag', 'cast("id" as text) as customer_tag_id, cast("CustomerId" as text) as customer_id, cast("TagId" as text) as tag_id, cast("Deleted" as integer) as deleted'),
    ...stg('skimmer', 'invoice', 'cast("id" as text) as invoice_id, cast("CustomerId" as text) as customer_id, cast("Total" as double precision) as total'),
  };

  it('is a reference entity, and the table pairing a customer with a tag links the two', () => {
    const p = load(files);
    expect(names(p)).toEqual(['Customer', 'Invoice', 'Tag']);
    expect(refs(p)).toEqual(['Customer>CustomerTag.customer_id', 'Customer>Invoice.customer_id', 'Tag>CustomerTag.tag_id']);
  });

  it('is so also where the system stages the companies every table is scoped to', () => {
    const p = load({
      ...files,
      'models/_sources.yml': sourcesYaml(sources('skimmer', 'customer', 'tag', 'customer_tag', 'invoice', 'company')),
      ...stg('skimmer', 'company', 'cast("id" as text) as company_id, "Name" as company_name'),
    });
    // company_id on the tag list scopes it to a tenant: it is no tag about one company
    expect(names(p)).toEqual(['Company', 'Customer', 'Invoice', 'Tag']);
    expect(refs(p)).toContain('Tag>CustomerTag.tag_id');
  });

  it('stays out while nothing points at it, and tags holding free text stay the tagged thing\'s', () => {
    const p = load({
      'models/_sources.yml': sourcesYaml(sources('support', 'ticket', 'tag', 'ticket_tag')),
      ...stg('support', 'ticket', 'id as ticket_id, subject, status'),
      // a vocabulary nobody points at by key; a ticket's tags as text
      ...stg('support', 'tag', 'id as tag_id, name, count as ticket_count'),
      ...stg('support', 'ticket_tag', 'ticket_id, tag as tag_name'),
    });
    expect(names(p)).toEqual(['Ticket']);
    expect(p.notes.join(' ')).toMatch(/stg_support__tag \(a tag vocabulary\)/);
  });
});

describe('tags that are rows about another thing', () => {
  const files = {
    'models/_sources.yml': sourcesYaml(sources('shop', 'users', 'tags', 'farms', 'vendor_tags', 'farm_vendor_tags')),
    ...stg('shop', 'users', 'id as user_id, email'),
    // a user's segmentation tags: each row names its user, so they are the user's
    ...stg('shop', 'tags', 'id as tag_id, key as tag_name, user_id, purpose as tag_purpose, created_at as created_at_utc'),
    ...stg('shop', 'farms', 'id as farm_id, name as farm_name'),
    // a list of tags a vendor can carry, and the farms that carry them
    ...stg('shop', 'vendor_tags', 'id as vendor_tag_id, key as vendor_tag_key, value as vendor_tag_value, description as vendor_tag_description'),
    ...stg('shop', 'farm_vendor_tags', 'id as farm_vendor_tag_id, farm_id, vendor_tag_id, created_at as created_at_utc'),
  };

  it('stay the thing\'s, beside a tag list of the same system that another table points at', () => {
    const p = load(files);
    // the user's tags hold user_id: tags of the user, although their own key (tag_id) is the last word of vendor_tag_id
    expect(names(p)).toEqual(['Farm', 'User', 'VendorTag']);
    expect(refs(p)).toEqual(['Farm>FarmVendorTag.farm_id', 'VendorTag>FarmVendorTag.vendor_tag_id']);
  });
});
