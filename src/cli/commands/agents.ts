import type { Command } from 'commander';
import { canonicalize, DEFAULT_MIN_RECURRENCE } from '../../agents/canonicalizer.js';
import { conceptualize } from '../../agents/conceptualizer.js';
import { UserError } from '../../core/diagnostics.js';
import { loadProject } from '../../core/project/load.js';
import { action, intOption, printJson } from '../io.js';

export function registerAgents(program: Command): void {
  const agents = program.commands.find((c) => c.name() === 'agents') ?? program.command('agents')
    .description('deterministic modeling agents (no AI provider needed); each prints a proposal as JSON and writes nothing');

  agents.command('conceptualize')
    .description('propose a conceptual diagram: business entities, domains and relationships from the staging models')
    .option('--project <dir>', 'dbt project directory', '.')
    .addHelpText('after', '\nPrints a `kind: diagram` proposal (entities, relationships, domains, notes, changes) as JSON.\n' +
      'Exit codes: 0 proposal printed (also when no staging model was found), 64 usage error (e.g. missing project directory).\n' +
      'Example: modeler agents conceptualize --project examples/jaffle_shop')
    .action(action((opts: { project: string }) => {
      printJson(conceptualize(loadProject(opts.project)));
      return 0;
    }));

  agents.command('canonicalize')
    .description('propose a canonical logical layer: columns recurring across staging models of the same entity, with shared doc blocks')
    .option('--project <dir>', 'dbt project directory', '.')
    .option('--min-recurrence <n>', `keep columns found in at least n staging models of an entity (at least 1; default ${DEFAULT_MIN_RECURRENCE})`)
    .addHelpText('after', '\nPrints a `kind: canonical` proposal (entities, notes, changes) as JSON.\n' +
      'Exit codes: 0 proposal printed (also when no column recurs), 64 usage error (bad --min-recurrence, missing project directory).\n' +
      'Example: modeler agents canonicalize --project examples/jaffle_shop --min-recurrence 2')
    .action(action((opts: { project: string; minRecurrence?: string }) => {
      const minRecurrence = intOption(opts.minRecurrence, '--min-recurrence', DEFAULT_MIN_RECURRENCE)!;
      if (minRecurrence < 1) throw new UserError(`--min-recurrence must be at least 1, got ${minRecurrence}`);
      printJson(canonicalize(loadProject(opts.project), { minRecurrence }));
      return 0;
    }));
}
