// The router picks the §2.7 modes from whole words and the selected object (not substrings),
// asks the deterministic agents to run when a request names them, and tells change requests
// and repo-wide questions apart.
import { describe, expect, it } from 'vitest';
import { route } from '../../src/assistant/router.js';

const modes = (m: string, ctx?: any) => route(m, ctx).modes.map((x) => x.mode);

describe('router', () => {
  it.each([
    ['which foreign keys connect orders to customers?', 'relationship_modeler'],
    ['what is the cardinality between deals and accounts', 'relationship_modeler'],
    ['which Interfaces are missing an owner', 'governance_reviewer'],
    ['is the e-mail column classified as sensitive (PII)?', 'governance_reviewer'],
    ['add a not_null test to orders.customer_id', 'yaml_patch_engineer'],
    ['what data type is lifetime_value and which tests does it have', 'physical_dbt_developer'],
    ['define the business concepts of the sales domain', 'conceptual_architect'],
    ['normalize the attributes of the logical Subscription entity', 'logical_modeler'],
  ])('%s → %s', (message, mode) => {
    expect(modes(message)).toContain(mode);
  });

  it('matches whole words, not substrings ("latest" is no test, "domainless" no domain)', () => {
    expect(modes('show the latest rows')).not.toContain('governance_reviewer');
    expect(route('latest contest').modes.map((m) => m.mode)).toEqual(['physical_dbt_developer']);
  });

  it('the selected object weighs in', () => {
    expect(modes('explain this', { kind: 'relationship', name: 'customer_orders' })[0]).toBe('relationship_modeler');
    expect(modes('explain this', { kind: 'concept', name: 'Account', layer: 'conceptual' })[0]).toBe('conceptual_architect');
    expect(modes('why?', { kind: 'validation', code: 'READINESS_KEY_TESTS_MISSING' })).toContain('governance_reviewer');
  });

  it('runs the deterministic agents when asked for them', () => {
    expect(route('Conceptualize this project').agent).toBe('conceptualize');
    expect(route('propose business entities from the staging models').agent).toBe('conceptualize');
    expect(route('canonicalize the staging layer with min recurrence 1').agent).toBe('canonicalize');
    expect(route('lift recurring columns into a canonical logical layer with shared doc blocks').agent).toBe('canonicalize');
    expect(route('what is a canonical model?').agent).toBeUndefined();
  });

  it('tells change requests, questions and repo-wide questions apart', () => {
    expect(route('add relationships tests to stg_orders').wantsChanges).toBe(true);
    expect(route('what tests should I add?').wantsChanges).toBe(false);
    expect(route('could you add key tests to dim_accounts?').wantsChanges).toBe(true);
    expect(route('which models lack owners').repoWide).toBe(true);
    expect(route('which columns lack descriptions', { kind: 'model', name: 'orders' }).repoWide).toBe(false);
    expect(route('which columns lack descriptions in the whole project', { kind: 'model', name: 'orders' }).repoWide).toBe(true);
    expect(route('explain orders').repoWide).toBe(false);
  });
});
