// The Conceptualizer, issue 23's eleventh blind round: classes of error read off a coffee-machine service company's
// warehouse (EVS) over an Oracle operations database whose keys are named IDCOMPANY, IDCOMPANY_CUSTOMER and
// COMPANY_IDCOMPANY, Sage accounting tables named F_COMPTET and keyed by CT_NUM in every table, field-service software,
// French claim files keyed by n_de_sinistre, and nightly stock extracts unique per export date and file line. Each project
// is written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { keyShape } from '../../src/agents/columns.js';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { parseModelName } from '../../src/agents/naming.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;
/** A models YAML giving each model's unique column, and any column descriptions ([model, unique column, {column: description}]). */
const keysYaml = (...models: [string, string, Record<string, string>?][]) => 'version: 2\nmodels:\n' + models.map(([m, key, docs]) =>
  `  - name: ${m}\n    columns:\n      - name: ${key}\n        data_tests: [unique, not_null]\n` +
  Object.entries(docs ?? {}).map(([c, d]) => `      - name: ${c}\n        description: "${d}"\n`).join('')).join('');

describe("keys named with the key word glued first (Oracle's IDCOMPANY)", () => {
  it('reads idcompany as a company key, idcompany_customer as a role, company_idcompany as a parent row, iddevice_type as a device type', () => {
    expect(keyShape('idcompany')).toMatchObject({ stem: ['company'], suffix: 'id' });
    expect(keyShape('idcompany_customer')).toMatchObject({ stem: ['company', 'customer'], suffix: 'id', first: true });
    expect(keyShape('company_idcompany')).toMatchObject({ stem: ['company', 'company'], suffix: 'id' });
    // words that merely start with id are no keys
    expect(keyShape('identity')).toBeUndefined();
    expect(keyShape('idle')).toBeUndefined();
  });

  const ops = {
    'models/staging/ops/_sources.yml': sourcesYaml(sources('ops', 'company', 'company_type', 'device', 'location', 'label', 'label_has_device')),
    'models/staging/ops/_models.yml': keysYaml(['stg_ops__company', 'idcompany'], ['stg_ops__company_type', 'idcompany_type'],
      ['stg_ops__device', 'iddevice'], ['stg_ops__location', 'idlocation'], ['stg_ops__label', 'idlabel']),
    'models/staging/ops/stg_ops__company.sql': select('ops', 'company', 'idcompany, company_idcompany, idcompany_type, code, name'),
    'models/staging/ops/stg_ops__company_type.sql': select('ops', 'company_type', 'idcompany_type, code'),
    'models/staging/ops/stg_ops__device.sql': select('ops', 'device',
      'iddevice, device_iddevice, iddevice_type, idcompany_customer, idcompany_owner, idlocation, code, serial'),
    'models/staging/ops/stg_ops__location.sql': select('ops', 'location', 'idlocation, address1, city'),
    'models/staging/ops/stg_ops__label.sql': select('ops', 'label', 'idlabel, code'),
    'models/staging/ops/stg_ops__label_has_device.sql': select('ops', 'label_has_device', 'idlabel, iddevice'),
  };

  it("draws them, reads the table of two glued keys as a link, and leaves a key of a table the layer lacks undrawn", () => {
    const p = run(ops);
    expect(names(p)).toEqual(['Company', 'CompanyType', 'Device', 'Label', 'Location']);
    expect(refs(p)).toEqual([
      'Company>Company.company_idcompany', 'Company>Device.idcompany_customer', 'Company>Device.idcompany_owner',
      'CompanyType>Company.idcompany_type', 'Device>Device.device_iddevice', 'Device>LabelHasDevice.iddevice',
      'Label>LabelHasDevice.idlabel', 'Location>Device.idlocation',
    ]);
  });

  it("leaves a key whose sibling names the table it points into (idproduct_source beside type_product_source) undrawn", () => {
    const p = run({
      'models/staging/ops/_sources.yml': sourcesYaml(sources('ops', 'product', 'task', 'company')),
      'models/staging/ops/_models.yml': keysYaml(['stg_ops__product', 'idproduct'], ['stg_ops__task', 'idtask'], ['stg_ops__company', 'idcompany']),
      'models/staging/ops/stg_ops__product.sql': select('ops', 'product', 'idproduct, code, name'),
      'models/staging/ops/stg_ops__company.sql': select('ops', 'company', 'idcompany, name'),
      'models/staging/ops/stg_ops__task.sql': select('ops', 'task', 'idtask, idcompany_peer, idproduct_source, type_product_source, real_start_date'),
    });
    expect(refs(p)).toEqual(['Company>Task.idcompany_peer']);
    expect(p.notes.join('\n')).toMatch(/tables of several kinds.*not drawn: stg_ops__task.idproduct_source/);
  });

  it('reads "link to LABEL" in a key\'s description as the table it points at', () => {
    const p = run({
      'models/staging/ops/_sources.yml': sourcesYaml(sources('ops', 'contract', 'label')),
      'models/staging/ops/_models.yml': keysYaml(['stg_ops__contract', 'idcontract', { idcontract_type: 'ATTENTION : link to LABEL from label_family.code = CONTRACT_TYPE' }],
        ['stg_ops__label', 'idlabel']),
      'models/staging/ops/stg_ops__contract.sql': select('ops', 'contract', 'idcontract, idcontract_type, code'),
      'models/staging/ops/stg_ops__label.sql': select('ops', 'label', 'idlabel, code'),
    });
    expect(refs(p)).toEqual(['Label>Contract.idcontract_type']);
  });
});

describe("Sage's tables (F_COMPTET, F_ECRITUREC) keyed by the same column name in every table", () => {
  const sage = {
    'models/staging/mssql_sage/_sources.yml': sourcesYaml(sources('mssql_sage', 'dbo_f_comptet', 'dbo_f_ecriturec')),
    // (the YAML documents every column, as Sage's staging there does)
    'models/staging/mssql_sage/_models.yml': keysYaml(['stg_mssql_sage__f_comptet', 'ct_num', { ct_intitule: 'Intitulé du compte', ct_ville: 'Ville', ct_numpayeur: 'Numéro du payeur' }],
      ['stg_mssql_sage__f_ecriturec', 'ec_no', { ec_no_link: "Lien vers l'écriture parent", jo_num: 'Code du journal', cg_num: 'Compte général', ct_num: 'Compte tiers',
        ec_montant: "Montant de l'écriture" }]),
    'models/staging/mssql_sage/stg_mssql_sage__f_comptet.sql': select('mssql_sage', 'dbo_f_comptet', 'ct_num, ct_intitule, ct_ville, ct_numpayeur'),
    'models/staging/mssql_sage/stg_mssql_sage__f_ecriturec.sql': select('mssql_sage', 'dbo_f_ecriturec', 'ec_no, ec_no_link, jo_num, cg_num, ct_num, ec_montant'),
  };

  it('leaves the one-letter table prefix out of the noun', () => {
    expect(parseModelName('stg_mssql_sage__f_comptet', ['mssql_sage'])).toMatchObject({ source: 'mssql_sage', tokens: ['comptet'] });
    expect(names(run(sage))).toEqual(['Comptet', 'Ecriturec']);
  });

  it("reads a number column named as another table's own key of the same system as that table's, and that key followed by a role as a row of its table", () => {
    // (cg_num and jo_num name no table of the layer: no reference; ct_numpayeur is the paying account, ec_no_link the entry it comes from)
    expect(refs(run(sage))).toEqual(['Comptet>Comptet.ct_numpayeur', 'Comptet>Ecriturec.ct_num', 'Ecriturec>Ecriturec.ec_no_link']);
  });
});

describe("a system named with its database engine (oracle_neshu)", () => {
  it('is qualified without the engine where another system has the noun', () => {
    const p = run({
      'models/staging/_sources.yml': sourcesYaml(sources('oracle_neshu', 'evs_product'), sources('yuman_api', 'yuman_products')),
      'models/staging/oracle_neshu/stg_oracle_neshu__product.sql': select('oracle_neshu', 'evs_product', 'idproduct, code, name'),
      'models/staging/yuman/stg_yuman__products.sql': select('yuman_api', 'yuman_products', 'id as product_id, reference, designation'),
    });
    expect(names(p)).toEqual(['NeshuProduct', 'YumanProduct']);
  });
});

describe('a claims file keyed by its number, the number word first (n_de_sinistre)', () => {
  const claims = {
    'models/staging/gac/_sources.yml': sourcesYaml(sources('gac', 'suivi_sinistres')),
    'models/staging/gac/stg_gac__sinistres_sg.sql': select('gac', 'suivi_sinistres',
      "n_de_sinistre, nullif(type, '') as type_sinistre, immat, accident_de_week_end, cast(cout_assureur as float64) as cout_assureur, "
      + 'cast(franchise as float64) as franchise, cast(cout_global as float64) as cout_global, cast(date as timestamp) as date_sinistre'),
  };

  it('is a thing, not figures per period; a code after its noun leaves the noun the head', () => {
    expect(parseModelName('stg_gac__sinistres_sg', ['gac'])).toMatchObject({ tokens: ['sinistre', 'sg'] });
    // (a little word after the noun is no code: reports_to stays a phrase)
    expect(parseModelName('stg_crm__reports_to', ['crm'])).toMatchObject({ tokens: ['reports', 'to'] });
    expect(names(run(claims))).toEqual(['SinistreSg']);
  });
});

describe("a nightly extract unique per export date and the loader's line number", () => {
  it('has no identity of its own: stock levels per export date, a report', () => {
    const p = run({
      'models/staging/yuman_gcs/_sources.yml': sourcesYaml(sources('yuman_gcs', 'stock_theorique')),
      'models/staging/yuman_gcs/_models.yml': 'version: 2\nmodels:\n  - name: stg_yuman_gcs__stock_theorique\n    data_tests:\n'
        + '      - dbt_utils.unique_combination_of_columns:\n          combination_of_columns: [export_date, _sdc_source_lineno]\n',
      'models/staging/yuman_gcs/stg_yuman_gcs__stock_theorique.sql': select('yuman_gcs', 'stock_theorique',
        "trim(r_f_rence) as reference, trim(d_signation) as designation, cast(replace(quantit_, ',', '.') as float64) as quantite, "
        + 'nom_du_stock, export_date, _sdc_source_file, _sdc_source_lineno'),
    });
    expect(names(p)).toEqual([]);
    expect(p.notes.join('\n')).toMatch(/stg_yuman_gcs__stock_theorique \(no key of its own/);
  });
});
