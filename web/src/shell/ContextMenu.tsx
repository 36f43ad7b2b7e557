// The one context menu: opened by a right-click or the context-menu key on a table, edge, the
// diagram background, an Explorer row or a finding. Arrow keys move, Enter runs, Escape closes.
import { useLayoutEffect, useRef } from 'react';
import { app, closeMenu } from '../state/app';

export function ContextMenu() {
  const menu = app.use((s) => s.menu);
  const box = useRef<HTMLUListElement>(null);
  // a layout effect: the first item has focus before the menu is painted, so a key pressed as soon
  // as it shows reaches the menu; Escape closes it wherever focus is
  useLayoutEffect(() => {
    if (!menu) return;
    box.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const away = (e: MouseEvent) => { if (!box.current?.contains(e.target as Node)) app.set({ menu: undefined }); };
    const escape = (e: KeyboardEvent) => { if (e.key === 'Escape' && !box.current?.contains(e.target as Node)) { e.preventDefault(); closeMenu(); } };
    window.addEventListener('mousedown', away);
    window.addEventListener('keydown', escape);
    return () => { window.removeEventListener('mousedown', away); window.removeEventListener('keydown', escape); };
  }, [menu]);
  if (!menu) return null;
  const items = () => [...(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
  const onKey = (e: React.KeyboardEvent) => {
    const all = items();
    const i = all.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') all[(i + 1) % all.length]?.focus();
    else if (e.key === 'ArrowUp') all[(i - 1 + all.length) % all.length]?.focus();
    else if (e.key === 'Home') all[0]?.focus();
    else if (e.key === 'End') all[all.length - 1]?.focus();
    else if (e.key === 'Escape' || e.key === 'Tab') closeMenu();
    else return;
    e.preventDefault();
  };
  const x = Math.min(menu.x, window.innerWidth - 260), y = Math.min(menu.y, window.innerHeight - 40 * menu.items.length - 16);
  return (
    <ul ref={box} role="menu" aria-label={`Actions for ${menu.label}`} className="context-menu" style={{ left: Math.max(4, x), top: Math.max(4, y) }} onKeyDown={onKey}>
      {menu.items.map((it) => (
        <li key={it.label} role="menuitem" tabIndex={-1} aria-disabled={it.disabled || undefined}
          onClick={() => { if (it.disabled) return; app.set({ menu: undefined }); it.run(); }}
          onKeyDown={(e) => { if ((e.key === 'Enter' || e.key === ' ') && !it.disabled) { e.preventDefault(); app.set({ menu: undefined }); it.run(); } }}>
          {it.label}
        </li>
      ))}
    </ul>
  );
}
