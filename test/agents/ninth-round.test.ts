// The Conceptualizer, issue 23's fourth blind round: classes of error read off a reporting warehouse whose staging layer
// is mostly counts, constants and copies beside a few real tables, over several systems (an application's nightly export,
// a state agency's files, hand-kept sheets, a web-analytics tool). Each project is written in that shape and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { singularWord, withLanguage } from '../../src/agents/inflection.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles as load, names as entityNames, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const sourcesFile = sourcesYaml(sources('emplois', 'structures', 'organisations_v0', 'candidatures'), sources('oneshot', 'zones', 'visits'), sources('asp', 'annexes'));
const structures = "select s.id as id, s.siret, s.ville, s.nom_complet as nom_structure from {{ source('emplois', 'structures') }} as s\n";

describe('French plurals in -ies', () => {
  it('keep their -ie (sorties → sortie), where English reads -ies as -y', () => {
    expect(withLanguage('fr', () => [singularWord('sorties'), singularWord('categories'), singularWord('adresses')])).toEqual(['sortie', 'categorie', 'adresse']);
    expect(withLanguage('en', () => [singularWord('companies'), singularWord('categories')])).toEqual(['company', 'category']);
  });
});

describe("another table's id taken by a join (left join structures as s … s.id as id_structure)", () => {
  const files = {
    'models/staging/stg_structures.sql': structures,
    // the hand-kept sheet of employment areas, each city matched to the application's structures by name
    'models/staging/stg_bassin_emploi.sql': `select be.libelle_commune as ville, be.type_epci, be.nom_departement, be.nom_region, be.nom_epci, be.code_commune, be.nom_arrondissement,
  be.nom_zone_emploi as bassin_d_emploi, s.id as id_structure
from {{ source('oneshot', 'zones') }} as be
left join {{ source('emplois', 'structures') }} as s on s.ville = be.libelle_commune
`,
    'models/sources.yml': sourcesFile,
  };

  it("is a reference to that table's entity, not the row's own id, and the join says which system it is of", () => {
    expect(refs(conceptualize(load(files)))).toContain('Structure>BassinEmploi.id_structure');
  });

  it('while the same column read off the sheet itself, with nothing naming the other system, is not drawn', () => {
    const own = { ...files, 'models/staging/stg_bassin_emploi.sql': "select be.libelle_commune as ville, be.code_commune, be.id_structure from {{ source('oneshot', 'zones') }} as be\n" };
    expect(refs(conceptualize(load(own)))).not.toContain('Structure>BassinEmploi.id_structure');
  });

  it("and the FROM table's own id renamed (id as id_structure) stays the row's own identifier", () => {
    const p = conceptualize(load({ ...files, 'models/staging/stg_structures.sql': "select s.id as id_structure, s.siret, s.ville from {{ source('emplois', 'structures') }} as s\n" }));
    expect(refs(p).filter((r) => r.startsWith('Structure>Structure'))).toEqual([]);
  });
});

describe('rows that are not business things', () => {
  const base = {
    'models/staging/stg_structures.sql': structures,
    'models/staging/stg_annexes_financieres.sql': "select a.id as id_annexe_financiere, a.numero, a.id_structure, a.date_debut, a.montant_total from {{ source('asp', 'annexes') }} as a\n",
    'models/sources.yml': sourcesFile,
  };

  it('one row of constants (select max(year) - 2 …, every column an aggregate, no GROUP BY) is left out', () => {
    const p = conceptualize(load({ ...base,
      'models/staging/stg_dates_annexe_financiere.sql': "select max(date_part('year', date_debut)) as annee_en_cours, (max(date_part('year', date_debut)) - 2) as annee_en_cours_2\nfrom {{ ref('stg_annexes_financieres') }}\n" }));
    expect(entityNames(p)).toContain('Structure');
    expect(entityNames(p).some((n) => n.startsWith('Date'))).toBe(false);
    expect(p.notes.join('\n')).toMatch(/stg_dates_annexe_financiere \(its SQL selects only aggregates with no GROUP BY/);
  });

  it('while a window max beside the columns (max(…) over (partition by …)) keeps the rows', () => {
    const p = conceptualize(load({ ...base,
      'models/staging/stg_contrats.sql': "select c.id as id_contrat, c.id_structure, max(c.date_fin) over (partition by c.id_structure) as derniere_fin from {{ source('asp', 'annexes') }} as c\n" }));
    expect(entityNames(p)).toContain('Contrat');
  });

  it('visitors counted per dashboard and week, with no key of any kind, are a report (French period and count words)', () => {
    const p = conceptualize(load({ ...base,
      'models/staging/stg_visiteurs_prives.sql': `select v."Tableau de bord" as tableau_de_bord, 'TB privé' as type_de_tb, v."Département" as "département", v."Date" as semaine, v."Visiteurs uniques" as visiteurs_uniques
from {{ source('oneshot', 'visits') }} as v
` }));
    expect(entityNames(p).some((n) => n.startsWith('Visiteur'))).toBe(false);
    expect(p.notes.join('\n')).toMatch(/stg_visiteurs_prives \(no key of its own: figures \(visiteurs_uniques\) per semaine\)/);
  });
});

describe('copies of another staging model', () => {
  const organisations = "select o.id, o.siret, o.nom, o.type, o.brsa, o.ville, o.code_commune from {{ source('emplois', 'organisations_v0') }} as o\n";
  const base = { 'models/staging/stg_structures.sql': structures, 'models/staging/stg_organisations.sql': organisations, 'models/sources.yml': sourcesFile };

  it('select * of it, filtered (or a star macro of it), is its rows again, folded into it', () => {
    const p = conceptualize(load({ ...base, 'models/staging/stg_prescripteurs_odc.sql': "select * from {{ ref('stg_organisations') }}\nwhere brsa = 1 or type = 'ODC'\n" }));
    expect(entityNames(p).some((n) => n.startsWith('Prescripteur'))).toBe(false);
    expect(p.entities.find((e) => e.name === 'Organisation')!.sources).toEqual(expect.arrayContaining(['stg_organisations', 'stg_prescripteurs_odc']));
  });

  it('but a model that joins it to another is not a copy', () => {
    const p = conceptualize(load({ ...base, 'models/staging/stg_partenariats.sql': `select p.id as id_partenariat, o.id as id_organisation, s.id as id_structure
from {{ source('emplois', 'candidatures') }} as p join {{ ref('stg_organisations') }} as o on o.id = p.id_org join {{ ref('stg_structures') }} as s on s.id = p.id_structure
` }));
    expect(entityNames(p)).toContain('Partenariat');
  });

  it("a column subset of a versioned export (organisations_v0) that another model stages is that table again", () => {
    const p = conceptualize(load({ ...base, 'models/staging/stg_org_prescripteur.sql': "select org.id as id_org, org.siret as siret_org_prescripteur, org.type as type_org_prescripteur from {{ source('emplois', 'organisations_v0') }} as org\n" }));
    expect(entityNames(p).some((n) => n.startsWith('OrgPrescripteur'))).toBe(false);
    expect(p.entities.find((e) => e.name === 'Organisation')!.sources).toContain('stg_org_prescripteur');
  });
});

describe('a star macro over a relation whose columns nobody lists (dbt_utils.star of an undocumented source)', () => {
  const appSources = sourcesYaml(sources('app', 'accounts', 'users', 'orders'));
  const files = {
    'models/staging/stg_accounts.sql': "select id as account_id, name from {{ source('app', 'accounts') }}\n",
    // the join names a column of users: the star returns it
    'models/staging/stg_users.sql': `select {{ dbt_utils.star(source('app', 'users'), relation_alias='u') }}, a.name as account_name
from {{ source('app', 'users') }} as u left join {{ source('app', 'accounts') }} as a on a.id = u.account_id
`,
    'models/staging/stg_orders.sql': "select {{ dbt_utils.star(source('app', 'orders')) }} from {{ source('app', 'orders') }}\n",
    // a mart reads user_id off the staged orders: a column the staging model returns
    'models/marts/fct_orders.sql': "select o.id, o.user_id, o.amount from {{ ref('stg_orders') }} as o\n",
    'models/sources.yml': appSources,
  };

  it("returns the columns the project's SQL names on that relation or reads from the model downstream, and their keys are drawn", () => {
    expect(refs(conceptualize(load(files)))).toEqual(expect.arrayContaining(['Account>User.account_id', 'User>Order.user_id']));
  });

  it('except the columns the star leaves out', () => {
    const out = { ...files, 'models/staging/stg_users.sql': files['models/staging/stg_users.sql'].replace("relation_alias='u'", "relation_alias='u', except=['account_id']") };
    expect(refs(conceptualize(load(out)))).not.toContain('Account>User.account_id');
  });
});

describe('a GROUP BY whose min/max is made into a figure', () => {
  const base = {
    'models/staging/stg_annexes_financieres.sql': "select a.id as id_annexe_financiere, a.numero, a.date_debut, a.montant_total from {{ source('asp', 'annexes') }} as a\n",
    'models/sources.yml': sourcesFile,
  };

  it('((max(month) + 1) - min(month) as nombre_mois_saisis per annex) is a report, not an entity', () => {
    const p = conceptualize(load({ ...base, 'models/staging/stg_duree_annexe.sql': `select id_annexe_financiere, (max(date_part('month', date_saisie)) + 1) - min(date_part('month', date_saisie)) as nombre_mois_saisis
from {{ ref('stg_annexes_financieres') }}
group by id_annexe_financiere
` }));
    expect(entityNames(p).some((n) => n.startsWith('Duree'))).toBe(false);
  });

  it('while the latest row kept per id (max(updated_at) … group by id) stays the thing it dedups', () => {
    const p = conceptualize(load({ ...base, 'models/staging/stg_contrats.sql': `select id as id_contrat, id_annexe_financiere, max(updated_at) as updated_at
from {{ source('asp', 'annexes') }}
group by id, id_annexe_financiere
` }));
    expect(entityNames(p)).toContain('Contrat');
  });
});
