// The diagram stays still on screen when the canvas's box moves: opening the details panel
// narrows the canvas, the toolbar then wraps onto a second line and the canvas's top moves down —
// without this the tables slid under a pointer that had just clicked a column.
import { useEffect } from 'react';
import { useReactFlow, useStoreApi } from '@xyflow/react';

/** Move the view by as much as the canvas's top-left corner moved, so what is drawn stays put on screen. */
export function useKeptStill(root: () => HTMLElement | null): void {
  const rf = useStoreApi();
  const flow = useReactFlow();
  useEffect(() => {
    const el = root();
    if (!el) return;
    let last = el.getBoundingClientRect();
    const ro = new ResizeObserver(() => {
      const r = el.getBoundingClientRect();
      const dx = r.left - last.left, dy = r.top - last.top;
      last = r;
      if (!dx && !dy) return;
      const [x, y, zoom] = rf.getState().transform;
      void flow.setViewport({ x: x - dx, y: y - dy, zoom });
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [rf, flow]); // eslint-disable-line react-hooks/exhaustive-deps
}
