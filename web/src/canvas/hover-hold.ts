// A click that selects a table or column opens the details panel, which narrows the canvas (and
// the view may move to keep the table in sight): the row then under the still pointer would show
// its hover and read as a second selection. Hover is held off until the pointer really moves.
let release: (() => void) | undefined;

/** Hold hover off in `root` until the pointer moves a few pixels from (x, y). */
export function holdHover(root: HTMLElement | null, x: number, y: number): void {
  release?.();
  if (!root) return;
  root.classList.add('hover-held');
  const move = (ev: PointerEvent) => { if (Math.abs(ev.clientX - x) + Math.abs(ev.clientY - y) >= 4) release?.(); };
  release = () => { root.classList.remove('hover-held'); window.removeEventListener('pointermove', move); release = undefined; };
  window.addEventListener('pointermove', move);
}
