// The canvas's toolbar: which view, layout, fit, export, filters, lineage, focus and the diff
// overlay. Every control is a labelled button, checkbox or select.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { offers } from '../api/client';
import { panels, togglePanel } from '../shell/panels';
import { app } from '../state/app';
import { autoLayout, clearFocus, exportDiagram, openSource, requestFit, resetLayout, saveLayout, setDetail, setFilters, setHops, setPlumbing, setShowAll, showMore } from './controller';
import type { Detail } from './model';
import { DiffControl } from './DiffControl';
import { canvas } from './store';
import { activeFilterCount, facets, viewDetail, FOCUS_LIMIT, type Facets, type Filters, type VisibleGraph } from './view';

const DETAIL_WORDS: Record<Detail, string> = { all: 'all columns', keys: 'keys only', collapsed: 'collapsed' };

function FacetGroup({ title, values, chosen, onChange }: { title: string; values: string[]; chosen: string[]; onChange: (v: string[]) => void }) {
  if (!values.length) return null;
  return (
    <fieldset className="facet">
      <legend>{title}</legend>
      {values.map((v) => (
        <label key={v}>
          <input type="checkbox" checked={chosen.includes(v)} onChange={(e) => onChange(e.target.checked ? [...chosen, v] : chosen.filter((x) => x !== v))} />
          {v}
        </label>
      ))}
    </fieldset>
  );
}

function FilterPanel({ f, all, close, opener }: { f: Filters; all: Facets; close: () => void; opener: RefObject<HTMLButtonElement | null> }) {
  const box = useRef<HTMLDivElement>(null);
  // focus moves in when it opens (Escape on the Filters button left it open: the popover's key
  // handler never saw the key), and back to the Filters button when Escape or Close shuts it
  useEffect(() => { box.current?.querySelector<HTMLElement>('input, button')?.focus(); }, []);
  const shut = () => { close(); opener.current?.focus(); };
  return (
    <div ref={box} className="popover filters" role="dialog" aria-label="Filters" onKeyDown={(e) => { if (e.key === 'Escape') { e.stopPropagation(); shut(); } }}>
      <FacetGroup title="Folder" values={all.folders} chosen={f.folders} onChange={(folders) => setFilters({ folders })} />
      <FacetGroup title="Layer" values={all.layers} chosen={f.layers} onChange={(layers) => setFilters({ layers })} />
      <FacetGroup title="Domain" values={all.domains} chosen={f.domains} onChange={(domains) => setFilters({ domains })} />
      <FacetGroup title="Tag" values={all.tags} chosen={f.tags} onChange={(tags) => setFilters({ tags })} />
      <div className="row">
        <button type="button" onClick={() => setFilters({ folders: [], layers: [], domains: [], tags: [] })}>Clear filters</button>
        <button type="button" onClick={shut}>Close</button>
      </div>
    </div>
  );
}

export function CanvasToolbar() {
  const graph = canvas.use((s) => s.graph);
  const filters = canvas.use((s) => s.filters);
  const visible = canvas.use((s) => s.visible);
  const hops = canvas.use((s) => s.hops);
  const showAll = canvas.use((s) => s.showAll);
  const source = canvas.use((s) => s.source);
  // the diff overlay compares with a git ref: none in a folder that is not a repository
  const git = app.use((s) => !!s.project?.git);
  const pinnedCount = canvas.use((s) => Object.keys(s.pinned).length);
  const unsaved = canvas.use((s) => Object.keys(s.draft).length);
  const layoutPath = canvas.use((s) => s.graph?.layoutPath);
  const detail = canvas.use((s) => s.detail);
  const minimap = panels.use((s) => s.minimap);
  const legend = panels.use((s) => s.legend);
  const [open, setOpen] = useState(false);
  const filtersButton = useRef<HTMLButtonElement>(null);
  const count = activeFilterCount(filters);
  const focus = visible?.focus;
  const focusName = focus && graph ? focus.ids.map((id) => graph.nodes.find((n) => n.id === id)?.name ?? id).join(', ') : '';
  const why = visible && visible.total > FOCUS_LIMIT ? 'the project is large' : 'all of them fitted would be too small to read';
  // a mart with no key to another table (dagster-open-platform's credit_utilization) stands alone: say where its neighbours are
  const alone = !!visible && !!focus && !filters.lineage && visible.graph.nodes.length <= focus.ids.length;
  const focusText = visible && focus ? `Showing ${visible.graph.nodes.length} of ${visible.total} tables: ${focusName} and ${visible.more ? 'its best-connected ' : ''}neighbours within ${focus.hops} ${focus.hops === 1 ? 'hop' : 'hops'}${focus.automatic ? ` (${why}; search with Ctrl+K to focus elsewhere)` : ''}.${alone ? ' No key joins it to another table: tick Lineage to see the models it reads and feeds.' : ''}` : '';
  const plumbing = canvas.use((s) => s.plumbing);
  return (
    <div className="canvas-bar" role="toolbar" aria-label="Diagram tools">
      {/* the project's name is in the top bar: the toolbar names only a model or diagram file it shows instead */}
      {source.kind === 'model' && <span className="canvas-title">{source.path}
        <button type="button" onClick={() => void openSource({ kind: 'project' })}>Project diagram</button></span>}
      <button type="button" onClick={() => void autoLayout()}>Auto-layout</button>
      <button type="button" onClick={() => void resetLayout()} disabled={!pinnedCount} title="Give tables placed by hand back to the automatic layout">Reset positions</button>
      <button type="button" onClick={() => void saveLayout()} disabled={!unsaved} aria-describedby="layout-note"
        title={`Write the positions placed by hand into ${layoutPath ?? 'the layout file'} (a change of the project, shown in the Git panel)`}>Save layout</button>
      <span id="layout-note" className="muted" aria-live="polite">{unsaved ? `${unsaved} unsaved ${unsaved === 1 ? 'position' : 'positions'} (kept in this browser)` : ''}</span>
      <button type="button" onClick={() => requestFit()}>Fit view</button>
      <span className="group">
        <button ref={filtersButton} type="button" aria-expanded={open} onClick={() => setOpen(!open)}>Filters{count ? ` (${count})` : ''}</button>
        {open && graph && <FilterPanel f={filters} all={facets(graph)} close={() => setOpen(false)} opener={filtersButton} />}
      </span>
      {source.kind === 'project' && (<>
        <label className="check"><input type="checkbox" checked={filters.lineage} onChange={(e) => setFilters({ lineage: e.target.checked })} />Lineage</label>
        <label className="check" title="keys the project does not declare, inferred from column names (dashed)"><input type="checkbox" checked={filters.inferred} onChange={(e) => setFilters({ inferred: e.target.checked })} />Inferred</label>
      </>)}
      <label className="check" title="how much of each table is drawn (a table's own ▾ button changes it alone)">Columns <select value={detail ?? 'auto'}
        onChange={(e) => setDetail(e.target.value === 'auto' ? undefined : e.target.value as Detail)}>
        <option value="auto">Auto ({DETAIL_WORDS[viewDetail(visible)]})</option>
        {(['all', 'keys', 'collapsed'] as const).map((d) => <option key={d} value={d}>{DETAIL_WORDS[d][0].toUpperCase() + DETAIL_WORDS[d].slice(1)}</option>)}
      </select></label>
      <button type="button" aria-pressed={legend} onClick={() => togglePanel('legend')}>Legend</button>
      <button type="button" aria-pressed={minimap} onClick={() => togglePanel('minimap')}>Minimap</button>
      <button type="button" onClick={() => void exportDiagram('png')}>Export PNG</button>
      <button type="button" onClick={() => void exportDiagram('svg')}>Export SVG</button>
      {source.kind === 'project' && offers('GET /api/git/branches') && git && <DiffControl />}
      {visible && (focus
        ? <span className="focus-note">
          {/* one line over the canvas: cut short on a narrow window, whole on hover and for screen readers */}
          <span role="status" title={focusText}>{focusText}</span>{' '}
          <label className="check">Hops <select value={hops} onChange={(e) => setHops(Number(e.target.value))}>
            {[1, 2, 3, 4].map((h) => <option key={h} value={h}>{h}</option>)}
          </select></label>{' '}
          {!!visible.more && <button type="button" onClick={showMore}>{`Show ${visible.more} more`}</button>}{' '}
          {!focus.automatic && <button type="button" onClick={clearFocus}>Clear focus</button>}{' '}
          <button type="button" onClick={() => setShowAll(true)}>Show all</button>{' '}
          <Folded visible={visible} shown={plumbing} />
        </span>
        : <span className="focus-note"><span role="status">{visible.graph.nodes.length} tables{visible.readAt ? ' (fitted no smaller than names read: zoom out for the whole)' : ''}</span>{' '}
          {showAll && <> <button type="button" onClick={() => setShowAll(false)}>Show focused</button></>}{' '}
          <Folded visible={visible} shown={plumbing} /></span>)}
    </div>
  );
}

/** The keyless plumbing folded away (`_tmp` models, sources no key meets): its count, one click from being drawn. */
function Folded({ visible, shown }: { visible: VisibleGraph; shown: boolean }) {
  if (shown && visible.revealed) return <button type="button" onClick={() => setPlumbing(false)} title="Fold the _tmp models and source tables that no key meets into a count again">Hide tables without keys</button>;
  if (shown || !visible.folded) return null;
  const n = visible.folded;
  return <span className="folded" title="_tmp models and source tables with no key that no relationship meets: a data modeler leaves them off the diagram">
    <span className="folded-text">{`· ${n} staging ${n === 1 ? 'table' : 'tables'} without keys hidden`}</span>{' '}
    <button type="button" aria-label={`Show ${n} ${n === 1 ? 'table' : 'tables'} without keys`} onClick={() => setPlumbing(true)}>Show</button>
  </span>;
}
