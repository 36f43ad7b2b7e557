// The Explorer and the editor: list the project's files, read one with its ETag, write it back
// while it is unchanged (If-Match), create, rename, delete. Every write is atomic and goes
// through the project's write lock.
import type { FastifyInstance } from 'fastify';
import { createProjectFile, deleteProjectFile, fileList, readProjectFile, renameProjectFile, writeProjectFile } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { FileDeleteBody, FileDeleted, FileList, FileRead, FileRenameBody, FileRenamed, FileWriteBody, FileWritten, PathQuery, ProjectParams } from '../contract.js';
import { routeSchema } from '../schemas.js';
import { ifMatchRequired } from '../errors.js';
import { checkProject } from './common.js';

const ifMatch = (h: string | string[] | undefined) => (Array.isArray(h) ? h.join(',') : h);

export function registerFileRoutes(app: FastifyInstance, { session }: RouteContext): void {
  const tags = ['files'];
  app.get<{ Params: ProjectParams }>('/api/projects/:id/files', {
    schema: routeSchema({ tags, summary: 'every file of the project with its kind and layer', params: 'ProjectParams', response: 'FileList' }),
  }, async (req): Promise<FileList> => {
    checkProject(session, req.params.id);
    return { project: session.name, version: session.version, files: fileList(session.project) };
  });

  app.get<{ Params: ProjectParams; Querystring: PathQuery }>('/api/projects/:id/file', {
    schema: routeSchema({ tags, summary: 'a file\'s text and ETag', params: 'ProjectParams', query: 'PathQuery', response: 'FileRead' }),
  }, async (req, reply): Promise<FileRead> => {
    checkProject(session, req.params.id);
    const f = readProjectFile(session.root, req.query.path);
    reply.header('ETag', f.etag);
    return f;
  });

  app.put<{ Params: ProjectParams; Body: FileWriteBody }>('/api/projects/:id/file', {
    schema: routeSchema({ tags, summary: 'replace a file; If-Match (its ETag, or *) is required: 428 IF_MATCH_REQUIRED without it, 409 CONFLICT when the file changed since; YAML must parse (422 YAML_INVALID)',
      params: 'ProjectParams', headers: 'IfMatchHeaders', body: 'FileWriteBody', response: 'FileWritten' }),
  }, async (req, reply): Promise<FileWritten> => {
    checkProject(session, req.params.id);
    const given = ifMatch(req.headers['if-match']);
    if (!given) throw ifMatchRequired();
    const r = await session.write('files_written', () => writeProjectFile(session.root, req.body.path, req.body.content, given), (x) => [x.path]);
    reply.header('ETag', r.etag);
    return { ...r, version: session.version };
  });

  app.post<{ Params: ProjectParams; Body: FileWriteBody }>('/api/projects/:id/file', {
    schema: routeSchema({ tags, summary: 'create a file (409 CONFLICT when it exists)', params: 'ProjectParams', body: 'FileWriteBody', response: 'FileWritten', status: 201 }),
  }, async (req, reply): Promise<FileWritten> => {
    checkProject(session, req.params.id);
    const r = await session.write('files_written', () => createProjectFile(session.root, req.body.path, req.body.content), (x) => [x.path]);
    reply.status(201).header('ETag', r.etag);
    return { ...r, version: session.version };
  });

  app.post<{ Params: ProjectParams; Body: FileRenameBody }>('/api/projects/:id/file/rename', {
    schema: routeSchema({ tags, summary: 'rename (move) a file inside the project', params: 'ProjectParams', body: 'FileRenameBody', response: 'FileRenamed' }),
  }, async (req): Promise<FileRenamed> => {
    checkProject(session, req.params.id);
    const r = await session.write('files_written', () => renameProjectFile(session.root, req.body.path, req.body.to, ifMatch(req.headers['if-match'])), (x) => [x.from, x.path]);
    return { ...r, version: session.version };
  });

  app.delete<{ Params: ProjectParams; Body: FileDeleteBody }>('/api/projects/:id/file', {
    schema: routeSchema({ tags, summary: 'delete a file', params: 'ProjectParams', body: 'FileDeleteBody', response: 'FileDeleted' }),
  }, async (req): Promise<FileDeleted> => {
    checkProject(session, req.params.id);
    const r = await session.write('files_written', () => deleteProjectFile(session.root, req.body.path, ifMatch(req.headers['if-match'])), (x) => [x.path]);
    return { path: r.path, deleted: true, version: session.version };
  });
}
