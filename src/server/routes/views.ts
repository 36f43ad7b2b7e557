// The model views the canvas and the panels show, each the JSON its CLI command prints with
// --output-json: a model or diagram file, the dbt project as a graph, validation, the mesh
// check, the readiness review, and the doc blocks (so a DOC_BLOCK_OVERWRITE can point at one);
// and the canvas positions a user placed, kept in a diagram file.
import type { FastifyInstance } from 'fastify';
import { ChangeError, fileValidation, projectGraphDiff, saveLayout, loadModelFile, meshCheck, modelView, projectInferredEdges, projectGraph, projectGraphClusters, projectGraphLod, projectPath, projectTables, projectValidation, readinessGate, toolVersion, type LoadedModel } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { GraphClustersQuery, GraphDiffQuery, GraphQuery, LayoutBody, LayoutResponse, MeshQuery, PathQuery, ProjectParams, ReadinessQuery, ValidationQuery } from '../contract.js';
import type { ProjectSession } from '../session.js';
import { ColumnChecks } from '../column-checks.js';
import { routeSchema } from '../schemas.js';
import { checkProject } from './common.js';

/** How long the server is idle before it reads the column findings (the assistant's index waits 500 ms). */
const COLUMN_CHECKS_AFTER_IDLE_MS = 300;

/** A model file as the project reader holds it, or read from disk when it lies outside Modeler/. */
function modelFile(session: ProjectSession, p: string): { rel: string; lm: LoadedModel; diagnostics: LoadedModel['diagnostics'] } {
  const { rel, abs } = projectPath(session.root, p);
  const held = session.project.modelerFiles.find((m) => m.file === rel);
  if (held) return { rel, lm: held, diagnostics: session.project.diagnostics.filter((d) => d.file === rel) };
  const lm = loadModelFile(abs, { displayPath: rel });
  if (lm.diagnostics[0]?.code === 'IO') throw new ChangeError('NOT_FOUND', lm.diagnostics[0].message, { location: { file: rel } });
  return { rel, lm, diagnostics: lm.diagnostics };
}

export function registerViewRoutes(app: FastifyInstance, { session, activity, opts }: RouteContext): void {
  const tags = ['model views'];
  // the column findings are read in the background (column-checks.ts) once the server has been idle
  // for a moment: after the first screen's requests, which one model's reading (up to ~0.2 s at
  // 10,000 models) would otherwise hold up; and after the SQL parser is loaded (catchUp waits for it)
  const checks = new ColumnChecks(session, () => session.changing() || activity.open() > 0, opts.log);
  app.addHook('onReady', async () => {
    activity.whenIdle(COLUMN_CHECKS_AFTER_IDLE_MS, session.events, () => { void session.catchUp().then(() => checks.start()); });
  });
  app.get<{ Params: ProjectParams; Querystring: PathQuery }>('/api/projects/:id/model', {
    schema: routeSchema({ tags, summary: 'entities, columns and relationships of a model or diagram file', params: 'ProjectParams', query: 'PathQuery', response: 'ModelViewResponse' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    const f = modelFile(session, req.query.path);
    return modelView(f.rel, f.lm, f.diagnostics);
  });

  app.post<{ Params: ProjectParams; Body: LayoutBody }>('/api/projects/:id/layout', {
    schema: routeSchema({ tags, summary: 'keep node positions placed on the canvas in a diagram file (display.positions; the file is created when absent)', params: 'ProjectParams', body: 'LayoutBody', response: 'LayoutResponse' }),
  }, async (req): Promise<LayoutResponse> => {
    checkProject(session, req.params.id);
    const r = await session.write('files_written', () => saveLayout(session.root, req.body), (x) => [x.path]);
    return { ...r, version: session.version };
  });

  app.get<{ Params: ProjectParams; Querystring: GraphQuery }>('/api/projects/:id/graph', {
    schema: routeSchema({ tags, summary: 'the dbt project: models as tables with columns, key edges (relationships tests, foreign_key/references) and ref()/source() lineage; by level of detail (focus, folder, layer, limit) only the tables asked for', params: 'ProjectParams', query: 'GraphQuery', response: 'GraphResponse',
      description: 'Without a query: the whole project. With `focus` (table ids, or `auto`) and `hops`, `folder`, `layer` or `limit`: only those tables with their columns, the edges among them, and `lod` (the totals, the focus in effect, whether `limit` cut it).' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    const q = req.query;
    if (!Object.keys(q).length) return projectGraph(session.project);
    return projectGraphLod(session.project, {
      focus: q.focus === undefined ? undefined : q.focus === 'auto' ? 'auto' : q.focus.split(',').filter(Boolean),
      hops: q.hops === undefined ? undefined : Number(q.hops), lineage: q.lineage === 'true', inferred: q.inferred === 'true', folder: q.folder, layer: q.layer,
      limit: q.limit === undefined ? undefined : Number(q.limit),
    });
  });

  app.get<{ Params: ProjectParams }>('/api/projects/:id/graph/tables', {
    schema: routeSchema({ tags, summary: 'every table by name (id, type, file, line, layer), no columns or edges: what search needs when the graph is shown by level of detail', params: 'ProjectParams', response: 'TableList' }),
  }, async (req) => { checkProject(session, req.params.id); return projectTables(session.project); });

  app.get<{ Params: ProjectParams; Querystring: GraphClustersQuery }>('/api/projects/:id/graph/clusters', {
    schema: routeSchema({ tags, summary: 'the project summarised for an overview: one cluster per folder or layer with its table counts, and the edges between clusters counted by kind', params: 'ProjectParams', query: 'GraphClustersQuery', response: 'GraphClustersResponse' }),
  }, async (req) => { checkProject(session, req.params.id); return projectGraphClusters(session.project, req.query.by ?? 'folder'); });

  app.get<{ Params: ProjectParams }>('/api/projects/:id/graph/inferred', {
    schema: routeSchema({ tags, summary: 'relationships the project does not declare, inferred from column names by the Conceptualizer, with their evidence (the canvas draws them dashed)', params: 'ProjectParams', response: 'InferredEdgesResponse' }),
  }, async (req) => { checkProject(session, req.params.id); return projectInferredEdges(session.project); });

  app.get<{ Params: ProjectParams; Querystring: GraphDiffQuery }>('/api/projects/:id/graph/diff', {
    schema: routeSchema({ tags, summary: 'tables and columns added, changed or removed since a git ref (the canvas diff overlay); 409 NOT_A_REPO, 404 REF_NOT_FOUND', params: 'ProjectParams', query: 'GraphDiffQuery', response: 'GraphDiffResponse' }),
  }, async (req) => { checkProject(session, req.params.id); return projectGraphDiff(session.root, session.project, req.query.ref); });

  app.get<{ Params: ProjectParams; Querystring: ValidationQuery }>('/api/projects/:id/validation', {
    schema: routeSchema({ tags, summary: 'validation of every Modeler/ file plus the loader diagnostics; with ?path= one file as `modeler validate FILE --output-json`', params: 'ProjectParams', query: 'ValidationQuery', response: 'ValidationResponse',
      description: 'Without `path`: {project, valid, summary, files[], loader}. With `path`: {file, valid, errors, warnings, diagnostics}.' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    if (req.query.path === undefined) return projectValidation(session.project, checks.pending ? { columns: 'pending' } : {});
    const f = modelFile(session, req.query.path);
    return fileValidation(f.rel, f.diagnostics);
  });

  app.get<{ Params: ProjectParams; Querystring: MeshQuery }>('/api/projects/:id/mesh', {
    schema: routeSchema({ tags, summary: 'the mesh Interface check (`modeler mesh check --output-json`)', params: 'ProjectParams', query: 'MeshQuery', response: 'MeshResponse' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    return meshCheck(session.root, { project: session.project, strict: req.query.strict === 'true' });
  });

  app.get<{ Params: ProjectParams; Querystring: ReadinessQuery }>('/api/projects/:id/readiness', {
    schema: routeSchema({ tags, summary: 'the readiness review (`modeler readiness-gate --output-json`)', params: 'ProjectParams', query: 'ReadinessQuery', response: 'ReadinessResponse' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    const q = req.query;
    const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
    const r = readinessGate({ project: session.root, loaded: session.project, artifacts: false, version: toolVersion(),
      minScore: num(q.min_score), maxRed: num(q.max_red), maxYellow: num(q.max_yellow) });
    const { sarif: _s, prComment: _p, ...rest } = r;
    return rest;
  });

  app.get<{ Params: ProjectParams }>('/api/projects/:id/doc-blocks', {
    schema: routeSchema({ tags, summary: 'the doc blocks of the project and the .md file that holds each', params: 'ProjectParams', response: 'DocBlocks' }),
  }, async (req) => {
    checkProject(session, req.params.id);
    return { blocks: [...session.project.docs.values()].map((d) => ({ name: d.name, file: d.file, line: d.line })).sort((a, b) => a.name.localeCompare(b.name)) };
  });
}
