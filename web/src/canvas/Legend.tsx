// The canvas's legend: what the colours (layer on the title bar, domain on the left edge) and the
// lines (declared, inferred, lineage) mean. Shown in a corner of the canvas; "Legend" toggles it.
import { Panel } from '@xyflow/react';
import { panels } from '../shell/panels';
import type { Colours } from './colours';

/** One entry a colour: layers that share one (dim, fct and mart are all marts) are named together, not listed as look-alike swatches. */
function byColour(entries: Map<string, string>): [string, string[]][] {
  const out = new Map<string, string[]>();
  for (const [name, colour] of entries) { const names = out.get(colour); if (names) names.push(name); else out.set(colour, [name]); }
  return [...out];
}

function Swatches({ title, entries, edge }: { title: string; entries: Map<string, string>; edge: 'top' | 'left' }) {
  if (!entries.size) return null;
  return (
    <div className="legend-group">
      <strong>{title}</strong>
      <ul>
        {byColour(entries).map(([colour, names]) => (
          <li key={colour}><span className={`swatch ${edge}`} style={{ [edge === 'top' ? 'borderTopColor' : 'borderLeftColor']: colour }} aria-hidden="true" />{names.join(', ')}</li>
        ))}
      </ul>
    </div>
  );
}

export function Legend({ colours }: { colours: Colours }) {
  const open = panels.use((s) => s.legend);
  if (!open) return null;
  return (
    <Panel position="bottom-left" className="legend" aria-label="Legend">
      <Swatches title="Layer" entries={colours.layers} edge="top" />
      <Swatches title="Domain" entries={colours.domains} edge="left" />
      <div className="legend-group">
        <strong>Lines</strong>
        <ul>
          <li><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" className="er-edge" /></svg>declared key</li>
          <li><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" className="er-edge inferred" /></svg>inferred key</li>
          <li><svg width="28" height="8" aria-hidden="true"><line x1="0" y1="4" x2="28" y2="4" className="er-edge lineage" /></svg>lineage</li>
        </ul>
      </div>
    </Panel>
  );
}
