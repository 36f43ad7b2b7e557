// A Python model's source read as dbt reads it (with Python's ast), for the few things the reader
// takes from it: its `# …` comments are nothing (a comment inside `dbt.config(…)`, as
// goodparty-data-platform writes `submission_method="all_purpose_cluster",  # required for
// .cache()`, or a dbt.ref() commented out), and a `dbt.config(…)` call ends at its closing
// parenthesis (the code after it, `&` and all, is Python, not the call's arguments).

/** Skip the string literal (triple-quoted too) opening at `i`; the index after it. */
function stringEnd(text: string, i: number): number {
  const c = text[i];
  const close = text.startsWith(c.repeat(3), i) ? c.repeat(3) : c;
  i += close.length;
  while (i < text.length && !text.startsWith(close, i)) {
    if (text[i] === '\\') i++;
    else if (close.length === 1 && text[i] === '\n') return i; // an unclosed one-line string ends with its line
    i++;
  }
  return i + close.length;
}

/** `text` with every Python comment replaced by spaces; the same length and lines. */
export function blankPythonComments(text: string): string {
  if (!text.includes('#')) return text;
  let out = '';
  let i = 0, from = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"' || c === "'") { i = stringEnd(text, i); continue; }
    if (c === '#') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(from, i) + ' '.repeat(stop - i);
      i = from = stop;
      continue;
    }
    i++;
  }
  return out + text.slice(from);
}

/** The index just after the parenthesis that closes the one opening at or after `start`; the text's length when none does. */
export function closingParenEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length;) {
    const c = text[i];
    if (c === '"' || c === "'") { i = stringEnd(text, i); continue; }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') { depth--; if (depth === 0) return i + 1; }
    i++;
  }
  return text.length;
}
