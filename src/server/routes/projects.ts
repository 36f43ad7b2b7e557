// Health, the project list (one project per server), its summary and its live status.
import type { FastifyInstance } from 'fastify';
import { inGitWorkTree, summarizeWithColumns, toolVersion } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { Health, ProjectList, ProjectParams, StatusResponse } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

export function registerProjectRoutes(app: FastifyInstance, { session }: RouteContext): void {
  app.get('/api/health', { schema: routeSchema({ tags: ['projects'], summary: 'the server is up', response: 'Health' }) },
    async (): Promise<Health> => ({
      status: 'ok', version: toolVersion(), project: { id: session.id, name: session.name, git: inGitWorkTree(session.root) },
      ...(session.recovered.length ? { recovery: session.recovered } : {}),
    }));

  app.get('/api/projects', { schema: routeSchema({ tags: ['projects'], summary: 'the project this server serves', response: 'ProjectList' }) },
    async (): Promise<ProjectList> => ({ projects: [{ id: session.id, name: session.name, path: session.root }] }));

  app.get<{ Params: ProjectParams }>('/api/projects/:id/summary', {
    schema: routeSchema({ tags: ['projects'], summary: 'what the project reader found (counts to check against dbt parse)', params: 'ProjectParams', response: 'ProjectSummaryResponse' }),
  }, async (req) => { checkProject(session, req.params.id); return summarizeWithColumns(session.project).summary; });

  app.get<{ Params: ProjectParams }>('/api/projects/:id/status', {
    schema: routeSchema({ tags: ['projects'], summary: 'validation and readiness counts, kept current after every change', params: 'ProjectParams', response: 'StatusResponse' }),
  }, async (req): Promise<StatusResponse> => { checkProject(session, req.params.id); return session.status(); });
}
