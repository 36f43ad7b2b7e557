// The Conceptualizer, issue 23's twenty-seventh blind round: classes of error read off an insurance and investment
// distributor's warehouse (Financial Horizons Group: WealthServ's back office replicated as ODS tables and curated *_vc
// views, staged as select * models under models/clean/<database>/ named <table>_clean_<database>, with no stg_ name and
// no staging/ folder; every key is its noun glued to `code`). Each project is written in that shape and read by the real
// project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const star = (source: string, table: string) => `select *, null as _loaded_at from {{ source('${source}', '${table}') }}\n`;

/** A back office's tables, one select * model each under models/<layer>/crm/, and a layer built over them. */
const backOffice = (layer: string, tables: string[], source = 'crm') => ({
  'models/sources.yml': sourcesYaml(sources(source, ...tables)),
  ...Object.fromEntries(tables.map((t) => [`models/${layer}/crm/${t}_${layer}_crm.sql`, star(source, t)])),
  'models/integrate/crm/orders_integrate_crm.sql': `select o.ordercode, o.customercode, c.customername from {{ ref('${tables[1]}_${layer}_crm') }} o\n`
    + `join {{ ref('${tables[0]}_${layer}_crm') }} c on c.customercode = o.customercode\n`,
});

describe('a project whose layers are top-level folders under other names than staging or silver', () => {
  const tables = ['customers', 'orders', 'products', 'invoices', 'payments'];

  it('has its staging layer in the folder whose models select from the sources (clean/), named without the folders\' words', () => {
    expect(names(run(backOffice('clean', tables)))).toEqual(['Customer', 'Invoice', 'Order', 'Payment', 'Product']);
  });

  it('reads no layer where fewer than five models of a folder select from sources alone', () => {
    expect(names(run(backOffice('clean', tables.slice(0, 4))))).toEqual([]);
  });

  it('leaves out a folder of the layer whose models mostly build on other models, its one source reader too (clean/for_share/)', () => {
    const shares = Object.fromEntries(['orders', 'invoices', 'payments'].map((t) => [`models/clean/for_share/${t}_share.sql`, `select * from {{ ref('${t}_clean_crm') }}\n`]));
    const files = { ...backOffice('clean', tables), ...shares, 'models/sources.yml': sourcesYaml(sources('crm', ...tables), sources('reports', 'budget')),
      'models/clean/for_share/budget_share.sql': star('reports', 'budget') };
    expect(names(run(files))).toEqual(['Customer', 'Invoice', 'Order', 'Payment', 'Product']);
  });

  it('names a table without the word every table of its source ends with (broker_vc, policy_vc: a curated view\'s mark)', () => {
    expect(names(run(backOffice('clean', tables.map((t) => `${t}_vc`), 'crm_curated')))).toEqual(['Customer', 'Invoice', 'Order', 'Payment', 'Product']);
  });
});

describe('a one-word name glued from another name of its system and a word', () => {
  const glued = (tables: string[]) => ({
    'models/staging/src_ws.yml': sourcesYaml(sources('ws', ...tables)),
    ...Object.fromEntries(tables.map((t) => [`models/staging/stg_ws__${t}.sql`, `select ${t}code, name from {{ source('ws', '${t}') }}\n`])),
  });

  it('is split where the word follows two names of the layer (contract after broker and after hierarchy)', () => {
    expect(names(run(glued(['broker', 'hierarchy', 'brokercontract', 'hierarchycontract'])))).toEqual(expect.arrayContaining(['BrokerContract', 'HierarchyContract']));
  });

  it('stays whole where what follows the name follows no other (coursesinprogram beside course is no course\'s sinprogram)', () => {
    expect(names(run(glued(['course', 'program', 'coursesinprogram'])))).toContain('Coursesinprogram');
  });
});

describe('a key named by its noun glued to code, as a back office names every key', () => {
  const office = (accruals: string) => ({
    'models/staging/src_ws.yml': sourcesYaml(sources('ws', 'policy', 'agent', 'accruals')),
    'models/staging/stg_ws__policies.sql': "select policycode, policynumber, agentcode, premiumamount from {{ source('ws', 'policy') }}\n",
    'models/staging/stg_ws__agents.sql': "select agentcode, agentname, province from {{ source('ws', 'agent') }}\n",
    'models/staging/stg_ws__accruals.sql': `select accrualcode, ${accruals}, amount, zipcode from {{ source('ws', 'accruals') }}\n`,
  });

  it('keys its thing (policies keyed policycode) and points at it from other tables (accruals\' policycode and agentcode)', () => {
    expect(refs(run(office('policycode, agentcode')))).toEqual(['Agent>Accrual.agentcode', 'Agent>Policy.agentcode', 'Policy>Accrual.policycode']);
  });

  it('is no key where it is a value (zipcode) or names no thing of the layer (branchcode)', () => {
    expect(refs(run(office('branchcode')))).toEqual(['Agent>Policy.agentcode']);
  });
});

describe('a key most of a family of tables holds', () => {
  const family = (member: string) => {
    const tables: Record<string, string> = {
      broker: 'brokerid, agentcode, firstname, lastname', agent: 'agentcode, agentname', broker_address: `${member}, addresstype, street`,
      broker_email: `${member}, emailtype, emailaddress`, broker_phone: `${member}, phonetype, phonenumber`,
      broker_contract: `brokercontractcode, ${member}, carrier, startdate`, policy: 'policycode, agentcode, premium',
    };
    return {
      'models/staging/src_ws.yml': sourcesYaml(sources('ws', ...Object.keys(tables))),
      ...Object.fromEntries(Object.entries(tables).map(([t, cols]) => [`models/staging/stg_ws__${t}.sql`, `select ${cols} from {{ source('ws', '${t}') }}\n`])),
    };
  };

  it('names the family\'s thing where its words name another (agentcode in broker_address, broker_email, broker_phone, broker_contract and broker)', () => {
    expect(refs(run(family('agentcode')))).toContain('Broker>Policy.agentcode');
  });

  it('is read by its words where the members hold a key named for their head (broker_id)', () => {
    expect(refs(run(family('brokerid, agentcode')))).toContain('Agent>Policy.agentcode');
  });
});
