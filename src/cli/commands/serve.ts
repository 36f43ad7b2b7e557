import type { Command } from 'commander';
import { UserError } from '../../api/base.js';
import { action, err, intOption, out } from '../io.js';
import { dbtReadOptions, readFlags } from '../project-options.js';

export function registerServe(program: Command): void {
  // dbt's --vars, --profiles-dir and --target, as every command that reads a project takes them
  dbtReadOptions(program.command('serve')
    .description('serve a project to the browser: the local API (and the web UI when built), watching the files for changes')
    .option('--project-dir <dir>', 'the project to serve (default: a writable copy of the example project in your data directory)'))
    .option('--port <n>', 'port to listen on', '3030')
    .option('--host <host>', 'address to listen on; anything but 127.0.0.1/localhost exposes the project to the network', '127.0.0.1')
    .option('--no-open', 'do not open a browser')
    .option('--verbose', 'log every request (secrets redacted) and every refresh to stderr')
    .addHelpText('after', `
Exit codes: 0 stopped (Ctrl-C or SIGTERM), 1 cannot start (port in use, project served by another server), 64 usage.
Examples:
  modeler serve
  modeler serve --project-dir . --port 3031 --no-open`)
    .action(action(async (o: { projectDir?: string; vars?: string; profilesDir?: string; target?: string; port: string; host: string; open: boolean; verbose?: boolean }) => {
      const port = intOption(o.port, '--port')!;
      if (port < 0 || port > 65535) throw new UserError(`--port must be between 0 and 65535, got ${port}`);
      if (!o.host.trim()) throw new UserError('--host needs an address, e.g. 127.0.0.1');
      // read as the siblings read the project (checked the same way); the folder itself is found by startServer
      const read = readFlags(o);
      const running = await (await import('../../server/start.js')).startServer({ projectDir: o.projectDir, read, port, host: o.host.trim(), open: o.open, verbose: o.verbose, say: out, log: err });
      await running.stopped;
      // everything is closed and released: end the process now, once the output is out, rather
      // than return and let Node free the heap object by object (~1 GB at 10,000 models with the
      // assistant's index: that teardown was most of a stop, bench/server-10k.mjs)
      await new Promise<void>((r) => process.stdout.write('', () => process.stderr.write('', () => r())));
      process.exit(0);
    }));
}
