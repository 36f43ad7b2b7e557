// The assistant validates what it proposes with the proposal validation every proposal goes
// through (src/proposals/): one verdict per change, blocked with the code and its location.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { proposalValidator, validateContextOf } from '../../src/assistant/change-check.js';
import { loadProject } from '../../src/api.js';
import type { ProposalChange } from '../../src/proposals/types.js';
import { changed, copyProject, tree } from './helpers.js';

const ch = (c: Partial<ProposalChange>): ProposalChange => ({ op: 'patch_yaml', path: '', rationale: '', source_context: [], validation_impact: '', review_summary: '', ...c });

describe('the assistant\'s proposal validation', () => {
  const dir = copyProject();
  const validate = proposalValidator(validateContextOf(loadProject(dir)));
  const code = (c: Partial<ProposalChange>) => validate([ch(c)])[0].blocked?.code;

  it('blocks the causes the spec names, each with its code', () => {
    expect(code({ op: 'create_file', path: '../outside.yml', content: 'a: 1\n' })).toBe('PATH_ESCAPE');
    expect(code({ op: 'create_file', path: '.git/config', content: 'x' })).toBe('PATH_ESCAPE');
    expect(code({ op: 'create_file', path: 'models/new.yml', content: 'models: [unclosed\n' })).toBe('YAML_INVALID');
    expect(code({ op: 'create_file', path: 'Modeler/conceptual/x.diagram.yaml', content: 'kind: diagram\nmodel: {name: x, version: 1.0.0, layer: conceptual}\nentities:\n  - name: Order\n    columns:\n      - {name: id, data_type: integer}\n' })).toBe('WRONG_LAYER');
    const rel = { name: 'customer_orders_again', from: 'customers.customer_id', to: 'orders.customer_id', cardinality: 'one_to_many' };
    expect(code({ path: 'Modeler/glossary/commerce.glossary.yaml', patch: [{ op: 'add', path: '/relationships/-', value: rel }] })).toBe('DUPLICATE_RELATIONSHIP');
    expect(code({ path: 'models/marts/_marts.yml', patch: [{ op: 'replace', path: '/models/9/name', value: 'x' }] })).toBe('PATCH_FAILED');
  });

  it('blocks rewriting a doc-bound description, by patch or whole-file update, saying where the block is', () => {
    const v = validate([ch({ path: 'models/marts/_marts.yml', patch: [{ op: 'replace', path: '/models/1/columns/4/description', value: 'Order state.' }] })])[0];
    expect(v.blocked!.code).toBe('DOC_BLOCK_OVERWRITE');
    expect(v.blocked!.message).toMatch(/order_status/);
    const text = readFileSync(join(dir, 'models/marts/_marts.yml'), 'utf8').replace(`description: '{{ doc("order_status") }}'`, 'description: Order state.');
    expect(code({ op: 'update_file', path: 'models/marts/_marts.yml', content: text })).toBe('DOC_BLOCK_OVERWRITE');
    expect(code({ path: 'models/marts/_marts.yml', patch: [{ op: 'add', path: '/models/1/columns/4/data_tests', value: ['not_null'] }] })).toBeUndefined();
  });

  it('writes nothing', () => {
    const before = tree(dir);
    validate([ch({ op: 'create_file', path: 'models/x.sql', content: 'select 1' }), ch({ path: 'models/marts/_marts.yml', patch: [{ op: 'remove', path: '/models/2' }] })]);
    expect(changed(before, tree(dir))).toEqual([]);
  });
});
