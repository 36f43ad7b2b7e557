// The Conceptualizer, issue 23's fourteenth blind round: classes of error read off a public-sector health warehouse
// (NHS North Central London's OLIDS: GP records read from a masked source, OLIDS_MASKED, and their terminology from
// OLIDS_TERMINOLOGY, beside the NHS Dictionary on SQL Server's dbo schema and the analytics team's reference code sets
// and rule sets). Each project is written in that shape and read by the real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { loadFiles, names, refs, sources, sourcesYaml } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL

const run = (files: Record<string, string>) => conceptualize(loadFiles(files));
const select = (source: string, table: string, columns: string) => `select ${columns} from {{ source('${source}', '${table}') }}\n`;

describe("a source named with how it is stored or masked, and a model named with its source's word", () => {
  const record = (masked: string, terminology: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources(masked, 'PATIENT', 'OBSERVATION'), sources(terminology, 'CONCEPT'), sources('Dictionary_dbo', 'Postcode')),
    'models/staging/stg_olids_patient.sql': select(masked, 'PATIENT', 'id, gender_concept_id, birth_year'),
    'models/staging/stg_olids_observation.sql': select(masked, 'OBSERVATION', 'id, patient_id, observation_source_concept_id, date_precision_concept_id, result_value'),
    'models/staging/stg_olids_term_concept.sql': select(terminology, 'CONCEPT', 'id, system, code, display'),
    'models/staging/stg_dictionary_postcode.sql': select('Dictionary_dbo', 'Postcode', 'SK_PostcodeID as sk_postcode_id, postcode, lsoa'),
  });

  it("reads olids as the system of stg_olids_* over OLIDS_MASKED and dictionary as that of stg_dictionary_* over Dictionary_dbo, and term as OLIDS_TERMINOLOGY's word", () => {
    const p = run(record('OLIDS_MASKED', 'OLIDS_TERMINOLOGY'));
    expect(names(p)).toEqual(['Concept', 'Observation', 'Patient', 'Postcode']);
    expect(refs(p)).toEqual(['Concept>Observation.date_precision_concept_id', 'Concept>Observation.observation_source_concept_id',
      'Concept>Patient.gender_concept_id', 'Patient>Observation.patient_id']);
  });

  it('keeps a word the source does not abbreviate (a source named CLINICAL: term stays in the noun)', () => {
    const p = run(record('OLIDS_MASKED', 'CLINICAL'));
    expect(names(p)).toContain('TermConcept');
  });
});

describe("the team's code sets and rule sets beside a clinical record", () => {
  const layer = (codes: string, rules: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('olids', 'patient', 'observation'), sources('reference', 'ltc_lcs_codes', 'pcd_refset'),
      sources(rules, 'bp_thresholds')),
    'models/staging/stg_olids_patient.sql': select('olids', 'patient', 'id, birth_year'),
    'models/staging/stg_olids_observation.sql': select('olids', 'observation', 'id, patient_id, result_value'),
    [`models/staging/stg_${codes}_ltc_lcs_codes.sql`]: select('reference', 'ltc_lcs_codes', 'cluster_id, cluster_description, snomed_code, snomed_description'),
    'models/staging/stg_reference_pcd_refset.sql': select('reference', 'pcd_refset', 'cluster_id, snomed_code, pcd_refset_id, service_and_ruleset'),
    [`models/staging/stg_${rules}_bp_thresholds.sql`]: select(rules, 'bp_thresholds', 'threshold_rule_id, patient_group, systolic_threshold, diastolic_threshold, operator'),
  });

  it('leaves out lists of codes named as code sets or refsets, and the tables of a rule-set system, saying why', () => {
    const p = run(layer('codesets', 'rulesets'));
    expect(names(p)).toEqual(['Observation', 'Patient']);
    const notes = p.notes.join('\n');
    expect(notes).toMatch(/stg_codesets_ltc_lcs_codes \(a code set/);
    expect(notes).toMatch(/stg_reference_pcd_refset \(a code set/);
    expect(notes).toMatch(/stg_rulesets_bp_thresholds \(a rule set of rulesets/);
  });

  it('keeps such tables when nothing names them as code or rule sets', () => {
    const p = run(layer('reference', 'clinical_rules'));
    expect(names(p)).toEqual(expect.arrayContaining(['BpThreshold', 'LtcLcsCode']));
  });
});

describe("a link with its own id and the loader's columns every table of its system carries", () => {
  const stamps = 'lds_id, lds_business_key, lds_dataset_id, lds_start_date_time, record_owner_organisation_code';
  const record = (everywhere: boolean) => {
    const s = everywhere ? `, ${stamps}` : '';
    return {
      'models/staging/_sources.yml': sourcesYaml(sources('olids', 'patient', 'practitioner', 'appointment', 'schedule', 'appointment_practitioner')),
      'models/staging/stg_olids_patient.sql': select('olids', 'patient', `id, birth_year${s}`),
      'models/staging/stg_olids_practitioner.sql': select('olids', 'practitioner', `id, first_name, last_name${s}`),
      'models/staging/stg_olids_schedule.sql': select('olids', 'schedule', `id, practitioner_id, start_date, name${s}`),
      'models/staging/stg_olids_appointment.sql': select('olids', 'appointment', `id, patient_id, schedule_id, start_date${s}`),
      'models/staging/stg_olids_appointment_practitioner.sql': select('olids', 'appointment_practitioner', `id, appointment_id, practitioner_id, ${stamps}`),
    };
  };

  it('is a link of appointments and practitioners (the stamps are the system\'s bookkeeping, on every table)', () => {
    const p = run(record(true));
    expect(names(p)).toEqual(['Appointment', 'Patient', 'Practitioner', 'Schedule']);
    expect(p.notes.join('\n')).toMatch(/stg_olids_appointment_practitioner/);
  });

  it('stays a thing when those columns are its own (no other table of the system carries them)', () => {
    const p = run(record(false));
    expect(names(p)).toContain('AppointmentPractitioner');
  });
});

describe('a bare noun in a system that keys its things as <noun>_id', () => {
  const record = (patientKey: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('olids', 'patient', 'location', 'schedule', 'encounter')),
    'models/staging/stg_olids_patient.sql': select('olids', 'patient', 'id, birth_year'),
    'models/staging/stg_olids_location.sql': select('olids', 'location', 'id, name, postcode'),
    'models/staging/stg_olids_schedule.sql': select('olids', 'schedule', 'id, location_id, location, start_date'),
    'models/staging/stg_olids_encounter.sql': select('olids', 'encounter', `id, ${patientKey}, location, clinical_effective_date`),
  });

  it("reads an encounter's location as a value when the system's keys are <noun>_id (a schedule holds location_id beside location)", () => {
    const p = run(record('patient_id'));
    expect(refs(p)).toEqual(['Location>Schedule.location_id', 'Patient>Encounter.patient_id']);
  });

  it('still reads it as a key where the system names other things bare too (patient)', () => {
    const p = run(record('patient'));
    expect(refs(p)).toEqual(expect.arrayContaining(['Location>Encounter.location', 'Patient>Encounter.patient']));
  });
});

describe("a key whose noun the source misspells", () => {
  const record = (observation: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('olids', 'practitioner', 'observation', 'opportunity', 'contract')),
    'models/staging/stg_olids_practitioner.sql': select('olids', 'practitioner', 'id, first_name, last_name'),
    'models/staging/stg_olids_observation.sql': select('olids', 'observation', observation),
    'models/staging/stg_olids_contract.sql': select('olids', 'contract', 'id, signed_date'),
    'models/staging/stg_olids_opportunity.sql': select('olids', 'opportunity', 'id, contact_id, amount'),
  });

  it('reads practioner_id and parent_obervation_id as keys of Practitioner and Observation (a letter or two short), not contact_id as a Contract', () => {
    const p = run(record('id, practioner_id, parent_obervation_id, result_value'));
    expect(refs(p)).toEqual(['Observation>Observation.parent_obervation_id', 'Practitioner>Observation.practioner_id']);
    expect(p.relationships.find((r) => r.from_column === 'practioner_id')?.declared_by?.join(' ')).toMatch(/a letter or two left out/);
  });

  it('leaves a word the system uses elsewhere as spelt (a second column with practioner in it)', () => {
    const p = run(record('id, practioner_id, practioner_name, result_value'));
    expect(refs(p)).toEqual([]);
  });
});

describe("a directory's hierarchy flattened into paths", () => {
  const dictionary = (descendent: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('Dictionary_dbo', 'Organisation', 'OrganisationDescendent')),
    'models/staging/stg_dictionary_organisation.sql': select('Dictionary_dbo', 'Organisation', 'SK_OrganisationID as sk_organisation_id, organisation_code, organisation_name'),
    'models/staging/stg_dictionary_organisation_descendent.sql': select('Dictionary_dbo', 'OrganisationDescendent', descendent),
  });

  it("leaves out an organisation's descendants (child code, role, path), saying why", () => {
    const p = run(dictionary('OrganisationCode_Child as organisation_code_child, OrganisationPrimaryRole_Child as organisation_primary_role_child, Path as path, RelationshipStartDate as relationship_start_date'));
    expect(names(p)).toEqual(['Organisation']);
    expect(p.notes.join('\n')).toMatch(/stg_dictionary_organisation_descendent \(the hierarchy of organisation flattened into paths/);
  });

  it('leaves one with two keys of organisations (a closure table) to the link rules', () => {
    const p = run(dictionary('sk_organisation_id, ancestor_sk_organisation_id, depth'));
    expect(p.notes.join('\n')).not.toMatch(/flattened into paths/);
  });
});

describe('a lookup kept by hand', () => {
  const layer = (lookup: string) => ({
    'models/staging/_sources.yml': sourcesYaml(sources('population_health', 'practice_neighbourhood_lookup'), sources('olids', 'patient')),
    'models/staging/stg_olids_patient.sql': select('olids', 'patient', 'id, birth_year'),
    'models/staging/stg_population_health_practice_neighbourhood_lookup.sql': select('population_health', 'practice_neighbourhood_lookup', lookup),
  });

  it("leaves out values looked up by a practice's code (no identifier of its own), saying why", () => {
    const p = run(layer('practice_code, practice_name, local_authority, practice_neighbourhood, pcn_code'));
    expect(names(p)).toEqual(['Patient']);
    expect(p.notes.join('\n')).toMatch(/stg_population_health_practice_neighbourhood_lookup \(a lookup of values by another thing's code/);
  });

  it('keeps a lookup with an identifier of its own (a list others may point at)', () => {
    const p = run(layer('id, practice_code, practice_neighbourhood'));
    expect(names(p)).toContain('PracticeNeighbourhoodLookup');
  });
});

// (the tuning pass after the twenty-second round)
describe("a thing's contact details and addresses by type", () => {
  const record = (extra: Record<string, string> = {}) => run({
    'models/staging/_sources.yml': sourcesYaml(sources('gp', 'PATIENT', 'LOCATION', 'PATIENT_CONTACT', 'LOCATION_CONTACT', 'PATIENT_ADDRESS', 'QUOTE', 'QUOTE_ADDRESS')),
    'models/staging/stg_gp_patient.sql': select('gp', 'PATIENT', 'id, birth_year'),
    'models/staging/stg_gp_location.sql': select('gp', 'LOCATION', 'id, name'),
    'models/staging/stg_gp_patient_contact.sql': select('gp', 'PATIENT_CONTACT', 'id, patient_id, contact_type_concept_id, description, start_date, end_date'),
    'models/staging/stg_gp_location_contact.sql': select('gp', 'LOCATION_CONTACT', 'id, location_id, is_primary_contact, contact_type, value'),
    'models/staging/stg_gp_patient_address.sql': select('gp', 'PATIENT_ADDRESS', 'id, patient_id, address_type_concept_id, post_code_hash, start_date, end_date'),
    ...extra,
  });
  it('are values of the thing whose key they hold (patient_contact: a type and a value), not things', () => {
    expect(names(record())).toEqual(['Location', 'Patient']);
  });
  it('stay things where the rows have an identifier named for them, which other rows hold (a quote’s addresses, quote_address_id)', () => {
    const p = record({
      'models/staging/stg_gp_quote.sql': select('gp', 'QUOTE', 'id as quote_id, total'),
      'models/staging/stg_gp_quote_address.sql': select('gp', 'QUOTE_ADDRESS', 'quote_address_id, quote_id, address_type, city'),
    });
    expect(names(p)).toContain('QuoteAddress');
  });
});
