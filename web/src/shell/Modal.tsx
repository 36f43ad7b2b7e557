// A modal dialog: labelled by its title, Escape closes, focus stays inside while open and returns
// where it was on close (or to `returnTo`, what opened it, when that was a menu now gone).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { lastMenuOpener } from '../state/app';

export function Modal({ title, onClose, children, wide, returnTo }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean; returnTo?: HTMLElement | null }) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  // what had focus before the dialog, read at its first render: by the effect below, an autoFocus
  // field inside (the search box) has taken focus already, and closing then dropped focus to <body>
  // (a menu's item is gone once the dialog it opened closes: back to what opened the menu)
  const [before] = useState(() => {
    const active = document.activeElement as HTMLElement | null;
    return active?.closest('[role="menu"]') ? lastMenuOpener() : active;
  });
  useEffect(() => {
    const back = returnTo ?? before;
    const first = box.current?.querySelector<HTMLElement>('[autofocus], input, select, textarea, button');
    first?.focus();
    // after the close has re-rendered (a menu or popover that was open is gone by then)
    return () => { setTimeout(() => { if (back?.isConnected && back.offsetParent) back.focus(); }, 0); };
  }, []);
  // Escape closes it wherever focus is (a button that became disabled drops focus to the page)
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const onEsc = (e: KeyboardEvent) => { if (e.key === 'Escape' && !box.current?.contains(e.target as Node)) closeRef.current(); };
    window.addEventListener('keydown', onEsc);
    return () => window.removeEventListener('keydown', onEsc);
  }, []);
  const onKey = (e: React.KeyboardEvent) => {
    if (e.key === 'Escape') { e.stopPropagation(); onClose(); return; }
    if (e.key !== 'Tab') return;
    const items = [...(box.current?.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex="0"]') ?? [])].filter((x) => !x.hasAttribute('disabled'));
    if (!items.length) return;
    const first = items[0], last = items[items.length - 1];
    if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus(); }
    else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus(); }
  };
  return (
    <div className="modal-backdrop" onMouseDown={(e) => { if (e.target === e.currentTarget) onClose(); }}>
      <div ref={box} className={`modal${wide ? ' wide' : ''}`} role="dialog" aria-modal="true" aria-labelledby={id} onKeyDown={onKey}>
        <h2 id={id}>{title}</h2>
        {children}
      </div>
    </div>
  );
}
