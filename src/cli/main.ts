// The `modeler` program: parse argv, dispatch to a command, return its exit code.
import { statSync } from 'node:fs';
import { Command, CommanderError, Option } from 'commander';
import { didYouMeanSuffix, toolVersion } from '../api/base.js';
import { EXIT } from './exit-codes.js';
import { err, reportError, takeExitCode, type Registrar } from './io.js';
import { registrarsFor } from './commands/index.js';

/** The program with the commands `argv` needs (all of them when argv is not given). */
export async function loadProgram(argv: readonly string[] = []): Promise<Command> {
  // `--version` needs no command; anything else that is not a command's name needs them all
  const version = argv.length === 1 && (argv[0] === '-V' || argv[0] === '--version');
  return buildProgram(version ? [] : await registrarsFor(argv));
}

function buildProgram(registrars: readonly Registrar[]): Command {
  const program = new Command('modeler')
    .description('Local-first data modeling and governance for dbt projects')
    .version(toolVersion(), '-V, --version', 'print the version')
    .showSuggestionAfterError(false)
    .enablePositionalOptions(false);
  for (const register of registrars) register(program);
  const configure = (cmd: Command) => {
    cmd.exitOverride();
    cmd.configureOutput({ outputError: () => {} }); // we print one-line errors ourselves; help still reaches stderr
    // every parent command (e.g. `generate`) gets a did-you-mean for unknown subcommands
    if (cmd.commands.length) {
      cmd.on('command:*', (operands: string[]) => {
        const names = cmd.commands.flatMap((c) => [c.name(), ...c.aliases()]);
        throw new CommanderError(EXIT.USAGE, 'commander.unknownCommand',
          `unknown command '${operands[0]}'${didYouMeanSuffix(operands[0], names)}; see 'modeler ${cmd === program ? '' : cmd.name() + ' '}--help'`);
      });
    }
    dbtOutputFlag(cmd);
    for (const c of cmd.commands) configure(c);
  };
  configure(program);
  return program;
}

/**
 * `--output json`, as dbt spells it, beside every `--output-json` (`--output text` is the default).
 * A command that already has its own `--output` keeps it.
 */
function dbtOutputFlag(cmd: Command): void {
  // a command whose JSON flag is `--json` (ask, ai search) takes the spelling every other command has too
  const json = cmd.options.some((o) => o.long === '--json') && !cmd.options.some((o) => o.long === '--output-json');
  if (json) cmd.addOption(new Option('--output-json', 'the same as --json, as the other commands spell it'));
  if (!cmd.options.some((o) => o.long === '--output-json') || cmd.options.some((o) => o.long === '--output')) return;
  cmd.addOption(new Option('--output <format>', 'json or text, as dbt spells it (--output json is --output-json)').choices(['json', 'text']));
  cmd.hook('preAction', (self) => {
    const o = self.opts();
    if (o.output === 'json') self.setOptionValue('outputJson', true);
    else if (o.output === 'text' && (o.outputJson || o.json)) throw new CommanderError(EXIT.USAGE, 'modeler.outputConflict', '--output text and --output-json disagree; give one');
    if (json && self.opts().outputJson) self.setOptionValue('json', true);
  });
}

export async function main(argv: string[]): Promise<number> {
  let program: Command | undefined;
  try {
    program = await loadProgram(argv);
    checkOptionValues(program, argv);
    await program.parseAsync(argv, { from: 'user' });
    return takeExitCode();
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version') return 0;
      // `modeler` or `modeler generate` without a command: commander printed the help to stderr
      if (e.code === 'commander.help') return e.exitCode === 0 ? 0 : EXIT.USAGE;
      if (e.code === 'commander.executeSubCommandAsync') return e.exitCode;
      err(`modeler: ${oneLine(e, program!, argv)}`);
      return EXIT.USAGE;
    }
    return reportError(e);
  }
}

/**
 * An option that takes a value, followed by another option (`--depth --project-dir DIR`):
 * commander would take `--project-dir` as the depth and `DIR` as an argument. Refused before
 * parsing, for every command: "--depth needs a value" (exit 64).
 */
function checkOptionValues(program: Command, argv: readonly string[]): void {
  const cmd = findCommand(program, argv);
  const options: Option[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) options.push(...c.options);
  const flags = new Set(options.flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)));
  const takesValue = new Set(options.filter((o) => o.required).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)));
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') break;
    if (!takesValue.has(a)) continue;
    const next = argv[i + 1];
    // another option in the value's place (a negative number such as -1 is a value: the command judges it)
    if (next === undefined || (next.startsWith('--') || flags.has(next) || next === '-h')) {
      throw new CommanderError(EXIT.USAGE, 'modeler.optionNeedsValue', `${a} needs a value${next === undefined ? '' : ` (${next} is an option)`}; see 'modeler ${commandPath(cmd)}--help'`);
    }
    i++;
  }
}

/** Commander's messages, folded to one line, with a did-you-mean for options. */
function oneLine(e: CommanderError, program: Command, argv: string[]): string {
  let msg = e.message.replace(/^error:\s*/, '').split('\n')[0];
  if (e.code === 'commander.unknownOption') {
    const flag = /'([^']+)'/.exec(msg)?.[1] ?? '';
    // before the command, the option's value (`--project-dir . summary`) hides the command from findCommand
    const at = argv.findIndex((a) => program.commands.some((c) => c.name() === a));
    const cmd = findCommand(program, at > 0 && argv.indexOf(flag) < at ? argv.slice(at) : argv);
    const flags = cmd.options.flatMap((o) => [o.long, o.short].filter(Boolean) as string[]).concat(['--help']);
    // an option of the command typed before it (`modeler --project-dir . summary`): the line that works
    const named = flag.split('=')[0];
    const moved = flags.includes(named) ? optionAfterCommand(cmd, argv) : undefined;
    msg = moved ? `'${named}' is an option of 'modeler ${commandPath(cmd).trim()}' and goes after it: ${moved}`
      : `${msg}${didYouMeanSuffix(flag, flags.filter((f) => f !== flag))}; see 'modeler ${commandPath(cmd)}--help'`;
  } else if (e.code === 'commander.excessArguments') {
    const cmd = findCommand(program, argv);
    msg = `${msg.replace(/\.$/, '')}${excessHint(cmd, argv)}; see 'modeler ${commandPath(cmd)}--help'`;
  } else if (['commander.missingArgument', 'commander.missingMandatoryOptionValue', 'commander.invalidArgument', 'commander.optionMissingArgument'].includes(e.code) && !/see 'modeler/.test(msg)) {
    // what the command takes is in its help: say where, as every other usage error does; a value
    // typed wrong among fixed choices gets the nearest one
    const choice = /argument '([^']*)' is invalid\. Allowed choices are (.*?)\.?$/.exec(msg);
    msg = `${msg.replace(/\.$/, '')}${choice ? didYouMeanSuffix(choice[1], choice[2].split(', ')) : ''}; see 'modeler ${commandPath(findCommand(program, argv))}--help'`;
  } else if (e.code === 'commander.unknownCommand' && !/did you mean|see 'modeler/.test(msg)) {
    const names = program.commands.map((c) => c.name());
    const word = /'([^']+)'/.exec(msg)?.[1] ?? '';
    msg = `${msg}${didYouMeanSuffix(word, names)}; see 'modeler --help'`;
  }
  return msg;
}

/**
 * The fix for an argument too many, as a user meets it: a project folder given where dbt's
 * commands take `--project-dir` (`modeler summary ./analytics`), or a question asked without
 * quotes (`modeler ask what feeds orders`) — the shell split it into words.
 */
function excessHint(cmd: Command, argv: readonly string[]): string {
  const takesValue = new Set(cmd.options.filter((o) => o.required).flatMap((o) => [o.long, o.short].filter((f): f is string => !!f)));
  // the words after the command's own names, less the values of its options
  const operands = argv.filter((a, i) => !a.startsWith('-') && !takesValue.has(argv[i - 1] ?? '')).slice(commandPath(cmd).trim().split(' ').length);
  if (cmd.options.some((o) => o.long === '--project-dir')) {
    const dir = operands.find((a) => { try { return statSync(a).isDirectory(); } catch { return false; } });
    if (dir !== undefined) return `: '${dir}' is a folder; give it as --project-dir ${dir}`;
  }
  if (cmd.registeredArguments.some((a) => a.name() === 'question')) return ': put the question in quotes, e.g. modeler ask "what feeds orders?"';
  return '';
}

/** The command line with the command's names first and every other word after them, in order; quoted as a shell needs. */
function optionAfterCommand(cmd: Command, argv: readonly string[]): string | undefined {
  const names = commandPath(cmd).trim().split(' ').filter(Boolean);
  if (!names.length) return undefined;
  const rest = [...argv];
  for (const n of names) { const i = rest.indexOf(n); if (i < 0) return undefined; rest.splice(i, 1); }
  const sh = (w: string) => (/^[\w@%+=:,./-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`);
  return ['modeler', ...names, ...rest.map(sh)].join(' ');
}

function findCommand(program: Command, argv: readonly string[]): Command {
  let cmd = program;
  for (const a of argv) {
    if (a.startsWith('-')) continue;
    const next = cmd.commands.find((c) => c.name() === a || c.aliases().includes(a));
    if (!next) break;
    cmd = next;
  }
  return cmd;
}

function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c && c.parent; c = c.parent) names.unshift(c.name());
  return names.length ? names.join(' ') + ' ' : '';
}
