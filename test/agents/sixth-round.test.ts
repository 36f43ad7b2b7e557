// The Conceptualizer, issue 23 second blind round: classes of error read off the held-out company
// warehouse labelled blind (poiscaille-warehouse: a MongoDB application database, Stripe, HubSpot, hand-kept
// sheets, and a consolidation layer named stg_*). Each project is written to exercise one class and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles as load, refs, names, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

describe('a project that names no warehouse (no profile): SQL in BigQuery\'s syntax', () => {
  // the latest version of each sale document: BigQuery's `* except(...)`, which DuckDB (the default) cannot parse
  const files = {
    'models/app/src_shop_users.sql': "select _id as user_id, email, createdat from {{ source('shop', 'user') }}\n",
    'models/app/src_shop_places.sql': "select _id as place_id, name from {{ source('shop', 'place') }}\n",
    'models/app/src_shop_sales.sql': `with s as (
  select _id as sale_id, user._id as user_id, delivery.place._id as place_id, updatedat,
    row_number() over (partition by _id order by updatedat desc) as rn
  from {{ source('shop', 'sale') }}
)
select * except(rn) from s where rn = 1
`,
    'models/sources.yml': sourcesYaml(sources('shop', 'user', 'place', 'sale')),
  };

  it('is read in a dialect that parses it: its columns are known and its keys drawn', () => {
    const p = conceptualize(load(files));
    expect(refs(p)).toEqual(expect.arrayContaining(['Place>Sale.place_id', 'User>Sale.user_id']));
  });
});

describe('a consolidation layer named stg_*: steps over the staging models, not tables of a source', () => {
  const files = {
    'models/stripe/src_stripe_charges.sql': "select id as charge_id, customer_id, amount, created from {{ source('stripe', 'charges') }}\n",
    'models/stripe/src_stripe_customers.sql': "select id as customer_id, email from {{ source('stripe', 'customers') }}\n",
    'models/app/src_app_places.sql': "select _id as place_id, name, postalcode from {{ source('app', 'place') }}\n",
    // its last word says it consolidates: charges again, typed and joined to customers
    'models/consolidation/stg_charges_consolidation.sql': `select c.charge_id, c.customer_id, cu.email, c.amount, case when c.amount > 100 then 'big' else 'small' end as charge_type,
  round(c.amount / 100, 2) as amount_eur, cast(c.created as date) as charge_date, extract(year from c.created) as charge_year
from {{ ref('src_stripe_charges') }} c left join {{ ref('src_stripe_customers') }} cu on cu.customer_id = c.customer_id
`,
    // …a final step over the places
    'models/places/stg_place_final.sql': "select place_id, name, postalcode, left(postalcode, 2) as departement, upper(name) as place_label, length(name) as name_length from {{ ref('src_app_places') }}\n",
    // …and one whose folder says it: a place's sales copied with no word of its own in the name
    'models/consolidation/stg_place_charges.sql': `select p.place_id, p.name, c.charge_id, c.amount
from {{ ref('src_app_places') }} p join {{ ref('stg_charges_consolidation') }} c on c.charge_id = p.place_id
`,
    'models/sources.yml': sourcesYaml(sources('stripe', 'charges', 'customers'), sources('app', 'place')),
  };

  it('leaves them out as transformation steps; the staging tables of the sources stay entities', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Charge', 'Customer', 'Place']);
    expect(p.notes.join('\n')).toMatch(/stg_charges_consolidation \(a transformation step over src_stripe_charges, src_stripe_customers/);
    expect(p.notes.join('\n')).toMatch(/stg_place_final → Place \(a transformation step over src_app_places/);
    expect(refs(p)).toEqual(['Customer>Charge.customer_id']);
  });
});

describe("a document store's own id renamed (MongoDB's `_id as sale_id`)", () => {
  const files = {
    'models/app/src_shop_sales.sql': "select _id as sale_id, user._id as user_id, channel from {{ source('shop', 'sale') }}\n",
    'models/app/src_shop_users.sql': "select _id as user_id, email from {{ source('shop', 'user') }}\n",
    // a gift card's own id is called sale_id (it is sold like a sale); the embedded user's _id is a reference
    'models/app/src_shop_gift_cards.sql': "select _id as sale_id, user._id as user_id, code, createdat from {{ source('shop', 'gift_cards') }}\n",
    'models/sources.yml': sourcesYaml(sources('shop', 'sale', 'user', 'gift_cards')),
  };

  it('is the row\'s own identifier, not a reference; an embedded document\'s `_id` is', () => {
    const p = conceptualize(load(files));
    expect(refs(p)).not.toContain('Sale>GiftCard.sale_id');
    expect(refs(p)).toEqual(expect.arrayContaining(['User>GiftCard.user_id', 'User>Sale.user_id']));
    expect(p.notes.join('\n')).toMatch(/src_shop_gift_cards\.sale_id is the row's own identifier, not a reference to Sale/);
  });
});

describe('a model named stg_<word>_… that reads a source of another name', () => {
  const files = {
    'models/app/src_mongodb_users.sql': "select _id as user_id, email from {{ source('mongodb', 'user') }}\n",
    'models/billing/src_billing_usage.sql': "select id as usage_id, account_id, quantity from {{ source('billing', 'usage') }}\n",
    'models/billing/src_billing_charges.sql': "select id as charge_id, account_id, amount from {{ source('billing', 'charges') }}\n",
    // both read the application database's collections: `coupons` is part of their nouns, `mongo` the engine
    'models/marketing/stg_coupons_usage_mongo.sql': "select _id as coupon_usage_id, user._id as user_id, coupon._id as coupon_id, code, createdat from {{ source('mongodb', 'coupon_usage') }}\n",
    'models/marketing/stg_coupons_charge_mongo.sql': "select _id as coupon_charge_id, user._id as user_id, amount from {{ source('mongodb', 'coupon_charge') }}\n",
    'models/sources.yml': sourcesYaml(sources('mongodb', 'user', 'coupon_usage', 'coupon_charge'), sources('billing', 'usage', 'charges')),
  };

  it('is of that source\'s system: its first word stays in its noun, the engine word leaves it, and its keys resolve in that system', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(expect.arrayContaining(['CouponsCharge', 'CouponsUsage']));
    expect(refs(p)).toEqual(expect.arrayContaining(['User>CouponsCharge.user_id', 'User>CouponsUsage.user_id']));
  });
});

describe('a second staging model over a source table another one stages', () => {
  const files = {
    'models/app/src_mongodb_sale.sql': "select _id as sale_id, user._id as user_id, channel, payment.price as price from {{ source('mongodb', 'sale') }}\n",
    'models/app/src_mongodb_users.sql': "select _id as user_id, email from {{ source('mongodb', 'user') }}\n",
    // the same sale documents again, for the coupon report
    'models/marketing/stg_coupons_mongo_data.sql': "select _id as sale_id, user._id as user_id, payment.coupon.code as coupon_code, payment.coupon.type as coupon_type from {{ source('mongodb', 'sale') }}\n",
    // a part flattened out of the sales is a thing of its own
    'models/app/src_mongodb_sale_items.sql': "select _id as sale_id, items.value._id as item_id, items.value.name as name from {{ source('mongodb', 'sale') }}, unnest(items) items\n",
    'models/sources.yml': sourcesYaml(sources('mongodb', 'sale', 'user')),
  };

  it('is that table\'s rows again: folded into its entity, not one of its own', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Sale', 'SaleItem', 'User']);
    expect(p.notes.join('\n')).toMatch(/stg_coupons_mongo_data → Sale \(mongodb\.sale again \(src_mongodb_sale stages that table\)\)/);
  });
});

describe('a consolidation step that also joins a lookup table another staging model stages', () => {
  const files = {
    'models/stripe/src_stripe_charges.sql': "select id as charge_id, customer_id, amount, created from {{ source('stripe', 'charges') }}\n",
    'models/external/src_external_communes.sql': "select code_commune, nom_commune, code_postal from {{ source('external', 'communes') }}\n",
    'models/consolidation/stg_charges_consolidation.sql': `select c.charge_id, c.customer_id, c.amount, r.nom_commune, round(c.amount / 100, 2) as amount_eur,
  cast(c.created as date) as charge_date, extract(year from c.created) as charge_year
from {{ ref('src_stripe_charges') }} c left join {{ source('external', 'communes') }} r on r.code_postal = '75001'
`,
    'models/sources.yml': sourcesYaml(sources('stripe', 'charges'), sources('external', 'communes')),
  };

  it('reads no source of its own: still a transformation step', () => {
    const p = conceptualize(load(files));
    expect(names(p)).not.toContain('ChargeConsolidation');
    expect(p.notes.join('\n')).toMatch(/stg_charges_consolidation → Charge \(a transformation step over src_stripe_charges \(it reads no source of its own/);
  });
});

describe("an API's bare-noun key (Stripe's charge.customer)", () => {
  const files = {
    'models/stripe/src_stripe_customers.sql': "select id, email, created from {{ source('stripe', 'customers') }}\n",
    'models/stripe/src_stripe_balance_transactions.sql': "select id, amount, type from {{ source('stripe', 'balance_transactions') }}\n",
    'models/stripe/src_stripe_charges.sql': "select id, customer, balance_transaction, amount, currency, refunds, created from {{ source('stripe', 'charges') }}\n",
    // a linked-record table: its bare nouns sit beside lists of links (services), one record or many; Airtable keeps each
    // link on both tables (the services list their funding programs), which is what tells it from a list of embedded rows
    'models/airtable/src_airtable_organizations.sql': "select id, name from {{ source('airtable', 'organizations') }}\n",
    'models/airtable/src_airtable_services.sql': "select id, name, funding_programs from {{ source('airtable', 'services') }}\n",
    'models/airtable/src_airtable_funding_programs.sql': "select id, program, organization, services from {{ source('airtable', 'funding_programs') }}\n",
    'models/sources.yml': sourcesYaml(sources('stripe', 'customers', 'balance_transactions', 'charges'), sources('airtable', 'organizations', 'services', 'funding_programs')),
  };

  it('points at the entity of its own system keyed by a bare id; a plural, or a field beside lists of links, does not', () => {
    const p = conceptualize(load(files));
    expect(refs(p)).toEqual(['BalanceTransaction>Charge.balance_transaction', 'Customer>Charge.customer']);
    const rel = p.relationships.find((r) => r.to_column === 'customer' || r.from_column === 'customer')!;
    expect(rel.evidence).toMatchObject({ kind: 'inferred' });
    expect(JSON.stringify(rel.evidence)).toMatch(/named by the entity noun alone/);
  });
});

describe('tables of a spreadsheet system (Google Sheets)', () => {
  const files = {
    'models/staging/shop/stg_shop__products.sql': "select id as product_id, name, cut_id from {{ source('shop', 'products') }}\n",
    'models/staging/shop/stg_shop__inventory.sql': "select id as inventory_id, product_id, farm_id, quantity from {{ source('shop', 'inventory') }}\n",
    // typed in by hand: a list of items flagged, a classification per cut name; nothing points at them
    'models/staging/google_sheets/stg_gs__always_in_stock.sql': "select row_number() over () as ais_id, product_name, always_in_stock from {{ source('google_sheets', 'always_in_stock') }}\n",
    'models/staging/google_sheets/stg_gs__inventory_classification.sql': "select id as inventory_classification_id, cut_name, classification from {{ source('google_sheets', 'inventory_classification') }}\n",
    // …but the farms the inventory rows name are business things, wherever they are kept
    'models/staging/google_sheets/stg_gs__farms.sql': "select id as farm_id, farm_name, region from {{ source('google_sheets', 'farms') }}\n",
    'models/staging/sources.yml': sourcesYaml(sources('shop', 'products', 'inventory'), sources('google_sheets', 'always_in_stock', 'inventory_classification', 'farms')),
  };

  it('are hand-kept lists, maps or annotations unless another table points at them by key', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Farm', 'Inventory', 'Product']);
    expect(p.notes.join('\n')).toMatch(/stg_gs__always_in_stock \(a hand-kept spreadsheet no other table points at by key/);
  });
});

describe('a link between two things whose timestamps name their time zone (created_at_utc)', () => {
  const files = {
    'models/staging/shop/stg_shop__skus.sql': "select id as sku_id, name from {{ source('shop', 'skus') }}\n",
    'models/staging/shop/stg_shop__lots.sql': "select id as lot_id, lot_number from {{ source('shop', 'lots') }}\n",
    // named for its two ends, with a cost and a quantity of the link: the link's attributes, its stamps bookkeeping
    'models/staging/shop/stg_shop__sku_lots.sql': "select id as sku_lot_id, sku_id, lot_id, cost_usd as sku_lot_cost_usd, quantity as sku_lot_quantity, created_at as created_at_utc, updated_at as updated_at_utc from {{ source('shop', 'sku_lots') }}\n",
    'models/staging/sources.yml': sourcesYaml(sources('shop', 'skus', 'lots', 'sku_lots')),
  };

  it('is a bridge: the stamps are bookkeeping, not attributes of its own', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Lot', 'Sku']);
    expect(refs(p)).toEqual(['Lot>SkuLot.lot_id', 'Sku>SkuLot.sku_id']);
  });
});

describe("an ad platform's daily figures with no key of their own", () => {
  const files = {
    'models/ads/src_ads_campaigns.sql': "select id as campaign_id, name from {{ source('ads', 'campaigns') }}\n",
    // per day and campaign name: clicks, impressions, spend and the conversions' values, unioned over two platforms
    'models/ads/stg_media_data.sql': `select date, 'facebook' as media_type, campaign_name as campaign, clicks, impressions, spend, purchases, purchase_value, subscription_value
from {{ source('ads', 'facebook_daily') }}
union all
select date, 'adwords' as media_type, campaign as campaign, clicks, impressions, cost as spend, conversions as purchases, conversion_value as purchase_value, null as subscription_value
from {{ source('ads', 'adwords_daily') }}
`,
    'models/sources.yml': sourcesYaml(sources('ads', 'campaigns', 'facebook_daily', 'adwords_daily')),
  };

  it('are a performance report, not an entity', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Campaign']);
    expect(p.notes.join('\n')).toMatch(/stg_media_data \(no key of its own and \d+ of its \d+ columns are an ad platform's figures/);
  });
});

describe("a thing's flags or one value kept in a table of their own, and a link named `with` what it carries", () => {
  const files = {
    'models/staging/shop/stg_shop__products.sql': "select id as product_id, name from {{ source('shop', 'products') }}\n",
    'models/staging/shop/stg_shop__users.sql': "select id as user_id, email from {{ source('shop', 'users') }}\n",
    'models/staging/shop/stg_shop__skus.sql': "select id as sku_id, product_id from {{ source('shop', 'skus') }}\n",
    'models/staging/shop/stg_shop__bid_items.sql': "select id as bid_item_id, user_id from {{ source('shop', 'bid_items') }}\n",
    // the channels a product is sold in: flags, under an id of the table's own
    'models/staging/shop/stg_shop__product_sales_channel_lists.sql': "select id as product_sales_channel_list_id, product_id, is_website, is_wholesale, is_clearance, is_add_on, created_at as created_at_utc from {{ source('shop', 'product_sales_channel_lists') }}\n",
    // a user's referral programme
    'models/staging/shop/stg_shop__user_referral_program.sql': "select id, user_id, referral_program, created_at as created_at_utc from {{ source('shop', 'user_referral_program') }}\n",
    // a bid item's SKUs, with how many
    'models/staging/shop/stg_shop__bid_item_sku_with_quantities.sql': "select id as bid_item_sku_quantity_id, bid_item_id, sku_id, quantity as sku_quantity, created_at as created_at_utc from {{ source('shop', 'bid_item_sku_with_quantities') }}\n",
    // a comment is a thing of its own, flags or not: it has content
    'models/staging/shop/stg_shop__product_comments.sql': "select id as product_comment_id, product_id, user_id, body, is_public, is_flagged, is_pinned from {{ source('shop', 'product_comments') }}\n",
    'models/staging/sources.yml': sourcesYaml(sources('shop', 'products', 'users', 'skus', 'bid_items', 'product_sales_channel_lists', 'user_referral_program', 'bid_item_sku_with_quantities', 'product_comments')),
  };

  it('folds the flags and the value into their thing, reads the link as a bridge, keeps the comment', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['BidItem', 'Product', 'ProductComment', 'Sku', 'User']);
    expect(p.notes.join('\n')).toMatch(/stg_shop__product_sales_channel_lists → Product \(values of Product in a table of their own/);
    expect(p.notes.join('\n')).toMatch(/stg_shop__user_referral_program → User \(values of User in a table of their own/);
    expect(refs(p)).toEqual(expect.arrayContaining(['BidItem>BidItemSkuWithQuantity.bid_item_id', 'Sku>BidItemSkuWithQuantity.sku_id']));
  });
});

describe('a comparison of two systems\' rows (mongo_vs_hubspot)', () => {
  const files = {
    'models/app/src_mongodb_place.sql': "select _id as place_id, name, email from {{ source('mongodb', 'place') }}\n",
    'models/crm/src_hubspot_companies.sql': "select id as company_id, name, email from {{ source('hubspot', 'companies') }}\n",
    'models/checks/stg_mongo_vs_hubspot.sql': `select p.place_id, p.name, c.company_id, p.email as pr_in_mongo, c.email as pr_in_hubspot
from {{ source('mongodb', 'place') }} p full outer join {{ ref('src_hubspot_companies') }} c on c.email = p.email
`,
    'models/sources.yml': sourcesYaml(sources('mongodb', 'place'), sources('hubspot', 'companies')),
  };

  it('is a report, not an entity', () => {
    const p = conceptualize(load(files));
    expect(names(p)).toEqual(['Company', 'Place']);
    expect(p.notes.join('\n')).toMatch(/stg_mongo_vs_hubspot \(a comparison of two sets of rows/);
  });
});
