// Column-level lineage of the open project, as `modeler lineage` prints it with --output-json:
// one column's upstream and downstream (one hop, or up to ?depth=), and the impact of dropping it.
// The graph is built once and brought up to date for each state of the project (the watcher's
// reload): only the models the changed files reach are read again.
import type { FastifyInstance } from 'fastify';
import { columnImpact, columnLineage, lineageDepth, lineageGraph, parseAddress } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { LineageImpactQuery, LineageQuery, ProjectParams } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

export function registerLineageRoutes(app: FastifyInstance, { session }: RouteContext): void {
  const tags = ['lineage'];
  app.get<{ Params: ProjectParams; Querystring: LineageQuery }>('/api/projects/:id/lineage', {
    schema: routeSchema({ tags, summary: 'where a column comes from and what it feeds (`modeler lineage NODE.COLUMN --output-json`); 404 COLUMN_NOT_FOUND names the nearest column', params: 'ProjectParams', query: 'LineageQuery', response: 'LineageResponse' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    // read before the graph is built: a bad depth is refused at once, in the CLI's words
    const depth = lineageDepth(req.query.depth, 'depth');
    const g = lineageGraph(session.project, { cache: true });
    const a = parseAddress(g, req.query.column);
    return columnLineage(g, { id: a.id, column: a.column! }, depth);
  });

  app.get<{ Params: ProjectParams; Querystring: LineageImpactQuery }>('/api/projects/:id/lineage/impact', {
    schema: routeSchema({ tags, summary: 'what dropping a column breaks: downstream columns, tests, contracts, Interfaces (`modeler lineage --impact NODE.COLUMN --output-json`)', params: 'ProjectParams', query: 'LineageImpactQuery', response: 'LineageImpactResponse' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    const p = session.project;
    const g = lineageGraph(p, { cache: true });
    const a = parseAddress(g, req.query.column);
    return columnImpact(g, { id: a.id, column: a.column! }, [...p.models, ...p.snapshots, ...p.seeds, ...p.sources]);
  });
}
