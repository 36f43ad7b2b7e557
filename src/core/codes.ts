// Every code the tool reports (a Diagnostic's `code`, a UserError's `code`, an apply report's
// `error.code`) is defined in its area's table with a one-line meaning; src/codes.ts gathers the
// tables for the docs, and a test fails when a code is used that no table defines.
import { LIMITS, showLimit, type LimitName } from './limits.js';

export interface CodeInfo {
  /** error, warning or info; `error or warning` where the check decides (its meaning says when) */
  severity: string;
  /** one line: what it means, and when it is not obvious, what to do */
  meaning: string;
}

export type CodeTable = Readonly<Record<string, CodeInfo>>;

/** One code per limit of core/limits.ts (two limits may share one: the file and artifact sizes). */
function limitCodes(): Record<string, CodeInfo> {
  const out: Record<string, CodeInfo> = {};
  for (const name of Object.keys(LIMITS) as LimitName[]) {
    const l = LIMITS[name];
    const said = `${name} ${showLimit(name)}`;
    out[l.code] = out[l.code]
      ? { ...out[l.code], meaning: out[l.code].meaning.replace(/^over the limit \(([^)]*)\)/, `over the limit ($1; ${said})`) }
      : { severity: 'error', meaning: `over the limit (${said}): ${l.what}; ${l.fix}` };
  }
  return out;
}

/** Codes of any command: usage, files, and the shared readers (YAML, JSON, JSON Schema). */
export const CORE_CODES: CodeTable = {
  USAGE: { severity: 'error', meaning: 'the command was called wrongly (a flag, an argument or an option value); nothing was done' },
  IO: { severity: 'error', meaning: 'an input cannot be read or an output cannot be written (missing file, a directory, no permission)' },
  SCHEMA: { severity: 'error', meaning: 'a file does not match its JSON Schema (schemas/); the message names the key and the hint the allowed values' },
  JSON_SYNTAX: { severity: 'error', meaning: 'a JSON file does not parse; located at the first bad character' },
  YAML_SYNTAX: { severity: 'error', meaning: 'a YAML file does not parse; located at the first bad line' },
  YAML_DUPLICATE_KEY: { severity: 'warning', meaning: 'a key appears twice in one mapping; the last one wins, as in dbt' },
  YAML_WARNING: { severity: 'warning', meaning: "the YAML parser's own warning about a file that still parses" },
  NOT_A_DBT_PROJECT: { severity: 'error', meaning: 'the folder a project command was given (or found) holds no dbt_project.yml; run it in the dbt project or pass --project-dir with the folder that holds it' },
  PACKAGE_EXAMPLE: { severity: 'error', meaning: 'a write into the package\'s own examples/ was refused (they stay as shipped); copy the example and work on the copy — `modeler serve` does this by itself' },
  NOT_A_FILE: { severity: 'error', meaning: 'a device, FIFO or socket was given where a file is read; refused by its type before it is opened' },
  INVALID_UTF8: { severity: 'error', meaning: 'a file (or a request body) holds bytes that are not UTF-8; located at the first one' },
  NAME_INVALID: { severity: 'error', meaning: 'a file or folder name git or the OS would choke on: a control character, or a trailing dot or space' },
  ...limitCodes(),
  // modeler serve
  LOCKED: { severity: 'error', meaning: 'another modeler serve is serving this project (its lock under .modeler/ names the port); stop it or use it' },
  PORT_IN_USE: { severity: 'error', meaning: 'the port is taken; choose another with --port' },
  PORT_DENIED: { severity: 'error', meaning: 'the system refuses this port to this user (ports below 1024); choose another with --port' },
  HOST_UNAVAILABLE: { severity: 'error', meaning: 'the --host address is not one of this machine\'s' },
};
