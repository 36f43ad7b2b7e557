// The Conceptualizer, issue 23's third blind round: classes of error read off a company warehouse whose staging layer
// is a subject-named consolidation layer (Hubs' dbt-core-network: stg_fact_orders, stg_dim_contacts, stg_orders_finance,
// stg_otr_*). Each project is written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { parseModelName } from '../../src/agents/naming.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles as load, names as entityNames, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const sourcesFile = sourcesYaml(sources('supply', 'cnc_orders', 'suppliers', 'users', 'teams', 'teams_users', 'order_geo', 'invoices'), sources('hubspot', 'contacts', 'companies'));

describe('mart words in a consolidation layer (stg_fact_orders, stg_dim_contacts, stg_companies_dimensions)', () => {
  const files = {
    'models/3_staging/orders/stg_fact_orders.sql': `select o.uuid as order_uuid, o.supplier_id, o.hubspot_contact_id, o.hubspot_company_id, o.created_at, o.subtotal_amount_usd
from {{ source('supply', 'cnc_orders') }} as o
`,
    'models/3_staging/stg_dim_suppliers.sql': "select id as supplier_id, name, country_code from {{ source('supply', 'suppliers') }}\n",
    'models/3_staging/contacts/stg_dim_contacts.sql': "select contact_id as hubspot_contact_id, associatedcompanyid as hubspot_company_id, email, created_at from {{ source('hubspot', 'contacts') }}\n",
    'models/3_staging/companies/stg_companies_dimensions.sql': "select distinct hubspot_company_id, country_iso2, channel from {{ source('hubspot', 'companies') }}\n",
    // events about a thing: a fact table keyed by its event, not by the thing, keeps the word
    'models/3_staging/stg_fact_user_signups.sql': "select event_id, user_id, signed_up_at from {{ source('supply', 'users') }}\n",
    'models/sources.yml': sourcesFile,
  };

  it('are not part of entity names: a dimension is its thing, a fact table keyed by its thing is that thing', () => {
    const names = entityNames(conceptualize(load(files)));
    expect(names).toEqual(expect.arrayContaining(['Order', 'Supplier', 'Contact', 'Company']));
    expect(names.filter((n) => /^(?:Fact|Dim)|Dimension$/.test(n))).toEqual(['FactUserSignup']);
  });

  it('and the keys point at the entities so named', () => {
    const drawn = refs(conceptualize(load(files)));
    expect(drawn).toEqual(expect.arrayContaining(['Supplier>Order.supplier_id', 'Contact>Order.hubspot_contact_id', 'Company>Order.hubspot_company_id', 'Company>Contact.hubspot_company_id']));
  });
});

describe("tables named after an entity's plural, holding its key and no id of their own (stg_orders_finance, stg_contacts_mqls)", () => {
  const files = {
    'models/3_staging/orders/stg_fact_orders.sql': "select uuid as order_uuid, hubspot_contact_id, created_at from {{ source('supply', 'cnc_orders') }}\n",
    'models/3_staging/orders/stg_orders_finance.sql': `select orders.uuid as order_uuid, sum(t.amount_usd) as invoiced_amount_usd, min(t.created_at) as first_invoiced_at
from {{ source('supply', 'cnc_orders') }} as orders left join {{ source('supply', 'invoices') }} as t on t.order_uuid = orders.uuid
group by 1
`,
    'models/3_staging/orders/stg_orders_geo.sql': "select order_uuid, origin_country, destination_country, cross_dock_city from {{ source('supply', 'order_geo') }}\n",
    'models/3_staging/contacts/stg_dim_contacts.sql': "select contact_id as hubspot_contact_id, email from {{ source('hubspot', 'contacts') }}\n",
    'models/3_staging/contacts/stg_contacts_mqls.sql': "select contact_id, least(mql_date, cart_date) as mql_date, mql_type from {{ source('hubspot', 'contacts') }}\n",
    // a link named with two plurals (Django's teams_users) holds both ends' keys: still a link
    'models/3_staging/stg_teams.sql': "select id as team_id, name from {{ source('supply', 'teams') }}\n",
    'models/3_staging/stg_users.sql': "select id as user_id, email from {{ source('supply', 'users') }}\n",
    'models/3_staging/stg_teams_users.sql': "select team_id, user_id, role from {{ source('supply', 'teams_users') }}\n",
    'models/sources.yml': sourcesFile,
  };

  it('are parts of that entity, folded into it with the reason', () => {
    const p = conceptualize(load(files));
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toEqual(expect.arrayContaining(['stg_fact_orders', 'stg_orders_geo']));
    expect(p.entities.find((e) => e.name === 'Contact')!.sources).toEqual(expect.arrayContaining(['stg_dim_contacts', 'stg_contacts_mqls']));
    expect(entityNames(p).filter((n) => /^(?:Orders|Contacts)/.test(n))).toEqual([]);
    expect(p.notes.join('\n')).toContain('stg_orders_geo → Order (a part of order: named after its plural (orders) and holding its key (order_uuid)');
    // nothing points at a part from its own entity
    expect(refs(p).filter((r) => r.startsWith('Order>Order.') || r.startsWith('Contact>Contact.'))).toEqual([]);
  });

  it('a link named with two plurals stays a link between its two ends', () => {
    const p = conceptualize(load(files));
    expect(p.relationships.find((r) => r.cardinality === 'many_to_many')).toMatchObject({ from: 'Team', to: 'User', through: 'TeamsUser' });
  });
});

describe("a model's upstream written ref ('x') with a space, as dbt accepts it", () => {
  const files = {
    'models/3_staging/stg_fact_orders.sql': "select uuid as order_uuid, created_at from {{ source('supply', 'cnc_orders') }}\n",
    'models/3_staging/stg_orders_geo.sql': "select uuid as order_uuid, origin_country from {{ source('supply', 'cnc_orders') }}\n",
    'models/3_staging/stg_batches.sql': `select geo.order_uuid, b.batch_uuid, b.batch_number, b.shipped_at
from {{ ref ('stg_orders_geo') }} as geo join {{ ref ('fact_batches') }} as b on b.order_uuid = geo.order_uuid
`,
    'models/marts/fact_batches.sql': "select uuid as batch_uuid, order_uuid, batch_number, shipped_at from {{ source('supply', 'suppliers') }}\n",
    'models/sources.yml': sourcesFile,
  };

  it('counts as a staging input: a model joining staging models is not a copy of the one mart it also reads', () => {
    const p = conceptualize(load(files));
    expect(p.entities.find((e) => e.sources.includes('stg_batches'))!.name).toBe('Batch');
    expect(refs(p)).toContain('Order>Batch.order_uuid');
  });
});

describe("a slice of a report: columns written as constants ('Cross Docking' as otr_source) and no id of its own", () => {
  const files = {
    'models/3_staging/stg_fact_orders.sql': "select uuid as order_uuid, shipped_at, delivered_at from {{ source('supply', 'cnc_orders') }}\n",
    'models/otr/stg_otr_cross_dock.sql': `select
    fo.order_uuid,
    'Cross Docking' as otr_source,
    'Cross Docking Time' as otr_impact,
    'Transit time at cross dock' otr_process,
    fo.shipped_at as start_date,
    fo.delivered_at as end_date,
    date_diff('minute', fo.shipped_at, fo.delivered_at) / 60.0 as hours_in_type
from {{ ref('stg_fact_orders') }} as fo
`,
    // strings read out of JSON (data ->> 'valeur' AS valeur) are not constants
    'models/3_staging/stg_phones.sql': `select source.data ->> 'id' as phone_id, source.data ->> 'valeur' as valeur, source.data ->> 'description' as description
from {{ source('supply', 'users') }} as source
`,
    'models/sources.yml': sourcesFile,
  };

  it('is left out as a report, with the reason', () => {
    const p = conceptualize(load(files));
    expect(entityNames(p)).not.toContain('OtrCrossDock');
    expect(p.notes.join('\n')).toContain('stg_otr_cross_dock (3 of its columns are constants written in its SQL');
    expect(entityNames(p)).toContain('Phone');
  });
});

describe("a system's view of a noun, one row per another thing's key (stg_orders_hubspot deduped on hubspot_deal_id)", () => {
  const files = {
    'models/3_staging/stg_fact_orders.sql': "select o.uuid as order_uuid, coalesce(o.hubspot_deal_id, o.legacy_deal_id) as order_hubspot_deal_id, o.created_at from {{ source('supply', 'cnc_orders') }} as o\n",
    'models/3_staging/stg_dim_contacts.sql': "select contact_id as hubspot_contact_id, email from {{ source('ext_hubspot', 'contacts') }}\n",
    'models/3_staging/stg_orders_hubspot.sql': `with stg as (
    select
        hs.deal_id as hubspot_deal_id,
        hs.amount as hubspot_amount_usd,
        hs.hs_latest_associated_contact_id as hubspot_contact_id,
        row_number() over (partition by hubspot_deal_id order by random()) as rn
    from {{ source('ext_hubspot', 'deals') }} as hs
)
select stg.* from stg where rn = 1
`,
    // a table named for its noun keeps it, whatever its key is called (Meltano's organizations by tenant_resource_key)
    'models/3_staging/stg_organizations.sql': `select tenant_resource_key, org_name from (
    select *, row_number() over (partition by tenant_resource_key order by updated_at desc) as rn from {{ source('supply', 'users') }}
) where rn = 1
`,
    'models/sources.yml': sourcesYaml(sources('supply', 'cnc_orders', 'users'), sources('ext_hubspot', 'contacts', 'deals')),
  };

  it('holds that thing: named for what its key identifies, and the keys to it point at it', () => {
    const p = conceptualize(load(files));
    expect(p.entities.find((e) => e.sources.includes('stg_orders_hubspot'))!.name).toBe('Deal');
    expect(entityNames(p)).toContain('Organization');
    expect(refs(p)).toEqual(expect.arrayContaining(['Deal>Order.order_hubspot_deal_id', 'Contact>Deal.hubspot_contact_id']));
  });
});

describe('a rolling window in a name (stg_mql_clv_90d beside stg_mql_clv)', () => {
  it('is a per-period copy of the same noun; 3d (a printing process) is no window', () => {
    expect(parseModelName('stg_mql_clv_90d')).toMatchObject({ tokens: ['mql', 'clv'], period: '90d' });
    expect(parseModelName('stg_events_l30d')).toMatchObject({ tokens: ['event'], period: 'l30d' });
    expect(parseModelName('stg_3d_prints').tokens).toContain('3d');
  });
});

describe("one row per another thing: its one identifier is that thing's key (customer_tiering deduped per hubspot_company_id)", () => {
  const files = {
    'models/3_staging/stg_companies.sql': "select id as hubspot_company_id, name, country from {{ source('ext_hubspot', 'companies') }}\n",
    'models/3_staging/stg_customer_tiering.sql': `with tiers as (
    select hubspot_company_id, snapshot_at, tiering_probability,
        row_number() over (partition by hubspot_company_id order by snapshot_at asc) as rn
    from {{ source('analytics', 'customer_tiering') }}
)
select * from tiers where rn = 1
`,
    // a subtype is named with its parent's noun first (company_partner), and stays
    'models/3_staging/stg_company_partners.sql': `select hubspot_company_id, partner_level, signed_at from (
    select *, row_number() over (partition by hubspot_company_id order by signed_at desc) as rn from {{ source('analytics', 'partners') }}
) where rn = 1
`,
    // the source's own id under another thing's name (_id as sale_id on the gift cards) is the row's own identity
    'models/3_staging/stg_sales.sql': "select _id as sale_id, amount from {{ source('shop', 'sales') }}\n",
    'models/3_staging/stg_gift_cards.sql': "select _id as sale_id, code, balance from {{ source('shop', 'gift_cards') }}\n",
    'models/sources.yml': sourcesYaml(sources('ext_hubspot', 'companies'), sources('analytics', 'customer_tiering', 'partners'), sources('shop', 'sales', 'gift_cards')),
  };

  it('holds attributes of that thing: folded into it, a subtype named for it and a renamed own id staying apart', () => {
    const p = conceptualize(load(files));
    expect(p.entities.find((e) => e.name === 'Company')!.sources).toContain('stg_customer_tiering');
    expect(p.notes.join('\n')).toContain("stg_customer_tiering → Company (one row per Company (its identifier hubspot_company_id is Company's key)");
    expect(entityNames(p)).toEqual(expect.arrayContaining(['CompanyPartner', 'GiftCard', 'Sale']));
  });
});

describe('a change and the next one (lead(changed_at) as next_changed_at) with no id of its own', () => {
  const files = {
    'models/3_staging/stg_hubspot_deals.sql': "select deal_id, amount, dealstage from {{ source('ext_hubspot', 'deals') }}\n",
    'models/3_staging/stg_hubspot_deal_reviews.sql': `select deal_id, dealstage, changed_at_local,
    lead(changed_at_local) over (partition by deal_id order by changed_at_local) as next_changed_at_local,
    time_in_stage_business_minutes
from {{ source('ext_hubspot', 'deal_stage_history') }}
`,
    // a subscription with its next billing date is a thing, not a version of its customer
    'models/3_staging/stg_hubspot_customers.sql': "select customer_id, email from {{ source('ext_hubspot', 'customers') }}\n",
    'models/3_staging/stg_hubspot_subscriptions.sql': "select id as subscription_id, customer_id, billing_date, next_billing_date from {{ source('ext_hubspot', 'subscriptions') }}\n",
    'models/sources.yml': sourcesYaml(sources('ext_hubspot', 'deals', 'deal_stage_history', 'customers', 'subscriptions')),
  };

  it('is a history of the thing it references, folded into it', () => {
    const p = conceptualize(load(files));
    expect(p.entities.find((e) => e.sources.includes('stg_hubspot_deals'))!.sources).toContain('stg_hubspot_deal_reviews');
    expect(p.entities.filter((e) => e.sources.includes('stg_hubspot_subscriptions') || e.sources.includes('stg_hubspot_customers'))).toHaveLength(2);
  });
});
