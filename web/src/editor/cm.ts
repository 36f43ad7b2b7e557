// The CodeMirror setup every editor shares: language by file name, line numbers, highlighting
// coloured by the page's theme variables (light and dark), undo, Mod-S to save, an accessible
// name on the text area.
import { HighlightStyle, syntaxHighlighting, indentOnInput, bracketMatching } from '@codemirror/language';
import { markdown } from '@codemirror/lang-markdown';
import { sql } from '@codemirror/lang-sql';
import { yaml } from '@codemirror/lang-yaml';
import { EditorState, type Extension } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap, lineNumbers } from '@codemirror/view';
import { tags as t } from '@lezer/highlight';
import { history } from './history';

export type Lang = 'yaml' | 'sql' | 'markdown' | 'text';

export function langOf(path: string): Lang {
  if (/\.ya?ml$/i.test(path)) return 'yaml';
  if (/\.sql$/i.test(path)) return 'sql';
  if (/\.md$/i.test(path)) return 'markdown';
  return 'text';
}

const highlight = HighlightStyle.define([
  { tag: [t.keyword, t.operatorKeyword, t.modifier], color: 'var(--syn-keyword)' },
  { tag: [t.string, t.special(t.string)], color: 'var(--syn-string)' },
  { tag: [t.number, t.bool, t.null, t.atom], color: 'var(--syn-number)' },
  { tag: [t.comment, t.lineComment, t.blockComment], color: 'var(--syn-comment)', fontStyle: 'italic' },
  { tag: [t.propertyName, t.definition(t.propertyName), t.attributeName], color: 'var(--syn-property)' },
  { tag: [t.heading], color: 'var(--syn-keyword)', fontWeight: '700' },
  { tag: [t.typeName, t.className], color: 'var(--syn-type)' },
  { tag: [t.meta, t.processingInstruction], color: 'var(--syn-comment)' },
]);

function language(l: Lang): Extension {
  if (l === 'yaml') return yaml();
  if (l === 'sql') return sql();
  if (l === 'markdown') return markdown();
  return [];
}

export interface SetupOptions {
  lang: Lang;
  label: string;
  readOnly?: boolean;
  onSave?: () => void;
}

export function setup(o: SetupOptions): Extension {
  return [
    lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), drawSelection(), indentOnInput(), bracketMatching(),
    syntaxHighlighting(highlight), language(o.lang), history(),
    EditorView.contentAttributes.of({ 'aria-label': o.label }),
    EditorState.tabSize.of(2),
    ...(o.readOnly ? [EditorState.readOnly.of(true), EditorView.editable.of(false)] : []),
    ...(o.onSave ? [keymap.of([{ key: 'Mod-s', run: () => { o.onSave!(); return true; }, preventDefault: true }])] : []),
  ];
}

/** Select a line and scroll it into view. */
export function gotoLine(view: EditorView, line: number): void {
  const l = view.state.doc.line(Math.max(1, Math.min(line, view.state.doc.lines)));
  view.dispatch({ selection: { anchor: l.from, head: l.to }, effects: EditorView.scrollIntoView(l.from, { y: 'center' }) });
}
