// Bulk contract enforcement through the comment-preserving editor. 200: every selected model is
// as asked; 207: some were changed and some refused by the pre-flight (each listed with its
// reason); 409 CONTRACT_PREFLIGHT: models were refused and nothing was written.
import type { FastifyInstance } from 'fastify';
import { enforceContracts, projectPath } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { ContractsBody } from '../contract.js';
import { ApiError } from '../errors.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

export function registerContractRoutes(app: FastifyInstance, { session }: RouteContext): void {
  app.post<{ Body: ContractsBody }>('/api/model/contracts/enforce', {
    schema: routeSchema({ tags: ['contracts'], summary: 'set (or unset) config.contract.enforced and meta.modeler.contracts on the models selected by layer and/or files',
      description: '200 all selected models done; 207 some changed, some refused (see `refused`); 409 CONTRACT_PREFLIGHT refused and nothing written.',
      body: 'ContractsBody', response: 'ContractsResponse' }),
  }, async (req, reply) => {
    const b = req.body;
    checkProject(session, b.projectId);
    if (!b.selectors.layer && !b.selectors.files?.length) throw new ApiError(400, 'BAD_REQUEST', 'selectors needs a layer and/or files');
    const files = b.selectors.files?.map((f) => projectPath(session.root, f, 'selectors.files').rel);
    const r = await session.write('files_written',
      () => enforceContracts(session.root, { layer: b.selectors.layer, files, enforce: b.enforce, force: b.force, dryRun: b.dry_run }),
      (x) => (b.dry_run ? [] : x.filesChanged));
    const body = { ...r, version: session.version };
    const refused = b.force ? r.refused.filter((x) => x.code !== 'CONTRACT_PREFLIGHT') : r.refused;
    if (!refused.length) return body;
    if (!r.filesChanged.length) throw new ApiError(409, 'CONTRACT_PREFLIGHT', `${refused.length} selected model(s) refused and nothing written: ${refused[0].message}`, { ...body });
    return reply.status(207).send(body);
  });
}
