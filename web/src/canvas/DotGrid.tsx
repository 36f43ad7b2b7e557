// The canvas's dot grid. React Flow's <Background> is an SVG pattern re-rendered and repainted
// over the whole pane on every frame of a pan; this one is a CSS pattern on a layer of its own,
// moved (never repainted) as the view pans: its offset is written to the DOM from React Flow's
// store, outside React. Zooming changes the spacing; far out, where dots would be noise, none.
import { useEffect, useRef } from 'react';
import { useStoreApi } from '@xyflow/react';

const GAP = 24;

export function DotGrid() {
  const rf = useStoreApi();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let last = '';
    const draw = () => {
      const el = ref.current;
      if (!el) return;
      const [x, y, zoom] = rf.getState().transform;
      const gap = GAP * zoom;
      const key = `${x},${y},${zoom}`;
      if (key === last) return;
      last = key;
      el.hidden = gap < 8;
      el.style.backgroundSize = `${gap}px ${gap}px`;
      // the layer is one gap larger than the pane on each side: moving it by less than a gap looks like an endless grid
      el.style.transform = `translate(${(((x % gap) + gap) % gap) - gap}px, ${(((y % gap) + gap) % gap) - gap}px)`;
    };
    draw();
    return rf.subscribe(draw);
  }, [rf]);
  return <div ref={ref} className="dot-grid" aria-hidden="true" />;
}
