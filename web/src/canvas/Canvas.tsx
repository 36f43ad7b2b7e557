// The ER canvas: React Flow over the canvas store. Tables and edges are built from the visible
// graph and its positions; clicks select, a drag by a table's title bar pins its position (kept
// until "Save layout"), right-clicks (or the context-menu key) open menus with Ask AI. Only what
// is on screen is rendered.
import { useEffect, useMemo, useRef, useState, type CSSProperties, type MouseEvent as ReactMouseEvent } from 'react';
import {
  applyNodeChanges, ConnectionMode, Controls, MiniMap, ReactFlow, ReactFlowProvider, useReactFlow, useStore, useStoreApi,
  type Connection, type EdgeChange, type NodeChange, type NodeMouseHandler, type EdgeMouseHandler,
} from '@xyflow/react';
import { askAbout } from '../ai/actions';
import { ACTION_NAMES, COLUMN_ACTIONS, openEdit, relateByDrag, TABLE_ACTIONS } from '../edit/actions';
import { openFile } from '../editor/actions';
import { app, openMenu, select } from '../state/app';
import { edgeContext, nodeContext, workspaceContext } from './context';
import { autoLayout, exportDiagram, focusOn, moveNodes, requestFit, setTableDetail } from './controller';
import { ErEdge, type ErFlowEdge } from './ErEdge';
import { coloursOf } from './colours';
import { endMarks, nodeSize } from './geometry';
import { routeEdges } from './routing';
import { Legend } from './Legend';
import { FarView, FAR_VIEW_MIN } from './FarView';
import { bandOf, CULL_MIN, keeps, TEXT_ZOOM, useKeptArea, useNameSize } from './lod';
import { bounds } from './layout';
import { clearOfLegend, fitArea, fitZoom, NOTE_H } from './fit';
import { panels } from '../shell/panels';
import { inferredHint, isKeyEdge, type CEdge } from './model';
import { canvas } from './store';
import { DETAIL_ACTION, TableNode, type TableFlowNode } from './TableNode';
import { tablesBeforeEdges } from './focus';
import { holdHover } from './hover-hold';
import { useKeptStill } from './keep-still';
import { CanvasToolbar } from './CanvasToolbar';

const nodeTypes = { table: TableNode };
const edgeTypes = { er: ErEdge };
const NONE: TableFlowNode[] = [];
const NO_EDGES: ErFlowEdge[] = [];

function selectedId(sel: ReturnType<typeof app.get>['selection']): string | undefined {
  return sel && (sel.kind === 'node' || sel.kind === 'column' || sel.kind === 'edge') ? sel.id : undefined;
}

/** Two views (x, y, zoom) the same to half a pixel and a thousandth of zoom. */
const sameView = (a: readonly number[], b: readonly number[]) => Math.abs(a[0] - b[0]) < 0.5 && Math.abs(a[1] - b[1]) < 0.5 && Math.abs(a[2] - b[2]) < 0.001;

const paneElement = () => document.querySelector<HTMLElement>('section.canvas .react-flow');

function Flow() {
  const visible = canvas.use((s) => s.visible);
  const positions = canvas.use((s) => s.positions);
  const diff = canvas.use((s) => s.diff);
  const fitRequest = canvas.use((s) => s.fitRequest);
  const source = canvas.use((s) => s.source);
  const selection = app.use((s) => s.selection);
  const projectName = app.use((s) => s.project?.name);
  const graph = canvas.use((s) => s.graph);
  const minimap = panels.use((s) => s.minimap);
  // the zoom band, not the zoom: nothing here renders again while the view pans or zooms within a band
  const band = useStore((s) => bandOf(s.transform[2]));
  // below readable text a table's rows are bars and edges meet the title bars (lod.ts)
  const far = band !== 'text';
  const flow = useReactFlow();
  const rf = useStoreApi();
  // a big diagram far out is one SVG of boxes and lines (FarView), not a node per table
  const big = (visible?.graph.nodes.length ?? 0) > FAR_VIEW_MIN;
  const farView = band === 'far' && big;
  // a big lineage view between far and readable zoom is hundreds of long lines across the tables:
  // every line is drawn faint there, those of the selected table in full (styles.css .quiet-lineage)
  const lineageOn = canvas.use((s) => s.filters.lineage);
  const showInferred = canvas.use((s) => s.filters.inferred);
  const quiet = band === 'bars' && big && lineageOn;
  const kept = useKeptArea((visible?.graph.nodes.length ?? 0) > CULL_MIN && !farView);
  // a big view waits for its fit before mounting nodes: mounting them at the old zoom, only to
  // swap them for the far view a moment later, costs seconds
  const fitted = canvas.use((s) => s.fitted);
  // the view the last fit left (a view since moved by the user is not fitted again on late news)
  const lastFit = useRef<number[] | undefined>(undefined);
  const hold = big && fitRequest.n !== fitted;
  const [nodes, setNodes] = useState<TableFlowNode[]>([]);
  const sel = selectedId(selection);
  // the tables kept in the page (every one, or those near the view) and the edges between them
  const shown = useMemo(() => (kept ? nodes.filter((n) => keeps(kept, n.data.node, positions[n.id])) : nodes), [nodes, kept, positions]);
  const colours = useMemo(() => (graph ? coloursOf(graph) : undefined), [graph]);

  useEffect(() => {
    const g = visible?.graph;
    if (!g) { setNodes([]); return; }
    setNodes(g.nodes.filter((n) => positions[n.id]).map((n) => {
      const size = nodeSize(n);
      const style = { '--layer': (n.layer && colours?.layers.get(n.layer)) || 'transparent', '--domain': (n.domain && colours?.domains.get(n.domain)) || 'transparent',
        '--name-max': `${Math.round(12 * (n.nameScale ?? 1))}px` } as CSSProperties;
      return {
        // moved by its title bar only: a pan that starts on a table never moves it
        id: n.id, type: 'table', position: positions[n.id], width: size.width, height: size.height, selected: n.id === sel, dragHandle: '.table-head', style,
        ariaLabel: `${n.kind} ${n.name}${diff?.nodes[n.id] ? `, ${diff.nodes[n.id]} since ${diff.ref}` : ''}`, ariaRole: 'group',
        data: { node: n, diff: diff?.nodes[n.id], columnDiff: diff?.columns[n.id], far, inferred: showInferred },
      };
    }));
  }, [visible, positions, diff, sel, far, colours, showInferred]);

  const allEdges = useMemo<ErFlowEdge[]>(() => {
    const g = visible?.graph;
    if (!g) return [];
    const byId = new Map(g.nodes.map((n) => [n.id, n.name]));
    // sides, rows (title bars far out), fans where many edges meet one row, labels that fit: routing.ts
    return routeEdges(g, positions, far).map(({ edge: e, from, to, label }) => {
      const marks = endMarks(e);
      const name = edgeLabel(e, (id) => byId.get(id) ?? id);
      return {
        id: e.id, type: 'er', source: e.from.node, target: e.to.node, selected: e.id === sel,
        sourceHandle: `${from.column}:${from.side === 'right' ? 'R' : 'L'}`, targetHandle: `${to.column}:${to.side === 'right' ? 'R' : 'L'}`,
        ariaLabel: name,
        data: { from: marks.from, to: marks.to, lineage: !isKeyEdge(e), inferred: e.kind === 'inferred', label, hint: e.evidence && `${name}: ${inferredHint(e.evidence)}`, far, fanFrom: from.fan, fanTo: to.fan, touching: !!sel && (e.from.node === sel || e.to.node === sel) },
      };
    });
  }, [visible, positions, sel, far]);
  const edges = useMemo(() => {
    if (!kept) return allEdges;
    const ids = new Set(shown.map((n) => n.id));
    return allEdges.filter((e) => ids.has(e.source) && ids.has(e.target));
  }, [allEdges, shown, kept]);

  useEffect(() => {
    if (!fitRequest.n) return;
    const setFitted = (n: number) => canvas.set({ fitted: n });
    // fitted from the laid-out positions, not the nodes drawn (the far view draws none)
    const t = setTimeout(() => {
      const c = canvas.get(), g = c.visible?.graph;
      if (!g) { setFitted(fitRequest.n); return; }
      // late news (the inferred keys) does not move a view the user moved since the last fit
      if (fitRequest.unmoved && lastFit.current && !sameView(lastFit.current, rf.getState().transform)) { setFitted(fitRequest.n); return; }
      const ids = fitRequest.ids?.length ? new Set(fitRequest.ids) : undefined;
      const b = bounds(ids ? { ...g, nodes: g.nodes.filter((n) => ids.has(n.id)) } : g, c.positions);
      const { width, height } = rf.getState();
      if (!b.width || !width || !height) { setFitted(fitRequest.n); return; }
      // below the note of what the view shows, which floats over the canvas's top edge, and above the legend
      const h = fitArea(width, height).height;
      const zoom = fitZoom(b, { width, height: h });
      // the view, moved off the legend where the pane has room (a view cropped where names read ran under it)
      const drawn = g.nodes.filter((n) => c.positions[n.id]).map((n) => ({ ...c.positions[n.id], ...nodeSize(n) }));
      const go = (vp: { x: number; y: number; zoom: number }) => {
        // (the view kept is the one drawn: a zoom beyond the bounds is clamped)
        void flow.setViewport(clearOfLegend(vp, drawn, { width, height }), { duration: 0 }).then(() => { lastFit.current = [...rf.getState().transform]; });
      };
      const around = fitRequest.around?.length && zoom < TEXT_ZOOM ? new Set(fitRequest.around) : undefined;
      const a = around && bounds({ ...g, nodes: g.nodes.filter((n) => around.has(n.id)) }, c.positions);
      if (a?.width) go({ x: width / 2 - (a.x + a.width / 2) * TEXT_ZOOM, y: NOTE_H + h / 2 - (a.y + a.height / 2) * TEXT_ZOOM, zoom: TEXT_ZOOM });
      else if (c.visible?.readAt && zoom < c.visible.readAt) {
        // too many tables to read fitted: where names read, at the focus's tables or the block's top left (readable-view.ts)
        const z = c.visible.readAt, seeds = new Set(c.visible.focus?.ids ?? []);
        const f = seeds.size ? bounds({ ...g, nodes: g.nodes.filter((n) => seeds.has(n.id)) }, c.positions) : undefined;
        if (f?.width) go({ x: width / 2 - (f.x + f.width / 2) * z, y: NOTE_H + h / 2 - (f.y + f.height / 2) * z, zoom: z });
        else go({ x: 24 - b.x * z, y: NOTE_H + 12 - b.y * z, zoom: z });
      } else go({ x: width / 2 - (b.x + b.width / 2) * zoom, y: NOTE_H + h / 2 - (b.y + b.height / 2) * zoom, zoom });
      setFitted(fitRequest.n);
    }, 30);
    return () => clearTimeout(t);
  }, [fitRequest, flow, rf]);

  useEffect(() => { tablesBeforeEdges(document.querySelector('section.canvas')); }, [nodes.length > 0]);
  // a view kept still as the pane moved is still the last fit's, for late news (the inferred keys) to fit again
  useKeptStill(paneElement, (before, after) => { if (lastFit.current && sameView(lastFit.current, before)) lastFit.current = [...after]; });
  useNameSize(paneElement);

  // a selection opens the details panel, which narrows the canvas: a table selected near the right
  // edge would end up under it, so the view moves to keep the selected table in sight (zoom kept)
  useEffect(() => {
    const n = sel && visible?.graph.nodes.find((x) => x.id === sel), p = n && positions[n.id];
    if (!n || !p) return;
    const t = setTimeout(() => {
      const { transform: [tx, ty, zoom], width, height } = rf.getState(), s = nodeSize(n);
      const x0 = p.x * zoom + tx, x1 = (p.x + s.width) * zoom + tx, y0 = p.y * zoom + ty;
      if (x0 >= 0 && x1 <= width && y0 >= 0 && y0 <= height - 40) return;
      void flow.setCenter(p.x + s.width / 2, p.y + Math.min(s.height / 2, height / zoom / 3), { zoom, duration: 200 });
    }, 120);
    return () => clearTimeout(t);
  }, [sel]); // on a new selection only, not as the view or the layout moves

  // in the far view a click on a box selects that table and zooms to it
  const pick = (ev: ReactMouseEvent) => {
    const at = flow.screenToFlowPosition({ x: ev.clientX, y: ev.clientY });
    const hit = visible?.graph.nodes.find((n) => { const p = positions[n.id], s = nodeSize(n); return p && at.x >= p.x && at.x <= p.x + s.width && at.y >= p.y && at.y <= p.y + s.height; });
    if (!hit) { select(null); return; }
    select({ kind: 'node', id: hit.id });
    requestFit([hit.id]);
  };
  const names = (id: string) => visible?.graph.nodes.find((n) => n.id === id)?.name ?? id;
  const nodeOf = (id: string) => visible?.graph.nodes.find((n) => n.id === id);
  const edgeOf = (id: string) => visible?.graph.edges.find((e) => e.id === id);

  const onNodesChange = (changes: NodeChange<TableFlowNode>[]) => {
    setNodes((ns) => applyNodeChanges(changes, ns));
    for (const c of changes) if (c.type === 'select' && c.selected && c.id !== sel) select({ kind: 'node', id: c.id });
  };
  const onNodeClick: NodeMouseHandler<TableFlowNode> = (ev, node) => {
    const col = (ev.target as HTMLElement).closest?.('[data-column]')?.getAttribute('data-column');
    select(col ? { kind: 'column', id: node.id, column: col } : { kind: 'node', id: node.id });
    holdHover(document.querySelector('section.canvas'), ev.clientX, ev.clientY);
  };
  const onNodeContextMenu: NodeMouseHandler<TableFlowNode> = (ev, node) => {
    ev.preventDefault();
    const n = node.data.node;
    // on a column row: the column's edits; elsewhere on the table: the table's
    const col = (ev.target as HTMLElement).closest?.('[data-column]')?.getAttribute('data-column') ?? undefined;
    select(col ? { kind: 'column', id: n.id, column: col } : { kind: 'node', id: n.id });
    const { x, y } = menuPoint(ev);
    const edits = (col ? COLUMN_ACTIONS : TABLE_ACTIONS).map((a) => ({ label: ACTION_NAMES[a], run: () => openEdit(a, { node: n.id, table: n.name, column: col }) }));
    // the title bar's detail button, for the keyboard (the button is out of the Tab order): the two other details
    const details = col ? [] : (['all', 'keys', 'collapsed'] as const).filter((d) => d !== (n.detail ?? 'all'))
      .map((d) => ({ label: `${DETAIL_ACTION[d]} ${n.name}`, run: () => setTableDetail(n.id, d) }));
    openMenu({ x, y, label: col ? `column ${n.name}.${col}` : `${n.kind} ${n.name}`, returnFocus: (ev.target as HTMLElement).closest?.('.react-flow__node') as HTMLElement | null, items: [
      ...edits,
      ...details,
      { label: `Ask AI about ${n.name}`, run: () => askAbout([nodeContext(n, source)]) },
      { label: 'Focus with neighbours', run: () => void focusOn([n.id]) },
      { label: 'Open YAML', run: () => n.file && openFile(n.file, n.line), disabled: !n.file },
      ...(n.sqlPath ? [{ label: 'Open SQL', run: () => openFile(n.sqlPath!) }] : []),
    ] });
  };
  // a drag from one column's anchor to another column's proposes the relationship (the review plan confirms it)
  const onConnect = (c: Connection) => {
    const a = nodeOf(c.source), b = nodeOf(c.target);
    const colA = c.sourceHandle?.replace(/:[LR]$/, ''), colB = c.targetHandle?.replace(/:[LR]$/, '');
    if (!a || !b || !colA || !colB) return;
    void relateByDrag({ node: a.id, table: a.name, column: colA }, { table: b.name, column: colB });
  };
  const onEdgeClick: EdgeMouseHandler<ErFlowEdge> = (_ev, edge) => select({ kind: 'edge', id: edge.id });
  // Enter on a focused edge: React Flow reports it as a selection change only (no click), which
  // nothing read, so Tab reached a relationship but the keyboard could not open it in the inspector
  const onEdgesChange = (changes: EdgeChange<ErFlowEdge>[]) => {
    for (const c of changes) if (c.type === 'select' && c.selected && c.id !== sel) select({ kind: 'edge', id: c.id });
  };
  const onEdgeContextMenu: EdgeMouseHandler<ErFlowEdge> = (ev, edge) => {
    ev.preventDefault();
    const e = edgeOf(edge.id);
    if (!e) return;
    select({ kind: 'edge', id: e.id });
    const { x, y } = menuPoint(ev);
    openMenu({ x, y, label: `relationship ${edgeLabel(e, names)}`, items: [
      { label: 'Ask AI about this relationship', run: () => askAbout([edgeContext(e, names, source)]) },
      { label: 'Open definition', run: () => e.file && openFile(e.file, e.line), disabled: !e.file },
    ] });
  };
  const onPaneContextMenu = (ev: ReactMouseEvent | MouseEvent) => {
    ev.preventDefault();
    const { x, y } = menuPoint(ev);
    openMenu({ x, y, label: 'diagram', items: [
      { label: 'Ask AI about the workspace', run: () => askAbout([workspaceContext(source, projectName)]) },
      { label: 'Auto-layout', run: () => void autoLayout() },
      { label: 'Fit view', run: () => requestFit() },
      { label: 'Export PNG', run: () => void exportDiagram('png') },
      { label: 'Export SVG', run: () => void exportDiagram('svg') },
    ] });
  };

  return (
    <ReactFlow className={quiet ? 'quiet-lineage' : undefined}
      nodes={farView || hold ? NONE : shown} edges={farView || hold ? NO_EDGES : edges} nodeTypes={nodeTypes} edgeTypes={edgeTypes}
      onNodesChange={onNodesChange} onEdgesChange={onEdgesChange} onNodeClick={onNodeClick} onEdgeClick={onEdgeClick} onPaneClick={(ev) => (farView ? pick(ev) : select(null))}
      onNodeDragStop={(_e, _n, dragged) => moveNodes(dragged.map((d) => ({ id: d.id, position: d.position })))}
      onNodeContextMenu={onNodeContextMenu} onEdgeContextMenu={onEdgeContextMenu} onPaneContextMenu={onPaneContextMenu}
      onNodeDoubleClick={(_e, node) => node.data.node.file && openFile(node.data.node.file, node.data.node.line)}
      connectionMode={ConnectionMode.Loose} nodesConnectable connectOnClick={false} onConnect={onConnect} connectionRadius={24} minZoom={0.02} maxZoom={2.5}
      deleteKeyCode={null} selectionKeyCode={null} multiSelectionKeyCode="Shift" proOptions={{ hideAttribution: true }}
      ariaLabelConfig={{ 'node.a11yDescription.default': 'Press Enter to select, arrow keys to move, the context-menu key for actions.' }}
    >
      {farView && visible && <FarView graph={visible.graph} positions={positions} colours={colours} />}
      {minimap && !farView && <MiniMap pannable zoomable ariaLabel="Minimap of the diagram" nodeStrokeWidth={2} style={{ width: 150, height: 100 }} />}
      {colours && <Legend colours={colours} />}
      <Controls position="top-left" showInteractive={false} showFitView={false} aria-label="Zoom controls" />
    </ReactFlow>
  );
}

function edgeLabel(e: CEdge, names: (id: string) => string): string {
  const end = (x: CEdge['from']) => `${names(x.node)}${x.column ? `.${x.column}` : ''}`;
  const what = e.kind === 'ref' || e.kind === 'source' ? 'lineage' : e.kind === 'inferred' ? 'inferred relationship' : 'relationship';
  return `${what} ${end(e.from)} to ${end(e.to)}${e.cardinality ? ` (${e.cardinality.replace(/_/g, ' ')})` : ''}${e.verb ? ` ${e.verb}` : ''}`;
}

function menuPoint(ev: ReactMouseEvent | MouseEvent): { x: number; y: number } {
  // the context-menu key fires at (0, 0) or the element's corner: open beside the focused element
  if (ev.clientX === 0 && ev.clientY === 0) {
    const r = (ev.target as HTMLElement).getBoundingClientRect?.();
    if (r) return { x: r.left + 12, y: r.top + 12 };
  }
  return { x: ev.clientX, y: ev.clientY };
}

export function Canvas() {
  // busy from a change's start to its fit drawn: a view read as settled before that was moved after
  const busy = canvas.use((s) => s.layingOut || s.working > 0 || (!!s.visible && s.fitRequest.n !== s.fitted));
  const layoutMs = canvas.use((s) => s.lastLayoutMs);
  const error = canvas.use((s) => s.error);
  const hasGraph = canvas.use((s) => !!s.visible);
  const empty = canvas.use((s) => s.visible && s.visible.graph.nodes.length === 0);
  const source = canvas.use((s) => s.source);
  const selection = app.use((s) => s.selection);
  const projectName = app.use((s) => s.project?.name);
  const askFromCanvas = () => {
    const c = canvas.get();
    const g = c.visible?.graph;
    const id = selectedId(selection);
    const n = id && g?.nodes.find((x) => x.id === id);
    const e = id && g?.edges.find((x) => x.id === id);
    const names = (x: string) => g?.nodes.find((m) => m.id === x)?.name ?? x;
    askAbout([n ? nodeContext(n, source) : e ? edgeContext(e, names, source) : workspaceContext(source, projectName)]);
  };
  return (
    <section className="canvas" aria-label="Diagram" aria-busy={busy} data-layout-ms={layoutMs}>
      <ReactFlowProvider>
        <CanvasToolbar />
        <div className="flow-wrap">
          {hasGraph && <Flow />}
          {!hasGraph && !error && <p className="canvas-note" role="status">Laying out the diagram…</p>}
          {empty && <p className="canvas-note" role="status">No tables match the filters.</p>}
          {error && <p className="canvas-note error" role="alert">{error}</p>}
          <button type="button" className="fab" onClick={askFromCanvas} aria-label="Ask AI about the diagram">Ask AI</button>
        </div>
      </ReactFlowProvider>
    </section>
  );
}
