// What every route module shares: the project check (one server, one project).
import { ApiError } from '../errors.js';
import type { ProjectSession } from '../session.js';

/** A request names the served project by its id; any other id is a 404. */
export function checkProject(session: ProjectSession, id: string | undefined): void {
  if (id !== undefined && id !== session.id) {
    throw new ApiError(404, 'PROJECT_NOT_FOUND', `no project ${JSON.stringify(id)} here; this server serves ${session.name} (${session.id}), see GET /api/projects`);
  }
}
