// A relationship: its two ends, cardinality, verb, and where it is declared.
import { askAbout } from '../ai/actions';
import { edgeContext } from '../canvas/context';
import type { CEdge } from '../canvas/model';
import { canvas } from '../canvas/store';
import { relateByDrag } from '../edit/actions';
import { openFile } from '../editor/actions';
import { select } from '../state/app';

export function EdgeView({ e }: { e: CEdge }) {
  const graph = canvas.use((s) => s.graph);
  const source = canvas.use((s) => s.source);
  const name = (id: string) => graph?.nodes.find((n) => n.id === id)?.name ?? id;
  const end = (x: CEdge['from'], label: string) => (
    <button type="button" className="link" aria-label={`${label}: ${name(x.node)}${x.column ? `.${x.column}` : ''}`}
      onClick={() => select(x.column ? { kind: 'column', id: x.node, column: x.column } : { kind: 'node', id: x.node })}>{name(x.node)}{x.column ? `.${x.column}` : ''}</button>
  );
  const lineage = e.kind === 'ref' || e.kind === 'source';
  const inferred = e.kind === 'inferred';
  // accepting an inferred key is the same edit as drawing it: the relationships test in the project's style, through the review plan
  const accept = () => void relateByDrag({ node: e.from.node, table: name(e.from.node), column: e.from.column! }, { table: name(e.to.node), column: e.to.column! });
  return (
    <article aria-label="Inspector for a relationship">
      <h2>{lineage ? 'Lineage' : inferred ? 'Inferred relationship' : 'Relationship'}{e.name ? ` ${e.name}` : ''}</h2>
      {inferred && <p className="muted">The project does not declare this key; it is inferred from the column name ({e.evidence?.rule}, confidence {e.evidence?.confidence}).</p>}
      <dl>
        <dt>From</dt><dd>{end(e.from, 'From')}</dd>
        <dt>To</dt><dd>{end(e.to, 'To')}</dd>
        {e.cardinality && <><dt>Cardinality</dt><dd>{e.cardinality.replace(/_/g, ' ')}</dd></>}
        {e.verb && <><dt>Verb</dt><dd>{e.verb}</dd></>}
        {e.via && !inferred && <><dt>Declared by</dt><dd>{e.via}</dd></>}
        {e.file && <><dt>Defined in</dt><dd><button type="button" className="link" onClick={() => openFile(e.file!, e.line)}>{e.file}{e.line ? `:${e.line}` : ''}</button></dd></>}
      </dl>
      {inferred && e.from.column && e.to.column && (
        <button type="button" onClick={accept}>
          Propose relationships test
        </button>
      )}
      <button type="button" onClick={() => askAbout([edgeContext(e, name, source)])}>Ask AI about this relationship</button>
    </article>
  );
}
