// A table on the canvas: its name, layer, and columns with key marks; two anchors per row so an
// edge can leave by the side facing its other end. Colours for a diff overlay come from classes.
import { memo } from 'react';
import { Handle, Position, type Node, type NodeProps } from '@xyflow/react';
import { inferredHint, ORIGIN_WORDS, type CColumn, type CNode, type Detail } from './model';
import { lineage, marksOf } from '../lineage/store';
import { hiddenColumns, ROW_H, shownColumns } from './geometry';
import { setTableDetail } from './controller';

/** What choosing each detail is called, before the table's name (the button's name; the table's context menu offers the other two). */
export const DETAIL_ACTION: Record<Detail, string> = { all: 'Show all columns of', keys: 'Show keys of', collapsed: 'Collapse' };
// the detail button steps through the three, named by what it will do
const NEXT: Record<Detail, { to: Detail; glyph: string }> = {
  keys: { to: 'all', glyph: '▾' },
  all: { to: 'collapsed', glyph: '▴' },
  collapsed: { to: 'keys', glyph: '▸' },
};

/** A column that YAML does not document is marked with where it is known from (its SQL, the catalog). */
function originMark(c: CColumn) {
  if (!c.origin || c.origin === 'yaml') return null;
  const title = c.origin === 'sql' ? 'returned by the model\'s SQL; not documented in YAML' : 'listed by target/catalog.json only';
  return <span className={`col-origin ${c.origin}`} title={title} aria-label={`from ${ORIGIN_WORDS[c.origin]}`}>{c.origin === 'sql' ? 'sql' : 'cat'}</span>;
}

/** PK, FK, or FK inferred (an inferred key shown: dotted, as its edge, and named so). */
function keyMark(c: CColumn, inferred: boolean) {
  const k = inferred && !c.pk && !c.fk ? c.inferredKey : undefined;
  if (k) {
    const why = `inferred key to ${k.table}.${k.column}: ${inferredHint(k)}`;
    return <span className="key-mark inferred" title={why}>FK<span className="sr-only"> (inferred)</span></span>;
  }
  return <span className={`key-mark${c.pk ? ' pk' : ''}`}>{c.pk ? 'PK' : c.fk ? 'FK' : ''}</span>;
}

export interface TableData extends Record<string, unknown> {
  node: CNode;
  diff?: 'added' | 'changed' | 'removed';
  columnDiff?: Record<string, 'added' | 'changed' | 'removed'>;
  dimmed?: boolean;
  /** zoomed out past readable text: the title bar, and the rows as bars (canvas/lod.ts) */
  far?: boolean;
  /** inferred keys are drawn (the toolbar's Inferred): their columns are marked FK, dotted */
  inferred?: boolean;
}
export type TableFlowNode = Node<TableData, 'table'>;

// a column's anchors are where a drag to another column starts and ends (drag-to-relate); the title's are not
const anchors = (column: string) => (
  <>
    <Handle type="source" id={`${column}:L`} position={Position.Left} isConnectable={!!column} className="anchor" />
    <Handle type="source" id={`${column}:R`} position={Position.Right} isConnectable={!!column} className="anchor" />
  </>
);

function TableNodeView({ data, selected }: NodeProps<TableFlowNode>) {
  const n = data.node;
  const iface = n.interface;
  const marks = lineage.use((s) => marksOf(s, n.name));
  const cols = data.far ? [] : shownColumns(n);
  const hidden = data.far ? 0 : hiddenColumns(n, cols);
  const next = NEXT[n.detail ?? 'all'];
  const label = `${DETAIL_ACTION[next.to]} ${n.name}`;
  return (
    <div className={`table-node${selected ? ' selected' : ''}${data.diff ? ` diff-${data.diff}` : ''}${data.dimmed ? ' dimmed' : ''}`} data-layer={n.layer}>
      <div className="table-head">
        {anchors('')}
        {/* the full name in the tooltip: a long one is cut with an ellipsis in the title bar */}
        <span className="table-name" title={n.description ? `${n.name}\n${n.description}` : n.name}>{n.name}</span>
        {iface && <span className="badge iface" title={`Interface ${iface.stability ?? ''} ${iface.status ?? ''}`}>IF</span>}
        {n.layer && <span className="badge layer">{n.layer}</span>}
        {data.diff && <span className="badge diff">{data.diff}</span>}
        {/* out of the Tab order, so Tab goes table to table; from the keyboard, the table's context menu has the same choices */}
        {!data.far && <button type="button" tabIndex={-1} className="detail-toggle nodrag" aria-label={label} title={label}
          onClick={(e) => { e.stopPropagation(); setTableDetail(n.id, next.to); }}>{next.glyph}</button>}
      </div>
      {cols.map((c) => {
        const d = data.columnDiff?.[c.name];
        const lin = marks.get(c.name.toLowerCase());
        return (
          <div key={c.name} className={`table-row${d ? ` diff-${d}` : ''}${lin ? ` lineage-${lin}` : ''}`} data-column={c.name} data-lineage={lin}>
            {anchors(c.name)}
            {keyMark(c, !!data.inferred)}
            <span className="col-name" title={c.description ? `${c.name}\n${c.description}` : c.name}>{c.name}</span>
            {originMark(c)}
            {c.type && <span className="col-type" title={c.typeOrigin ? `type from ${ORIGIN_WORDS[c.typeOrigin]}` : undefined}>{c.type}</span>}
            {d && <span className="sr-only"> ({d})</span>}
            {lin && <span className="lineage-mark" aria-label={lin === 'upstream' ? 'upstream of the selected column' : 'downstream of the selected column'}>{lin === 'upstream' ? '↑' : '↓'}</span>}
          </div>
        );
      })}
      {data.far && <Bars n={n} />}
      {hidden > 0 && n.detail !== 'collapsed' && <div className="table-row more">+ {hidden} {hidden === 1 ? 'column' : 'columns'}</div>}
      {!data.far && !n.columns.length && <div className="table-row empty">no columns declared</div>}
    </div>
  );
}

/** The rows of a table zoomed out, as one element: a bar per row (its text would be under 6 px). */
function Bars({ n }: { n: CNode }) {
  if (n.detail === 'collapsed') return null;
  const shown = shownColumns(n);
  const rows = Math.max(1, shown.length + (hiddenColumns(n, shown) > 0 ? 1 : 0));
  return <div className="table-bars" style={{ height: rows * ROW_H }} aria-hidden="true" />;
}

export const TableNode = memo(TableNodeView);
