// Route schemas come from schemas/server/*.schema.json (generated from contract.ts and checked
// against it by a test): Fastify validates requests with them, @fastify/swagger documents them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCHEMAS_DIR } from '../api.js';
import type { ShapeName } from './contract.js';

const cache = new Map<string, Record<string, unknown>>();

export function shape(name: ShapeName): Record<string, unknown> {
  let s = cache.get(name);
  if (!s) {
    // each route compiles its own copy: Ajv refuses one $id registered twice
    const { $id: _id, ...rest } = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'server', `${name}.schema.json`), 'utf8'));
    s = rest as Record<string, unknown>;
    cache.set(name, s);
  }
  return structuredClone(s);
}

export interface RouteDoc {
  tags: string[];
  summary: string;
  description?: string;
  params?: ShapeName;
  query?: ShapeName;
  body?: ShapeName;
  headers?: ShapeName;
  /** the success response and its status (default 200) */
  response: ShapeName;
  status?: number;
}

/** A route's `schema`: its inputs, its success shape, and the error envelope for every other status. */
export function routeSchema(d: RouteDoc): Record<string, unknown> {
  return {
    tags: d.tags, summary: d.summary, ...(d.description ? { description: d.description } : {}),
    ...(d.params ? { params: shape(d.params) } : {}),
    ...(d.query ? { querystring: shape(d.query) } : {}),
    ...(d.body ? { body: shape(d.body) } : {}),
    ...(d.headers ? { headers: shape(d.headers) } : {}),
    response: { [d.status ?? 200]: shape(d.response), '4xx': shape('ErrorBody'), '5xx': shape('ErrorBody') },
  };
}
