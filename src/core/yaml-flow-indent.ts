// dbt reads its YAML with PyYAML, which ignores indentation inside a flow collection: a var list
// whose closing bracket sits at column 0 under an indented key
//
//   vars:
//    ids: [
//       'a', 'b'
//   ]
//
// loads there, while the YAML 1.2 parser refuses it (BAD_INDENT) and loses the rest of the file.
// This indents such continuation lines just past the line that opened the collection, so the
// parser reads what dbt reads. Only spaces are added at line starts: line numbers are unchanged.

/** The text with under-indented flow-collection lines indented, or undefined when none is. */
export function indentFlowContinuations(text: string): string | undefined {
  const lines = text.split('\n');
  let depth = 0;
  let quote: '"' | "'" | undefined;
  let minIndent = 0; // a continuation line must be indented at least this far
  let changed = false;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i];
    const indent = line.length - line.trimStart().length;
    if (depth > 0 && line.trim() !== '' && indent < minIndent) {
      line = ' '.repeat(minIndent - indent) + line;
      lines[i] = line;
      changed = true;
    }
    let valueStart = depth === 0 && !quote; // a bracket here opens a flow collection
    for (let c = 0; c < line.length; c++) {
      const ch = line[c];
      if (quote) {
        if (ch === quote) {
          if (quote === "'" && line[c + 1] === "'") c++; // '' is a quote inside single quotes
          else quote = undefined;
        } else if (ch === '\\' && quote === '"') c++;
        continue;
      }
      if (ch === '#' && (c === 0 || /\s/.test(line[c - 1]))) break; // a comment runs to the line's end
      if (ch === ' ' || ch === '\t') continue;
      if ((ch === '[' || ch === '{') && (valueStart || depth > 0)) {
        if (depth === 0) minIndent = indent + 1;
        depth++;
      } else if ((ch === ']' || ch === '}') && depth > 0) depth--;
      else if ((ch === '"' || ch === "'") && (valueStart || depth > 0)) quote = ch;
      // only the start of a value (after a key's colon, a list dash or at the line's start) opens one
      valueStart = depth === 0 && (ch === ':' || ch === '-') && (c + 1 >= line.length || /\s/.test(line[c + 1]));
    }
  }
  return changed ? lines.join('\n') : undefined;
}
