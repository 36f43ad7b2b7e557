// `--help` on every command and subcommand of the built binary, and a parent command given
// without a subcommand (`modeler`, `modeler generate`): help on stderr and exit 64, not silence.
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { loadProgram } from '../../src/cli/main.js';
import { runCli, runCliAsync } from '../helpers/cli.js';

function commandPaths(cmd: Command, prefix: string[] = []): { path: string[]; leaf: boolean }[] {
  return cmd.commands.flatMap((c) => {
    const path = [...prefix, c.name()];
    return [{ path, leaf: c.commands.length === 0 }, ...commandPaths(c, path)];
  });
}

const paths = commandPaths(await loadProgram());

describe('CLI help', () => {
  it('finds the command tree', () => expect(paths.length).toBeGreaterThanOrEqual(20));
  it('--help works on every command: usage on stdout, exit 0, a description; leaves show an example', async () => {
    const results = await Promise.all(paths.map(async (p) => ({ ...p, r: await runCliAsync([...p.path, '--help']) })));
    for (const { path, leaf, r } of results) {
      const name = path.join(' ');
      expect(r.code, name).toBe(0);
      // a command with an alias shows it after its name (`generate dbt|tform`)
      expect(r.stdout.startsWith(`Usage: modeler ${name} `) || r.stdout.startsWith(`Usage: modeler ${name}|`), name).toBe(true);
      expect(r.stdout.split('\n')[2]?.trim(), `${name}: description`).not.toBe('');
      if (leaf) expect(r.stdout, `${name}: example`).toMatch(/Example/);
      expect(r.stderr, name).toBe('');
    }
  });
  it('a parent without a subcommand prints its help on stderr and exits 64', () => {
    for (const args of [[], ['generate'], ['import']]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).toBe(64);
      expect(r.stderr).toMatch(new RegExp(`^Usage: modeler ${args.join(' ')}`.trimEnd()));
      expect(r.stdout).toBe('');
    }
  });
});
