// Console examples in the README and docs/ are tests. A ```console block holds commands (lines
// starting with "$ ") each followed by the output a user sees (stdout and stderr together).
//   $ modeler gate old.yaml new.yaml   # exit 2     ← a non-zero exit code is written this way
//   …                                               ← a line of only "…" matches any lines
// Paths of the scratch workspace print as ".", timings as "N ms", timestamps as "<time>".
// The blocks of one file run in order in one workspace, so a tutorial can build on itself.
import { readFileSync } from 'node:fs';

export interface ConsoleCommand { command: string; exit: number; expected: string[]; line: number }
export interface ConsoleBlock { file: string; line: number; commands: ConsoleCommand[] }

export function consoleBlocks(file: string, text = readFileSync(file, 'utf8')): ConsoleBlock[] {
  const lines = text.split('\n');
  const out: ConsoleBlock[] = [];
  let block: ConsoleBlock | undefined;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i];
    if (!block) {
      if (/^```console\s*$/.test(l)) block = { file, line: i + 1, commands: [] };
      continue;
    }
    if (/^```\s*$/.test(l)) { out.push(block); block = undefined; continue; }
    if (l.startsWith('$ ')) {
      const m = /^\$ (.*?)(?:\s+#\s*exit\s+(\d+))?\s*$/.exec(l)!;
      block.commands.push({ command: m[1], exit: m[2] ? Number(m[2]) : 0, expected: [], line: i + 1 });
    } else if (block.commands.length) block.commands[block.commands.length - 1].expected.push(l);
  }
  return out;
}

/** Make output comparable: the workspace path, timings and timestamps vary from run to run. */
export function normalize(text: string, workspace: string): string[] {
  return text
    .split(workspace).join('.')
    .replace(/\b\d+(\.\d+)? ?ms\b/g, 'N ms')
    .replace(/\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?Z?\b/g, '<time>')
    .replace(/\s+$/, '')
    .split('\n')
    .map((l) => l.replace(/\s+$/, ''));
}

/** Does `actual` match `expected`, where a line of only "…" stands for any number of lines? */
export function matches(expected: string[], actual: string[]): boolean {
  const exp = [...expected];
  while (exp.length && exp[exp.length - 1] === '') exp.pop();
  const go = (i: number, j: number): boolean => {
    if (i === exp.length) return j === actual.length;
    if (exp[i].trim() === '…') {
      for (let k = j; k <= actual.length; k++) if (go(i + 1, k)) return true;
      return false;
    }
    return j < actual.length && exp[i] === actual[j] && go(i + 1, j + 1);
  };
  return go(0, 0);
}
