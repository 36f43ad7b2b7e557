// The Conceptualizer, issue 23 second blind round: classes of error read off the held-out company
// warehouse labelled blind (poiscaille-warehouse: a MongoDB application database, Stripe, HubSpot, hand-kept
// sheets, and a consolidation layer named stg_*). Each project is written to exercise one class and read by the
// real project reader, with the SQL parser loaded.
import { describe, expect, it } from 'vitest';
import { conceptualize } from '../../src/agents/conceptualizer.js';
import { drawnReferences } from '../../src/agents/evaluate.js';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import type { DiagramProposal } from '../../src/proposals/types.js';
import { writeProject } from './helpers.js';

await initSqlColumns(); // columns come from the models' SQL
const load = (files: Record<string, string>) => loadProject(writeProject(files));
const refs = (p: DiagramProposal) => drawnReferences(p).map((r) => `${r.parent}>${r.child}.${r.column}`).sort();
const names = (p: DiagramProposal) => p.entities.map((e) => e.name).sort();
const sources = (name: string, ...tables: string[]) => `  - name: ${name}\n    tables:\n${tables.map((t) => `      - name: ${t}\n`).join('')}`;
const sourcesYaml = (...blocks: string[]) => `version: 2\nsources:\n${blocks.join('')}`;

describe('a project that names no warehouse (no profile): SQL in BigQuery\'s syntax', () => {
  // the latest version of each sale document: BigQuery's `* except(...)`, which DuckDB (the default) cannot parse
  const files = {
    'models/app/src_shop_users.sql': "select _id as user_id, email, createdat from {{ source('shop', 'user') }}\n",
    'models/app/src_shop_places.sql': "select _id as place_id, name from {{ source('shop', 'place') }}\n",
    'models/app/src_shop_sales.sql': `with s as (
  select _id as sale_id, user._id as user_id, delivery.place._id as place_id, updatedat,
    row_number() over (partition by _id order by updatedat desc) as rn
  from {{ source('shop', 'sale') }}
)
select * except(rn) from s where rn = 1
`,
    'models/sources.yml': sourcesYaml(sources('shop', 'user', 'place', 'sale')),
  };

  it('is read in a dialect that parses it: its columns are known and its keys drawn', () => {
    const p = conceptualize(load(files));
    expect(refs(p)).toEqual(expect.arrayContaining(['Place>Sale.place_id', 'User>Sale.user_id']));
  });
});
