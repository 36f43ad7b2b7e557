// SQL DDL or DBML text in, model YAML out; nothing is written (the UI proposes a create_file).
import type { FastifyInstance } from 'fastify';
import { importDbmlText, importSqlText } from '../../api.js';
import type { RouteContext } from '../app.js';
import type { ImportBody, ImportResponse } from '../contract.js';
import { ApiError } from '../errors.js';
import { routeSchema } from '../schemas.js';

export function registerImportRoutes(app: FastifyInstance, _ctx: RouteContext): void {
  app.post<{ Body: ImportBody }>('/api/import', {
    schema: routeSchema({ tags: ['import'], summary: 'import SQL DDL or DBML text into model YAML (422 IMPORT_FAILED with located diagnostics)', body: 'ImportBody', response: 'ImportResponse' }),
  }, async (req): Promise<ImportResponse> => {
    const b = req.body;
    const name = `${b.modelName}.${b.format}`;
    if (b.format === 'dbml' && b.dialect !== undefined) throw new ApiError(400, 'BAD_REQUEST', 'dialect applies to format sql only');
    const r = b.format === 'sql' ? await importSqlText(b.content, name, { dialect: b.dialect, modelName: b.modelName }) : await importDbmlText(b.content, name, { modelName: b.modelName });
    if (!r.ok || !r.yaml || !r.model) {
      const first = r.diagnostics.find((d) => d.severity === 'error');
      throw new ApiError(422, 'IMPORT_FAILED', `the ${b.format} does not import${first ? `: ${first.line ? `line ${first.line}:${first.column ?? 1}: ` : ''}${first.message}` : ''}`, { diagnostics: r.diagnostics, unmodeled: r.unmodeled });
    }
    const m = r.model;
    return {
      yaml: r.yaml, format: b.format, model_name: m.model.name, ...(r.dialect ? { dialect: r.dialect } : {}), ...(r.detected ? { detected: r.detected } : {}),
      counts: { entities: m.entities.length, columns: m.entities.reduce((n, e) => n + e.columns.length, 0), relationships: m.relationships.length, indexes: m.indexes.length },
      unmodeled: r.unmodeled, diagnostics: r.diagnostics,
    };
  });
}
