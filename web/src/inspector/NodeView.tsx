// A table (dbt model, source, seed, snapshot) or a model file's entity: description, owner,
// Interface status, readiness findings, and its columns with types, keys, tests, glossary terms
// and doc-block-bound descriptions shown with their .md source.
import { askAbout } from '../ai/actions';
import { ACTION_NAMES, COLUMN_ACTIONS, openEdit, relateByDrag, TABLE_ACTIONS } from '../edit/actions';
import { nodeContext } from '../canvas/context';
import { focusOn } from '../canvas/controller';
import { inferredHint, ORIGIN_WORDS, type CColumn, type CNode } from '../canvas/model';
import { canvas } from '../canvas/store';
import { openFile } from '../editor/actions';
import { app, select } from '../state/app';
import { FindingList } from './Findings';
import { findingsOfTable } from './findings-of';
import { SqlPreview } from './SqlPreview';
import { Clamped } from './Clamped';
import { LineageSection } from '../lineage/LineageSection';

function DocSource({ doc }: { doc: string }) {
  const block = app.use((s) => s.docBlocks.find((b) => b.name === doc));
  if (!block) return <span className="muted"> (doc block “{doc}” not found)</span>;
  return <> <button type="button" className="link" onClick={() => openFile(block.file, block.line)}>doc block “{doc}” in {block.file}:{block.line}</button></>;
}

const knownFrom = (c: CColumn) => (c.origins ?? (c.origin ? [c.origin] : [])).map((o) => ORIGIN_WORDS[o]).join(', ');
const typeText = (c: CColumn) => (c.type ? `${c.type}${c.typeOrigin && c.typeOrigin !== 'yaml' ? ` (${ORIGIN_WORDS[c.typeOrigin]})` : ''}` : undefined);


function ColumnRow({ n, c, active }: { n: CNode; c: CColumn; active: boolean }) {
  return (
    <tr className={active ? 'active' : ''} aria-selected={active}>
      <th scope="row" title={c.name}><button type="button" className="link" onClick={() => select({ kind: 'column', id: n.id, column: c.name })}>{c.name}</button></th>
      <td>{[c.pk && 'PK', c.fk && 'FK', c.unique && !c.pk && 'unique', c.notNull && !c.pk && 'not null'].filter(Boolean).join(', ')}
        {!c.fk && c.inferredKey && <span className="inferred-key" title={inferredHint(c.inferredKey)}>{c.pk ? ', ' : ''}FK (inferred)</span>}</td>
      <td>{typeText(c) ?? <span className="muted">—</span>}</td>
      <td>{c.tests.join(', ')}</td>
      <td>{knownFrom(c)}</td>
      <td>{c.glossary ?? ''}</td>
    </tr>
  );
}

function ColumnDetail({ n, c }: { n: CNode; c: CColumn }) {
  const source = canvas.use((s) => s.source);
  const readiness = app.use((s) => s.readiness);
  const mesh = app.use((s) => s.mesh);
  return (
    <section className="column-detail" aria-label={`Column ${c.name}`}>
      <h3>{n.name}.{c.name}</h3>
      <dl>
        <dt>Type</dt><dd>{c.type ? `${c.type}${c.typeOrigin ? ` (from ${c.typeOrigin === 'sql' ? 'a cast in the SQL' : c.typeOrigin === 'catalog' ? 'target/catalog.json' : 'the YAML'})` : ''}` : 'not declared'}</dd>
        <dt>Known from</dt><dd>{knownFrom(c) || 'the YAML'}{c.origin && c.origin !== 'yaml' ? ' (not documented in YAML)' : ''}</dd>
        <dt>Keys</dt><dd>{[c.pk && 'primary key', c.fk && 'references another table', c.unique && 'unique', c.notNull && 'not null'].filter(Boolean).join(', ') || (c.fk || !c.inferredKey ? 'none' : '')}
          {!c.fk && c.inferredKey && <>{c.pk || c.unique || c.notNull ? '; ' : ''}inferred key to {c.inferredKey.table}.{c.inferredKey.column} — {inferredHint(c.inferredKey)}{' '}
            <button type="button" className="link" onClick={() => select({ kind: 'edge', id: c.inferredKey!.edge })}>Show the inferred relationship</button>{' '}
            {/* accepting it here is the same edit as from the relationship: the relationships test, through the review plan */}
            <button type="button" className="link" onClick={() => void relateByDrag({ node: n.id, table: n.name, column: c.name }, c.inferredKey!)}>Propose relationships test</button></>}</dd>
        <dt>Tests</dt><dd>{c.tests.join(', ') || 'none'}</dd>
        <dt>Glossary</dt><dd>{c.glossary ?? 'not bound'}</dd>
        <dt>Description</dt><dd>{c.description ? <Clamped text={c.description} what="column's description" /> : <span className="muted">none</span>}{c.doc && <DocSource doc={c.doc} />}</dd>
      </dl>
      <div className="row">
        {n.file && c.origins?.includes('yaml') !== false && <button type="button" onClick={() => openFile(n.file!, c.line ?? n.line)}>Open YAML</button>}
        {n.sqlPath && c.sqlLine && <button type="button" onClick={() => openFile(n.sqlPath!, c.sqlLine)}>Open SQL</button>}
        <button type="button" onClick={() => askAbout([{ ...nodeContext(n, source), kind: 'column', name: `${n.name}.${c.name}`, line: c.line ?? n.line }])}>Ask AI about {c.name}</button>
      </div>
      <EditButtons n={n} column={c.name} />
      {source.kind === 'project' && n.kind !== 'concept' && <LineageSection node={n.name} column={c.name} />}
      <h4>Findings</h4>
      <FindingList rows={findingsOfTable(n.name, readiness, mesh, c.name)} empty="No findings for this column." />
    </section>
  );
}

/** The table's or the column's edits, each opening its dialog (a group of its own, so names stay unique in it). */
function EditButtons({ n, column }: { n: CNode; column?: string }) {
  const actions = column ? COLUMN_ACTIONS : TABLE_ACTIONS;
  return (
    <div className="row edit-actions" role="group" aria-label={column ? `Edit column ${column}` : `Edit table ${n.name}`}>
      {actions.map((a) => <button key={a} type="button" onClick={() => openEdit(a, { node: n.id, table: n.name, column })}>{ACTION_NAMES[a]}</button>)}
    </div>
  );
}

export function NodeView({ n, column }: { n: CNode; column?: string }) {
  const source = canvas.use((s) => s.source);
  const readiness = app.use((s) => s.readiness);
  const mesh = app.use((s) => s.mesh);
  const col = column ? n.columns.find((c) => c.name === column) : undefined;
  const iface = n.interface;
  return (
    <article aria-label={`Inspector for ${n.name}`}>
      <h2>{n.name} <span className="badge">{n.kind}</span>{n.layer && <span className="badge layer">{n.layer}</span>}</h2>
      {col && <ColumnDetail n={n} c={col} />}
      <dl>
        <dt>Description</dt><dd>{n.description ? <Clamped text={n.description} what="description" /> : <span className="muted">none</span>}</dd>
        <dt>Owner</dt><dd>{n.owner ?? <span className="muted">not set</span>}</dd>
        {n.domain && <><dt>Domain</dt><dd>{n.domain}</dd></>}
        {n.materialized && <><dt>Materialized</dt><dd>{n.materialized}{n.contract ? ', contract enforced' : ''}</dd></>}
        <dt>Interface</dt><dd>{iface ? `${iface.stability ?? '?'} · ${iface.status ?? 'no status'}${iface.version ? ` · ${iface.version}` : ''}` : 'not an Interface'}</dd>
        {n.tags.length > 0 && <><dt>Tags</dt><dd>{n.tags.join(', ')}</dd></>}
        {n.file && <><dt>Defined in</dt><dd><button type="button" className="link" onClick={() => openFile(n.file!, n.line)}>{n.file}{n.line ? `:${n.line}` : ''}</button></dd></>}
        {n.sqlPath && <><dt>SQL</dt><dd><button type="button" className="link" onClick={() => openFile(n.sqlPath!)}>{n.sqlPath}</button></dd></>}
      </dl>
      <div className="row">
        <button type="button" onClick={() => askAbout([nodeContext(n, source)])}>Ask AI about {n.name}</button>
        <button type="button" onClick={() => void focusOn([n.id])}>Focus with neighbours</button>
      </div>
      {!col && <EditButtons n={n} />}
      <h3>Columns ({n.columns.length})</h3>
      {/* six columns do not fit the panel: one line a row, scrolled sideways, rather than clipped */}
      <div className="table-scroll" role="region" aria-label={`Columns of ${n.name}`} tabIndex={0}>
        <table className="columns">
          <thead><tr><th scope="col">Column</th><th scope="col">Keys</th><th scope="col">Type</th><th scope="col">Tests</th><th scope="col">Known from</th><th scope="col">Glossary</th></tr></thead>
          <tbody>{n.columns.map((c) => <ColumnRow key={c.name} n={n} c={c} active={c.name === column} />)}</tbody>
        </table>
      </div>
      {n.columns.some((c) => c.doc) && (
        <>
          <h4>Doc-block descriptions</h4>
          <ul>{n.columns.filter((c) => c.doc).map((c) => <li key={c.name}>{c.name}: <DocSource doc={c.doc!} /></li>)}</ul>
        </>
      )}
      <h3>Readiness findings</h3>
      <FindingList rows={findingsOfTable(n.name, readiness, mesh)} empty="No readiness findings." />
      {source.kind === 'model' && <SqlPreview path={source.path} />}
    </article>
  );
}
