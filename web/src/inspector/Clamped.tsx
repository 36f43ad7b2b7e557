// A long text (a model's description) cut to a few lines with "More" to read it whole: a
// description of forty lines pushed the inspector's Columns list below the fold at 1440 × 900.
import { useLayoutEffect, useRef, useState } from 'react';

export function Clamped({ text, what }: { text: string; what: string }) {
  const box = useRef<HTMLSpanElement>(null);
  const [open, setOpen] = useState(false);
  const [cut, setCut] = useState(false);
  // measured while clamped: the button shows only where lines were cut
  useLayoutEffect(() => { const b = box.current; if (b && !open) setCut(b.scrollHeight > b.clientHeight + 1); }, [text, open]);
  return (
    <>
      <span ref={box} className={open ? 'clamped open' : 'clamped'}>{text}</span>
      {(cut || open) && <button type="button" className="link more" aria-expanded={open} aria-label={`${open ? 'Less' : 'More'} of the ${what}`} onClick={() => setOpen(!open)}>{open ? 'Less' : 'More'}</button>}
    </>
  );
}
