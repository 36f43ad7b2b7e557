import type { Command } from 'commander';
import { exportCatalog, parseTargets } from '../../api/catalog.js';
import { UserError } from '../../api/base.js';
import { exitCodeOf } from '../exit-codes.js';
import { action, err, out, parentCommand, printDiagnostics, printJson } from '../io.js';

interface Opts {
  target?: string[]; model?: string; out?: string; outputJson?: boolean;
  platform?: string; env?: string; service?: string; connection?: string; database?: string; schema?: string;
}

export function registerEmitCatalog(program: Command): void {
  parentCommand(program, 'emit', 'emit payloads for external tools (catalogs)').command('catalog')
    .description('export the glossary and its column bindings as one JSON payload per catalog target')
    .option('--target <target>', 'target_a (atlan), target_b (datahub), target_c (openmetadata); repeat or comma-separate', collect, [])
    .option('--model <glossary.model.yaml>', 'model file with a glossary: section and bound columns')
    .option('--out <dir>', 'directory to write <target>.json into (created if missing)')
    .option('--platform <name>', 'platform / connector id (default: catalog.platform, else the model dialect, else duckdb)')
    .option('--env <env>', 'DataHub environment (default: catalog.env, else PROD)')
    .option('--service <name>', 'OpenMetadata database service (default: catalog.service, else the platform)')
    .option('--connection <qn>', 'Atlan connection qualifiedName default/<connector>/<epoch>, or the epoch (default: catalog.connection)')
    .option('--database <name>', 'database of entities that do not name one (default: catalog.database, else the model name)')
    .option('--schema <name>', 'schema of entities that do not name one (default: catalog.schema, else main/PUBLIC/dbo/public by platform)')
    .option('--output-json', 'print a JSON summary instead of text')
    .addHelpText('after', [
      '',
      'Writes <out>/target_a.json, <out>/target_b.json, <out>/target_c.json for the chosen targets.',
      'Nothing is written unless every target can be built. Re-running on the same input gives the same bytes.',
      'Exit codes: 0 written, 1 invalid model / undefined glossary term / name the catalog cannot express, 64 usage error.',
      'Example: modeler emit catalog --target datahub --target openmetadata --model Modeler/glossary/commerce.model.yaml --out build/catalog',
    ].join('\n'))
    .action(action((opts: Opts) => {
      if (!opts.model) throw new UserError("missing required option '--model <glossary.model.yaml>'");
      if (!opts.out) throw new UserError("missing required option '--out <dir>'");
      const targets = parseTargets(opts.target ?? []);
      const { platform, env, service, connection, database, schema } = opts;
      const r = exportCatalog({ model: opts.model, out: opts.out, targets, flags: { platform, env, service, connection, database, schema } });
      for (const n of r.notes) err(`note: ${n}`);
      if (opts.outputJson) {
        printJson({ ok: r.ok, settings: r.settings ?? null, written: r.written, diagnostics: r.diagnostics });
      } else {
        printDiagnostics(r.diagnostics, r.ok ? 'stdout' : 'stderr');
        for (const w of r.written) out(`wrote ${w.target} payload (${w.terms} terms, ${w.columns} bound columns) -> ${w.path}`);
        if (!r.ok) err(`modeler: catalog export failed; nothing written`);
      }
      return exitCodeOf(r);
    }));
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}
