// The one sentence `modeler lineage --impact` starts with (and the gate's line and the PR comment
// carry) counts a long list of broken columns instead of naming them all: cal-itp-warehouse's
// dim_schedule_feeds.key breaks 463 columns in 140 models, which made a 40,000-character line.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadProject } from '../../src/core/project/load.js';
import { initSqlColumns } from '../../src/core/sql-columns/query-shape.js';
import { lineageGraph } from '../../src/lineage/graph.js';
import { columnImpact } from '../../src/lineage/impact.js';
import { parseAddress } from '../../src/lineage/query.js';
import { writeProject } from './helpers.js';

describe('the impact summary', () => {
  beforeAll(async () => { await initSqlColumns(); });

  it('names up to eight broken columns, the contracted ones first, and counts the rest', () => {
    const files: Record<string, string> = {
      'dbt_project.yml': 'name: many\nversion: "1.0"\nprofile: many\n',
      'models/feeds.sql': 'select 1 as key\n',
      // the last one is contracted: it is named although it comes last
      'models/_contract.yml': 'version: 2\nmodels:\n  - name: dim_9\n    config: {contract: {enforced: true}}\n    columns:\n      - name: feed_key\n        data_type: int\n',
    };
    for (let i = 0; i < 10; i++) files[`models/dim_${i}.sql`] = `select key as feed_key, key * 2 as doubled from {{ ref('feeds') }}\n`;
    const p = loadProject(writeProject('modeler-impact-many-', files));
    const g = lineageGraph(p);
    const r = columnImpact(g, parseAddress(g, 'feeds.key') as { id: string; column: string }, p.models);
    expect(r.columns).toHaveLength(20);
    expect(r.summary).toMatch(/^dropping `feeds\.key` breaks 20 columns in 10 models: `dim_9\.feed_key` \(contracted\), `dim_\d\.\w+`(, `dim_\d\.\w+`){6} and 12 more$/);
    // a short list is named whole, as before
    const one = columnImpact(g, parseAddress(g, 'dim_0.feed_key') as { id: string; column: string }, p.models);
    expect(one.summary).toBe('dropping `dim_0.feed_key` breaks no downstream column');
  });
});
