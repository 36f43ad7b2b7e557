// Proposal review: validate (a dry run, always 200 with per-change results) and apply (validated
// again under the write lock, then all files or none; refused with 400 PATH_ESCAPE, 422
// DOC_BLOCK_OVERWRITE or 422 PROPOSAL_INVALID).
import type { FastifyInstance } from 'fastify';
import { applyProposal, proposeEdit, validateProposal, validationCounts } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { ApplyResponse, EditBody, EditResponse, ProposalBody, ValidateBody, ValidateResponse } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

export function registerProposalRoutes(app: FastifyInstance, { session }: RouteContext): void {
  const tags = ['proposals'];
  app.post<{ Body: ValidateBody }>('/api/ai/proposals/validate', {
    schema: routeSchema({ tags, summary: 'check every change (YAML_INVALID, PATH_ESCAPE, WRONG_LAYER, DUPLICATE_RELATIONSHIP, DOC_BLOCK_OVERWRITE, …); writes nothing; with preview, each touched file before and after', body: 'ValidateBody', response: 'ValidateResponse' }),
  }, async (req): Promise<ValidateResponse> => {
    checkProject(session, req.body.projectId);
    const { valid, results, summary, files } = validateProposal(session.validateContext(), req.body.changes);
    return { valid, results, summary, ...(req.body.preview ? { files: files.map((f) => ({ path: f.rel, before: f.before, after: f.after })) } : {}) };
  });

  app.post<{ Body: EditBody }>('/api/ai/proposals/edit', {
    schema: routeSchema({ tags, summary: 'the changes one diagram edit makes (rename with its refs and tests, describe in YAML or the doc block, set type, add or delete a column or model, relate two columns), bound to the files now, for the review plan; refused 422 EDIT_REFUSED with why; writes nothing', body: 'EditBody', response: 'EditResponse' }),
  }, async (req): Promise<EditResponse> => {
    checkProject(session, req.body.projectId);
    return proposeEdit(session.project, req.body.edit, req.body.model_path) as EditResponse;
  });

  app.post<{ Body: ProposalBody }>('/api/ai/proposals/apply', {
    schema: routeSchema({ tags, summary: 'validate again, then write all changes or none', body: 'ProposalBody', response: 'ApplyResponse' }),
  }, async (req): Promise<ApplyResponse> => {
    checkProject(session, req.body.projectId);
    const r = await session.write('proposal_applied', () => applyProposal(session.validateContext(), req.body.changes), (x) => [...x.written, ...x.deleted]);
    return {
      applied: r.applied, written: r.written, deleted: r.deleted, ...(r.primaryFile ? { primary_file: r.primaryFile } : {}),
      results: r.results, summary: r.summary, validation: validationCounts(session.project), version: session.version,
    };
  });
}
