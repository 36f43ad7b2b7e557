// The two deterministic agents: the same proposals as `modeler agents conceptualize|canonicalize`.
import type { FastifyInstance } from 'fastify';
import { canonicalize, conceptualize, DEFAULT_MIN_RECURRENCE } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { CanonicalizeBody, ConceptualizeBody } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

export function registerAgentRoutes(app: FastifyInstance, { session }: RouteContext): void {
  const tags = ['agents'];
  app.post<{ Body: ConceptualizeBody }>('/api/ai/conceptualize', {
    schema: routeSchema({ tags, summary: 'a `kind: diagram` proposal: business entities, relationships and domains from the staging models', body: 'ConceptualizeBody', response: 'AgentProposal' }),
  }, async (req) => { checkProject(session, req.body.projectId); return conceptualize(session.project); });

  app.post<{ Body: CanonicalizeBody }>('/api/ai/canonicalize', {
    schema: routeSchema({ tags, summary: 'a canonical logical layer: one create_file for the docs and one per logical entity', body: 'CanonicalizeBody', response: 'AgentProposal' }),
  }, async (req) => {
    checkProject(session, req.body.projectId);
    return canonicalize(session.project, { minRecurrence: req.body.minRecurrence ?? DEFAULT_MIN_RECURRENCE });
  });
}
