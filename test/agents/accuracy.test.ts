// Measured accuracy of the Conceptualizer against hand-labelled staging layers
// (test/fixtures/agents/*/expected.yaml). The spec's bar is 80 % precision; we hold it higher.
// `node bench/agents-conceptualize.mjs` prints the same figures per project.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { combineScores, scoreProposal, type ExpectedLabels, type Score } from '../../src/agents/evaluate.js';
import { loadProject } from '../../src/core/project/load.js';
import { FIXTURES } from './helpers.js';

const labelled = readdirSync(FIXTURES).filter((d) => existsSync(join(FIXTURES, d, 'expected.yaml'))).sort();

describe('Conceptualizer accuracy on the labelled evaluation set', () => {
  const scores = new Map<string, Score>();
  for (const name of labelled) {
    const labels = parse(readFileSync(join(FIXTURES, name, 'expected.yaml'), 'utf8')) as ExpectedLabels;
    scores.set(name, scoreProposal(conceptualize(loadProject(resolve(FIXTURES, name, labels.project))), labels));
  }
  const total = combineScores([...scores.values()]);
  const detail = (s: Score) => JSON.stringify({ wrong: [...s.entities.falsePositives, ...s.relationships.falsePositives], missed: [...s.entities.falseNegatives, ...s.relationships.falseNegatives] });

  it('has at least five realistic labelled projects, each with entities and relationships', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(6);
    for (const name of labelled) {
      const labels = parse(readFileSync(join(FIXTURES, name, 'expected.yaml'), 'utf8')) as ExpectedLabels;
      expect(labels.entities.length, name).toBeGreaterThanOrEqual(7);
      expect(labels.relationships.length, name).toBeGreaterThanOrEqual(6);
    }
  });

  it('entity precision ≥ 0.95 and recall ≥ 0.90', () => {
    expect(total.entities.precision, detail(total)).toBeGreaterThanOrEqual(0.95);
    expect(total.entities.recall, detail(total)).toBeGreaterThanOrEqual(0.90);
  });

  it('relationship precision ≥ 0.95 (parent, child, key column and one-to-one vs many must all match)', () => {
    expect(total.relationships.precision, detail(total)).toBeGreaterThanOrEqual(0.95);
    expect(total.relationships.recall, detail(total)).toBeGreaterThanOrEqual(0.90);
  });

  it('every project on its own stays above the spec bar of 0.80 precision', () => {
    for (const [name, s] of scores) {
      expect(s.entities.precision, `${name} ${detail(s)}`).toBeGreaterThanOrEqual(0.8);
      expect(s.relationships.precision, `${name} ${detail(s)}`).toBeGreaterThanOrEqual(0.8);
    }
  });

  it('domains, source models and verbs agree with the labels', () => {
    expect(total.domains.agree / total.domains.total, total.domains.misses.join('; ')).toBeGreaterThanOrEqual(0.9);
    expect(total.sources.agree / total.sources.total, total.sources.misses.join('; ')).toBeGreaterThanOrEqual(0.95);
    expect(total.verbs.agree / total.verbs.total, total.verbs.misses.join('; ')).toBeGreaterThanOrEqual(0.7);
  });
});

describe('the scorer itself', () => {
  const labels: ExpectedLabels = {
    project: '.', entities: [{ name: 'Customer' }, { name: 'Order' }],
    relationships: [{ from: 'Customer', verb: 'places', to: 'Order', cardinality: 'one_to_many', via: 'customer_id' }],
  };
  const base = { kind: 'diagram' as const, agent: 'conceptualizer' as const, domains: [], notes: [], changes: [] };
  const entity = (name: string) => ({ name, label: name, domain: 'x', description: 'x', sources: ['m'] });
  it('counts a relationship read the other way round as the same fact', () => {
    const s = scoreProposal({ ...base, entities: [entity('Customer'), entity('Order'), entity('Extra')],
      relationships: [{ from: 'Order', to: 'Customer', verb: 'is placed by', cardinality: 'many_to_one', from_column: 'customer_id', to_column: 'customer_id', sources: ['m'], declared_by: [] }] }, labels);
    expect(s.entities).toMatchObject({ tp: 2, fp: 1, fn: 0, falsePositives: ['Extra'] });
    expect(s.relationships).toMatchObject({ tp: 1, fp: 0, fn: 0 });
    expect(s.verbs).toMatchObject({ agree: 0, total: 1 });
  });
  it('a wrong cardinality or key column is a miss', () => {
    const s = scoreProposal({ ...base, entities: [entity('Customer'), entity('Order')],
      relationships: [{ from: 'Customer', to: 'Order', verb: 'places', cardinality: 'one_to_one', from_column: 'customer_id', to_column: 'customer_id', sources: ['m'], declared_by: [] }] }, labels);
    expect(s.relationships).toMatchObject({ tp: 0, fp: 1, fn: 1, precision: 0, recall: 0 });
  });
});
