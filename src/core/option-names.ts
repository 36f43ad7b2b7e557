// Core text that names one of the caller's inputs (a message, a hint, a failure line) names it
// through opt(), never as a CLI flag: each face spells it its own way when the text leaves it —
// the CLI as `--min-score`, the HTTP API and MCP as `min_score` (the request key), the web UI as
// its field's label, `min score`. Without this, every face would either show another face's
// flags or keep its own copy of the messages.

export type OptionStyle = 'flag' | 'param' | 'label';

export const OPTION_STYLES: readonly OptionStyle[] = ['flag', 'param', 'label'];

const TOKEN = /\{opt:([a-z][a-z0-9_]*)\}/g;

/** The marker for input `name` (snake_case, as the HTTP request key): `opt('min_score')`. */
export function opt(name: string): string {
  return `{opt:${name}}`;
}

/** `min_score` as the face spells it: `--min-score` (flag), `min_score` (param) or `min score` (label). */
export function optionName(name: string, style: OptionStyle): string {
  return style === 'flag' ? '--' + name.replace(/_/g, '-') : style === 'label' ? name.replace(/_/g, ' ') : name;
}

/** Replace every opt() marker in `text` (also serialized JSON: the markers need no escaping). */
export function renderOptionNames(text: string, style: OptionStyle): string {
  return text.includes('{opt:') ? text.replace(TOKEN, (_m, name: string) => optionName(name, style)) : text;
}
