import type { Command } from 'commander';
import { readinessGate, writeReadinessArtifacts } from '../../api/governance.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, count, err, intOption, out, printJson } from '../io.js';
import { projectOptions, projectRef, selectionOf, selectOptions, type ProjectFlags, type SelectFlags, warnNothingSelected } from '../project-options.js';

interface Opts extends ProjectFlags, SelectFlags {
  minScore?: string; maxRed?: string; maxYellow?: string; changedOnly?: boolean; baseRef?: string;
  sarif?: string; prComment?: string; outputJson?: boolean; policy: string[]; inherit?: boolean;
}

export function registerReadinessGate(program: Command): void {
  selectOptions(projectOptions(program.command('readiness-gate')
    .description('score every YAML file of a project (0-100, red/yellow/green), write SARIF and a PR comment, and fail on thresholds')))
    .option('--min-score <n>', 'fail when the project score is below n (0-100)', '0')
    .option('--max-red <n>', 'fail when more than n files are red', '0')
    .option('--max-yellow <n>', 'fail when more than n files are yellow (no limit by default)')
    .option('--changed-only', 'score only files changed against --base-ref (committed, staged, unstaged, untracked)')
    .option('--base-ref <ref>', 'the branch or commit to compare with, e.g. origin/main')
    .option('--sarif <file>', 'write SARIF 2.1.0 findings to this file')
    .option('--pr-comment <file>', 'write the pull-request comment (Markdown) to this file')
    .option('--policy <pack>', 'also score violations of this policy pack (repeatable)', (v: string, p: string[]) => [...p, v], [] as string[])
    .option('--inherit', 'resolve extends of the --policy packs')
    .option('--output-json', 'print the full result as JSON on stdout (progress goes to stderr)')
    .addHelpText('after', '\nWith --select/--exclude (dbt\'s selection syntax) only the files that define or describe a selected node are scored.\nExit codes: 0 thresholds met, 1 thresholds failed (or an invalid --policy pack), 64 usage (also an unknown selector method).\n' +
      'Example: modeler readiness-gate --project-dir . --min-score 80 --max-red 0 --sarif readiness.sarif --pr-comment readiness.md')
    .action(action((o: Opts) => {
      const [minScore, maxRed, maxYellow] = [intOption(o.minScore, '--min-score'), intOption(o.maxRed, '--max-red'), intOption(o.maxYellow, '--max-yellow')];
      const ref = projectRef(o);
      const sel = selectionOf(o);
      const r = readinessGate({ project: ref.dir, ...ref.read, ...sel, minScore, maxRed, maxYellow, changedOnly: o.changedOnly, baseRef: o.baseRef,
        policy: o.policy, inherit: o.inherit, progress: (l) => err(l) });
      writeReadinessArtifacts(r, { sarif: o.sarif, prComment: o.prComment }, { optionStyle: 'flag' });
      const s = r.summary;
      if (r.selected && !r.selected.length) warnNothingSelected(sel);
      if (o.outputJson) {
        const { sarif: _s, prComment: _p, ...rest } = r;
        printJson(rest);
      } else {
        for (const f of r.files.filter((x) => x.status !== 'green')) out(`${f.status.padEnd(6)} ${String(f.score).padStart(3)}  ${f.path}  (${count(f.counts.errors, 'error')}, ${count(f.counts.warnings, 'warning')}, ${f.counts.infos} info)`);
        out(`readiness: score=${s.score} files=${s.files} red=${s.red} yellow=${s.yellow} green=${s.green} errors=${s.errors} warnings=${s.warnings} info=${s.infos}${r.scope === 'changed' ? ` (changed since ${r.baseRef})` : ''}`);
        out(r.ok ? 'readiness-gate: passed' : `readiness-gate: failed: ${r.failures.join('; ')}`);
      }
      return exitCodeOf(r);
    }));
}
