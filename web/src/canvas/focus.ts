// Keyboard focus on the canvas. Tab reaches the tables before the edges: React Flow puts its edge layer before its node layer
// in the page, so Tab would visit every edge (hundreds on a real project) before the first table.
// The edge layer is moved after the node layer (its own DOM node, in the same parent, so React
// keeps managing both), and styles.css keeps it painted below the tables.
export function tablesBeforeEdges(root: ParentNode | null): void {
  const viewport = root?.querySelector('.react-flow__viewport');
  const edges = viewport?.querySelector(':scope > .react-flow__edges');
  const nodes = viewport?.querySelector(':scope > .react-flow__nodes');
  if (!viewport || !edges || !nodes) return;
  if (edges.compareDocumentPosition(nodes) & Node.DOCUMENT_POSITION_FOLLOWING) viewport.appendChild(edges);
}

/**
 * Put keyboard focus on a table of the canvas (after a search jumps to it): tried for a moment,
 * since the table is drawn only once the view has moved to it. Never taken from a dialog opened
 * meanwhile: under load the jump landed after the user had opened the search again, and typing
 * went to the table instead of the search box.
 */
export function focusTable(id: string, tries = 20): void {
  if (document.querySelector('[aria-modal="true"]')) return;
  const el = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${CSS.escape(id)}"]`);
  if (el) { el.focus(); return; }
  if (tries > 0) setTimeout(() => focusTable(id, tries - 1), 50);
}
