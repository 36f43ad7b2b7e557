// A side-by-side diff (@codemirror/merge): the original left (read-only), the modified text right
// (editable unless readOnly). Used by the review plan and by the editor's conflict view.
import { useEffect, useRef } from 'react';
import { MergeView as CmMerge } from '@codemirror/merge';
import { EditorView } from '@codemirror/view';
import { setup, type Lang } from './cm';

export interface MergeViewProps {
  original: string;
  modified: string;
  lang: Lang;
  label: string;
  readOnly?: boolean;
  onChange?: (text: string) => void;
}

export function MergeView(p: MergeViewProps) {
  const host = useRef<HTMLDivElement>(null);
  const cb = useRef(p);
  cb.current = p;
  const view = useRef<CmMerge | undefined>(undefined);
  useEffect(() => {
    const m = new CmMerge({
      parent: host.current!,
      a: { doc: p.original, extensions: setup({ lang: p.lang, label: `${p.label}: current`, readOnly: true }) },
      b: {
        doc: p.modified,
        extensions: [
          setup({ lang: p.lang, label: `${p.label}: proposed`, readOnly: p.readOnly }),
          EditorView.updateListener.of((u) => { if (u.docChanged) cb.current.onChange?.(u.state.doc.toString()); }),
        ],
      },
      collapseUnchanged: { margin: 4, minSize: 8 },
      gutter: true,
    });
    view.current = m;
    return () => { m.destroy(); view.current = undefined; };
  }, [p.original]);
  useEffect(() => {
    const b = view.current?.b;
    if (b && b.state.doc.toString() !== p.modified) b.dispatch({ changes: { from: 0, to: b.state.doc.length, insert: p.modified } });
  }, [p.modified]);
  return <div ref={host} className="merge-view" />;
}
