import type { Command } from 'commander';
import { canonicalize, conceptualize, DEFAULT_MIN_RECURRENCE } from '../../api/agents.js';
import { initSqlColumns, loadProject } from '../../api/project.js';
import { selectProject } from '../../api/select.js';
import { UserError } from '../../api/base.js';
import { action, intOption, parentCommand, printJson } from '../io.js';
import { projectOptions, projectRef, selectionOf, selectOptions, type ProjectFlags, type SelectFlags, warnNothingSelected } from '../project-options.js';

export function registerAgents(program: Command): void {
  const agents = parentCommand(program, 'agents', 'deterministic modeling agents (no AI provider needed); each prints a proposal as JSON and writes nothing');

  selectOptions(projectOptions(agents.command('conceptualize')
    .description('propose a conceptual diagram: business entities, domains and relationships from the staging models')))
    .option('--declared-only', 'draw only relationships the project declares (tests, foreign_key/references, constraints, also on downstream models); the inferred ones are listed in a note')
    .addHelpText('after', '\nPrints a `kind: diagram` proposal (entities, relationships, domains, notes, changes) as JSON.\n' +
      'Each relationship carries evidence: {kind: declared, file, line} or {kind: inferred, rule, confidence}; the diagram marks inferred ones `inferred: true`.\n' +
      'With --select/--exclude (dbt\'s selection syntax) only the selected models are read, e.g. --select "path:models/staging/shop".\n' +
      'Exit codes: 0 proposal printed (also when no staging model was found), 64 usage error (e.g. missing project directory, an unknown selector method).\n' +
      'Example: modeler agents conceptualize --project-dir examples/jaffle_shop --declared-only')
    .action(action(async (opts: ProjectFlags & SelectFlags & { declaredOnly?: boolean }) => {
      const ref = projectRef(opts);
      await initSqlColumns(); // keys are read off the columns models' SQL returns too
      const sel = selectionOf(opts);
      const chosen = selectProject(loadProject(ref.dir, ref.read), sel);
      if (chosen.selected && !chosen.selected.length) warnNothingSelected(sel);
      printJson(conceptualize(chosen.project, { declaredOnly: opts.declaredOnly === true }));
      return 0;
    }));

  projectOptions(agents.command('canonicalize')
    .description('propose a canonical logical layer: columns recurring across staging models of the same entity, with shared doc blocks'))
    .option('--min-recurrence <n>', `keep columns found in at least n staging models of an entity (at least 1; default ${DEFAULT_MIN_RECURRENCE})`)
    .addHelpText('after', '\nPrints a `kind: canonical` proposal (entities, notes, changes) as JSON.\n' +
      'Exit codes: 0 proposal printed (also when no column recurs), 64 usage error (bad --min-recurrence, missing project directory).\n' +
      'Example: modeler agents canonicalize --project-dir examples/jaffle_shop --min-recurrence 2')
    .action(action(async (opts: ProjectFlags & { minRecurrence?: string }) => {
      const ref = projectRef(opts);
      await initSqlColumns();
      const minRecurrence = intOption(opts.minRecurrence, '--min-recurrence', DEFAULT_MIN_RECURRENCE)!;
      if (minRecurrence < 1) throw new UserError(`--min-recurrence must be at least 1, got ${minRecurrence}`);
      printJson(canonicalize(loadProject(ref.dir, ref.read), { minRecurrence }));
      return 0;
    }));
}
