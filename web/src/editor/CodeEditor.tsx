// One CodeMirror editor as a React component: the text comes from props; edits, the selection
// and Mod-S go back through callbacks. A new `value` from outside replaces the text.
import { useEffect, useRef } from 'react';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { gotoLine, setup, type Lang } from './cm';

/** Marks a transaction that loads text from outside (not a user's edit). */
const external = Annotation.define<boolean>();

export interface CodeEditorProps {
  value: string;
  lang: Lang;
  label: string;
  readOnly?: boolean;
  onChange?: (text: string) => void;
  onSave?: () => void;
  onSelection?: (text: string) => void;
  goto?: { line: number; n: number };
  className?: string;
}

export function CodeEditor(p: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | undefined>(undefined);
  const cb = useRef(p);
  cb.current = p;

  useEffect(() => {
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: p.value,
        extensions: [
          setup({ lang: p.lang, label: p.label, readOnly: p.readOnly, onSave: () => cb.current.onSave?.() }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((tr) => tr.annotation(external))) cb.current.onChange?.(u.state.doc.toString());
            if (u.selectionSet || u.docChanged) {
              const r = u.state.selection.main;
              cb.current.onSelection?.(r.empty ? '' : u.state.sliceDoc(r.from, r.to));
            }
          }),
        ],
      }),
    });
    view.current = v;
    return () => { v.destroy(); view.current = undefined; };
    // the editor is made once per mount; language and label are fixed for a tab
  }, []);

  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== p.value) {
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: p.value }, annotations: external.of(true) });
    }
  }, [p.value]);

  useEffect(() => {
    // opened at a line: the line is selected and the keyboard focus is there
    if (p.goto && view.current) { gotoLine(view.current, p.goto.line); view.current.focus(); }
  }, [p.goto?.n]);

  return <div ref={host} className={`code-editor ${p.className ?? ''}`} />;
}
