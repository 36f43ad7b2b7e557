// Skills: chosen by use_when, tags, layers, agent modes and their text, with priority breaking
// ties; pinned and disabled per request; a malformed skill file is a located diagnostic.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadProject } from '../../src/api.js';
import { AssistantSession } from '../../src/assistant/session.js';
import { selectSkills, skillDiagnostics } from '../../src/assistant/skills.js';
import { copyProject, SAAS } from './helpers.js';

const p = loadProject(SAAS);
const pick = (message: string, extra: any = {}) => selectSkills(p.skills, { message, modes: [], ...extra }).map((s) => s.name);

describe('skill selection', () => {
  it('by use_when phrases, tags and text', () => {
    expect(pick('a question about MRR and churn')).toEqual(['finance-metrics']);
    expect(pick('which columns hold personal data such as e-mail addresses')).toContain('pii-handling');
    expect(pick('how is an SLA breach measured on tickets')[0]).toBe('support-sla');
    expect(pick('explain the orders model')).toEqual([]);
  });

  it('by layer and agent mode, which only strengthen a skill the words point at', () => {
    const naming = selectSkills(p.skills, { message: 'naming a business entity', modes: ['conceptual_architect'], layer: 'conceptual' });
    expect(naming[0].name).toBe('conceptual-modeling');
    expect(naming[0].reasons.join(' ')).toMatch(/layer conceptual/);
    expect(naming[0].reasons.join(' ')).toMatch(/mode conceptual_architect/);
    expect(selectSkills(p.skills, { message: 'hello', modes: ['governance_reviewer'] })).toEqual([]);
  });

  it('pinned skills always come first; disabled ones never', () => {
    expect(pick('a question about MRR and churn', { pinned: ['support-sla'] })).toEqual(['support-sla', 'finance-metrics']);
    expect(pick('a question about MRR and churn', { disabled: ['finance-metrics'] })).toEqual([]);
  });
});

describe('skill files', () => {
  it('a malformed skill is a located diagnostic, not a crash, and the other skills still load', () => {
    const dir = copyProject(SAAS);
    mkdirSync(join(dir, 'Modeler/Skills'), { recursive: true });
    writeFileSync(join(dir, 'Modeler/Skills/broken.md'), '---\nname: broken\nuse_when: [unclosed\n---\nbody\n');
    writeFileSync(join(dir, 'Modeler/Skills/typed.md'), '---\nname: typed\npriority: high\nlayers: [physical, phisical]\nagent_modes: [governance_reviwer]\n---\nbody\n');
    const s = AssistantSession.open(dir);
    const { skills, diagnostics } = s.skills();
    expect(skills.map((x) => x.name)).toEqual(expect.arrayContaining(['finance-metrics', 'typed']));
    expect(skills.map((x) => x.name)).not.toContain('broken');
    const by = (f: string) => diagnostics.filter((d) => d.file === f).map((d) => `${d.code}@${d.line}: ${d.message}`);
    expect(by('Modeler/Skills/broken.md')[0]).toMatch(/^SKILL_FRONTMATTER@\d+: skill frontmatter is not valid YAML/);
    expect(by('Modeler/Skills/typed.md')).toEqual([
      "SKILL_FIELD@3: skill field 'priority' must be a number, got \"high\"",
      "SKILL_FIELD@4: unknown layer 'phisical' (did you mean 'physical'?)",
      "SKILL_FIELD@5: unknown agent mode 'governance_reviwer' (did you mean 'governance_reviewer'?)",
    ]);
    expect(skillDiagnostics(loadProject(SAAS))).toEqual([]);
  });
});
