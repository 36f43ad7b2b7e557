// Docs generated from the code, and checked (scripts/gen-docs.mjs): the committed README, docs/
// and schemas/policy.schema.json must be what the generator writes, and the generator must
// find and fill every kind of region, and refuse bad markers with file:line.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO, tempDir } from '../helpers/cli.js';

const gen = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(REPO, 'scripts', 'gen-docs.mjs'), ...args], { cwd: REPO, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
};

describe('generated docs', () => {
  it('the committed README, docs/ and policy schema are what the code generates (npm run docs:check)', () => {
    const r = gen('--check');
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
  });

  it('fills every region kind, keeps the text around it, and --check fails until it is rerun', () => {
    const root = tempDir('modeler-docs-');
    mkdirSync(join(root, 'docs', 'ref'), { recursive: true });
    const page = join(root, 'docs', 'ref', 'all.md');
    writeFileSync(page, ['# Title', 'kept before',
      '<!-- generated:cli-usage:generate sql -->', 'stale', '<!-- /generated -->',
      'kept between', '<!-- generated:policy-rules -->', '<!-- /generated -->',
      '<!-- generated:codes:mesh -->', '<!-- /generated -->', '<!-- generated:codes -->', '<!-- /generated -->',
      '<!-- generated:dialects -->', '<!-- /generated -->', 'kept after', ''].join('\n'));
    mkdirSync(join(root, 'schemas'));
    const schema = JSON.parse(readFileSync(join(REPO, 'schemas', 'policy.schema.json'), 'utf8'));
    schema.$defs.rule.properties.type = { type: 'string' };
    writeFileSync(join(root, 'schemas', 'policy.schema.json'), JSON.stringify(schema));

    const stale = gen('--check', '--root', root);
    expect(stale.code).toBe(1);
    expect(stale.err).toMatch(/out of date .*docs\/ref\/all\.md, schemas\/policy\.schema\.json/);
    expect(readFileSync(page, 'utf8')).toContain('stale'); // --check writes nothing

    expect(gen('--root', root).code).toBe(0);
    const text = readFileSync(page, 'utf8');
    expect(text).toMatch(/^# Title\nkept before\n<!-- generated:cli-usage:generate sql -->\n\n```text\nUsage: modeler generate sql \[options\] <model\.yaml>\n/);
    expect(text).not.toContain('stale');
    expect(text).toMatch(/\nkept between\n/);
    expect(text).toMatch(/\| `naming_convention` \| names match a regular expression per object kind .* \| `object_pattern` \(regex\), /);
    expect(text).toContain('| `MESH_INTERFACE_EPHEMERAL` | warning; error when strict |');
    expect(text).toContain('### Warehouse apply');
    expect(text).toMatch(/\| `mysql` \| `mariadb` \| sqlparser-rs \(mysql\) \| mysql \|/);
    expect(text.endsWith('<!-- /generated -->\nkept after\n')).toBe(true);
    expect(JSON.parse(readFileSync(join(root, 'schemas', 'policy.schema.json'), 'utf8')).$defs.rule.properties.type.examples).toContain('require_contract');
    expect(gen('--check', '--root', root).code).toBe(0);
  });

  it('a bad marker stops the run with file:line and writes nothing', () => {
    const root = tempDir('modeler-docs-');
    cpSync(join(REPO, 'docs', 'reference'), join(root, 'docs', 'reference'), { recursive: true });
    for (const [body, why] of [
      ['<!-- generated:codes -->\nno end', /docs\/x\.md:1: <!-- generated:codes --> has no <!-- \/generated -->/],
      ['\n<!-- generated:cli-usage:nope -->\n<!-- /generated -->', /docs\/x\.md:2: no command 'modeler nope'/],
      ['<!-- generated:tables -->\n<!-- /generated -->', /docs\/x\.md:1: unknown region kind 'tables'/],
      ['<!-- generated:codes:nowhere -->\n<!-- /generated -->', /unknown code area 'nowhere'/],
    ] as const) {
      writeFileSync(join(root, 'docs', 'x.md'), body);
      const r = gen('--root', root);
      expect(r.code, body).toBe(2);
      expect(r.err, body).toMatch(why);
      expect(readFileSync(join(root, 'docs', 'x.md'), 'utf8')).toBe(body);
    }
  });
});
