// The Conceptualizer against reality (issue 12): real staging layers declare almost no keys, so
// drawing only declared keys draws nothing. Targets on the labelled real projects: entity
// precision ≥ 0.85, relationship precision ≥ 0.90, relationship recall ≥ 0.80; the same bar on
// our own real-style layers whose labels were written before the rules. bench/agents-real.mjs
// prints the same figures per project.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { drawnReferences, labelScope, scoreAgainstRealLabels, type RealLabels, type RealScore } from '../../src/agents/evaluate.js';
import { resolveDescription } from '../../src/agents/entities.js';
import { schemaValidator } from '../../src/core/json-schema.js';
import { loadModelText } from '../../src/core/model/load.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { describeFetched, describeShared, fetchedProject, hasShared, REAL_DBT as REAL } from '../helpers/shared.js';
import { withProjectEnv } from '../../bench/lib/fetched-projects.mjs';

const OWN = join(import.meta.dirname, '..', 'fixtures', 'agents-real');
const validProposal = schemaValidator('proposal.schema.json');
const reviewed = JSON.parse(readFileSync(join(OWN, 'reviewed-real-dbt.json'), 'utf8')) as Record<string, { parent: string; child: string; column: string; verdict: string; evidence: string }[]>;

const ratio = (s: { tp: number; fp: number }) => (s.tp + s.fp ? s.tp / (s.tp + s.fp) : 1);
const recall = (s: { tp: number; fn: number }) => (s.tp + s.fn ? s.tp / (s.tp + s.fn) : 1);
const detail = (s: RealScore) => JSON.stringify({ wrong: [...s.entities.falsePositives, ...s.relationships.falsePositives], missed: s.relationships.falseNegatives });

function run(dir: string, labels: RealLabels) {
  const project = loadProject(dir);
  const p = conceptualize(project);
  const declaredOnly = conceptualize(project, { declaredOnly: true });
  return { project, p, declaredOnly, score: scoreAgainstRealLabels(p, labels, labelScope(project)) };
}

const realLabels = hasShared('real-dbt') && existsSync(join(REAL, 'labels'))
  ? readdirSync(join(REAL, 'labels')).filter((f) => /^labels-.*\.json$/.test(f)).sort().map((f) => JSON.parse(readFileSync(join(REAL, 'labels', f), 'utf8')) as RealLabels)
  : [];

describeShared('labelled real projects (../shared/fixtures/real-dbt)', () => {
  for (const labels of realLabels) {
    describe(labels.project, () => {
      const dir = join(REAL, `dbt_${labels.project}_source`);
      const { project, p, declaredOnly, score } = run(dir, labels);

      it('declares no relationship, so --declared-only draws none and says what the columns imply', () => {
        expect(declaredOnly.relationships).toEqual([]);
        expect(declaredOnly.notes.some((n) => n.startsWith('--declared-only:'))).toBe(true);
      });

      it('entity precision ≥ 0.85: bridges, histories and technical tables are not entities', () => {
        expect(ratio(score.entities), detail(score)).toBeGreaterThanOrEqual(0.85);
        expect(recall(score.entities), detail(score)).toBeGreaterThanOrEqual(0.85);
      });

      it('relationship recall ≥ 0.80 against the labels', () => {
        expect(recall(score.relationships), detail(score)).toBeGreaterThanOrEqual(0.8);
      });

      it('relationship precision ≥ 0.90 counting the reviewed additions; never below 0.75 on the labels alone', () => {
        // the labels' relationships_gt lacks most role keys (see test/fixtures/agents-real/reviewed-real-dbt.json)
        const extra = (reviewed[labels.project] ?? []).filter((r) => r.verdict === 'real');
        const withReviewed = scoreAgainstRealLabels(p, { ...labels, relationships_gt: [...labels.relationships_gt, ...extra] }, labelScope(project));
        expect(ratio(withReviewed.relationships), detail(withReviewed)).toBeGreaterThanOrEqual(0.9);
        expect(ratio(score.relationships), detail(score)).toBeGreaterThanOrEqual(0.75);
      });

      it('every reviewed addition is a column the project itself describes that way', () => {
        const byEntity = new Map(p.entities.map((e) => [e.name, e.sources]));
        for (const r of reviewed[labels.project] ?? []) {
          const models = (byEntity.get(r.child) ?? []).map((s) => project.modelByName.get(s)!);
          const col = models.flatMap((m) => m.columns).find((c) => c.name === r.column);
          expect(col, `${r.child}.${r.column}`).toBeDefined();
          expect(r.evidence).toContain(resolveDescription(project, col!.description, col!.description_ref)!.trim());
          expect(p.relationships.some((x) => [x.from, x.to].includes(r.parent) && [x.from, x.to].includes(r.child) && [x.from_column, x.to_column].includes(r.column))).toBe(true);
        }
      });

      it('proposal and diagram validate; inferred relationships are marked for review', () => {
        expect(validProposal(p), JSON.stringify(validProposal.errors?.slice(0, 3))).toBe(true);
        const lm = loadModelText(p.changes[0].content!, p.changes[0].path);
        expect(lm.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        const inferred = p.relationships.filter((r) => r.evidence.kind === 'inferred').length;
        expect(lm.model!.relationships.filter((r) => r.inferred === true)).toHaveLength(inferred);
        expect(inferred).toBe(p.relationships.length);
      });
    });
  }
}, 'real-dbt');

const own = readdirSync(OWN).filter((d) => existsSync(join(OWN, d, 'labels.json'))).sort();

describe('own real-style staging layers (labels written before the rules)', () => {
  const runs = new Map(own.map((d) => [d, run(join(OWN, d), JSON.parse(readFileSync(join(OWN, d, 'labels.json'), 'utf8')) as RealLabels)]));

  it('has four projects from other domains', () => expect(own).toEqual(['eng_support', 'marketplace_app', 'salesforce_crm', 'shopify_store']));

  it.each(own)('%s: entity precision ≥ 0.85, relationship precision ≥ 0.90 and recall ≥ 0.80', (d) => {
    const { score, p } = runs.get(d)!;
    expect(ratio(score.entities), detail(score)).toBeGreaterThanOrEqual(0.85);
    expect(ratio(score.relationships), detail(score)).toBeGreaterThanOrEqual(0.9);
    expect(recall(score.relationships), detail(score)).toBeGreaterThanOrEqual(0.8);
    expect(validProposal(p), JSON.stringify(validProposal.errors?.slice(0, 3))).toBe(true);
  });

  it('declarations on marts count for the staging entities their lineage leads to, with file and line', () => {
    const { p, declaredOnly } = runs.get('marketplace_app')!;
    // fct_order_items.listing_id → ref('dim_listings'): OrderItem (stg_app__order_items has listing_id) → Listing
    expect(p.relationships.find((r) => r.from === 'OrderItem' && r.to === 'Listing')).toMatchObject({
      cardinality: 'many_to_one', from_column: 'listing_id', evidence: { kind: 'declared', file: 'models/marts/_marts.yml' } });
    expect(drawnReferences(declaredOnly).map((r) => `${r.parent}>${r.child}.${r.column}`).sort()).toEqual(['Listing>OrderItem.listing_id', 'Shop>Listing.shop_id']);
    for (const r of declaredOnly.relationships) expect(r.evidence.line).toBeGreaterThan(0);
  });

  it('bridges become many-to-many relationships; tag, history, technical and report tables are folded or left out, each with a reason', () => {
    const { p } = runs.get('shopify_store')!;
    expect(p.relationships.find((r) => r.cardinality === 'many_to_many')).toMatchObject({ from: 'Collection', to: 'Product', through: 'CollectionProduct', evidence: { kind: 'inferred' } });
    expect(p.entities.find((e) => e.name === 'Order')!.sources).toContain('stg_shopify__order_tag');
    expect(p.notes.join('\n')).toContain('stg_shopify__metafield (the source system\'s own bookkeeping or schema)');
    const app = runs.get('marketplace_app')!.p;
    expect(app.entities.find((e) => e.name === 'User')!.sources).toEqual(['stg_app__users', 'stg_app__users_snapshot']);
    expect(app.notes.join('\n')).toMatch(/stg_app__monthly_sales_report \(a report table/);
    expect(app.notes.join('\n')).toMatch(/stg_app__schema_migrations \(the source system's own bookkeeping/);
  });

  it('Salesforce names: Product2 is Product, invoice__c is Invoice, its account__c lookup points at Account', () => {
    const { p } = runs.get('salesforce_crm')!;
    expect(p.entities.map((e) => e.name)).toEqual(expect.arrayContaining(['Product', 'Pricebook', 'Invoice']));
    expect(p.relationships.find((r) => r.to_column === 'account__c')).toMatchObject({ from: 'Account', to: 'Invoice', cardinality: 'one_to_many', from_column: 'account_id' });
  });

  it('an ambiguous noun is resolved in its own source system first', () => {
    const { p } = runs.get('eng_support')!;
    // Zendesk's attachment.comment_id is the Zendesk TicketComment, not the Jira Comment
    expect(p.relationships.find((r) => r.from_column === 'comment_id' || r.to_column === 'comment_id')).toMatchObject({ from: 'Attachment', to: 'TicketComment' });
  });
});

// ---- public projects fetched at a pinned commit (test/fixtures/real-projects), labelled from their files
// before the tool ran on them (RULES-conceptual.md). Floors are what issue 23 reached (tuning projects at the
// targets: entity P ≥ 0.85, relationship P ≥ 0.90, R ≥ 0.85). Every project was held out when labelled and scored
// once, then tuned on (its errors read for classes of error; docs/agents.md keeps the first figures): the round-3
// pair (quickbooks-source, salesforce-source) was labelled blind in issue 23's third round. Skipped, naming the repository,
// where a mirror is absent.
await initSqlColumns(); // the Conceptualizer reads the columns models' SQL returns
const REGISTRY = join(import.meta.dirname, '..', 'fixtures', 'real-projects');
const FLOORS: Record<string, { entityP: number; relP: number; relR: number }> = {
  'jaffle-shop': { entityP: 1, relP: 1, relR: 1 },
  'shopify-source': { entityP: 0.95, relP: 0.9, relR: 0.95 },
  'zendesk-source': { entityP: 0.9, relP: 0.95, relR: 0.9 },
  'cal-itp-warehouse': { entityP: 0.9, relP: 0.9, relR: 0.85 },
  'mattermost-analytics': { entityP: 0.9, relP: 0.95, relR: 0.95 },
  'jira-source': { entityP: 0.95, relP: 0.95, relR: 0.95 },
  tuva: { entityP: 0.9, relP: 0.95, relR: 0.95 },
  'bink-warehouse': { entityP: 0.9, relP: 0.95, relR: 0.95 },
  'data-inclusion': { entityP: 0.93, relP: 0.9, relR: 0.95 },
  'quickbooks-source': { entityP: 0.95, relP: 0.95, relR: 0.95 },
  'salesforce-source': { entityP: 0.95, relP: 0.95, relR: 0.95 },
  'meltano-squared': { entityP: 0.95, relP: 0.95, relR: 0.95 },
  'dagster-open-platform': { entityP: 0.95, relP: 0.95, relR: 0.95 },
  // labelled blind in issue 23's blind round; at the targets since its second blind round's fixes (hand-kept sheets,
  // a thing's flags in a table of their own, links stamped _utc); recall up with a ledger log (inventory_logs) kept
  // (its labels audited against the SQL in issue 23's conceptrel pass: seven YAML columns its SQL comments out are no keys,
  // and a key named only in a comment no longer counts as named, so the SQL is read and the YAML entry dropped)
  // (the sixth blind round's downstream-join rule draws credits.cow_cash_entry_source_id, which the labels do not list: 94.9 %)
  'crowdcow-warehouse': { entityP: 0.87, relP: 0.94, relR: 0.95 },
  // labelled blind in issue 23's second blind round (38.0 / 14.3 / 37.5 % held out); relationship precision at the target
  // since a key nested under another system's field (payment.stripe.subscriptionid) is that system's, and a thing's
  // qualified id (user_pseudo_id) no longer keys a keyless event table; entity precision up with a promo-code dictionary and a daily figure left out
  'poiscaille-warehouse': { entityP: 0.95, relP: 0.95, relR: 0.9 },
  // labelled blind in issue 23's third blind round (2.9 / 0.0 / 0.0 % held out: every name kept its mart word); a
  // subject-named consolidation layer (stg_fact_orders, stg_orders_finance, stg_otr_*), below the targets still; up since
  // things the layer has joined again (stg_fact_reorders: an order and its original order) are no thing of their own, and
  // a name ending in a subject other names begin with (batches_otr beside otr_logistics) keeps its noun singular
  'hubs-core-network': { entityP: 0.88, relP: 0.79, relR: 0.95 },
  // labelled blind in issue 23's fourth blind round (37.5 / 0.0 / 0.0 % held out): a reporting layer of counts, constants
  // and copies whose columns come through a star macro of undocumented sources; below the targets still; precision up
  // since candidates and their applications joined again (stg_candidats_autoprescription) are those things' rows again;
  // recall up since a role-named key the SQL joins to a staged thing's id (on organisations.id = id_auteur_…) points at it
  'pilotage-inclusion': { entityP: 0.84, relP: 0.95, relR: 0.85 },
  // labelled blind in issue 23's fifth blind round (0.5 / 0.0 / 0.0 % held out: the loader's stg_airbyte_source__ prefix read
  // as the system, so every name kept its system's storage words, and 51 per-state copies of each L2 file); at the targets
  // since a loader's row id no longer keys the thing and Stripe's bare references (charge.invoice) are read from the SQL
  // beside embedded lists (refunds), path_to_victory is a thing, and an export stamped race_created_at is the races again
  'goodparty-data-platform': { entityP: 0.87, relP: 0.92, relR: 0.9 },
  // labelled blind in issue 23's sixth blind round (22.9 / 27.3 / 24.8 % held out: stg_pc_<table> kept its source's word in
  // every noun, link tables with ids of their own and a platform's array bridges and translated names read as things, school_id
  // and volunteer_id named no table); at the targets since the source's word names the system and downstream joins are evidence
  'makeadiff-dbt-mad': { entityP: 0.9, relP: 0.93, relR: 0.86 },
  // labelled blind in issue 23's seventh blind round (70.2 / 75.7 / 94.5 % held out: OpenDental's table names glued without
  // underscores, so taskhist and histappointment read as things, and keys named as another table's key, fee_schedule_id of
  // feesched, drawn to the noun of their last word); entity precision below the target still (configuration and link tables)
  'dental-clinic': { entityP: 0.8, relP: 0.9, relR: 0.97 },
  // labelled blind in issue 23's eighth blind round (100 / 100 / 93.8 % held out: a pool-service company's field-service
  // application, one system, its tags a list of their own — Tag — that customer_tag links customers to, read as a tag
  // vocabulary and tags of Customer); all right since a tag list other tables point at by key is a reference entity
  'splashworks-warehouse': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's ninth blind round (89.6 / 88.9 / 12.3 % held out: HubSpot beside an Odoo ERP staged as select *
  // over undocumented sources, so no Odoo column was seen); recall up since those models return what their consumers read from
  // them and joins through dimensions are evidence; recall still below the target (role keys nobody joins), the telematics feed and odometer readings still proposed
  'drivfit-analytics-hub': { entityP: 0.91, relP: 0.96, relR: 0.82 },
  // labelled blind in issue 23's tenth blind round (91.1 / 82.4 / 48.3 % held out: ERPNext, Haravan and NocoDB over PostgreSQL,
  // keys selected as design_id::bigint and four ERPNext models guarded with IS JSON, so many columns unseen; lines unnested from
  // their orders' JSON folded into the orders); at the targets since, short of 100 % by a keyed uptime report, a bridge with an
  // element id, and web trackers' client ids read as customers
  'jemmia-data-platform': { entityP: 0.96, relP: 0.93, relR: 0.96 },
  // labelled blind in issue 23's eleventh blind round (70.8 / 98.2 / 72.0 % held out: an Oracle database keyed IDCOMPANY,
  // IDCOMPANY_CUSTOMER and COMPANY_IDCOMPANY, so its link tables were entities and its untested keys undrawn; Sage's F_ tables
  // named FComptet; claims keyed n_de_sinistre and stock extracts unique per file line misread); at the targets since, short of
  // 100 % recall by Sage's cbco_no, n_planning, a misspelt 'associed' and a self-join inside a staging model's SQL
  'evs-warehouse': { entityP: 1, relP: 1, relR: 0.94 },
  // labelled blind in issue 23's twelfth blind round (77.8 / 81.8 / 75.0 % held out: ad platforms' performance reports that
  // carry a loader's row id read as things while a click report, one row per click, was left out by its name; an application's
  // two databases under one staging folder read as two systems, so tenant_id reached the tenants only where a consumer joined
  // it); at the targets since, short of 100 % by a click load nothing reads and the user end of a subscription-user link whose
  // subscriptions the layer does not stage (a link with one staged end draws no relationship)
  'okke-cashflow': { entityP: 0.93, relP: 1, relR: 0.91 },
  // labelled blind in issue 23's thirteenth blind round (75.0 / 50.0 / 100 % held out: an order's attribution and a cleaned
  // customer copy over the same source table and identifier read as things of their own, pointing at what they copy; the order
  // lines named after their tax-status copy; QuickBooks' internal id on its items read as a key to its customers)
  'asphaltanchors-importer': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's fourteenth blind round (46.7 / 92.4 / 65.2 % held out: OLIDS's masked source kept Olids on
  // every name and its terminology's concept table was TermConcept, so no *_concept_id reached it; the team's code sets and
  // rule sets, links carrying the loader's lds_* stamps and the Dictionary's flattened hierarchy were entities; misspelt keys
  // were undrawn); short of the targets by the Dictionary's practice matrix view (a link of four organisation keys kept as a
  // thing), the concept map's ends (left out as a value map) and the raw concept keys
  'ncl-olids': { entityP: 0.95, relP: 1, relR: 0.94 },
  // labelled blind in issue 23's sixteenth blind round (the first run threw on the word 'constructor'; with that fixed 34.7 /
  // 21.4 / 44.4 % held out: the live-timing feed's streams were things, the conformed sessions a subset of Ergast's, every
  // session_id and event_id drawn to one system's copy); short of the relationship target by Ergast's races again (the source
  // table of the events, kept as a thing) and the feed's archive status and stream index, whose event and session keys count
  'duck-f1': { entityP: 0.85, relP: 0.84, relR: 1 },
  // labelled blind in issue 23's fifteenth blind round (nothing proposed held out: its staging layer is a medallion's silver/
  // folder of <system>_<table> models, not read as staging); short of the targets by Fishbowl's accounting postings, two
  // Magento bridges (a category table unstaged, a configurable super link's parent_id), serial values, a tag-serial view and
  // unit conversions kept as things, and Fishbowl's shipment left unqualified beside Magento's shipment grid (85.4 % relationship
  // precision until the tag-serial view was named in the words its descriptions write, TagSerialView: one row per tag, it now
  // draws the tag it extends, a reference from a thing the labels leave out, 84.4 %)
  'ammodepot-warehouse': { entityP: 0.8, relP: 0.84, relR: 0.91 },
  // labelled blind in issue 23's seventeenth blind round (78.9 / 84.8 / 73.3 % held out: its dbt_project.yml's var lists,
  // closed left of their key, hid the file from the YAML parser; translations of things the layer has no table of were folded
  // into whichever table held their key; preferences, forecast groups, distribution centres and weekly menus and purchase
  // orders were read as settings, forecasts and per-period figures); short of the targets by per-period budgets, ML outputs,
  // AnalyticsDB's historical copies and bridges with values of their own kept as things, and keys across the application's
  // databases (billing_agreement_id, timeblock_id from pim, operations and partnership) left undrawn
  'cheffelo-data-model': { entityP: 0.83, relP: 0.87, relR: 0.87 },
  // labelled blind in issue 23's eighteenth blind round (81.1 / 86.4 / 82.6 % held out: metrics tables, a form's dropdown and
  // hand labels kept as things; posted_by_id and an author described in another system's words undrawn; bitlink_id not read
  // as the link's key); short of the entity target by a hand-kept department reconciliation, an interest's members (the
  // interest has no table) and an account's follower count kept as things (91.2 % until its two Ethelo deployments' surveys,
  // the same columns, became the one Survey the labels list: one right entity fewer, 90.9 %)
  'engaged-california': { entityP: 0.9, relP: 1, relR: 1 },
  // labelled blind in issue 23's nineteenth blind round (14.4 / 6.1 / 10.7 % held out: every Django table read with its
  // application's module word before its noun, courses_courserun as CoursesCourserun, and its glued nouns left glued); short
  // of the targets after two tuning passes by chatbot outputs and ratings, the CMS's page lists and certificate templates,
  // edX.org's copies and course structures kept as things, and readable course ids drawn across the products' systems
  'ol-data-platform': { entityP: 0.74, relP: 0.7, relR: 0.83 },
  // labelled blind in issue 23's twentieth blind round (57.1 % / none drawn / 0 % held out: a legacy database's station,
  // detector and controller configurations read as settings, 30-second samples kept as things, no reference drawn); short of
  // the targets by the Clearinghouse's detector list kept as StationStatus, whose station_id therefore has no detector to
  // point from (db96 keeps a detector's station only in its configuration's versions)
  'caltrans-pems': { entityP: 0.87, relP: 1, relR: 0.66 },
  // labelled blind in issue 23's twenty-first blind round (46.8 / 100 / 48.1 % held out: LOVAC's yearly files named by their
  // year alone, link tables and per-commune open data kept as things, the application's select * tables keyed only where a
  // mart read them directly); short of the targets by per-commune classifications without figures, two seed-built tables whose
  // seeds the snapshot lacks and a second cleaning of LOVAC kept as things
  'zlv-warehouse': { entityP: 0.71, relP: 0.95, relR: 0.85 },
  // labelled blind in issue 23's twenty-second blind round (77.2 / 73.1 / 61.7 % held out: the test-history module's tables
  // read as a test's history, Focus's <a>_join_<b> link tables kept as things named with the word join, a daily attendance
  // row left out as a per-day report, numbered keys and keys whose descriptions name the users' staff id undrawn); at the
  // targets now, kept from more by the calendar's days merged with the calendar, a link whose ends' name is taken
  // (students_join_groups) and keys drawn to the noun they end in (bell_schedule_id, category_id, erp_profile_id)
  'kipp-focus': { entityP: 0.96, relP: 0.92, relR: 0.9 },
  // labelled blind in issue 23's twenty-third blind round (60.0 / 83.3 / 86.2 % held out: Fivetran's Workday HCM, link tables
  // described by doc blocks the link rule never read, a person's names, emails and ethnicity codes, and a base view of a
  // history only disabled models read, kept as things; a position's worker_for_filled_position_id drawn to the position);
  // at the targets now, kept from more by worker_position_id drawn to the worker's position and military_service's renamed
  // worker_id, which the mart joins to the personal information through two CTEs, undrawn
  'workday-hcm': { entityP: 1, relP: 0.96, relR: 0.96 },
  // labelled blind in issue 23's twenty-fourth blind round (84.2 / 79.3 / 35.9 % held out: ledger_sequence against ledgers
  // keyed by a sequence their own test variant declares unique, accounts named by their address under role names, role asset
  // ids beside copies of the asset's type dropped as polymorphic, a _raw table named with the word); short of the targets by
  // contract storage entries read as the contracts, archival bookkeeping and TTLs kept as things, and keys of columns its YAML
  // leaves undocumented
  'stellar-dbt-public': { entityP: 0.89, relP: 0.9, relR: 0.84 },
  // labelled blind in issue 23's twenty-fifth blind round (80.0 / 100 / 66.7 % held out: a behavioral-health provider's EMR,
  // Lightning Step, replicated by Precog with every column suffixed with its table's name; the staff's facility links kept as
  // a thing, their facility_id — the loader's location_id renamed — and the census's staff_id, tested as a user elsewhere,
  // undrawn); at 100 % on every figure now, a project of five staging models
  'ocd-anxiety-analytics': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's twenty-sixth blind round (75.0 / 86.8 / 97.1 % held out: Fivetran's Lever package, an
  // applicant-tracking system; the contacts' emails, phones and links and the feedback forms' field values kept as things,
  // the opportunities' stage history read as an OpportunityStage, the applications' archive reason undrawn); at 100 % on every
  // figure now
  'lever-recruiting': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's twenty-seventh blind round (nothing proposed held out: Financial Horizons' warehouse names no
  // staging layer — its clean/ folder holds one select * model per WealthServ table — and keys every table by its noun glued
  // to code); short of the targets by glued names the layer never writes apart (carrierplan, fundaccount), a broker's contact
  // details kept as things, and the investment database's <noun>_code keys into tables keyed by a bare code
  'fhg-warehouse': { entityP: 0.48, relP: 0.38, relR: 0.2 },
  // labelled blind in issue 23's twenty-eighth blind round (65.6 / 94.4 / 54.8 % held out: ShopPad's Mesa, a B2B SaaS
  // Shopify app, its MongoDB, Segment, Customer.io and GA4 naming the shop by shop_subdomain, which drew no shop outside tested
  // models; the shop's one-row-per-shop details, plan changes and usage periods, a legacy DAU import and a date spine kept as
  // things); at 100 % on every figure now
  'shoppad-mesa': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's twenty-ninth blind round (50.0 / 66.7 / 50.0 % held out: a logistics and fleet analytics
  // platform, its staging models named tbl_stg_<table>; the maintenance logs read as a log, the routes drawn out of the
  // shipments folded into them, the vehicles' telemetry and the hourly traffic and weather readings kept as things); at 100 %
  // on every figure now, a project of eight staging models
  'logistics-analytics': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's thirtieth blind round (88.9 / 87.5 / 93.3 % held out: Fivetran's GitHub package; the pull
  // requests' requested-reviewer history kept as a thing, the head repository's key, head_repo_id, described as the
  // repository table's and not drawn); at 100 % on every figure now
  'github-source': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's thirty-first blind round (85.7 / 81.5 / 52.4 % held out: Fivetran's Pendo package, product
  // analytics kept as history tables; the page and feature histories folded into the product area, the guide step and page
  // rule histories kept as things, app_id never drawn to the applications); at 100 % on every figure now
  'pendo-product-analytics': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's thirty-second blind round (94.7 / 100 / 100 % held out: Fivetran's Zuora package,
  // subscription billing, every key drawn; the refunds' application to invoice payments, its id and an amount and no key of
  // either, kept as a thing); at 100 % on every figure now
  'zuora-billing': { entityP: 1, relP: 1, relR: 1 },
  // labelled blind in issue 23's thirty-third blind round (42.2 / 40.0 / 36.4 % held out: Coral Care's marketplace warehouse,
  // a Bubble application beside HubSpot, sheets, a claims upload, GA4 and two ad platforms; Fivetran's ad reports kept as
  // things, the outcome sheets read as load outcomes, the clicks and e-mail engagements folded, the insurances qualified by
  // system); 91.9 / 91.3 / 63.6 % now: the Bubble references named for their type without an id suffix are undrawn
  'coral-care': { entityP: 0.9, relP: 0.9, relR: 0.6 },
  // labelled blind in issue 23's thirty-fourth blind round (64.9 / 78.0 / 80.0 % held out: Wowzi's influencer-marketing
  // warehouse, its application's Postgres beside HubSpot, CleverTap, Intercom, QuickBooks and sheets, models named
  // <system>_stg__<table>; the layer's word kept in names, back-officer role keys undrawn, per-influencer summaries kept as
  // things); short of the targets by a referral-code table keyed by the influencer, a self-referral link, tax identifiers and
  // two feeds of figures per post kept as things
  'wowzi-warehouse': { entityP: 0.84, relP: 0.88, relR: 0.95 },
  // labelled blind in issue 23's thirty-sixth blind round (76.9 / 66.7 / 13.3 % held out: Bandsintown's featured-events
  // warehouse, the platform's nightly batches named EventsBatch and VenuesBatch, the featured events' changelog kept as a thing,
  // the keys across its two folders and the featured-event keys of the impressions, RSVPs and clicks undrawn); the event keys
  // across the folders, the venue keys and the impressions' and RSVPs' artist_event_int_id are still undrawn
  'bandsintown-warehouse': { entityP: 1, relP: 1, relR: 0.45 },
  // labelled blind in issue 23's thirty-fifth blind round (89.1 / 77.3 / 63.3 % held out: Low6's prediction games, fifteen
  // client products each over its own database, the same nouns in all; one white-label game's copies for two clients merged
  // as one thing by their same columns); 93.8 / 93.5 / 86.1 % now
  'low6-prediction-games': { entityP: 0.93, relP: 0.93, relR: 0.86 },
};

for (const name of Object.keys(FLOORS)) {
  describeFetched(`fetched real project ${name} (labels-${name}.json)`, name, () => {
    const { dir, project: reg } = fetchedProject(name);
    const labels = JSON.parse(readFileSync(join(REGISTRY, `labels-${name}.json`), 'utf8')) as RealLabels;
    const p = conceptualize(withProjectEnv(reg.env, () => loadProject(dir, reg.vars ? { vars: reg.vars } : {})));
    const score = scoreAgainstRealLabels(p, labels);
    const floor = FLOORS[name];

    it(`entity precision ≥ ${floor.entityP}, relationship precision ≥ ${floor.relP} and recall ≥ ${floor.relR}`, () => {
      expect(score.entities.precision, detail(score)).toBeGreaterThanOrEqual(floor.entityP);
      expect(score.relationships.precision, detail(score)).toBeGreaterThanOrEqual(floor.relP);
      expect(score.relationships.recall, detail(score)).toBeGreaterThanOrEqual(floor.relR);
    });

    it('proposal validates; every relationship keeps its evidence; the notes count what is left out per reason', () => {
      expect(validProposal(p), JSON.stringify(validProposal.errors?.slice(0, 3))).toBe(true);
      for (const r of p.relationships) expect(r.evidence.kind === 'declared' ? r.evidence.file : r.evidence.rule, JSON.stringify(r)).toBeTruthy();
      // (jaffle-shop's and Salesforce's staging models are all entities: nothing is left out)
      if (name !== 'jaffle-shop' && name !== 'salesforce-source') expect(p.notes.join('\n')).toMatch(/Not entities, per reason: \d+ /);
    });
  });
}
