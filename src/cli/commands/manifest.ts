import type { Command } from 'commander';
import { blockForConsumer, buildModelerManifestTo, checkContractsFor, checkManifestFile, formatBlock, formatImpact, impactFor, InvalidManifest, manifestCounts } from '../../api/catalog.js';
import { countBySeverity, UserError } from '../../api/base.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, count, err, out, parentCommand, printDiagnostics, printJson, validationJson } from '../io.js';
import { projectOptions, projectRef, type ProjectFlags } from '../project-options.js';

const need = (value: string | undefined, flag: string): string => {
  if (!value) throw new UserError(`missing required option '${flag}'`);
  return value;
};

/** A consumer command met an invalid manifest: show why, exit 1. */
function refuseInvalid(e: unknown): number {
  if (!(e instanceof InvalidManifest)) throw e;
  printDiagnostics(e.check.diagnostics.filter((d) => d.severity === 'error'), 'stderr');
  err(`modeler: ${e.message}`);
  return 1;
}

export function registerManifest(program: Command): void {
  const manifest = parentCommand(program, 'manifest', 'the qlang project manifest and the modeler contracts manifest');

  manifest.command('validate')
    .description('check a qlang manifest against schemas/qlang-manifest.schema.json and the semantic rules')
    .argument('<manifest.json>', 'qlang project manifest')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 valid (warnings allowed), 1 errors, 64 usage error.\nExample: modeler manifest validate target/qlang-manifest.json --output-json')
    .action(action((file: string, opts: { outputJson?: boolean }) => {
      const r = checkManifestFile(file);
      const sizes = r.manifest ? manifestCounts(r.manifest) : null;
      const j = validationJson(file, r.ok, r.diagnostics, { counts: sizes });
      if (opts.outputJson) {
        printJson(j);
      } else {
        printDiagnostics(r.diagnostics);
        out(r.ok
          ? `${file}: valid (${count(sizes!.blocks, 'block')}, ${count(sizes!.apps, 'app')}, ${count(sizes!.edges, 'lineage edge')}, ${count(j.warnings, 'warning')})`
          : `${file}: ${count(j.errors, 'error')}, ${count(j.warnings, 'warning')}`);
      }
      return exitCodeOf(r);
    }));

  manifest.command('block')
    .description('resolve a block for a consumer: query, params with defaults, outputs, llmContext, invariants, examples')
    .argument('<name>', 'block name')
    .option('--manifest <file>', 'qlang project manifest')
    .option('--any-status', 'also serve draft and review blocks (default: certified only)')
    .option('--output-json', 'print the resolved block as JSON')
    .addHelpText('after', '\nExit codes: 0 resolved, 1 unknown / non-certified block or invalid manifest, 64 usage error.\nExample: modeler manifest block weekly_revenue --manifest qlang-manifest.json --output-json')
    .action(action((name: string, opts: { manifest?: string; anyStatus?: boolean; outputJson?: boolean }) => {
      try {
        const r = blockForConsumer(need(opts.manifest, '--manifest <file>'), name, { anyStatus: opts.anyStatus });
        if (opts.outputJson) printJson(r);
        else out(formatBlock(r));
        return 0;
      } catch (e) {
        return refuseInvalid(e);
      }
    }));

  manifest.command('impact')
    .description('everything downstream of a changed source, model, column, contract or block, with the path that reaches it')
    .option('--manifest <file>', 'qlang project manifest')
    .option('--ref <kind:ref>', 'tform_source:raw.orders, tform_model:orders, tform_model_column:orders.amount, tform_source_column:raw.orders.id, block_column:b.c, modeler_contract:d.E.c, qlang_block:b, qlang_app:a')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nExit codes: 0 (also when nothing is downstream), 1 invalid manifest, 64 usage error.\nExample: modeler manifest impact --manifest qlang-manifest.json --ref tform_model_column:orders.amount')
    .action(action((opts: { manifest?: string; ref?: string; outputJson?: boolean }) => {
      try {
        const r = impactFor(need(opts.manifest, '--manifest <file>'), need(opts.ref, '--ref <kind:ref>'));
        if (opts.outputJson) printJson(r);
        else out(formatImpact(r));
        return 0;
      } catch (e) {
        return refuseInvalid(e);
      }
    }));

  projectOptions(manifest.command('build')
    .description('build the modeler manifest of contracts from Interface models and Modeler/logical models'), { required: true })
    .option('--out <file>', 'where to write the modeler manifest JSON')
    .option('--output-json', 'print a JSON summary')
    .addHelpText('after', '\nExit codes: 0 written (warnings allowed), 1 errors (nothing written), 64 usage error.\nExample: modeler manifest build --project-dir . --out target/modeler-manifest.json')
    .action(action((opts: ProjectFlags & { out?: string; outputJson?: boolean }) => {
      const ref = projectRef(opts, undefined, { required: '--project-dir <dir>' });
      const r = buildModelerManifestTo(ref.dir, need(opts.out, '--out <file>'), ref.read);
      if (opts.outputJson) {
        printJson({ ok: r.ok, out: r.written ?? null, contracts: r.contracts, entities: r.entities, diagnostics: r.diagnostics });
      } else {
        printDiagnostics(r.diagnostics, r.ok ? 'stdout' : 'stderr');
        if (r.ok) out(`wrote modeler manifest (${r.entities} entities, ${r.contracts} contracts) -> ${r.written}`);
        else err('modeler: manifest build failed; nothing written');
      }
      return exitCodeOf(r);
    }));

  manifest.command('check-contracts')
    .description('check that every block modeler_contract resolves and that block outputs match the contract (names and types)')
    .option('--manifest <qlang.json>', 'qlang project manifest')
    .option('--modeler-manifest <modeler.json>', 'modeler manifest (default: modeler-manifest.json next to the qlang manifest)')
    .option('--output-json', 'print the result as JSON')
    .addHelpText('after', '\nWithout a modeler manifest, certified blocks with a contract fail (closed); other blocks get a warning.\nExit codes: 0 no drift, 1 drift / unresolved contract / invalid manifest, 64 usage error.\nExample: modeler manifest check-contracts --manifest qlang-manifest.json --modeler-manifest modeler-manifest.json')
    .action(action((opts: { manifest?: string; modelerManifest?: string; outputJson?: boolean }) => {
      const r = checkContractsFor(need(opts.manifest, '--manifest <qlang.json>'), opts.modelerManifest);
      if (opts.outputJson) {
        printJson(r);
      } else {
        printDiagnostics(r.diagnostics);
        for (const c of r.checks) out(`${c.result.padEnd(10)} block '${c.block}' -> ${c.resolved ?? c.contract}${c.outputsChecked ? ` (${c.outputsChecked} contract outputs)` : ''}`);
        const counts = countBySeverity(r.diagnostics);
        out(r.ok ? `contracts: ok (${count(r.checks.length, 'block')} checked, ${count(counts.warning, 'warning')})` : `contracts: ${count(counts.error, 'error')}, ${count(counts.warning, 'warning')}`);
      }
      return exitCodeOf(r);
    }));
}
