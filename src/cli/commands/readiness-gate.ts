import type { Command } from 'commander';
import { resolve } from 'node:path';
import { UserError } from '../../core/diagnostics.js';
import { writeFilesAtomic } from '../../core/fs-atomic.js';
import { readinessGate } from '../../governance/readiness/gate.js';
import { version } from '../main.js';
import { action, err, intOption, out, printJson } from '../io.js';

interface Opts {
  project: string; minScore?: string; maxRed?: string; maxYellow?: string; changedOnly?: boolean; baseRef?: string;
  sarif?: string; prComment?: string; outputJson?: boolean; policy: string[]; inherit?: boolean;
}

export function registerReadinessGate(program: Command): void {
  program.command('readiness-gate')
    .description('score every YAML file of a project (0-100, red/yellow/green), write SARIF and a PR comment, and fail on thresholds')
    .option('--project <dir>', 'project directory', '.')
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
    .addHelpText('after', '\nExit codes: 0 thresholds met, 1 thresholds failed (or an invalid --policy pack), 64 usage.\n' +
      'Example: modeler readiness-gate --project . --min-score 80 --max-red 0 --sarif readiness.sarif --pr-comment readiness.md')
    .action(action((o: Opts) => {
      const minScore = intOption(o.minScore, '--min-score')!;
      if (minScore < 0 || minScore > 100) throw new UserError(`--min-score must be between 0 and 100, got ${minScore}`);
      const maxRed = intOption(o.maxRed, '--max-red')!;
      const maxYellow = intOption(o.maxYellow, '--max-yellow');
      for (const [flag, v] of [['--max-red', maxRed], ['--max-yellow', maxYellow]] as const) if (v !== undefined && v < 0) throw new UserError(`${flag} must not be negative`);
      if (o.baseRef && !o.changedOnly) throw new UserError('--base-ref only applies with --changed-only');
      const r = readinessGate({ project: o.project, minScore, maxRed, maxYellow, changedOnly: o.changedOnly, baseRef: o.baseRef,
        policy: o.policy, inherit: o.inherit, version: version(), progress: (l) => err(l) });
      // both artifacts or neither: a failing PR-comment path must not leave a fresh SARIF behind
      writeFilesAtomic([
        ...(o.sarif ? [{ path: resolve(o.sarif), data: JSON.stringify(r.sarif, null, 2) + '\n' }] : []),
        ...(o.prComment ? [{ path: resolve(o.prComment), data: r.prComment }] : []),
      ]);
      const s = r.summary;
      if (o.outputJson) {
        const { sarif: _s, prComment: _p, ...rest } = r;
        printJson(rest);
      } else {
        for (const f of r.files.filter((x) => x.status !== 'green')) out(`${f.status.padEnd(6)} ${String(f.score).padStart(3)}  ${f.path}  (${f.counts.errors} errors, ${f.counts.warnings} warnings, ${f.counts.infos} info)`);
        out(`readiness: score=${s.score} files=${s.files} red=${s.red} yellow=${s.yellow} green=${s.green} errors=${s.errors} warnings=${s.warnings} info=${s.infos}${r.scope === 'changed' ? ` (changed since ${r.baseRef})` : ''}`);
        out(r.passed ? 'readiness-gate: passed' : `readiness-gate: failed: ${r.failures.join('; ')}`);
      }
      return r.passed ? 0 : 1;
    }));
}
